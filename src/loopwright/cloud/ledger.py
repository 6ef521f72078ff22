"""outputs/costs.jsonl: what each rented pod or function call cost, and which pods a launcher has out.

A RunPod job writes three lines, each appended under an exclusive ``flock`` and fsynced before
the launcher goes on:

* ``event: opening`` before ``POST /pods``: the pod's unique name, the launcher (pid, host, boot id,
  process start time) and the deadline after which the pod must have ended itself;
* ``event: opened`` right after the create answered: the name and the pod id;
* ``event: closed`` when the launcher is done with it: the cost line (seconds, $/hr, dollars, status).

So a launcher killed at any point (SIGKILL included) leaves a line naming what it may have rented, and
:mod:`loopwright.cloud.reaper` finds it. Only ``closed`` lines carry ``dollars`` (the ledger's readers
sum those). A Modal job writes its ``closed`` line only.

Reading: a damaged line (torn by a kill mid-append, or corrupt) is reported as a warning and skipped,
never fatal; an append first ends a torn last line, so the damage never spreads to a whole line.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import time
from pathlib import Path
from typing import Any, Optional


def cost_record(*, provider: str, gpu: Optional[str], gpu_count: int, pod_id: Optional[str], seconds: float,
                usd_per_hr: Optional[float], job_dir: str, status: str, **extra: Any) -> dict[str, Any]:
    dollars = None if usd_per_hr is None else round(usd_per_hr * seconds / 3600.0, 6)
    return {"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "provider": provider, "gpu": gpu,
            "gpu_count": gpu_count, "pod_id": pod_id, "seconds": round(seconds, 3), "usd_per_hr": usd_per_hr,
            "dollars": dollars, "status": status, "job_dir": job_dir, "event": "closed", **extra}


def append_cost(path: Path, record: dict[str, Any]) -> None:
    """Append one JSON line, fsynced; an exclusive lock keeps lines whole when jobs finish together."""
    path.parent.mkdir(parents=True, exist_ok=True)
    line = (json.dumps(record, sort_keys=True) + "\n").encode()
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":  # a torn last line: keep it alone
            line = b"\n" + line
        os.write(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)  # closing releases the lock


def read_costs(path: Path) -> list[dict[str, Any]]:
    """Every whole line of the ledger ([] when there is none); damaged lines are reported and skipped."""
    from loopwright.runs.reader import read_jsonl

    return read_jsonl(path, missing_ok=True, skip_damaged=True)


def line_dollars(row: Any) -> float | None:
    """A ledger line's dollars: a number (not a bool), else None (an opening line, a free provider, a damaged
    value)."""
    dollars = row.get("dollars") if isinstance(row, dict) else None
    return float(dollars) if isinstance(dollars, (int, float)) and not isinstance(dollars, bool) else None


def job_dollars(path: Path, job_dir: Path, *, below: bool = False) -> float | None:
    """The dollars of the ledger lines whose ``job_dir`` is ``job_dir`` (``below``: or a dir under it), summed;
    None when no such line carries any."""
    root = Path(job_dir).resolve()
    found = [d for row in read_costs(path) if (d := line_dollars(row)) is not None and row.get("job_dir")
             and (Path(str(row["job_dir"])).resolve() == root
                  or (below and Path(str(row["job_dir"])).resolve().is_relative_to(root)))]
    return sum(found) if found else None


# ------------------------------------------------------------------ the launcher that wrote a line
def _boot_id() -> Optional[str]:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return None


def _start_ticks(pid: int) -> Optional[str]:
    """The process's start time (Linux /proc, clock ticks since boot): a reused pid has another one."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def this_launcher() -> dict[str, Any]:
    pid = os.getpid()
    return {"pid": pid, "host": socket.gethostname(), "boot_id": _boot_id(), "start": _start_ticks(pid)}


def launcher_alive(launcher: dict[str, Any]) -> Optional[bool]:
    """True: that launcher process still runs; False: it is gone; None: it ran on another host (unknowable)."""
    if not launcher or launcher.get("host") != socket.gethostname():
        return None
    if launcher.get("boot_id") and launcher["boot_id"] != _boot_id():
        return False  # the machine restarted since
    pid = int(launcher.get("pid") or 0)
    if pid <= 0:
        return None
    if Path("/proc").is_dir():
        now = _start_ticks(pid)
        return now is not None and (launcher.get("start") is None or now == launcher["start"])
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def opening_record(*, provider: str, name: str, job_dir: str, max_hours: float, ready_timeout_s: float) -> dict:
    """The line written before a create: what may exist after it, and who is responsible for it."""
    now = time.time()
    return {"event": "opening", "provider": provider, "name": name, "job_dir": job_dir, "time_s": round(now, 3),
            "deadline_s": round(now + ready_timeout_s + max_hours * 3600 + 600, 3), "launcher": this_launcher()}


def opened_record(*, provider: str, name: str, pod_id: str, usd_per_hr: Optional[float]) -> dict:
    return {"event": "opened", "provider": provider, "name": name, "pod_id": pod_id, "usd_per_hr": usd_per_hr,
            "time_s": round(time.time(), 3), "launcher": this_launcher()}
