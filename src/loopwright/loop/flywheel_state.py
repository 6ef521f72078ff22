"""The flywheel's state file and stop rules (``<flywheel dir>/flywheel.json``; docs/FLYWHEEL.md).

The state is rewritten atomically (a temporary file, then ``os.replace``) after every
step, so a flywheel killed at any moment leaves either the state before a step or the
one after it, never half of one; rerunning the command reads it and continues with the
step it names. Pure python: no torch.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from loopwright.runs import writer
from loopwright.runs.reader import DamagedFile, read_json

STATE = "flywheel.json"
STEPS = ("harvest", "improve", "train", "gate")
VERSION = 1


class FlywheelError(RuntimeError):
    """The flywheel cannot go on (a child run failed, the state file is unusable); the message says why."""


def new_state(config: dict) -> dict:
    return {"version": VERSION, "status": "running", "stop": None, "config": config,
            "generation": 1, "step": STEPS[0], "no_progress": 0,
            "shipped": {"generation": 0, "run_dir": None, "model_dir": None, "held_out_accuracy": None},
            "generations": []}


def load(out: Path) -> dict | None:
    path = out / STATE
    if not path.is_file():
        return None
    try:
        state = read_json(path)
    except DamagedFile as err:
        raise FlywheelError(f"{path}: not JSON ({err}); move it away to start over") from None
    if not isinstance(state, dict) or state.get("version") != VERSION or state.get("step") not in (*STEPS, "done"):
        raise FlywheelError(f"{path}: not a flywheel state of version {VERSION}; move it away to start over")
    return state


def save(out: Path, state: dict) -> None:
    writer.write_json_atomic(out / STATE, state)


def current(state: dict) -> dict:
    """The record of the generation in progress (created on its first step)."""
    g = state["generation"]
    if not state["generations"] or state["generations"][-1]["generation"] != g:
        state["generations"].append({"generation": g, "parent": dict(state["shipped"])})
    return state["generations"][-1]


# ------------------------------------------------------------------- costs
def spent(ledger: Path, flywheel_dir: Path) -> float:
    """Dollars the ledger records for jobs under the flywheel dir (its child runs; 0 for local runs). A damaged
    line (torn by a kill mid-append) is reported and skipped: it carries no whole record."""
    from loopwright.cloud.ledger import job_dollars

    return round(job_dollars(ledger, flywheel_dir, below=True) or 0.0, 6)


# ------------------------------------------------------------------- stops
def stop_before(state: dict, stop: Any, dollars: float) -> dict | None:
    """A rule that forbids starting (or continuing) the generation in progress, or None."""
    if state["shipped"]["held_out_accuracy"] is not None and state["shipped"]["held_out_accuracy"] >= stop.perfect:
        return {"rule": "perfect", "reason": f"the shipped model's held-out accuracy "
                f"{state['shipped']['held_out_accuracy']:.3f} reached stop.perfect={stop.perfect}"}
    if state["no_progress"] >= stop.patience:
        return {"rule": "plateau", "reason": f"{state['no_progress']} generation(s) in a row without progress "
                f"(stop.patience={stop.patience}, stop.min_improvement={stop.min_improvement})"}
    if stop.max_cost is not None and dollars >= stop.max_cost:
        return {"rule": "max_cost", "reason": f"${dollars:.2f} spent (ledger) "
                                              f"reached stop.max_cost=${stop.max_cost:.2f}"}
    if state["generation"] > stop.max_generations:
        return {"rule": "max_generations", "reason": f"{stop.max_generations} generation(s) run "
                f"(stop.max_generations={stop.max_generations})"}
    return None


def conclude(state: dict, record: dict, ship: bool, min_improvement: float) -> None:
    """After the gate: ship (the child becomes the base) or keep the last shipped model; count progress."""
    held = record.get("held_out") or {}
    if state["shipped"]["held_out_accuracy"] is None and held.get("base_accuracy") is not None:
        state["shipped"]["held_out_accuracy"] = held["base_accuracy"]  # generation 0, measured by the first child
    record["shipped"] = ship
    gain = (held.get("trained_accuracy") or 0.0) - (held.get("base_accuracy") or 0.0)
    record["progress"] = bool(ship and gain >= min_improvement)
    if ship:
        state["shipped"] = {"generation": record["generation"], "run_dir": record["train"]["run_dir"],
                            "model_dir": str(Path(record["train"]["run_dir"]) / "model"),
                            "held_out_accuracy": held.get("trained_accuracy")}
    state["no_progress"] = 0 if record["progress"] else state["no_progress"] + 1
    state["generation"] += 1
    state["step"] = STEPS[0]
