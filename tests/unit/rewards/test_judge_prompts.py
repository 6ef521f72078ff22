"""reward=judge's parsers and prompts: lenient about the wrapping, strict about the content."""

from __future__ import annotations

import pytest

from loopwright.rewards._calibration import deal
from loopwright.rewards._judge_prompts import (JudgeParseError, group_messages, parse_ranking, parse_score,
                                               pointwise_messages, rank_scores)


@pytest.mark.parametrize("reply,expected", [
    ('{"score": 7, "reason": "fine"}', 0.7),
    ('```json\n{"score": 10}\n```', 1.0),
    ("Reasoning first... Score: 3", 0.3),
    ("I would give it 8/10.", 0.8),
    ("  4  ", 0.4),
    ("0.00\n\nThe response is a complete lie.", 0.0),  # how SmolLM2-135M answers
    ("7\nbecause it is concrete", 0.7),
    ('The verdict: {"reason": "ok", "score": 0}', 0.0),
])
def test_a_score_is_read_from_common_wrappings(reply, expected):
    assert parse_score(reply, 10) == pytest.approx(expected)


@pytest.mark.parametrize("reply", ["", "I cannot judge this.", '{"score": 11}', '{"score": -1}', "Score: 42",
                                   "12:30 is when it ships",
                                   '{"score": "great"}', None])
def test_nonsense_is_an_error_never_a_guess(reply):
    with pytest.raises(JudgeParseError):
        parse_score(reply, 10)


@pytest.mark.parametrize("reply,n,expected", [
    ('{"ranking": [2, 3, 1]}', 3, [2, 3, 1]),
    ('[1, 2]', 2, [1, 2]),
    ("Ranking: 3 > 1 > 2", 3, [3, 1, 2]),
    ('{"ranking": ["2", "1"], "reason": "2 is concrete"}', 2, [2, 1]),
])
def test_a_ranking_is_read(reply, n, expected):
    assert parse_ranking(reply, n) == expected


@pytest.mark.parametrize("reply", ['{"ranking": [1, 1, 2]}', '{"ranking": [1, 2]}', "no idea", '{"ranking": [0, 1, 2]}',
                                   '{"ranking": [1, 2, 3, 4]}'])
def test_a_ranking_must_be_a_permutation_of_the_ids(reply):
    with pytest.raises(JudgeParseError):
        parse_ranking(reply, 3)


def test_ranks_become_evenly_spaced_scores_in_id_order():
    assert rank_scores([2, 3, 1]) == [0.0, 1.0, 0.5]
    assert rank_scores([1]) == [1.0]


def test_the_prompts_carry_rubric_conversation_and_replies():
    messages = pointwise_messages([{"role": "user", "content": "where is W1?"}], "It shipped.", "BE KIND", 10)
    assert "0 to 10" in messages[0]["content"] and "BE KIND" in messages[1]["content"]
    assert "[user] where is W1?" in messages[1]["content"] and "It shipped." in messages[1]["content"]
    shared = group_messages([("q", "a"), ("q", "b")], "R")[1]["content"]
    assert shared.count("<conversation>") == 1 and '<item id="2">' in shared  # the shared context once (RULER)
    apart = group_messages([("q1", "a"), ("q2", "b")], "R")[1]["content"]
    assert apart.count("<conversation>") == 2


def test_calibration_groups_mix_both_labels():
    rows = [{"label": 1, "line": i} for i in range(13)] + [{"label": 0, "line": i} for i in range(13, 30)]
    groups = deal(rows, 4)
    assert len(groups) == 8 and sum(map(len, groups)) == 30
    assert all({r["label"] for r in g} == {0, 1} for g in groups)
