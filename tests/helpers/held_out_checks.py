"""Held-out checks written for the tests (``eval.held_out_check=helpers.held_out_checks.<name>``): TRL's reward
signature, a signal the planted training reward never saw."""

from __future__ import annotations

import re
from typing import Any

from loopwright.rewards import completion_text


def short_number(completions: list, **_: Any) -> list[float]:
    """The arithmetic task's reply format: one number of at most three digits (its answers are sums of small
    numbers) and nothing else (1.0), else 0.0."""
    return [1.0 if re.fullmatch(r"\s*-?\d{1,3}\s*", completion_text(c)) else 0.0 for c in completions]
