"""python -m loopwright.compare / loopwright.gate as a user runs them, and eval.gate closing a real tiny run."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from helpers import run_train
from helpers.eval_files import flipped, write_run

BASE = [1] * 16 + [0] * 24


def _cli(command: str, *args, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", f"loopwright.{command}", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def runs(tmp_path):
    write_run(tmp_path / "old", BASE, base=[0] * 40)
    write_run(tmp_path / "win", [1] * 30 + [0] * 10)
    write_run(tmp_path / "noise", flipped(BASE, 8, seed=3))
    write_run(tmp_path / "other", [1] * 10, prompts=list(range(50, 60)))
    return tmp_path


def test_compare_prints_the_table_and_the_verdict_and_json_says_the_same(runs):
    proc = _cli("compare", "old", "win", cwd=runs)
    assert proc.returncode == 0, proc.stderr
    assert "success  0.400  0.750  +0.350" in proc.stdout and "verdict: B better" in proc.stdout
    as_json = _cli("compare", "old", "win/eval_results.json", "--json", "--resamples", "500", "--seed", "3", cwd=runs)
    result = json.loads(as_json.stdout)
    assert result["verdict"] == "B better" and result["resamples"] == 500 and len(result["per_prompt"]) == 40
    noise = _cli("compare", "old", "noise", cwd=runs)
    assert noise.returncode == 0 and "verdict: no detectable difference" in noise.stdout
    base = json.loads(_cli("compare", "base", "old", "--json", cwd=runs).stdout)  # old's base vs old's trained
    assert base["a"]["policy"] == "base" and base["metrics"]["success"]["delta"] == 0.4


def test_gate_ships_a_win_and_not_noise_and_refuses_different_prompts(runs):
    win = _cli("gate", "win", "--baseline", "old", cwd=runs)
    assert win.returncode == 0 and win.stdout.splitlines()[-1].startswith("SHIP: ")
    noise = _cli("gate", "noise", "--baseline", "old", cwd=runs)
    assert noise.returncode == 5 and "DON'T SHIP: the 95% interval's lower bound" in noise.stdout
    assert "regressions (the baseline passed, the candidate fails): " in noise.stdout
    assert _cli("gate", "win", "--baseline", "old", "--min-delta", "0.5", cwd=runs).returncode == 5
    assert _cli("gate", "old", "--baseline", "base", cwd=runs).returncode == 0  # 16 fixed over its base
    other = _cli("gate", "other", "--baseline", "old", cwd=runs)
    assert other.returncode == 2 and "the held-out prompt sets differ" in other.stderr
    assert "old/eval_results.json has 40 held-out prompts, other/eval_results.json has 10" in other.stderr
    assert _cli("gate", "nowhere", "--baseline", "base", cwd=runs).returncode == 2


def test_eval_gate_base_ends_a_tiny_run_dont_ship_with_every_artifact(tmp_path):
    run_dir = tmp_path / "run"
    proc = run_train(["model=tiny", "profile=smoke", "eval.gate=base", f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    assert proc.returncode == 5, proc.stderr[-3000:]  # a random tiny model cannot beat its base
    assert "loopwright: DON'T SHIP: eval.gate=base" in proc.stderr and str(run_dir) in proc.stderr
    for name in ("manifest.json", "eval_results.json", "metrics.jsonl", "data/held_out.jsonl", "model"):
        assert (run_dir / name).exists(), name
    manifest = json.loads((run_dir / "manifest.json").read_text())
    ship_gate = json.loads((run_dir / "eval_results.json").read_text())["summary"]["ship_gate"]
    assert manifest["status"] == "dont_ship" and manifest["result"]["ship_gate"] == ship_gate
    assert ship_gate["decision"] == "DON'T SHIP" and ship_gate["matched_by"] == "sha256 of the prompt messages"
    assert "DON'T SHIP" in proc.stdout
    again = _cli("gate", run_dir, "--baseline", "base", "--json", cwd=tmp_path)  # the command agrees with the run
    assert again.returncode == 5 and json.loads(again.stdout)["metrics"] == ship_gate["metrics"]
