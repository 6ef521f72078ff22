"""The arithmetic task (splits, determinism) and reward (robust grading)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import compose
from loopwright import rewards, tasks
from loopwright.rewards.arithmetic import arithmetic_reward, score


def _task(**overrides):
    return compose(["model=tiny", *[f"task.{k}={v}" for k, v in overrides.items()]]).task


def _question(row):
    return row["prompt"][-1]["content"]


def test_splits_are_disjoint_sized_and_correct():
    train, held_out = tasks.build(_task())
    cfg = _task()
    assert len(train) == cfg.n_train and len(held_out) == cfg.n_eval
    assert not {_question(r) for r in held_out} & {_question(r) for r in train}
    assert len({_question(r) for r in train}) == len(train)  # no duplicate questions either
    for row in train[:50] + held_out:
        a, op, b = _question(row).split("?")[0].removeprefix("What is ").split()
        expected = {"+": int(a) + int(b), "-": int(a) - int(b), "*": int(a) * int(b)}[op]
        assert row["answer"] == str(expected)
        assert row["prompt"][0]["role"] == "user"


def test_n_train_beyond_the_pool_repeats_train_questions_only():
    train, held_out = tasks.build(_task(n_train=512))
    assert len(train) == 512
    distinct = {_question(r) for r in train}
    assert len(distinct) == 60  # 100 single-digit sums minus 40 held out
    assert not distinct & {_question(r) for r in held_out}


def test_same_seed_same_rows_other_seed_other_rows():
    assert tasks.build(_task(seed=3)) == tasks.build(_task(seed=3))
    assert tasks.build(_task(seed=3))[1] != tasks.build(_task(seed=4))[1]


def test_held_out_is_stable_when_train_size_changes():
    # Growing n_train must not move questions between splits.
    assert tasks.build(_task(n_train=32))[1] == tasks.build(_task(n_train=512))[1]


@pytest.mark.parametrize("completion,answer,expected", [
    ("12", "12", 1.0),
    ("12 is the answer", "12", 1.0),
    ("The answer: -7.", "-7", 1.0),
    ("12.0", "12", 1.0),
    ("7 + 5 = 12", "12", 0.0),  # first number is what counts
    ("What is 8 + 0? Answer with just the number.", "8", 0.0),  # the question echoed is no answer
    ("8 - 0", "8", 0.0),
    ("8, since 8 + 0 = 8", "8", 1.0),
    ("", "12", 0.0),
    ("twelve", "12", 0.0),
    ("9" * 10_000, "9", 0.0),
    ([{"role": "assistant", "content": "42"}], "42", 1.0),
    ([], "42", 0.0),
    (None, "42", 0.0),
    (42, "42", 0.0),
    ({"content": "42"}, "42", 1.0),
    ("42", None, 0.0),
    ("42", "not a number", 0.0),
])
def test_score_cases(completion, answer, expected):
    assert score(completion, answer) == expected


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), st.none(), st.integers(), st.lists(st.text(max_size=20))),
       st.one_of(st.text(max_size=10), st.integers(), st.none()))
def test_reward_never_raises_and_returns_zero_or_one(completion, answer):
    assert arithmetic_reward(completions=[completion], answer=[answer]) in ([0.0], [1.0])


def test_reward_returns_one_float_per_completion_in_trl_shape():
    completions = [[{"role": "assistant", "content": c}] for c in ("3", "4", "", "x 4 3")]
    assert arithmetic_reward(prompts=[None] * 4, completions=completions, answer=["3"] * 4) == [1.0, 0.0, 0.0, 0.0]
    [(name, fn, weight)] = rewards.build(compose().reward)
    assert (name, fn.__wrapped__, weight) == ("arithmetic", arithmetic_reward, 1.0)


def test_only_the_head_of_a_huge_completion_is_read():
    # The scan is capped, so a number buried after megabytes of text is not found.
    assert score("x" * 5_000_000 + "5", "5") == 0.0
    assert score("5" + "x" * 5_000_000, "5") == 1.0
