"""The job's side of pruning across processes.

When a job runs as a sweep trial (``trial.study_name`` set) with a periodic
held-out evaluation (``eval.every``), :class:`TrialPruningCallback` reports each
evaluation to the study's storage and asks the study's pruner whether to go on.
On "prune" it stops training at that step (the step's metrics line is still
written), then raises :class:`~loopwright.sweep.trial.TrialPruned` at the end of
training: the run skips its final evaluation and saving, its manifest says
``status: pruned``, and the sweeper records the trial as PRUNED.
"""

from __future__ import annotations

import math
from typing import Any

from transformers import TrainerCallback

from loopwright.sweep.attrs import PRUNED_ATTR
from loopwright.sweep.trial import TrialPruned, load_trial, pruning_metric


class TrialPruningCallback(TrainerCallback):
    def __init__(self, study_name: str, storage: str, number: int):
        self.number = number
        self.study, self.trial = load_trial(study_name, storage, number)
        self.metric = pruning_metric(self.study)
        # Optuna reports one value per step; several objectives have no single value to prune on.
        self.enabled = len(self.study.directions) == 1
        self.pruned: tuple[int, float] | None = None

    def on_periodic_eval(self, step: int, summary: dict[str, float], control: Any) -> None:
        value = summary.get(self.metric)
        if not self.enabled or value is None or not math.isfinite(value):
            return
        self.trial.report(float(value), step)
        if self.trial.should_prune():
            self.pruned = (step, float(value))
            self.trial.set_user_attr(PRUNED_ATTR, {"step": step, "value": float(value)})
            control.should_training_stop = True

    def on_train_end(self, args, state, control, **kwargs):
        if self.pruned is not None:
            raise TrialPruned(self.number, *self.pruned)


def callbacks_for(cfg: Any) -> list:
    """The callbacks a job needs as a sweep trial: none outside a sweep or without eval.every."""
    trial = cfg.get("trial")
    if not trial or trial.study_name is None or trial.storage is None or trial.number is None:
        return []
    if not (cfg.eval.enabled and cfg.eval.every):
        return []
    return [TrialPruningCallback(str(trial.study_name), str(trial.storage), int(trial.number))]
