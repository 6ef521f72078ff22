"""Guards: stop a run that is wasting compute, and say why.

* zero signal: ``reward_std`` is 0 for ``guards.zero_signal_steps`` consecutive
  logged steps. Every group's completions scored the same, so every advantage is
  zero and the policy gradient is zero: the run cannot learn.
* non-finite: the loss or the gradient norm is NaN or infinite.
* time budget: ``guards.max_time`` seconds of training; a clean stop, after which
  the run still evaluates and writes its manifest.

The first two abort the run (:class:`RunAborted`, manifest status ``aborted``);
the third is a normal end (``result.stopped_by = "max_time"``).
"""

from __future__ import annotations

import math
import time
from typing import Any

from transformers import TrainerCallback


class RunAborted(RuntimeError):
    """A guard stopped training; the message says which and why."""


def _number(value: Any) -> float | None:
    if hasattr(value, "item"):
        value = value.item()
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


class GuardCallback(TrainerCallback):
    def __init__(self, zero_signal_steps: int | None, stop_on_nonfinite: bool, max_time: float | None):
        self.zero_signal_steps = zero_signal_steps
        self.stop_on_nonfinite = stop_on_nonfinite
        self.max_time = max_time
        self.zero_streak = 0
        self.abort_reason: str | None = None
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

    def _abort(self, control, reason: str) -> None:
        if self.abort_reason is None:
            self.abort_reason = reason
        control.should_training_stop = True

    def raise_if_aborted(self) -> None:
        if self.abort_reason:
            raise RunAborted(self.abort_reason)
