"""Running the loop's apps as a user does (``python -m loopwright.<app>``) on the shipped example logs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from helpers import ROOT

EXAMPLES = ROOT / "examples" / "loop"
OPENAI = [EXAMPLES / "openai_chats.jsonl", EXAMPLES / "openai_requests.jsonl"]
LANGCHAIN = [EXAMPLES / "langsmith_runs.jsonl", EXAMPLES / "langsmith_flat.json"]
HELD_OUT = EXAMPLES / "held_out_prompts.jsonl"
# The tests of curation and training that use it skip the pre-flight gaming audit: they were written while the
# old customer_support grader was refused by it. The rebuilt grader passes the pre-flight
# (tests/unit/train/test_reward_audit_preflight.py, and improve's in tests/unit/curation/test_improve.py).
NO_AUDIT = "reward.audit=false"


def run_app(module: str, *args: str, cwd: Path, stdin: str | None = None,
            timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", module, *args], cwd=cwd, capture_output=True, text=True,
                          input=stdin, timeout=timeout)


def as_list(paths: list[Path]) -> str:
    return "[" + ",".join(str(p) for p in paths) + "]"


def snapshot(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def improve_the_example_logs(cwd: Path) -> dict:
    """``python -m loopwright.improve`` on the shipped openai + langchain example logs, ingested into ``cwd``:
    the run's process, its summary, curated and graded rows (shared by the unit and integration improve tests)."""
    import json

    from loopwright.ingestion import store

    store.ingest([str(p) for p in OPENAI + LANGCHAIN], "auto", cwd / "transcripts")
    proc = run_app("loopwright.improve", "transcripts=transcripts", "reward=customer_support", NO_AUDIT,
                   "output=improved", f"eval_prompts={HELD_OUT}", cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    out = cwd / "improved"
    return {"cwd": cwd, "out": out, "proc": proc,
            "summary": json.loads((out / "improve_summary.json").read_text()),
            "curated": [json.loads(line) for line in (out / "curated.jsonl").read_text().splitlines()],
            "graded": [json.loads(line) for line in (out / "graded.jsonl").read_text().splitlines()]}
