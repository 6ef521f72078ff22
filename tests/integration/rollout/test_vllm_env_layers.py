"""scripts/make_vllm_env.py run from a venv holding an editable install of this checkout (as the README
installs it), whatever interpreter runs the suite: the vLLM environment it lays over that venv imports
loopwright and the plugin links from this checkout's src/, with no PYTHONPATH.

Cheap: the layering alone (no vLLM download). 8a3b501's script made the environment with
``venv --system-site-packages``, which from a venv sees the venv's *base* interpreter: there
``import loopwright`` was a ModuleNotFoundError (issue 27). The whole path with vLLM in it, as a user types
it: tests/integration/rollout/test_vllm_cpu.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

from helpers import ROOT

SEEN = ("import json, loopwright, hydra_plugins; "
        "print(json.dumps([loopwright.__file__, sorted(str(p) for p in hydra_plugins.__path__)]))")


def _clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}


def _run(python: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(python), *args], cwd=cwd, env=_clean_env(), capture_output=True, text=True,
                          timeout=300)


def _editable_venv(tmp_path: Path) -> Path:
    """A fresh venv with `pip install -e .` of this checkout: the editable wheel is built by this interpreter's
    setuptools (offline; the venv's own is too old for pyproject's setuptools>=68), then installed by the venv's pip."""
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    built = subprocess.run([sys.executable, "-c", "import sys, setuptools.build_meta as b; "
                            "print(b.build_editable(sys.argv[1]))", str(wheels)], cwd=ROOT, env=_clean_env(),
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr[-3000:]
    parent = tmp_path / "parent-venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(parent)
    python = parent / "bin" / "python"
    installed = _run(python, "-m", "pip", "install", "--no-deps", "--no-index", "--disable-pip-version-check",
                     str(wheels / built.stdout.strip().splitlines()[-1]), cwd=tmp_path)
    assert installed.returncode == 0, installed.stdout[-2000:] + installed.stderr[-2000:]
    return python


def test_the_vllm_env_made_from_an_editable_venv_imports_this_checkout(tmp_path):
    parent = _editable_venv(tmp_path)
    here = _run(parent, "-c", SEEN, cwd=Path("/"))
    assert here.returncode == 0, here.stderr[-2000:]
    loopwright_file, plugin_paths = json.loads(here.stdout)
    assert Path(loopwright_file).resolve() == (ROOT / "src" / "loopwright" / "__init__.py").resolve()

    layered = tmp_path / "vllm-env"
    made = _run(parent, "-c", "import importlib.util as u, sys, pathlib; "
                "s = u.spec_from_file_location('m', sys.argv[1]); m = u.module_from_spec(s); s.loader.exec_module(m); "
                "print(m.make_layered_env(pathlib.Path(sys.argv[2]), with_pip=False))",
                str(ROOT / "scripts" / "make_vllm_env.py"), str(layered), cwd=tmp_path)
    assert made.returncode == 0, made.stderr[-3000:]
    there = _run(Path(made.stdout.strip()), "-c", SEEN, cwd=Path("/"))
    assert there.returncode == 0, f"the vLLM environment cannot import loopwright:\n{there.stderr[-2000:]}"
    assert json.loads(there.stdout) == [loopwright_file, plugin_paths]
