"""Every objective option trains on model=tiny, all of them in one real multirun, each past an enforced step-0
signal check.

A random-init tiny model has no signal by construction (it never ends a reply within the smoke budget), so the
multirun starts from a tiny twin warmed up by 150 SFT steps on the task (about 10 s): it ends its replies with a
number, sometimes the right one, as a pretrained model would. With ``guards.signal_check=true`` the check then
runs as it does on a real model, and it must not stop any objective.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import WARM_UP_TINY, options, run_train

OBJECTIVES = options("objective")
EXPECTED_TRAINER = {"rloo": "RLOOTrainer", "sft": "SFTTrainer"}




@pytest.fixture(scope="module")
def warmed_tiny(tmp_path_factory) -> Path:
    """model=tiny after 150 SFT steps on the arithmetic task: a model dir that ends its replies with a number."""
    cwd = tmp_path_factory.mktemp("warm_up")
    proc = run_train([*WARM_UP_TINY, f"hydra.run.dir={cwd / 'run'}"], cwd=cwd)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    return cwd / "run" / "model"


@pytest.fixture(scope="module")
def sweep(tmp_path_factory, warmed_tiny):
    """`python train.py -m objective=<every option> model=tiny profile=smoke`, as a user would run it, from the
    warmed-up twin with the signal check enforced."""
    cwd = tmp_path_factory.mktemp("objectives")
    proc = run_train(["-m", f"objective={','.join(OBJECTIVES)}", "model=tiny", f"model.name_or_path={warmed_tiny}",
                      "guards.signal_check=true", "profile=smoke", "task.n_eval=4",
                      "save_model=false", f"hydra.sweep.dir={cwd / 'sweep'}"], cwd=cwd)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    jobs = {"_sweep_dir": cwd / "sweep"}
    for job_dir in (cwd / "sweep").iterdir():
        if (job_dir / "manifest.json").is_file():
            manifest = json.loads((job_dir / "manifest.json").read_text())
            jobs[manifest["config"]["objective"]["name"]] = (job_dir, manifest)
    return jobs


def test_the_multirun_ran_one_job_per_objective(sweep):
    assert sorted(k for k in sweep if not k.startswith("_")) == OBJECTIVES


def test_the_multirun_writes_a_summary_comparing_its_jobs(sweep):
    import csv

    sweep_dir = sweep["_sweep_dir"]
    rows = list(csv.DictReader((sweep_dir / "summary.csv").open()))
    assert sorted(r["overrides"].split("objective=")[1].split()[0] for r in rows) == OBJECTIVES
    assert all(r["status"] == "completed" and r["steps"] == "2" for r in rows)
    assert all(r["trained_accuracy"] != "" for r in rows)
    table = (sweep_dir / "summary.md").read_text()
    assert table.count("| completed |") == len(OBJECTIVES)
    assert (sweep_dir / "comparison.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("objective", OBJECTIVES)
def test_objective_trains_two_steps_on_tiny(sweep, objective):
    job_dir, manifest = sweep[objective]
    assert manifest["status"] == "completed"
    assert manifest["trainer"]["class"] == EXPECTED_TRAINER.get(objective, "GRPOTrainer")
    assert manifest["result"]["global_step"] == 2
    steps = [json.loads(line) for line in (job_dir / "metrics.jsonl").read_text().splitlines()]
    assert [s["step"] for s in steps] == [1, 2]
    assert all("loss" in s for s in steps)
    if objective != "sft":
        # Rewards are logged on steps that generate (gspo generates every 4th step).
        assert "reward" in steps[0]
        # The step-0 signal check ran, enforced, on the first step's own rollouts (profile=smoke: 4 completions,
        # 16 where the objective generates for 4 steps at once) and found signal with no generation of its own:
        # the warmed-up twin ends its replies within the budget, and the reward tells the task's answers apart.
        check = manifest["signal_check"]
        batch = 4 * (manifest["trainer"]["kwargs_from_config"].get("steps_per_generation") or 1)
        assert check["enforced"] is True and check["signal"] is True and check["causes"] == []
        assert check["looked_at"] == {"training_batch": batch, "top_up": 0} and check["completions"] == batch
        assert check["cut_at_budget"] < batch / 2  # most replies end within the 8 tokens
    else:
        assert manifest["signal_check"] == {"skipped": "objective=sft: no rollouts"}
    if objective == "dapo":  # the smoke budget (8 tokens) is under dapo's min_budget: no ramp and no filter
        assert "rewards/overlong_penalty/mean" not in steps[0]
        assert manifest["objective_scaling"]["overlong"] == {"enabled": True, "min_budget": 256, "active": False,
                                                             "filter": {"configured": True, "active": False}}
        assert manifest["trainer"]["kwargs_from_config"]["mask_truncated_completions"] is False
    assert len(json.loads((job_dir / "eval_results.json").read_text())["records"]) == 4
