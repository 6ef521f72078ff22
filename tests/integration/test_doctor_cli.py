"""``python -m loopwright.doctor`` as a user runs it: the report, its exit codes, --json, a --help without torch."""

from __future__ import annotations

import json
import subprocess
import sys

from helpers import ROOT
from helpers.imports import heavy_imports


def doctor(*args: str, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "loopwright.doctor", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300)


def huge_model(tmp_path):
    """A local model directory whose config.json describes a ~2T-parameter model: no machine has the memory."""
    (tmp_path / "config.json").write_text(json.dumps({
        "hidden_size": 65536, "num_hidden_layers": 128, "intermediate_size": 262144, "vocab_size": 256000,
        "num_attention_heads": 512, "num_key_value_heads": 64, "tie_word_embeddings": False}))
    return str(tmp_path)


def test_the_defaults_pass_on_this_machine():
    r = doctor()
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("loopwright doctor: model=smollm2") and lines[-1].startswith("result: ")
    assert any(ln.startswith("OK    vllm") and "not needed for rollout=hf" in ln for ln in lines), r.stdout
    assert any(ln.split()[1:2] == ["memory"] and "(estimate)" in ln for ln in lines), r.stdout


def test_a_model_that_does_not_fit_fails_with_exit_9(tmp_path):
    r = doctor(f"model.name_or_path={huge_model(tmp_path)}", "profile=smoke")
    assert r.returncode == 9, r.stdout + r.stderr
    assert any(ln.startswith("FAIL  memory") for ln in r.stdout.splitlines()), r.stdout
    assert "FAIL" in r.stdout.splitlines()[-1]


def test_json_parses_and_agrees_with_the_exit_code(tmp_path):
    ok = doctor("model=tiny", "profile=smoke", "--json")
    report = json.loads(ok.stdout)
    assert ok.returncode == report["exit_code"] == 0 and report["problems"] == []
    assert {c["name"] for c in report["checks"]} >= {"torch", "transformers", "trl", "vllm", "memory", "bf16"}
    memory = next(c for c in report["checks"] if c["name"] == "memory")
    assert memory["data"]["params"] > 0 and memory["data"]["total"] > 0

    bad = doctor(f"model.name_or_path={huge_model(tmp_path)}", "--json")
    report = json.loads(bad.stdout)
    assert bad.returncode == report["exit_code"] == 9 and report["result"] == "FAIL"
    assert any(p.startswith("memory:") for p in report["problems"])


def test_overrides_that_do_not_compose_exit_2():
    r = doctor("model=no_such_model")
    assert r.returncode == 2 and "do not compose" in r.stderr and r.stdout == ""


def test_help_imports_no_torch():
    r = heavy_imports(module="loopwright.doctor", args=["--help"], watch=("torch", "vllm", "transformers", "trl"),
                      cwd=ROOT)
    assert r.exit_code == 0, r.stderr
    assert "usage: python -m loopwright.doctor" in r.stdout
    assert r.heavy == [], r.stdout
