"""outputs/costs.jsonl: one line per rented pod or function call, what it cost."""

from __future__ import annotations

import fcntl
import json
import os
import time
from pathlib import Path
from typing import Any, Optional


def cost_record(*, provider: str, gpu: Optional[str], gpu_count: int, pod_id: Optional[str], seconds: float,
                usd_per_hr: Optional[float], job_dir: str, status: str, **extra: Any) -> dict[str, Any]:
    dollars = None if usd_per_hr is None else round(usd_per_hr * seconds / 3600.0, 6)
    return {"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "provider": provider, "gpu": gpu,
            "gpu_count": gpu_count, "pod_id": pod_id, "seconds": round(seconds, 3), "usd_per_hr": usd_per_hr,
            "dollars": dollars, "status": status, "job_dir": job_dir, **extra}


def append_cost(path: Path, record: dict[str, Any]) -> None:
    """Append one JSON line; an exclusive lock keeps lines whole when jobs finish together."""
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(record, sort_keys=True) + "\n"
    with open(path, "a", encoding="utf-8") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def read_costs(path: Path) -> list[dict[str, Any]]:
    from loopwright.runs.reader import read_jsonl  # not at import time: Hydra imports every plugin module

    return read_jsonl(path, missing_ok=True)
