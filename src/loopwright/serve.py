"""``python -m loopwright.serve run=outputs/runs/<date>/<time>``: serve a trained run, OpenAI-compatible.

Chat Completions (streaming and not, ``tools=``) and ``/v1/models`` on
127.0.0.1:8000 by default, from the run's ``model/`` (a LoRA run: its adapter on
the base it names). ``backend=hf`` runs transformers here with request batching;
``backend=vllm`` starts vLLM's OpenAI server from the second environment behind
the same front; ``auto`` picks vllm where it can run (its environment ready and a
CUDA GPU visible). Every answered request is appended to
``<dir>/traffic.jsonl`` (serving/traffic.py), ready for ``loopwright.ingest``.
``serve.json`` in the same dir says what is served, where and since when (no key).
Exit 2 for an unusable config (no model, the key's variable unset, no vLLM
environment), before anything loads. docs/SERVE.md.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from omegaconf import DictConfig

from loopwright.config import serve as _schema  # noqa: F401  registers serve_schema before composition
from loopwright.loop.app import hydra_app


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
    for key in ("max_request_bytes", "max_tokens", "default_max_tokens", "port"):
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


def run(cfg: DictConfig) -> int:
    run_dir = Path(str(cfg.run)).expanduser().resolve()
    found = problems(cfg, run_dir)
    backend, python, problem = pick_backend(cfg)
    found += [problem] if problem else []
    if found:
        print("loopwright.serve: invalid config:\n" + "\n".join(f"  - {p}" for p in found), file=sys.stderr)
        return 2
    import uvicorn

    from loopwright.serving.app import Front, Limits, build_app
    from loopwright.serving.traffic import TRAFFIC, TrafficLog, run_id
    from loopwright.runs.writer import now_iso, redacted_config, write_json_atomic

    model_dir = run_dir / "model"
    serve_dir = Path(str(cfg.dir)).expanduser().resolve() if cfg.dir else run_dir / "serve"
    serve_dir.mkdir(parents=True, exist_ok=True)
    model_id = str(cfg.model_name or run_id(run_dir))
    engine = make_engine(cfg, backend, python, model_dir, model_id, serve_dir)
    try:
        metadata = {"run": str(run_dir), "run_id": run_id(run_dir), "model": model_id, "model_dir": str(model_dir),
                    "adapter": engine.adapter, "backend": backend}
        traffic = TrafficLog(serve_dir / TRAFFIC if cfg.log_traffic else None, metadata)
        limits = Limits(int(cfg.max_request_bytes), int(cfg.max_tokens), int(cfg.default_max_tokens))
        key = os.environ.get(str(cfg.api_key_env)) if cfg.api_key_env else None
        app = build_app(Front(engine, model_id, limits, key, traffic))
        url = f"http://{cfg.host}:{cfg.port}/v1"
        write_json_atomic(serve_dir / "serve.json", {**metadata, "url": url, "started_at": now_iso(),
                                                     "traffic": str(traffic.path) if traffic.path else None,
                                                     "auth": bool(key), "config": redacted_config(cfg)})
        print(f"loopwright.serve: {model_id} ({'LoRA adapter on its base' if engine.adapter else 'full weights'}, "
              f"backend {backend}) at {url}{' (API key required)' if key else ''}; traffic -> "
              f"{traffic.path or 'not logged'}", file=sys.stderr, flush=True)
        uvicorn.run(app, host=str(cfg.host), port=int(cfg.port), log_level="warning")
    finally:
        engine.close()
    return 0


main = hydra_app("serve", run)


if __name__ == "__main__":
    main()
