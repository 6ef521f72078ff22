"""Which backend serves a run (``python -m loopwright.serve``), and what is checked before it loads.

``problems`` lists every reason a serve config cannot serve, each naming its key;
``pick_backend`` decides hf or vllm (``auto``: vllm where its environment is ready and a
CUDA GPU is visible); ``make_engine`` starts the chosen one (backend_hf.py, backend_vllm.py).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from omegaconf import DictConfig


def _cuda_visible() -> bool:
    try:
        import torch

        return bool(torch.cuda.is_available())
    except ImportError:
        return False


def problems(cfg: DictConfig, run_dir: Path) -> list[str]:
    """Every reason this config cannot serve, each naming its key."""
    found = []
    if not (run_dir / "model").is_dir():
        found.append(f"run={cfg.run}: no model/ directory in {run_dir} (train with save_model=true)")
    if cfg.api_key_env and not os.environ.get(str(cfg.api_key_env)):
        found.append(f"api_key_env={cfg.api_key_env}: the environment variable {cfg.api_key_env} is unset or "
                     f"empty; export the key in it, or leave api_key_env=null for an open loopback server")
    from loopwright.serving.guard import non_loopback_without_key

    refused = non_loopback_without_key(str(cfg.host), int(cfg.port), cfg.api_key_env)
    found += [refused] if refused else []
    for key in ("max_request_bytes", "max_tokens", "default_max_tokens", "max_concurrent", "max_stop_chars",
                "port"):
        if int(cfg[key]) < (0 if key == "port" else 1):
            found.append(f"{key}={cfg[key]}: must be positive")
    if int(cfg.default_max_tokens) > int(cfg.max_tokens):
        found.append(f"default_max_tokens={cfg.default_max_tokens}: over max_tokens={cfg.max_tokens}")
    return found


def pick_backend(cfg: DictConfig) -> tuple[str, Path | None, str | None]:
    """(backend, the vLLM python when it is vllm, a problem when vllm was asked for and cannot run)."""
    from loopwright.serving.backend_vllm import vllm_python

    choice = getattr(cfg.backend, "value", cfg.backend)
    python = vllm_python(cfg.vllm.python) if choice != "hf" else None
    if choice == "vllm" and python is None:
        where = f"vllm.python={cfg.vllm.python}" if cfg.vllm.python else "the default place (docs/ROLLOUT.md)"
        return "vllm", None, (f"backend=vllm: no vLLM environment at {where}; build it with "
                              f"`python scripts/make_vllm_env.py`, or use backend=hf")
    if choice == "auto":
        return ("vllm", python, None) if python is not None and _cuda_visible() else ("hf", None, None)
    return choice, python, None


def make_engine(cfg: DictConfig, backend: str, python: Path | None, model_dir: Path, model_id: str,
                serve_dir: Path) -> Any:
    if backend == "vllm":
        from loopwright.serving.backend_vllm import VllmEngine

        v = cfg.vllm
        return VllmEngine(python, model_dir, model_id, serve_dir / "vllm.log", str(v.dtype), v.max_model_len,
                          [str(a) for a in v.extra_args], float(v.startup_timeout_s))
    from loopwright.serving.backend_hf import HFEngine

    b = cfg.batch
    return HFEngine(model_dir, int(b.max_size), float(b.wait_ms), int(b.max_pending))
