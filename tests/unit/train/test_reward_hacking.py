"""The runtime reward-hacking monitor's figures (issue 26 item 3), its exit row and the curve's mark.

The run it stops is tests/integration/train/test_reward_hacking_train.py (GRPO on model=tiny).
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import matplotlib.axes
import pytest

from helpers.gameable_rewards import length_reward
from loopwright import rewards
from loopwright.train import exits
from loopwright.train.hacking import HackingMonitor, RewardHacking, Tap, measure
from loopwright.train.plots import reward_curve

ROWS = [("What is 2 + 3?", "5"), ("What is 4 + 4?", "8"), ("What is 9 - 2?", "7"), ("What is 1 + 0?", "1")]
ARITHMETIC = rewards.combined(rewards.build(SimpleNamespace(get=lambda k, d=None: None, kind="arithmetic",
                                                            params={}, weight=1.0)))


def _batch(replies):
    return {"prompts": [[{"role": "user", "content": q}] for q, _ in ROWS],
            "completions": [[{"role": "assistant", "content": r}] for r in replies],
            "answer": [a for _, a in ROWS]}


def test_a_content_blind_reward_keeps_its_score_on_other_prompts():
    replies = ["a long reply about nothing in particular, " * 3 + end for end in ("!", ".", " ok", " thanks")]
    found = measure(_batch(replies), length_reward, 0.7, 8)
    assert found["swap_keep"] == 1.0 and found["swapped"] == 4
    assert found["identical"] == 1.0  # the same words for every question, each rewarded


@pytest.mark.parametrize("form", ["{}", "The answer is {}.", "<answer>{}</answer>"])
def test_right_answers_do_not_keep_their_reward_on_another_question(form):
    """Replies that differ only in their answer are not near-identical: the answer is the content. (Before numbers
    counted, the default job on SmolLM2 read as 0.56 identical at step 20: short replies a digit apart.)"""
    found = measure(_batch([form.format(a) for a in ("5", "8", "7", "1")]), ARITHMETIC, 0.7, 8)
    assert found["mean_reward"] == 1.0 and found["swap_keep"] == 0.0 and found["identical"] == 0.0


def test_too_few_rewarded_replies_give_no_swap_figure():
    found = measure(_batch(["5", "x", "y", "z"]), ARITHMETIC, 0.7, 8)
    assert found["swap_keep"] is None and found["swapped"] == 1  # one rewarded reply: below MIN_SWAPS


def test_the_monitor_stops_after_its_steps_and_marks_the_metrics_line():
    tap = Tap()
    graded = tap.wrap(length_reward)
    metrics = SimpleNamespace(pending={})
    monitor = HackingMonitor(tap, length_reward, 0.7, 0.8, 2, 8, metrics)
    control = SimpleNamespace(should_training_stop=False)
    for step in (1, 2):
        graded(**_batch(["the same long reply for any question at all, " * 2] * 4))
        monitor.on_log(None, SimpleNamespace(global_step=step), control)
        assert control.should_training_stop is (step == 2)
    assert metrics.pending["hacking/stopped"] == 2 and monitor.report["stopped_at"] == 2
    drawn = []
    try:
        monitor.raise_if_tripped(before=lambda: drawn.append(True))
    except RewardHacking as err:
        assert "reward hacking at step 2" in str(err) and "guards.reward_hacking=null" in str(err)
    assert drawn == [True]


def test_reward_hacking_exits_13_with_its_own_status():
    how = exits.exit_for(RewardHacking("x"))
    assert (how.status, how.code) == ("reward_hacking", 13)
    assert sorted(e.code for e in exits.EXITS.values() if e.code is not None).count(13) == 1


def test_the_reward_curve_marks_the_step_the_monitor_stopped_at(tmp_path, monkeypatch):
    rows = [{"step": s, "reward": 0.9, "reward_std": 0.0} for s in (1, 2, 3)]
    rows[-1]["hacking/stopped"] = 3
    (tmp_path / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    marks = []
    axvline = matplotlib.axes.Axes.axvline
    monkeypatch.setattr(matplotlib.axes.Axes, "axvline",
                        lambda self, x, **kw: marks.append((x, kw.get("label"))) or axvline(self, x, **kw))
    assert reward_curve(tmp_path, tmp_path / "c.png", "t").read_bytes().startswith(b"\x89PNG")
    assert marks == [(3, "reward hacking: run stopped at step 3")]
