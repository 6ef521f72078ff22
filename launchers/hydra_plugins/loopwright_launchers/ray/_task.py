"""What one Ray task does on its worker: run the Hydra job in a fresh process group, within its time limit.

The job runs as ``python -m hydra_plugins.loopwright_launchers.local_gpus._child PAYLOAD
RESULT``, the same job process local_gpus uses (unpickle the Hydra job, ``run_job``,
pickle the JobReturn back, kill its own process group if its parent dies). The Ray
worker is only its parent: it waits, kills the group on a timeout or when Ray cancels
the task (``ray.cancel`` raises KeyboardInterrupt here; ``force=True`` kills the worker,
and then the job's orphan guard kills the group within a second), and returns the
pickled JobReturn. When ``ship`` is set the job dir is packed into the return value (a
worker on another machine: nothing of it is on the driver's disk) and removed here.

Stdlib only: Ray imports this module on the worker by name, Hydra's plugin scan skips it.
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Dict, Optional

from hydra_plugins.loopwright_launchers.local_gpus._returns import kill_group

CHILD_MODULE = "hydra_plugins.loopwright_launchers.local_gpus._child"


def run_job(payload: bytes, job_dir: str, cwd: str, env: Dict[str, str], timeout_s: Optional[float],
            kill_grace_s: float, ship_root: Optional[str]) -> Dict[str, Any]:
    """Run one job; return its pickled JobReturn (or None), exit code, timing and, if shipped, its outputs."""
    _cancellable()
    scratch = Path(tempfile.mkdtemp(prefix="loopwright-ray-task-"))
    job_path = Path(job_dir)
    job_path.mkdir(parents=True, exist_ok=True)
    (scratch / "payload").write_bytes(payload)
    result = scratch / "result"
    # The job's Python path as the driver had it, where it exists here (site-packages differ between machines).
    path = [p for p in env.pop("LOOPWRIGHT_DRIVER_PATH", "").split(os.pathsep) if p and os.path.exists(p)]
    full_env = {**os.environ, **env, "LOOPWRIGHT_LAUNCHER_PID": str(os.getpid()),
                "PYTHONPATH": os.pathsep.join(path + [os.environ.get("PYTHONPATH", "")])}
    started = time.monotonic()
    timed_out = False
    with open(job_path / "stdout.log", "ab") as out, open(job_path / "stderr.log", "ab") as err:
        proc = subprocess.Popen([sys.executable, "-m", CHILD_MODULE, str(scratch / "payload"), str(result)],
                                stdout=out, stderr=err, env=full_env,
                                cwd=cwd if os.path.isdir(cwd) else str(scratch), start_new_session=True)
    deadline = started + timeout_s if timeout_s else None
    try:
        # Short waits, not one blocking wait: ray.cancel() interrupts the task between Python bytecodes,
        # which a thread blocked in waitpid() never reaches.
        while proc.poll() is None:
            if deadline is not None and time.monotonic() >= deadline:
                timed_out = True
                break
            try:
                proc.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                pass
    finally:  # also on KeyboardInterrupt from ray.cancel: the job's whole group goes with the task
        kill_group(proc, kill_grace_s)
    outcome = {"result": result.read_bytes() if result.is_file() else None, "returncode": proc.returncode,
               "timed_out": timed_out, "elapsed_s": time.monotonic() - started, "host": os.uname().nodename,
               "pid": proc.pid, "outputs": None}
    if ship_root:
        outcome["outputs"] = pack(job_path)
        shutil.rmtree(ship_root, ignore_errors=True)
    shutil.rmtree(scratch, ignore_errors=True)
    return outcome


def _cancellable() -> None:
    """Let ``ray.cancel`` interrupt this task. Ray raises KeyboardInterrupt in a running task through
    ``_thread.interrupt_main()``, which does nothing while SIGINT is ignored; a cluster started from a
    background shell (nohup, CI, a non-interactive script) passes SIG_IGN down to its workers. The cancel
    then fell through to the force path, which SIGKILLs the worker and its direct children before the job's
    process group is killed, and a process the job had started lived on."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pack(job_dir: Path) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        tar.add(job_dir, arcname=".")
    return buf.getvalue()


def unpack(data: bytes, job_dir: Path) -> None:
    """Extract a shipped job dir into the local one; members are refused if they would land outside it."""
    job_dir.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        tar.extractall(job_dir, filter="data")
