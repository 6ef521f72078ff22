"""Ingest keeps every turn: LangSmith tool runs, flat trees, serialised messages, turn-by-turn
request logs and Anthropic Messages logs, each read as its tool writes it (tests/helpers/log_formats.py)."""

from __future__ import annotations

import json

import pytest

from helpers import log_formats as lf
from loopwright.ingestion import store as ing
from loopwright.ingestion.formats import anthropic, langchain
from loopwright.ingestion.transcripts import RecordError


def _ingest(tmp_path, records, fmt="auto", name="log.jsonl"):
    path = lf.write_jsonl(tmp_path / name, records)
    report, code = ing.ingest([str(path)], fmt, tmp_path / "out")
    stored = (tmp_path / "out" / "transcripts.jsonl").read_text().split("\n") if code == 0 else []
    rows = [json.loads(x) for x in stored if x]
    return report["inputs"][str(path)], rows, code


def _roles(messages):
    return [m["role"] for m in messages]


# ---------------------------------------------------------------- LangSmith
def test_tool_runs_become_tool_calls_and_results_in_execution_order():
    messages, _, run_id = langchain.parse_run(lf.langsmith_tool_runs(3))
    assert _roles(messages) == ["user", "assistant", "tool", "tool", "assistant"]
    calls = messages[1]["tool_calls"]
    # start_time puts lookup_order (exported second) first; str(dict) and JSON inputs both become arguments
    assert [c["name"] for c in calls] == ["lookup_order", "lookup_tracking"]
    assert calls[0]["arguments"] == calls[1]["arguments"] == {"order_id": "W3"}
    assert [m["tool_call_id"] for m in messages[2:4]] == [c["id"] for c in calls]  # each result names its call
    assert [m["content"] for m in messages[2:4]] == ["shipped", "1Z999"]
    assert messages[-1]["content"] == "It ships Friday." and run_id.startswith("10000000")


def test_a_tool_run_an_llm_call_already_answered_is_not_added_twice():
    messages, metadata, _ = langchain.parse_run(lf.langsmith_nested(4))
    assert _roles(messages) == ["system", "user", "assistant", "tool", "assistant"]
    assert messages[2]["tool_calls"] == [{"id": "call_4", "name": "lookup_order", "arguments": {"order_id": "W4"}}]
    assert messages[3]["tool_call_id"] == "call_4" and metadata == {"n": 4}


def test_a_tool_run_no_llm_call_recorded_is_attached_to_the_assistant_turn_before_it():
    trace = lf.langsmith_nested(5)
    llm1, tool, llm2 = trace["child_runs"]
    llm1["outputs"] = {"generations": [[{"text": "Let me check."}]]}  # a text-only generation: no tool_calls
    llm2["inputs"] = {"messages": [llm1["inputs"]["messages"][0]]}      # and the next call never saw the result
    tool["outputs"] = {"output": '{"status": "shipped"}'}               # a plain output: no call id anywhere
    messages, _, _ = langchain.parse_run(trace)
    assert _roles(messages) == ["system", "user", "assistant", "tool", "assistant"]
    assert messages[2]["content"] == "Let me check."
    assert messages[2]["tool_calls"][0]["id"] == tool["id"] == messages[3]["tool_call_id"]
    assert messages[3]["content"] == '{"status": "shipped"}'


def test_a_failed_tool_run_is_a_result_with_its_error():
    trace = lf.langsmith_tool_runs(6)
    trace["child_runs"][1].update(outputs=None, error="TimeoutError: order service")
    messages, _, _ = langchain.parse_run(trace)
    assert messages[2]["content"] == "Error: TimeoutError: order service"


def test_an_openai_call_traced_by_wrap_openai_is_read_as_an_llm_run():
    chat = lf.openai_chat(9)["messages"]
    run = {"id": "w1", "name": "ChatOpenAI", "run_type": "llm", "inputs": {"model": "gpt-4o", "messages": chat[:-1]},
           "outputs": {"id": "chatcmpl-9", "choices": [{"index": 0, "message": chat[-1]}]}}
    messages, _, _ = langchain.parse_run(run)
    assert _roles(messages) == ["system", "user", "assistant", "tool", "assistant"]
    assert messages[2]["tool_calls"][0]["id"] == messages[3]["tool_call_id"] == "call_9"


def test_langgraph_state_messages_are_read_with_their_tool_turns():
    messages, _, _ = langchain.parse_run(lf.langgraph_state(7))
    assert _roles(messages) == ["user", "assistant", "tool", "assistant"]
    assert messages[1]["tool_calls"][0]["id"] == messages[2]["tool_call_id"] == "call_g7"


def test_a_message_langchain_could_not_serialise_is_named():
    trace = lf.langgraph_state(8)
    trace["outputs"]["messages"][3] = {"lc": 1, "type": "not_implemented", "id": ["x", "AIMessage"], "repr": "..."}
    with pytest.raises(RecordError) as info:
        langchain.parse_run(trace)
    assert info.value.where == "outputs.messages[3]" and "did not serialise" in info.value.reason


def test_a_flat_export_is_the_same_conversation_as_the_nested_one(tmp_path):
    flat, _, code = _ingest(tmp_path, lf.langsmith_flat(9), name="flat.jsonl")
    assert code == 0 and flat["kept"] == 1 and flat["child_runs"] == 3
    rows = json.loads((tmp_path / "out" / "transcripts.jsonl").read_text())
    assert rows["messages"] == langchain.parse_run(lf.langsmith_nested(9))[0]
    assert rows["source"]["line"] == 4  # the root's line


def test_a_bad_child_of_a_flat_export_is_reported_at_its_own_line_with_its_run_id(tmp_path):
    runs = lf.langsmith_flat(10) + lf.langsmith_flat(11)
    runs[0]["outputs"] = {}  # the second LLM call of trace 10, line 1
    entry, rows, code = _ingest(tmp_path, runs)
    assert code == 0 and entry["kept"] == 1 and entry["malformed"] == 1
    err = entry["errors"][0]
    assert err["at"].endswith(":1") and err["id"] == runs[0]["id"] and err["field"] == "outputs.generations"
    told = ing.describe({"inputs": {str(tmp_path / "log.jsonl"): entry}}, [tmp_path / "log.jsonl"])
    assert told[1] == f"  {err['at']}: [id {runs[0]['id']}] outputs.generations: {err['reason']}"


def test_a_bad_child_of_a_nested_export_is_reported_at_the_root_line_with_the_child_run_id(tmp_path):
    trace = lf.langsmith_nested(12)
    trace["child_runs"][2]["outputs"] = {"generations": []}
    entry, _, _ = _ingest(tmp_path, [lf.langsmith_nested(13), trace])
    assert entry["errors"] == [{"at": f"{tmp_path / 'log.jsonl'}:2", "id": trace["child_runs"][2]["id"],
                                "field": "child_runs[2].outputs.generations",
                                "reason": "an LLM run needs outputs.generations with at least one generation"}]


def test_parent_cycles_and_repeated_run_ids_are_reported_not_lost(tmp_path):
    a = {"id": "a", "run_type": "chain", "parent_run_id": "b", "inputs": {"input": "x"}, "outputs": {"output": "y"}}
    b = {"id": "b", "run_type": "chain", "parent_run_id": "a", "inputs": {"input": "x"}, "outputs": {"output": "y"}}
    good = lf.langsmith_flat(14)
    entry, _, code = _ingest(tmp_path, [a, b, *good, good[-1]])
    assert code == 0 and entry["kept"] == 1
    by_line = {int(e["at"].rsplit(":", 1)[1]): e for e in entry["errors"]}
    assert set(by_line) == {1, 2, 7}
    assert by_line[1]["id"] == "a" and "cycle" in by_line[1]["reason"]
    assert by_line[7]["id"] == good[-1]["id"] and "appears twice" in by_line[7]["reason"]
    assert entry["records"] == entry["valid"] + entry["malformed"] + entry["child_runs"]


def test_a_bad_root_run_is_reported_with_its_run_id(tmp_path):
    trace = lf.langsmith_nested(15)
    trace["error"], trace["outputs"] = "CancelledError", None
    entry, _, _ = _ingest(tmp_path, [lf.langsmith_nested(16), trace])
    assert entry["errors"][0]["id"] == trace["id"] and entry["errors"][0]["field"] == "error"


# ------------------------------------------------------ turn-by-turn requests
def test_a_conversation_logged_turn_by_turn_is_one_transcript(tmp_path):
    records = lf.openai_turns(1) + lf.openai_turns(2)
    entry, rows, code = _ingest(tmp_path, records)
    assert code == 0 and entry["kept"] == 2 and entry["valid"] == 4
    path = tmp_path / "log.jsonl"
    assert entry["merged"] == [{"at": f"{path}:1", "into": f"{path}:2"}, {"at": f"{path}:3", "into": f"{path}:4"}]
    assert [r["source"]["line"] for r in rows] == [2, 4]
    assert rows[0]["source"]["merged"] == [{"line": 1, "record": "chatcmpl-1"}]
    assert _roles(rows[0]["messages"]) == ["system", "user", "assistant", "user", "assistant"]


def test_conversations_that_share_a_system_prompt_or_a_first_question_are_not_merged(tmp_path):
    first, second = lf.openai_turns(3)
    other = json.loads(json.dumps(second))
    other["request"]["messages"][2]["content"] = "Another reply than the one logged."  # diverges at the reply
    fresh = lf.openai_pair(3, "Where is my order?", "A different first answer.")
    entry, rows, _ = _ingest(tmp_path, [first, other, fresh])
    assert entry["merged"] == [] and entry["kept"] == 3


def test_requests_of_different_users_are_not_merged(tmp_path):
    first, _ = lf.openai_turns(4, user_field="alice")
    _, second = lf.openai_turns(4, user_field="bob")
    entry, _, _ = _ingest(tmp_path, [first, second])
    assert entry["merged"] == [] and entry["kept"] == 2


def test_three_turns_fold_into_the_longest(tmp_path):
    first, second = lf.openai_turns(5)
    history = second["request"]["messages"][1:] + [second["response"]["choices"][0]["message"]]
    third = lf.openai_pair(5, "Thanks!", "You're welcome.", history=history)
    entry, rows, _ = _ingest(tmp_path, [third, first, second])  # logged out of order
    assert entry["kept"] == 1 and rows[0]["source"]["line"] == 1
    assert [m["line"] for m in rows[0]["source"]["merged"]] == [2, 3]
    assert len(rows[0]["messages"]) == 7


def test_anthropic_requests_logged_turn_by_turn_are_merged_too(tmp_path):
    first = lf.anthropic_pair(6)
    second = json.loads(json.dumps(first))
    second["request"]["messages"] += [{"role": "assistant", "content": first["response"]["content"]},
                                      {"role": "user", "content": "Thanks"}]
    second["response"]["id"] = "msg_6b"
    entry, rows, _ = _ingest(tmp_path, [first, second])
    assert entry["kept"] == 1 and rows[0]["source"]["merged"] == [{"line": 1, "record": "msg_6"}]


# ------------------------------------------------------------------ Anthropic
def test_anthropic_blocks_become_tool_calls_and_tool_messages():
    messages, _, record_id = anthropic.parse_record(lf.anthropic_pair(7))
    assert messages == [
        {"role": "system", "content": lf.SYSTEM},
        {"role": "user", "content": "Where is my order? (W7)"},
        {"role": "assistant", "content": "Let me look.",
         "tool_calls": [{"id": "toolu_7", "name": "lookup_order", "arguments": {"order_id": "W7"}}]},
        {"role": "tool", "content": '{"status": "shipped"}', "tool_call_id": "toolu_7", "name": "lookup_order"},
        {"role": "assistant", "content": "It ships Friday."}]  # the thinking block is left out
    assert record_id == "msg_7"


def test_anthropic_parallel_results_with_text_prefill_and_batch_results():
    record = lf.anthropic_pair(8)
    turn = record["request"]["messages"]
    turn[1]["content"].append({"type": "tool_use", "id": "toolu_8b", "name": "lookup_tracking", "input": {}})
    turn[2]["content"] += [{"type": "tool_result", "tool_use_id": "toolu_8b", "content": "1Z9", "is_error": False},
                           {"type": "text", "text": "And the refund?"}]
    turn.append({"role": "assistant", "content": "Your refund"})  # a prefill the response continues
    record["response"]["content"] = [{"type": "text", "text": " was sent."}]
    messages, _, _ = anthropic.parse_record(record)
    assert _roles(messages) == ["system", "user", "assistant", "tool", "tool", "user", "assistant"]
    assert [m["name"] for m in messages[3:5]] == ["lookup_order", "lookup_tracking"]
    assert messages[-1] == {"role": "assistant", "content": "Your refund was sent."}
    batch = {"custom_id": "req-8", "params": record["request"],
             "result": {"type": "succeeded", "message": record["response"]}}
    assert anthropic.parse_record(batch)[0] == messages
    with pytest.raises(RecordError, match="did not succeed"):
        anthropic.parse_record({**batch, "result": {"type": "errored", "error": {"message": "overloaded"}}})


def test_an_anthropic_record_read_as_openai_is_refused_rather_than_losing_its_tool_blocks(tmp_path):
    entry, _, code = _ingest(tmp_path, [lf.anthropic_pair(9)], fmt="openai")
    assert code == 1 and "looks like a anthropic one; use format=anthropic" in entry["errors"][0]["reason"]
    entry, rows, code = _ingest(tmp_path, [{"messages": [{"role": "user", "content": "hi"},
                                                         {"role": "assistant", "content": "hello"}]}],
                                fmt="anthropic", name="plain.jsonl")
    assert code == 0 and rows[-1]["format"] == "anthropic"


def test_auto_reads_every_format_in_one_file(tmp_path):
    records = [lf.openai_chat(1), lf.anthropic_pair(2), lf.anthropic_chat(3), lf.langsmith_nested(4),
               lf.langgraph_state(5), lf.langsmith_tool_runs(6), lf.openai_pair(7)]
    entry, rows, code = _ingest(tmp_path, records)
    assert code == 0 and entry["malformed"] == 0
    assert entry["formats_found"] == {"anthropic": 2, "langchain": 3, "openai": 2}
    assert [r["format"] for r in rows] == ["openai", "anthropic", "anthropic", "langchain", "langchain",
                                           "langchain", "openai"]


# --------------------------------------------------- every known-bad record
@pytest.mark.parametrize("kind,what,mutate,which", [(k, w, m, i) for k, cases in lf.BROKEN.items()
                                                     for w, m, i in cases])
def test_each_malformed_record_is_reported_by_file_line_and_id(tmp_path, kind, what, mutate, which):
    good, bad = lf.BUILDERS[kind](1), mutate(lf.BUILDERS[kind](2))
    entry, rows, code = _ingest(tmp_path, [good, bad])
    assert code == 0 and entry["kept"] == 1 and rows[0]["source"]["line"] == 1, what
    assert len(entry["errors"]) == 1, (what, entry["errors"])
    err = entry["errors"][0]
    assert err["at"] == f"{tmp_path / 'log.jsonl'}:2", what
    assert err["id"] == lf.expected_id(bad, which), (what, err)


def test_a_message_holding_a_unicode_line_separator_survives_a_second_call(tmp_path):
    records = [lf.openai_chat(1, reply="Line one\u2028line two\x85end.")]
    first, _, _ = _ingest(tmp_path, records)
    again, rows, code = _ingest(tmp_path, records)  # reads the store back: one line per transcript
    assert code == 0 and rows[0]["messages"][-1]["content"] == "Line one\u2028line two\x85end."


def test_jsonl_whose_first_record_is_an_array_is_still_read_line_by_line(tmp_path):
    """Hypothesis found it: a JSONL export starting with the line `[]` was read as one empty JSON array (0 records)."""
    import json

    from loopwright.ingestion import store as ing

    runs = [[], {"id": "a", "run_type": "llm", "inputs": {"messages": []}, "outputs": {}},
            {"id": "b", "run_type": "tool", "parent_run_id": "a"}]
    path = tmp_path / "export.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in runs))
    report, _ = ing.ingest([str(path)], "auto", tmp_path / "out")
    entry = report["inputs"][str(path)]
    assert entry["records"] == 3 == entry["valid"] + entry["malformed"] + entry["child_runs"]
    assert "a record must be a JSON object, got list" in entry["errors"][0]["reason"]
