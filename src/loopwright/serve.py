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
environment, a host beyond loopback without a key), before anything loads or listens
(the checks and the backend's choice:
:mod:`loopwright.serving.backends`). docs/SERVE.md.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from omegaconf import DictConfig

from loopwright.config import serve as _schema  # noqa: F401  registers serve_schema before composition
from loopwright.config.app_entry import hydra_app
from loopwright.serving.backends import make_engine, pick_backend, problems


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
    from loopwright.serving.guard import allowed_names
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
        limits = Limits(int(cfg.max_request_bytes), int(cfg.max_tokens), int(cfg.default_max_tokens),
                        int(cfg.max_stop_chars))
        key = os.environ.get(str(cfg.api_key_env)) if cfg.api_key_env else None
        names = allowed_names(str(cfg.host), [str(h) for h in cfg.allowed_hosts])
        app = build_app(Front(engine, model_id, limits, key, traffic), names, int(cfg.max_concurrent))
        url = f"http://{cfg.host}:{cfg.port}/v1"
        write_json_atomic(serve_dir / "serve.json", {**metadata, "url": url, "started_at": now_iso(),
                                                     "traffic": str(traffic.path) if traffic.path else None,
                                                     "auth": bool(key), "config": redacted_config(cfg)})
        print(f"loopwright.serve: {model_id} ({'LoRA adapter on its base' if engine.adapter else 'full weights'}, "
              f"backend {backend}) at {url}{' (API key required)' if key else ''}; traffic -> "
              f"{traffic.path or 'not logged'}", file=sys.stderr, flush=True)
        # uvicorn's own bound on open connections and tasks (plain 503 past it), above the guard's
        uvicorn.run(app, host=str(cfg.host), port=int(cfg.port), log_level="warning",
                    limit_concurrency=2 * int(cfg.max_concurrent) + 16)
    finally:
        engine.close()
    return 0


main = hydra_app("serve", run)


if __name__ == "__main__":
    main()
