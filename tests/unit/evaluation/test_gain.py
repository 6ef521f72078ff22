"""summary.gain: did training move the held-out figure past its noise? eval.require_gain turns no into exit 14."""

from __future__ import annotations

import pytest

from loopwright.evaluation.held_out import NoGain, base_vs_trained, format_table, raise_if_no_gain
from loopwright.train import exits

ROWS = [{"prompt": f"q{i}"} for i in range(40)]


def _summary(base_scores: list[float], trained_scores: list[float]) -> dict:
    n = len(base_scores)
    return base_vs_trained(ROWS[:n], ([""] * n, base_scores), ([""] * n, trained_scores), threshold=0.7)["summary"]


def test_a_clear_gain_is_called_a_gain():
    summary = _summary([0.0] * 40, [1.0] * 30 + [0.0] * 10)
    assert summary["gain"]["verdict"] == "gain" and summary["gain"]["on"] == "success"
    assert "GAIN: held-out success +0.750" in format_table(summary)
    raise_if_no_gain(summary, required=True)  # no exception


@pytest.mark.parametrize("base, trained, verdict", [
    ([0.0] * 40, [0.0] * 40, "no gain"),  # 0.000 -> 0.000: the support experiment's 38 minutes
    ([0.0] * 40, [1.0] + [0.0] * 39, "no gain"),  # one prompt of forty: inside the noise
    ([1.0] * 40, [0.0] * 40, "worse"),
])
def test_no_move_past_the_noise_is_no_gain_and_required_it_ends_the_run(base, trained, verdict):
    summary = _summary(base, trained)
    assert summary["gain"]["verdict"] == verdict
    raise_if_no_gain(summary, required=False)  # recorded only
    with pytest.raises(NoGain, match="eval.require_gain: (NO GAIN|WORSE): held-out"):
        raise_if_no_gain(summary, required=True)
    how = exits.exit_for(NoGain("x"))
    assert (how.status, how.code) == ("no_gain", 14)


def test_with_nothing_solved_the_verdict_is_on_the_mean_reward():
    summary = _summary([0.1] * 40, [0.5] * 40)  # under the 0.7 cut on both sides: success cannot move
    assert summary["gain"]["on"] == "mean reward" and summary["gain"]["verdict"] == "gain"
