"""``provider=X`` without ``-m``: send the one job through X's launcher anyway.

Hydra hands jobs to a launcher only in multirun mode; a plain run executes the task
function in-process. So when a run's provider is not ``local``, :func:`run_job`
(``loopwright.train.cli``) validates the config and then calls :func:`run_through_launcher`,
which re-executes the same command line once more with ``-m``, ``hydra.sweep.dir`` set
to this run's directory and ``hydra.sweep.subdir=.``: a one-job multirun whose job dir
*is* the run dir, so every file lands where a plain run puts it. The job itself then
runs in multirun mode and trains (no second dispatch); this process waits and exits
with the job's exit code. Ctrl-C reaches both processes (the launcher tears its jobs
down); if this process is killed, the launcher gets SIGTERM (Linux PDEATHSIG) and its
jobs, seeing their launcher gone, kill their own process groups.

The cost is one more Hydra start-up (about a second, no torch) in exchange for one
code path: a single job and a sweep go through exactly the same launcher.

A launcher that runs ``python train.py`` as a plain run on a remote worker sets
``LOOPWRIGHT_IN_LAUNCHER=1`` there, so the worker trains instead of dispatching again.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any, List, Optional

IN_LAUNCHER_ENV = "LOOPWRIGHT_IN_LAUNCHER"
_REPLACED = ("hydra.sweep.dir=", "hydra.sweep.subdir=", "-m", "--multirun")


def needs_launcher(cfg: Any) -> bool:
    """True for a plain (non-multirun) run whose provider is not local, outside a launcher."""
    from hydra.core.hydra_config import HydraConfig
    from hydra.types import RunMode

    kind = str(getattr(cfg.provider.kind, "value", cfg.provider.kind))
    if kind == "local" or os.environ.get(IN_LAUNCHER_ENV) == "1" or not HydraConfig.initialized():
        return False
    return HydraConfig.get().mode == RunMode.RUN


def _quoted(path: Path) -> str:
    return "'" + str(path).replace("\\", "\\\\").replace("'", "\\'") + "'"


def launcher_command(argv: List[str], run_dir: Path, drop_callbacks: List[str]) -> List[str]:
    """The one-job multirun equivalent of ``argv`` (``sys.argv``), landing in ``run_dir``."""
    args = [a for a in argv[1:] if not a.startswith(_REPLACED)]
    return [sys.executable, argv[0], "-m", *args, f"hydra.sweep.dir={_quoted(run_dir.absolute())}",
            "hydra.sweep.subdir=.", *(f"~hydra.callbacks.{name}" for name in drop_callbacks)]


def _die_with_parent() -> None:
    """Linux: SIGTERM the launcher process if this one dies (its jobs then tear themselves down)."""
    import ctypes

    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def run_through_launcher(cfg: Any, run_dir: Path) -> int:
    from hydra.core.hydra_config import HydraConfig

    # A one-job sweep has nothing to compare: skip loopwright's sweep summary.
    drop = [name for name in ("multirun_summary",) if name in (HydraConfig.get().callbacks or {})]
    cmd = launcher_command(sys.argv, run_dir, drop)
    kind = str(getattr(cfg.provider.kind, "value", cfg.provider.kind))
    print(f"loopwright: provider={kind}: running this job through its launcher; run dir {run_dir}", flush=True)
    proc = subprocess.Popen(cmd, preexec_fn=_die_with_parent if sys.platform == "linux" else None)
    try:
        return proc.wait()
    except KeyboardInterrupt:  # the child got the same Ctrl-C; let its launcher finish tearing down
        return proc.wait()


def trained_accuracy(job_dir: Path) -> Optional[float]:
    """What train.py's job returns to a sweeper, read from the manifest the remote run wrote."""
    from loopwright.runs.reader import read_manifest

    manifest = read_manifest(job_dir, missing_ok=True)
    if manifest is None:
        return None
    return (manifest.get("result") or {}).get("trained_accuracy")
