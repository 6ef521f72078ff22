"""The loop from served traffic: serve a tiny run, chat through it (tools run by chat), ingest the
traffic, improve, train a child run, and lineage walks back through traffic.jsonl to the served run.

Every step is its real command (``python -m loopwright.<app>``, ``train.py``), as docs/SERVE.md shows.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys

import pytest

from helpers import run_train
from helpers.loop_apps import run_app
from helpers.serving import ANSWER, QUESTION, TINY, serving

CHAT_INPUT = f"{QUESTION}\n/new\nHello\n"


@pytest.fixture(scope="module")
def loop(runs, tmp_path_factory):
    cwd = tmp_path_factory.mktemp("served-loop")
    served = runs["full"]
    serve_dir = cwd / "serve"
    with serving(served, f"dir={serve_dir}") as (base_url, _):
        chat = run_app("loopwright.chat", f"base_url={base_url}", f"run={served}", "task=tool_use",
                       "max_new_tokens=40", f"output={cwd / 'chats.jsonl'}", cwd=cwd, stdin=CHAT_INPUT)
    assert chat.returncode == 0, chat.stderr
    traffic = serve_dir / "traffic.jsonl"
    ingest = run_app("loopwright.ingest", "format=openai", f"input={traffic}", "output=transcripts", cwd=cwd)
    assert ingest.returncode == 0, ingest.stderr
    improve = run_app("loopwright.improve", "transcripts=transcripts", "reward=tool_calling", "task=tool_use",
                      "threshold=0.2", "output=improved", "calibration_required=false", cwd=cwd)
    assert improve.returncode == 0, improve.stdout + improve.stderr
    blocks = re.findall(r"```bash\n(.*?)\n```", (cwd / "improved" / "next_steps.md").read_text(), flags=re.S)
    sft = next(shlex.split(b)[2:] for b in blocks if b.startswith("python train.py") and "objective=sft" in b)
    child = cwd / "child"
    train = run_train([*sft, *TINY, f"hydra.run.dir={child}"], cwd=cwd, timeout=900)
    assert train.returncode == 0, train.stderr[-3000:]
    return {"cwd": cwd, "served": served, "traffic": traffic, "chat": chat, "child": child,
            "next_steps": (cwd / "improved" / "next_steps.md").read_text()}


def test_chat_through_the_server_runs_the_tool_and_gets_the_answer(loop):
    out = loop["chat"].stdout
    assert 'tool call> calculator({"expression": "12 * 7"}) -> 84' in out
    assert f"assistant> {ANSWER}" in out and out.count("assistant> ") == 2
    saved = [json.loads(line) for line in (loop["cwd"] / "chats.jsonl").open()]
    assert [m["role"] for m in saved[0]["messages"]] == ["user", "assistant", "tool", "assistant"]
    assert saved[0]["metadata"]["run"] == str(loop["served"]) and saved[0]["metadata"]["base_url"]


def test_the_traffic_holds_each_request_with_the_served_run(loop):
    records = [json.loads(line) for line in loop["traffic"].open()]
    assert len(records) == 3  # the call, the answer after the tool's result, "Hello"
    assert {r["metadata"]["run"] for r in records} == {str(loop["served"])}
    first = records[0]["response"]["choices"][0]
    assert first["finish_reason"] == "tool_calls" and first["message"]["tool_calls"][0]["function"]["name"] == \
        "calculator"
    assert records[1]["request"]["messages"][-1] == {"role": "tool", "tool_call_id":
                                                     first["message"]["tool_calls"][0]["id"], "content": "84"}
    report = json.loads((loop["cwd"] / "transcripts" / "ingest_report.json").read_text())
    assert report["inputs"][str(loop["traffic"])]["runs"] == [str(loop["served"])]


def test_improve_curates_the_tool_call_and_names_the_served_run_as_baseline(loop):
    rows = [json.loads(line) for line in (loop["cwd"] / "improved" / "curated.jsonl").open()]
    assert len(rows) == 1 and "<tool_call>" in rows[0]["completion"][0]["content"]  # seen twice, kept once
    assert f"--baseline {loop['served']}" in loop["next_steps"]


def test_lineage_of_the_child_reaches_the_served_run_through_the_traffic(loop):
    proc = subprocess.run([sys.executable, "-m", "loopwright.lineage", str(loop["child"])], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    cwd = loop["cwd"]
    chain = [f"run {loop['child']}", f"data {cwd / 'improved' / 'curated.jsonl'}", f"improve {cwd / 'improved'}",
             f"transcripts {cwd / 'transcripts' / 'transcripts.jsonl'}", "ingest report",
             f"raw log {loop['traffic']}", f"conversations with run {loop['served']}"]
    positions = [next(i for i, line in enumerate(lines) if needle in line) for needle in chain]
    assert positions == sorted(positions), proc.stdout
    served_at = positions[-1]
    assert "objective=grpo" in lines[served_at] and "[completed]" in lines[served_at]
    assert any("result: held-out" in line for line in lines[served_at + 1:]), proc.stdout  # the served run's own


def test_in_process_chat_answers_as_the_server_did(loop, tmp_path):
    proc = run_app("loopwright.chat", f"run={loop['served']}", "task=tool_use", "max_new_tokens=40",
                   f"output={tmp_path / 'chats.jsonl'}", cwd=tmp_path, stdin=CHAT_INPUT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == loop["chat"].stdout
