"""Ingest conversation logs and curate training rows from them, through the loop's own commands.

``python -m loopwright.ingest`` and ``python -m loopwright.improve`` run as subprocesses (each a
Hydra app that owns its process: logging, exit codes), with every path argument confined first:
inputs to the project or outputs dir, the output dir to the outputs dir. The result is the
command's exit code and output lines plus the report file it wrote.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from loopwright.mcp_tools.composing import check_overrides
from loopwright.mcp_tools.paths import Refused, Roots, not_plain_file
from loopwright.mcp_tools.redaction import redact_line
from loopwright.runs.reader import read_regular, read_text_capped

TIMEOUT_S = 600
MAX_INGEST_BYTES = 256 << 20  # what one ingest call reads; the command itself has no limit
REPORT_BYTES = 1_000_000  # of a report file read back (ingest_report.json, improve_summary.json, next_steps.md)
FORMATS = ("auto", "openai", "langchain")


def _quoted(path: Path) -> str:
    """A path as a Hydra override value: quoted, so spaces, commas and ``=`` stay part of it."""
    text = str(path)
    if "'" in text:
        raise Refused(f"{text}: a path containing a single quote cannot be passed as an override value")
    return f"'{text}'"


def _confined_env(roots: Roots) -> dict[str, str]:
    """The command's environment: it reads only inside the roots and writes only inside the outputs dir, checked
    on each open descriptor (runs/reader.py ``check_confined``), so a file or dir swapped for a link after the
    checks here is refused there."""
    from loopwright.runs.reader import CONFINE_ENV

    return dict(os.environ, **{CONFINE_ENV["read"]: os.pathsep.join([str(roots.project), str(roots.outputs)]),
                               CONFINE_ENV["write"]: str(roots.outputs)})


def _without_cwd(module: str) -> list[str]:
    """``-m module`` with the cwd (the project dir) off sys.path, so a project's hydra_plugins/ dir is not scanned and
    imported by Hydra in the command (blind set 6 planted one); loopwright comes from where it is installed.
    ``-P`` where Python has it (3.11), else the same done by hand before the module runs."""
    if sys.version_info >= (3, 11):
        return ["-P", "-m", module]
    return ["-c", "import runpy, sys; sys.path[:] = [p for p in sys.path if p not in ('', '.')]; del sys.argv[0]; "
                  "runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True)", module]


def _run(module: str, args: list[str], roots: Roots) -> dict[str, Any]:
    try:
        proc = subprocess.run([sys.executable, *_without_cwd(module), *args], cwd=roots.project, capture_output=True,
                              text=True, timeout=TIMEOUT_S, stdin=subprocess.DEVNULL, env=_confined_env(roots))
    except subprocess.TimeoutExpired:
        raise Refused(f"python -m {module} ran past {TIMEOUT_S} s and was stopped") from None
    return {"exit_code": proc.returncode, "ok": proc.returncode == 0,
            "stdout": [redact_line(x) for x in proc.stdout.splitlines()[-50:]],
            "stderr": [redact_line(x) for x in proc.stderr.splitlines()[-50:]]}


def _confined_tree(roots: Roots, path: Path, what: str) -> Path:
    """``path`` (already inside the roots) with every file under it checked too: a link in a dir may point out of
    the roots, and a hard link is the outside file itself under an inside name (its other names may be anywhere),
    so a file of either kind is refused, never read or copied."""
    entries = [path] if not path.is_dir() else [Path(d) / n for d, dirs, files in os.walk(path) for n in dirs + files]
    for entry in entries:
        if not roots.inside(entry):
            raise Refused(f"{what}: {entry} resolves outside the project dir and the outputs dir (a link out of "
                          f"them); this server reads only inside them")
        why = not_plain_file(entry)
        if why:
            raise Refused(f"{what}: {entry} is {why}; this server reads only plain files (copy it instead of "
                          f"linking it)")
    return path


def _output_dir(roots: Roots, output: str) -> Path:
    """The output dir, writable, with nothing already in it that leads out of the roots: ingest and improve read
    what an earlier run left there (the store's lines, the report, curated rows, next_steps.md) and return it."""
    out_dir = roots.writable(output)
    if out_dir.exists():
        _confined_tree(roots, out_dir, "output")
    return out_dir


def _read(path: Path) -> Any:
    try:
        return json.loads(read_regular(path, REPORT_BYTES)[0])
    except (OSError, ValueError):  # absent, not a regular file, cut at the cap, not JSON
        return None


def ingest(roots: Roots, inputs: list[str], output: str, format: str = "auto", strict: bool = False) -> dict[str, Any]:
    if format not in FORMATS:
        raise Refused(f"format={format!r} is not one of {', '.join(FORMATS)}")
    if not inputs:
        raise Refused("inputs is empty: give at least one log file or directory")
    files = [_confined_tree(roots, roots.readable(p, what="inputs"), "inputs") for p in inputs]
    size = sum(f.stat().st_size for p in files for f in ([p] if p.is_file() else p.rglob("*")) if f.is_file())
    if size > MAX_INGEST_BYTES:  # a 20 GB sparse file with no newline kept the server busy for minutes
        raise Refused(f"inputs hold {size:,} bytes, more than the {MAX_INGEST_BYTES:,} this tool reads in one call; "
                      f"run `python -m loopwright.ingest input=... output=...` on them directly (it streams any size)")
    out_dir = _output_dir(roots, output)
    result = _run("loopwright.ingest", [f"format={format}", f"input=[{','.join(_quoted(f) for f in files)}]",
                                        f"output={_quoted(out_dir)}", f"strict={str(bool(strict)).lower()}"], roots)
    result["output"] = str(out_dir)
    result["transcripts"] = str(out_dir / "transcripts.jsonl")
    result["report"] = _read(out_dir / "ingest_report.json")
    return result


def improve(roots: Roots, transcripts: str, output: str, reward: str = "customer_support",
            task: str = "customer_support", threshold: float | None = None, eval_prompts: str | None = None,
            overrides: list[str] | None = None) -> dict[str, Any]:
    for what, name in (("reward", reward), ("task", task)):
        if not re.fullmatch(r"[A-Za-z0-9_\-]+", name or ""):
            raise Refused(f"{what}={name!r}: an option name (list_options group={what}) is letters, digits, "
                          f"'_' and '-' only")
    source = _confined_tree(roots, roots.readable(transcripts, what="transcripts"), "transcripts")
    out_dir = _output_dir(roots, output)
    extra = list(overrides or [])
    check_overrides(extra, roots)
    for item in extra:
        if not item.lstrip("+~").startswith(("reward.", "task.")):
            raise Refused(f"override {item!r}: only reward.* and task.* keys can be added here (the others are "
                          f"this tool's own arguments)")
    args = [f"transcripts={_quoted(source)}", f"output={_quoted(out_dir)}", f"reward={reward}", f"task={task}"]
    if threshold is not None:
        args.append(f"threshold={float(threshold)}")
    if eval_prompts:
        prompts = _confined_tree(roots, roots.readable(eval_prompts, what="eval_prompts"), "eval_prompts")
        args.append(f"eval_prompts={_quoted(prompts)}")
    result = _run("loopwright.improve", [*args, *extra], roots)
    result["output"] = str(out_dir)
    result["curated"] = str(out_dir / "curated.jsonl")
    result["summary"] = _read(out_dir / "improve_summary.json")
    next_steps = out_dir / "next_steps.md"
    result["next_steps"] = read_text_capped(next_steps, REPORT_BYTES) if next_steps.is_file() else None
    return result
