"""`python -m loopwright.ingest` on a directory holding a log of every format, as a user runs it.

The logs (tests/helpers/log_formats.py) each carry one malformed record; the app must
keep every other conversation with its tool turns, name each bad record by file, line
and id on the terminal and in the report, and write the same bytes when run again or
when the formats are ingested by separate explicit calls.
"""

from __future__ import annotations

import json

import pytest

from helpers import log_formats as lf
from helpers.loop_apps import run_app, snapshot


def _files(directory):
    bad_child = lf.langsmith_nested(32)
    bad_child["child_runs"][1]["name"] = ""  # a tool run without its tool's name
    flat = lf.langsmith_flat(40) + lf.langsmith_flat(41)
    flat[4]["outputs"] = {}  # trace 41's last LLM call, line 1 of its pretty-printed element
    (directory / "langsmith_flat.json").write_text(json.dumps(flat, indent=1))
    bad_anthropic = lf.anthropic_pair(22)
    del bad_anthropic["request"]["messages"][2]["content"][0]["tool_use_id"]
    return {
        "openai_chats.jsonl": (lf.write_jsonl(directory / "openai_chats.jsonl", [
            lf.openai_chat(1), lf.openai_chat(2), {"messages": [{"role": "user", "content": "hi"}]}]), "openai"),
        "openai_turns.jsonl": (lf.write_jsonl(directory / "openai_turns.jsonl",
                                              lf.openai_turns(10) + lf.openai_turns(11)), "openai"),
        "anthropic.jsonl": (lf.write_jsonl(directory / "anthropic.jsonl", [
            lf.anthropic_pair(20), lf.anthropic_chat(21), bad_anthropic]), "anthropic"),
        "langsmith_runs.jsonl": (lf.write_jsonl(directory / "langsmith_runs.jsonl", [
            lf.langsmith_nested(30), lf.langsmith_tool_runs(31), bad_child, lf.langgraph_state(33)]), "langchain"),
        "langsmith_flat.json": (directory / "langsmith_flat.json", "langchain"),
    }, {"openai_chats.jsonl:3": None, "anthropic.jsonl:3": "msg_22",
        "langsmith_runs.jsonl:3": bad_child["child_runs"][1]["id"]}, flat[4]["id"]


@pytest.fixture(scope="module")
def ingested(tmp_path_factory):
    cwd = tmp_path_factory.mktemp("formats")
    logs = cwd / "logs"
    logs.mkdir()
    files, bad, flat_bad_id = _files(logs)
    proc = run_app("loopwright.ingest", f"input={logs}", "output=store", cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    store = cwd / "store"
    return {"cwd": cwd, "logs": logs, "files": files, "bad": bad, "flat_bad_id": flat_bad_id, "proc": proc,
            "report": json.loads((store / "ingest_report.json").read_text()), "store": store,
            "rows": [json.loads(x) for x in (store / "transcripts.jsonl").read_text().split("\n") if x]}


def test_every_good_conversation_of_every_format_is_kept(ingested):
    by_file = {}
    for row in ingested["rows"]:
        by_file.setdefault(row["source"]["path"].rsplit("/", 1)[1], []).append(row)
    assert {name: len(rows) for name, rows in by_file.items()} == {
        "openai_chats.jsonl": 2, "openai_turns.jsonl": 2, "anthropic.jsonl": 2, "langsmith_runs.jsonl": 3,
        "langsmith_flat.json": 1}
    for name, (_, fmt) in ingested["files"].items():
        assert {r["format"] for r in by_file[name]} == {fmt}
    assert f"{len(ingested['rows'])} conversations in" in ingested["proc"].stdout


def test_each_format_keeps_its_tool_calls_linked_to_their_results(ingested):
    for row in ingested["rows"]:
        calls = {c["id"]: c["name"] for m in row["messages"] for c in m.get("tool_calls", [])}
        results = [m for m in row["messages"] if m["role"] == "tool"]
        assert [m["tool_call_id"] for m in results] == list(calls), row["source"]  # each call answered, in order
    tooled = {r["source"]["path"].rsplit("/", 1)[1] for r in ingested["rows"]
              if any(m["role"] == "tool" for m in r["messages"])}
    assert tooled == {"openai_chats.jsonl", "anthropic.jsonl", "langsmith_runs.jsonl", "langsmith_flat.json"}


def test_turn_by_turn_requests_are_one_transcript_each(ingested):
    entry = ingested["report"]["inputs"][str(ingested["logs"] / "openai_turns.jsonl")]
    assert entry["valid"] == 4 and entry["kept"] == 2 and len(entry["merged"]) == 2
    assert "2 earlier turns merged into longer logs" in ingested["proc"].stdout


def test_each_bad_record_is_told_by_file_line_and_id(ingested):
    errors = {e["at"].rsplit("/", 1)[1]: e for entry in ingested["report"]["inputs"].values()
              for e in entry["errors"]}
    flat_at = next(at for at in errors if at.startswith("langsmith_flat.json:"))
    assert set(errors) == set(ingested["bad"]) | {flat_at}
    for at, want in ingested["bad"].items():
        assert errors[at]["id"] == want, errors[at]
    assert errors[flat_at]["id"] == ingested["flat_bad_id"]
    flat_lines = (ingested["logs"] / "langsmith_flat.json").read_text().split("\n")
    assert json.loads("{" + flat_lines[int(flat_at.rsplit(":", 1)[1])].strip().rstrip(",") + "}")["id"] \
        == ingested["flat_bad_id"]  # the line right after the element's "{" names the bad run
    for at, e in errors.items():
        assert f"{at}: " + (f"[id {e['id']}] " if e["id"] else "") in ingested["proc"].stderr


def test_explicit_formats_in_separate_calls_write_the_same_transcripts(ingested, tmp_path):
    for name, (path, fmt) in ingested["files"].items():
        proc = run_app("loopwright.ingest", f"format={fmt}", f"input={path}", "output=store", cwd=tmp_path)
        assert proc.returncode == 0, (name, proc.stderr)
    assert (tmp_path / "store" / "transcripts.jsonl").read_bytes() == \
        (ingested["store"] / "transcripts.jsonl").read_bytes()


def test_rerunning_changes_no_byte(ingested):
    before = snapshot(ingested["store"])
    proc = run_app("loopwright.ingest", f"input={ingested['logs']}", "output=store", cwd=ingested["cwd"])
    assert proc.returncode == 0 and snapshot(ingested["store"]) == before


def test_an_unknown_format_names_the_known_ones(tmp_path):
    log = lf.write_jsonl(tmp_path / "spans.jsonl", [lf.openai_chat(1)])
    proc = run_app("loopwright.ingest", "format=otel", f"input={log}", "output=out", cwd=tmp_path)
    assert proc.returncode == 2
    assert "format=otel" in proc.stderr and "'anthropic'" in proc.stderr
