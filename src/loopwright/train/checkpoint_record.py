"""A checkpoint's completion record: what makes ``checkpoint-N`` trusted on resume.

The save (loopwright.train.checkpoints) fsyncs every file and directory of the checkpoint, then
writes ``loopwright_complete.json`` last (its own fsync, then the directory's): every file's path
and size. A checkpoint whose record is missing, unreadable, or does not match the files on disk
(a file short or gone: what a host crash or power loss leaves of data that had not reached the
disk) is not a checkpoint. ``resume=auto`` skips it with a warning and takes the previous good one.

Sizes, not hashes: the damage a crash leaves is a short or missing file, and a hash of a model's
weights would cost a full read of every shard at every resume. Pure python (no torch at import).
"""

from __future__ import annotations

import os
from pathlib import Path

from loopwright.runs import reader, writer

RECORD = "loopwright_complete.json"


def fsync_path(path: Path) -> None:
    """fsync a file or a directory (a directory's fsync makes the names in it durable)."""
    fd = os.open(path, os.O_RDONLY | (os.O_DIRECTORY if path.is_dir() else 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _files(checkpoint: Path) -> dict[str, int]:
    return {p.relative_to(checkpoint).as_posix(): p.stat().st_size
            for p in sorted(checkpoint.rglob("*")) if p.is_file() and p.name != RECORD}


def write_record(checkpoint: Path) -> dict[str, int]:
    """fsync every file and directory of ``checkpoint``, then write its record last (fsynced); return the files."""
    files = _files(checkpoint)
    for rel in files:
        fsync_path(checkpoint / rel)
    for sub in sorted((p for p in checkpoint.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        fsync_path(sub)
    writer.write_json_atomic(checkpoint / RECORD, {"files": files})  # fsynced, then renamed into place
    fsync_path(checkpoint)
    return files


def problem(checkpoint: Path) -> str | None:
    """Why ``checkpoint`` cannot be trusted (its record missing or not matching its files), or None."""
    path = checkpoint / RECORD
    if not path.is_file():
        return f"no {RECORD} (the save did not finish, or it was written before completion records)"
    try:
        files = reader.read_json(path)["files"]
        assert isinstance(files, dict)
    except (OSError, ValueError, KeyError, TypeError, AssertionError):
        return f"{RECORD} is damaged"
    for rel, size in sorted(files.items()):
        target = checkpoint / rel
        if not target.is_file():
            return f"{rel} is missing ({RECORD} lists it)"
        actual = target.stat().st_size
        if actual != size:
            return f"{rel} is {actual} bytes, {RECORD} says {size} (cut short by a crash?)"
    return None
