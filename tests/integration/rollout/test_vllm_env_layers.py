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

import pytest

from helpers import ROOT, load_script

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


def _env_built_elsewhere(tmp_path: Path, builder, versions: dict) -> Path:
    """A layered env whose stamp says it was built over another parent with these package versions."""
    env_dir = tmp_path / "vllm-env"
    builder.make_layered_env(env_dir, with_pip=False)
    pth = builder._purelib(builder.env_python(env_dir)) / builder.PTH_NAME
    pth.write_text("import site; site.addsitedir('/old/parent/lib/site-packages')\n")
    old = {**builder.stamp(versions), "parent": "/old/parent"}
    old["parent_versions"] = versions
    (env_dir / "loopwright-vllm-env.json").write_text(json.dumps(old))
    return env_dir


def test_a_new_parent_with_the_same_packages_gets_the_env_laid_over_it_not_rebuilt(tmp_path, monkeypatch):
    # every fresh CI clone makes a new venv: the vLLM env (about a minute of pip) is laid over it instead
    builder = load_script(ROOT / "scripts" / "make_vllm_env.py")
    env_dir = _env_built_elsewhere(tmp_path, builder, builder.parent_versions(builder.SHARED))
    assert not builder.is_ready(env_dir) and builder.can_move(env_dir)
    monkeypatch.setattr(builder, "_imports", lambda python: True)  # this env has no vLLM; the real one is checked
    monkeypatch.setattr(builder, "_pip", lambda *a: pytest.fail("rebuilt, not moved"))
    assert builder.build(env_dir) == builder.env_python(env_dir)
    pth = builder._purelib(builder.env_python(env_dir)) / builder.PTH_NAME
    assert pth.read_text().splitlines() == [f"import site; site.addsitedir({d!r})" for d in builder.parent_site_dirs()]
    assert builder.is_ready(env_dir) and builder.read_stamp(env_dir)["parent"] == sys.prefix


def test_a_new_parent_with_other_versions_or_a_failing_import_gets_the_env_rebuilt(tmp_path, monkeypatch):
    builder = load_script(ROOT / "scripts" / "make_vllm_env.py")
    versions = {**builder.parent_versions(builder.SHARED), "torch": "0.0.1"}
    assert not builder.can_move(_env_built_elsewhere(tmp_path / "a", builder, versions))
    env_dir = _env_built_elsewhere(tmp_path / "b", builder, builder.parent_versions(builder.SHARED))

    class Rebuilt(Exception):
        pass

    def pip(*args):
        raise Rebuilt(args)

    monkeypatch.setattr(builder, "_imports", lambda python: False)  # laid over, vLLM does not import: rebuild
    monkeypatch.setattr(builder, "_pip", pip)
    with pytest.raises(Rebuilt):
        builder.build(env_dir)
