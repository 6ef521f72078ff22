"""The reward group's plumbing: safety wrapper, composite weights, user functions via _target_."""

from __future__ import annotations

import json
import math
import os
import sys

import pytest

from helpers import ROOT, compose
from loopwright import rewards
from loopwright.objectives import reward_weights
from loopwright.train.validate import ConfigError, validate

USER_MODULE = '''
def short_answer(prompts, completions, **kwargs):
    return [1.0 if len(c[-1]["content"]) < 5 else 0.0 for c in completions]
'''


def _completions(*texts):
    return [[{"role": "assistant", "content": t}] for t in texts]


def test_safe_reward_turns_a_crashing_grader_into_low_scores():
    def broken(completions, **_):
        raise RuntimeError("boom")

    assert rewards.safe_reward(broken, "broken")(completions=_completions("a", "b")) == [0.0, 0.0]


def test_safe_reward_isolates_the_one_completion_that_breaks_the_grader():
    def picky(completions, **_):
        return [1.0 / (len(c[-1]["content"]) - 1) for c in completions]  # ZeroDivisionError on 1-char replies

    assert rewards.safe_reward(picky, "picky")(completions=_completions("abc", "x", "ab")) == [0.5, 0.0, 1.0]


@pytest.mark.parametrize("output", [[1.0], [None, 1.0], [math.nan, 2.0], "oops", None, [math.inf, 0.5]])
def test_safe_reward_repairs_wrong_counts_and_non_finite_values(output):
    scores = rewards.safe_reward(lambda **_: output, "bad")(completions=_completions("a", "b"))
    assert len(scores) == 2 and all(math.isfinite(s) for s in scores)


def test_safe_reward_passes_columns_sliced_per_completion():
    seen = []

    def grader(completions, answer, **_):
        if len(completions) > 1:
            raise ValueError("force per-row path")
        seen.append(answer)
        return [1.0]

    rewards.safe_reward(grader, "g")(completions=_completions("a", "b"), answer=["1", "2"])
    assert seen == [["1"], ["2"]]


def test_composite_builds_one_named_grader_per_component_with_its_weight():
    cfg = compose(["model=tiny", "reward.kind=composite",
                   "reward.components=[{kind: arithmetic, weight: 1.0}, {kind: arithmetic, weight: 0.5}]"])
    validate(cfg)
    graders = rewards.build(cfg.reward)
    assert [(name, weight) for name, _, weight in graders] == [("arithmetic", 1.0), ("arithmetic_2", 0.5)]
    assert reward_weights(cfg) == [1.0, 0.5]
    score = rewards.combined(graders)(completions=_completions("4", "5"), answer=["4", "4"])
    assert score == [1.0, 0.0]


@pytest.mark.parametrize("overrides,expected", [
    (["reward.kind=composite"], "reward.kind=composite needs reward.components"),
    (["reward.kind=composite", "reward.components=[{kind: nope}]"], "reward.components[0].kind='nope'"),
    (["+reward.params.threshold=0.5"], "reward.params: unknown key(s) ['threshold'] for reward 'arithmetic'"),
    (["reward.components=[{kind: arithmetic}]"], "reward.components is only used with reward.kind=composite"),
    (["reward._target_=no_such_module.fn"], "reward._target_: cannot import 'no_such_module.fn'"),
    (["reward._target_=json"], "not a dotted path"),
    (["reward._target_=json.__doc__"], "is not callable"),
])
def test_reward_config_errors_name_the_key(overrides, expected):
    with pytest.raises(ConfigError) as info:
        validate(compose(["model=tiny", *overrides]))
    assert expected in str(info.value)


def test_user_reward_function_trains_through_target(tmp_path):
    (tmp_path / "my_rewards.py").write_text(USER_MODULE)
    run_dir = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    import subprocess

    proc = subprocess.run([sys.executable, str(ROOT / "train.py"), "reward._target_=my_rewards.short_answer",
                           "model=tiny", "profile=smoke", "task.n_eval=4", "save_model=false",
                           f"hydra.run.dir={run_dir}"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    steps = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    assert "rewards/short_answer/mean" in steps[0]
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["config"]["reward"]["_target_"] == "my_rewards.short_answer"


def test_bad_target_fails_before_training_and_leaves_no_run_dir(tmp_path):
    from helpers import run_train

    proc = run_train(["reward._target_=my_rewards.nope", "model=tiny", f"hydra.run.dir={tmp_path / 'run'}"],
                     cwd=tmp_path)
    assert proc.returncode == 2
    assert "reward._target_" in proc.stderr
    assert not (tmp_path / "run").exists()
