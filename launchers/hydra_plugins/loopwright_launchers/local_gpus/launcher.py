"""``hydra/launcher=local_gpus``: a pool of slots on this machine, one fresh process per job.

Each job runs in its own subprocess (``_child.py``), in its own process group, pinned to
its slot through ``CUDA_VISIBLE_DEVICES`` (GPU pool) or to nothing (CPU pool), with
``OMP_NUM_THREADS`` = cores // slots, and the slot id in ``LOOPWRIGHT_SLOT``. Jobs queue
when every slot is busy. A job that passes ``provider.job_timeout_s`` has its whole process group
killed (SIGTERM, then SIGKILL after ``provider.kill_grace_s``). Every knob is a ``provider.*`` key of
LocalGpusProvider (src/loopwright/config/provider.py), read in ``setup()``. stdout/stderr go to
``stdout.log`` / ``stderr.log`` in the job dir. A failed, killed or timed-out job comes
back as a FAILED JobReturn; the other jobs run on. Jobs with ``processes_per_job`` > 1
(default: ``gpus_per_job`` on a GPU pool) run under ``accelerate launch``.

Besides Hydra's ``launch()`` it speaks loopwright's streaming protocol (``streaming.py``):
``slots`` and ``submit()``; ``launch()`` is built on ``submit()``.

Top level imports stay stdlib/hydra/omegaconf: Hydra imports every plugin module. No
``from __future__ import annotations`` here: Hydra execs plugin modules outside
``sys.modules``, where dataclasses cannot resolve string annotations.
"""

import contextlib
import logging
import os
import pickle
import queue
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from hydra.core.config_store import ConfigStore
from hydra.core.hydra_config import HydraConfig
from hydra.core.singleton import Singleton
from hydra.core.utils import JobReturn, JobStatus, configure_log, filter_overrides, setup_globals
from hydra.plugins.launcher import Launcher
from hydra.types import HydraContext, TaskFunction
from omegaconf import DictConfig, OmegaConf, open_dict

from hydra_plugins.loopwright_launchers.local_gpus._logs import STDERR_LOG, STDOUT_LOG, LogEcho, tail
from hydra_plugins.loopwright_launchers.local_gpus._returns import failed_return, group_alive, kill_group
from hydra_plugins.loopwright_launchers.local_gpus._slots import Slot, plan_slots

log = logging.getLogger(__name__)


@dataclass
class LocalGpusLauncherConf:
    """Only the target: the pool's knobs are ``provider.*`` (LocalGpusProvider in
    src/loopwright/config/provider.py), declared once there and read in ``setup()``."""

    _target_: str = "hydra_plugins.loopwright_launchers.local_gpus.launcher.LocalGpusLauncher"
    # For an app without loopwright's provider node only (a plain Hydra app): the same knobs, by the same
    # names, e.g. +hydra.launcher.provider.slots=2. train.py's provider.* keys take precedence.
    provider: Dict[str, Any] = field(default_factory=dict)


ConfigStore.instance().store(group="hydra/launcher", name="local_gpus", node=LocalGpusLauncherConf,
                             provider="loopwright_launchers")


class LauncherJobError(RuntimeError):
    """Why a job came back FAILED without a Python exception of its own (exit code, timeout)."""


@dataclass
class _PreparedJob:
    idx: int
    overrides: List[str]
    sweep_config: DictConfig
    job_dir: Path
    payload: bytes
    echo: bool = False


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LocalGpusLauncher(Launcher):
    def __init__(self, provider: Optional[Dict[str, Any]] = None) -> None:
        self.app_knobs = dict(provider or {})
        self.gpus: Optional[List[int]] = None
        self.gpus_per_job, self.requested_slots, self.threads_per_job = 1, None, None
        self.timeout_s: Optional[float] = None
        self.kill_grace_s = 10.0
        self.processes_per_job: Optional[int] = None
        self.accelerate_config: Optional[str] = None
        self.echo: Optional[bool] = None
        self.config: Optional[DictConfig] = None
        self.hydra_context: Optional[HydraContext] = None
        self.task_function: Optional[TaskFunction] = None
        self._pool: List[Slot] = []
        self._free_slots: "queue.Queue[Slot]" = queue.Queue()
        self._executor: Optional[ThreadPoolExecutor] = None
        self._running: Dict[int, subprocess.Popen] = {}
        self._stopping = False  # set on Ctrl-C: queued jobs are not started any more
        self._lock = threading.Lock()
        self._scratch: Optional[tempfile.TemporaryDirectory] = None

    # ------------------------------------------------------------------ Hydra API
    def setup(self, *, hydra_context: HydraContext, task_function: TaskFunction, config: DictConfig) -> None:
        self.config = config
        self.hydra_context = hydra_context
        self.task_function = task_function
        self._read_settings(config)
        self._pool = plan_slots(self.gpus, self.gpus_per_job, self.requested_slots, self.threads_per_job,
                                self.processes_per_job)
        self._free_slots = queue.Queue()  # setup() may be called again (a sweeper reusing the launcher)
        self._stopping = False
        for slot in self._pool:
            self._free_slots.put(slot)
        self._executor = ThreadPoolExecutor(max_workers=len(self._pool), thread_name_prefix="local_gpus")
        self._scratch = tempfile.TemporaryDirectory(prefix="loopwright-local_gpus-")

    def _read_settings(self, config: DictConfig) -> None:
        from loopwright.config.provider import LocalGpusProvider, launcher_settings  # not at plugin-scan time

        knobs = launcher_settings(config, LocalGpusProvider, self.app_knobs)
        self.gpus = list(knobs.gpus) if knobs.gpus is not None else None
        self.gpus_per_job, self.requested_slots = knobs.gpus_per_job, knobs.slots
        self.threads_per_job, self.processes_per_job = knobs.threads_per_job, knobs.processes_per_job
        self.timeout_s, self.kill_grace_s = knobs.job_timeout_s, knobs.kill_grace_s
        self.accelerate_config, self.echo = knobs.accelerate_config, knobs.echo

    def launch(self, job_overrides: Sequence[Sequence[str]], initial_job_idx: int) -> Sequence[JobReturn]:
        setup_globals()
        assert self.config is not None, "setup() first"
        configure_log(self.config.hydra.hydra_logging, self.config.hydra.verbose)
        sweep_dir = Path(str(self.config.hydra.sweep.dir))
        sweep_dir.mkdir(parents=True, exist_ok=True)
        log.info(f"local_gpus: {len(job_overrides)} job(s) on {self.slots} slot(s) "
                 f"[{', '.join(self._describe(s) for s in self._pool)}], sweep dir {sweep_dir}")
        futures = []
        try:
            echo = self.echo if self.echo is not None else len(job_overrides) == 1
            for i, overrides in enumerate(job_overrides):
                futures.append(self._submit(overrides, initial_job_idx + i, echo))
            return [f.result() for f in futures]
        except BaseException:  # Ctrl-C or a job that could not be prepared: nothing keeps running
            self.kill_running(stop=True)
            for f in futures:
                f.cancel()
            raise

    # ------------------------------------------------------ streaming protocol
    @property
    def slots(self) -> int:
        return len(self._pool)

    def submit(self, overrides: Sequence[str], job_idx: int) -> "Future[JobReturn]":
        return self._submit(overrides, job_idx, bool(self.echo))

    def _submit(self, overrides: Sequence[str], job_idx: int, echo: bool) -> "Future[JobReturn]":
        assert self._executor is not None, "setup() first"
        job = self._prepare(list(overrides), job_idx)  # in the caller's thread: config loading is not thread-safe
        job.echo = echo
        log.info(f"\t#{job_idx} : {' '.join(filter_overrides(job.overrides))}")
        return self._executor.submit(self._run_in_free_slot, job)

    def kill_running(self, stop: bool = False) -> None:
        """Kill every running job's process group (used on Ctrl-C and launcher errors).

        ``stop``: also start no job from now on. Without it a worker that picked a queued job just
        before the Ctrl-C (its future can no longer be cancelled) would start it after this sweep of
        ``_running``, and the launcher would wait for that job at exit."""
        with self._lock:
            self._stopping = self._stopping or stop
            procs = list(self._running.values())
        killers = [threading.Thread(target=self._kill_group, args=(p,)) for p in procs]  # grace periods overlap
        for t in killers:
            t.start()
        for t in killers:
            t.join()

    # ---------------------------------------------------------------- internals
    def _describe(self, slot: Slot) -> str:
        where = "GPU " + ",".join(map(str, slot.gpus)) if slot.gpus else "CPU"
        procs = f", {slot.processes} procs" if slot.processes > 1 else ""
        return f"slot {slot.index}: {where}, {slot.threads} threads{procs}"

    def _prepare(self, overrides: List[str], idx: int) -> _PreparedJob:
        assert self.hydra_context is not None and self.config is not None
        import cloudpickle  # lazily: plugin discovery stays cheap

        sweep_config = self.hydra_context.config_loader.load_sweep_config(self.config, overrides)
        with open_dict(sweep_config):
            sweep_config.hydra.job.id = idx
            sweep_config.hydra.job.num = idx
        # The job dir exactly as run_job computes it (subdir may use hydra.job.num, override_dirname, ...).
        previous = HydraConfig.instance().cfg
        HydraConfig.instance().set_config(sweep_config)
        try:
            job_dir = Path(str(OmegaConf.select(sweep_config, "hydra.sweep.dir")),
                           str(OmegaConf.select(sweep_config, "hydra.sweep.subdir"))).absolute()
        finally:
            if previous is not None:
                HydraConfig.instance().cfg = previous
        payload = pickle.dumps(list(sys.path)) + cloudpickle.dumps({
            "hydra_context": self.hydra_context,
            "task_function": self.task_function,
            "sweep_config": sweep_config,
            "singleton_state": Singleton.get_state(),
        })
        return _PreparedJob(idx=idx, overrides=overrides, sweep_config=sweep_config, job_dir=job_dir, payload=payload)

    def _run_in_free_slot(self, job: _PreparedJob) -> JobReturn:
        slot = self._free_slots.get()
        try:
            return self._run(job, slot)
        finally:
            self._free_slots.put(slot)

    def _command(self, slot: Slot, payload: Path, result: Path) -> List[str]:
        child = ["-m", "hydra_plugins.loopwright_launchers.local_gpus._child", str(payload), str(result)]
        if slot.processes <= 1:
            return [sys.executable, *child]
        cmd = [sys.executable, "-m", "accelerate.commands.launch", "--num_processes", str(slot.processes),
               "--main_process_port", str(_free_port())]
        if self.accelerate_config:
            cmd += ["--config_file", self.accelerate_config]
        else:
            # torchrun-style ranks; without CUDA (a CPU slot hides every GPU) accelerate picks gloo.
            cmd += ["--multi_gpu"]
        return cmd + child

    def _run(self, job: _PreparedJob, slot: Slot) -> JobReturn:
        assert self._scratch is not None
        job.job_dir.mkdir(parents=True, exist_ok=True)
        scratch = Path(self._scratch.name)
        payload, result = scratch / f"job{job.idx}.payload", scratch / f"job{job.idx}.result"
        payload.write_bytes(job.payload)
        result.unlink(missing_ok=True)
        env = {**os.environ, **slot.env(self.slots), "LOOPWRIGHT_LAUNCHER_PID": str(os.getpid()),
               "LOOPWRIGHT_JOB_NUM": str(job.idx)}
        started = time.monotonic()
        log.info(f"local_gpus: job #{job.idx} started on {self._describe(slot)}; logs: {job.job_dir / STDOUT_LOG}")
        with open(job.job_dir / STDOUT_LOG, "ab") as out, open(job.job_dir / STDERR_LOG, "ab") as err, self._lock:
            if self._stopping:  # Ctrl-C came while this job waited: never start it
                payload.unlink(missing_ok=True)
                return self._failed(job, LauncherJobError(f"job #{job.idx} not started: the launcher is stopping"))
            echo = LogEcho(job.job_dir) if job.echo else contextlib.nullcontext()
            # Started and registered under the lock kill_running takes: it either sees this job or stops it here.
            proc = subprocess.Popen(self._command(slot, payload, result), stdout=out, stderr=err, env=env,
                                    cwd=os.getcwd(), start_new_session=True)  # own process group: killable as one
            self._running[job.idx] = proc
        timed_out = False
        try:
            with echo:
                proc.wait(timeout=self.timeout_s)
        except subprocess.TimeoutExpired:
            timed_out = True
            self._kill_group(proc)
        else:
            if group_alive(proc.pid):  # processes the job left behind (workers, servers) end with it
                self._kill_group(proc)
        finally:
            with self._lock:
                self._running.pop(job.idx, None)
            payload.unlink(missing_ok=True)
        elapsed = time.monotonic() - started
        ret = self._read_result(result, job, proc.returncode, timed_out, elapsed)
        log.info(f"local_gpus: job #{job.idx} {ret.status.name} after {elapsed:.1f} s")
        return ret

    def _read_result(self, result: Path, job: _PreparedJob, returncode: Optional[int], timed_out: bool,
                     elapsed: float) -> JobReturn:
        if timed_out:
            return self._failed(job, LauncherJobError(
                f"job #{job.idx} timed out after {self.timeout_s} s; its process group was killed "
                f"(logs: {job.job_dir / STDERR_LOG})"))
        if result.is_file():
            with open(result, "rb") as f:
                ret = pickle.load(f)
            result.unlink(missing_ok=True)
            if returncode not in (0, None) and ret.status == JobStatus.COMPLETED:
                ret.status = JobStatus.FAILED
                ret.return_value = LauncherJobError(f"job #{job.idx} returned but its process exited {returncode}")
            return ret
        from loopwright.train.exits import PREEMPTED_CODE

        if returncode == PREEMPTED_CODE:  # SIGTERM/SIGUSR1 reached the job: it checkpointed and stopped
            return self._failed(job, LauncherJobError(
                f"job #{job.idx} was preempted (exit {returncode}) after {elapsed:.1f} s: it wrote a checkpoint "
                f"and its manifest says 'preempted'; the same job in the same dir resumes from it ({job.job_dir})"))
        return self._failed(job, LauncherJobError(
            f"job #{job.idx} exited with code {returncode} after {elapsed:.1f} s without a result "
            f"(logs: {job.job_dir / STDERR_LOG}); last lines:\n{tail(job.job_dir / STDERR_LOG)}"))

    def _failed(self, job: _PreparedJob, error: BaseException) -> JobReturn:
        """A FAILED JobReturn shaped like the one run_job would have made."""
        log.error(str(error))
        return failed_return(job.sweep_config, job.job_dir, error)

    def _kill_group(self, proc: subprocess.Popen) -> None:
        kill_group(proc, self.kill_grace_s)

    def __del__(self) -> None:
        # Best effort: a launcher that goes away takes its jobs with it (children also watch us).
        try:
            self.kill_running()
        except Exception:
            pass

