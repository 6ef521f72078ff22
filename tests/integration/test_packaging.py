"""Packaging: pyproject.toml lists packages explicitly; Hydra finds the plugins through
the installed package (an editable install included); and a built wheel, installed in
a fresh venv, runs the training app and the loop apps with no checkout around it.

The plugins live in launchers/hydra_plugins/ and sweeps/hydra_plugins/;
src/hydra_plugins/ holds symlinks to them so that an editable install puts a real
directory on sys.path. Hydra finds plugins by walking the directories of the
hydra_plugins namespace (pkgutil), which setuptools' mapped editable finder would
hide (docs/DESIGN.md, "Packaging"). src/loopwright/conf is a link to conf/ in the
same way: the wheel carries a copy of the config tree as package data."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from helpers import CONF, ROOT, load_script

SPACES = ROOT / "sweeps" / "hydra_plugins" / "loopwright_sweeper" / "conf" / "sweep"
# What a wheel is built from (the rest of the checkout is tests, docs and benchmarks).
BUILD_INPUTS = ("pyproject.toml", "README.md", "src", "conf", "launchers/hydra_plugins", "sweeps/hydra_plugins")


def _declared() -> set[str]:
    return set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])


def _clean_env() -> dict[str, str]:
    # No PYTHONPATH: only what the install provides, as a user's command sees it.
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def test_every_package_on_disk_is_declared():
    on_disk = {".".join(p.parent.relative_to(ROOT / "src").parts)
               for p in (ROOT / "src").rglob("__init__.py") if "__pycache__" not in p.parts}
    assert on_disk <= _declared(), f"add to [tool.setuptools] packages: {sorted(on_disk - _declared())}"


def test_src_links_to_the_plugin_directories_and_the_config_tree():
    for name, home in (("loopwright_launchers", "launchers"), ("loopwright_sweeper", "sweeps")):
        link = ROOT / "src" / "hydra_plugins" / name
        assert link.is_symlink() and link.resolve() == (ROOT / home / "hydra_plugins" / name).resolve()
    link = ROOT / "src" / "loopwright" / "conf"
    assert link.is_symlink() and link.resolve() == CONF.resolve()


def test_hydra_discovers_the_plugins_from_a_clean_interpreter():
    code = ("from hydra.core.plugins import Plugins; from hydra.plugins.launcher import Launcher; "
            "from hydra.plugins.sweeper import Sweeper; p = Plugins.instance(); "
            "print(sorted(c.__name__ for c in p.discover(Launcher))); "
            "print(sorted(c.__name__ for c in p.discover(Sweeper)))")
    proc = subprocess.run([sys.executable, "-c", code], cwd="/", env=_clean_env(), capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    launchers, sweepers = proc.stdout.splitlines()
    for name in ("LocalGpusLauncher", "RunpodLauncher", "ModalLauncher", "SlurmLauncher"):
        assert name in launchers
    assert "LoopwrightSweeper" in sweepers


# ------------------------------------------------------------------ the wheel
@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """`pip wheel` of a copy of the build inputs (links kept as links), offline, so the checkout stays clean."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    for name in BUILD_INPUTS:
        target = src / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, target, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, target)
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "--no-build-isolation",
                           "--no-index", "-q", "-w", str(tmp / "dist")], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    (whl,) = (tmp / "dist").glob("loopwright-*.whl")
    return whl


def test_the_wheel_ships_the_config_tree_the_search_spaces_and_the_command(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in CONF.rglob("*.yaml"):
        assert f"loopwright/conf/{path.relative_to(CONF).as_posix()}" in names
    for path in SPACES.glob("*.yaml"):
        assert f"hydra_plugins/loopwright_sweeper/conf/sweep/{path.name}" in names
    assert "hydra_plugins/loopwright_sweeper/conf/__init__.py" in names  # a pkg:// source needs it
    for path in (ROOT / "src" / "loopwright" / "models" / "chat_templates").glob("*.jinja"):
        assert f"loopwright/models/chat_templates/{path.name}" in names  # model.random_init.chat_template
    assert "hydra_plugins/__init__.py" not in names  # a namespace package: other plugins share it
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "loopwright-train = loopwright.train.__main__:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh venv that reuses torch & co. from this interpreter and holds loopwright from the wheel only.

    Layered the way the vLLM environment is (scripts/make_vllm_env.py): `venv --system-site-packages`
    run from a venv would see the base interpreter, where nothing is installed."""
    env_dir = tmp_path_factory.mktemp("venv") / "venv"
    load_script(ROOT / "scripts" / "make_vllm_env.py").make_layered_env(env_dir, with_pip=False)
    proc = subprocess.run([sys.executable, "-m", "pip", "--python", str(env_dir / "bin" / "python"), "install", "-q",
                           "--no-deps", "--no-index", str(wheel)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return env_dir


def _in_venv(venv: Path, args: list[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {**_clean_env(), "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled"}
    return subprocess.run([str(venv / "bin" / args[0]), *args[1:]], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


def test_the_venv_imports_loopwright_and_its_plugins_from_the_wheel(venv, tmp_path):
    # The editable install's .pth (base site-packages) is visible here too: the wheel's copy must come first.
    code = ("import json, loopwright, hydra_plugins.loopwright_sweeper as s, hydra_plugins.loopwright_launchers as l; "
            "from hydra.core.plugins import Plugins; from hydra.plugins.sweeper import Sweeper; "
            "print(json.dumps([loopwright.__file__, s.__file__, l.__file__, "
            "sorted(c.__name__ for c in Plugins.instance().discover(Sweeper))]))")
    proc = _in_venv(venv, ["python", "-c", code], tmp_path)
    assert proc.returncode == 0, proc.stderr
    *files, sweepers = json.loads(proc.stdout)
    site = str(venv.resolve() / "lib")
    assert all(Path(f).resolve().as_posix().startswith(site) for f in files), files
    assert "LoopwrightSweeper" in sweepers


def test_the_installed_apps_compose_outside_any_checkout(venv, tmp_path):
    proc = _in_venv(venv, ["loopwright-train", "--cfg", "job", "model=tiny", "profile=smoke"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "name: tiny" in proc.stdout
    proc = _in_venv(venv, ["python", "-m", "loopwright.train", "--help"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "sweep: grpo_lr_kl, objective_group" in proc.stdout  # the search spaces, from the wheel too
    proc = _in_venv(venv, ["python", "-m", "loopwright.train", "--info", "searchpath"], tmp_path)
    assert f"file://{venv.resolve()}" in proc.stdout.replace(str(venv), str(venv.resolve()))  # the wheel's conf/
    for app in ("ingest", "improve", "chat", "serve"):
        proc = _in_venv(venv, ["python", "-m", f"loopwright.{app}", "--cfg", "job"], tmp_path)
        assert proc.returncode == 0, f"loopwright.{app}: {proc.stderr}"
    assert not (tmp_path / "outputs").exists()  # composing writes nothing


def test_the_installed_app_trains_model_tiny(venv, tmp_path):
    proc = _in_venv(venv, ["python", "-m", "loopwright.train", "model=tiny", "profile=smoke", "save_model=false",
                           "hydra.run.dir=run"], tmp_path, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["status"] == "completed"
    assert (tmp_path / "run" / "train.log").is_file()  # hydra.job.name=train, as under train.py
