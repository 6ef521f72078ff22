"""The suite's fork server (tests/helpers/train_fork.py) behaves as subprocess.run does where tests rely on it:
a run past its timeout is killed and raises TimeoutExpired, and the server serves the next run; an environment
its imports would have read otherwise gets a server started with it. That a forked run writes what a plain one
writes: test_guards.py's test_same_seed_same_config_gives_identical_metrics."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from helpers import run_train, train_fork

pytestmark = pytest.mark.skipif(not train_fork.enabled(), reason="LOOPWRIGHT_TEST_FORK=0: every run is plain")
TINY = ["model=tiny", "profile=smoke", "task.n_eval=2", "save_model=false"]


def test_a_run_past_its_timeout_is_killed_and_the_server_serves_the_next(tmp_path):
    with pytest.raises(subprocess.TimeoutExpired):
        run_train([*TINY, "profile.max_steps=50", f"hydra.run.dir={tmp_path / 'slow'}"], cwd=tmp_path, timeout=0.5)
    server = train_fork.server_for(TINY)
    assert server is not None and server.proc.poll() is None
    proc = run_train(["model=tiny", "objective.no_such_key=1"], cwd=tmp_path)
    assert proc.returncode == 1 and "no_such_key" in proc.stderr, proc.stderr[-2000:]  # Hydra refuses it


def test_a_changed_environment_that_the_imports_read_gets_a_server_started_with_it(monkeypatch):
    server = train_fork.server_for(TINY)
    assert server is not None
    assert train_fork.server_for([*TINY, "profile.omp_wait_policy=passive"]) is None  # read as torch loads
    env = dict(os.environ)
    assert server.stale_for({**env, "HF_HOME": "/elsewhere"}) == ["HF_HOME"]  # huggingface_hub: once, at import
    assert server.stale_for({**env, "OMP_NUM_THREADS": "7"}) == ["OMP_NUM_THREADS"]  # native: not recorded
    assert server.stale_for({**env, "LOOPWRIGHT_SLOT": "1", "PYTEST_CURRENT_TEST": "another"}) == []
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
    with pytest.warns(UserWarning, match="HF_HUB_DISABLE_TELEMETRY"):
        again = train_fork.server_for(TINY)
    assert again is not server and server.proc.poll() is not None and again.env["HF_HUB_DISABLE_TELEMETRY"] == "1"
    assert train_fork.server_for(TINY) is again  # the same environment: the same server


def test_a_variable_no_import_reads_reaches_the_forked_run(tmp_path, monkeypatch):
    """The run gets the caller's environment, not the server's: LOOPWRIGHT_SLOT (set by the local_gpus launcher,
    read by the job when it writes its manifest) is recorded as the run's slot."""
    monkeypatch.setenv("LOOPWRIGHT_SLOT", "1")
    assert train_fork.server_for(TINY) is not None
    run_dir = tmp_path / "run"
    proc = run_train([*TINY, "profile.max_steps=1", "eval.enabled=false", f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads((run_dir / "manifest.json").read_text())["host"]["slot"]["slot"] == 1


def test_a_run_interrupted_mid_way_takes_its_server_down_and_the_next_run_gets_a_new_one(tmp_path, monkeypatch):
    """pytest-timeout interrupts a test wherever it is: a server left waiting on that run would answer the next
    run with the old run's status."""
    server = train_fork.server_for(TINY)

    forked = []

    def interrupted(request, timeout):
        server.proc.stdin.write(json.dumps(request) + "\n")
        server.proc.stdin.flush()
        forked.append(server._read(60)["pid"])
        raise KeyboardInterrupt  # the run started, its status not read: the server is mid-run

    monkeypatch.setattr(server, "_exchange", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run_train([*TINY, "profile.max_steps=100000", "guards.zero_signal_steps=null", "eval.enabled=false",
                   f"hydra.run.dir={tmp_path / 'cut'}"], cwd=tmp_path)
    assert server.proc.poll() is not None
    assert _ends_within(forked[0], 5)  # the run went with its server, not on in the background
    fresh = train_fork.server_for(TINY)
    assert fresh is not server and fresh.proc.poll() is None
    proc = run_train(["model=tiny", "objective.no_such_key=1"], cwd=tmp_path)
    assert proc.returncode == 1 and "no_such_key" in proc.stderr, proc.stderr[-2000:]


def _ends_within(pid: int, seconds: float) -> bool:
    """``pid`` is gone or a zombie (a container's init may not reap it) within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.1)
    return False
