"""The real default model, end to end: a quarter of the default run, what it records and that it learns (~2 min)."""

from __future__ import annotations

import json

import pytest

from helpers import run_train


@pytest.mark.slow
def test_default_recipe_improves_held_out_accuracy(tmp_path):
    """A quarter of the default run (10 of 40 steps): the trained policy must already beat the base.

    The full default run's figures are in docs/BENCHMARKS.md; this keeps CI honest that the recipe learns, at a
    quarter of the training. Measured 2026-12-05 with one torch thread, as the suite runs it: 10 steps took the
    held-out accuracy 0.125 -> 0.850 (+0.725; 29 fixed, 0 broken) in 80 s on an idle machine; the bound is +0.3.
    """
    run_dir = tmp_path / "run"
    # timeout: a hang guard only (about 80 s on an idle 2-core machine)
    proc = run_train(["profile.max_steps=10", "save_model=false", f"hydra.run.dir={run_dir}"], cwd=tmp_path,
                     timeout=2400)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    results = json.loads((run_dir / "eval_results.json").read_text())
    summary = results["summary"]
    assert summary["n_prompts"] == 40
    assert summary["accuracy_delta"] >= 0.3, summary
    lines = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    rewards = [m["reward"] for m in lines]
    assert sum(rewards[-5:]) / 5 > sum(rewards[:5]) / 5  # training reward rose too
    # What the real default model's run records (once a separate 2-step run; the same run proves both now)
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["status"] == "completed"
    # The step-0 signal check, enforced on real weights, passed (seed 0: 10 of 16 groups equal, 94 of 128 cut)
    assert manifest["signal_check"]["enforced"] is True and manifest["signal_check"]["signal"] is True
    assert manifest["choices"]["model"] == "smollm2" and manifest["model"]["parameters"] > 130_000_000
    assert manifest["model"]["source"]["asset"].endswith(".gguf")
    assert manifest["trainer"]["config"]["per_device_train_batch_size"] == 16
    assert [m["step"] for m in lines] == list(range(1, 11))
    # The real model produces real completions: lengths vary and the entropy is finite.
    assert all(0 < m["completions/mean_length"] <= 12 for m in lines)
    assert len(results["records"]) == 40
    assert any(r["base_completion"].strip() for r in results["records"])
    assert not (run_dir / "model").exists()  # save_model=false is honoured
