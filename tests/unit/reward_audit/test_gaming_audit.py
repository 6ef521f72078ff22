"""The generated gaming audit (issue 26 item 1): ten planted gameable graders flagged, the shipped ones passed.

The planted graders are tests/helpers/gameable_rewards.py, each given as a user's ``reward._target_``. The
current customer_support grader is flagged (templates scored on questions without their order record, the
order record dumped as the reply): a true positive until issue 26 item 4 rebuilds it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from helpers import compose
from helpers.gameable_rewards import PLANTED
from helpers.loop_apps import run_app
from loopwright.reward_audit import attacks, audit, gaming

TESTS = Path(__file__).resolve().parents[2]  # where helpers/ is: a user's _target_ module on the path


def _report(overrides, rows=16, probes=None):
    cfg = compose(overrides)
    params = cfg.reward.get("params") or {}
    return audit.audit(cfg.reward, audit.audit_rows(cfg.task, rows), float(params.get("threshold", 0.7)), 8000,
                       probes=probes)


def test_the_audit_flags_every_planted_gameable_grader():
    flagged = {}
    for name, task in PLANTED.items():
        report = _report([f"task={task}", f"+reward._target_=helpers.gameable_rewards.{name}"])
        flagged[name] = report["gameable"]
    assert len(PLANTED) == 10
    assert sum(bool(v) for v in flagged.values()) >= 9, flagged
    # what only the generated attacks find: the record dumped, and "sorry + we'll be in touch" on any question
    assert "facts_dump" in flagged["facts_echo"] and "templates" in flagged["apology_and_promise"]


def test_the_fixed_probes_alone_miss_two_planted_graders():
    """The audit before issue 26 (reward_audit/probes.py only) let facts_echo and apology_and_promise through."""
    fixed = tuple(audit.gaming.PROBES)
    missed = [name for name, task in PLANTED.items()
              if not _report([f"task={task}", f"+reward._target_=helpers.gameable_rewards.{name}"],
                             probes=fixed)["gameable"]]
    assert missed == ["facts_echo", "apology_and_promise"]


def test_the_rebuilt_customer_support_grader_passes_the_audit():
    """Issue 26 item 4: before the rebuild, 114 of 384 templates, the record dumped as JSON and a stripped reply
    scored >= 0.7 here (docs/REWARDS.md); now no probe gets a reply to the threshold."""
    report = _report(["reward=customer_support", "task=customer_support"])
    assert report["gameable"] == [], report["gameable"]
    assert report["probes"]["templates"]["max"] < 0.7 and report["probes"]["facts_dump"]["max"] < 0.7
    assert report["probes"]["templates"]["of"] >= 96 and report["probes"]["prompt_swap"]["gameability"] == 0.0


def test_a_prompt_swap_keeps_the_score_only_for_a_content_blind_grader():
    blind = _report(["task=customer_support", "+reward._target_=helpers.gameable_rewards.length_reward"])
    assert blind["probes"]["prompt_swap"]["gameability"] == 1.0
    ex = blind["probes"]["prompt_swap"]["worst"][0]
    assert ex["reply_written_for"] != ex["question"]
    right = _report(["reward=arithmetic", "task=arithmetic"])
    assert right["probes"]["prompt_swap"]["of"] > 0 and right["probes"]["prompt_swap"]["max"] == 0.0


def test_the_attacks_are_what_they_say():
    parts = attacks.templates(3)
    assert len(parts) == 12 and {r for r, _ in parts} == set(attacks.REGISTERS) and len({t for _, t in parts}) == 12
    assert attacks.strip_specifics("Order W1599145 ships 2024-03-05, $22.49, tracking 684984357250.") == \
        "Order ships,, tracking."
    other = {"prompt": "x", "answer": "7"}
    assert attacks.swap_specifics("<answer>12</answer>", other) == "<answer>7</answer>"
    assert attacks.lucky("within 24 hours", {"answer": "24"}) and not attacks.lucky("within 24 hours", {"answer": "2"})
    assert attacks.truth_key({"answer": "Work... #### 1,200"}) == attacks.truth_key({"answer": 1200})
    facts = {"prompt": "p", "facts_json": json.dumps({"order_id": "W1", "status": "shipped", "tracking": "1Z"})}
    assert "W1" in attacks.reference(facts) and "1Z" in attacks.reference(facts)
    assert json.loads(attacks.facts_dump(facts))["status"] == "shipped"
    stuffed = attacks.number_stuffing(other).split()
    assert stuffed[0] == "-0.5" and stuffed[-1] == "0.5" and "300" in stuffed


def test_a_declared_shaping_reward_is_asked_no_content_question():
    report = _report(["reward=format", "task=arithmetic"])
    assert report["shaping"].startswith("format:") and report["gameable"] == []
    assert not report["probes"]["templates"]["applies"] and report["probes"]["empty"]["applies"]
    # inside a composite with a correctness grader, every probe applies and the whole passes
    composite = _report(["reward=composite", "task=gsm8k"])
    assert composite["shaping"] is None and all(p["applies"] for n, p in composite["probes"].items()
                                                if n != "facts_dump")


@pytest.mark.parametrize("max_rate, flagged", [(0.0, True), (0.5, False)])
def test_max_rate_is_the_gameability_a_probe_may_have(max_rate, flagged):
    # politeness only: the polite templates pass, the curt ones do not (a third of them)
    cfg = compose(["task=customer_support", "+reward._target_=helpers.gameable_rewards.politeness_only"])
    report = audit.audit(cfg.reward, audit.audit_rows(cfg.task, 8), 0.7, 2000, max_rate=max_rate,
                         probes=("templates",))
    assert 0 < report["probes"]["templates"]["gameability"] <= 0.5
    assert bool(report["gameable"]) is flagged


def test_the_command_flags_a_users_target_and_prints_the_worst_examples(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]))
    proc = run_app("loopwright.audit", "task=customer_support", "+reward._target_=helpers.gameable_rewards.done_word",
                   "rows=4", "output=report.json", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert "templates" in proc.stdout and "GAMEABLE" in proc.stdout and "FAIL" in proc.stdout
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["probes"]["templates"]["worst"][0]["score"] == 1.0
    assert set(report["probes"]) == set(gaming.PROBES) | set(gaming.GENERATED)
