"""The thin layer between ``@hydra.main`` and :func:`loopwright.train.job.train`.

Validation happens here, before ``loopwright.train.job`` (and so torch) is imported.
A config that fails validation leaves no run directory behind: Hydra has already
created it with only its own bookkeeping in it, so we remove it again.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from omegaconf import DictConfig

from loopwright.train import exits
from loopwright.train.validate import ConfigError, validate

# What Hydra itself writes into a job dir before our code runs.
_HYDRA_BOOKKEEPING = {".hydra", "train.log"}


def _hydra_output_dir() -> Path | None:
    from hydra.core.hydra_config import HydraConfig

    return Path(HydraConfig.get().runtime.output_dir) if HydraConfig.initialized() else None


def _remove_if_only_bookkeeping(run_dir: Path | None) -> None:
    if run_dir is None or not run_dir.is_dir():
        return
    if {p.name for p in run_dir.iterdir()} <= _HYDRA_BOOKKEEPING:
        shutil.rmtree(run_dir, ignore_errors=True)


def _redact_what_hydra_wrote(run_dir: Path | None) -> None:
    """Hydra has written ``.hydra/*`` (and, in a sweep, ``multirun.yaml``) with the overrides as given: redact
    them first, before validation or anything else can stop the process and leave them on disk; and scrub the
    environment's secret values from every log line from here on."""
    from hydra.core.hydra_config import HydraConfig
    from hydra.types import RunMode

    from loopwright.runs.secrets import scrub_logging
    from loopwright.runs.writer import redact_hydra_dir, redact_sweep_files  # not at import time: --help stays fast

    scrub_logging()
    if run_dir is not None:
        redact_hydra_dir(run_dir / ".hydra")
    if HydraConfig.initialized() and HydraConfig.get().mode == RunMode.MULTIRUN:
        redact_sweep_files(Path(str(HydraConfig.get().sweep.dir)))


def run_job(cfg: DictConfig) -> float | None:
    """Redact what Hydra wrote, validate, then train. Returns the held-out accuracy (for sweepers)."""
    run_dir = _hydra_output_dir()
    _redact_what_hydra_wrote(run_dir)
    try:
        validate(cfg)
        from loopwright.train.reward_audit import check

        reward_audit = check(cfg, run_dir)  # the pre-flight gaming audit: a gameable reward is refused here (exit 2)
    except ConfigError as err:
        _remove_if_only_bookkeeping(run_dir)
        exits.leave(err, None)

    from loopwright.train.dispatch import needs_launcher, run_through_launcher

    if run_dir is not None and needs_launcher(cfg):  # provider=X without -m: still through X's launcher
        code = run_through_launcher(cfg, run_dir)
        if code:
            sys.exit(code)
        return None

    from loopwright.train import multinode

    if run_dir is not None and multinode.wanted(cfg):  # provider.nodes > 1: this node's ranks under torchrun
        from loopwright.train.dispatch import trained_accuracy

        code = multinode.run(cfg, run_dir)
        if code:
            sys.exit(code)
        return trained_accuracy(run_dir)

    from loopwright.train.job import train  # heavy: torch, transformers, trl

    try:
        # after the resume check
        summary = train(cfg, run_dir=run_dir, callbacks=lambda: _sweep_callbacks(cfg), reward_audit=reward_audit)
    except BaseException as err:  # the exits table: a message and an exit code, a pruned value, or re-raised
        return exits.leave(err, run_dir)
    return summary.get("trained_accuracy")


def _sweep_callbacks(cfg: DictConfig) -> list:
    """A sweep trial's pruning callbacks; the module imports transformers, so only once the job trains, and
    only in a sweep trial (a plain run imports no sweep module for it)."""
    if not cfg.get("trial") or cfg.trial.get("study_name") is None:
        return []
    from loopwright.sweep.pruning import callbacks_for

    return callbacks_for(cfg)
