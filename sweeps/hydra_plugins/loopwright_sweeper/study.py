"""Study plumbing: samplers, resume bookkeeping, the baseline trial, the cost ledger.

Optuna is imported inside the functions (Hydra imports this module at startup).
"""

from __future__ import annotations

import logging
import os
import socket
from enum import Enum
from pathlib import Path
from typing import Any, Mapping

from omegaconf import OmegaConf

from loopwright.sweep.attrs import OWNER_ATTR, REPEAT_ATTR, RESUMES_ATTR, RUN_DIR_ATTR, STALE_ATTR, WARM_ATTR
from hydra_plugins.loopwright_sweeper.config import SAMPLERS

log = logging.getLogger(__name__)


def make_sampler(name: str, seed: int | None, kwargs: Mapping[str, Any], space: Mapping[str, Any],
                 n_objectives: int) -> Any:
    import optuna

    from hydra_plugins.loopwright_sweeper.space import grid_choices

    kwargs = dict(kwargs)
    if name == "grid":
        grid = {key: grid_choices(key, dist) for key, dist in space.items()}
        return optuna.samplers.GridSampler(grid, seed=seed, **kwargs)
    factories = {
        "tpe": optuna.samplers.TPESampler,
        "gp": optuna.samplers.GPSampler,
        "cmaes": optuna.samplers.CmaEsSampler,
        "random": optuna.samplers.RandomSampler,
        "nsga2": optuna.samplers.NSGAIISampler,
    }
    if name == "cmaes" and n_objectives > 1:
        raise ValueError("hydra.sweeper.sampler=cmaes optimises one objective; use nsga2, tpe or random "
                         f"for the {n_objectives} directions given")
    from loopwright.sweep.trial import build_named  # not at import: Hydra's plugin scan imports this in every run

    return build_named("sampler", name, factories, {"seed": seed, **kwargs}, known=SAMPLERS)


def directions_of(direction: Any) -> list[str]:
    values = list(direction) if OmegaConf.is_list(direction) or isinstance(direction, (list, tuple)) else [direction]
    out = []
    for value in values:
        text = str(getattr(value, "name", value)).lower()
        if text not in ("maximize", "minimize"):
            raise ValueError(f"hydra.sweeper.direction: '{value}' must be maximize or minimize")
        out.append(text)
    return out


def owner() -> dict[str, Any]:
    return {"host": socket.gethostname(), "pid": os.getpid()}


def _alive(recorded: Mapping[str, Any] | None) -> bool:
    """Is the sweeper that asked this trial still running? Another host's sweeper is assumed gone."""
    if not recorded or recorded.get("host") != socket.gethostname():
        return False
    pid = int(recorded.get("pid", -1))
    if pid == os.getpid():
        return False  # this very process just started: whatever it ran before is over
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, ValueError):
        return False
    except PermissionError:
        return True
    return True


def fail_stale_trials(study: Any) -> list[int]:
    """RUNNING trials left by a killed sweep -> FAIL (they do not count towards n_trials)."""
    from optuna.trial import TrialState

    failed = []
    for trial in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        if _alive(trial.user_attrs.get(OWNER_ATTR)):
            continue
        resumed = _enqueue_its_continuation(study, trial)
        study._storage.set_trial_user_attr(trial._trial_id, STALE_ATTR, "its sweep stopped while it ran; marked "
                                           "FAIL on resume" + (f"; continued from {resumed}" if resumed else ""))
        study._storage.set_trial_state_values(trial._trial_id, TrialState.FAIL)
        failed.append(trial.number)
    if failed:
        log.warning(f"Resume: trials {failed} were RUNNING when the sweep stopped; marked FAIL")
    return failed


def _enqueue_its_continuation(study: Any, trial: Any) -> str | None:
    """A stale trial that left a complete checkpoint is not lost: the same parameters are enqueued as a new
    trial that runs in the old run dir with resume=auto (sweeper._ask). Returns the checkpoint, or None."""
    from loopwright.train.checkpoints import complete_checkpoints

    run_dir = trial.user_attrs.get(RUN_DIR_ATTR)
    saved = complete_checkpoints(Path(run_dir)) if run_dir else []
    if not saved:
        return None
    study.enqueue_trial(dict(trial.params), user_attrs={RESUMES_ATTR: {"trial": trial.number, "run_dir": run_dir}},
                        skip_if_exists=False)
    log.warning(f"Resume: trial {trial.number} left {saved[-1].name}; a new trial continues it in {run_dir}")
    return str(saved[-1])


def counted(study: Any) -> int:
    """Finished trials that count towards n_trials: COMPLETE, PRUNED and real FAILs (not stale ones, and not a
    research round's warm-start copies or told repeats, which ran nothing)."""
    from optuna.trial import TrialState

    done = study.get_trials(deepcopy=False, states=(TrialState.COMPLETE, TrialState.PRUNED, TrialState.FAIL))
    return sum(1 for t in done if not {STALE_ATTR, WARM_ATTR, REPEAT_ATTR} & set(t.user_attrs))


def baseline_params(config: Any, space: Mapping[str, Any]) -> dict[str, Any]:
    """The composed config's current value for each searched key that has one inside its distribution."""
    from optuna.distributions import IntDistribution

    choices = OmegaConf.select(config, "hydra.runtime.choices") or {}
    params = {}
    for key, dist in space.items():
        path = key.lstrip("+~")
        value = choices.get(path) if path in choices else OmegaConf.select(config, path, default=None)
        if OmegaConf.is_config(value) or value is None:
            continue
        if isinstance(value, Enum):
            value = value.value  # an enum field of a typed schema
        if contains(dist, value):
            params[key] = int(value) if isinstance(dist, IntDistribution) else value
        else:
            log.info(f"Baseline: {key}={value!r} is outside the search space; the sampler picks it")
    return params


def contains(dist: Any, value: Any) -> bool:
    from optuna.distributions import CategoricalDistribution, IntDistribution

    if isinstance(dist, CategoricalDistribution):
        return value in dist.choices
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not dist.low <= value <= dist.high:
        return False
    if isinstance(dist, IntDistribution) and int(value) != value:
        return False
    if dist.step:
        offset = (value - dist.low) / dist.step
        return abs(offset - round(offset)) < 1e-9
    return True


def ledger_lines(path: Path) -> list[dict[str, Any]]:
    from loopwright.runs.reader import jsonl_lines

    if not path.is_file():
        return []
    # A damaged line (a half-written one, or one a later append was glued onto) is counted as a line, no
    # dollars: the budget check keeps going, and the line count it started from stays valid.
    return [line.row if line.problem is None else {} for line in jsonl_lines(path, keep_damaged=True)]


def spent(path: Path, start: int) -> float:
    """Dollars of the ledger lines written since the study began (paid providers write dollars > 0)."""
    from loopwright.cloud.ledger import line_dollars

    return float(sum(d for row in ledger_lines(path)[start:] if (d := line_dollars(row)) is not None and d > 0))
