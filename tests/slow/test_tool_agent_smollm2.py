"""The tool-agent recipe on SmolLM2 (docs/EPISODES.md, "Recipe"), shortened: SFT warm-up, then GRPO in episodes.

The full recipe's figures are in docs/EPISODES.md; this keeps CI honest that the chain learns
the tool: after the chain the held-out agent, with the calculator live, must call it validly and
answer right far more often than the shipped model (which never calls it).
"""

from __future__ import annotations

import json

import pytest

from helpers import run_train

SHORT = ["task.n_eval=20", "profile.eval_batch_size=20"]


@pytest.mark.slow
def test_sft_then_grpo_learns_the_calculator(tmp_path):
    sft, grpo = tmp_path / "sft", tmp_path / "grpo"
    proc = run_train(["experiment=tool_agent_sft", *SHORT, f"hydra.run.dir={sft}"], cwd=tmp_path, timeout=1200)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    proc = run_train(["experiment=tool_agent_grpo", *SHORT, "profile.max_steps=4", f"model.name_or_path={sft / 'model'}",
                      f"hydra.run.dir={grpo}"], cwd=tmp_path, timeout=1200)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    first = json.loads((sft / "eval_results.json").read_text())["summary"]
    last = json.loads((grpo / "eval_results.json").read_text())["summary"]
    assert json.loads((grpo / "manifest.json").read_text())["lineage"]["parent"]["run_dir"] == str(sft.resolve())
    # the shipped model does not use the tool; the chain's agent does, and answers from it
    assert first["base_valid_tool_call_share"] <= 0.1
    assert last["trained_valid_tool_call_share"] >= first["base_valid_tool_call_share"] + 0.4
    assert last["trained_task_success"] >= first["base_task_success"] + 0.25
