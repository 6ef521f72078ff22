"""Whose git state the manifest records: the checkout, or (installed from a wheel) the user's project."""

from __future__ import annotations

import subprocess
import sys

from helpers import ROOT
from loopwright.runs import safe_paths
from loopwright.train import record


def _git_repo(path):
    path.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    subprocess.run(["git", "-C", str(path), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q",
                    "--allow-empty", "-m", "init"], check=True)
    return path


def test_from_a_source_checkout_it_is_the_checkout():
    assert record.code_dir() == ROOT
    assert record.git_state(record.code_dir())["root"] == str(ROOT)


def test_installed_it_is_the_directory_of_the_users_train_py(tmp_path, monkeypatch):
    monkeypatch.setattr(safe_paths, "PACKAGE_DIR", tmp_path / "venv/lib/site-packages/loopwright")
    project = _git_repo(tmp_path / "project")
    (project / "train.py").write_text("")
    monkeypatch.setattr(sys, "argv", [str(project / "train.py")])
    assert record.code_dir() == project
    state = record.git_state(record.code_dir())
    assert state["sha"] and state["root"] == str(project.resolve())


def test_installed_without_a_script_it_is_the_cwd_and_none_outside_git(tmp_path, monkeypatch):
    monkeypatch.setattr(safe_paths, "PACKAGE_DIR", tmp_path / "venv/lib/site-packages/loopwright")
    monkeypatch.setattr(sys, "argv", ["-m"])  # python -m ...
    from hydra.core.hydra_config import HydraConfig

    # outside a Hydra job (an earlier in-process test may have left one initialised)
    monkeypatch.setattr(HydraConfig, "initialized", staticmethod(lambda: False))
    elsewhere = tmp_path / "not_a_repo"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert record.code_dir() == elsewhere
    if subprocess.run(["git", "-C", str(elsewhere), "rev-parse"], capture_output=True).returncode != 0:
        assert record.git_state(elsewhere) == {"sha": None, "dirty": None, "root": None}
