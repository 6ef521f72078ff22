"""Fixtures and the test environment; helpers are in tests/helpers/ (``from helpers import ...``)."""

from __future__ import annotations

import os

import pytest

# Offline and quiet everywhere, subprocesses included.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["WANDB_MODE"] = "disabled"
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


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
