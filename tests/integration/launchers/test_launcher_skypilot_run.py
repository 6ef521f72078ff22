"""provider=skypilot end to end against the local stand-in of SkyPilot's SDK (tests/helpers/sky_standin.py):
a real ``model=tiny`` job on a stand-in cluster, its run dir back over the ``ssh`` stand-in; the ceilings; and the
money kills: the launcher SIGTERMed mid-sweep leaves no cluster, one SIGKILLed leaves its cluster to
``python -m loopwright.reap --provider skypilot``, which finds it from the ledger and downs it.

Runs with or without SkyPilot installed (without it the stand-in keeps the task unparsed)."""

from __future__ import annotations

import json
import os
import runpy
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import ROOT
from helpers.sky_standin import STATE_ENV, StandinSky, install, node_processes

APP = Path(__file__).resolve().parents[2] / "helpers" / "sky_app.py"
PRICED = ["provider.gpu_type=null", "provider.usd_per_hr=1", "provider.setup_cmd=null", "provider.poll_s=0.2"]


def _ledger(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.is_file() else []


def _train_here(tmp_path, monkeypatch, *overrides: str) -> StandinSky:
    """python train.py -m provider=skypilot ... in this process, SkyPilot's SDK the stand-in."""
    from hydra.core.global_hydra import GlobalHydra

    standin = install(tmp_path / "sky")
    monkeypatch.setattr("loopwright.cloud.skypilot_api.SDK", standin)
    monkeypatch.setenv("PATH", os.environ["PATH"])  # install() put the ssh stand-in first; undone after the test
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", [str(ROOT / "train.py"), "-m", "provider=skypilot", "model=tiny",
                                      "profile=smoke", f"hydra.sweep.dir={tmp_path / 'sweep'}",
                                      f"provider.ledger={tmp_path / 'costs.jsonl'}", *PRICED, *overrides])
    GlobalHydra.instance().clear()
    try:
        runpy.run_path(str(ROOT / "train.py"), run_name="__main__")
    finally:
        GlobalHydra.instance().clear()
    return standin


def test_a_sweep_runs_on_standin_clusters_until_max_cost_total_and_leaves_none(tmp_path, monkeypatch):
    # $1/hr x (30 min setup + 1 h + 5 min autodown) = $1.58 a job; $2 for the sweep: the second job is refused
    with pytest.raises(SystemExit):
        _train_here(tmp_path, monkeypatch, "seed=1,2", "provider.max_cost=2", "provider.max_cost_total=2")
    standin = StandinSky(tmp_path / "sky")
    assert standin.alive() == []
    job = tmp_path / "sweep" / "0"
    manifest = json.loads((job / "manifest.json").read_text())
    assert manifest["status"] == "completed" and (job / "metrics.jsonl").is_file()
    assert (job / "eval_results.json").is_file() and json.loads((job / "status.json").read_text())["returncode"] == 0
    rows = _ledger(tmp_path / "costs.jsonl")
    assert [r["event"] for r in rows] == ["opening", "opened", "closed"]  # one cluster: job 2 was never launched
    closed = rows[-1]
    assert closed["provider"] == "skypilot" and closed["status"] == "succeeded" and closed["dollars"] > 0
    (task,) = [json.loads(p.read_text()) for p in (tmp_path / "sky" / "tasks").glob("*.json")]
    assert "'seed=1' 'provider=local'" in task["run"] or "seed=1 provider=local" in task["run"]
    assert not list((tmp_path / "sweep").glob("1/manifest.json"))


def test_over_the_ceiling_or_spot_without_a_bucket_launches_nothing(tmp_path, monkeypatch):
    with pytest.raises(SystemExit):
        _train_here(tmp_path, monkeypatch, "provider.max_cost=1")  # worst case $1.58 > $1
    with pytest.raises(SystemExit):
        _train_here(tmp_path, monkeypatch, "provider.max_cost=5", "provider.use_spot=true")  # managed: no bucket
    assert not list((tmp_path / "sky" / "tasks").glob("*")) and _ledger(tmp_path / "costs.jsonl") == []


# ------------------------------------------------------------------ money kills
def _launch(tmp_path: Path, *overrides: str, seeds: str = "1,2,3") -> subprocess.Popen:
    env = {**os.environ, STATE_ENV: str(tmp_path / "sky")}
    cmd = [sys.executable, str(APP), "train", "-m", "provider=skypilot", "model=tiny", "profile=smoke", f"seed={seeds}",
           f"hydra.sweep.dir={tmp_path / 'sweep'}", f"provider.ledger={tmp_path / 'costs.jsonl'}", *PRICED,
           "provider.max_cost=2", "provider.max_cost_total=6", *overrides]
    return subprocess.Popen(cmd, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _reap(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, STATE_ENV: str(tmp_path / "sky")}
    return subprocess.run([sys.executable, str(APP), "reap", "--provider", "skypilot", "--ledger",
                           str(tmp_path / "costs.jsonl"), *args], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)


def _wait(predicate, proc: subprocess.Popen, what: str, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if proc.poll() is not None:
            pytest.fail(f"the launcher ended before {what}: {proc.communicate()[1][-3000:]}")
        assert time.monotonic() < deadline, f"not {what} within {timeout} s"
        time.sleep(0.1)


def _running(standin: StandinSky) -> bool:
    return any(json.loads(p.read_text()).get("pid") for p in (standin.state / "clusters").glob("*.json"))


def _node_processes(names: list[str]) -> list[int]:
    return [pid for name in names for pid in node_processes(name)]


@pytest.mark.parametrize("stage", ["during_launch", "while_running"])
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_no_cluster_outlives_a_killed_launcher(tmp_path, stage, sig):
    standin = StandinSky(tmp_path / "sky")
    if stage == "during_launch":
        standin.hold("launch", 60)  # the launch request answers in a minute; the cluster exists (INIT) already
        reached = lambda: bool(standin.alive())  # noqa: E731
    else:
        standin.hold("run", 120)  # the job runs for two minutes
        reached = lambda: _running(standin)  # noqa: E731
    proc = _launch(tmp_path)
    _wait(reached, proc, f"stage {stage}")
    names = standin.alive()
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode != 0
    after_signal = standin.alive()
    rows = _ledger(tmp_path / "costs.jsonl")
    if sig == signal.SIGTERM:
        assert after_signal == [], f"SIGTERM {stage}: clusters left {after_signal}\n{err[-3000:]}"
        assert _node_processes(names) == [], "the cluster's processes outlived its down"
        opened = {r["name"] for r in rows if r["event"] == "opening"}
        closed = {r["name"]: r["status"] for r in rows if r["event"] == "closed"}
        assert opened == set(closed) and set(closed.values()) == {"interrupted"}, rows
        assert not (tmp_path / "sweep" / "1").exists(), "a job after the interrupted one was started"
    else:
        assert len(after_signal) == 1, "SIGKILL left no cluster: the stage was not reached"
        assert {r["name"] for r in rows if r["event"] == "opening"} == set(after_signal)  # named before the launch
        dry = _reap(tmp_path, "--dry-run")
        assert dry.returncode == 0 and after_signal[0] in dry.stdout and standin.alive() == after_signal, dry
        reaped = _reap(tmp_path)
        assert reaped.returncode == 0, reaped.stderr
        assert standin.alive() == [] and _node_processes(names) == []
        closed = [r for r in _ledger(tmp_path / "costs.jsonl") if r["event"] == "closed"]
        assert [(r["provider"], r["status"], r["name"]) for r in closed] == [("skypilot", "reaped", after_signal[0])]
    print(f"\n[money] skypilot {sig.name} {stage}: clusters after the signal {len(after_signal)}, "
          f"after reap {len(standin.alive())}")


def test_a_preempted_spot_job_is_recovered_and_resumes_from_its_checkpoint(tmp_path):
    """use_spot: a managed job, its run dir in the bucket. The node is taken back after its second checkpoint
    (its processes killed outright); the stand-in's jobs controller starts the task on a new cluster, and
    train.py's resume=auto continues from the newest checkpoint in the bucket. The run dir comes back."""
    standin = StandinSky(tmp_path / "sky")
    proc = _launch(tmp_path, "provider.use_spot=true", "provider.bucket=s3://lw-bucket/runs", "profile.max_steps=6",
                   "checkpoint.every=1", "guards.zero_signal_steps=null", seeds="1")
    bucket = tmp_path / "sky" / "bucket"
    _wait(lambda: any(bucket.glob("*/checkpoints/checkpoint-2/trainer_state.json")), proc, "a second checkpoint",
          timeout=240)
    standin.preempt(1)
    out, err = proc.communicate(timeout=300)
    job = tmp_path / "sweep" / "0"
    manifest = json.loads((job / "manifest.json").read_text()) if (job / "manifest.json").is_file() else {}
    assert manifest.get("status") == "completed", err[-3000:]
    assert "checkpoint-" in str(manifest.get("resumed_from")), manifest.get("resume")
    (m,) = [json.loads(p.read_text()) for p in (standin.state / "managed").glob("*.json")]
    assert m["recoveries"] == 1
    closed = [r for r in _ledger(tmp_path / "costs.jsonl") if r["event"] == "closed"]
    assert closed[0]["status"] == "succeeded" and closed[0]["pod_id"] == "job:1"
    assert standin.alive() == []
