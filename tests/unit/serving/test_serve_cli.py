"""``python -m loopwright.serve`` refuses an unusable config before anything loads (exit 2, the key named)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from helpers import ROOT
from helpers.imports import heavy_imports

def _serve(*args: str, cwd, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "loopwright.serve", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120, env=env)


def test_the_config_prints_without_heavy_imports():
    probe = heavy_imports(module="loopwright.serve", args=["--cfg", "job", "run=r"],
                          watch=("torch", "transformers", "starlette", "uvicorn"), cwd=ROOT)
    assert probe.exit_code == 0, probe.stderr
    assert probe.heavy == [] and "host: 127.0.0.1" in probe.stdout and "api_key_env: null" in probe.stdout


def test_a_typo_fails_at_composition(tmp_path):
    proc = _serve("run=r", "api_keyenv=X", cwd=tmp_path)
    assert proc.returncode == 1 and "api_keyenv" in proc.stderr


@pytest.mark.parametrize("args,words", [
    ([], ["run=", "no model/ directory"]),
    (["api_key_env=LOOPWRIGHT_NO_SUCH_VARIABLE"], ["api_key_env=LOOPWRIGHT_NO_SUCH_VARIABLE", "unset or empty"]),
    (["backend=vllm", "vllm.python=/no/such/python"], ["backend=vllm", "make_vllm_env.py"]),
    (["max_tokens=8", "default_max_tokens=16"], ["default_max_tokens=16", "over max_tokens=8"]),
])
def test_unusable_configs_exit_2_naming_the_key(tmp_path, args, words):
    proc = _serve(f"run={tmp_path}", "backend=hf" if "backend=vllm" not in args else "port=1", *args, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    for word in words:
        assert word in proc.stderr
    assert not (tmp_path / "serve").exists()  # nothing written
