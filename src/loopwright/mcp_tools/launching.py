"""Start a training run or a sweep as a detached ``python -m loopwright.train`` process; return at once.

Gated twice: the server must have been started with ``--allow-launch``, and a paid provider
(runpod, modal) needs ``provider.max_cost`` in the composed config. The command is composed and
validated first, so a bad config is answered here and nothing is started. The run dir (or sweep
dir) is chosen here, under ``<outputs>/runs`` (``<outputs>/multirun``) like train.py's default;
the process's output goes to ``launch.log`` in it and ``launch.json`` records the pid and command.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

from loopwright.mcp_tools.composing import checked, command_line, provider_kind
from loopwright.mcp_tools.paths import Refused, Roots
from loopwright.mcp_tools.planning import PAID_PROVIDERS, launcher_plan
from loopwright.runs.reader import read_json
from loopwright.runs import writer

LAUNCH_RECORD = "launch.json"
LAUNCH_LOG = "launch.log"
_INHERITED_NOT = ("LOOPWRIGHT_IN_LAUNCHER",)  # a launched run must dispatch through its provider itself

_processes: dict[str, subprocess.Popen] = {}  # run dir -> process started by this server
_lock = threading.Lock()


def _refuse_unless_allowed(roots: Roots, cfg: Any) -> None:
    if not roots.allow_launch:
        raise Refused("launching is disabled on this server: start it with `python -m loopwright.mcp "
                      "--allow-launch` to let tools start runs (compose_config and plan_job work without it)")
    kind = provider_kind(cfg)
    if kind in PAID_PROVIDERS and cfg.provider.get("max_cost") is None:
        raise Refused(f"provider={kind} rents paid hardware: add provider.max_cost=<USD> to the overrides "
                      f"(plan_job shows the worst case first); nothing was started")
    if kind == "runpod":  # the launcher's own check, now rather than in a background process's log
        from loopwright.train.cost_plan import PlanRefused

        try:
            launcher_plan("runpod", cfg.provider).check()
        except PlanRefused as err:
            raise Refused(f"the runpod launcher would refuse this job: {err} Nothing was started.") from None


def _new_dir(roots: Roots, multirun: bool) -> Path:
    stamp = datetime.now().strftime("%Y-%m-%d/%H-%M-%S-%f")
    path = roots.outputs / ("multirun" if multirun else "runs") / stamp
    path.mkdir(parents=True)
    return path


def launch(overrides: list[str], roots: Roots, sweep: bool = False) -> dict[str, Any]:
    """{run_dir, pid, multirun, command, log}: the process is started and left running."""
    if not roots.allow_launch:  # before composing: a disabled server does no work for a launch
        _refuse_unless_allowed(roots, None)
    result, cfg = checked(overrides, roots, multirun=sweep, reserved=True)
    if not result["ok"]:
        raise Refused("the config does not validate; nothing was started:\n"
                      + "\n".join(f"  - {p}" for p in result["problems"]))
    _refuse_unless_allowed(roots, cfg)
    multirun = result["multirun"]
    run_dir = _new_dir(roots, multirun)
    dir_key = "hydra.sweep.dir" if multirun else "hydra.run.dir"
    argv = [sys.executable, "-m", "loopwright.train", *(["-m"] if multirun else []), *overrides,
            f"{dir_key}='{run_dir}'"]
    env = {k: v for k, v in os.environ.items() if k not in _INHERITED_NOT}
    with open(run_dir / LAUNCH_LOG, "wb") as log:
        # Its own session: the run outlives this server and a Ctrl-C of the client does not reach it.
        proc = subprocess.Popen(argv, cwd=roots.project, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
    record = {"pid": proc.pid, "multirun": multirun, "command": command_line(overrides, multirun),
              "started_at": datetime.now().astimezone().isoformat(timespec="seconds"), "jobs": result["jobs"]}
    writer.write_json_atomic(run_dir / LAUNCH_RECORD, record)
    with _lock:
        _processes[str(run_dir)] = proc
    return {"run_dir": str(run_dir), "pid": proc.pid, "multirun": multirun, "jobs": result["jobs"],
            "command": record["command"], "log": str(run_dir / LAUNCH_LOG),
            "next": "poll run_status(run_dir) (for a sweep: sweep_report(run_dir)) until the process has exited"}


def process_state(run_dir: Path) -> dict[str, Any] | None:
    """The launched process of ``run_dir``: running, or exited with its code; None when none was launched."""
    with _lock:
        proc = _processes.get(str(run_dir))
    if proc is not None:
        code = proc.poll()
        return {"pid": proc.pid, "running": code is None, "exit_code": code}
    record_path = run_dir / LAUNCH_RECORD
    if not record_path.is_file():
        return None
    try:
        record = read_json(record_path)  # a regular file only: a planted FIFO would block the open
    except (OSError, ValueError):
        record = None
    pid = record.get("pid") if isinstance(record, dict) else None
    try:  # launched by an earlier server: only whether the pid still exists can be told
        os.kill(int(pid), 0)
        running = True
    except (OSError, TypeError, ValueError):
        running = False
    return {"pid": pid, "running": running, "exit_code": None}
