"""A test launcher (tests/helpers/sweep_app/hydra_plugins: Hydra only instantiates plugins from that namespace)
with ``submit``: each job in its own Python process, ``slots`` at a time.

It speaks the interface the local_gpus launcher offers the sweeper (``slots``,
``submit(overrides, job_idx) -> Future[JobReturn]``) without depending on it: the
job (task function, Hydra context, config) is cloudpickled to a file, a child
process runs it with Hydra's ``run_job`` exactly as the joblib/submitit launchers
do, and pickles the JobReturn back. ``launch`` exists too (a batch = submit all, wait).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Sequence

from hydra.core.singleton import Singleton
from hydra.plugins.launcher import Launcher

_CHILD = r"""
import sys, cloudpickle
from hydra.core.hydra_config import HydraConfig
from hydra.core.singleton import Singleton
from hydra.core.utils import run_job, setup_globals
from omegaconf import open_dict
job = cloudpickle.load(open(sys.argv[1], "rb"))
setup_globals()
Singleton.set_state(job["singleton_state"])
config = job["hydra_context"].config_loader.load_sweep_config(job["config"], list(job["overrides"]))
with open_dict(config):
    config.hydra.job.id = str(job["idx"])
    config.hydra.job.num = job["idx"]
HydraConfig.instance().set_config(config)
ret = run_job(hydra_context=job["hydra_context"], task_function=job["task_function"], config=config,
              job_dir_key="hydra.sweep.dir", job_subdir_key="hydra.sweep.subdir")
cloudpickle.dump(ret, open(sys.argv[2], "wb"))
"""


class PoolLauncher(Launcher):
    def __init__(self, slots: int = 2) -> None:
        self.slots = slots
        self.pool = ThreadPoolExecutor(max_workers=slots)
        self.tmp = Path(tempfile.mkdtemp(prefix="pool_launcher_"))

    def setup(self, *, hydra_context: Any, task_function: Any, config: Any) -> None:
        self.hydra_context, self.task_function, self.config = hydra_context, task_function, config

    def submit(self, overrides: Sequence[str], job_idx: int) -> "Future[Any]":
        import cloudpickle

        job = self.tmp / f"job{job_idx}.pkl"
        result = self.tmp / f"ret{job_idx}.pkl"
        with open(job, "wb") as handle:
            cloudpickle.dump({"singleton_state": Singleton.get_state(), "hydra_context": self.hydra_context,
                              "config": self.config, "task_function": self.task_function,
                              "overrides": list(overrides), "idx": job_idx}, handle)

        def run() -> Any:
            proc = subprocess.run([sys.executable, "-c", _CHILD, str(job), str(result)],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                raise RuntimeError(f"job {job_idx} process exited {proc.returncode}: {proc.stderr[-2000:]}")
            with open(result, "rb") as handle:
                return cloudpickle.load(handle)

        return self.pool.submit(run)

    def launch(self, job_overrides: Sequence[Sequence[str]], initial_job_idx: int) -> Sequence[Any]:
        futures = [self.submit(o, initial_job_idx + i) for i, o in enumerate(job_overrides)]
        return [f.result() for f in futures]


class PoolBatchLauncher(Launcher):
    """The same process pool behind ``launch`` only: the sweeper must fall back to batches."""

    def __init__(self, slots: int = 2) -> None:
        self.inner = PoolLauncher(slots)

    def setup(self, *, hydra_context: Any, task_function: Any, config: Any) -> None:
        self.inner.setup(hydra_context=hydra_context, task_function=task_function, config=config)

    def launch(self, job_overrides: Sequence[Sequence[str]], initial_job_idx: int) -> Sequence[Any]:
        return self.inner.launch(job_overrides, initial_job_idx)
