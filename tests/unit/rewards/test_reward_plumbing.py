"""The reward group's plumbing: safety wrapper, composite weights, user functions via _target_."""

from __future__ import annotations

import math

import pytest

from helpers import compose, config_error
from loopwright import rewards
from loopwright.objectives import reward_weights
from loopwright.train.validate import validate


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
    assert expected in config_error(overrides)
