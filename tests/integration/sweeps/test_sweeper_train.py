"""The loopwright sweeper driving real train.py jobs on model=tiny: resume after a kill,
pruning that stops a training job early, and failed jobs as FAIL trials.
Grammar, directions, storage and the other sweeper behaviours: tests/integration/sweeps/test_sweeper.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import optuna
from optuna.trial import TrialState

from helpers import ROOT, sigkill_when
from helpers.runs import manifest

ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(
    [str(ROOT / "src"), str(ROOT / "launchers"), str(ROOT / "sweeps"), str(ROOT / "bench"),
     os.environ.get("PYTHONPATH", "")])}
TINY = ["model=tiny", "profile=smoke", "save_model=false", "guards.zero_signal_steps=null"]
# long_enough rewards length: gameable by design (a sweep's mechanics, not a grader), so neither the pre-flight
# gaming audit nor the reward-hacking monitor (issue 26) may stop these trials
LENGTH_REWARD = ["reward.audit=false", "guards.reward_hacking=null"]


def command(sweep_dir: Path, *args: str) -> list[str]:
    return [sys.executable, str(ROOT / "train.py"), "-m", f"hydra.sweep.dir={sweep_dir}", *TINY, *args]


def study_of(sweep_dir: Path, name: str | None = None) -> optuna.Study:
    from loopwright.sweep.trial import open_storage

    storage = open_storage(f"journal:{sweep_dir / 'optuna.journal'}")
    return optuna.load_study(study_name=name or optuna.get_all_study_names(storage)[0], storage=storage)


def test_killed_sweep_resumes_without_rerunning_a_trial(tmp_path):
    s = tmp_path / "sweep"
    cmd = command(s, "sweep=grpo_lr_kl", "hydra.sweeper.n_trials=3", "hydra.sweeper.pruner=none", "eval.every=null")
    # kill the sweep while trial 1 trains
    sigkill_when(cmd, lambda: (s / "1" / "manifest.json").is_file(), cwd=tmp_path, env=ENV, within=300, poll=0.3)
    before = study_of(s)
    assert [t.state for t in before.trials] == [TrialState.COMPLETE, TrialState.RUNNING]
    first_start = manifest(s / "0")["started_at"]

    done = subprocess.run(cmd, cwd=tmp_path, env=ENV, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    study = study_of(s)
    assert study.study_name == before.study_name
    assert [t.state for t in study.trials] == [TrialState.COMPLETE, TrialState.FAIL, TrialState.COMPLETE,
                                               TrialState.COMPLETE]  # 3 counted; the killed one is FAIL
    assert "loopwright_stale" in study.trials[1].user_attrs
    assert manifest(s / "0")["started_at"] == first_start  # trial 0 was not rerun
    for n in (2, 3):  # numbering continued; each new trial ran in its own dir
        assert manifest(s / str(n))["status"] == "completed"
        assert manifest(s / str(n))["config"]["trial"]["number"] == n
    report = (s / "sweep_report.md").read_text()
    assert "trials [1] were running when the sweep stopped" in report and "4 trials" not in report


def test_cost_as_an_objective_reads_each_real_runs_wall_time(tmp_path):
    """hydra.sweeper.cost=auto on the CPU: held-out accuracy (what train.py returns) and the run's own
    timings.total_s, read from the manifest each train.py job wrote."""
    s = tmp_path / "sweep"
    proc = subprocess.run(command(s, "sweep=grpo_lr_kl", "hydra.sweeper.n_trials=2", "hydra.sweeper.cost=auto",
                                  "hydra.sweeper.direction=[maximize,minimize]", "profile.max_steps=1",
                                  "task.n_eval=4"), cwd=tmp_path, env=ENV, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    trials = study_of(s).trials
    assert [t.state for t in trials] == [TrialState.COMPLETE, TrialState.COMPLETE]
    for t in trials:
        run = manifest(Path(t.user_attrs["loopwright_run_dir"]))
        assert t.values == [run["result"]["trained_accuracy"], run["timings"]["total_s"]]
    assert "the last is the cost, hydra.sweeper.cost=auto: wall_s" in (s / "sweep_report.md").read_text()


def test_pruner_stops_a_training_job_early(tmp_path):
    """A good learning rate first, then a bad one: the bad job is stopped at its second eval."""
    from loopwright.sweep.trial import open_storage

    s = tmp_path / "sweep"
    # Users may enqueue trials into a study; here it fixes the order.
    study = optuna.create_study(study_name="prune", direction="maximize",
                                storage=open_storage(f"journal:{s / 'optuna.journal'}"))
    for lr in (5e-3, 1e-5):
        study.enqueue_trial({"objective.learning_rate": lr})
    proc = subprocess.run(command(
        s, "hydra/sweeper=loopwright", "hydra.sweeper.study_name=prune", "hydra.sweeper.n_trials=2",
        "hydra.sweeper.pruner=median", "+hydra.sweeper.pruner_kwargs.n_startup_trials=1",
        "objective.learning_rate=choice(0.005, 1e-05)", "reward._target_=sweep_reward.long_enough",
        "profile.max_steps=20", "eval.every=5", *LENGTH_REWARD), cwd=tmp_path, env=ENV,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    good, bad = study_of(s, "prune").trials
    assert good.state == TrialState.COMPLETE and manifest(s / "0")["global_step"] == 20
    assert bad.state == TrialState.PRUNED
    m = manifest(s / "1")
    assert m["status"] == "pruned" and m["pruned"]["step"] == bad.last_step == m["global_step"] < 20
    assert not (s / "1" / "eval_results.json").exists()  # no final evaluation after the prune
    lines = [json.loads(line) for line in (s / "1" / "metrics.jsonl").read_text().splitlines()]
    assert lines[-1]["step"] == bad.last_step and "eval/accuracy" in lines[-1]
    assert bad.intermediate_values[bad.last_step] < good.intermediate_values[bad.last_step]
    assert f"pruned at step {bad.last_step}" in (s / "sweep_report.md").read_text()


def test_a_failing_job_is_a_fail_trial_not_a_crashed_sweep(tmp_path):
    from loopwright.sweep.trial import open_storage

    s = tmp_path / "sweep"
    study = optuna.create_study(study_name="fail", direction="maximize",
                                storage=open_storage(f"journal:{s / 'optuna.journal'}"))
    for group in (2, 3):  # 3 does not divide the batch of 4: train.py rejects the config (exit 2)
        study.enqueue_trial({"profile.num_generations": group})
    proc = subprocess.run(command(
        s, "hydra/sweeper=loopwright", "hydra.sweeper.study_name=fail", "hydra.sweeper.n_trials=2",
        "hydra.sweeper.max_failure_rate=0.5", "profile.num_generations=choice(2, 3)"),
        cwd=tmp_path, env=ENV, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]  # 1 failure in 2 trials = 0.5: tolerated
    ok, failed = study_of(s, "fail").trials
    assert ok.state == TrialState.COMPLETE and failed.state == TrialState.FAIL
    assert "exit code 2" in failed.user_attrs["loopwright_failure"]
    assert "profile.num_generations" in proc.stderr  # the job's own message names the key
    assert "| 1 | FAIL |" in (s / "sweep_report.md").read_text()


def test_sweep_through_local_gpus_keeps_both_slots_busy_and_groups_wandb_runs_by_study(tmp_path):
    """The three issues together: the sweeper refills local_gpus slots (submit), each
    trial is a separate offline W&B run in the study's group."""
    s = tmp_path / "sweep"
    env = {k: v for k, v in ENV.items() if k != "WANDB_API_KEY"}
    env["WANDB_MODE"] = "offline"
    cmd = command(s, "sweep=grpo_lr_kl", "hydra.sweeper.n_trials=3", "hydra.sweeper.pruner=none",
                  "eval.every=null", "task.n_eval=4", "provider=local_gpus", "provider.slots=2",
                  "logger=wandb", "logger.log_artifacts=false", "hydra.sweeper.study_name=lr-kl")
    done = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    study = study_of(s, "lr-kl")
    assert [t.state for t in study.trials] == [TrialState.COMPLETE] * 3
    jobs = [manifest(s / str(n)) for n in range(3)]
    assert {j["host"]["slot"]["slot"] for j in jobs} == {0, 1}
    # trials 0 and 1 ran at the same time, one per slot
    assert max(jobs[0]["started_at"], jobs[1]["started_at"]) < min(jobs[0]["ended_at"], jobs[1]["ended_at"])
    from helpers.wandb_records import offline_runs

    runs = [r for n in range(3) for r in offline_runs(s / str(n))]
    assert len(runs) == 3 and len({r.id for r in runs}) == 3
    assert {r.group for r in runs} == {"lr-kl"}
