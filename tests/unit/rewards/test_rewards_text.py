"""The text graders: gsm8k (final-answer match), format (tag structure), length (soft overlong)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import compose
from loopwright import rewards
from loopwright.rewards import gsm8k, length
from loopwright.rewards import format as fmt
from loopwright.train.validate import problems_in

# ------------------------------------------------------------------ gsm8k


@pytest.mark.parametrize("text,expected", [
    ("The answer is 1,234.", "1234"),
    ("#### 12.50", "12.5"),
    ("#### 1,234", "1234"),
    ("#### $18", "18"),
    ("#### -7", "-7"),
    ("so #### -7\n\nQuestion: what is 99?", "-7"),  # text after the answer is ignored
    ("#### 5 and later #### 6", "5"),  # the first #### counts
    ("#### Step 1: add\n2 + 3 = 5", "5"),  # a Markdown heading is not an answer
    ("First \\boxed{3}, no wait \\boxed{18}. 99 apples", "18"),  # the last box, before the last number
    ("#### 4 but \\boxed{18}", "4"),  # #### wins over a box
    ("\\boxed{1{,}234 \\text{ dollars}}", "1234"),
    ("\\boxed{\\$12.00}", "12"),
    ("\\boxed{\\frac{1}{2}} so 3", None),  # a box that is not a number gives no answer
    ("\\boxed{12", "12"),  # an unterminated box is ignored; the last number counts
    ("It costs $12.00.", "12"),
    ("Total: -$5", "-5"),
    ("Total: $-5", "-5"),
    ("\u22124 degrees", "-4"),  # the Unicode minus
    ("10-3", "3"),  # subtraction, not a negative number
    ("10 - 3", "3"),
    ("x=-3", "-3"),
    ("Answer: 18.0", "18"),
    ("18.", "18"),
    ("0.50", "0.5"),
    ("-0", "0"),
    ("共12个", "12"),
    ("no numbers here", None),
    ("", None),
    ("9" * 100, None),  # too many digits to be an answer
])
def test_gsm8k_extraction_table(text, expected):
    assert gsm8k.extract(text) == expected


@pytest.mark.parametrize("a,b", [("1,234", "1234"), ("12.50", "12.5"), ("18.0", "18"), ("$5", "5"),
                                 ("-3", "\u22123"), ("007", "7")])
def test_gsm8k_normalisation_makes_equal_numbers_equal(a, b):
    assert gsm8k.normalise(a) == gsm8k.normalise(b) is not None


@pytest.mark.parametrize("completion,answer,expected", [
    ("So she has 18 apples.\n#### 18", "18", 1.0),
    ("She has 18 apples.", "Natalia sold 48/2 = 24 clips.\n#### 18", 1.0),  # GSM8K-style answer column
    ("#### 1,234", "1234", 1.0),
    ("The total is $12.50", "12.5", 1.0),
    ("The total is 12.5", 12.5, 1.0),  # a numeric answer column
    ("The total is 12", 12, 1.0),
    ("\\boxed{72}", "#### 72", 1.0),
    ("3 + 4 = 7, so 8", "7", 0.0),  # the last number counts
    ("#### 17", "18", 0.0),
    ([{"role": "assistant", "content": "#### 42"}], "42", 1.0),
    ({"content": "42"}, "42", 1.0),
    ([], "42", 0.0),
    (None, "42", 0.0),
    (42, "42", 0.0),  # not a completion
    ("42", None, 0.0),
    ("42", "", 0.0),
    ("42", "not a number", 0.0),
    ("42", True, 0.0),
    ("", "0", 0.0),
])
def test_gsm8k_score_cases(completion, answer, expected):
    assert gsm8k.score(completion, answer) == expected


def test_gsm8k_reads_only_the_tail_of_a_huge_completion():
    assert gsm8k.score("#### 5" + "x" * 5_000_000 + " 7", "7") == 1.0  # the #### is outside the window
    assert gsm8k.score("x" * 5_000_000 + "#### 5", "5") == 1.0


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), st.text(alphabet="#$-,.0123456789 {}\\boxed", max_size=60), st.none(),
                 st.integers(), st.lists(st.text(max_size=20)),
                 st.lists(st.fixed_dictionaries({"role": st.just("assistant"), "content": st.text(max_size=50)}))),
       st.one_of(st.text(max_size=20), st.integers(), st.floats(), st.none(), st.booleans()))
def test_gsm8k_never_raises_and_returns_zero_or_one(completion, answer):
    assert gsm8k.gsm8k_reward(completions=[completion], answer=[answer]) in ([0.0], [1.0])


def test_gsm8k_shape_and_missing_columns():
    fn = rewards.make("gsm8k")
    assert fn(prompts=[None] * 3, completions=["1", "#### 2", "x"], answer=["1", "2", "3"]) == [1.0, 1.0, 0.0]
    assert fn(completions=["1", "2"]) == [0.0, 0.0]  # no answer column at all
    assert fn(completions=["1", "2"], answer=["1"]) == [1.0, 0.0]  # a short column
    assert fn(completions=[], answer=[]) == []


# ----------------------------------------------------------------- format
THIRD = 1 / 3


@pytest.mark.parametrize("reply,expected", [
    ("<think>add them</think><answer>7</answer>", 1.0),
    ("  <think>add them</think>\n\n<answer>7</answer>\n", 1.0),  # whitespace around is fine
    ("<think>add them</think><answer>7</answer> Hope that helps!", 2 * THIRD),  # something after
    ("Sure! <think>add them</think><answer>7</answer>", 2 * THIRD),  # something before
    ("<think>a</think> so <answer>7</answer>", 2 * THIRD),  # something between
    ("<answer>7</answer><think>add them</think>", 2 * THIRD),  # wrong order
    ("<think>a <answer>7</answer></think>", 2 * THIRD),  # nested
    ("<answer>7</answer>", THIRD),
    ("<think>add them</think>", THIRD),
    ("<think></think><answer>7</answer>", THIRD),  # empty think
    ("<think>  \n</think><answer>7</answer>", THIRD),  # blank think
    ("<think>a</think><think>b</think><answer>7</answer>", THIRD),  # duplicated think
    ("<think>a</think><answer>7</answer><answer>8</answer>", THIRD),  # duplicated answer
    ("<think>a</think></think><answer>7</answer>", THIRD),  # a stray closing tag
    ("</think>a<think><answer>7</answer>", THIRD),  # reversed
    ("<think>a<answer>7", 0.0),  # unclosed
    ("<Think>a</Think><ANSWER>7</ANSWER>", 0.0),  # case matters
    ("< think >a</ think >", 0.0),
    ("the answer is 7", 0.0),
    ("", 0.0),
])
def test_format_partial_credit(reply, expected):
    assert fmt.make({})(completions=[reply]) == [pytest.approx(expected)]


def test_format_custom_tags_and_conversational_completions():
    fn = rewards.make("format", {"tags": ["reasoning", "final"]})
    replies = [[{"role": "assistant", "content": "<reasoning>x</reasoning><final>1</final>"}],
               [{"role": "assistant", "content": "<final>1</final>"}],
               [{"role": "assistant", "content": "<think>x</think><answer>1</answer>"}]]
    assert fn(prompts=[None] * 3, completions=replies) == [1.0, pytest.approx(THIRD), 0.0]
    one = rewards.make("format", {"tags": ["answer"]})
    assert one(completions=["<answer>1</answer>", "<answer>1</answer>!", "1"]) == [1.0, 0.5, 0.0]


@pytest.mark.parametrize("tags", ["think", [], ["think", "think"], ["<think>"], ["a b"], [1], {"a": 1}])
def test_format_rejects_bad_tags_at_build_time(tags):
    with pytest.raises(ValueError, match="params.tags"):
        fmt.make({"tags": tags})


def test_format_huge_reply_is_graded_on_its_head_without_layout_credit():
    good = "<think>a</think><answer>7</answer>"
    assert fmt.score(good + " " * 1_000_000) == pytest.approx(2 * THIRD)
    assert fmt.score("x" * 1_000_000 + good) == 0.0


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.text(alphabet="<>/thinkanswer x", max_size=80), st.none(),
                 st.integers(), st.lists(st.text(max_size=10))))
def test_format_never_raises_and_stays_in_range(reply):
    [value] = fmt.make({})(completions=[reply])
    assert isinstance(value, float) and value in (0.0, THIRD, 2 * THIRD, 1.0)


# ----------------------------------------------------------------- length


@pytest.mark.parametrize("n,expected", [(0, 0.0), (192, 0.0), (193, -1 / 64), (224, -0.5), (255, -63 / 64),
                                        (256, -1.0), (257, -1.0), (10_000, -1.0)])
def test_length_curve_defaults_chars(n, expected):
    # Defaults: max_length=256, buffer=64; DAPO eq. 13: ((L - B) - n) / B on the ramp.
    assert rewards.make("length")(completions=["x" * n]) == [pytest.approx(expected)]


def test_length_params_zero_buffer_and_tokens():
    assert length.make({"max_length": 10, "buffer": 4})(completions=["x" * n for n in (6, 7, 8, 10, 11)]) == \
        [0.0, -0.25, -0.5, -1.0, -1.0]
    assert length.make({"max_length": 5, "buffer": 0})(completions=["x" * 5, "x" * 6]) == [0.0, -1.0]
    tokens = length.make({"max_length": 4, "buffer": 2, "unit": "tokens"})
    # completion_ids (TRL, training) win; without them, tokens ~ ceil(chars / 4) (held-out eval grades text).
    assert tokens(completions=["a", "b", "c"], completion_ids=[[1] * 2, [1] * 3, [1] * 9]) == [0.0, -0.5, -1.0]
    assert tokens(completions=["x" * 8, "x" * 12, "x" * 13]) == [0.0, -0.5, -1.0]
    chat = [{"role": "assistant", "content": "x" * 300}]
    assert rewards.make("length")(completions=[chat, None, 5]) == [-1.0, 0.0, 0.0]


@pytest.mark.parametrize("params,match", [
    ({"max_length": 0}, "max_length"), ({"max_length": "256"}, "max_length"), ({"max_length": True}, "max_length"),
    ({"buffer": -1}, "buffer"), ({"max_length": 10, "buffer": 11}, "buffer"), ({"buffer": 1.5}, "buffer"),
    ({"unit": "words"}, "unit"),
])
def test_length_rejects_bad_params_at_build_time(params, match):
    with pytest.raises(ValueError, match=match):
        length.make(params)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 400), st.data())
def test_length_curve_is_monotone_and_bounded(max_length, data):
    buffer = data.draw(st.integers(0, max_length))
    values = [length.penalty(n, max_length, buffer) for n in range(0, max_length + 3)]
    assert all(-1.0 <= v <= 0.0 and math.isfinite(v) for v in values)
    assert all(a >= b for a, b in zip(values, values[1:]))
    assert values[max_length - buffer] == 0.0 and values[max_length + 1] == -1.0
    assert values[max_length] == (-1.0 if buffer else 0.0)  # buffer=0: a hard step just past max_length


# ------------------------------------------------------- registry / config

def test_registered_with_declared_params():
    assert rewards.REGISTRY["gsm8k"].params == frozenset()
    assert rewards.REGISTRY["format"].params == {"tags"}
    assert rewards.REGISTRY["length"].params == {"max_length", "buffer", "unit"}


@pytest.mark.parametrize("option", ["gsm8k", "format", "length", "composite"])
def test_reward_options_compose_validate_and_build(option):
    cfg = compose([f"reward={option}", "task=gsm8k", "model=tiny"])
    assert problems_in(cfg) == []
    graders = rewards.build(cfg.reward)
    fn = rewards.combined(graders)
    out = fn(prompts=[None] * 2, completions=[[{"role": "assistant", "content": "<think>x</think><answer>3</answer>"}],
                                              [{"role": "assistant", "content": None}]], answer=["3", "3"])
    assert len(out) == 2 and all(isinstance(v, float) for v in out)


def test_composite_components_are_weighted_and_named():
    cfg = compose(["reward=composite", "task=gsm8k", "model=tiny"])
    graders = rewards.build(cfg.reward)
    assert [(n, w) for n, _, w in graders] == [("gsm8k", 1.0), ("format", 0.2)]
    best = rewards.combined(graders)(completions=["<think>2+1</think><answer>#### 3</answer>"], answer=["3"])
    assert best == [pytest.approx(1.0)]


def test_unknown_param_is_a_validation_problem():
    cfg = compose(["reward=format", "+reward.params.tagz=[a]", "model=tiny"])
    assert any("unknown key(s) ['tagz']" in p for p in problems_in(cfg))
