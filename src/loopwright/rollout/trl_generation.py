"""The TRL call an HF rollout goes through, and wrapping it: shared by the rollout's wrappers (decode_casts,
inverse_cdf_sampling, prompt_sharing)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

# TRL 1.16: GRPOTrainer and RLOOTrainer both produce a rollout batch's completions here (the HF path, and each turn
# of a multi-turn episode); pinned with trl in pyproject.toml.
GENERATION_METHOD = "_generate_single_turn"


def wrap_generation(trainer: Any, around: Callable[[], Any], owner: str) -> None:
    """Run the trainer's generation call inside the context manager ``around()`` makes, per call. ``owner`` (the
    wrapping module) is named when the pinned TRL lacks the call."""
    generate = getattr(trainer, GENERATION_METHOD, None)
    if generate is None:
        raise RuntimeError(f"{type(trainer).__name__} has no {GENERATION_METHOD}: the TRL pin in pyproject.toml "
                           f"and {owner} disagree")

    @functools.wraps(generate)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        with around():
            return generate(*args, **kwargs)

    setattr(trainer, GENERATION_METHOD, wrapped)
