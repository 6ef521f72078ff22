"""model.thinking and the family rules (src/loopwright/models/families.py): what each renderer passes to the
chat template, byte for byte against Qwen3's own enable_thinking rendering, in training and in evaluation."""

from __future__ import annotations

import pytest

from helpers import compose
from loopwright.models import families
from loopwright.train.validate import problems_in

PROMPT = [{"role": "system", "content": "Answer with a number."}, {"role": "user", "content": "What is 3 + 4?"}]


@pytest.mark.parametrize("overrides,expected", [
    (["model=qwen"], {"enable_thinking": False}),  # profile=cpu: 12 tokens
    (["model=qwen", "profile=gpu"], {"enable_thinking": False}),  # 256 tokens: still under the floor
    (["model=qwen", "profile.max_completion_length=1024"], {"enable_thinking": True}),  # the floor: thinking fits
    (["model=qwen", "model.thinking=off", "profile.max_completion_length=4096"], {"enable_thinking": False}),
    (["model=qwen", "model.thinking=on", "profile.max_completion_length=2048"], {"enable_thinking": True}),
    (["model=smollm2"], {}), (["model=llama"], {}), (["model=qwen2_5"], {}),
    (["model=tiny_qwen3"], {"enable_thinking": False}),
])
def test_thinking_resolves_from_the_setting_and_the_completion_budget(overrides, expected):
    cfg = compose(overrides)
    assert families.chat_template_kwargs(cfg) == expected
    record = families.thinking(cfg)
    assert (record is None) == (expected == {})
    if record is not None:
        assert record["enabled"] is expected["enable_thinking"] and record["floor"] == families.THINKING_FLOOR == 1024


def test_thinking_on_where_it_cannot_work_is_refused_with_the_way_out():
    found = problems_in(compose(["model=qwen", "model.thinking=on"]))
    assert any("model.thinking=on with profile.max_completion_length=12" in p and "model.thinking=off" in p
               for p in found), found
    found = problems_in(compose(["model=smollm2", "model.thinking=off"]))
    assert any("has no thinking mode" in p and "model.thinking=null" in p for p in found), found
    assert not [p for p in problems_in(compose(["model=tiny_qwen3"])) if "thinking" in p]


@pytest.fixture(scope="module")
def tiny_qwen3(tmp_path_factory):
    from loopwright import models

    cfg = compose(["model=tiny_qwen3", "profile=smoke"])
    model, tokenizer = models.load(cfg.model)
    return cfg, model, tokenizer


def test_thinking_off_renders_qwen3s_own_enable_thinking_false_prompt_in_evaluation(tiny_qwen3):
    from loopwright.evaluation.held_out import chat_texts

    cfg, _, tokenizer = tiny_qwen3
    kwargs = families.chat_template_kwargs(cfg)
    assert kwargs == {"enable_thinking": False}
    own = tokenizer.apply_chat_template(PROMPT, add_generation_prompt=True, tokenize=False, enable_thinking=False)
    rendered = chat_texts(tokenizer, [{"prompt": PROMPT}], kwargs)[0]
    assert rendered.encode() == own.encode()
    assert rendered.endswith("<|im_start|>assistant\n<think>\n\n</think>\n\n")  # the empty think block
    unset = tokenizer.apply_chat_template(PROMPT, add_generation_prompt=True, tokenize=False)
    assert "<think>" not in unset  # without the kwarg the model is left to open its own reasoning block


def test_training_renders_the_same_bytes_as_evaluation(tiny_qwen3, tmp_path):
    from loopwright import objectives
    from loopwright.evaluation.held_out import chat_texts

    cfg, model, tokenizer = tiny_qwen3
    rows = [{"prompt": PROMPT, "answer": "7"}] * 4
    graders = [("zero", lambda completions, **_: [0.0] * len(completions), 1.0)]
    trainer, kwargs = objectives.build_trainer(cfg, model, tokenizer, graders, rows, tmp_path / "out")
    assert kwargs["chat_template_kwargs"] == {"enable_thinking": False} == trainer.chat_template_kwargs
    trained_ids = trainer._tokenize_prompts([PROMPT])[0][0]
    evaluated = chat_texts(tokenizer, [{"prompt": PROMPT}], families.chat_template_kwargs(cfg))[0]
    assert tokenizer.decode(trained_ids).encode() == evaluated.encode()
    assert list(trained_ids) == tokenizer(evaluated, add_special_tokens=False)["input_ids"]


def test_sft_rows_carry_the_kwargs_where_sfttrainer_reads_them():
    from loopwright.objectives import sft_rows

    rows = sft_rows([{"prompt": PROMPT, "answer": "7"}], {"enable_thinking": False})
    assert rows[0]["chat_template_kwargs"] == {"enable_thinking": False}
    assert "chat_template_kwargs" not in sft_rows([{"prompt": PROMPT, "answer": "7"}], {})[0]


def test_saved_kwargs_round_trip_and_anything_else_is_refused(tmp_path):
    families.save_kwargs(tmp_path, {"enable_thinking": False})
    assert families.load_kwargs(tmp_path) == {"enable_thinking": False}
    assert families.load_kwargs(tmp_path / "none") == {}
    for bad in ('{"enable_thinking": "no"}', '{"tools": []}', '[1]', 'not json'):
        (tmp_path / families.KWARGS_FILE).write_text(bad)
        with pytest.raises(ValueError, match="chat_template_kwargs.json"):
            families.load_kwargs(tmp_path)


def test_serve_and_chat_render_the_prompt_training_rendered(tiny_qwen3, tmp_path):
    from loopwright.evaluation.held_out import chat_texts
    from loopwright.serving.tool_calls import prompt_ids

    cfg, _, tokenizer = tiny_qwen3
    families.save_kwargs(tmp_path, families.chat_template_kwargs(cfg))  # what save_model writes beside the weights
    served = prompt_ids(tokenizer, PROMPT, None, families.load_kwargs(tmp_path))
    evaluated = chat_texts(tokenizer, [{"prompt": PROMPT}], families.chat_template_kwargs(cfg))[0]
    assert served == tokenizer(evaluated, add_special_tokens=False)["input_ids"]


def test_the_family_by_task_mode_table_in_docs_models_is_what_the_rules_say():
    from helpers import ROOT

    text = (ROOT / "docs" / "MODELS.md").read_text()
    section = text.split("## Family × task mode", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| family")]
    header = next(line for line in section.splitlines() if line.startswith("| family"))
    assert [c.strip() for c in header.strip("|").split("|")][1:] == list(families.MODES)
    table = {}
    for line in rows:
        cells = [c.strip() for c in line.strip("|").split("|")]
        table[cells[0].split(" ", 1)[0]] = cells[1:]
    assert list(table) == list(families.FAMILIES)
    for fam, cells in table.items():
        assert cells == [families.cell(fam, mode) for mode in families.MODES], fam


@pytest.mark.parametrize("overrides", [["model=tiny_llama"], ["model=llama"]])
def test_llama_with_episodes_is_refused_at_validation_with_the_way_out(overrides):
    found = problems_in(compose([*overrides, "task=tool_use", "task.multi_turn=true", "reward=tool_calling"]))
    refusal = [p for p in found if "multi-turn episodes (task.multi_turn=true)" in p]
    assert len(refusal) == 1 and "Way out: model=qwen2_5" in refusal[0] and "objective=sft" in refusal[0]
    sft = [p for p in problems_in(compose([*overrides, "experiment=tool_agent_sft"])) if "Way out" in p]
    assert len(sft) == 1 and "task.token_check=true" in sft[0] and "Way out: task.token_check=false" in sft[0]
    assert not [p for p in problems_in(compose([*overrides, "experiment=tool_agent_sft", "task.token_check=false"]))
                if "Way out" in p]


@pytest.mark.parametrize("mode", [["task=tool_use", "task.multi_turn=true", "reward=tool_calling"],
                                  ["experiment=tool_agent_sft"]])
@pytest.mark.parametrize("model", ["model=tiny_qwen3", "model=qwen"])
def test_qwen3_where_its_token_check_cannot_pass_is_refused_before_load_unless_the_check_is_off(model, mode):
    """Before: the run loaded the model and stopped at the token check (exit 8); now validation says why."""
    found = [p for p in problems_in(compose([model, *mode])) if "Way out" in p]
    assert len(found) == 1 and "<think></think>" in found[0] and "model=qwen2_5" in found[0], found
    assert not [p for p in problems_in(compose([model, *mode, "task.token_check=false"])) if "Way out" in p]
    assert not [p for p in problems_in(compose([model])) if "Way out" in p]  # single-turn trains
