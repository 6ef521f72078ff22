"""Shared helpers: compose real configs, run the real train.py in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONF = ROOT / "conf"
GROUPS = ("model", "objective", "reward", "task", "provider", "profile", "logger")

# Offline and quiet everywhere, subprocesses included.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["WANDB_MODE"] = "disabled"
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def options(group: str) -> list[str]:
    return sorted(p.stem for p in (CONF / group).glob("*.yaml"))


def compose(overrides: list[str] | None = None):
    """Compose conf/train.yaml as train.py would, returning the DictConfig."""
    from hydra import compose as hydra_compose
    from hydra import initialize_config_dir

    import loopwright.config  # noqa: F401  (registers the schema)

    with initialize_config_dir(config_dir=str(CONF), version_base="1.3"):
        return hydra_compose(config_name="train", overrides=overrides or [])


def run_train(args: list[str], cwd: Path | None = None, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "train.py"), *args], cwd=cwd or ROOT,
                          capture_output=True, text=True, timeout=timeout)


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
    instance.setbase(previous)
