"""Attacks on ``python -m loopwright.ingest``: a torn line (a writer killed mid-append) in an input log or in the
transcript store must be reported and skipped, never fatal."""

from __future__ import annotations

import json
import subprocess
import sys

from helpers import ROOT

EXAMPLE = ROOT / "examples" / "loop" / "openai_chats.jsonl"


def _ingest(inputs, out, cwd):
    return subprocess.run([sys.executable, "-m", "loopwright.ingest", "format=openai", f"input={inputs}",
                           f"output={out}"], capture_output=True, text=True, timeout=120, cwd=cwd)


def test_a_torn_last_line_of_an_input_is_reported_and_skipped(tmp_path):
    log = tmp_path / "traffic.jsonl"
    lines = EXAMPLE.read_text().splitlines()
    log.write_text("\n".join(lines) + "\n")
    assert _ingest(log, tmp_path / "whole", tmp_path).returncode == 0
    whole = json.loads((tmp_path / "whole" / "ingest_report.json").read_text())["inputs"][str(log)]
    log.write_text("\n".join(lines) + "\n" + lines[0][: len(lines[0]) // 2])  # killed mid-append
    proc = _ingest(log, tmp_path / "t", tmp_path)
    assert proc.returncode == 0, proc.stderr
    entry = json.loads((tmp_path / "t" / "ingest_report.json").read_text())["inputs"][str(log)]
    assert entry["kept"] == whole["kept"]
    assert entry["errors"][:-1] == whole["errors"] and entry["errors"][-1]["at"] == f"{log}:{len(lines) + 1}"
    assert "invalid JSON" in entry["errors"][-1]["reason"]


def test_a_torn_line_in_the_store_is_reported_and_skipped(tmp_path):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    lines = EXAMPLE.read_text().splitlines()
    first.write_text("\n".join(lines[:2]) + "\n")
    second.write_text("\n".join(lines[2:4]) + "\n")
    out = tmp_path / "t"
    assert _ingest(first, out, tmp_path).returncode == 0
    store = out / "transcripts.jsonl"
    kept = store.read_text()
    store.write_text(kept + kept.splitlines()[0][:40])  # an ingest killed while writing (or a disk that filled)
    proc = _ingest(second, out, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert f"{store}:3" in proc.stderr and "skipped" in proc.stderr
    rows = [json.loads(line) for line in store.read_text().splitlines()]
    assert {r["source"]["path"] for r in rows} == {str(first), str(second)}
    report = json.loads((out / "ingest_report.json").read_text())
    assert report["transcripts"]["conversations"] == len(rows)
    assert report["transcripts"]["damaged"][0]["at"] == f"{store}:3"
