"""``rollout=vllm_server``: the pre-flight look at the server, before any model is loaded.

TRL's client (trl.generation.vllm_client.VLLMClient) talks to a plain vLLM OpenAI server
(``/health``, ``/v1/models``, ``/v1/completions``, and for weight sync ``/server_info`` and the
NCCL weight-transfer endpoints). A run pointed at a server that is down, serves another model
or has no weight-transfer engine would otherwise fail minutes in, after the model loaded; this
asks the server first, with plain HTTP (no torch, no vLLM import).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

START_COMMAND = ("python -m vllm.entrypoints.openai.api_server --model {model} --dtype {dtype} "
                 "--host 127.0.0.1 --port {port} --weight-transfer-config '{{\"backend\": \"nccl\"}}'")


def _get(url: str, timeout: float) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310 (the user's own server URL)
        body = response.read()
    return json.loads(body) if body else {}


def probe(base_url: str, timeout: float = 3.0) -> dict[str, Any]:
    """What the server says about itself: ``{"reachable", "models", "weight_transfer", "error"}``."""
    base = base_url.rstrip("/")
    info: dict[str, Any] = {"base_url": base, "reachable": False, "models": [], "weight_transfer": None}
    try:
        _get(f"{base}/health", timeout)
        info["reachable"] = True
        info["models"] = [m["id"] for m in _get(f"{base}/v1/models", timeout).get("data", [])]
        try:
            server = _get(f"{base}/server_info?config_format=json", timeout)
            info["weight_transfer"] = server.get("weight_transfer_config")
        except urllib.error.HTTPError:  # older servers: no /server_info; TRL's sync will say so itself
            pass
    except (urllib.error.URLError, OSError, ValueError) as err:
        info["error"] = str(getattr(err, "reason", err))
    return info


def problems(cfg: Any, model_path: str, timeout: float = 3.0) -> list[str]:
    """A server that is down or serves another model is a config problem, with the command that starts it."""
    info = probe(str(cfg.rollout.base_url), timeout)
    port = str(cfg.rollout.base_url).rstrip("/").rsplit(":", 1)[-1]
    start = START_COMMAND.format(model=model_path, dtype=cfg.rollout.dtype or cfg.model.dtype.value,
                                 port=port if port.isdigit() else 8000)
    if not info["reachable"]:
        return [f"rollout.base_url={info['base_url']}: no vLLM server answers ({info.get('error')}); start one with: "
                f"{start}"]
    if info["models"] and model_path not in info["models"]:
        return [f"rollout.base_url={info['base_url']} serves {', '.join(info['models'])}, not the model being "
                f"trained ({model_path}); restart it with: {start}"]
    return []
