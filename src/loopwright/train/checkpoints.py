"""Atomic checkpoints and resume.

transformers writes ``checkpoint-N`` in place, so a run killed mid-save leaves a
directory that looks complete but is not. We make each save atomic: the trainer
writes into ``<run dir>/checkpoints/.incomplete/``, and only a finished save is
renamed to ``<run dir>/checkpoints/checkpoint-N`` (one ``rename`` on the same file
system). Anything in ``.incomplete`` is garbage by definition. The newest
``checkpoint.keep`` checkpoints are kept.

Resume: ``resume=auto`` picks the newest complete checkpoint of the run dir
(``hydra.run.dir=<the run>``), ``resume=<path>`` a given checkpoint directory.
The Trainer restores optimizer, scheduler, RNG state and step; ``metrics.jsonl``
is cut back to the checkpoint's step so no step is logged twice or lost.
"""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

from loopwright.runs.reader import jsonl_lines
from loopwright.runs.writer import write_bytes_atomic

CHECKPOINT_DIR = "checkpoints"
_STAGING = ".incomplete"
FINGERPRINT = "loopwright_resume.json"  # what loopwright.train.resume compares on a resume
_NAME = re.compile(r"^checkpoint-(\d+)$")


def complete_checkpoints(run_dir: Path) -> list[Path]:
    """Complete checkpoints of a run, oldest first."""
    root = run_dir / CHECKPOINT_DIR
    if not root.is_dir():
        return []
    found = [(int(m.group(1)), p) for p in root.iterdir() if p.is_dir() and (m := _NAME.match(p.name))]
    return [p for _, p in sorted(found)]


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
        found = complete_checkpoints(run_dir)
        return found[-1] if found else None  # nothing saved yet: a fresh start
    path = Path(resume).expanduser()
    if path.is_dir() and not _NAME.match(path.name):  # a run dir: its newest checkpoint
        found = complete_checkpoints(path)
        if not found:
            raise ValueError(f"resume={resume}: no complete checkpoint under {path / CHECKPOINT_DIR}")
        return found[-1]
    if not (path.is_dir() and (path / "trainer_state.json").is_file()):
        raise ValueError(f"resume={resume}: not a complete checkpoint directory (no trainer_state.json)")
    return path


def truncate_metrics(metrics_path: Path, last_step: int) -> int:
    """Drop metrics lines logged after ``last_step`` (they will be logged again); return lines kept."""
    if not metrics_path.is_file():
        return 0
    # A torn last line (the killed attempt was appending it) is dropped: it was being logged after the
    # newest save, so it will be logged again too.
    kept = [line.text for line in jsonl_lines(metrics_path, tolerate_torn_tail=True)
            if line.row.get("step", 0) <= last_step]
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
                (written / FINGERPRINT).write_text(json.dumps({**fingerprint, "step": step}, indent=2) + "\n")
        except Exception as err:  # noqa: BLE001  whatever the writer raised, the message says what is left
            shutil.rmtree(staging, ignore_errors=True)
            intact = complete_checkpoints(run_dir)
            raise CheckpointWriteError(
                f"checkpoint-{step} could not be written under {root}: {_why(err)}. "
                + (f"The previous checkpoint {intact[-1]} is intact: free space, then resume with resume=auto "
                   f"hydra.run.dir={run_dir}" if intact else "No earlier checkpoint exists")) from err
        final = root / written.name
        if final.exists():  # a resumed run saving the same step again
            shutil.rmtree(final)
        os.rename(written, final)
        shutil.rmtree(staging, ignore_errors=True)
        for old in complete_checkpoints(run_dir)[:-keep]:
            shutil.rmtree(old, ignore_errors=True)

    trainer._save_checkpoint = save_atomically
