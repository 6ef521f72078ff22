"""metrics.jsonl: one JSON line per logged training step, flushed as it happens.

Each line goes out in one ``write`` on an O_APPEND descriptor, so a kill leaves at most a torn
last line. A file that ends in such a line (an earlier attempt was killed mid-append) gets a
newline before this process's first line, so the torn line stays alone (read back as damaged and
skipped) and never corrupts a whole line glued onto it.
"""

from __future__ import annotations

import json
import math
import os
import time
from pathlib import Path
from typing import Any

from transformers import TrainerCallback

# Keys of the end-of-training summary that the Trainer logs at the last step; they
# describe the run, not a step, and go into the manifest instead.
_SUMMARY_KEYS = {"train_runtime", "train_samples_per_second", "train_steps_per_second", "train_loss"}


def _jsonable(value: Any) -> Any:
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)  # JSON has no NaN/inf; keep them visible as strings
    return value


def _ends_torn(path: Path) -> bool:
    """True when ``path`` is not empty and its last byte is not a newline."""
    with open(path, "rb") as handle:
        handle.seek(0, os.SEEK_END)
        if handle.tell() == 0:
            return False
        handle.seek(-1, os.SEEK_END)
        return handle.read(1) != b"\n"


class MetricsFileCallback(TrainerCallback):
    """Append ``{"step": N, ...logs}`` to ``metrics.jsonl`` on every Trainer log event."""

    def __init__(self, path: Path):
        self.path = path
        self.summary: dict[str, Any] = {}
        self.steps_logged = 0
        # Values measured between log events (periodic eval), merged into the next line.
        self.pending: dict[str, Any] = {}
        self._started = time.monotonic()
        self._checked_tail = False

    def on_log(self, args, state, control, logs=None, **kwargs):  # noqa: D401 (Trainer API)
        logs = dict(logs or {})
        if _SUMMARY_KEYS & logs.keys():
            self.summary.update({k: _jsonable(v) for k, v in logs.items()})
            return
        line = {"step": state.global_step, "elapsed_s": round(time.monotonic() - self._started, 3)}
        line.update({k: _jsonable(v) for k, v in logs.items()})
        line.update(self.pending)
        self.pending = {}
        self.steps_logged += 1
        if not state.is_world_process_zero:  # multi-process jobs (accelerate launch): one row per step
            return
        data = (json.dumps(line) + "\n").encode()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            if not self._checked_tail:
                self._checked_tail = True
                if _ends_torn(self.path):
                    data = b"\n" + data
            os.write(fd, data)
        finally:
            os.close(fd)


class ProgressBarCallback(TrainerCallback):
    """One tqdm bar over the training steps, with the latest reward in its postfix.

    Replaces transformers' ProgressCallback, which also prints every log dict
    (dozens of keys per step) between bar updates; those lines are in metrics.jsonl.
    """

    _SHOWN = ("reward", "reward_std", "loss", "kl")

    def __init__(self, description: str):
        self.description = description
        self.bar = None

    def on_train_begin(self, args, state, control, **kwargs):
        from tqdm.auto import tqdm

        self.bar = tqdm(total=state.max_steps, desc=self.description, unit="step", dynamic_ncols=True)

    def on_step_end(self, args, state, control, **kwargs):
        if self.bar is not None:
            self.bar.update(state.global_step - self.bar.n)

    def on_log(self, args, state, control, logs=None, **kwargs):
        if self.bar is not None and logs:
            shown = {k: f"{_jsonable(logs[k]):.3g}" for k in self._SHOWN
                     if isinstance(_jsonable(logs.get(k)), (int, float))}
            if shown:
                self.bar.set_postfix(shown, refresh=False)

    def on_train_end(self, args, state, control, **kwargs):
        if self.bar is not None:
            self.bar.close()
            self.bar = None


class PeriodicEvalCallback(TrainerCallback):
    """Greedy held-out evaluation every ``every`` steps, into the metrics line of that step."""

    def __init__(self, every: int, evaluate: Any, metrics: MetricsFileCallback, listeners: Any = ()):
        self.every = every
        # listener(step, summary, control) after each evaluation: the tracker, a sweep trial's pruner
        self.listeners = list(listeners)
        self.evaluate = evaluate  # model -> summary dict (accuracy, mean_reward)
        self.metrics = metrics
        self.history: list[dict[str, Any]] = []

    def on_step_end(self, args, state, control, model=None, **kwargs):
        if model is None or state.global_step % self.every:
            return
        summary = self.evaluate(model)
        self.history.append({"step": state.global_step, **summary})
        self.metrics.pending.update({"eval/step": state.global_step,
                                     **{f"eval/{k}": v for k, v in summary.items()}})
        for listener in self.listeners:
            listener(state.global_step, summary, control)


class ResumedHorizonCallback(TrainerCallback):
    """A resume with another ``profile.max_steps``: put the learning rate on the new schedule at once.

    The Trainer builds the scheduler for the new number of steps, then loads the checkpoint's
    scheduler and optimizer state, whose learning rate is the *old* schedule's (0.0 after the
    last step of a linear decay). Left alone, the first resumed step trains at that rate and
    only the next one follows the new schedule. HF's schedules are LambdaLR: the rate at the
    restored step is ``base_lr * lambda(step)`` of the new schedule."""

    def __init__(self, saved_max_steps: int):
        self.saved_max_steps = saved_max_steps
        self.applied: dict[str, Any] | None = None

    def on_train_begin(self, args, state, control, optimizer=None, lr_scheduler=None, **kwargs):
        if optimizer is None or state.max_steps == self.saved_max_steps or not hasattr(lr_scheduler, "lr_lambdas"):
            return
        step = lr_scheduler.last_epoch
        rates = [base * fn(step) for base, fn in zip(lr_scheduler.base_lrs, lr_scheduler.lr_lambdas)]
        for group, rate in zip(optimizer.param_groups, rates):
            group["lr"] = rate
        lr_scheduler._last_lr = list(rates)
        self.applied = {"step": step, "from_max_steps": self.saved_max_steps, "to_max_steps": state.max_steps,
                        "learning_rate": rates[0] if rates else None}
