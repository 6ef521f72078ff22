"""A Hydra app whose jobs record where and how they ran, started through ``-m`` under a launcher as a user
does; the local_gpus and ray launcher tests both drive it (each job writes ``record.json`` in its dir)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from helpers import ctrl_c_reaches_it

APP = Path(__file__).with_name("launcher_app.py")


def start(tmp_path: Path, launcher: str, *overrides: str) -> subprocess.Popen:
    cmd = [sys.executable, str(APP), "-m", f"hydra/launcher={launcher}", "hydra.job.chdir=true",
           f"hydra.sweep.dir={tmp_path / 'sweep'}", *overrides]
    # preexec_fn: a test run in the background of a non-interactive shell (CI) has SIGINT ignored, and the child
    # would inherit that and never see the Ctrl-C test's signal (helpers.ctrl_c_reaches_it, docs/LAUNCHERS.md).
    return subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            preexec_fn=ctrl_c_reaches_it)


def records(sweep: Path) -> dict[int, dict]:
    return {int(p.parent.name): json.loads(p.read_text()) for p in sweep.glob("*/record.json")}


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        with open(f"/proc/{pid}/stat") as f:  # a zombie is dead for our purpose
            return f.read().split(")")[-1].split()[0] != "Z"
    except (ProcessLookupError, FileNotFoundError):
        return False
