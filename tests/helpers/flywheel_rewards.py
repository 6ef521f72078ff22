"""A reward a random-init ``model=tiny`` can learn in a few SFT steps, so flywheel tests reach SHIP.

Greedy, the seeded tiny model answers with newlines only (docs/LOOP.md); sampled, it
writes random tokens, most without one. ``no_newline`` scores 1.0 for a reply without a
newline: the base model fails every held-out prompt, the best harvested replies pass,
and SFT on them moves the greedy reply off the newline, so the child beats its base.
"""

from __future__ import annotations

from typing import Any

from loopwright.rewards import completion_text


def no_newline(completions: list, **_: Any) -> list[float]:
    return [0.0 if "\n" in completion_text(c) else 1.0 for c in completions]
