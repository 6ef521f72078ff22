"""Packaging: pyproject.toml lists packages explicitly, and Hydra must find the
plugins through the installed package (an editable install included).

The plugins live in launchers/hydra_plugins/ and sweeps/hydra_plugins/;
src/hydra_plugins/ holds symlinks to them so that an editable install puts a real
directory on sys.path. Hydra finds plugins by walking the directories of the
hydra_plugins namespace (pkgutil), which an import-hook finder would hide."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib

from helpers import ROOT


def _declared() -> set[str]:
    return set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])


def test_every_package_on_disk_is_declared():
    on_disk = {".".join(p.parent.relative_to(ROOT / "src").parts)
               for p in (ROOT / "src").rglob("__init__.py") if "__pycache__" not in p.parts}
    assert on_disk <= _declared(), f"add to [tool.setuptools] packages: {sorted(on_disk - _declared())}"


def test_src_hydra_plugins_links_to_the_plugin_directories():
    for name, home in (("loopwright_launchers", "launchers"), ("loopwright_sweeper", "sweeps")):
        link = ROOT / "src" / "hydra_plugins" / name
        assert link.is_symlink() and link.resolve() == (ROOT / home / "hydra_plugins" / name).resolve()


def test_hydra_discovers_the_plugins_from_a_clean_interpreter():
    # No PYTHONPATH: only what the install provides, as a user's `python train.py` sees it.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    code = ("from hydra.core.plugins import Plugins; from hydra.plugins.launcher import Launcher; "
            "from hydra.plugins.sweeper import Sweeper; p = Plugins.instance(); "
            "print(sorted(c.__name__ for c in p.discover(Launcher))); "
            "print(sorted(c.__name__ for c in p.discover(Sweeper)))")
    proc = subprocess.run([sys.executable, "-c", code], cwd="/", env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    launchers, sweepers = proc.stdout.splitlines()
    for name in ("LocalGpusLauncher", "RunpodLauncher", "ModalLauncher", "SlurmLauncher"):
        assert name in launchers
    assert "LoopwrightSweeper" in sweepers
