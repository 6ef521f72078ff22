"""Ingest: the shipped OpenAI and LangChain logs -> transcripts.jsonl + ingest_report.json.

Run through the real app (`python -m loopwright.ingest`) where exit codes and
files matter; the parsers are also fed hand-made records for the cases the
shipped logs do not hold.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.loop_apps import LANGCHAIN, OPENAI, as_list, run_app, snapshot
from loopwright.ingestion import store as ing
from loopwright.ingestion.formats.langchain import parse_run
from loopwright.ingestion.formats.openai import parse_record
from loopwright.ingestion.transcripts import RecordError, check_conversation

# The malformed records the example generator (scripts/make_loop_examples.py) plants, by file:line.
PLANTED = {
    "openai_chats.jsonl:4": "answers no tool call",
    "openai_chats.jsonl:8": "invalid JSON",
    "openai_chats.jsonl:12": "unknown role 'robot'",
    "openai_requests.jsonl:5": "Rate limit reached",
    "langsmith_runs.jsonl:5": "outputs.generations",
    "langsmith_runs.jsonl:10": "invalid JSON",
    "langsmith_flat.json:641": "is not in this export",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """Both formats ingested by two app calls into one store, as docs/LOOP.md does."""
    cwd = tmp_path_factory.mktemp("ingest")
    calls = [("openai", OPENAI), ("langchain", LANGCHAIN)]
    procs = [run_app("loopwright.ingest", f"format={fmt}", f"input={as_list(files)}", "output=transcripts", cwd=cwd)
             for fmt, files in calls]
    for proc in procs:
        assert proc.returncode == 0, proc.stderr
    out = cwd / "transcripts"
    return {"cwd": cwd, "out": out, "procs": procs, "calls": calls,
            "report": json.loads((out / "ingest_report.json").read_text()),
            "transcripts": [json.loads(line) for line in (out / "transcripts.jsonl").read_text().splitlines()]}


def test_every_planted_malformed_record_is_reported_by_file_and_line(store):
    errors = {e["at"].rsplit("/", 1)[1]: e for entry in store["report"]["inputs"].values() for e in entry["errors"]}
    assert set(errors) == set(PLANTED)
    for at, words in PLANTED.items():
        assert words in errors[at]["reason"] + str(errors[at]["field"]), (at, errors[at])
    stderr = "".join(p.stderr for p in store["procs"])
    for at in PLANTED:
        assert at in stderr  # also told on the terminal


def test_the_valid_records_are_kept_with_counts_that_add_up(store):
    report = store["report"]
    assert sorted(report["inputs"]) == sorted(str(p) for p in OPENAI + LANGCHAIN)
    for path, entry in report["inputs"].items():
        assert entry["status"] == "ok"
        assert entry["records"] == entry["valid"] + entry["malformed"] + entry["child_runs"]
        assert entry["kept"] == entry["valid"] - len(entry["duplicates"]) - len(entry["merged"])
        assert entry["sha256"] == ing.writer.sha256_file(Path(path))
    kept = sum(e["kept"] for e in report["inputs"].values())
    assert kept == len(store["transcripts"]) == report["transcripts"]["conversations"] == 78
    assert len(report["inputs"][str(OPENAI[1])]["merged"]) == 2  # two conversations logged turn by turn
    assert report["inputs"][str(OPENAI[0])]["formats_found"] == {"openai": 26}
    flat = report["inputs"][str(LANGCHAIN[1])]
    assert flat["formats_found"] == {"langchain": 3} and flat["child_runs"] == 9  # 3 traces of 1 root + 3 runs


def test_transcripts_keep_tool_calls_and_tool_results_in_both_formats(store):
    by_format = {}
    for t in store["transcripts"]:
        by_format.setdefault(t["format"], []).append(t)
    assert set(by_format) == {"openai", "langchain"}
    for fmt in ("openai", "langchain"):
        t = next(t for t in by_format[fmt] if any(m.get("tool_calls") for m in t["messages"]))
        roles = [m["role"] for m in t["messages"]]
        assert roles[-4:] == ["user", "assistant", "tool", "assistant"], (fmt, roles)
        call = t["messages"][-3]["tool_calls"][0]
        assert call["name"] == "lookup_order" and call["arguments"]["order_id"].startswith("W")
        tool = t["messages"][-2]
        assert tool["tool_call_id"] == call["id"]
        assert json.loads(tool["content"])["order_id"] == call["arguments"]["order_id"]
        assert Path(t["source"]["path"]).is_file() and t["source"]["line"] >= 1


def test_request_response_pairs_become_the_request_plus_the_reply(store):
    pairs = [t for t in store["transcripts"] if t["source"]["path"].endswith("openai_requests.jsonl")]
    line = pairs[0]["source"]["line"]
    raw = json.loads(OPENAI[1].read_text().splitlines()[line - 1])
    assert pairs[0]["messages"][:-1] == [{"role": m["role"], "content": m["content"]}
                                         for m in raw["request"]["messages"]]
    assert pairs[0]["messages"][-1] == {"role": "assistant",
                                        "content": raw["response"]["choices"][0]["message"]["content"]}
    assert pairs[0]["source"]["record"] == raw["response"]["id"]


def test_rerunning_either_call_changes_no_byte(store):
    before = snapshot(store["out"])
    for fmt, files in store["calls"]:
        proc = run_app("loopwright.ingest", f"format={fmt}", f"input={as_list(files)}", "output=transcripts",
                       cwd=store["cwd"])
        assert proc.returncode == 0
        assert snapshot(store["out"]) == before


def test_the_store_does_not_depend_on_the_order_of_the_calls(store, tmp_path):
    for fmt, files in reversed(store["calls"]):
        ing.ingest([str(p) for p in files], fmt, tmp_path)
    assert snapshot(tmp_path) == snapshot(store["out"])


def test_nothing_valid_exits_1_and_leaves_the_transcripts_untouched(store, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"messages": [{"role": "user", "content": "hi"}]}\n{oops\n')
    out = tmp_path / "store"
    ing.ingest([str(OPENAI[0])], "openai", out)
    before = (out / "transcripts.jsonl").read_bytes()
    proc = run_app("loopwright.ingest", f"input={bad}", f"output={out}", cwd=tmp_path)
    assert proc.returncode == 1
    assert f"{bad}:1: messages: no assistant turn" in proc.stderr and f"{bad}:2: invalid JSON" in proc.stderr
    assert (out / "transcripts.jsonl").read_bytes() == before
    entry = json.loads((out / "ingest_report.json").read_text())["inputs"][str(bad)]
    assert entry["status"].startswith("failed") and entry["malformed"] == 2


def test_strict_rejects_a_file_with_one_malformed_record(tmp_path):
    out = tmp_path / "store"
    proc = run_app("loopwright.ingest", f"input={OPENAI[0]}", f"output={out}", "strict=true", cwd=tmp_path)
    assert proc.returncode == 1
    assert not (out / "transcripts.jsonl").exists()
    entry = json.loads((out / "ingest_report.json").read_text())["inputs"][str(OPENAI[0])]
    assert entry["status"].startswith("rejected: strict=true") and entry["malformed"] == 3


def test_unusable_arguments_exit_2_with_the_key(tmp_path):
    proc = run_app("loopwright.ingest", "input=no/such.jsonl", "output=out", cwd=tmp_path)
    assert proc.returncode == 2 and "input=no/such.jsonl: no such file or directory" in proc.stderr
    proc = run_app("loopwright.ingest", f"input={OPENAI[0]}", "output=out", "format=csv", cwd=tmp_path)
    assert proc.returncode == 2 and "format=csv" in proc.stderr
    assert not (tmp_path / "out").exists()


def test_wrong_explicit_format_is_named_per_record(tmp_path):
    report, code = ing.ingest([str(LANGCHAIN[0])], "openai", tmp_path)
    assert code == 1
    reasons = {e["reason"] for e in report["inputs"][str(LANGCHAIN[0])]["errors"]}
    assert any("looks like a langchain one; use format=langchain" in r for r in reasons)


def test_a_json_array_cut_short_keeps_the_elements_before_the_break(tmp_path):
    runs = json.loads(LANGCHAIN[1].read_text())
    text = json.dumps(runs[:4], indent=2)  # the first trace (root + 3 children), complete
    broken = tmp_path / "export.json"
    broken.write_text(text[:-2] + ",\n  {\"id\": \"x\", \"run_type\": \n")
    report, code = ing.ingest([str(broken)], "langchain", tmp_path / "out")
    entry = report["inputs"][str(broken)]
    assert code == 0 and entry["kept"] == 1
    assert entry["errors"][0]["at"] == f"{broken}:{text.count(chr(10)) + 2}"
    assert "rest of the array is unreadable" in entry["errors"][0]["reason"]


def test_flat_and_nested_exports_of_one_trace_read_the_same(tmp_path):
    runs = json.loads(LANGCHAIN[1].read_text())[:4]
    nested = {**runs[0], "child_runs": [dict(r, child_runs=None) for r in runs[1:]]}
    flat_file, nested_file = tmp_path / "flat.json", tmp_path / "nested.jsonl"
    flat_file.write_text(json.dumps(runs))
    nested_file.write_text(json.dumps(nested) + "\n")
    a, _ = ing.ingest([str(flat_file)], "langchain", tmp_path / "a")
    b, _ = ing.ingest([str(nested_file)], "langchain", tmp_path / "b")
    ta = json.loads((tmp_path / "a" / "transcripts.jsonl").read_text())
    tb = json.loads((tmp_path / "b" / "transcripts.jsonl").read_text())
    assert ta["messages"] == tb["messages"] and ta["id"] == tb["id"]
    assert parse_run(nested)[0] == ta["messages"]


@pytest.mark.parametrize("record,where,words", [
    ({"messages": [{"role": "user", "content": "hi"}, {"role": "tool", "tool_call_id": "c1", "content": "x"},
                   {"role": "assistant", "content": "ok"}]}, "messages[1]", "must follow an assistant turn"),
    ({"messages": [{"role": "user", "content": 3}, {"role": "assistant", "content": "ok"}]}, "messages[0].content",
     "content must be a string"),
    ({"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": None}]}, "messages[1]",
     "neither content nor tool calls"),
    ({"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"arguments": "{}"}}]}]},
     "messages[1].tool_calls[0].function.name",
     "non-empty string name"),
    ({"request": {"messages": []}, "response": {"choices": []}}, "request.messages", "non-empty list"),
    ({"prompt": "hi"}, "", "expected 'messages', or 'request' and 'response'"),
])
def test_openai_record_errors_name_the_field(record, where, words):
    with pytest.raises(RecordError) as info:
        check_conversation(parse_record(record)[0])
    assert info.value.where == where and words in info.value.reason


def test_openai_reads_content_parts_invalid_arguments_and_legacy_function_calls():
    messages, _, _ = parse_record({"messages": [
        {"role": "developer", "content": [{"type": "text", "text": "Be "}, {"type": "text", "text": "brief."}]},
        {"role": "user", "content": "7 * 6?"},
        {"role": "assistant", "content": None, "function_call": {"name": "calculator", "arguments": "{bad json"}},
        {"role": "function", "name": "calculator", "content": "42"},
        {"role": "assistant", "content": "42"}]})
    assert messages[0] == {"role": "system", "content": "Be brief."}
    assert messages[2]["tool_calls"] == [{"id": None, "name": "calculator", "arguments": "{bad json"}]
    assert messages[3] == {"role": "tool", "content": "42", "tool_call_id": None, "name": "calculator"}


def test_langchain_reads_every_message_serialisation():
    run = {"id": "r1", "run_type": "llm", "inputs": {"messages": [[
        {"type": "system", "data": {"content": "sys"}},
        ["human", "tuple form"],
        {"role": "user", "content": "openai form"},
        {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "AIMessage"],
         "kwargs": {"content": "", "additional_kwargs": {"tool_calls": [
             {"id": "c9", "type": "function", "function": {"name": "calculator",
                                                           "arguments": "{\"expression\": \"1+1\"}"}}]}}},
        {"type": "tool", "content": "2", "tool_call_id": "c9"}]]},
        "outputs": {"generations": [[{"text": "It is 2."}]]}}
    messages, _, run_id = parse_run(run)
    assert [m["role"] for m in messages] == ["system", "user", "user", "assistant", "tool", "assistant"]
    assert messages[3]["tool_calls"] == [{"id": "c9", "name": "calculator", "arguments": {"expression": "1+1"}}]
    assert messages[-1]["content"] == "It is 2." and run_id == "r1"


def test_a_plain_chain_run_without_llm_children_reads_input_and_output():
    messages, _, _ = parse_run({"run_type": "chain", "inputs": {"question": "Hi?", "chat_history": [
        {"type": "human", "content": "before"}, {"type": "ai", "content": "earlier"}]},
                                "outputs": {"answer": "Hello."}})
    assert [(m["role"], m["content"]) for m in messages] == [
        ("user", "before"), ("assistant", "earlier"), ("user", "Hi?"), ("assistant", "Hello.")]
