"""Test helpers: compose real configs, run the real train.py in a subprocess.

Stand-ins and reference implementations live beside this module (tests/helpers/)."""

from __future__ import annotations

import importlib.util
import signal
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONF = ROOT / "conf"
GROUPS = ("model", "objective", "reward", "task", "provider", "profile", "rollout", "logger")
# model=tiny after 150 SFT steps on the arithmetic task (about 10 s): a twin that ends its replies with a number,
# as a pretrained model would (a random-init model never ends a reply). Add hydra.run.dir=...
WARM_UP_TINY = ["model=tiny", "objective=sft", "profile=smoke", "profile.max_steps=150", "objective.learning_rate=3e-3",
                "eval.enabled=false"]


def options(group: str) -> list[str]:
    return sorted(p.stem for p in (CONF / group).glob("*.yaml"))


def compose(overrides: list[str] | None = None):
    """Compose conf/train.yaml as train.py would, returning the DictConfig."""
    from hydra import compose as hydra_compose
    from hydra import initialize_config_dir

    from loopwright.config import register_configs

    # Again on every call, not only at import: Hydra's own launcher test suite (TestRayLauncher) leaves a fresh
    # ConfigStore behind, and a compose after it then missed provider_ray_schema (it passed only by file order).
    register_configs()
    with initialize_config_dir(config_dir=str(CONF), version_base="1.3"):
        return hydra_compose(config_name="train", overrides=overrides or [])


def config_error(overrides: list[str], base: tuple[str, ...] = ("model=tiny",)) -> str:
    """The message validation refuses ``overrides`` with (on top of ``base``); fails the test when it accepts them."""
    import pytest

    from loopwright.train.validate import ConfigError, validate

    with pytest.raises(ConfigError) as info:
        validate(compose([*base, *overrides]))
    return str(info.value)


def sigkill_when(cmd: list[str], ready, cwd: Path, env: dict[str, str], within: float, poll: float) -> None:
    """Start ``cmd``, wait until ``ready()`` (checked every ``poll`` s, for at most ``within`` s), then SIGKILL it
    (no cleanup: the hardest stop). Fails when the process ended before it could be killed."""
    import time

    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + within
        while time.monotonic() < deadline and proc.poll() is None:
            if ready():
                break
            time.sleep(poll)
        assert proc.poll() is None, "the process ended before it could be killed"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()


def run_train_without_torch(args: list[str], cwd: Path | None = None, env: dict[str, str] | None = None,
                            timeout: float = 120) -> subprocess.CompletedProcess:
    """train.py with ``args``, printing ``HEAVY_IMPORTS=<the heavy modules it imported>`` last (helpers/imports.py)."""
    from helpers.imports import heavy_imports

    return heavy_imports(path=ROOT / "train.py", args=args, cwd=cwd or ROOT, env=env, timeout=timeout).proc


def run_train(args: list[str], cwd: Path | None = None, timeout: float = 600,
              plain: bool = False) -> subprocess.CompletedProcess:
    """``python train.py <args>``, forked from a process with the ML stack already imported where that is
    faithful (helpers/train_fork.py: ~4.4 s of imports saved a run), else (or ``plain``) a plain process."""
    from helpers import train_fork

    cmd = [sys.executable, str(ROOT / "train.py"), *args]
    server = None if plain else train_fork.server_for(args)
    if server is not None:
        return server.run(cmd, cwd or ROOT, timeout)
    return subprocess.run(cmd, cwd=cwd or ROOT, capture_output=True, text=True, timeout=timeout)


def cache_hub_model(cache: Path, repo_id: str, revision: str = "0" * 40) -> Path:
    """Lay out ``repo_id`` in a Hugging Face hub cache dir as ``hf download`` would (config.json only);
    point ``HF_HUB_CACHE`` at ``cache`` and huggingface_hub's cache lookup finds it."""
    repo = cache / f"models--{repo_id.replace('/', '--')}"
    snapshot = repo / "snapshots" / revision
    snapshot.mkdir(parents=True, exist_ok=True)
    (snapshot / "config.json").write_text("{}")
    (repo / "refs").mkdir(exist_ok=True)
    (repo / "refs" / "main").write_text(revision)
    return snapshot


def make_dirs(root: Path, *names: str) -> list[Path]:
    """``root/<name>`` for each name, created (with parents); in the order given."""
    dirs = [root / name for name in names]
    for d in dirs:
        d.mkdir(parents=True)
    return dirs


def load_script(path: Path, name: str | None = None):
    """A script that is not a package module (bench/*.py, scripts/*.py), imported from its file."""
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def free_port() -> int:
    """A loopback TCP port nothing listens on (right now)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ctrl_c_reaches_it() -> None:
    """``preexec_fn`` for a child process a test will Ctrl-C (``send_signal(SIGINT)``).

    An ignored SIGINT is inherited across fork and exec, and Python keeps it ignored (it only
    installs its KeyboardInterrupt handler over the default disposition). A test run started
    in the background of a non-interactive shell (``pytest ... &``, many CI runners) has SIGINT
    ignored, so without this the child never sees the test's Ctrl-C (docs/LAUNCHERS.md)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
