"""A user's environment class (tests/helpers/environments.py) trains through task.environment._target_.

The run is the real job (validation, token check, TRL's GRPOTrainer and tool loop, rewards, manifest) on
``model=tiny profile=smoke`` with arithmetic rows. Only sampling is scripted, because a random-init model
never writes a tool call: the first turn calls ``Abacus.add`` on the question's numbers, the turn after
the tool result answers with the result. Everything else, the tool execution included, is TRL's.
"""

from __future__ import annotations

import json
import os

from helpers import compose, environments
from helpers.scripted_tools import script_tool_calls

os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")


def test_user_environment_tools_are_called_and_rewarded_in_a_tiny_training_run(tmp_path, monkeypatch):
    from loopwright.train.job import train
    from loopwright.train.validate import validate

    emitted: list[tuple[int, int]] = []
    script_tool_calls(monkeypatch, "add", emitted)
    environments.CALLS.clear()
    cfg = compose(["model=tiny", "profile=smoke", "task=arithmetic", "task.multi_turn=true",
                   "task.environment._target_=helpers.environments.Abacus", "profile.max_steps=1",
                   "profile.max_completion_length=64", "eval.enabled=false", "save_model=false"])
    validate(cfg)
    train(cfg, run_dir=tmp_path)

    served = {(c[1]["a"], c[1]["b"]): c[2] for c in environments.CALLS}
    assert len(emitted) == 4  # one step: 4 rollouts, each called add once
    for a, b in emitted:
        assert served[(a, b)] == str(a + b)  # TRL ran the user's tool with the model's arguments
    metrics = [json.loads(line) for line in (tmp_path / "metrics.jsonl").read_text().splitlines()]
    assert metrics[0]["tools/call_frequency"] == 1.0 and metrics[0]["tools/failure_frequency"] == 0.0
    assert metrics[0]["rewards/Abacus/mean"] == 1.0  # the environment's get_reward column
    assert metrics[0]["rewards/arithmetic/mean"] == 1.0  # the final answer states the tool's result
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["status"] == "completed" and manifest["global_step"] == 1
    check = manifest["token_check"]  # the pre-flight check ran on the user's environment too
    assert check["passed"] and [s["what"] for s in check["spans"]] == ["prompt", "assistant", "tool", "assistant"]
