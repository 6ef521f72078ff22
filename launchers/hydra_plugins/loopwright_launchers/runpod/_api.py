"""RunPod's API client, where the launcher has always found it; it lives in loopwright.cloud.runpod_api
(the reaper, ``python -m loopwright.reap``, uses it too, and loopwright never imports a plugin)."""

from loopwright.cloud.runpod_api import RunpodApiError, RunpodClient

__all__ = ["RunpodApiError", "RunpodClient"]
