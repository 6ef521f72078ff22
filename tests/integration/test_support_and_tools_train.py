"""Support and tool-use options trained through train.py (a multirun), moved from tests/unit."""

from __future__ import annotations

import json

import pytest

from helpers import run_train


# --------------------------------------------------------- real trainings
@pytest.fixture(scope="module")
def trainings(tmp_path_factory):
    """Two real 2-step multiruns on model=tiny: each reward with its task."""
    cwd = tmp_path_factory.mktemp("support_tools")
    jobs = {}
    for reward, task in (("customer_support", "customer_support"), ("tool_calling", "tool_use")):
        sweep = cwd / reward
        # issue 26 item 4: customer_support is gameable until rebuilt (the pre-flight refuses it); remove after
        no_audit = ["reward.audit=false"] if reward == "customer_support" else []
        proc = run_train(["-m", f"reward={reward}", f"task={task}", "model=tiny", "profile=smoke", "task.n_eval=4",
                          "save_model=false", f"hydra.sweep.dir={sweep}", *no_audit], cwd=cwd)
        assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
        (job_dir,) = [d for d in sweep.iterdir() if (d / "manifest.json").is_file()]
        jobs[reward] = (job_dir, json.loads((job_dir / "manifest.json").read_text()))
    return jobs


@pytest.mark.parametrize("reward,task", [("customer_support", "customer_support"), ("tool_calling", "tool_use")])
def test_reward_trains_two_steps_on_its_task(trainings, reward, task):
    job_dir, manifest = trainings[reward]
    assert manifest["status"] == "completed"
    assert manifest["config"]["reward"]["kind"] == reward and manifest["config"]["task"]["kind"] == task
    assert manifest["result"]["global_step"] == 2
    # the pre-flight gaming audit: tool_calling passes it; customer_support skips it (issue 26 item 4)
    audit = manifest["reward_audit"]
    assert audit == {"ran": False, "skipped_by": "reward.audit=false"} if reward == "customer_support" else \
        (audit["ran"] and audit["passed"] and audit["gameability"]["templates"] == 0.0)
    steps = [json.loads(line) for line in (job_dir / "metrics.jsonl").read_text().splitlines()]
    assert [s["step"] for s in steps] == [1, 2]
    assert [s["hacking/identical"] for s in steps] == [0.0, 0.0]  # the reward-hacking monitor watched each step
    assert "reward" in steps[0] and f"rewards/{reward}/mean" in steps[0]
    assert all(0.0 <= s["reward"] <= 1.0 for s in steps)
    records = json.loads((job_dir / "eval_results.json").read_text())["records"]
    assert len(records) == 4
    held = [json.loads(line) for line in (job_dir / "data" / "held_out.jsonl").read_text().splitlines()]
    column = "facts_json" if reward == "customer_support" else "expected_arguments_json"
    assert all(column in row for row in held)
