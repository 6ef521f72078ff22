"""The runtime guards, each made to fire for real in a model=tiny training (docs/RUNS.md, "Guards"):

* hang watchdog: a reward that never returns -> every thread's stack in hang_stacks.txt, status hung, exit 12;
* rollout drift: the trainer/sampler log-prob gap over the limit for K steps -> status rollout_drift, exit 11.
  Here the gap is planted (tests/helpers/guard_faults.py wraps GRPOTrainer.log): TRL logs it only when vLLM
  generates. The real gap from vLLM-CPU with its weight sync cut is tests/integration/rollout/test_vllm_cpu.py's;
* resume progress: a resume of a finished run (0 steps to train) is refused before anything loads, exit 2;
  the same run extended past its last epoch's checkpoint trains on (the guard stays quiet).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from helpers import ROOT, run_train_without_torch
from helpers.runs import manifest, metrics
from loopwright.config import help_text

# The planted rewards are length rewards: the pre-flight gaming audit would refuse them and the reward-hacking
# monitor stop them (the audit's own hang bound is tested below with the audit on).
TINY = ["model=tiny", "profile=smoke", "task.n_eval=4", "save_model=false", "reward.audit=false",
        "guards.reward_hacking=null"]


def _train(tmp_path, *args: str, env: dict | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    path = os.pathsep.join([str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, str(ROOT / "train.py"), *args], cwd=tmp_path, capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, "PYTHONPATH": path, **(env or {})})


def test_a_reward_that_never_returns_is_a_hung_run_within_two_minutes(tmp_path):
    run_dir, mark = tmp_path / "run", tmp_path / "fault_at"
    # floor 5 s, 3 x the median step: a tiny step takes well under a second, so the limit is the floor
    proc = _train(tmp_path, *TINY, "eval.enabled=false", "profile.max_steps=50", "guards.signal_check=false",
                  "reward._target_=helpers.guard_faults.hangs_after_two_calls",
                  "guards.hang_factor=3", "guards.hang_floor_s=5",
                  f"hydra.run.dir={run_dir}", env={"GUARD_FAULT_MARK": str(mark)})
    ended = time.time()
    assert proc.returncode == 12, proc.stderr[-3000:]
    assert mark.is_file(), "the reward never started hanging"
    assert ended - float(mark.read_text()) < 120
    assert "hung: training step 3 has run" in proc.stderr and "guards.hang_floor_s=5" in proc.stderr
    done = manifest(run_dir)
    assert done["status"] == "hung" and "hang_stacks.txt" in done["error"]
    assert [m["step"] for m in metrics(run_dir)] == [1, 2]
    stacks = (run_dir / "hang_stacks.txt").read_text()
    # the main thread's stack, down to the reward that waits: what a user needs to find the culprit
    assert "hangs_after_two_calls" in stacks and "guard_faults.py" in stacks and "_calculate_rewards" in stacks, stacks


def test_a_reward_that_never_returns_in_the_preflight_audit_is_a_hung_run_not_a_silent_wait(tmp_path):
    run_dir, mark = tmp_path / "run", tmp_path / "fault_at"
    proc = _train(tmp_path, *[a for a in TINY if a != "reward.audit=false"], "reward._target_="
                  "helpers.guard_faults.hangs_after_two_calls", "guards.hang_floor_s=5", f"hydra.run.dir={run_dir}",
                  env={"GUARD_FAULT_MARK": str(mark)}, timeout=120)
    assert proc.returncode == 12, proc.stderr[-3000:]
    assert mark.is_file(), "the reward never started hanging"
    assert "pre-flight gaming audit's reward has not returned in 5 s" in proc.stderr
    assert "reward.audit=false" in proc.stderr and "Traceback" not in proc.stderr
    stacks = (run_dir / "hang_stacks.txt").read_text()
    assert "hangs_after_two_calls" in stacks and "guard_faults.py" in stacks, stacks  # where the reward waits


def test_a_drifting_rollout_stops_after_k_steps_over_the_limit(tmp_path):
    run_dir = tmp_path / "run"
    proc = _train(tmp_path, *TINY, "profile.max_steps=20", "reward._target_=helpers.guard_faults.varied",
                  "guards.rollout_drift_max=0.1", "guards.rollout_drift_steps=3", f"hydra.run.dir={run_dir}",
                  env={"GUARD_DRIFT_GAPS": "0.01,0.02,0.3,0.05,0.2,0.25,0.4"})
    assert proc.returncode == 11, proc.stderr[-3000:]
    assert "rollout drift" in proc.stderr and "step 5: 0.2, step 6: 0.25, step 7: 0.4" in proc.stderr
    done = manifest(run_dir)
    assert done["status"] == "rollout_drift" and done["global_step"] == 7
    assert [m["step"] for m in metrics(run_dir)] == list(range(1, 8))  # the gap of each step is in metrics.jsonl
    assert (run_dir / "reward_curve.png").is_file()  # with the gap curve


def test_the_planted_gap_below_the_limit_trains_to_the_end_and_is_plotted(tmp_path):
    run_dir = tmp_path / "run"
    proc = _train(tmp_path, *TINY, "profile.max_steps=4", "reward._target_=helpers.guard_faults.varied",
                  f"hydra.run.dir={run_dir}", env={"GUARD_DRIFT_GAPS": "0.01,0.2,0.2,0.02"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert manifest(run_dir)["status"] == "completed" and (run_dir / "reward_curve.png").is_file()
    from loopwright.train.plots import drift_points

    assert drift_points(metrics(run_dir)) == [(1, 0.01), (2, 0.2), (3, 0.2), (4, 0.02)]


def test_resuming_a_finished_run_is_refused_and_extending_it_trains_on(tmp_path):
    run_dir = tmp_path / "run"
    # task.n_train=4 at batch 4 / 2 generations: two steps per epoch, so checkpoint-2 is the last step of epoch 1
    args = [*TINY, "task.n_train=4", "checkpoint.every=2", f"hydra.run.dir={run_dir}"]
    first = _train(tmp_path, *args)
    assert first.returncode == 0, first.stderr[-3000:]
    before = (run_dir / "manifest.json").read_text()

    again = _train(tmp_path, *args, "resume=auto")
    assert again.returncode == 2, again.stderr[-3000:]
    assert "checkpoint-2 is at step 2 and profile.max_steps=2: it would train 0 steps" in again.stderr
    assert "the run dir's manifest says 'completed'" in again.stderr and "guards.resume_progress" in again.stderr
    assert (run_dir / "manifest.json").read_text() == before  # refused before anything was rewritten

    longer = _train(tmp_path, *args, "resume=auto", "profile.max_steps=4")
    assert longer.returncode == 0, longer.stderr[-3000:]
    done = manifest(run_dir)
    assert done["status"] == "completed" and done["result"]["global_step"] == 4
    assert [m["step"] for m in metrics(run_dir)] == [1, 2, 3, 4]
    assert [m["epoch"] for m in metrics(run_dir)][2:] == [1.5, 2.0]  # epoch 2 was trained, not skipped
    assert json.loads((run_dir / "checkpoints" / "checkpoint-4" / "trainer_state.json").read_text())[
        "global_step"] == 4


def test_help_lists_the_guards_and_imports_no_torch(tmp_path):
    proc = run_train_without_torch(["--help"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout
    assert "== Guards (guards.*" in out
    # the guard and after-training sections are the schema's own (config/help_text.py renders them)
    assert help_text.render("guards") in out and help_text.render("eval") in out
    for line in ("rollout_drift_max=0.1, rollout_drift_steps=3", "-> exit 11 (rollout_drift)",
                 "hang_factor=10.0, hang_floor_s=600.0", "-> exit 12 (hung)", "resume_progress=true",
                 "-> exit 2 (resume_refused)", "-> exit 10 (no_signal)", "-> exit 13 (reward_hacking)"):
        assert line in out, line
    assert out.rstrip().endswith("HEAVY_IMPORTS="), out[-300:]  # none of torch, transformers, trl, ...
