"""The runtime guards' rules, on the callbacks alone
(the real trainings: tests/integration/train/test_runtime_guards.py)."""

from __future__ import annotations

import math
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from loopwright.train.guards import DRIFT_KEY, GuardCallback, HangWatchdog, ResumeProgress, RolloutDrift, RunHung
from loopwright.train.resume import ResumeRefused, refuse_no_progress


def _control():
    return SimpleNamespace(should_training_stop=False)


def _gaps(guard, gaps):
    control = _control()
    for step, gap in enumerate(gaps, 1):
        guard.on_log(None, SimpleNamespace(global_step=step), control, logs={DRIFT_KEY: gap, "reward_std": 0.5})
    return control


def test_drift_needs_k_consecutive_steps_over_the_limit():
    guard = GuardCallback(None, True, None, drift_max=0.1, drift_steps=3)
    assert not _gaps(guard, [0.2, 0.3, 0.01, 0.2, 0.5, 0.05]).should_training_stop
    control = _gaps(guard, [0.2, 0.3, math.nan])  # NaN counts as over: a gap that cannot be measured is no proof
    assert control.should_training_stop
    with pytest.raises(RolloutDrift, match=r"rollout_drift_max=0.1 for 3 consecutive steps "
                                           r"\(step 1: 0.2, step 2: 0.3, step 3: nan;"):
        guard.raise_if_aborted()


def test_no_gap_logged_or_drift_off_never_stops():
    assert not _gaps(GuardCallback(None, True, None, drift_max=None), [9.0] * 10).should_training_stop
    guard, control = GuardCallback(None, True, None, drift_max=0.1, drift_steps=1), _control()
    for step in range(10):  # rollout=hf: TRL logs no gap
        guard.on_log(None, SimpleNamespace(global_step=step), control, logs={"reward_std": 0.5})
    assert not control.should_training_stop


def _watchdog(tmp_path, factor=3.0, floor_s=0.3):
    fired: list[RunHung] = []
    done = threading.Event()
    dog = HangWatchdog(factor, floor_s, tmp_path / "stacks.txt", lambda err: (fired.append(err), done.set()),
                       poll_s=0.02)
    return dog, fired, done


def _step(dog, seconds, step=1):
    dog.on_step_begin(None, SimpleNamespace(global_step=step - 1), None)
    time.sleep(seconds)
    dog.on_step_end(None, SimpleNamespace(global_step=step), None)


def test_watchdog_limit_is_the_floor_then_n_times_the_median():
    dog, _, _ = _watchdog(Path("."), factor=10.0, floor_s=1.0)
    assert dog.limit() == 1.0
    dog.durations = [0.05, 0.5, 0.2]
    assert dog.limit() == pytest.approx(2.0)  # 10 x the median 0.2 s, over the floor
    dog.durations = [0.01, 0.02, 0.01]
    assert dog.limit() == 1.0


def test_watchdog_fires_on_a_stuck_step_and_dumps_every_thread(tmp_path):
    dog, fired, done = _watchdog(tmp_path)
    dog.on_train_begin(None, None, None)
    _step(dog, 0.01)
    dog.on_step_begin(None, SimpleNamespace(global_step=1), None)  # step 2 never ends
    assert done.wait(10)
    assert isinstance(fired[0], RunHung) and "training step 2" in str(fired[0])
    stacks = (tmp_path / "stacks.txt").read_text()
    assert "test_watchdog_fires_on_a_stuck_step" in stacks and "Current thread" in stacks


def test_watchdog_stays_quiet_between_steps_and_after_training(tmp_path):
    dog, fired, _ = _watchdog(tmp_path, floor_s=0.1)
    dog.on_train_begin(None, None, None)
    for step in range(1, 4):
        _step(dog, 0.01, step)
        time.sleep(0.3)  # a periodic eval or a checkpoint save between steps: not a step
    dog.on_train_end(None, None, None)
    time.sleep(0.3)
    assert not fired and not (tmp_path / "stacks.txt").exists()


def _state(global_step, max_steps):
    return SimpleNamespace(global_step=global_step, max_steps=max_steps)


def test_resume_progress_refuses_a_restarted_schedule_or_a_trainer_with_nothing_to_do():
    guard = ResumeProgress(Path("ckpt/checkpoint-4"), 4, 8)
    with pytest.raises(ResumeRefused, match="restored step 0: it would restart the schedule"):
        guard.on_train_begin(None, _state(0, 8), None)
    with pytest.raises(ResumeRefused, match="plans 4 steps: it would train 0 steps"):
        guard.on_train_begin(None, _state(4, 4), None)
    with pytest.raises(ResumeRefused, match="ended at step 4: it trained 0 steps"):
        guard.on_train_end(None, _state(4, 8), None)
    guard.on_train_begin(None, _state(4, 8), None)
    guard.on_train_end(None, _state(8, 8), None)


@pytest.mark.parametrize("status", ["preempted", "running", "failed"])
def test_a_zero_step_resume_finishes_an_interrupted_attempt(status):
    refuse_no_progress(Path("run/checkpoints/checkpoint-4"), 4, {"status": status})


@pytest.mark.parametrize("previous", [{"status": "completed"}, {"status": "dont_ship"}, None])
def test_a_zero_step_resume_of_a_finished_run_is_refused(previous):
    with pytest.raises(ResumeRefused, match="at step 4 and profile.max_steps=4: it would train 0 steps"):
        refuse_no_progress(Path("run/checkpoints/checkpoint-4"), 4, previous)
    refuse_no_progress(Path("run/checkpoints/checkpoint-4"), 5, previous)


def test_a_stopped_watchdog_never_fires_on_the_step_it_was_stopped_in(tmp_path):
    # training left by an exception mid-step (no on_train_end): run_training stops it, and an in-process caller
    # (a sweep's next trial) is not killed later by a watchdog still timing the dead step
    dog, fired, _ = _watchdog(tmp_path, floor_s=0.1)
    dog.on_train_begin(None, None, None)
    dog.on_step_begin(None, SimpleNamespace(global_step=0), None)
    dog.stop()
    time.sleep(0.4)
    assert not fired and not dog._thread.is_alive()


def test_bad_guard_settings_are_config_errors_naming_the_key():
    from helpers import compose
    from loopwright.train.validate import problems_in

    found = problems_in(compose(["model=tiny", "guards.rollout_drift_max=0", "guards.rollout_drift_steps=0",
                                 "guards.hang_factor=0.5", "guards.hang_floor_s=-1"]))
    for key in ("guards.rollout_drift_max=0.0", "guards.rollout_drift_steps=0", "guards.hang_factor=0.5",
                "guards.hang_floor_s=-1.0"):
        assert any(p.startswith(key) for p in found), (key, found)
    assert not [p for p in problems_in(compose(["model=tiny", "guards.rollout_drift_max=null",
                                                "guards.hang_factor=null"])) if "guards" in p]
