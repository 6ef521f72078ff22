"""The multi-turn token check on three templates: SmolLM2's (matching), Qwen3's (drops earlier empty <think>
blocks), and one whose tool-call rendering changes once later turns follow (which TRL's own check misses)."""

from __future__ import annotations

import copy
import os

import pytest
from helpers import compose

from loopwright import episodes, tasks
from loopwright.episodes import sample_episodes, token_check, token_report
from loopwright.tasks.tool_use import ToolUseEnvironment

os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")

# SmolLM2's tool template, but a tool call's arguments lose the space after ':' once the turn is not the
# newest message: the model generates '{"expression": "..."}', re-rendering gives '{"expression":"..."}'.
_TURN = "{%- if message['role'] == 'assistant' and message.get('tool_calls') -%}"
_ARGS = "{{- tool_call.arguments | tojson -}}"
COMPACT_WHEN_REPLAYED = (episodes.SMOLLM2_TOOL_CHAT_TEMPLATE
                         .replace(_TURN, _TURN + "{%- set newest = loop.last -%}")
                         .replace(_ARGS, "{{- (tool_call.arguments | tojson) if newest else "
                                         "(tool_call.arguments | tojson | replace(': ', ':')) -}}"))


@pytest.fixture(scope="module")
def smollm2_tokenizer():
    from transformers import AutoTokenizer

    from loopwright.models import assets

    return AutoTokenizer.from_pretrained(assets.smollm2_tokenizer_dir())


def _tokenizer(base, template=None):
    tok = copy.deepcopy(base)
    if template is not None:
        tok.chat_template = template
    return episodes.prepare_tokenizer(tok)


def _qwen3(base):
    from loopwright.models import chat_template_text

    return _tokenizer(base, chat_template_text("qwen3"))  # what model=tiny_qwen3's tokenizer holds


def _rows(*overrides):
    return tasks.build(compose(["task=tool_use", "task.n_train=8", "task.n_eval=4", *overrides]).task)[0]


def _check(tok, rows, model="tiny"):
    label = token_report.template_name(compose([f"model={model}"]).model, tok)
    return token_report.run(tok, ToolUseEnvironment, rows, 4, label)


def _prompt_length(tok, episode):
    return len(tok.apply_chat_template(episode.messages[: episode.prompt_length], tools=episode.tools,
                                       add_generation_prompt=True, return_dict=False))


def test_samples_cover_the_four_shapes_with_real_tool_results():
    episodes_ = sample_episodes.synthesise(ToolUseEnvironment, _rows("task.params.tools=[calculator]"), 4)
    roles = [[m["role"] for m in e.messages[e.prompt_length:]] for e in episodes_]
    assert roles == [["assistant", "tool", "assistant"], ["assistant", "tool", "assistant"],
                     ["assistant", "tool", "tool", "assistant"],
                     ["assistant", "tool", "assistant", "tool", "assistant"]]
    first = episodes_[0]
    call = first.messages[first.prompt_length]["tool_calls"][0]["function"]
    from loopwright.episodes.tools import calculator

    assert first.messages[first.prompt_length + 1]["content"] == calculator(call["arguments"]["expression"])
    assert [e.messages[e.prompt_length]["reasoning_content"] != "" for e in episodes_] == [False, True, False, True]


def test_smollm2_template_matches_and_reports_the_loss_mask(smollm2_tokenizer):
    tok = _tokenizer(smollm2_tokenizer)
    results, episodes_, record = _check(tok, _rows())
    assert record["passed"] and record["failed_rows"] == []
    assert record["generation_template"] == "the tokenizer's template"
    assert record["template"].startswith("loopwright.episodes.chat_template.SMOLLM2_TOOL_CHAT_TEMPLATE")
    for result in results:
        assert result.mismatch is None
        assert result.rendered_ids[: len(result.generation_ids)] == result.generation_ids
        assert tok.decode(result.rendered_ids[len(result.generation_ids):]) == "\n"  # after the final <|im_end|>
    spans = results[0].spans
    assert [(s.what, s.trained) for s in spans] == [("prompt", False), ("assistant", True), ("tool", False),
                                                    ("assistant", True)]
    assert spans[0].end == _prompt_length(tok, episodes_[0])
    ids = results[0].generation_ids
    tool = tok.decode(ids[spans[2].start: spans[2].end])
    assert tool.startswith("\n<|im_start|>user\n<tool_response>\n") and tool.endswith("<|im_start|>assistant\n")
    assert tok.decode(ids[spans[1].start: spans[1].end]).startswith("<tool_call>\n")
    report = token_report.format_report(tok, results, episodes_, record)
    assert "masked (tool_mask=0)" in report and "not in the loss (prompt)" in report and "MISMATCH" not in report


def test_qwen3_template_drops_the_empty_think_block_of_the_earlier_turn(smollm2_tokenizer):
    tok = _qwen3(smollm2_tokenizer)
    results, episodes_, record = _check(tok, _rows(), model="tiny_qwen3")
    # shapes 0 and 2 reason nothing: the newest turn renders '<think>\n\n</think>\n\n', a replayed one drops it;
    # shapes 1 and 3 carry reasoning, which Qwen3 keeps after the last user query
    assert [r.mismatch is not None for r in results] == [True, False, True, False]
    assert record["generation_template"] == "TRL's training template"
    m = results[0].mismatch
    prompt = _prompt_length(tok, episodes_[0])
    assert m.position == prompt + 1  # '<' is shared, then 'think>' against 'tool_call>'
    assert m.generation[1].startswith("think>\n\n</think>\n\n<tool_")
    assert m.rendered[1].startswith("tool_call>\n{\"name\"")
    assert m.message == "message 2 (assistant, tool call)" and not m.same_text
    blame = record["mismatch"]["blame"]
    assert blame.startswith("src/loopwright/models/chat_templates/qwen3.jinja (model=tiny_qwen3) (sha256 ")
    assert "get_training_chat_template" in blame
    assert record["mismatch"]["position"] == m.position and record["failed_rows"] == [results[0].row_id,
                                                                                         results[2].row_id]
    text = token_report.failure_text(record)
    assert f"differ at token {m.position}, in message 2 (assistant, tool call)" in text
    assert "task.token_check=false" in text


def test_tool_call_rendering_that_changes_on_replay_is_caught_where_trl_sees_nothing(smollm2_tokenizer):
    from trl.chat_template_utils import is_chat_template_prefix_preserving, supports_tool_calling

    tok = _tokenizer(smollm2_tokenizer, COMPACT_WHEN_REPLAYED)
    assert supports_tool_calling(tok) and is_chat_template_prefix_preserving(tok)  # TRL accepts it as it is
    results, episodes_, record = _check(tok, _rows("task.params.tools=[calculator]"))
    assert not record["passed"] and len(record["failed_rows"]) == 4
    assert record["generation_template"] == "the tokenizer's template"
    m = results[0].mismatch
    shared = '<tool_call>\n{"name": "calculator", "arguments": {"expression'
    assert m.position == _prompt_length(tok, episodes_[0]) + len(tok(shared, add_special_tokens=False)["input_ids"])
    assert m.generation[0].endswith(shared[-20:]) and m.generation[1].startswith('": "')
    assert m.rendered[1].startswith('":"')
    assert record["mismatch"]["blame"].startswith("the chat template of")  # not a template we ship


def test_same_text_split_differently_is_blamed_on_tokenisation(smollm2_tokenizer):
    tok = _tokenizer(smollm2_tokenizer)
    episode = sample_episodes.synthesise(ToolUseEnvironment, _rows(), 1)[0]
    generation, spans = token_check.generation_sequence(tok, episode, None)
    start = spans[-1].start  # the final answer: re-split one word of it into two tokens
    word = tok("hello", add_special_tokens=False)["input_ids"]
    halves = tok("hel", add_special_tokens=False)["input_ids"] + tok("lo", add_special_tokens=False)["input_ids"]
    assert len(word) == 1 and len(halves) == 2
    split = token_check.compare_tokens(tok, episode, generation[:start] + halves, generation[:start] + word, spans)
    assert split.position == start and split.same_text and split.message == "message 4 (assistant, final answer)"
    result = token_check.EpisodeResult("r", generation[:start] + halves, generation[:start] + word, spans, split)
    assert token_report.summary([result], [episode], "T", None)["mismatch"]["blame"].startswith("tokenisation, not T")


def test_trl_refusing_the_template_stops_the_check(smollm2_tokenizer):
    from loopwright.models import chat_template_text

    tok = _tokenizer(smollm2_tokenizer, chat_template_text("llama3_2"))  # no TRL training template for it
    with pytest.raises(token_check.TokenCheckError, match="TRL cannot train episodes with this chat template"):
        _check(tok, _rows())


@pytest.mark.parametrize("overrides, runs", [(["task.multi_turn=true"], True),
                                             (["task.multi_turn=true", "task.token_check=false"], False),
                                             ([], False)])
def test_the_job_step_runs_only_for_episodes_with_the_check_on(smollm2_tokenizer, tmp_path, overrides, runs):
    import json

    from loopwright.train.record import RunRecord
    from loopwright.train.steps import Job

    cfg = compose(["model=tiny", "task=tool_use", "task.n_train=8", "task.n_eval=4", "task.token_check_samples=2",
                   *overrides])
    job = Job(cfg, tmp_path, RunRecord.start(cfg, tmp_path), tracker=None)
    record = token_report.preflight(job, copy.deepcopy(smollm2_tokenizer), _rows())
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert (record is not None) == runs == ("token_check" in manifest)
    if runs:
        assert manifest["token_check"]["passed"] and manifest["token_check"]["episodes"] == 2
