"""provider=... is one config choice: it picks the launcher, with or without -m."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import ROOT, options, run_train
from helpers.imports import heavy_imports
from helpers.launcher_jobs import alive
from loopwright.config import ProviderKind
from loopwright.train.dispatch import launcher_command

LAUNCHER_OF = {
    "local": "hydra._internal.core_plugins.basic_launcher.BasicLauncher",
    "local_gpus": "hydra_plugins.loopwright_launchers.local_gpus.launcher.LocalGpusLauncher",
    "slurm": "hydra_plugins.hydra_submitit_launcher.submitit_launcher.SlurmLauncher",
    "ray": "hydra_plugins.loopwright_launchers.ray.launcher.RayLauncher",
}


def _launcher_target(overrides: list[str]) -> str:
    from hydra import compose, initialize_config_dir

    import loopwright.config  # noqa: F401

    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        cfg = compose(config_name="train", overrides=overrides, return_hydra_config=True)
    assert cfg.provider.kind.value == cfg.provider.name
    return cfg.hydra.launcher._target_


def test_every_provider_kind_is_a_choice() -> None:
    assert {k.value for k in ProviderKind} == {"local", "local_gpus", "runpod", "modal", "slurm", "ray", "skypilot"}
    assert {"local", "local_gpus", "slurm"} <= set(options("provider"))


@pytest.mark.parametrize("provider", options("provider"))
def test_each_provider_selects_its_launcher(provider: str) -> None:
    target = _launcher_target([f"provider={provider}"])
    if provider in LAUNCHER_OF:
        assert target == LAUNCHER_OF[provider]
    else:  # providers another part of the project adds: anything but the in-process launcher
        assert target != LAUNCHER_OF["local"]


def test_launcher_command_is_the_same_command_as_a_one_job_multirun(tmp_path: Path) -> None:
    cmd = launcher_command(["train.py", "provider=local_gpus", "seed=3", "hydra.sweep.dir=elsewhere", "-m"],
                           tmp_path / "it's here", ["multirun_summary"])
    assert cmd[1:] == ["train.py", "-m", "provider=local_gpus", "seed=3",
                       f"hydra.sweep.dir='{tmp_path}/it\\'s here'", "hydra.sweep.subdir=.",
                       "~hydra.callbacks.multirun_summary"]


def test_provider_without_multirun_still_goes_through_its_launcher(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    proc = run_train(["provider=local_gpus", "model=tiny", "profile=smoke", "eval.enabled=false", "save_model=false",
                      f"hydra.run.dir={run_dir}"], timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "running this job through its launcher" in proc.stdout
    assert "[loopwright] training" in proc.stdout  # a single job's output is echoed to the console
    manifest = json.loads((run_dir / "manifest.json").read_text())  # the run dir is where a plain run puts it
    assert manifest["status"] == "completed"
    assert manifest["host"]["slot"]["slot"] == 0  # ran in the launcher's slot, in its own process
    assert "[loopwright] training" in (run_dir / "stdout.log").read_text()  # the launcher's per-job log
    assert not (run_dir / "summary.md").exists()  # no sweep summary for a single job


def test_a_failing_dispatched_job_fails_the_command(tmp_path: Path) -> None:
    proc = run_train(["provider=local_gpus", "provider.job_timeout_s=1", "model=tiny", "profile=smoke",
                      f"hydra.run.dir={tmp_path / 'run'}"], timeout=300)
    assert proc.returncode != 0
    assert "timed out after 1" in proc.stdout + proc.stderr


def test_bad_config_fails_before_any_launcher_starts(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    proc = run_train(["provider=local_gpus", "model=tiny", "profile=smoke", "profile.precision=fp16",
                      "profile.device=cpu", f"hydra.run.dir={run_dir}"], timeout=120)
    assert proc.returncode == 2
    assert "profile.precision=fp16" in proc.stderr
    assert "through its launcher" not in proc.stdout and not run_dir.exists()


def test_inside_a_launcher_the_job_runs_in_process(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    env = {**os.environ, "LOOPWRIGHT_IN_LAUNCHER": "1"}  # what a remote worker sets
    proc = subprocess.run([sys.executable, str(ROOT / "train.py"), "provider=local_gpus", "model=tiny",
                           "profile=smoke", "save_model=false", "eval.enabled=false", f"hydra.run.dir={run_dir}"],
                          cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "through its launcher" not in proc.stdout and not (run_dir / "stdout.log").exists()
    assert json.loads((run_dir / "manifest.json").read_text())["status"] == "completed"


def test_cfg_job_with_a_remote_provider_starts_nothing_and_imports_no_torch(tmp_path: Path) -> None:
    probe = heavy_imports(path=ROOT / "train.py", args=["provider=local_gpus", "--cfg", "job"], cwd=tmp_path)
    assert probe.exit_code == 0, probe.stderr
    assert probe.heavy == [] and "kind: local_gpus" in probe.stdout
    assert "through its launcher" not in probe.stdout and not (tmp_path / "outputs").exists()


def _descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


@pytest.mark.skipif(sys.platform != "linux", reason="uses /proc and PR_SET_PDEATHSIG")
def test_killing_the_dispatching_process_tears_the_job_down(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    proc = subprocess.Popen([sys.executable, str(ROOT / "train.py"), "provider=local_gpus", "model=tiny",
                             "profile=smoke", f"hydra.run.dir={run_dir}"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while not (run_dir / "stdout.log").exists() and time.time() < deadline:  # the job has started
        time.sleep(0.2)
    tree = _descendants(proc.pid)
    assert len(tree) >= 2  # the one-job multirun (launcher) and the job's own process
    proc.kill()
    proc.wait()
    deadline = time.time() + 20
    while [p for p in tree if alive(p)] and time.time() < deadline:
        time.sleep(0.2)
    survivors = [p for p in tree if alive(p)]
    assert not survivors
    assert not (run_dir / "manifest.json").exists() or json.loads(
        (run_dir / "manifest.json").read_text())["status"] != "completed"
