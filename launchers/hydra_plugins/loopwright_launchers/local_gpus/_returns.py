"""What the local_gpus and ray launchers share about a job that ran in its own process group: whether
anything of the group is still alive, how the group is killed, and the FAILED JobReturn a job that gave
none is reported with."""

from __future__ import annotations

import copy
import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any


def group_alive(pgid: int) -> bool:
    """Whether any process of the group ``pgid`` still exists (one we may not signal counts as alive)."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def kill_group(proc: subprocess.Popen, grace_s: float) -> None:
    """SIGTERM the job's process group (what it left behind included), SIGKILL what outlives the grace period."""
    for sig, wait_s in ((signal.SIGTERM, grace_s), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            proc.poll()
            return
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            if proc.poll() is not None and not group_alive(proc.pid):
                return
            time.sleep(0.1)
    proc.poll()


def failed_return(sweep_config: Any, job_dir: Path, error: BaseException) -> Any:
    """A FAILED JobReturn shaped like the one Hydra's run_job would have made for the job."""
    from hydra.core.utils import JobReturn, JobStatus
    from omegaconf import OmegaConf, open_dict, read_write

    task_cfg = copy.deepcopy(sweep_config)
    with read_write(task_cfg), open_dict(task_cfg):
        del task_cfg["hydra"]
    hydra_cfg = OmegaConf.create({"hydra": OmegaConf.to_container(sweep_config.hydra, resolve=False)})
    with read_write(hydra_cfg), open_dict(hydra_cfg):
        hydra_cfg.hydra.runtime.output_dir = str(job_dir)
    return JobReturn(overrides=list(OmegaConf.to_container(sweep_config.hydra.overrides.task)), cfg=task_cfg,
                     hydra_cfg=hydra_cfg, working_dir=str(job_dir), task_name=str(sweep_config.hydra.job.name),
                     status=JobStatus.FAILED, _return_value=error)
