"""Guards: stop a run that is wasting compute, and say why.

* zero signal: ``reward_std`` is 0 for ``guards.zero_signal_steps`` consecutive
  logged steps. Every group's completions scored the same, so every advantage is
  zero and the policy gradient is zero: the run cannot learn.
* non-finite: the loss or the gradient norm is NaN or infinite.
* time budget: ``guards.max_time`` seconds of training; a clean stop, after which
  the run still evaluates and writes its manifest.
* rollout drift: TRL's trainer<->sampler log-prob gap (``sampling/sampling_logp_difference/mean``, logged
  when vLLM generates) above ``guards.rollout_drift_max`` for ``guards.rollout_drift_steps`` consecutive
  logged steps: vLLM samples from other weights than the ones trained (a weight sync that stopped, TRL
  #5312). :class:`RolloutDrift`, status ``rollout_drift``, exit 11.
* hang watchdog (:class:`HangWatchdog`): no training step finished within ``guards.hang_floor_s`` or
  ``guards.hang_factor`` x the median step time, whichever is longer. A thread of its own dumps every
  thread's stack into ``<run dir>/hang_stacks.txt`` and ends the process (status ``hung``, exit 12): the
  main thread is stuck, so nothing it would run can be waited for.
* resume progress (:class:`ResumeProgress`): the resumed trainer starts at the checkpoint's step and has
  steps left to train, else :class:`loopwright.train.resume.ResumeRefused` before the first step.

Zero signal and non-finite abort the run (:class:`RunAborted`, manifest status ``aborted``);
the time budget is a normal end (``result.stopped_by = "max_time"``).
"""

from __future__ import annotations

import math
import os
import statistics
import threading
import time
from pathlib import Path
from typing import Any, Callable

from transformers import TrainerCallback

from loopwright.runs.writer import write_thread_stacks
from loopwright.train.plots import DRIFT_KEY  # TRL GRPOTrainer's trainer/sampler gap, logged when vLLM generates


class RunAborted(RuntimeError):
    """A guard stopped training; the message says which and why."""


class RolloutDrift(RuntimeError):
    """vLLM's log-probs of its own samples drifted away from the trainer's (guards.rollout_drift_*)."""


class RunHung(RuntimeError):
    """No training step finished in time (guards.hang_*); every thread's stack is in the run dir."""




def _number(value: Any) -> float | None:
    if hasattr(value, "item"):
        value = value.item()
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


class GuardCallback(TrainerCallback):
    def __init__(self, zero_signal_steps: int | None, stop_on_nonfinite: bool, max_time: float | None,
                 drift_max: float | None = None, drift_steps: int = 3):
        self.zero_signal_steps = zero_signal_steps
        self.stop_on_nonfinite = stop_on_nonfinite
        self.max_time = max_time
        self.drift_max = drift_max
        self.drift_steps = drift_steps
        self.zero_streak = 0
        self.drift_streak: list[tuple[int, float]] = []  # (step, gap) of the current run of steps over the limit
        self.abort_reason: str | None = None
        self.abort_kind: type[Exception] = RunAborted
        self.stopped_by: str | None = None
        self._start = time.monotonic()

    def on_train_begin(self, args, state, control, **kwargs):
        self._start = time.monotonic()

    def on_log(self, args, state, control, logs=None, **kwargs):
        logs = logs or {}
        if self.stop_on_nonfinite:
            for key in ("loss", "grad_norm"):
                value = _number(logs.get(key))
                if value is not None and not math.isfinite(value):
                    self._abort(control, f"non-finite {key} ({value}) at step {state.global_step} "
                                         "(guards.stop_on_nonfinite=true): lower objective.learning_rate or "
                                         "check the reward for NaN/inf")
                    return
        self._check_drift(state.global_step, control, _number(logs.get(DRIFT_KEY)))
        std = _number(logs.get("reward_std"))
        if self.zero_signal_steps and std is not None:
            self.zero_streak = self.zero_streak + 1 if std == 0.0 else 0
            if self.zero_streak >= self.zero_signal_steps:
                self._abort(control, f"zero reward signal: reward_std was 0 for {self.zero_streak} consecutive steps "
                                     f"(up to step {state.global_step}; guards.zero_signal_steps="
                                     f"{self.zero_signal_steps}). Every completion in every group scored the same, "
                                     "so the policy gradient is zero. Check that the reward can tell completions "
                                     "apart on this task, raise profile.num_generations or objective.temperature, "
                                     "or set guards.zero_signal_steps=null to run anyway")

    def on_step_end(self, args, state, control, **kwargs):
        if self.max_time is not None and time.monotonic() - self._start >= self.max_time:
            self.stopped_by = "max_time"
            control.should_training_stop = True

    def _check_drift(self, step: int, control, gap: float | None) -> None:
        if self.drift_max is None or gap is None:
            return
        over = not gap <= self.drift_max  # a NaN gap counts as over
        self.drift_streak = [*self.drift_streak, (step, gap)] if over else []
        if len(self.drift_streak) >= self.drift_steps:
            curve = ", ".join(f"step {s}: {g:.3g}" for s, g in self.drift_streak[-self.drift_steps:])
            self._abort(control, f"rollout drift: the trainer/sampler log-prob gap ({DRIFT_KEY}) was above "
                                 f"guards.rollout_drift_max={self.drift_max} for {len(self.drift_streak)} consecutive "
                                 f"steps ({curve}; guards.rollout_drift_steps={self.drift_steps}). vLLM is sampling "
                                 "from other weights than the trainer's: the weight sync stopped or is wrong (a "
                                 "colocated engine's sleep mode, a server that missed the push). The gap curve is in "
                                 "reward_curve.png; guards.rollout_drift_max=null runs anyway", RolloutDrift)

    def _abort(self, control, reason: str, kind: type[Exception] = RunAborted) -> None:
        if self.abort_reason is None:
            self.abort_reason, self.abort_kind = reason, kind
        control.should_training_stop = True

    def raise_if_aborted(self) -> None:
        if self.abort_reason:
            raise self.abort_kind(self.abort_reason)


class HangWatchdog(TrainerCallback):
    """Armed while a training step runs (step begin -> step end; periodic eval and checkpoint saves are outside).

    The limit is ``max(floor_s, factor x median of the finished steps)``; until a step finished, ``floor_s``.
    Past it, a thread of its own writes every thread's stack (faulthandler) to ``stacks_path`` and calls
    ``on_hang(RunHung)``, which must end the process (:func:`loopwright.train.steps` writes the manifest,
    prints the exits table's message and leaves with ``os._exit``): the main thread is stuck, so no
    exception raised here could reach it, and no clean shutdown that waits on it would end."""

    def __init__(self, factor: float, floor_s: float, stacks_path: Path, on_hang: Callable[[RunHung], Any],
                 poll_s: float | None = None):
        self.factor, self.floor_s = float(factor), float(floor_s)
        self.stacks_path, self.on_hang = stacks_path, on_hang
        self.poll_s = poll_s if poll_s is not None else min(1.0, self.floor_s / 10)
        self.durations: list[float] = []
        self._began: float | None = None
        self._step = 0
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    def limit(self) -> float:
        if not self.durations:
            return self.floor_s
        return max(self.floor_s, self.factor * statistics.median(self.durations))

    def on_train_begin(self, args, state, control, **kwargs):
        self._done.clear()
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._watch, name="loopwright-hang-watchdog", daemon=True)
            self._thread.start()

    def on_step_begin(self, args, state, control, **kwargs):
        self._step = state.global_step + 1
        self._began = time.monotonic()

    def on_step_end(self, args, state, control, **kwargs):
        if self._began is not None:
            self.durations.append(time.monotonic() - self._began)
        self._began = None

    def on_train_end(self, args, state, control, **kwargs):
        self.stop()

    def stop(self) -> None:
        """Disarm and end the thread (training ended, by its end or by an exception)."""
        self._began = None
        self._done.set()

    def _watch(self) -> None:
        while not self._done.wait(self.poll_s):
            began = self._began
            if began is None:
                continue
            waited, limit = time.monotonic() - began, self.limit()
            if waited > limit:
                self._fire(waited, limit)
                return

    def _fire(self, waited: float, limit: float) -> None:
        median = f"{statistics.median(self.durations):.3g} s" if self.durations else "none finished yet"
        reason = (f"hung: training step {self._step} has run {waited:.0f} s, "
                  f"over the watchdog's limit of {limit:.0f} s "
                  f"(guards.hang_floor_s={self.floor_s:g}, guards.hang_factor={self.factor:g} x the median step time: "
                  f"{median}). Every thread's stack is in {self.stacks_path}: look there for what it waits on (a "
                  "reward that never returns, a weight sync or a collective that never completes). Raise "
                  "guards.hang_floor_s for steps that are slow on purpose, or guards.hang_factor=null to turn it off")
        failed = write_thread_stacks(self.stacks_path, f"loopwright hang watchdog, pid {os.getpid()}: {reason}")
        if failed:
            reason += f" (the stacks could not be written: {failed})"
        self.on_hang(RunHung(reason))


def hang_watchdog(guards: Any, run_dir: Path, record: Any) -> list[HangWatchdog]:
    """guards.hang_*: the watchdog (none when guards.hang_factor is null). When it fires, its thread writes the
    manifest (``record``: status hung), prints the exits table's message and ends the process with its code."""
    if guards.hang_factor is None:
        return []
    import sys

    from loopwright.train import exits
    from loopwright.train.ranks import rank, world_size

    def leave(err: BaseException) -> None:  # on the watchdog's thread: the main thread is stuck
        how = exits.exit_for(err)
        try:
            record.finish(how, err)
            print(how.message.format(err=err, run_dir=run_dir), file=sys.stderr, flush=True)
            sys.stdout.flush()
        finally:
            # os._exit, not sys.exit (which ends this thread only) nor a clean shutdown (atexit handlers, the
            # tracker's finish, a torch collective) that could wait on the stuck thread. Files are safe: the
            # manifest and metrics.jsonl are written whole, a checkpoint cut short is never resumed from.
            os._exit(how.code)

    name = f"hang_stacks.rank{rank()}.txt" if world_size() > 1 else "hang_stacks.txt"
    return [HangWatchdog(float(guards.hang_factor), float(guards.hang_floor_s), run_dir / name, leave)]


class ResumeProgress(TrainerCallback):
    """A resumed trainer must start where its checkpoint left off, and train while steps are left.

    The Trainer restores its step counter from the checkpoint's trainer_state.json before ``on_train_begin``;
    a counter at 0 (a checkpoint that lost its state, a trainer that ignored it) would replay the schedule from
    its start on trained weights, and a loop that thinks its epochs are done (verl #7401: a resume at an epoch
    boundary) trains 0 steps and ends as a success. (A checkpoint at profile.max_steps is refused earlier,
    by :func:`loopwright.train.resume.refuse_no_progress`, before anything is loaded.)"""

    def __init__(self, checkpoint: Path, checkpoint_step: int, max_steps: int):
        self.checkpoint, self.checkpoint_step, self.max_steps = checkpoint, checkpoint_step, max_steps

    def _refuse(self, what: str):
        from loopwright.train.resume import ResumeRefused

        return ResumeRefused(f"resume refused: {self.checkpoint} is at step {self.checkpoint_step} of "
                             f"profile.max_steps={self.max_steps}, but {what}. Check the checkpoint's "
                             "trainer_state.json, or start a new run dir (guards.resume_progress=false: go on anyway)")

    def on_train_begin(self, args, state, control, **kwargs):
        if state.global_step != self.checkpoint_step:
            raise self._refuse(f"the trainer restored step {state.global_step}: it would restart the schedule "
                               "(learning rate, data order) on trained weights")
        if state.max_steps <= state.global_step < self.max_steps:
            raise self._refuse(f"the trainer plans {state.max_steps} steps: it would train 0 steps")

    def on_train_end(self, args, state, control, **kwargs):
        if self.checkpoint_step < self.max_steps and state.global_step <= self.checkpoint_step:
            raise self._refuse(f"the trainer ended at step {state.global_step}: it trained 0 steps")
