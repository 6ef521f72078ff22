"""The suite's fork server (tests/helpers/train_fork.py) behaves as subprocess.run does where tests rely on it:
a run past its timeout is killed and raises TimeoutExpired, and the server serves the next run; a run it cannot
fork faithfully is a plain process. That a forked run writes what a plain one writes: test_guards.py's
test_same_seed_same_config_gives_identical_metrics."""

from __future__ import annotations

import subprocess

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


def test_what_the_server_cannot_run_faithfully_is_a_plain_process(monkeypatch):
    assert train_fork.server_for(TINY) is not None
    assert train_fork.server_for([*TINY, "profile.omp_wait_policy=passive"]) is None  # read as torch loads
    monkeypatch.setenv("HF_HOME", "/elsewhere")  # libraries read some variables once, at import
    assert train_fork.server_for(TINY) is None
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "another test")  # pytest's own, set for every test phase
    monkeypatch.delenv("HF_HOME")
    assert train_fork.server_for(TINY) is not None
