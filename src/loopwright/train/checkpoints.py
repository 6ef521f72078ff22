"""Atomic checkpoints and resume.

transformers writes ``checkpoint-N`` in place, so a run killed mid-save leaves a
directory that looks complete but is not. We make each save atomic: the trainer
writes into ``<run dir>/checkpoints/.incomplete/``, and only a finished save is
renamed to ``<run dir>/checkpoints/checkpoint-N`` (one ``rename`` on the same file
system). Anything in ``.incomplete`` is garbage by definition. The newest
``checkpoint.keep`` checkpoints are kept.

Durable: before the rename every file and directory of the save is fsynced and a completion
record (``loopwright_complete.json``: files and sizes, :mod:`loopwright.train.checkpoint_record`)
is written last; after it ``checkpoints/`` is fsynced. A checkpoint whose record is missing or
does not match is no checkpoint: ``resume=auto`` skips it with a warning. Saving a step that
exists already (a resumed run) never leaves zero good copies of it: the old one is moved aside
(``.replaced-checkpoint-N``), the new one renamed in, then the old one deleted; a kill in between
is repaired by the next resume (the one set aside is put back when the new one is not there).

An abandoned line: a resume from checkpoint-K sets aside every checkpoint newer than K
(``checkpoints/abandoned-<time>/``: renamed, never deleted), so the next ``resume=auto``
continues this line, not the one it left.

Resume: ``resume=auto`` picks the newest complete checkpoint of the run dir
(``hydra.run.dir=<the run>``), ``resume=<path>`` a given checkpoint directory.
The Trainer restores optimizer, scheduler, RNG state and step; ``metrics.jsonl``
is cut back to the checkpoint's step so no step is logged twice or lost.
"""

from __future__ import annotations

import errno
import logging
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

from loopwright.runs.reader import jsonl_lines
from loopwright.runs.writer import write_bytes_atomic, write_json_atomic
from loopwright.train import checkpoint_record

CHECKPOINT_DIR = "checkpoints"
_STAGING = ".incomplete"
_REPLACED = ".replaced-"  # checkpoints/.replaced-checkpoint-N: the old copy while a step is saved again
FINGERPRINT = "loopwright_resume.json"  # what loopwright.train.resume compares on a resume
_NAME = re.compile(r"^checkpoint-(\d+)$")
_LOG = logging.getLogger(__name__)


def _named(root: Path) -> list[Path]:
    if not root.is_dir():
        return []
    found = [(int(m.group(1)), p) for p in root.iterdir() if p.is_dir() and (m := _NAME.match(p.name))]
    return [p for _, p in sorted(found)]


def _repair_replaced(root: Path) -> None:
    """A kill while a step was saved again: put the old copy back where the new one never arrived."""
    if not root.is_dir():
        return
    for aside in root.glob(f"{_REPLACED}checkpoint-*"):
        final = root / aside.name[len(_REPLACED):]
        if not final.exists() and checkpoint_record.problem(aside) is None:
            os.rename(aside, final)
            _LOG.warning("%s: put back (a save of the same step was killed before its copy arrived)", final)
        elif final.exists() and checkpoint_record.problem(final) is None:
            shutil.rmtree(aside, ignore_errors=True)


def complete_checkpoints(run_dir: Path, *, warn: bool = False) -> list[Path]:
    """Complete checkpoints of a run (their completion record matches their files), oldest first."""
    good = []
    for path in _named(run_dir / CHECKPOINT_DIR):
        why = checkpoint_record.problem(path)
        if why is None:
            good.append(path)
        elif warn:
            _LOG.warning("%s: skipped, not a complete checkpoint (%s); resume takes the newest complete one",
                         path, why)
    return good


def _newest(run_dir: Path) -> Path | None:
    _repair_replaced(run_dir / CHECKPOINT_DIR)
    found = complete_checkpoints(run_dir, warn=True)
    return found[-1] if found else None


def step_of(checkpoint: Path) -> int:
    match = _NAME.match(checkpoint.name)
    if not match:
        raise ValueError(f"{checkpoint} is not a checkpoint directory (checkpoint-<step>)")
    return int(match.group(1))


def resolve_resume(resume: str | None, run_dir: Path) -> Path | None:
    """The checkpoint to resume from, or None to start fresh. Raises ValueError with the reason."""
    if not resume:
        return None
    if resume == "auto":
        return _newest(run_dir)  # None: nothing saved yet, a fresh start
    path = Path(resume).expanduser()
    if path.is_dir() and not _NAME.match(path.name):  # a run dir: its newest checkpoint
        found = _newest(path)
        if found is None:
            raise ValueError(f"resume={resume}: no complete checkpoint under {path / CHECKPOINT_DIR}")
        return found
    if not (path.is_dir() and (path / "trainer_state.json").is_file()):
        raise ValueError(f"resume={resume}: not a complete checkpoint directory (no trainer_state.json)")
    why = checkpoint_record.problem(path)
    if why is not None and (path / checkpoint_record.RECORD).is_file():
        raise ValueError(f"resume={resume}: not a complete checkpoint: {why}")
    if why is not None:  # a checkpoint from elsewhere (or an older loopwright): trusted as given, said so
        _LOG.warning("resume=%s: %s; resuming from it as asked", resume, why)
    return path


def set_aside_newer(run_dir: Path, step: int) -> list[Path]:
    """Move every checkpoint newer than ``step`` (the line a resume from ``step`` abandons) into
    ``checkpoints/abandoned-<time>/``; renamed, never deleted. Returns where they went."""
    newer = [p for p in _named(run_dir / CHECKPOINT_DIR) if step_of(p) > step]
    if not newer:
        return []
    dest = run_dir / CHECKPOINT_DIR / f"abandoned-{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}-{os.getpid()}"
    dest.mkdir(parents=True, exist_ok=True)
    moved = []
    for path in newer:
        os.rename(path, dest / path.name)
        moved.append(dest / path.name)
        _LOG.warning("%s: set aside as %s (newer than the checkpoint this run resumes from)", path, dest / path.name)
    checkpoint_record.fsync_path(run_dir / CHECKPOINT_DIR)
    return moved


def truncate_metrics(metrics_path: Path, last_step: int) -> int:
    """Drop metrics lines logged after ``last_step`` (they will be logged again); return lines kept."""
    if not metrics_path.is_file():
        return 0
    # A torn last line (the killed attempt was appending it) is dropped: it was being logged after the
    # newest save, so it will be logged again too. Any other damaged line is reported and dropped: a
    # metrics line is never worth a resume.
    kept = []
    for line in jsonl_lines(metrics_path, keep_damaged=True):
        if line.problem is not None:
            _LOG.warning("%s:%d: dropped a damaged metrics line (%s)", metrics_path, line.number, line.problem)
        elif line.row.get("step", 0) <= last_step:
            kept.append(line.text)
    write_bytes_atomic(metrics_path, "".join(line + "\n" for line in kept).encode())
    return len(kept)


class CheckpointWriteError(OSError):
    """A checkpoint could not be written (disk full, quota, I/O error); the previous one is intact."""


def _why(err: BaseException) -> str:
    text = f"{type(err).__name__}: {err}"
    if getattr(err, "errno", None) == errno.ENOSPC or "No space left" in text or "StorageFull" in text:
        return f"no space left on the device ({text})"
    return text


def make_saves_atomic(trainer: Any, run_dir: Path, keep: int, fingerprint: dict[str, Any] | None = None) -> None:
    """Route the trainer's checkpoint saves through a staging dir and an atomic rename.

    ``fingerprint`` goes into each checkpoint as ``loopwright_resume.json`` before the rename
    (loopwright.train.resume checks it). A save that fails (ENOSPC, ...) removes its staging
    dir and raises CheckpointWriteError; older checkpoints are only pruned after a save succeeded."""
    root = run_dir / CHECKPOINT_DIR
    staging = root / _STAGING
    original = trainer._save_checkpoint

    def save_atomically(model: Any, trial: Any) -> None:
        step = trainer.state.global_step
        shutil.rmtree(staging, ignore_errors=True)
        try:
            staging.mkdir(parents=True)
            trainer.args.output_dir = str(staging)
            try:
                original(model, trial)
            finally:
                trainer.args.output_dir = str(root)
            written = staging / f"checkpoint-{step}"
            if fingerprint is not None:
                write_json_atomic(written / FINGERPRINT, {**fingerprint, "step": step})
            checkpoint_record.write_record(written)  # every file fsynced, the record last
            metrics = run_dir / "metrics.jsonl"
            if metrics.is_file():  # the steps up to this checkpoint are as durable as it is
                checkpoint_record.fsync_path(metrics)
        except Exception as err:  # noqa: BLE001  whatever the writer raised, the message says what is left
            shutil.rmtree(staging, ignore_errors=True)
            intact = complete_checkpoints(run_dir)
            raise CheckpointWriteError(
                f"checkpoint-{step} could not be written under {root}: {_why(err)}. "
                + (f"The previous checkpoint {intact[-1]} is intact: free space, then resume with resume=auto "
                   f"hydra.run.dir={run_dir}" if intact else "No earlier checkpoint exists")) from err
        final = root / written.name
        aside = root / f"{_REPLACED}{written.name}"
        if final.exists():  # a resumed run saving the same step again: the old copy aside, not deleted yet
            if aside.exists():
                shutil.rmtree(aside)
            os.rename(final, aside)
        os.rename(written, final)
        checkpoint_record.fsync_path(root)
        shutil.rmtree(aside, ignore_errors=True)
        shutil.rmtree(staging, ignore_errors=True)
        for old in complete_checkpoints(run_dir)[:-keep]:
            shutil.rmtree(old, ignore_errors=True)

    trainer._save_checkpoint = save_atomically
