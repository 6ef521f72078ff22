"""bench/objectives.py --seeds: the pure aggregation on fixed numbers, then one whole tiny pass
(model=tiny, profile=smoke, 2 steps, 2 seeds x 2 objectives: about a minute on 2 cores)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest

from helpers import ROOT, load_script

BENCH = ROOT / "bench" / "objectives.py"


bo = load_script(BENCH, "bench_objectives")


def test_t_quantile_matches_the_tables():
    assert bo.t_quantile(0.975, 2) == pytest.approx(4.3027, abs=1e-4)
    assert bo.t_quantile(0.975, 1) == pytest.approx(12.7062, abs=1e-4)
    assert bo.t_quantile(0.975, 9) == pytest.approx(2.2622, abs=1e-4)
    assert bo.t_quantile(0.95, 4) == pytest.approx(2.1318, abs=1e-4)
    assert bo.t_quantile(0.975, 1000) == pytest.approx(1.9623, abs=1e-3)


def test_seed_interval_on_fixed_deltas():
    s = bo.seed_interval([0.5, 0.6, 0.7])
    half = 4.303 * 0.1 / math.sqrt(3)
    assert s["n"] == 3 and s["mean"] == pytest.approx(0.6) and s["sd"] == pytest.approx(0.1)
    assert s["half_width"] == pytest.approx(half, abs=1e-3)
    assert s["interval"] == pytest.approx([0.6 - half, 0.6 + half], abs=1e-3)
    assert "t(0.975, 2)" in s["method"]
    one = bo.seed_interval([0.3])
    assert one["mean"] == 0.3 and one["interval"] is None and "one seed" in one["method"]


def test_summarize_marks_the_goal_per_seed():
    def run(seed, delta):
        return {"seed": seed, "base_accuracy": 0.2, "trained_accuracy": 0.2 + delta, "accuracy_delta": delta,
                "final_reward": 0.5, "train_s": 10.0}

    row = bo.summarize("grpo", [run(0, 0.5), run(1, 0.6), run(2, 0.7)], pooled=None)
    assert row["mean_delta"] == pytest.approx(0.6) and row["goal_on_every_seed"] is True
    assert row["accuracy_delta"] == [0.5, 0.6, 0.7] and row["completed_seeds"] == [0, 1, 2]
    assert bo.summarize("grpo", [run(0, 0.5), run(1, 0.39)], pooled=None)["goal_on_every_seed"] is False
    with_failure = bo.summarize("grpo", [run(0, 0.5), {"seed": 1, "error": "boom"}], pooled=None)
    assert with_failure["goal_on_every_seed"] is False and with_failure["failed_seeds"] == [1]
    assert with_failure["over_seeds"]["interval"] is None  # one completed seed


def test_tiny_bench_over_two_seeds(tmp_path):
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, str(BENCH), "--model", "tiny", "--profile", "smoke", "--steps", "2",
                           "--seeds", "2", "--objectives", "grpo", "rloo", "--out", str(out), "--jobs", "2"],
                          cwd=ROOT, env=os.environ.copy(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]

    data = json.loads((out / "objectives.json").read_text())
    assert data["config"]["seeds"] == [0, 1] and data["config"]["model"] == "tiny" and data["config"]["jobs"] == 2
    rows = {r["objective"]: r for r in data["objectives"]}
    assert [r["objective"] for r in data["objectives"]] == ["grpo", "rloo"]  # in order, though runs end in any
    for name, r in rows.items():
        assert r["completed_seeds"] == [0, 1] and len(r["accuracy_delta"]) == 2
        assert [x["steps"] for x in r["runs"]] == [2, 2]
        assert r["mean_delta"] == pytest.approx(sum(r["accuracy_delta"]) / 2)
        assert r["over_seeds"]["n"] == 2 and r["over_seeds"]["t"] == pytest.approx(12.706, abs=1e-3)
        lo, hi = r["over_seeds"]["interval"]
        assert lo <= r["mean_delta"] <= hi
        pooled = r["pooled_bootstrap"]
        assert pooled["n_runs"] == 2 and pooled["n_prompts"] == 40
        assert pooled["interval"][0] <= pooled["delta"] <= pooled["interval"][1]
        assert 0 <= pooled["p_value"] <= 1
        assert isinstance(r["goal_on_every_seed"], bool)
        for seed in (0, 1):
            assert (out / "runs" / name / f"seed{seed}" / "eval_results.json").is_file()

    md = (out / "objectives.md").read_text()
    assert "| `grpo` | 2/2 |" in md and "| `rloo` | 2/2 |" in md
    assert ">= +0.40 on every seed" in md and "small sample" in md and "bootstrap over prompts" in md
    assert (out / "objectives.png").read_bytes().startswith(b"\x89PNG")
