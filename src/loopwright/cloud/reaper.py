"""Loopwright pods (RunPod) and clusters (SkyPilot) that no ledger line closed and whose launcher is gone: find
them, remove them. The client says which: RunPod's (cloud/runpod_api.py) or SkyPilot's (cloud/skypilot_api.py, whose
clusters and managed jobs it lists as pods and downs / cancels as it terminates them).

A launcher killed with SIGKILL (or a machine that died) cannot terminate what it rented; the
ledger (:mod:`loopwright.cloud.ledger`) still names it, from the ``opening`` line written before
the create. A live pod named ``loopwright-*`` is judged by the lines that name it:

* closed (the launcher finished with it) and still up: a stray, removed;
* opening/opened, not closed, its launcher process gone (same host; pid and start time checked,
  so a reused pid is not mistaken for it): a stray, removed;
* its launcher still running: in flight, left alone;
* launched from another host: left alone until its deadline (``max_hours`` + ``ready_timeout_s`` +
  10 min after the create), then removed;
* named by no line of this ledger: another ledger's or another machine's; listed, removed only with
  ``--unknown`` (``include_unknown``).

Each removal is DELETE /pods/{id} until RunPod confirms, then a ``closed`` line with status ``reaped``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from loopwright.cloud.ledger import append_cost, cost_record, launcher_alive, read_costs

PREFIX = "loopwright-"


@dataclass
class Verdict:
    pod: dict[str, Any]
    stray: bool
    reason: str
    opening: Optional[dict[str, Any]] = None
    opened: Optional[dict[str, Any]] = None

    @property
    def line(self) -> str:
        p = self.pod
        return f"{p.get('id')}  {p.get('name')}  ${p.get('costPerHr') or '?'}/hr  {self.reason}"


def judge(rows: list[dict[str, Any]], pods: list[dict[str, Any]], *, include_unknown: bool = False,
          now: Optional[float] = None) -> list[Verdict]:
    """A verdict for every live loopwright pod in ``pods`` from the ledger ``rows``."""
    now = time.time() if now is None else now
    by_name: dict[str, dict[str, Any]] = {}
    for row in rows:
        name = row.get("name")
        if isinstance(name, str):
            by_name.setdefault(name, {})[row.get("event") or "closed"] = row
    verdicts = []
    for pod in pods:
        name = str(pod.get("name") or "")
        if not name.startswith(PREFIX) or pod.get("desiredStatus") == "TERMINATED":
            continue
        lines = by_name.get(name)
        if lines is None:
            why = "named by no line of this ledger (another ledger's or machine's)"
            verdicts.append(Verdict(pod, include_unknown, why + ("" if include_unknown else "; --unknown removes it")))
            continue
        opening, opened, closed = lines.get("opening"), lines.get("opened"), lines.get("closed")
        who = (opening or opened or {}).get("launcher") or {}
        if closed is not None:
            v = Verdict(pod, True, f"its launcher closed it (status {closed.get('status')}) but it is still up")
        elif (alive := launcher_alive(who)) is True:
            v = Verdict(pod, False, f"in flight: its launcher (pid {who.get('pid')}) is running")
        elif alive is False:
            v = Verdict(pod, True, f"its launcher (pid {who.get('pid')} on this host) is gone")
        else:
            deadline = float((opening or {}).get("deadline_s") or 0)
            late = deadline and now > deadline
            v = Verdict(pod, bool(late), f"launched from host {who.get('host')!r}; "
                        + ("past its deadline" if late else "left alone until its deadline"))
        v.opening, v.opened = opening, opened
        verdicts.append(v)
    return verdicts


def reap(client: Any, ledger: Path, *, dry_run: bool = False, include_unknown: bool = False,
         out: Callable[[str], None] = print) -> list[Verdict]:
    """Judge every live loopwright pod against ``ledger``; remove the strays (unless ``dry_run``).
    Returns the strays. A terminate that never confirms raises (the pod is named in the error)."""
    verdicts = judge(read_costs(ledger), client.list_pods(), include_unknown=include_unknown)
    strays = [v for v in verdicts if v.stray]
    for v in verdicts:
        if not v.stray:
            out(f"reap: left alone: {v.line}")
    for v in strays:
        if dry_run:
            out(f"reap: would remove: {v.line}")
            continue
        attempts = client.terminate_pod(v.pod["id"])
        started = float((v.opened or v.opening or {}).get("time_s") or time.time())
        rate = v.pod.get("costPerHr") or (v.opened or {}).get("usd_per_hr")
        append_cost(ledger, cost_record(
            provider=getattr(client, "provider", "runpod"), gpu=(v.pod.get("gpu") or {}).get("id"),
            gpu_count=int(v.pod.get("gpuCount") or 1),
            pod_id=v.pod["id"], seconds=max(0.0, time.time() - started),
            usd_per_hr=float(rate) if rate is not None else None,
            job_dir=str((v.opening or {}).get("job_dir") or ""), status="reaped", name=v.pod.get("name"),
            reason=v.reason))
        out(f"reap: removed ({attempts} attempt(s)): {v.line}")
    return strays
