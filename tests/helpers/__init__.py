"""Test helpers: compose real configs, run the real train.py in a subprocess.

Stand-ins and reference implementations live beside this module (tests/helpers/)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONF = ROOT / "conf"
GROUPS = ("model", "objective", "reward", "task", "provider", "profile", "rollout", "logger")


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
