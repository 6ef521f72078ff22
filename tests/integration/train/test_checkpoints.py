"""Atomic checkpoints and resume: a SIGKILLed run resumes to the same steps as an uninterrupted one."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import ROOT, config_error, run_train
from loopwright.train import checkpoints
from helpers.wandb_records import offline_runs

RUN = ["model=tiny", "profile=smoke", "profile.max_steps=8", "checkpoint.every=2", "checkpoint.keep=2",
       "guards.zero_signal_steps=null", "objective.lr_scheduler_type=linear", "task.n_eval=4", "save_model=false"]


def _metrics(run_dir):
    return [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]


def test_killed_run_resumes_to_the_same_steps_as_an_uninterrupted_run(tmp_path):
    reference = tmp_path / "reference"
    proc = run_train([*RUN, f"hydra.run.dir={reference}"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]

    # The interrupted run also logs to W&B (offline): the resumed job must continue the same W&B run.
    run_dir = tmp_path / "killed"
    wandb_env = {**os.environ, "WANDB_MODE": "offline"}
    child = subprocess.Popen([sys.executable, str(ROOT / "train.py"), *RUN, "logger=wandb",
                              f"hydra.run.dir={run_dir}"], env=wandb_env,
                             cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    deadline = time.monotonic() + 300
    while not (run_dir / "checkpoints" / "checkpoint-4").is_dir():
        assert child.poll() is None, "the run ended before it could be killed"
        assert time.monotonic() < deadline, "no checkpoint-4 within 300 s"
        time.sleep(0.2)
    os.killpg(child.pid, signal.SIGKILL)
    child.wait()
    killed_at = max(m["step"] for m in _metrics(run_dir))
    assert 4 <= killed_at < 8
    assert json.loads((run_dir / "manifest.json").read_text())["status"] == "running"  # died without a word

    first_wandb_id = json.loads((run_dir / "wandb_run.json").read_text())["id"]
    proc = subprocess.run([sys.executable, str(ROOT / "train.py"), *RUN, "logger=wandb", "resume=auto",
                           f"hydra.run.dir={run_dir}"], env=wandb_env, cwd=tmp_path, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    runs = offline_runs(run_dir)
    assert len(runs) == 2 and {r.id for r in runs} == {first_wandb_id}
    assert json.loads((run_dir / "wandb_run.json").read_text())["id"] == first_wandb_id
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["status"] == "completed" and manifest["result"]["global_step"] == 8
    # Resumed from the newest checkpoint written before the kill, not from scratch.
    assert 4 <= checkpoints.step_of(Path(manifest["resumed_from"])) <= killed_at
    resumed, uninterrupted = _metrics(run_dir), _metrics(reference)
    assert [m["step"] for m in resumed] == [m["step"] for m in uninterrupted] == list(range(1, 9))
    # The scheduler state came back: the linear decay continues exactly where it was.
    assert [m["learning_rate"] for m in resumed] == [m["learning_rate"] for m in uninterrupted]
    # Only the newest `keep` complete checkpoints remain, and no staging leftovers.
    assert [p.name for p in checkpoints.complete_checkpoints(run_dir)] == ["checkpoint-6", "checkpoint-8"]
    assert not (run_dir / "checkpoints" / ".incomplete").exists()


def test_auto_resume_ignores_incomplete_saves(tmp_path):
    from loopwright.train.checkpoint_record import write_record

    (tmp_path / "checkpoints" / "checkpoint-2").mkdir(parents=True)
    (tmp_path / "checkpoints" / "checkpoint-10").mkdir()
    for name in ("checkpoint-2", "checkpoint-10"):  # what a finished save leaves: its completion record
        write_record(tmp_path / "checkpoints" / name)
    (tmp_path / "checkpoints" / "checkpoint-14").mkdir()  # renamed in, but no record: not a checkpoint
    (tmp_path / "checkpoints" / ".incomplete" / "checkpoint-12").mkdir(parents=True)
    (tmp_path / "checkpoints" / "checkpoint-x").mkdir()
    assert checkpoints.resolve_resume("auto", tmp_path).name == "checkpoint-10"
    assert checkpoints.resolve_resume("auto", tmp_path / "elsewhere") is None  # nothing saved yet: fresh start
    assert checkpoints.resolve_resume(str(tmp_path), tmp_path / "new").name == "checkpoint-10"
    with pytest.raises(ValueError, match="trainer_state.json"):
        checkpoints.resolve_resume(str(tmp_path / "checkpoints" / "checkpoint-2"), tmp_path)


def test_truncate_metrics_drops_steps_after_the_checkpoint(tmp_path):
    path = tmp_path / "metrics.jsonl"
    path.write_text("".join(json.dumps({"step": s}) + "\n" for s in (1, 2, 3, 4, 5)))
    assert checkpoints.truncate_metrics(path, 3) == 3
    assert [json.loads(line)["step"] for line in path.read_text().splitlines()] == [1, 2, 3]


def test_truncate_metrics_drops_the_torn_last_line_of_a_killed_attempt(tmp_path):
    path = tmp_path / "metrics.jsonl"
    path.write_text("".join(json.dumps({"step": s}) + "\n" for s in (1, 2, 3)) + '{"step": 4, "rew')
    assert checkpoints.truncate_metrics(path, 3) == 3
    assert path.read_text() == "".join(json.dumps({"step": s}) + "\n" for s in (1, 2, 3))


@pytest.mark.parametrize("overrides,expected", [
    (["resume=/no/such/run"], "resume=/no/such/run is neither 'auto' nor an existing"),
    (["checkpoint.every=0"], "checkpoint.every=0 must be >= 1"),
    (["checkpoint.keep=0"], "checkpoint.keep=0 must be >= 1"),
])
def test_checkpoint_config_errors(overrides, expected):
    assert expected in config_error(overrides)
