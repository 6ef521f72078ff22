"""The vLLM engine arguments TRL does not expose, pinned from the config (``rollout=vllm``).

TRL 1.16 builds its colocated engine as ``vllm.LLM(model=..., seed=process_index, ...)``
(trl/generation/vllm_generation.py) and leaves everything else at vLLM's defaults. Three of
those defaults are wrong for training, so loopwright passes them explicitly while TRL builds
the engine (:func:`pinned_engine_args`), and records them in the manifest:

- ``dtype``: vLLM's ``auto`` serves an fp32 checkpoint in bf16 on the CPU (fp16 on a GPU), so
  the sampler's log-probs drift from the trainer's by 0.03-0.06 per token. We pass the trainer's.
- ``seed``: TRL seeds every run's sampler with 0 (its process index); ``seed=`` should reach it.
- ``enforce_eager`` and, on the CPU, ``kv_cache_memory_bytes``: with both set, the CPU engine
  neither compiles (~90 s) nor runs a warm-up pass to size its cache (vllm/v1/worker/cpu_worker.py).

On the CPU the weight-layout patch (:mod:`loopwright.rollout.cpu_weights`) is applied too.
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

from loopwright.rollout import served_dtype

GIB = 1024**3


def on_cpu(trainer_kwargs: dict[str, Any]) -> bool:
    import torch

    return bool(trainer_kwargs.get("use_cpu")) or not torch.cuda.is_available()


def engine_args(cfg: Any, cpu: bool) -> dict[str, Any]:
    """The arguments loopwright adds to TRL's ``vllm.LLM(...)`` call (manifest: rollout.engine_args)."""
    r = cfg.rollout
    args: dict[str, Any] = {"dtype": served_dtype(cfg), "seed": int(cfg.seed), "enforce_eager": bool(r.enforce_eager)}
    if cpu:
        args["kv_cache_memory_bytes"] = int(r.cpu_kv_cache_gib) * GIB
    return args


@contextlib.contextmanager
def pinned_engine_args(cfg: Any, cpu: bool) -> Iterator[dict[str, Any]]:
    """While TRL builds its trainer, its ``LLM(...)`` gets :func:`engine_args` (ours win over TRL's seed)."""
    from trl.generation import vllm_generation

    if cpu:
        from loopwright.rollout import cpu_weights

        cpu_weights.apply()
    args = engine_args(cfg, cpu)
    original = vllm_generation.LLM

    def llm_with_pinned_args(*a: Any, **kw: Any) -> Any:
        seed_offset = int(kw.pop("seed", 0) or 0)  # TRL's process index: keep ranks' samplers distinct
        return original(*a, **{**kw, **args, "seed": args["seed"] + seed_offset})

    vllm_generation.LLM = llm_with_pinned_args
    try:
        yield args
    finally:
        vllm_generation.LLM = original


def engine_record(trainer: Any) -> dict[str, Any]:
    """What the colocated engine ended up with, read back from vLLM itself (manifest: rollout.engine)."""
    generation = getattr(trainer, "vllm_generation", None)
    llm = getattr(generation, "llm", None)
    if llm is None:  # server mode: the engine lives in the server
        return {}
    model_config = llm.llm_engine.model_config
    return {"dtype": str(model_config.dtype).removeprefix("torch."), "max_model_len": int(model_config.max_model_len),
            "seed": model_config.seed}
