"""A synthetic training job with a known optimum, for bench/research.py (research rounds vs one flat sweep).

    python bench/research_app.py -m hydra.sweeper.n_trials=60 hydra.sweeper.research.rounds=4

"Held-out accuracy" after ``steps`` steps of a run with learning rate ``lr``, warm-up ``warmup``, KL weight
``beta`` and ``dropout``; the optimum is 1.0 at lr=3e-4, warmup=40, beta=0.01, dropout=0:

    value = exp(-((log10 lr - log10 3e-4) / 0.6)^2) * exp(-((warmup - 40) / 80)^2) * B[beta] * (1 - 0.02 dropout)

lr matters most (log scale, five decades searched), warm-up less, beta is a categorical with one best choice,
dropout hardly matters (at most 1%). The run's curve rises to ``value`` over its steps; every ``eval_every``
steps it reports the curve to the study storage, as train.py's jobs do (loopwright.sweep.trial), so the
sweeper's pruner stops it early. ``record.json`` in the run dir holds the steps it ran and its true value.
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path

import hydra
from hydra.core.config_store import ConfigStore
from hydra.core.hydra_config import HydraConfig
from omegaconf import DictConfig

OPTIMUM = 1.0
BETA = {0.0: 0.93, 0.01: 1.0, 0.04: 0.96, 0.1: 0.88, 0.2: 0.8}
SPACE = {"lr": "tag(log, interval(1e-6, 1e-1))", "warmup": "int(interval(0, 200))",
         "beta": "choice(0.0, 0.01, 0.04, 0.1, 0.2)", "dropout": "interval(0.0, 0.5)"}

ConfigStore.instance().store(name="research_app", node={
    "defaults": ["_self_", {"override hydra/sweeper": "loopwright"}],
    "lr": 1e-5, "warmup": 0, "beta": 0.04, "dropout": 0.1, "steps": 20, "eval_every": 4,
    "hydra": {"sweeper": {"direction": "maximize", "report": False, "params": SPACE}}})


def value_of(lr: float, warmup: int, beta: float, dropout: float) -> float:
    return (math.exp(-((math.log10(lr) - math.log10(3e-4)) / 0.6) ** 2) * math.exp(-((warmup - 40) / 80) ** 2)
            * BETA[float(beta)] * (1 - 0.02 * dropout))


def curve(value: float, step: int, steps: int) -> float:
    return value * (1 - math.exp(-4 * step / steps)) / (1 - math.exp(-4))


@hydra.main(version_base="1.3", config_path=None, config_name="research_app")
def main(cfg: DictConfig) -> float:
    value = value_of(cfg.lr, cfg.warmup, cfg.beta, cfg.dropout)
    ran, pruned = int(cfg.steps), False
    trial_cfg = cfg.get("trial") or {}
    if trial_cfg.get("study_name"):
        from loopwright.sweep.attrs import PRUNED_ATTR
        from loopwright.sweep.trial import load_trial

        _, trial = load_trial(trial_cfg["study_name"], trial_cfg["storage"], int(trial_cfg["number"]))
        for step in range(int(cfg.eval_every), int(cfg.steps), int(cfg.eval_every)):
            trial.report(curve(value, step, cfg.steps), step)
            if trial.should_prune():
                trial.set_user_attr(PRUNED_ATTR, {"step": step, "value": curve(value, step, cfg.steps)})
                ran, pruned = step, True
                break
    out = Path(HydraConfig.get().runtime.output_dir)
    (out / "record.json").write_text(json.dumps({"start": time.time(), "steps": ran, "pruned": pruned,
                                                 "value": value}))
    return value


if __name__ == "__main__":
    main()
