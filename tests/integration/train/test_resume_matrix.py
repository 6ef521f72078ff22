"""The resume matrix of docs/RUNS.md, one test per row: each interrupted or changed run either
continues to exactly the uninterrupted run's metrics and learning rates, or is refused with a
message and leaves its run dir untouched.

Every run is model=tiny profile=smoke with task.n_train=4: two prompts a step, so an epoch is two
steps and every second step is an epoch boundary (the bug class of a resume that skips an epoch).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import ROOT, run_train
from helpers.runs import manifest as _manifest
from helpers.runs import metrics as _metrics

RUN = ["model=tiny", "profile=smoke", "profile.max_steps=4", "checkpoint.every=2", "checkpoint.keep=3",
       "guards.zero_signal_steps=null", "objective.lr_scheduler_type=linear", "task.n_train=4", "task.n_eval=8",
       "save_model=false"]
# Everything TRL logs per step except wall-clock timings: generations, losses, grad norms, lr, epoch.
_TIMING = {"elapsed_s", "step_time"}


def _args(run_dir: Path, *extra: str) -> list[str]:
    return [*RUN, *extra, f"hydra.run.dir={run_dir}"]


def _cmd(run_dir: Path, *extra: str) -> list[str]:
    return [sys.executable, str(ROOT / "train.py"), *_args(run_dir, *extra)]


def _run(run_dir: Path, *extra: str, env: dict | None = None, timeout: float = 600) -> subprocess.CompletedProcess:
    if env is None:  # the suite's run_train: forked from its fork server where that is faithful (helpers/train_fork.py)
        return run_train(_args(run_dir, *extra), cwd=run_dir.parent, timeout=timeout)
    return subprocess.run(_cmd(run_dir, *extra), cwd=run_dir.parent, capture_output=True, text=True,
                          timeout=timeout, env=env)


def _start(run_dir: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(_cmd(run_dir, *extra), cwd=run_dir.parent, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


_EXACT = {"step", "learning_rate", "epoch", "num_tokens"}


def _same_metrics(got: list[dict], want: list[dict]) -> None:
    """Same steps, same keys; the schedule (learning_rate, epoch) and counts bit-equal, every other value equal
    up to float32 rounding (rel 1e-5: a resumed process reduces a sum in another order now and then, e.g. the
    entropy once differed in its 7th digit, 10.789910 vs 10.789909)."""
    assert [m["step"] for m in got] == [m["step"] for m in want]
    for g, w in zip(got, want):
        g, w = ({k: v for k, v in m.items() if k not in _TIMING} for m in (g, w))
        assert g.keys() == w.keys(), g["step"]
        assert {k: g[k] for k in _EXACT & g.keys()} == {k: w[k] for k in _EXACT & w.keys()}, g["step"]
        # a figure with nothing to measure is null (the monitor's hacking/swap_keep with no rewarded reply): exact
        assert {k for k, v in g.items() if v is None} == {k for k, v in w.items() if v is None}, g["step"]
        g, w = ({k: v for k, v in m.items() if v is not None} for m in (g, w))
        assert g == pytest.approx(w, rel=1e-5, abs=1e-8), g["step"]


def _steps_equal(run_dir: Path, reference: Path) -> None:
    """Every logged metric of every step equals the uninterrupted run's, each step exactly once."""
    assert [m["step"] for m in _metrics(run_dir)] == list(range(1, 5))
    _same_metrics(_metrics(run_dir), _metrics(reference))


def _wait_for(predicate, proc: subprocess.Popen, what: str, timeout: float = 300, poll: float = 0.05) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert proc.poll() is None, f"the run ended before {what}: {proc.stderr.read()[-2000:]}"
        assert time.monotonic() < deadline, f"no {what} within {timeout} s"
        time.sleep(poll)


def _tree(run_dir: Path) -> dict[str, bytes]:
    return {str(p.relative_to(run_dir)): p.read_bytes() for p in sorted(run_dir.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """The uninterrupted run every row is compared with (checkpoints 2 and 4 kept)."""
    run_dir = tmp_path_factory.mktemp("matrix") / "reference"
    proc = _run(run_dir)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return run_dir


def _copy(reference: Path, tmp_path: Path) -> Path:
    run_dir = tmp_path / "run"
    shutil.copytree(reference, run_dir)
    return run_dir


# ------------------------------------------------------------------------ interruptions


def test_sigterm_mid_step_checkpoints_at_the_step_boundary_and_resumes_by_itself(tmp_path, reference):
    run_dir = tmp_path / "run"
    proc = _start(run_dir)
    _wait_for(lambda: _metrics(run_dir), proc, "a first logged step")
    os.kill(proc.pid, signal.SIGTERM)  # mid-step (or between steps): the job finishes the step it is in
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 7, err[-2000:]
    assert "preempted: SIGTERM at step" in err
    manifest = _manifest(run_dir)
    assert manifest["status"] == "preempted" and "SIGTERM at step" in manifest["error"]
    saved = run_dir / "checkpoints" / f"checkpoint-{manifest['global_step']}"  # at the step it stopped at
    assert (saved / "trainer_state.json").is_file() and (saved / "loopwright_resume.json").is_file()

    resumed = _run(run_dir)  # the same command again: resume=auto is implied by the preempted manifest
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    assert "resume=auto implied" in resumed.stdout
    manifest = _manifest(run_dir)
    assert manifest["status"] == "completed" and manifest["resume"]["implied_by"]
    assert manifest["resume"]["previous_attempt"]["status"] == "preempted"
    _steps_equal(run_dir, reference)


def test_sigkill_after_an_epoch_boundary_checkpoint_resumes_the_next_epoch(tmp_path, reference):
    run_dir = tmp_path / "run"
    proc = _start(run_dir)
    _wait_for(lambda: (run_dir / "checkpoints" / "checkpoint-2").is_dir(), proc, "checkpoint-2 (end of epoch 1)")
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    newest = sorted((run_dir / "checkpoints").glob("checkpoint-*"))[-1].name
    assert _manifest(run_dir)["status"] == "running"  # died without a word: nothing implies a resume
    resumed = _run(run_dir, "resume=auto")
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    assert Path(_manifest(run_dir)["resumed_from"]).name == newest
    _steps_equal(run_dir, reference)  # epoch 2 is trained, on the same prompts, not skipped
    assert [m["epoch"] for m in _metrics(run_dir)] == [m["epoch"] for m in _metrics(reference)]


def test_kill_during_checkpoint_writing_resumes_from_the_previous_complete_one(tmp_path, reference):
    run_dir = tmp_path / "run"
    staging = run_dir / "checkpoints" / ".incomplete"
    proc = _start(run_dir, "checkpoint.every=1")  # a save every step: many chances to catch one half-way
    _wait_for(lambda: staging.is_dir() and any(staging.iterdir()), proc, "a save in progress", poll=0.005)
    os.killpg(proc.pid, signal.SIGSTOP)  # freeze it mid-write, look, then kill
    half_written = [p.name for p in staging.rglob("*")]
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    assert half_written, "the save had finished before the run could be frozen"
    complete = sorted(p.name for p in (run_dir / "checkpoints").glob("checkpoint-*"))
    resumed = _run(run_dir, "resume=auto", "checkpoint.every=1")
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    manifest = _manifest(run_dir)
    if complete:  # it continued from the newest complete checkpoint, never from the half-written one
        assert Path(manifest["resumed_from"]).name == max(complete, key=lambda n: int(n.split("-")[1]))
    assert not staging.exists()
    _steps_equal(run_dir, reference)


def test_sigterm_during_the_final_evaluation_resumes_to_the_same_results(tmp_path, reference):
    run_dir = tmp_path / "run"
    # a longer evaluation to land in (48 tokens took 0.4 s, and a fresh-clone run once read the line too late: the
    # job had finished); eval settings do not change training
    longer = "eval.max_new_tokens=192"
    proc = subprocess.Popen(_cmd(run_dir, longer), cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    seen = []
    for line in proc.stdout:  # the job says so (flushed) right before it evaluates the trained policy
        seen.append(line)
        if "evaluating the trained policy" in line:
            os.kill(proc.pid, signal.SIGTERM)
            break
    rest, _ = proc.communicate(timeout=300)
    out = "".join(seen) + rest
    assert proc.returncode == 7 and "outside training" in out, out[-2000:]
    assert _manifest(run_dir)["status"] == "preempted" and not (run_dir / "eval_results.json").exists()
    resumed = _run(run_dir, longer)
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    assert Path(_manifest(run_dir)["resumed_from"]).name == "checkpoint-4"  # nothing left to train
    assert _manifest(run_dir)["result"]["global_step"] == 4
    _steps_equal(run_dir, reference)
    # The same trained policy: its greedy 192-token completions continue the reference's 8-token ones.
    mine = json.loads((run_dir / "eval_results.json").read_text())["records"]
    theirs = json.loads((reference / "eval_results.json").read_text())["records"]
    assert [m["prompt"] for m in mine] == [t["prompt"] for t in theirs]
    assert all(m["trained_completion"].startswith(t["trained_completion"]) for m, t in zip(mine, theirs))


# ------------------------------------------------------------------------ changed configs


def test_more_max_steps_continues_to_the_new_end(tmp_path, reference):
    run_dir = _copy(reference, tmp_path)
    proc = _run(run_dir, "resume=auto", "profile.max_steps=6")
    assert proc.returncode == 0, proc.stderr[-3000:]
    got, want = _metrics(run_dir), _metrics(reference)
    assert [m["step"] for m in got] == list(range(1, 7))
    assert got[:4] == want  # what was trained stays as it was (these lines are the reference's own)
    # From the restored step on, the rate is the new 6-step linear schedule's: lr0 * (6 - (k - 1)) / 6 at step k.
    # (Without loopwright's correction step 5 trained at 0.0, the old schedule's end, and only step 6 followed.)
    lr0 = want[0]["learning_rate"]
    assert [m["learning_rate"] for m in got[4:]] == pytest.approx([lr0 * 2 / 6, lr0 * 1 / 6], rel=1e-9)
    assert _manifest(run_dir)["result"]["global_step"] == 6


@pytest.mark.parametrize("change, env, expected", [
    (["objective.learning_rate=3e-5"], {}, "objective.learning_rate: 2e-05 -> 3e-05"),
    (["objective=dr_grpo"], {}, "a different configuration (objective."),
    (["profile.max_completion_length=12"], {}, "profile.max_completion_length: 8 -> 12"),
    (["task.seed=7"], {}, "other training data (sha256"),
    ([], {"WORLD_SIZE": "2"}, "written by 1 process(es), this job has 2"),
], ids=["objective-value", "objective", "profile", "dataset", "processes"])
def test_a_changed_job_is_refused_and_nothing_is_touched(tmp_path, reference, change, env, expected):
    run_dir = _copy(reference, tmp_path)
    before = _tree(run_dir)
    proc = _run(run_dir, "resume=auto", *change, env={**os.environ, **env})
    assert proc.returncode == 2, proc.stderr[-3000:]
    assert "resume refused" in proc.stderr and expected in proc.stderr, proc.stderr[-3000:]
    # Only Hydra's own bookkeeping (.hydra/, train.log: written before any of our code runs) changed.
    ours = lambda tree: {k: v for k, v in tree.items() if not k.startswith(".hydra") and k != "train.log"}  # noqa: E731
    assert ours(_tree(run_dir)) == ours(before)


def test_a_changed_dataset_resumes_with_resume_force_and_says_so(tmp_path, reference):
    run_dir = _copy(reference, tmp_path)
    # max_steps=6: steps left to train (a finished run resumed for 0 steps is refused: guards.resume_progress)
    proc = _run(run_dir, "resume=auto", "task.seed=7", "resume_force=true", "profile.max_steps=6")
    assert proc.returncode == 0, proc.stderr[-3000:]
    manifest = _manifest(run_dir)
    assert manifest["resume"]["forced"] == ["dataset"] and manifest["status"] == "completed"


# ------------------------------------------------------------------------ disk full

# train.py with torch.save failing as on a full disk once the second checkpoint's optimizer is written.
_FULL_DISK = """
import errno, os, runpy, sys
import torch
real_save = torch.save
def save(obj, f, *args, **kwargs):
    if isinstance(f, (str, os.PathLike)) and "checkpoint-4" in str(f) and str(f).endswith("optimizer.pt"):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(f))
    return real_save(obj, f, *args, **kwargs)
torch.save = save
sys.argv = ["train.py"] + sys.argv[1:]
runpy.run_path({train!r}, run_name="__main__")
"""


def test_disk_full_while_checkpointing_keeps_the_previous_checkpoint_and_fails_clearly(tmp_path, reference):
    run_dir = tmp_path / "run"
    proc = subprocess.run([sys.executable, "-c", _FULL_DISK.format(train=str(ROOT / "train.py")), *RUN,
                           f"hydra.run.dir={run_dir}"], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 1, proc.stderr[-3000:]
    assert "checkpoint-4 could not be written" in proc.stderr and "no space left on the device" in proc.stderr
    assert "checkpoint-2 is intact" in proc.stderr
    manifest = _manifest(run_dir)
    assert manifest["status"] == "failed" and "CheckpointWriteError" in manifest["error"]
    assert sorted(p.name for p in (run_dir / "checkpoints").iterdir()) == ["checkpoint-2"]  # no half-written dir
    kept, theirs = run_dir / "checkpoints" / "checkpoint-2", reference / "checkpoints" / "checkpoint-2"
    assert sorted(_tree(kept)) == sorted(_tree(theirs))  # every file of a complete checkpoint is there
    state = [json.loads((d / "trainer_state.json").read_text()) for d in (kept, theirs)]
    for st in state:  # wall-clock step times differ from run to run
        st["log_history"] = [{k: v for k, v in h.items() if k not in _TIMING} for h in st["log_history"]]
    assert state[0] == state[1]
    # ... and it is a checkpoint a resume can use: the run then ends exactly like the uninterrupted one.
    resumed = _run(run_dir, "resume=auto")
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    _steps_equal(run_dir, reference)


# ------------------------------------------------------------------------ requeued by the scheduler


def _pids_running(*words: str) -> list[int]:
    pids = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            text = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if all(w in text for w in words):
            pids.append(int(cmdline.parent.name))
    return pids


def test_submitit_requeues_a_preempted_job_and_it_resumes_by_itself(tmp_path, reference):
    """provider=slurm through submitit's local executor: the same job pickles, signal handler and requeue
    path as on a cluster (there: scontrol requeue), minus sbatch."""
    sweep = tmp_path / "sweep"
    proc = subprocess.Popen([sys.executable, str(ROOT / "train.py"), "-m", "provider=slurm",
                             "hydra/launcher=slurm_local",
                             "provider.gpus_per_node=0", *RUN, f"hydra.sweep.dir={sweep}"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    run_dir = sweep / "0"
    _wait_for(lambda: _metrics(run_dir), proc, "a first logged step")
    (worker,) = _pids_running("submitit.core._submit", str(sweep))
    os.kill(worker, signal.SIGUSR2)  # submitit's preemption / timeout signal, as SLURM's --signal sends it
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err[-3000:]
    manifest = _manifest(run_dir)
    assert manifest["status"] == "completed" and "preempted" in manifest["resume"]["implied_by"]
    assert manifest["resume"]["previous_attempt"]["status"] == "preempted"
    logs = "".join(p.read_text(errors="replace") for p in (sweep / ".submitit").rglob("*.out"))
    logs += "".join(p.read_text(errors="replace") for p in (sweep / ".submitit").rglob("*.err"))
    assert "asking submitit to requeue" in logs and "Requeued job" in logs
    _steps_equal(run_dir, reference)


def test_a_resumed_sweep_continues_a_killed_trial_from_its_checkpoint(tmp_path, reference):
    import optuna
    from optuna.trial import TrialState

    from loopwright.sweep.trial import open_storage

    sweep = tmp_path / "sweep"
    storage = open_storage(f"journal:{sweep / 'optuna.journal'}")
    optuna.create_study(study_name="resume", direction="maximize", storage=storage).enqueue_trial(
        {"objective.learning_rate": 2e-5})  # the reference's value: the trial is the reference run
    cmd = [sys.executable, str(ROOT / "train.py"), "-m", "hydra/sweeper=loopwright", "hydra.sweeper.study_name=resume",
           "hydra.sweeper.n_trials=1", "hydra.sweeper.pruner=none", "objective.learning_rate=choice(2e-05, 3e-05)",
           *RUN, f"hydra.sweep.dir={sweep}"]
    proc = subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    _wait_for(lambda: (sweep / "0" / "checkpoints" / "checkpoint-2").is_dir(), proc, "trial 0's checkpoint-2")
    os.killpg(proc.pid, signal.SIGKILL)  # the whole sweep dies, trial 0 half-trained
    proc.wait()

    again = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr[-3000:]
    study = optuna.load_study(study_name="resume", storage=open_storage(f"journal:{sweep / 'optuna.journal'}"))
    assert [t.state for t in study.trials] == [TrialState.FAIL, TrialState.COMPLETE]
    assert "continued from" in study.trials[0].user_attrs["loopwright_stale"]
    assert study.trials[1].user_attrs["loopwright_resumes"]["trial"] == 0
    assert study.trials[1].params == study.trials[0].params
    manifest = _manifest(sweep / "0")  # the new trial ran in the killed trial's run dir, from its checkpoint
    assert manifest["status"] == "completed" and "checkpoint-" in manifest["resumed_from"]
    assert not (sweep / "1").exists()
    _steps_equal(sweep / "0", reference)


class _Payload:
    """Pickled into a checkpoint file: unpickling it would create the marker file."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (Path(self.marker).write_text, ("code from the checkpoint ran",))


def test_a_tampered_checkpoint_runs_no_code_on_resume(tmp_path, reference):
    import torch

    run_dir = _copy(reference, tmp_path)
    marker = tmp_path / "marker"
    # optimizer.pt: the Trainer loads it on every resume (rng_state.pth only when steps remain to train).
    checkpoint = run_dir / "checkpoints" / "checkpoint-4"
    torch.save({"state": _Payload(marker)}, checkpoint / "optimizer.pt")
    # A tamperer rewrites the completion record too (it checks sizes against crashes, not against an
    # attacker), so the resume reaches torch.load and weights_only is what stops the pickle.
    from loopwright.train import checkpoint_record

    (checkpoint / checkpoint_record.RECORD).unlink()
    checkpoint_record.write_record(checkpoint)
    proc = _run(run_dir, "resume=auto", "profile.max_steps=6")  # steps left: the resume loads the checkpoint
    assert proc.returncode == 1 and "Weights only load failed" in proc.stderr, proc.stderr[-3000:]
    assert not marker.exists()  # torch.load(weights_only=True) refused the pickle instead of running it
    assert _manifest(run_dir)["status"] == "failed"
