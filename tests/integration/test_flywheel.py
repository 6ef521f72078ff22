"""``python -m loopwright.flywheel`` end to end on ``model=tiny profile=smoke``, as a user runs it.

A random-init model learns no arithmetic, so the SHIP path uses a reward it can learn in six
SFT steps (tests/helpers/flywheel_rewards.py: no newline in the reply; the base answers with
newlines only). Every child is a real train.py run; the gate is the real ship gate.
A generation takes about 30 s on a quiet 2-core machine (minutes when it is shared).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from helpers import ROOT
from helpers.imports import heavy_imports
from helpers.runs import manifest

LEARNABLE = ["model=tiny", "reward._target_=helpers.flywheel_rewards.no_newline", "task.n_train=8", "task.n_eval=8",
             "harvest.samples=2", "harvest.max_new_tokens=4", "train.profile=smoke",
             'train.overrides=["objective.learning_rate=3e-2","profile.max_steps=6","save_model=true"]']


def env() -> dict:
    path = os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path}


def cmd(out: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "loopwright.flywheel", f"output={out}", *args]


def flywheel(out: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(cmd(out, *args), cwd=cwd, env=env(), capture_output=True, text=True, timeout=1800)


def state_of(out: Path) -> dict:
    return json.loads((out / "flywheel.json").read_text())


def test_two_generations_ship_then_keep_the_shipped_model(tmp_path):
    out = tmp_path / "fly"
    done = flywheel(out, *LEARNABLE, "stop.perfect=2.0", "stop.patience=1", "stop.max_generations=3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    state = state_of(out)
    g1, g2 = state["generations"]
    # generation 1 beats the base model and ships; generation 2, trained from it, cannot beat it
    assert g1["gate"]["decision"] == "SHIP" and g1["shipped"]
    assert g1["held_out"]["base_accuracy"] == 0.0 and g1["held_out"]["trained_accuracy"] == 1.0
    assert g2["gate"]["decision"] == "DON'T SHIP" and not g2["shipped"]
    assert g2["parent"]["run_dir"] == g1["train"]["run_dir"]
    assert state["shipped"]["run_dir"] == g1["train"]["run_dir"]  # the DON'T SHIP kept the previous model
    assert state["stop"]["rule"] == "plateau" and state["status"] == "stopped"
    # each generation trained on its own harvest, from the last shipped weights; the manifests say so
    m1, m2 = manifest(g1["train"]["run_dir"]), manifest(g2["train"]["run_dir"])
    assert m1["lineage"]["parent"]["source"] == "random_init" and "run_dir" not in m1["lineage"]["parent"]
    assert m2["lineage"]["parent"]["run_dir"] == g1["train"]["run_dir"]
    assert m2["lineage"]["data"]["path"] == str(out / "gen-2" / "improved" / "curated.jsonl")
    assert json.loads((out / "gen-2" / "gate.json").read_text())["decision"] == "DON'T SHIP"
    chain = subprocess.run([sys.executable, "-m", "loopwright.lineage", g2["train"]["run_dir"]], env=env(),
                           capture_output=True, text=True, timeout=120)
    assert chain.returncode == 0, chain.stderr
    assert g1["train"]["run_dir"] in chain.stdout and str(out / "gen-2" / "harvest") in chain.stdout
    assert "DON'T SHIP" in done.stdout and "stopped (plateau)" in done.stdout
    # the harvest's files: every sample scored, the best reply per prompt as a transcript
    samples = [json.loads(x) for x in (out / "gen-1" / "harvest" / "samples.jsonl").read_text().splitlines()]
    assert len(samples) == 8 and all(len(s["replies"]) == 2 and len(s["scores"]) == 2 for s in samples)
    # a rerun of a stopped flywheel does nothing more
    again = flywheel(out, *LEARNABLE, "stop.perfect=2.0", "stop.patience=1", "stop.max_generations=3", cwd=tmp_path)
    assert again.returncode == 0 and len(state_of(out)["generations"]) == 2


def _processes_naming(text: str) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if text in (proc / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(proc.name))
            except OSError:
                pass
    return found


def test_a_killed_flywheel_resumes_in_the_generation_and_step_it_was_in(tmp_path):
    out = tmp_path / "fly"
    proc = subprocess.Popen(cmd(out, *LEARNABLE), cwd=tmp_path, env=env(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.time() + 1200
    run_dir = out / "gen-1" / "run"
    while time.time() < deadline:  # mid-generation: its child run has started training
        if (out / "flywheel.json").is_file() and state_of(out)["step"] == "train" and run_dir.is_dir():
            break
        assert proc.poll() is None, "the flywheel ended before it could be killed"
        time.sleep(0.5)
    harvested = (out / "gen-1" / "harvest" / "samples.jsonl").stat().st_mtime_ns
    time.sleep(2)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    for _ in range(60):  # the child run dies with it (PR_SET_PDEATHSIG), so no orphan races the resumed one
        if not _processes_naming(str(run_dir)):
            break
        time.sleep(0.5)
    assert not _processes_naming(str(run_dir))
    assert state_of(out)["step"] == "train" and state_of(out)["generation"] == 1

    done = flywheel(out, *LEARNABLE, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "resuming" in done.stdout and "generation 1, step train" in done.stdout
    state = state_of(out)
    assert (out / "gen-1" / "harvest" / "samples.jsonl").stat().st_mtime_ns == harvested  # not harvested again
    assert len(state["generations"]) == 1 and state["generations"][0]["shipped"]
    assert manifest(run_dir)["status"] == "completed"
    assert state["stop"]["rule"] == "perfect"  # the shipped model solves every held-out prompt


def test_nothing_curated_keeps_the_base_and_max_generations_stops(tmp_path):
    out = tmp_path / "fly"
    done = flywheel(out, *LEARNABLE, "threshold=2.0", "stop.patience=5", "stop.max_generations=1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    state = state_of(out)
    (g1,) = state["generations"]
    assert g1["gate"]["decision"] == "NOTHING CURATED" and "train" not in g1 and not (out / "gen-1" / "run").exists()
    assert state["shipped"]["run_dir"] is None and state["stop"]["rule"] == "max_generations"


def test_max_cost_stops_before_a_generation_from_the_ledger(tmp_path):
    out = tmp_path / "fly"
    ledger = tmp_path / "costs.jsonl"
    ledger.write_text(json.dumps({"job_dir": str(out / "gen-1" / "run"), "dollars": 2.5, "provider": "runpod"}) + "\n"
                      + json.dumps({"job_dir": str(tmp_path / "elsewhere"), "dollars": 100.0}) + "\n")
    done = flywheel(out, *LEARNABLE, "stop.max_cost=2.0", f"stop.ledger={ledger}", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    state = state_of(out)
    assert state["stop"]["rule"] == "max_cost" and "$2.50" in state["stop"]["reason"]
    assert state["generations"] == [] and not (out / "gen-1").exists()


def test_bad_arguments_fail_naming_the_key(tmp_path):
    done = flywheel(tmp_path / "fly", "model=tiny", "harvest.samples=0", cwd=tmp_path)
    assert done.returncode == 2 and "harvest.samples=0 must be at least 1" in done.stderr
    typo = flywheel(tmp_path / "fly", "model=tiny", "stop.max_generation=2", cwd=tmp_path)
    assert typo.returncode != 0 and "max_generation" in typo.stderr
    assert not (tmp_path / "fly" / "flywheel.json").exists()


def test_cfg_job_prints_the_config_and_imports_no_torch(tmp_path):
    done = heavy_imports(module="loopwright.flywheel", args=["--cfg", "job", "output=x", "model=tiny"],
                         watch=("torch", "transformers", "trl"), cwd=tmp_path, env=env())
    assert "max_generations: 3" in done.stdout and "samples: 8" in done.stdout, done.stderr
    assert done.heavy == []
