"""reward_curve.png: raw per-step rewards faint, a rolling mean over them in front."""

from __future__ import annotations

import json
import math
import random

import pytest

from loopwright.train.plots import reward_curve, rolling_mean, smoothing_window


def test_rolling_mean_averages_each_point_with_the_ones_before_it():
    assert rolling_mean([1.0, 3.0, 5.0, 7.0], 2) == [1.0, 2.0, 4.0, 6.0]
    assert rolling_mean([2.0, 4.0], 5) == [2.0, 3.0]  # fewer points than the window at the start
    assert rolling_mean([1.0, 2.0], 1) == [1.0, 2.0]


def test_short_runs_are_not_smoothed_long_ones_over_a_tenth_of_the_run():
    assert smoothing_window(2) == 1
    assert smoothing_window(20) == 2
    assert smoothing_window(80) == 8


@pytest.mark.parametrize("steps", [2, 80])
def test_reward_curve_draws_the_raw_points_and_the_rolling_mean(tmp_path, steps, monkeypatch):
    import matplotlib.axes

    random.seed(0)
    rows = [{"step": s, "reward": 0.5 * (1 - math.exp(-s / 30)) + random.gauss(0, 0.15), "reward_std": 0.2}
            for s in range(1, steps + 1)]
    metrics = tmp_path / "metrics.jsonl"
    metrics.write_text("".join(json.dumps(r) + "\n" for r in rows))
    labels: list[str] = []
    plot = matplotlib.axes.Axes.plot

    def recording_plot(self, *args, **kwargs):
        labels.append(kwargs.get("label", ""))
        return plot(self, *args, **kwargs)

    monkeypatch.setattr(matplotlib.axes.Axes, "plot", recording_plot)
    out = reward_curve(tmp_path, tmp_path / "reward_curve.png", "title")
    assert out.read_bytes().startswith(b"\x89PNG")
    assert labels[0] == "reward (mean over the step's completions)"
    assert labels[1:] == ([f"rolling mean over {smoothing_window(steps)} steps"] if steps > 2 else [])
