"""The random-init test models of each family: shape, class, and the family's own chat template."""

from __future__ import annotations

import json

import pytest

from helpers import compose
from loopwright import models
from loopwright.train.validate import problems_in

# option -> (config.json architecture, the marker its chat template renders)
FAMILIES = {"tiny_qwen3": ("Qwen3ForCausalLM", "<|im_start|>"),
            "tiny_llama": ("LlamaForCausalLM", "<|start_header_id|>")}
CONVERSATION = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "2+2?"},
                {"role": "assistant", "content": "4"}]
TOOLS = [{"type": "function", "function": {"name": "add", "description": "Add two integers.", "parameters": {
    "type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a", "b"]}}}]


@pytest.mark.parametrize("option", sorted(FAMILIES))
def test_each_tiny_family_builds_with_its_class_and_a_wide_enough_head(option):
    model_cfg = compose([f"model={option}"]).model
    config = json.loads((models.random_init_dir(model_cfg) / "config.json").read_text())
    assert config["architectures"] == [FAMILIES[option][0]]
    assert config["head_dim"] >= 32  # vLLM's CPU attention: 32, 64, ...
    assert config["num_hidden_layers"] == 2 and config["hidden_size"] == 64


@pytest.mark.parametrize("option", sorted(FAMILIES))
def test_each_tiny_family_renders_its_own_chat_template(option):
    model_cfg = compose([f"model={option}"]).model
    model, tokenizer = models.load(model_cfg)
    assert tokenizer.chat_template == models.chat_template_text(model_cfg.random_init.chat_template)  # byte for byte
    marker = FAMILIES[option][1]
    text = tokenizer.apply_chat_template(CONVERSATION, tokenize=False)
    assert text.count(marker) == 3 and "Be brief." in text and "2+2?" in text
    with_tools = tokenizer.apply_chat_template(CONVERSATION[:2], tools=TOOLS, tokenize=False,
                                               add_generation_prompt=True)
    assert '"name": "add"' in with_tools and with_tools.count(marker) == 3  # system, user, the generation prompt


@pytest.mark.parametrize("option", sorted(FAMILIES))
def test_trl_recognises_each_family_template_for_tool_calling(option):
    from trl.chat_template_utils import add_response_schema, supports_tool_calling

    _, tokenizer = models.load(compose([f"model={option}"]).model)
    assert supports_tool_calling(tokenizer)
    add_response_schema(tokenizer)  # raises on a template TRL does not know byte for byte


def test_the_cache_key_tells_every_new_field_apart():
    base = compose(["model=tiny_qwen3"]).model
    dirs = {models.random_init_dir(base).name}
    for override in ("model.random_init.architecture=llama", "model.random_init.head_dim=64",
                     "model.random_init.chat_template=llama3_2", "model.random_init.chat_template=null"):
        model_cfg = compose(["model=tiny_qwen3", override]).model
        assert models.random_init_shape(model_cfg) != models.random_init_shape(base)
        dirs.add(models.random_init_dir(model_cfg).name)
    assert len(dirs) == 5


def test_model_tiny_keeps_its_cached_directory():
    # The fields added later count only when set: model=tiny's key (and cache) is the one from before them.
    import hashlib

    r = compose(["model=tiny"]).model.random_init
    before = {k: int(r[k]) for k in ("num_hidden_layers", "hidden_size", "intermediate_size", "num_attention_heads",
                                     "num_key_value_heads", "seed")}
    key = hashlib.sha256(json.dumps(before, sort_keys=True).encode()).hexdigest()[:12]
    assert models.random_init_dir(compose(["model=tiny"]).model).name == f"random-init-llama-{key}-v1"


@pytest.mark.parametrize("overrides,expected", [
    (["model=tiny_qwen3", "model.random_init.chat_template=nope"], "model.random_init.chat_template=nope"),
    (["model=tiny_qwen3", "model.random_init.head_dim=33"], "model.random_init.head_dim=33"),
    (["model=tiny_qwen3", "model.random_init.num_key_value_heads=3"], "num_key_value_heads"),
    (["model=tiny", "model.random_init.hidden_size=66"], "model.random_init.hidden_size"),
    (["model=tiny_qwen3", "model.random_init.architecture=qwen2"], "architecture qwen2 takes no head_dim"),
])
def test_random_init_shape_rules(overrides, expected):
    assert any(expected in p for p in problems_in(compose(overrides)))


def test_an_explicit_head_dim_frees_hidden_size_from_the_head_count():
    cfg = compose(["model=tiny_qwen3", "model.random_init.hidden_size=48"])  # 2 heads x 32 != 48
    assert problems_in(cfg) == []


def test_the_qwen2_architecture_builds_qwen2_5s_class_with_heads_from_hidden_size():
    # bench/gpu_bench.py --shapes: random-init models of Qwen2.5's shapes (no weights to carry to a GPU machine)
    cfg = compose(["model=tiny_qwen3", "model.random_init.architecture=qwen2", "model.random_init.head_dim=null",
                   "model.random_init.chat_template=qwen2_5", "model.thinking=null"])
    assert problems_in(cfg) == []
    config = json.loads((models.random_init_dir(cfg.model) / "config.json").read_text())
    assert config["architectures"] == ["Qwen2ForCausalLM"] and config["model_type"] == "qwen2"
    assert config["hidden_size"] // config["num_attention_heads"] == 32
