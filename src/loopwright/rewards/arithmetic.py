"""Exact first-number match for arithmetic answers.

The grader never raises: empty, non-string, non-numeric or enormous outputs
score 0.0. A first number that opens an expression ("8 + 0 ...") is the question
restated, not an answer, and scores 0.0: otherwise echoing "What is 8 + 0?" would
be kept whenever the first operand happens to be the answer (the reward audit,
``python -m loopwright.audit reward=arithmetic task=arithmetic``, found it).
Only the first ``_SCAN_CHARS`` characters are read, so a runaway
completion cannot make grading slow.
"""

from __future__ import annotations

import re
from typing import Any

from loopwright.rewards import completion_text, register

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_SCAN_CHARS = 4096
_MAX_DIGITS = 64  # longer digit strings are not answers; refuse to parse them
_OPERATOR_NEXT = re.compile(r"\s*[-+*/x×÷^]\s*-?\d")


def first_number(text: str) -> str | None:
    match = _NUMBER.search(text[:_SCAN_CHARS])
    if match is None or len(match.group()) > _MAX_DIGITS or _OPERATOR_NEXT.match(text, match.end()):
        return None
    return match.group()


def _same_number(found: str, expected: Any) -> bool:
    try:
        return float(found) == float(str(expected).strip())
    except (TypeError, ValueError, OverflowError):
        return False


def score(completion: Any, answer: Any) -> float:
    found = first_number(completion_text(completion))
    return 1.0 if found is not None and _same_number(found, answer) else 0.0


def arithmetic_reward(completions: list, answer: list, **_: Any) -> list[float]:
    """TRL reward function: one float per completion (1.0 when the first number is the answer)."""
    answers = list(answer) if answer is not None else []
    return [score(c, answers[i] if i < len(answers) else None) for i, c in enumerate(completions)]


@register("arithmetic", summary="1.0 when the first number in the reply equals the answer", verifies="the answer")
def make(params: dict) -> Any:
    """Registry factory (no params)."""
    return arithmetic_reward
