"""tools= rendered with the model's template, <tool_call> blocks parsed back, streamed text held back at a call."""

from __future__ import annotations

import json

import pytest

from loopwright.serving.tool_calls import HeldBack, assistant_message, run_tool_calls, split_tool_calls, task_tools

CALL = '<tool_call>\n{"name": "calculator", "arguments": {"expression": "2+2"}}\n</tool_call>'


def test_a_well_formed_block_becomes_a_tool_call_and_leaves_the_text():
    content, calls = split_tool_calls(f"Let me compute.\n{CALL}")
    assert content == "Let me compute." and len(calls) == 1
    assert calls[0]["function"] == {"name": "calculator", "arguments": '{"expression": "2+2"}'}
    assert calls[0]["id"].startswith("call_") and calls[0]["type"] == "function"


def test_a_malformed_block_stays_text_and_no_tools_means_no_parsing():
    broken = '<tool_call>{"name": "calculator", "arguments": </tool_call>'
    assert split_tool_calls(broken) == (broken, [])
    assert assistant_message(CALL, None) == ({"role": "assistant", "content": CALL}, False)
    message, called = assistant_message(CALL, [{"type": "function", "function": {"name": "calculator"}}])
    assert called and message["content"] is None and message["tool_calls"][0]["function"]["name"] == "calculator"


@pytest.mark.parametrize("cut", range(1, len("Sure. " + CALL)))
def test_streaming_never_sends_part_of_a_call(cut):
    text = "Sure. " + CALL
    held = HeldBack([{"type": "function", "function": {"name": "calculator"}}])
    sent = held.feed(text[:cut]) + held.feed(text[cut:])
    rest, calls, message = held.finish()
    assert "<" not in sent and (sent + rest).strip() == "Sure." and len(calls) == 1
    assert message["tool_calls"] == calls


def test_streaming_without_a_call_sends_everything():
    held = HeldBack([{"type": "function", "function": {"name": "calculator"}}])
    sent = held.feed("a <tool") + held.feed("kit> b")
    rest, calls, _ = held.finish()
    assert sent + rest == "a <toolkit> b" and calls == []


def test_the_smollm2_template_renders_the_tools(tmp_path):
    from transformers import AutoTokenizer

    from loopwright.models.assets import smollm2_tokenizer_dir
    from loopwright.serving.tool_calls import prompt_ids, tool_ready

    tokenizer = tool_ready(AutoTokenizer.from_pretrained(str(smollm2_tokenizer_dir())))
    tools = task_tools("tool_use")
    text = tokenizer.decode(prompt_ids(tokenizer, [{"role": "user", "content": "hi"}], tools))
    assert "<tools>" in text and '"name": "calculator"' in text and text.endswith("<|im_start|>assistant\n")
    plain = tokenizer.decode(prompt_ids(tokenizer, [{"role": "user", "content": "hi"}], None))
    assert "<tools>" not in plain


def test_a_tasks_tools_run_here():
    assert {t["function"]["name"] for t in task_tools("tool_use")} == {"calculator", "convert_units", "lookup_order"}
    assert [t["function"]["name"] for t in task_tools("tool_use", ["calculator"])] == ["calculator"]
    assert task_tools("arithmetic") == []
    calls = [{"id": "c1", "function": {"name": "calculator", "arguments": '{"expression": "12 * 7"}'}},
             {"id": "c2", "function": {"name": "nope", "arguments": "{}"}}]
    results = run_tool_calls(calls)
    assert results[0] == {"role": "tool", "tool_call_id": "c1", "content": "84"}
    assert "unknown tool" in json.loads(results[1]["content"])["error"]
