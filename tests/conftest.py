"""Fixtures and the test environment; helpers are in tests/helpers/ (``from helpers import ...``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Offline and quiet everywhere, subprocesses included.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["WANDB_MODE"] = "disabled"
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# Under xdist's 2 workers on 2 cores, each training's torch would start one thread per core: 4 threads spinning on 2
# cores. One thread each: two default-model trainings side by side took 80 s instead of 97-103 s, with 19% less
# CPU (bench/suite_threads.py, 2 rounds alternated: ratio 0.81 wall and CPU). Set before any test imports torch;
# subprocesses inherit it; with -n 0 torch keeps its default. Launchers that set their own thread counts per slot
# still do (tests/integration/launchers).
if int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1:
    os.environ.setdefault("OMP_NUM_THREADS", "1")


@pytest.fixture
def tmp_cwd(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def hydra_suite_version_base():
    """Hydra's launcher/sweeper test suites assume the legacy defaults (job.chdir=True)
    that apply while no version_base is set. Hydra keeps the version base in a
    process-wide singleton, and any earlier test that composed with
    version_base="1.3" changes it; set it back for the suite, then restore."""
    from hydra import version

    instance = version.VersionBase.instance()
    previous = instance.getbase()
    instance.setbase(version.__compat_version__)
    yield
    # Nothing may have set one yet (this suite ran first): put back Hydra's "unspecified" marker as it was.
    instance.version_base = previous


@pytest.fixture
def fresh_accelerate_state():
    """AcceleratorState is a process-wide singleton: an in-process trainer of an earlier test leaves one behind
    without mixed precision, and a bf16 Accelerator then refuses to start. Reset before and after."""
    from accelerate.state import AcceleratorState

    AcceleratorState._reset_state(reset_partial_state=True)
    yield
    AcceleratorState._reset_state(reset_partial_state=True)


def _declared_minutes(item: pytest.Item) -> float:
    marker = item.get_closest_marker("timeout")
    return float(marker.args[0]) / 60 if marker and marker.args else 10.0


# The fast tier (`python -m pytest -m "not slow"`, issue 43: <= 6 minutes) is tests/unit: what starts a training, a
# server, a cluster or an MCP session (these folders) is marked slow here, not file by file, so a new test there
# is in the right tier without anyone remembering to mark it. All of it runs in CI.
SLOW_FOLDERS = ("integration", "security", "slow")


@pytest.hookimpl(tryfirst=True)  # before the mark plugin's hook deselects by -m
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The SmolLM2 runs (``slow``) first, the longest (by its declared timeout) first of all.

    Two xdist workers take whole files from a queue in this order (pyproject: ``--no-loadscope-reorder``; xdist's
    own order puts files with the most tests first, which queued the one-test 12-minute tool-agent chain
    last, so the suite waited for it alone at the end). Started first, it runs while the other worker goes
    through everything else; the many small unit files, last, fill in at the end. Order only: no test is
    skipped or changed, and with -n 0 (one process) the order does not matter."""
    slow = [i for i in items if i.get_closest_marker("slow")]
    if slow:
        slow.sort(key=_declared_minutes, reverse=True)  # a stable sort: files keep their tests together
        items[:] = slow + [i for i in items if not i.get_closest_marker("slow")]
    tests = Path(__file__).resolve().parent
    for item in items:  # the tier, after the order: the order above is the SmolLM2 runs' alone
        parts = Path(str(item.fspath)).resolve().parts
        folder = parts[len(tests.parts)] if parts[:len(tests.parts)] == tests.parts else None
        if folder in SLOW_FOLDERS and not item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.slow)
