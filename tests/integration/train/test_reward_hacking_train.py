"""Issue 26 items 2 and 3 through train.py: a planted gameable grader is refused before anything heavy
(exit 2, no torch imported), and with ``reward.audit=false`` the runtime monitor stops its GRPO run on
model=tiny before the last step (exit 13, status reward_hacking, the curve marked)."""

from __future__ import annotations

import json
import os

from helpers import ROOT, run_train_without_torch
from helpers.runs import manifest

PLANTED = "reward._target_=helpers.gameable_rewards.length_reward"  # min(1, len / 60): longer is better
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests"),
                                                    os.environ.get("PYTHONPATH", "")])}
MAX_STEPS = 8


def test_a_gameable_reward_is_refused_before_the_model_loads(tmp_path):
    run_dir = tmp_path / "run"
    proc = run_train_without_torch([PLANTED, "model=tiny", "profile=smoke", f"hydra.run.dir={run_dir}"],
                                   cwd=tmp_path, env=ENV)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "loopwright: the reward can be gamed: the pre-flight gaming audit" in proc.stderr
    assert "- prompt_swap:" in proc.stderr and "- templates:" in proc.stderr and "scored 1.0 on" in proc.stderr
    assert "HEAVY_IMPORTS=\n" in proc.stdout or proc.stdout.rstrip().endswith("HEAVY_IMPORTS=")
    assert not run_dir.exists()


def test_the_monitor_stops_a_grpo_run_on_a_gameable_reward_before_its_last_step(tmp_path):
    import subprocess
    import sys

    run_dir = tmp_path / "run"
    proc = subprocess.run([sys.executable, str(ROOT / "train.py"), PLANTED, "reward.audit=false", "model=tiny",
                           "profile=smoke", f"profile.max_steps={MAX_STEPS}", "profile.max_completion_length=32",
                           "save_model=false", f"hydra.run.dir={run_dir}"], cwd=tmp_path, env=ENV,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 13, proc.stderr[-3000:]
    assert "loopwright: run stopped: reward hacking at step" in proc.stderr
    m = manifest(run_dir)
    assert m["status"] == "reward_hacking" and m["error"].startswith("reward hacking at step")
    assert m["reward_audit"] == {"ran": False, "skipped_by": "reward.audit=false"}
    stopped = m["reward_hacking"]["stopped_at"]
    assert 1 <= stopped < MAX_STEPS, stopped
    lines = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    assert lines[-1]["step"] == stopped and lines[-1]["hacking/stopped"] == stopped
    assert lines[-1]["hacking/swap_keep"] >= 0.8
    assert (run_dir / "reward_curve.png").read_bytes().startswith(b"\x89PNG")
    assert not (run_dir / "eval_results.json").exists() or m.get("result") is None
