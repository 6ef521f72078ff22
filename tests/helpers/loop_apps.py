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


def run_app(module: str, *args: str, cwd: Path, stdin: str | None = None,
            timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", module, *args], cwd=cwd, capture_output=True, text=True,
                          input=stdin, timeout=timeout)


def as_list(paths: list[Path]) -> str:
    return "[" + ",".join(str(p) for p in paths) + "]"


def snapshot(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}
