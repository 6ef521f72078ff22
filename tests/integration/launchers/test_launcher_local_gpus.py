"""The local_gpus launcher: Hydra's own launcher suites, the slot pool, failures, teardown, real trainings."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from hydra.core.plugins import Plugins
from hydra.plugins.launcher import Launcher
from hydra.test_utils.launcher_common_tests import BatchedSweeperTestSuite, IntegrationTestSuite, LauncherTestSuite

from helpers import ROOT, launcher_jobs, run_train
from helpers.imports import heavy_imports
from hydra_plugins.loopwright_launchers.local_gpus._slots import SlotConfigError, plan_slots
from hydra_plugins.loopwright_launchers.local_gpus.launcher import LocalGpusLauncher

# ----------------------------------------------------------- Hydra's peer suites


def test_discovery() -> None:
    assert LocalGpusLauncher.__name__ in [x.__name__ for x in Plugins.instance().discover(Launcher)]


@pytest.mark.parametrize("launcher_name, overrides", [("local_gpus", ["+hydra.launcher.provider.slots=2"])])
@pytest.mark.usefixtures("hydra_suite_version_base")
class TestLocalGpusLauncher(LauncherTestSuite):
    """Hydra's launcher suite, two CPU slots (every job in its own process)."""


@pytest.mark.parametrize("launcher_name, overrides",
                         [("local_gpus", ["+hydra.launcher.provider.slots=2", "hydra/sweeper=basic",
                                          "hydra.sweeper.max_batch_size=2"])])
@pytest.mark.usefixtures("hydra_suite_version_base")
class TestLocalGpusBatched(BatchedSweeperTestSuite):
    """Batches of two from Hydra's basic sweeper, each batch through the slot pool."""


@pytest.mark.parametrize("task_launcher_cfg, extra_flags", [(
    {"defaults": [{"override hydra/launcher": "local_gpus"}, {"override hydra/hydra_logging": "hydra_debug"},
                  {"override hydra/job_logging": "disabled"}]},
    ["-m", "+hydra.launcher.provider.slots=2"],
)])
@pytest.mark.usefixtures("hydra_suite_version_base")
class TestLocalGpusIntegration(IntegrationTestSuite):
    """Hydra's integration suite: real example apps started as subprocesses with -m."""


# ------------------------------------------------------------------ slot planning


def test_gpu_pool_pins_consecutive_gpus_per_slot() -> None:
    pool = plan_slots(gpus=[0, 1, 2, 3], gpus_per_job=2, slots=None, threads_per_job=None, processes_per_job=None,
                      cores=16)
    assert [s.gpus for s in pool] == [(0, 1), (2, 3)]
    assert [s.env(len(pool))["CUDA_VISIBLE_DEVICES"] for s in pool] == ["0,1", "2,3"]
    assert all(s.threads == 8 and s.processes == 2 for s in pool)  # 2 GPUs per job -> accelerate with 2 ranks
    assert pool[1].env(2)["OMP_NUM_THREADS"] == "4"  # the slot's 8 threads shared by its 2 ranks


def test_cpu_pool_hides_gpus_and_splits_cores() -> None:
    pool = plan_slots(gpus=[], gpus_per_job=1, slots=3, threads_per_job=None, processes_per_job=None, cores=12)
    assert [s.index for s in pool] == [0, 1, 2]
    assert {s.env(3)["CUDA_VISIBLE_DEVICES"] for s in pool} == {""}
    assert {s.env(3)["OMP_NUM_THREADS"] for s in pool} == {"4"}


def test_detected_gpus_used_when_gpus_is_null() -> None:
    pool = plan_slots(gpus=None, gpus_per_job=1, slots=None, threads_per_job=None, processes_per_job=None,
                      detected=[0, 1, 2], cores=6)
    assert [s.gpus for s in pool] == [(0,), (1,), (2,)]


@pytest.mark.parametrize("kwargs, key", [
    (dict(gpus=[0, 1], gpus_per_job=4), "gpus_per_job"),
    (dict(gpus=[0, 1], slots=3), "slots=3"),
    (dict(gpus=[0, 0]), "twice"),
    (dict(gpus=[], slots=0), "slots"),
])
def test_impossible_pools_name_the_key(kwargs, key) -> None:
    args = dict(gpus=None, gpus_per_job=1, slots=None, threads_per_job=None, processes_per_job=None, cores=4)
    with pytest.raises(SlotConfigError, match=key):
        plan_slots(**{**args, **kwargs})


# ------------------------------------------------- real processes through -m

def _start(tmp_path: Path, *overrides: str) -> subprocess.Popen:
    return launcher_jobs.start(tmp_path, "local_gpus", *overrides)


def _records(tmp_path: Path) -> dict[int, dict]:
    return launcher_jobs.records(tmp_path / "sweep")


_alive = launcher_jobs.alive


def test_jobs_run_in_own_processes_on_their_slots_and_queue(tmp_path: Path) -> None:
    proc = _start(tmp_path, "+hydra.launcher.provider.gpus=[5,7]", "+hydra.launcher.provider.threads_per_job=3",
                  "+x=0,1,2,3",
                  "+sleep=1.5")
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0, out
    rec = _records(tmp_path)
    assert sorted(rec) == [0, 1, 2, 3]
    # Each job saw its own slot and exactly that slot's GPU (ids need no real GPU: nothing touches CUDA).
    for r in rec.values():
        assert (r["slot"], r["cuda"]) in {("0", "5"), ("1", "7")}
        assert r["omp"] == "3"
        assert r["pid"] != proc.pid and r["pgid"] == r["pid"]  # fresh process, leader of its own group
    assert len({r["pid"] for r in rec.values()}) == 4
    # Two slots: never more than two jobs at once, and the pool was actually used in parallel.
    events = sorted([(r["start"], 1) for r in rec.values()] + [(r["end"], -1) for r in rec.values()])
    running, peak = 0, 0
    for _, step in events:
        running += step
        peak = max(peak, running)
    assert peak == 2
    for job in range(4):
        assert (tmp_path / "sweep" / str(job) / "stdout.log").is_file()
        assert (tmp_path / "sweep" / str(job) / "stderr.log").is_file()


def test_failed_and_crashed_jobs_do_not_stop_the_others(tmp_path: Path) -> None:
    proc = _start(tmp_path, "+hydra.launcher.provider.slots=2", "+x=0,1,2,3", "+fail=1", "+exit=2")
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode != 0  # Hydra's sweeper reports the failed job after the batch
    rec = _records(tmp_path)
    assert sorted(rec) == [0, 1, 2, 3]
    assert "end" in rec[0] and "end" in rec[3]  # the healthy jobs ran to the end
    assert "failed on purpose" in (tmp_path / "sweep" / "1" / "stderr.log").read_text()
    assert "ValueError" in out or "exited with code 7" in out


def test_timeout_kills_the_jobs_whole_process_group(tmp_path: Path) -> None:
    proc = _start(tmp_path, "+hydra.launcher.provider.slots=2", "+hydra.launcher.provider.job_timeout_s=4",
                  "+hydra.launcher.provider.kill_grace_s=1",
                  "+x=0,1", "+sleep=0,60", "+grandchild=true")
    out, _ = proc.communicate(timeout=120)
    assert "timed out after 4" in out
    rec = _records(tmp_path)
    assert len(rec) == 4 and sum("end" not in r for r in rec.values()) == 2  # the two +sleep=60 jobs were cut
    time.sleep(0.5)
    # Killed jobs and their own child processes are gone; so are the processes a finished job left behind.
    assert not [r for r in rec.values() if _alive(r["pid"]) or _alive(r["grandchild"])]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL], ids=["ctrl-c", "launcher-killed"])
def test_no_job_outlives_its_launcher(tmp_path: Path, sig: int) -> None:
    proc = _start(tmp_path, "+hydra.launcher.provider.slots=2", "+x=0,1", "+sleep=120", "+grandchild=true")
    deadline = time.time() + 60
    while len(_records(tmp_path)) < 2 and time.time() < deadline:
        time.sleep(0.2)
    rec = _records(tmp_path)
    assert len(rec) == 2
    os.kill(proc.pid, sig)  # the jobs are in their own sessions: only the launcher gets the signal
    proc.communicate(timeout=60)
    deadline = time.time() + 15
    pids = [p for r in rec.values() for p in (r["pid"], r["grandchild"])]
    while any(_alive(p) for p in pids) and time.time() < deadline:
        time.sleep(0.2)
    assert not [p for p in pids if _alive(p)]


# --------------------------------------------- the streaming protocol in-process


def test_submit_refills_a_slot_as_soon_as_a_job_ends(tmp_path: Path) -> None:
    from hydra import compose, initialize_config_dir
    from hydra._internal.callbacks import Callbacks
    from hydra.core.global_hydra import GlobalHydra
    from hydra.core.utils import JobStatus
    from hydra.types import HydraContext

    from hydra_plugins.loopwright_launchers.streaming import StreamingLauncher

    conf = tmp_path / "conf"
    conf.mkdir()
    (conf / "config.yaml").write_text("x: 0\nsleep: 0\n")

    def task(cfg):
        time.sleep(cfg.sleep)
        if cfg.x == 9:
            raise RuntimeError("trial 9 diverged")
        return {"x": cfg.x, "slot": os.environ["LOOPWRIGHT_SLOT"], "end": time.time()}

    with initialize_config_dir(config_dir=str(conf), version_base="1.3"):
        cfg = compose("config", overrides=[f"hydra.sweep.dir={tmp_path / 'sweep'}", "+provider.slots=2"],
                      return_hydra_config=True)
        launcher = LocalGpusLauncher()
        launcher.setup(hydra_context=HydraContext(config_loader=GlobalHydra.instance().config_loader(),
                                                  callbacks=Callbacks(cfg)), task_function=task, config=cfg)
        assert isinstance(launcher, StreamingLauncher) and launcher.slots == 2
        long = launcher.submit(["x=1", "sleep=12"], 0)
        short = launcher.submit(["x=2", "sleep=0"], 1)
        failing = launcher.submit(["x=9"], 2)
        refill = launcher.submit(["x=3", "sleep=0"], 3)  # queued: both slots busy
        r_refill, r_long = refill.result(timeout=120), long.result(timeout=120)
        assert r_refill.return_value["end"] < r_long.return_value["end"]  # ran while the long job held its slot
        assert r_refill.return_value["slot"] != r_long.return_value["slot"]
        assert short.result().status == JobStatus.COMPLETED
        failed = failing.result()
        assert failed.status == JobStatus.FAILED
        with pytest.raises(RuntimeError, match="trial 9 diverged"):
            failed.return_value
        assert r_refill.hydra_cfg.hydra.job.num == 3
        assert Path(r_refill.hydra_cfg.hydra.runtime.output_dir) == tmp_path / "sweep" / "3"


# ---------------------------------------------------------- real tiny trainings


def test_tiny_trainings_on_two_cpu_slots(tmp_path: Path) -> None:
    sweep = tmp_path / "sweep"
    proc = run_train(["-m", "provider=local_gpus", "provider.slots=2", "model=tiny", "profile=smoke", "seed=1,2",
                      f"hydra.sweep.dir={sweep}"], timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    slots = []
    for job in ("0", "1"):
        manifest = json.loads((sweep / job / "manifest.json").read_text())
        assert manifest["status"] == "completed"
        slot = manifest["host"]["slot"]
        assert slot["slots"] == 2 and slot["cuda_visible_devices"] == ""
        cores = len(os.sched_getaffinity(0))
        assert slot["omp_num_threads"] == str(max(1, cores // 2)) and slot["torch_threads"] == max(1, cores // 2)
        slots.append(slot["slot"])
        assert "[loopwright]" in (sweep / job / "stdout.log").read_text()
    assert sorted(slots) == [0, 1]  # each job on its own slot (both ran at once)
    assert "[loopwright] training" not in proc.stdout  # several jobs: output stays in their log files
    assert (sweep / "summary.md").is_file()  # loopwright's sweep summary still runs


def test_two_process_job_runs_under_accelerate_with_gloo_on_cpu(tmp_path: Path) -> None:
    sweep = tmp_path / "sweep"
    try:
        # It takes ~11 s here. A job still running after 5 minutes is a hang; its job timeout kills it.
        proc = run_train(["-m", "provider=local_gpus", "provider.processes_per_job=2", "provider.job_timeout_s=300",
                          "model=tiny", "profile=smoke", "save_model=false", f"hydra.sweep.dir={sweep}"], timeout=420)
    except subprocess.TimeoutExpired:
        proc = None
    logs = "".join(f"--- {p.name}\n{p.read_text()[-4000:]}\n" for p in sorted((sweep / "0").glob("*.log")))
    assert proc is not None and proc.returncode == 0, logs
    stderr = (sweep / "0" / "stderr.log").read_text()
    # one-host ranks meet on loopback, whatever the host name resolves to
    assert "[local_gpus] rank 0 of 2, gloo on lo" in stderr and "[local_gpus] rank 1 of 2, gloo on lo" in stderr
    manifest = json.loads((sweep / "0" / "manifest.json").read_text())
    assert manifest["status"] == "completed" and manifest["host"]["slot"]["world_size"] == 2
    rows = (sweep / "0" / "metrics.jsonl").read_text().splitlines()
    assert [json.loads(r)["step"] for r in rows] == [1, 2]  # rank 0 alone writes the metrics


def test_module_imports_no_heavy_packages() -> None:
    code = ("import hydra_plugins.loopwright_launchers.local_gpus.launcher, "
            "hydra_plugins.loopwright_launchers.local_gpus._child, hydra_plugins.loopwright_launchers.streaming")
    probe = heavy_imports(code=code, watch=("torch", "transformers", "trl", "cloudpickle"), cwd=ROOT)
    assert probe.exit_code == 0, probe.stderr
    assert probe.heavy == []
