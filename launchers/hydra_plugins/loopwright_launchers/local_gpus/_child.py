"""Runs one local_gpus job in a fresh process:
``python -m hydra_plugins.loopwright_launchers.local_gpus._child PAYLOAD RESULT``.

PAYLOAD holds the parent's ``sys.path`` (plain pickle) and then, cloudpickled, what
Hydra's ``run_job`` needs: the hydra context, the task function, the job's sweep
config and the Singleton state (ConfigStore, OmegaConf resolvers). The JobReturn is
cloudpickled to RESULT (a temporary name, then renamed: loopwright.runs.writer). Under
``accelerate launch`` every rank runs the job; only rank 0 writes RESULT.

Also a guard against orphans: the job is the leader of its own process group, and if
the launcher process dies, the job kills that group (its trainer, its dataloader
workers, accelerate's ranks) instead of running on unattended.

Module top level stays stdlib-only: Hydra imports every hydra_plugins module.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
import threading
import time
from pathlib import Path


def _launcher_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else (pid reused): treat as gone
        return False
    return True


def _watch_launcher(launcher_pid: int, interval_s: float = 1.0) -> None:
    original_parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(interval_s)
            # Reparented (our parent died) or the launcher is gone (a dead launcher can
            # linger as a zombie, hence both checks).
            if os.getppid() != original_parent or not _launcher_alive(launcher_pid):
                try:
                    os.killpg(os.getpgid(0), signal.SIGKILL)
                except OSError:
                    os._exit(1)

    threading.Thread(target=watch, name="loopwright-orphan-guard", daemon=True).start()


def _is_rank_zero() -> bool:
    return os.environ.get("RANK", "0") == "0"


def main(payload_path: str, result_path: str) -> int:
    launcher_pid = os.environ.get("LOOPWRIGHT_LAUNCHER_PID")
    if launcher_pid:  # every rank watches, so the guard works under `accelerate launch` too
        _watch_launcher(int(launcher_pid))
    if "WORLD_SIZE" in os.environ:
        print(f"[local_gpus] rank {os.environ.get('RANK')} of {os.environ['WORLD_SIZE']}, gloo on "
              f"{os.environ.get('GLOO_SOCKET_IFNAME') or 'the host name'}", file=sys.stderr, flush=True)
    with open(payload_path, "rb") as f:
        parent_sys_path = pickle.load(f)
        sys.path[:0] = [p for p in parent_sys_path if p not in sys.path]
        payload = pickle.load(f)

    from hydra.core.singleton import Singleton
    from hydra.core.utils import run_job, setup_globals

    setup_globals()
    Singleton.set_state(payload["singleton_state"])
    ret = run_job(hydra_context=payload["hydra_context"], task_function=payload["task_function"],
                  config=payload["sweep_config"], job_dir_key="hydra.sweep.dir", job_subdir_key="hydra.sweep.subdir")
    if ret.status.name == "FAILED":  # the traceback belongs in the job's stderr.log, not only in the launcher
        import traceback

        traceback.print_exception(ret._return_value, file=sys.stderr)
    if _is_rank_zero():
        _write_result(ret, result_path)
    elif ret.status.name == "FAILED":
        # Another rank's failure must end the job: exiting 0 here left rank 0 waiting in gloo's rendezvous for
        # a peer that was gone, until the job timeout. A non-zero exit makes torchrun stop the other ranks.
        return 1
    return 0


def _write_result(ret, result_path: str) -> None:
    import cloudpickle

    try:
        data = cloudpickle.dumps(ret)
    except Exception as err:  # an unpicklable return value (or exception) must not lose the job's status
        from hydra.core.utils import JobStatus

        ret._return_value = RuntimeError(f"the job's return value could not be pickled back: {err!r}; "
                                         f"original: {ret._return_value!r}")
        ret.status = JobStatus.FAILED
        data = cloudpickle.dumps(ret)
    from loopwright.runs.writer import write_bytes_atomic

    write_bytes_atomic(Path(result_path), data)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
