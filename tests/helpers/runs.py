"""Reading a test run's files: the project's own reader (loopwright.runs.reader), one place for every test."""

from __future__ import annotations

from pathlib import Path

from loopwright.runs.reader import read_manifest, read_metrics


def manifest(run_dir: str | Path) -> dict:
    """The run's manifest.json (FileNotFoundError naming the dir when it has none)."""
    return read_manifest(run_dir)


def metrics(run_dir: str | Path) -> list[dict]:
    """metrics.jsonl's rows, ``[]`` before the first step; safe to poll while the trainer appends (a torn
    last line is left out, as every reader of the project leaves it out)."""
    return read_metrics(run_dir)
