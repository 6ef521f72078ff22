"""What a sweep's study storage means to a job, shared by the sweeper and the job.

The sweeper (sweeps/hydra_plugins/loopwright_sweeper) passes each job
``trial.study_name``, ``trial.storage`` and ``trial.number``; the job opens the
same storage to report its periodic held-out evaluation and to ask the pruner.
The pruner itself is described in the study's user attributes (``PRUNER_ATTR``),
so every process builds the same one.

Torch-free; optuna is imported inside the functions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from loopwright.sweep.attrs import PRUNER_ATTR


class TrialPruned(RuntimeError):
    """The study's pruner stopped this job after a periodic evaluation."""

    def __init__(self, number: int, step: int, value: float):
        self.number, self.step, self.value = number, step, value
        super().__init__(f"trial {number} pruned at step {step} (held-out value {value:g})")


def storage_url(spec: str | None, sweep_dir: Path) -> str:
    """The sweeper's ``storage`` setting as a URL every process can open."""
    if spec in (None, "", "journal"):
        return f"journal:{(sweep_dir / 'optuna.journal').resolve()}"
    if spec == "sqlite":
        return f"sqlite:///{(sweep_dir / 'optuna.db').resolve()}"
    return spec


def open_storage(url: str) -> Any:
    """``journal:<path>`` (or a ``.journal`` / ``.log`` path): a journal file; else an Optuna storage URL."""
    import optuna

    path = url[len("journal:"):] if url.startswith("journal:") else None
    if path is None and "://" not in url and url.endswith((".journal", ".log")):
        path = url
    if path is not None:
        from optuna.storages.journal import JournalFileBackend, JournalStorage

        Path(path).parent.mkdir(parents=True, exist_ok=True)
        return JournalStorage(JournalFileBackend(path))
    return optuna.storages.get_storage(url)


def build_named(what: str, name: str, factories: dict[str, Any], kwargs: dict[str, Any],
                known: tuple[str, ...] | None = None) -> Any:
    """``factories[name](**kwargs)`` for ``hydra.sweeper.<what>`` (sampler, pruner): a name not among ``known``
    (default: the factories) or a keyword its constructor refuses is a ValueError naming the key."""
    if name not in factories:
        raise ValueError(f"hydra.sweeper.{what}='{name}' is not a known {what}; choose from {list(known or factories)}")
    try:
        return factories[name](**kwargs)
    except TypeError as err:
        raise ValueError(f"hydra.sweeper.{what}_kwargs for {what} '{name}': {err}") from err


def make_pruner(name: str, kwargs: dict[str, Any] | None = None) -> Any:
    import optuna

    factories = {
        "none": optuna.pruners.NopPruner,
        "median": optuna.pruners.MedianPruner,
        "successive_halving": optuna.pruners.SuccessiveHalvingPruner,
        "hyperband": optuna.pruners.HyperbandPruner,
    }
    if name == "none":
        return optuna.pruners.NopPruner()  # pruner_kwargs of a search-space file's pruner do not apply
    return build_named("pruner", name, factories, dict(kwargs or {}))


def load_trial(study_name: str, storage: str, number: int) -> tuple[Any, Any]:
    """(study, trial) for a running trial, with the pruner the sweeper configured."""
    import optuna

    opened = open_storage(storage)
    study_id = opened.get_study_id_from_name(study_name)
    spec = opened.get_study_user_attrs(study_id).get(PRUNER_ATTR) or {"name": "none"}
    study = optuna.load_study(study_name=study_name, storage=opened,
                              pruner=make_pruner(spec["name"], spec.get("kwargs")))
    trial_id = opened.get_trial_id_from_study_id_trial_number(study_id, number)
    return study, optuna.trial.Trial(study, trial_id)


def pruning_metric(study: Any) -> str:
    return (study.user_attrs.get(PRUNER_ATTR) or {}).get("metric", "accuracy")
