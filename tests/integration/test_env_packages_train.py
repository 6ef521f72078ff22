"""A verifiers environment (single- and multi-turn) and an OpenEnv environment each train on model=tiny.

The runs are the real job (validation, the reward audit, the token check, TRL's GRPOTrainer and tool loop, the
held-out evaluation in episodes, the manifest). In the multi-turn runs only sampling is scripted, as in
test_environment_adapter.py, because a random-init model never writes a tool call: the first turn calls the
environment's tool on the question's numbers, the turn after the result answers with it.
"""

from __future__ import annotations

import json
import os

import pytest

from helpers import compose
from helpers.scripted_tools import script_tool_calls

os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")
COMMON = ["model=tiny", "profile=smoke", "save_model=false", "task.n_train=8", "task.n_eval=2"]


def _scripted_run(monkeypatch, tmp_path, tool: str, calls: list, overrides: list) -> tuple[dict, list]:
    """One step of a multi-turn run whose model calls ``tool`` on each question; every call reached ``calls``."""
    emitted: list = []
    script_tool_calls(monkeypatch, tool, emitted, answer="The answer is {result}.")
    calls.clear()
    manifest, metrics = _train([*COMMON, "task.multi_turn=true", "profile.max_steps=1",
                                "profile.max_completion_length=128", *overrides], tmp_path)
    # the model's calls reached the tools (the token check's own sample calls are there too)
    assert len(emitted) == 4 and {(a, b, a + b) for a, b in emitted} <= set(calls)
    assert manifest["status"] == "completed" and manifest["token_check"]["passed"]
    return manifest, metrics


def _train(overrides, run_dir):
    from loopwright.train.job import train
    from loopwright.train.validate import validate

    cfg = compose(overrides)
    validate(cfg)
    train(cfg, run_dir=run_dir)
    metrics = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    return json.loads((run_dir / "manifest.json").read_text()), metrics


def test_a_single_turn_verifiers_environment_trains_on_its_rubric(tmp_path, monkeypatch):
    """Through train.py, as a user runs it: the pre-flight reward audit runs on the rubric too."""
    pytest.importorskip("verifiers.v1", reason="verifiers==0.4.0 is not installed")
    from helpers import ROOT, run_train

    monkeypatch.setenv("PYTHONPATH", str(ROOT / "tests"))  # where helpers.vf_envs lives, as task.env names it
    proc = run_train([*COMMON, "task=verifiers", "task.env=helpers.vf_envs.addition", "reward=verifiers",
                      "++task.params.eval_args={split: test}", f"hydra.run.dir={tmp_path}"], plain=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    metrics = [json.loads(line) for line in (tmp_path / "metrics.jsonl").read_text().splitlines()]
    assert manifest["status"] == "completed" and manifest["global_step"] == 2
    assert manifest["reward_audit"]["ran"] and manifest["reward_audit"]["passed"]  # audited like any reward
    assert "rewards/verifiers/mean" in metrics[0]
    held = [json.loads(line) for line in (tmp_path / "data" / "held_out.jsonl").read_text().splitlines()]
    assert {json.loads(r["vf_task"])["a"] % 2 for r in held} == {1}  # the environment's own test split


def test_a_multi_turn_verifiers_environment_trains_with_its_toolset(tmp_path, monkeypatch):
    pytest.importorskip("verifiers.v1", reason="verifiers==0.4.0 is not installed")
    from helpers.vf_envs import calculator

    _, metrics = _scripted_run(monkeypatch, tmp_path, "calc_add", calculator.CALLS, [
        "task=verifiers", "task.env=helpers.vf_envs.calculator", "reward=verifiers", "eval.enabled=false"])
    assert metrics[0]["tools/call_frequency"] == 1.0 and metrics[0]["tools/failure_frequency"] == 0.0
    # correct (1.0) + used_tool (0.5, read from the rollout's toolset state on the Trace)
    assert metrics[0]["rewards/verifiers/mean"] == 1.5


def test_an_openenv_environment_trains_through_environment_factory(tmp_path, monkeypatch):
    pytest.importorskip("openenv.core", reason="openenv-core==0.3.0 is not installed")
    from helpers import openenv_envs

    _, metrics = _scripted_run(monkeypatch, tmp_path, "step", openenv_envs.CALLS, [
        "task=arithmetic", "reward=arithmetic", "task.environment._target_=helpers.openenv_envs.Adder",
        "eval.max_new_tokens=24"])
    assert metrics[0]["rewards/Adder/mean"] == 1.0  # the OpenEnv observation's reward, through get_reward
    assert metrics[0]["rewards/arithmetic/mean"] == 1.0  # the final answer states the step's result
    results = json.loads((tmp_path / "eval_results.json").read_text())
    record = results["records"][0]  # the held-out evaluation ran in episodes, the OpenEnv environment live
    assert "base_turns" in record and "trained_environment_reward" in record


def test_the_documented_openenv_warm_up_trains_on_the_environments_own_demonstrations(tmp_path, monkeypatch):
    """docs/EPISODES.md's stage 1 (experiment=openenv_agent_sft) as a user runs it, on model=tiny: every train row
    is the calculator's own call, its real result and the reply; the run trains on them and evaluates in episodes."""
    pytest.importorskip("openenv.core", reason="openenv-core==0.3.0 is not installed")
    from helpers import ROOT, run_train

    monkeypatch.setenv("PYTHONPATH", str(ROOT / "examples" / "envs"))  # where the docs' command finds the example
    proc = run_train(["experiment=openenv_agent_sft", "model=tiny", "profile=smoke", "save_model=false",
                      "task.n_train=4", "eval.limit=2", f"hydra.run.dir={tmp_path}"], cwd=ROOT)  # task.path is relative
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads((tmp_path / "manifest.json").read_text())["status"] == "completed"
    rows = [json.loads(line) for line in (tmp_path / "data" / "train.jsonl").read_text().splitlines()]
    assert len(rows) == 4
    for row in rows:
        call, result, reply = row["completion"]
        assert json.loads(call["tool_calls"][0]["function"]["arguments"]) == {"expression": row["expression"]}
        assert result["role"] == "tool" and result["content"].split("\n")[0] in reply["content"]
    assert "base_turns" in json.loads((tmp_path / "eval_results.json").read_text())["records"][0]
