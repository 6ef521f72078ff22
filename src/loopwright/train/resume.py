"""Resume plan: which checkpoint a job continues from, and whether it may.

A checkpoint carries ``loopwright_resume.json`` (written inside the atomic save, so it exists
exactly when the checkpoint does): the training data's sha256, the config sections that decide
what a step computes, and the number of processes. A resume whose job differs in any of them
would train another run under the same step numbers, a silent difference; it is refused
(:class:`ResumeRefused`, exit 2) before anything in the run dir is touched. Only a changed
dataset can be forced (``resume_force=true``, recorded in the manifest). ``profile.max_steps``
may change: the run continues to the new end, its learning rate on the new schedule from the
restored step on (:class:`loopwright.train.callbacks.ResumedHorizonCallback`).

``resume=auto`` is implied when the run dir's manifest says ``preempted`` (a requeued or
restarted job finding its own run dir) or SLURM says the job was requeued
(``SLURM_RESTART_COUNT`` > 0 with a manifest present).

Torch-free: it runs before the job's manifest is rewritten.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from loopwright.runs.reader import DamagedFile, read_json, read_manifest
from loopwright.train import checkpoints
from loopwright.train.ranks import world_size

FINGERPRINT = checkpoints.FINGERPRINT
# Config sections whose change makes a step compute something else (the dataset and the process
# count are checked on their own). profile.max_steps is left out on purpose: a run may be extended.
SECTIONS = ("objective", "profile", "model", "reward", "rollout", "seed")
_IGNORED = {"profile.max_steps", "profile.eval_batch_size"}


class ResumeRefused(ValueError):
    """Resuming this checkpoint with this config would not continue the same run."""


@dataclass
class ResumePlan:
    checkpoint: Path | None = None
    requested: str | None = None  # cfg.resume, or "auto" when implied
    implied_by: str | None = None
    forced: list[str] = field(default_factory=list)
    saved_max_steps: int | None = None  # the checkpoint's profile.max_steps (the scheduler's horizon)
    previous: dict[str, Any] | None = None  # the run dir's manifest before this attempt

    def record(self) -> dict[str, Any]:
        prev = self.previous or {}
        return {"requested": self.requested, "from": str(self.checkpoint) if self.checkpoint else None,
                "implied_by": self.implied_by, "forced": self.forced, "saved_max_steps": self.saved_max_steps,
                "previous_attempt": {k: prev.get(k) for k in ("status", "started_at", "ended_at", "global_step",
                                                               "error")} if prev else None}


def train_rows_sha256(cfg: Any) -> str:
    from loopwright.episodes import demonstrations
    from loopwright.runs import writer

    return writer.jsonl_sha256(demonstrations.build(cfg.task)[0])


def fingerprint(cfg: Any, train_sha256: str) -> dict[str, Any]:
    from omegaconf import OmegaConf

    sections = {name: (OmegaConf.to_container(cfg[name], resolve=True) if OmegaConf.is_config(cfg[name])
                       else cfg[name]) for name in SECTIONS}
    return {"dataset_sha256": train_sha256, "processes": world_size(), "max_steps": int(cfg.profile.max_steps),
            "config": sections}


def _flat(value: Any, prefix: str) -> dict[str, Any]:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            out.update(_flat(v, f"{prefix}.{k}"))
        return out
    return {prefix: value}


def differences(saved: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """``key: old -> new`` for every config value that differs (profile.max_steps excepted)."""
    old = {k.lstrip("."): v for k, v in _flat(saved.get("config", {}), "").items()}
    new = {k.lstrip("."): v for k, v in _flat(now.get("config", {}), "").items()}
    # Only keys both sides know: a key added (or removed) by another loopwright version is no change of the job.
    return [f"{k}: {old[k]!r} -> {new[k]!r}" for k in sorted(set(old) & set(new))
            if k not in _IGNORED and old[k] != new[k]]


def saved_fingerprint(checkpoint: Path) -> dict[str, Any] | None:
    path = checkpoint / FINGERPRINT
    return read_json(path) if path.is_file() else None  # None: written before fingerprints existed


def check(checkpoint: Path, now: dict[str, Any], force: bool) -> list[str]:
    """Raise ResumeRefused when ``checkpoint`` was written by a different job; return what was forced."""
    saved = saved_fingerprint(checkpoint)
    if saved is None:
        return []  # nothing to compare against
    where = f"resume refused: {checkpoint} was written by"
    if saved.get("processes") != now["processes"]:
        raise ResumeRefused(
            f"{where} {saved.get('processes')} process(es), this job has {now['processes']}. GRPO's batches and "
            "generations are split per process, so the continued run would not be the run that was checkpointed "
            "(loopwright does not re-shard). Resume with the same number of processes (provider.processes_per_job)")
    changed = differences(saved, now)
    if changed:
        shown = "; ".join(changed[:6]) + (f"; and {len(changed) - 6} more" if len(changed) > 6 else "")
        raise ResumeRefused(f"{where} a different configuration ({shown}). The steps after the checkpoint would "
                            "compute something else than the steps before it. Put the old values back, or start a "
                            "new run dir (profile.max_steps may change)")
    if saved.get("dataset_sha256") != now["dataset_sha256"]:
        if not force:
            raise ResumeRefused(
                f"{where} other training data (sha256 {str(saved.get('dataset_sha256'))[:12]} -> "
                f"{now['dataset_sha256'][:12]}: the task or its rows changed). resume_force=true resumes anyway "
                "and records it in the manifest (resume.forced)")
        return ["dataset"]
    return []


def _previous_manifest(run_dir: Path) -> dict[str, Any] | None:
    try:
        return read_manifest(run_dir, missing_ok=True)
    except DamagedFile:
        return None


def implied_resume(cfg_resume: str | None, previous: dict[str, Any] | None) -> tuple[str | None, str | None]:
    """(the resume setting to use, why it was implied or None)."""
    if cfg_resume or previous is None:
        return cfg_resume, None
    if previous.get("status") == "preempted":
        return "auto", "the run dir's manifest says status 'preempted' (a requeued or restarted job)"
    restarts = int(os.environ.get("SLURM_RESTART_COUNT", "0") or 0)
    if restarts > 0:
        return "auto", f"SLURM_RESTART_COUNT={restarts} (SLURM requeued this job)"
    return None, None


def plan(cfg: Any, run_dir: Path) -> ResumePlan:
    """The checkpoint to continue from (None: fresh), checked against this job. Raises ResumeRefused / ValueError."""
    previous = _previous_manifest(run_dir)
    requested, implied_by = implied_resume(cfg.resume, previous)
    result = ResumePlan(requested=requested, implied_by=implied_by, previous=previous)
    result.checkpoint = checkpoints.resolve_resume(requested, run_dir)
    if result.checkpoint is not None:
        result.forced = check(result.checkpoint, fingerprint(cfg, train_rows_sha256(cfg)), bool(cfg.resume_force))
        result.saved_max_steps = (saved_fingerprint(result.checkpoint) or {}).get("max_steps")
        if cfg.guards.resume_progress:
            refuse_no_progress(result.checkpoint, int(cfg.profile.max_steps), previous)
    return result


# A previous attempt that ended in one of these never finished its run: a resume with nothing left to train
# still has the evaluation and the saved weights to do.
UNFINISHED = ("preempted", "running", "failed")


def refuse_no_progress(checkpoint: Path, max_steps: int, previous: dict[str, Any] | None) -> None:
    """guards.resume_progress: a resume from a checkpoint at or past profile.max_steps trains 0 steps, and the
    Trainer then ends it as a success. Refused, unless this run dir's last attempt stopped before its end
    (status preempted, running: killed, failed), whose evaluation and saved weights are still to come."""
    step = checkpoints.step_of(checkpoint)
    status = (previous or {}).get("status")
    if step < max_steps or status in UNFINISHED:
        return
    why = f"the run dir's manifest says '{status}'" if status else "this run dir has no unfinished attempt"
    raise ResumeRefused(
        f"resume refused: {checkpoint} is at step {step} and profile.max_steps={max_steps}: it would train 0 steps "
        f"({why}). Raise profile.max_steps to continue the run, start a new run dir, or set "
        "guards.resume_progress=false to resume anyway")
