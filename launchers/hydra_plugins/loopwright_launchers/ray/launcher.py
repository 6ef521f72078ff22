"""``hydra/launcher=ray``: each Hydra job a Ray task on a Ray cluster (``provider=ray``; docs/LAUNCHERS.md#ray).

Ray does the scheduling: every job is submitted at once as a task asking for
``num_cpus`` / ``num_gpus``, and Ray starts it when a node has them free. The task
(``_task.py``) runs the job in a fresh process group through local_gpus's job process,
with the job's stdout/stderr in ``stdout.log`` / ``stderr.log`` of its job dir, and
kills that group on ``provider.job_timeout_s`` or when the task is cancelled. ``provider.address``
names an existing cluster; without one a small local cluster is started (``_cluster.py``). Every
knob is a ``provider.*`` key of RayProvider (src/loopwright/config/provider.py), read in ``setup()``.

Besides Hydra's ``launch()`` it speaks loopwright's streaming protocol
(``streaming.py``): ``slots`` (what the cluster fits at once) and ``submit()``.

Top level imports stay stdlib/hydra/omegaconf (``ray`` is imported when a launch
starts): Hydra imports every plugin module at start-up. No ``from __future__ import
annotations``: Hydra execs plugin modules outside ``sys.modules``.
"""

import logging
import os
import sys
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence

from hydra.core.config_store import ConfigStore
from hydra.core.utils import JobReturn, configure_log, filter_overrides, setup_globals
from hydra.plugins.launcher import Launcher
from hydra.types import HydraContext, TaskFunction
from omegaconf import DictConfig, OmegaConf

log = logging.getLogger(__name__)


@dataclass
class RayLauncherConf:
    """Only the target: the launcher's knobs are ``provider.*`` (RayProvider in
    src/loopwright/config/provider.py), declared once there and read in ``setup()``."""

    _target_: str = "hydra_plugins.loopwright_launchers.ray.launcher.RayLauncher"
    # For an app without loopwright's provider node only (a plain Hydra app): the same knobs, by the same
    # names, e.g. +hydra.launcher.provider.slots=2. train.py's provider.* keys take precedence.
    provider: Dict[str, Any] = field(default_factory=dict)


ConfigStore.instance().store(group="hydra/launcher", name="ray", node=RayLauncherConf,
                             provider="loopwright_launchers")


class RayLauncher(Launcher):
    def __init__(self, provider: Optional[Dict[str, Any]] = None) -> None:
        self.app_knobs = dict(provider or {})
        self._apply_settings(None)
        self.config: Optional[DictConfig] = None
        self.hydra_context: Optional[HydraContext] = None
        self.task_function: Optional[TaskFunction] = None
        self._conn: Any = None
        self._remote: Any = None
        self._in_flight: Dict[int, Any] = {}  # job idx -> ObjectRef
        self._lock = threading.Lock()
        self._slots = 1

    # ------------------------------------------------------------------ Hydra API
    def setup(self, *, hydra_context: HydraContext, task_function: TaskFunction, config: DictConfig) -> None:
        self.config, self.hydra_context, self.task_function = config, hydra_context, task_function
        self._apply_settings(config)

    def _apply_settings(self, config: Optional[DictConfig]) -> None:
        from loopwright.config.provider import RayProvider, launcher_settings  # not at plugin-scan time

        knobs = launcher_settings(config, RayProvider, self.app_knobs)
        self.address = knobs.address or None
        self.num_cpus, self.num_gpus = float(knobs.num_cpus), float(knobs.num_gpus)
        self.cluster_cpus, self.cluster_gpus = knobs.cluster_cpus, knobs.cluster_gpus
        self.requested_slots = knobs.slots
        self.timeout_s, self.kill_grace_s = knobs.job_timeout_s, knobs.kill_grace_s
        self.ship = (bool(knobs.ship_outputs) if knobs.ship_outputs is not None
                     else str(knobs.address or "").startswith("ray://"))
        env = knobs.runtime_env
        self.runtime_env = OmegaConf.to_container(env, resolve=True) if isinstance(env, DictConfig) else env
        self.echo, self.stop_cluster = knobs.echo, knobs.stop_cluster

    def launch(self, job_overrides: Sequence[Sequence[str]], initial_job_idx: int) -> Sequence[JobReturn]:
        setup_globals()
        assert self.config is not None, "setup() first"
        configure_log(self.config.hydra.hydra_logging, self.config.hydra.verbose)
        self._connect()
        log.info(f"ray: {len(job_overrides)} job(s), {self.num_cpus:g} CPU / {self.num_gpus:g} GPU each, "
                 f"{self.slots} at once on {self._conn.address}; sweep dir {self.config.hydra.sweep.dir}")
        futures: List[Future] = []
        echo = self.echo if self.echo is not None else len(job_overrides) == 1
        try:
            for i, overrides in enumerate(job_overrides):
                futures.append(self._submit(list(overrides), initial_job_idx + i, echo))
            return [f.result() for f in futures]
        except BaseException:  # Ctrl-C or a job that could not be prepared: nothing keeps running
            self.cancel_all()
            if self.stop_cluster:
                self.close()
            raise
        finally:
            if self.stop_cluster and not self._in_flight:
                self.close()

    # ------------------------------------------------------ streaming protocol
    @property
    def slots(self) -> int:
        self._connect()
        return self._slots

    def submit(self, overrides: Sequence[str], job_idx: int) -> "Future[JobReturn]":
        self._connect()
        return self._submit(list(overrides), job_idx, bool(self.echo))

    # ------------------------------------------------------------- teardown
    def cancel_all(self) -> None:
        """Cancel every queued or running task; the tasks kill their jobs' process groups."""
        import ray

        with self._lock:
            refs = list(self._in_flight.values())
        for ref in refs:  # a running task gets KeyboardInterrupt and kills its job's group in `finally`
            ray.cancel(ref, force=False, recursive=True)
        _, left = ray.wait(refs, num_returns=len(refs), timeout=self.kill_grace_s + 10) if refs else ([], [])
        for ref in left:  # a task stuck past the grace period: its worker goes (the job's orphan guard then fires)
            ray.cancel(ref, force=True)
        if left:
            log.warning(f"ray: {len(left)} task(s) force-cancelled")

    def close(self) -> None:
        """Stop the local cluster this launcher started (an existing cluster is left alone)."""
        from hydra_plugins.loopwright_launchers.ray._cluster import disconnect

        disconnect(self._conn)
        self._conn, self._remote = None, None

    # ---------------------------------------------------------------- internals
    def _connect(self) -> None:
        if self._conn is not None:
            return
        from hydra_plugins.loopwright_launchers.ray import _cluster, _task

        self._conn = _cluster.connect(self.address, self.cluster_cpus, self.cluster_gpus, self.runtime_env)
        import ray

        # max_retries=0: a job is not silently run twice; a crashed worker comes back as a failed job.
        self._remote = ray.remote(_task.run_job).options(num_cpus=self.num_cpus, num_gpus=self.num_gpus,
                                                          max_retries=0, name="loopwright-job")
        fits = [_cluster.total("CPU") // self.num_cpus] if self.num_cpus else []
        if self.num_gpus:
            fits.append(_cluster.total("GPU") // self.num_gpus)
        self._slots = max(1, int(self.requested_slots or min(fits or [1])))

    def _submit(self, overrides: List[str], job_idx: int, echo: bool) -> "Future[JobReturn]":
        from hydra_plugins.loopwright_launchers.ray import _jobs

        assert self.hydra_context is not None and self.config is not None, "setup() first"
        job = _jobs.prepare(self.hydra_context, self.task_function, self.config, overrides, job_idx, self.ship)
        log.info(f"\t#{job_idx} : {' '.join(filter_overrides(job.overrides))}")
        if not self.ship:
            job.job_dir.mkdir(parents=True, exist_ok=True)
        ref = self._remote.remote(job.payload, str(job.remote_job_dir), os.getcwd(), self._job_env(job_idx),
                                  self.timeout_s, self.kill_grace_s, job.ship_root)
        with self._lock:
            self._in_flight[job_idx] = ref
        done: "Future[JobReturn]" = Future()
        threading.Thread(target=self._collect, args=(job, ref, done, echo and not self.ship),
                         name=f"ray-job-{job_idx}", daemon=True).start()
        return done

    def _job_env(self, job_idx: int) -> Dict[str, str]:
        threads = str(max(1, int(self.num_cpus)))
        env = {"LOOPWRIGHT_JOB_NUM": str(job_idx), "OMP_NUM_THREADS": threads, "MKL_NUM_THREADS": threads,
               "LOOPWRIGHT_DRIVER_PATH": os.pathsep.join(sys.path)}
        if not self.num_gpus:
            env["CUDA_VISIBLE_DEVICES"] = ""  # a CPU job never grabs a GPU by accident
        return env

    def _collect(self, job: Any, ref: Any, done: "Future[JobReturn]", echo: bool) -> None:
        import contextlib

        import ray

        from hydra_plugins.loopwright_launchers.local_gpus._logs import LogEcho
        from hydra_plugins.loopwright_launchers.ray import _jobs

        started = time.monotonic()
        try:
            with LogEcho(job.job_dir) if echo else contextlib.nullcontext():
                outcome = ray.get(ref)
            ret = _jobs.job_return(job, outcome, self.timeout_s)
        except BaseException as err:  # cancelled, worker died, cluster gone: the job failed, it does not hang
            ret = _jobs.failed(job, _jobs.RayJobError(f"job #{job.idx}: the Ray task did not finish: "
                                                      f"{type(err).__name__}: {err}"))
        finally:
            with self._lock:
                self._in_flight.pop(job.idx, None)
        if ret.status.name == "FAILED":
            log.error(str(ret._return_value))
        log.info(f"ray: job #{job.idx} {ret.status.name} after {time.monotonic() - started:.1f} s")
        done.set_result(ret)
