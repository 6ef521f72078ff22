"""Running a job somewhere else: RunPod pods and Modal functions.

Everything here is imported lazily by the Hydra launcher plugins under
``launchers/hydra_plugins/loopwright_launchers/`` (Hydra imports every plugin at
startup, so nothing here may pull in boto3, modal or torch at import time).
See docs/CLOUD.md.
"""
