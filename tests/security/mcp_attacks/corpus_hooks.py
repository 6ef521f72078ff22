"""The few steps of the corpus that need code: plantings that depend on what the server wrote in the preludes."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Callable

from corpus_world import World


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "0" * 64


def plant_lineage_run(w: World) -> None:
    """blind: a run whose curated data comes from an improve dir (copied from the benign prelude's) whose raw
    logs and transcripts are OUTSIDE the roots, in the record formats the server just wrote."""
    chat, canary = w.outside / "chat.jsonl", w.outside / "canary.jsonl"
    imp, evil = w.outputs / "improved", w.outputs / "improved_evil"
    if imp.is_dir():
        shutil.copytree(imp, evil)
        summary_path = evil / "improve_summary.json"
        if summary_path.is_file():
            summary = json.loads(summary_path.read_text())
            lineage = summary.setdefault("lineage", {})
            lineage["raw_logs"] = [{"path": str(chat), "sha256": _sha(chat), "format": "openai", "kept": 1,
                                    "malformed": 0, "status": "ok", "runs": []}]
            lineage["transcripts"] = {"path": str(canary), "sha256": _sha(canary)}
            summary_path.write_text(json.dumps(summary))
    curated = evil / "curated.jsonl"
    record = {"curated": {"path": str(curated), "sha256": _sha(curated)},
              "improve": {"path": str(evil), "summary": str(evil / "improve_summary.json")},
              "raw_logs": [{"path": str(chat), "sha256": _sha(chat)}],
              "eval_prompts": {"path": str(canary), "sha256": _sha(canary)},
              "parent_run": str(w.outside / "run"), "model": {"path": str(w.outside / "run" / "model")}}
    run = w.outputs / "runs" / "evil_lineage"
    run.mkdir(parents=True)
    (run / "manifest.json").write_text(json.dumps({
        "status": "completed", "lineage": record,
        "config": {"model": {"name": "tiny", "name_or_path": str(w.outside / "run" / "model")},
                   "task": {"kind": "curated", "path": str(curated)}, "eval": {"prompts": str(canary)}}}))


HOOKS: dict[str, Callable[[World], None]] = {"plant_lineage_run": plant_lineage_run}
