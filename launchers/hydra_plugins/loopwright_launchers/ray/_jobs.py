"""Driver-side pieces of a Ray job: its payload, its job dir, and its JobReturn from what the task sent back.

The payload is what local_gpus's job process reads (``local_gpus/_child.py``): the
driver's ``sys.path`` (plain pickle), then cloudpickled the hydra context, the task
function, the job's sweep config and the Singleton state.
"""

from __future__ import annotations

import copy
import pickle
import sys
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional

from hydra.core.hydra_config import HydraConfig
from hydra.core.singleton import Singleton
from hydra.core.utils import JobReturn, JobStatus
from omegaconf import DictConfig, OmegaConf, open_dict, read_write

from hydra_plugins.loopwright_launchers.local_gpus._returns import failed_return


class RayJobError(RuntimeError):
    """Why a Ray job came back FAILED without a Python exception of its own (exit code, timeout, lost worker)."""


@dataclass
class RayJob:
    idx: int
    overrides: List[str]
    sweep_config: DictConfig
    job_dir: Path  # on the driver: where the outputs end up
    remote_job_dir: Path  # where the job writes (job_dir, unless its outputs are shipped back)
    ship_root: Optional[str]
    payload: bytes


def prepare(hydra_context: Any, task_function: Any, config: DictConfig, overrides: List[str], idx: int,
            ship: bool) -> RayJob:
    import cloudpickle  # lazily: plugin discovery stays cheap

    sweep_config = hydra_context.config_loader.load_sweep_config(config, overrides)
    with open_dict(sweep_config):
        sweep_config.hydra.job.id = idx
        sweep_config.hydra.job.num = idx
    job_dir = _job_dir(sweep_config)
    ship_root = None
    remote_job_dir = job_dir
    if ship:  # the worker may be another machine: the job writes under its temp dir, the dir comes back packed
        ship_root = str(Path(tempfile.gettempdir()) / f"loopwright-ray-{uuid.uuid4().hex[:12]}")
        remote_config = copy.deepcopy(sweep_config)
        with read_write(remote_config.hydra), open_dict(remote_config.hydra):  # Hydra marks its node read-only
            remote_config.hydra.sweep.dir = ship_root
        remote_job_dir = _job_dir(remote_config)
    else:
        remote_config = sweep_config
    payload = pickle.dumps(list(sys.path)) + cloudpickle.dumps({
        "hydra_context": hydra_context, "task_function": task_function, "sweep_config": remote_config,
        "singleton_state": Singleton.get_state()})
    return RayJob(idx, overrides, sweep_config, job_dir, remote_job_dir, ship_root, payload)


def _job_dir(sweep_config: DictConfig) -> Path:
    """The job dir exactly as run_job computes it (subdir may use hydra.job.num, override_dirname, ...)."""
    previous = HydraConfig.instance().cfg
    HydraConfig.instance().set_config(sweep_config)
    try:
        return Path(str(OmegaConf.select(sweep_config, "hydra.sweep.dir")),
                    str(OmegaConf.select(sweep_config, "hydra.sweep.subdir"))).absolute()
    finally:
        if previous is not None:
            HydraConfig.instance().cfg = previous


def job_return(job: RayJob, outcome: Dict[str, Any], timeout_s: Optional[float]) -> JobReturn:
    """The JobReturn from the task's outcome (the job's own, or a FAILED one saying why there is none)."""
    from hydra_plugins.loopwright_launchers.local_gpus._logs import STDERR_LOG, tail
    from hydra_plugins.loopwright_launchers.ray._task import unpack

    if outcome.get("outputs"):
        unpack(outcome["outputs"], job.job_dir)
    stderr = job.job_dir / STDERR_LOG
    if outcome["timed_out"]:
        return failed(job, RayJobError(f"job #{job.idx} timed out after {timeout_s} s; its process group was "
                                       f"killed (logs: {stderr})"))
    if outcome["result"] is None:
        return failed(job, RayJobError(
            f"job #{job.idx} exited with code {outcome['returncode']} after {outcome['elapsed_s']:.1f} s on "
            f"{outcome['host']} without a result (logs: {stderr}); last lines:\n{tail(stderr)}"))
    ret = pickle.loads(outcome["result"])
    if job.ship_root:  # the job ran under the worker's temp dir; its outputs now sit in the local job dir
        ret.working_dir = str(job.job_dir)
        hydra_cfg = OmegaConf.create(OmegaConf.to_container(ret.hydra_cfg, resolve=False))  # run_job left it read-only
        hydra_cfg.hydra.runtime.output_dir = str(job.job_dir)
        ret.hydra_cfg = hydra_cfg
    if outcome["returncode"] not in (0, None) and ret.status == JobStatus.COMPLETED:
        ret.status = JobStatus.FAILED
        ret.return_value = RayJobError(f"job #{job.idx} returned but its process exited {outcome['returncode']}")
    return ret


def failed(job: RayJob, error: BaseException) -> JobReturn:
    """A FAILED JobReturn shaped like the one run_job would have made."""
    return failed_return(job.sweep_config, job.job_dir, error)
