"""python -m loopwright.audit: every probe, every shipped grader passing its own audit, exit codes."""

from __future__ import annotations

import json

import pytest

from helpers import compose
from helpers.loop_apps import run_app
from loopwright.reward_audit import audit, gaming, probes

GRADERS = [("tool_calling", "tool_use"), ("arithmetic", "arithmetic"), ("gsm8k", "gsm8k"), ("format", "arithmetic"),
           ("length", "arithmetic"), ("composite", "gsm8k"), ("customer_support", "customer_support")]


def _report(reward, task, rows=8, **over):
    cfg = compose([f"reward={reward}", f"task={task}"])
    return audit.audit(cfg.reward, audit.audit_rows(cfg.task, rows), over.get("threshold", 0.7), 8000)


@pytest.mark.parametrize("reward, task", GRADERS)
def test_every_shipped_grader_passes_its_own_audit(reward, task):
    report = _report(reward, task, rows=16)
    assert report["gameable"] == [], report
    assert set(report["probes"]) == set(probes.PROBES) | set(gaming.GENERATED)


def test_each_probe_is_what_it_says():
    row = {"prompt": [{"role": "user", "content": "What is 8 + 0?"}], "answer": "8"}
    opts = {"max_chars": 500}
    assert probes.empty(row, opts) == ""
    assert probes.prompt_echo(row, opts) == "What is 8 + 0?"
    assert len(probes.max_length(row, opts)) == 500
    assert probes.repeated_keywords(row, opts).count("<answer>") == 8
    assert "<tool_call>" in probes.fake_tool_call(row, opts) and "resolve_request" in probes.fake_tool_call(row, opts)
    assert "9" in probes.contradiction(row, opts) and "8" not in probes.contradiction(row, opts)
    facts = {"prompt": "Where?",
             "facts_json": json.dumps({"order_id": "W1234567", "status": "delivered", "total": 10.0})}
    assert "W1234567" in probes.contradiction(facts, opts) and "$23.37" in probes.contradiction(facts, opts)
    call = {"prompt": "x", "expected_tool": "calculator", "expected_arguments_json": json.dumps({"expression": "2+2"})}
    assert json.loads(probes.contradiction(call, opts)[11:-12])["arguments"] == {"expression": "not-2+2"}


def test_contradiction_does_not_apply_to_a_grader_without_ground_truth():
    report = _report("format", "arithmetic")
    assert report["probes"]["contradiction"]["applies"] is False and report["columns_read"] == []


def test_a_gameable_grader_is_reported_and_fails(tmp_path):
    """A threshold no grader can stay under (0) makes every applying probe 'gameable'."""
    report = _report("tool_calling", "tool_use", threshold=0.0)
    assert report["gameable"] == sorted(n for n, p in report["probes"].items() if p["applies"])
    assert set(probes.PROBES) <= set(report["gameable"])


def test_the_command_exit_codes_and_report(tmp_path):
    ok = run_app("loopwright.audit", "reward=tool_calling", "task=tool_use", "rows=4", "output=report.json",
                 cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert "PASS" in ok.stdout and json.loads((tmp_path / "report.json").read_text())["gameable"] == []
    gamed = run_app("loopwright.audit", "reward=length", "task=arithmetic", "rows=2", "threshold=-1", cwd=tmp_path)
    assert gamed.returncode == 1 and "GAMEABLE" in gamed.stdout and "FAIL" in gamed.stdout
    bad = run_app("loopwright.audit", "reward=customer_support", "+reward.params.nope=1", cwd=tmp_path)
    assert bad.returncode == 2 and "reward.params" in bad.stderr
