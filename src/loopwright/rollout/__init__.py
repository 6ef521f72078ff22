"""``rollout=``: the engine that generates a step's completions, as TRL trainer fields.

``rollout=hf`` is TRL's default (transformers ``generate`` on the trainer's own weights).
``rollout=vllm`` and ``rollout=vllm_server`` set TRL's ``use_vllm`` family of fields
(:func:`trainer_kwargs`); the vLLM *engine* arguments TRL does not expose (dtype, seed, eager
mode, the CPU KV cache) are pinned by :mod:`loopwright.rollout.vllm_engine`, the CPU backend's
weight-layout patch lives in :mod:`loopwright.rollout.cpu_weights`, the server pre-flight in
:mod:`loopwright.rollout.vllm_server`, the after-training check that vLLM really serves the
trained weights in :mod:`loopwright.rollout.sync_check`. Validation rules are :func:`problems`;
this module imports no torch at import time.
"""

from __future__ import annotations

from typing import Any

DTYPES = ("float32", "bfloat16", "float16")
# vLLM 0.31's CPU attention backend (CPUAttentionBackend.get_supported_head_sizes)
CPU_HEAD_SIZES = (32, 64, 80, 96, 112, 128, 160, 192, 224, 256, 512)


def uses_vllm(cfg: Any) -> bool:
    """vLLM generates this run's completions (SFT generates nothing, whatever rollout= says)."""
    return cfg.rollout.engine.value == "vllm" and cfg.objective.trainer.value in ("grpo", "rloo")


def served_dtype(cfg: Any) -> str:
    """The dtype vLLM serves in: rollout.dtype, else the trainer's weights' (model.dtype)."""
    return str(cfg.rollout.dtype or cfg.model.dtype.value)


def trainer_kwargs(cfg: Any) -> dict[str, Any]:
    """TRL's ``use_vllm``/``vllm_*`` fields for GRPOConfig or RLOOConfig, all from ``cfg.rollout``."""
    if not uses_vllm(cfg):
        return {"use_vllm": False}
    r = cfg.rollout
    kwargs: dict[str, Any] = {
        "use_vllm": True,
        "vllm_mode": r.mode.value,
        "vllm_max_model_length": None if r.max_model_length is None else int(r.max_model_length),
        "vllm_gpu_memory_utilization": float(r.gpu_memory_utilization),
        "vllm_tensor_parallel_size": int(r.tensor_parallel_size),
        "vllm_enable_sleep_mode": bool(r.enable_sleep_mode),
    }
    if r.mode.value == "server":
        kwargs.update(vllm_server_base_url=str(r.base_url), vllm_server_timeout=float(r.server_timeout))
    if cfg.objective.trainer.value == "grpo":  # RLOOConfig has no sampler-mismatch correction
        kwargs.update(vllm_importance_sampling_correction=bool(r.importance_sampling_correction),
                      vllm_importance_sampling_mode=r.importance_sampling_mode.value,
                      vllm_importance_sampling_clip_max=float(r.importance_sampling_clip_max))
    return kwargs


def _head_dim(model_cfg: Any) -> int | None:
    """head_dim of a random-init model (the shapes are in the config); None when only the weights know."""
    if model_cfg.source.value != "random_init" or model_cfg.name_or_path:
        return None
    r = model_cfg.random_init
    explicit = r.get("head_dim")
    if explicit:
        return int(explicit)
    return int(r.hidden_size) // max(int(r.num_attention_heads), 1)


def _cuda_available() -> bool:
    import torch  # only asked for rollout=vllm_server with profile.device=auto

    return torch.cuda.is_available()


def problems(cfg: Any) -> list[str]:
    """Rollout rules: values, and the combinations TRL/vLLM refuse (no vLLM import; torch only to ask for CUDA)."""
    r, out = cfg.rollout, []
    if r.engine.value != "vllm":
        return out
    if r.dtype is not None and str(r.dtype) not in DTYPES:
        out.append(f"rollout.dtype={r.dtype} must be one of {', '.join(DTYPES)} or null (= model.dtype)")
    if not 0 < r.gpu_memory_utilization <= 1:
        out.append(f"rollout.gpu_memory_utilization={r.gpu_memory_utilization} must be in (0, 1]")
    for key in ("cpu_kv_cache_gib", "tensor_parallel_size", "verify_sync_prompts"):
        if r[key] < 1:
            out.append(f"rollout.{key}={r[key]} must be >= 1")
    if r.max_model_length is not None and r.max_model_length <= cfg.profile.max_completion_length:
        out.append(f"rollout.max_model_length={r.max_model_length} leaves no room for a prompt before "
                   f"profile.max_completion_length={cfg.profile.max_completion_length} tokens")
    if r.mode.value == "server":
        if not r.base_url:
            out.append("rollout.mode=server needs rollout.base_url (e.g. http://127.0.0.1:8000)")
        if cfg.profile.device.value == "cpu" or (cfg.profile.device.value == "auto" and not _cuda_available()):
            out.append("rollout=vllm_server trains only with CUDA: TRL pushes each step's weights to the server "
                       "over NCCL. On the CPU use rollout=vllm (colocate); docs/ROLLOUT.md")
    head_dim = _head_dim(cfg.model)
    if head_dim is not None and head_dim not in CPU_HEAD_SIZES and cfg.profile.device.value != "cuda":
        out.append(f"model={cfg.model.name} has head_dim {head_dim}, which vLLM's CPU attention does not support "
                   f"(it takes {', '.join(map(str, CPU_HEAD_SIZES))}); use model=tiny_llama or model=tiny_qwen3 "
                   f"(head_dim 32), or rollout=hf")
    return out


def train_problems(cfg: Any) -> list[str]:
    """rollout= in a training config: its own rules (:func:`problems`); with vLLM also the doctor's known-bad
    combinations and the server's answer."""
    found = problems(cfg)
    if found or not uses_vllm(cfg):
        return found
    from loopwright.preflight import checks

    found.extend(checks.problems(cfg))
    from loopwright.config.checks import is_inert

    if cfg.rollout.mode.value == "server" and cfg.profile.device.value != "cpu" and not is_inert():
        from loopwright.rollout import vllm_server  # probes rollout.base_url over HTTP
        from loopwright.models import weights_source

        source = weights_source(cfg.model)
        found.extend(vllm_server.problems(cfg, source.get("name_or_path") or source["path"]))
    return found
