"""DAPO-style soft overlong punishment as a composable reward (arXiv:2503.14476, eq. 13).

With ``L = max_length`` and ``B = buffer`` and a reply of length ``n``::

    0                  if n <= L - B
    ((L - B) - n) / B  if L - B < n <= L     (linear from 0 down to -1)
    -1                 if n > L

Params:

* ``max_length`` (default 256): L, an int >= 1.
* ``buffer`` (default 64): B, an int in [0, max_length]; 0 makes it a hard step at L.
* ``unit`` (default ``chars``): what ``n`` counts. ``chars``: characters of the
  reply text. ``tokens``: the reply's token count, from the ``completion_ids``
  TRL passes to reward functions during training; where they are not passed
  (for instance held-out evaluation, which grades text), it is estimated as
  ceil(characters / 4).

The score is in [-1, 0]; give it a weight in ``reward=composite`` to trade it
against correctness. ``objective.overlong`` (loopwright.objectives.overlong_penalty)
applies the same curve to token ids for objective=dapo, sized from
``profile.max_completion_length``; this grader is the user-composed variant.
Both compute the curve with TRL's own ``trl.rewards.get_soft_overlong_punishment``
(one implementation; it reads only ``len()`` of each completion's ids, so a
length counted here in characters is handed to it as ``range(n)``).

Never raises: a reply that is None or not text has length 0 (score 0.0).
"""

from __future__ import annotations

import math
from typing import Any

from loopwright.rewards import completion_text, register

UNITS = ("chars", "tokens")


def _int_param(params: dict, key: str, default: int) -> int:
    value = params.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"reward params.{key} must be an integer, got {value!r}")
    return value


def curve(max_length: int, buffer: int) -> Any:
    """Eq. 13 as TRL ships it: ``curve(completion_ids) -> [score per completion]``, from ``len(ids)``."""
    from trl.rewards import get_soft_overlong_punishment  # pure python: imports neither torch nor transformers

    return get_soft_overlong_punishment(max_completion_len=max_length, soft_punish_cache=buffer)


def penalty(n: int, max_length: int, buffer: int) -> float:
    """The eq. 13 curve for a length ``n``."""
    return curve(max_length, buffer)([range(n)])[0]


@register("length", params={"max_length", "buffer", "unit"},
          summary="DAPO soft overlong punishment: 0, then linear to -1 over the last `buffer` chars/tokens",
          shaping="a length penalty in [-1, 0]: a component of reward=composite, not a grader of content")
def make(params: dict) -> Any:
    """Registry factory: ``params.max_length``, ``params.buffer``, ``params.unit``."""
    max_length = _int_param(params, "max_length", 256)
    buffer = _int_param(params, "buffer", 64)
    unit = params.get("unit", "chars")
    if max_length < 1:
        raise ValueError(f"reward params.max_length={max_length} must be >= 1")
    if not 0 <= buffer <= max_length:
        raise ValueError(f"reward params.buffer={buffer} must be in [0, max_length={max_length}]")
    if unit not in UNITS:
        raise ValueError(f"reward params.unit={unit!r} must be one of {list(UNITS)}")
    soft_overlong = curve(max_length, buffer)

    def length_of(completion: Any, ids: Any) -> int:
        if unit == "tokens":
            if ids is not None and hasattr(ids, "__len__"):
                return len(ids)
            return math.ceil(len(completion_text(completion)) / 4)
        return len(completion_text(completion))

    def length_penalty(completions: list, completion_ids: list | None = None, **_: Any) -> list[float]:
        """TRL reward function: one float in [-1, 0] per completion."""
        completions = list(completions) if isinstance(completions, (list, tuple)) else []
        ids = list(completion_ids) if isinstance(completion_ids, (list, tuple)) else []
        out = []
        for i, c in enumerate(completions):
            try:
                n = length_of(c, ids[i] if len(ids) == len(completions) else None)
                out.append(soft_overlong([range(n)])[0])
            except Exception:  # noqa: BLE001 - a grader must never raise
                out.append(0.0)
        return out

    return length_penalty
