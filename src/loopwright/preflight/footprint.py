"""The memory estimate of ``python -m loopwright.doctor``: the model's shape, then bytes per term.

An estimate, printed as one. With P the parameter count, T the trainable count
(P, or with ``model.lora.enabled`` the adapter's r*(in+out) per targeted linear),
b the bytes of ``model.dtype`` (float32 4, bfloat16/float16 2):

    weights      P * b    float32 by default: with profile.precision=bf16 that is autocast's fp32 master copy
    grads        T * b    LoRA: the adapter's, kept in float32 (b = 4)
    adamw        T * 8    two float32 moments (an upper bound when the weights are 16-bit)
    reference    P * b    when objective.beta > 0, without LoRA (with LoRA TRL disables the adapter instead)
    activations  N * (L * 17 * h * a + 8 * V)
                 N = per_device_train_batch_size * (PROMPT_TOKENS + max_completion_length) tokens
                 (objective=sft: * objective.max_length); a = 2 with bf16/fp16, else 4; 17*h*a per layer and
                 token is Korthikanti et al.'s 34*h bytes at 16 bits, with flash attention (no score matrix);
                 gradient_checkpointing keeps 1*h*a per layer instead, plus one layer's 17*h*a; 8*V: the
                 float32 logits and their log-softmax; for rollout.engine=hf, plus the generation's KV cache
                 N * L * 2 * kv_heads * head_dim * a
    vllm         rollout.engine=vllm, rollout.mode=colocate only: a second copy of the weights (in the served
                 dtype: rollout.dtype, else model.dtype, as loopwright.rollout pins it) and a KV cache. On the
                 CPU loopwright pins the cache to rollout.cpu_kv_cache_gib.
                 vLLM reserves rollout.gpu_memory_utilization of the
                 device's total memory for both (vLLM 0.31's CPU worker takes that fraction of MemTotal), so the
                 KV cache is that minus the weights; on the CPU with VLLM_CPU_KVCACHE_SPACE=<GiB> set, that many
                 GiB instead (vllm/platforms/cpu.py reads it as a "legacy" setting; 0.31 has no 4 GiB default).
                 rollout.mode=server: 0 here, the server holds it.

The shape comes from the model's config.json when it is on disk (a local
``model.name_or_path``, the Hugging Face cache, loopwright's converted SmolLM2),
else from ``model.random_init`` for ``source=random_init``, else from SHAPES (the
published configs of the models the ``model=`` options point at). Biases and norms
are left out of P (under 0.1% for these models).
"""

from __future__ import annotations

import os
from enum import Enum
from pathlib import Path
from typing import Any

from omegaconf import OmegaConf

GiB = 1024 ** 3
PROMPT_TOKENS = 128  # an assumed prompt length (the tasks' prompts are shorter; chat templates add ~30)
TRL_VLLM_GPU_MEMORY_UTILIZATION = 0.3  # GRPOConfig.vllm_gpu_memory_utilization's default

# hidden, layers, intermediate, vocab, heads, kv_heads, head_dim, tied embeddings (published config.json values)
_S = ("hidden", "layers", "intermediate", "vocab", "heads", "kv_heads", "head_dim", "tied")
SHAPES: dict[str, dict] = {k: dict(zip(_S, v)) for k, v in {
    "smollm2-135m": (576, 30, 1536, 49152, 9, 3, 64, True),
    "smollm2-360m": (960, 32, 2560, 49152, 15, 5, 64, True),
    "qwen3-0.6b": (1024, 28, 3072, 151936, 16, 8, 128, True),
    "qwen3-1.7b": (2048, 28, 6144, 151936, 16, 8, 128, True),
    "qwen3-4b": (2560, 36, 9728, 151936, 32, 8, 128, True),
    "qwen2.5-0.5b": (896, 24, 4864, 151936, 14, 2, 64, True),
    "qwen2.5-1.5b": (1536, 28, 8960, 151936, 12, 2, 128, True),
    "llama-3.2-1b": (2048, 16, 8192, 128256, 32, 8, 64, True),
}.items()}
# model=<option> -> its model when model.name_or_path names none of SHAPES.
OPTION_SHAPES = {"smollm2": "smollm2-135m", "smollm2_360m": "smollm2-360m", "qwen": "qwen3-0.6b",
                 "qwen2_5": "qwen2.5-0.5b", "llama": "llama-3.2-1b"}
SMOLLM2_VOCAB = 49152  # model=tiny uses the SmolLM2 tokenizer
_BYTES = {"float32": 4, "bfloat16": 2, "float16": 2, "half": 2, "bf16": 2, "fp16": 2, "fp32": 4}


def _value(x: Any) -> Any:
    return x.value if isinstance(x, Enum) else x


def select(cfg: Any, key: str, default: Any = None) -> Any:
    return _value(OmegaConf.select(cfg, key, default=default))


def shape_from_config(path: Path) -> dict:
    from loopwright.runs.reader import read_json

    c = read_json(path)
    c = c.get("text_config", c)  # multimodal configs nest the language model's
    heads = c["num_attention_heads"]
    return {"hidden": c["hidden_size"], "layers": c["num_hidden_layers"], "intermediate": c["intermediate_size"],
            "vocab": c["vocab_size"], "heads": heads, "kv_heads": c.get("num_key_value_heads") or heads,
            "head_dim": c.get("head_dim") or c["hidden_size"] // heads, "tied": bool(c.get("tie_word_embeddings"))}


def _hub_cache() -> Path:
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"])
    return Path(os.environ.get("HF_HOME", Path.home() / ".cache" / "huggingface")) / "hub"


def _config_json(cfg: Any) -> Path | None:
    name = select(cfg, "model.name_or_path")
    if name:
        local = Path(name).expanduser()
        if (local / "config.json").is_file():
            return local / "config.json"
        snapshots = _hub_cache() / f"models--{name.replace('/', '--')}" / "snapshots"
        found = sorted(snapshots.glob("*/config.json"), key=lambda p: p.stat().st_mtime) if snapshots.is_dir() else []
        return found[-1] if found else None
    if select(cfg, "model.source") == "smollm2":
        from loopwright.models.assets import converted_dir  # no torch at import

        path = converted_dir("model") / "config.json"
        return path if path.is_file() else None
    return None


def model_shape(cfg: Any) -> tuple[dict | None, str]:
    """(shape, where it came from), or (None, why not)."""
    path = _config_json(cfg)
    if path is not None:
        return shape_from_config(path), str(path)
    name = select(cfg, "model.name_or_path")
    if name:
        key = Path(name).name.lower().replace("-instruct", "").replace("-base", "")
        if key in SHAPES:
            return dict(SHAPES[key]), f"the published config of {key} (not on disk)"
        return None, f"model.name_or_path={name}: no config.json on disk and not in the known table"
    if select(cfg, "model.source") == "random_init":
        r = cfg.model.random_init
        return {"hidden": r.hidden_size, "layers": r.num_hidden_layers, "intermediate": r.intermediate_size,
                "vocab": SMOLLM2_VOCAB, "heads": r.num_attention_heads, "kv_heads": r.num_key_value_heads,
                "head_dim": r.hidden_size // r.num_attention_heads, "tied": True}, "model.random_init"
    key = OPTION_SHAPES.get(select(cfg, "model.name"))
    if key:
        return dict(SHAPES[key]), f"the published config of {key} (model={select(cfg, 'model.name')})"
    return None, f"model={select(cfg, 'model.name')}: no config.json on disk and not in the known table"


def _linears(s: dict) -> dict[str, tuple[int, int]]:
    h, q, kv, i = s["hidden"], s["heads"] * s["head_dim"], s["kv_heads"] * s["head_dim"], s["intermediate"]
    return {"q_proj": (h, q), "k_proj": (h, kv), "v_proj": (h, kv), "o_proj": (q, h),
            "gate_proj": (h, i), "up_proj": (h, i), "down_proj": (i, h)}


def param_count(s: dict) -> int:
    per_layer = sum(a * b for a, b in _linears(s).values())
    return s["vocab"] * s["hidden"] * (1 if s["tied"] else 2) + s["layers"] * per_layer


def lora_count(s: dict, r: int, targets: list[str]) -> int:
    return s["layers"] * sum(r * (a + b) for name, (a, b) in _linears(s).items() if name in targets)


def estimate(cfg: Any, s: dict, cpu: bool, device_total: int | None) -> dict[str, int]:
    """Bytes per term (see the module docstring), and their ``total``; ``device_total``: the device's memory."""
    p = param_count(s)
    b = _BYTES[select(cfg, "model.dtype", "float32")]
    lora = bool(select(cfg, "model.lora.enabled", False))
    trainable = lora_count(s, int(select(cfg, "model.lora.r", 16)), list(select(cfg, "model.lora.target_modules",
                                                                                 []) or [])) if lora else p
    grad_b = 4 if lora else b
    trainer = select(cfg, "objective.trainer", "grpo")
    beta = float(select(cfg, "objective.beta", 0.0) or 0.0)
    half = select(cfg, "profile.precision", "fp32") in ("bf16", "fp16") or b == 2
    a = 2 if half else 4
    h, layers = s["hidden"], s["layers"]
    batch = int(select(cfg, "profile.per_device_train_batch_size", 1))
    if trainer == "sft":  # prompt + completion rows of up to objective.max_length tokens
        tokens = batch * int(select(cfg, "objective.max_length", PROMPT_TOKENS) or PROMPT_TOKENS)
    else:
        tokens = batch * (PROMPT_TOKENS + int(select(cfg, "profile.max_completion_length", 0) or 0))
    full = 17 * h * a
    per_token = layers * h * a + full if select(cfg, "profile.gradient_checkpointing", False) else layers * full
    activations = tokens * (per_token + 8 * s["vocab"])
    engine = select(cfg, "rollout.engine", "hf")
    if trainer != "sft" and engine == "hf":
        activations += tokens * layers * 2 * s["kv_heads"] * s["head_dim"] * a
    out = {"params": p, "trainable": trainable, "weights": p * b, "grads": trainable * grad_b,
           "adamw": trainable * 8, "reference": p * b if (beta > 0 and not lora and trainer != "sft") else 0,
           "activations": activations, "vllm_weights": 0, "vllm_kv_cache": 0}
    if trainer != "sft" and engine == "vllm" and select(cfg, "rollout.mode", "colocate") == "colocate":
        served = select(cfg, "rollout.dtype") or select(cfg, "model.dtype", "float32")  # loopwright pins it
        out["vllm_weights"] = p * _BYTES.get(str(getattr(served, "value", served)), 2)
        kv_env = cpu_kv_cache_gib()
        pinned = select(cfg, "rollout.cpu_kv_cache_gib")  # loopwright passes it as kv_cache_memory_bytes on the CPU
        if cpu and (pinned or kv_env) is not None:
            out["vllm_kv_cache"] = int(float(pinned or kv_env) * GiB)
        elif device_total:
            util = float(select(cfg, "rollout.gpu_memory_utilization", TRL_VLLM_GPU_MEMORY_UTILIZATION))
            out["vllm_kv_cache"] = max(0, int(util * device_total) - out["vllm_weights"])
    out["total"] = sum(out[k] for k in ("weights", "grads", "adamw", "reference", "activations", "vllm_weights",
                                        "vllm_kv_cache"))
    return out



def cpu_kv_cache_gib() -> float | None:
    """``VLLM_CPU_KVCACHE_SPACE`` in GiB when set to a number (vLLM reads it as an int), else None."""
    try:
        return float(os.environ["VLLM_CPU_KVCACHE_SPACE"])
    except (KeyError, ValueError):
        return None
