"""A trial's cost, as an objective the sweeper minimises beside what the job returns (issue 28 item 4).

``hydra.sweeper.cost`` names the measure, appended as the last value of every trial:

* ``dollars``: the ``closed`` lines of the cost ledger whose ``job_dir`` is the trial's run dir (RunPod,
  Modal); a trial with none fails rather than costing 0;
* ``gpu_hours``: the run's ``total_s`` (manifest ``timings``) x its processes (a local_gpus slot's
  ``world_size``, else 1), for a run on a GPU; a CPU run fails rather than costing 0;
* ``wall_s``: the run's ``total_s``: what a CPU run (or any run) cost in time;
* ``auto``: dollars where the ledger has them for this trial, else GPU-hours on a GPU, else seconds.

Read from what the run wrote (manifest.json through :mod:`loopwright.runs.reader`, the ledger through
:mod:`loopwright.cloud.ledger`), never from the job's return value: train.py keeps returning the held-out
accuracy, and a run dir that cannot be read fails the trial with the file named.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

KINDS = ("auto", "dollars", "gpu_hours", "wall_s")


class CostUnknown(ValueError):
    """The trial's cost cannot be read in the asked measure (the trial fails with this reason)."""


def check_settings(kind: Any, directions: list) -> str | None:
    """Why ``hydra.sweeper.cost`` does not fit ``hydra.sweeper.direction`` (None: it fits, or cost is off)."""
    if kind is None:
        return None
    if kind not in KINDS:
        return f"hydra.sweeper.cost={kind}: expected one of {', '.join(KINDS)} or null"
    names = [getattr(d, "name", str(d)).lower() for d in directions]
    if len(names) < 2 or names[-1] != "minimize":
        return (f"hydra.sweeper.cost={kind} is appended as the last objective, to minimise: give one direction per "
                "value the job returns and then minimize, e.g. hydra.sweeper.direction=[maximize,minimize] "
                f"(got {names})")
    return None


def trial_cost(kind: str, run_dir: Path, ledger: Path) -> tuple[float, str]:
    """(value, the measure used) of one finished trial; :class:`CostUnknown` when it cannot be read."""
    from loopwright.cloud.ledger import job_dollars
    from loopwright.runs.reader import read_manifest

    run_dir = Path(run_dir)
    if kind in ("auto", "dollars"):
        dollars = job_dollars(ledger, run_dir)
        if dollars is not None:
            return dollars, "dollars"
        if kind == "dollars":
            raise CostUnknown(f"hydra.sweeper.cost=dollars: no closed line of {ledger} names {run_dir} (a local "
                              "run costs no dollars: use hydra.sweeper.cost=wall_s or auto)")
    try:
        manifest = read_manifest(run_dir)
    except (OSError, ValueError) as err:
        raise CostUnknown(f"hydra.sweeper.cost={kind}: the run's manifest cannot be read: {err}") from None
    total = (manifest.get("timings") or {}).get("total_s")
    if not isinstance(total, (int, float)) or isinstance(total, bool) or total < 0:
        raise CostUnknown(f"hydra.sweeper.cost={kind}: {run_dir / 'manifest.json'} has no timings.total_s")
    on_gpu = str(manifest.get("device", "")).startswith("cuda")
    if kind == "gpu_hours" or (kind == "auto" and on_gpu):
        if not on_gpu:
            raise CostUnknown(f"hydra.sweeper.cost=gpu_hours: {run_dir} ran on {manifest.get('device')!r}, not a GPU "
                              "(use hydra.sweeper.cost=wall_s or auto)")
        slot = (manifest.get("host") or {}).get("slot") or {}  # a local_gpus slot records its processes
        processes = int(slot.get("world_size") or 1)
        return float(total) * processes / 3600.0, "gpu_hours"
    return float(total), "wall_s"
