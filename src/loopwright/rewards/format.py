"""Partial-credit structure reward: are the configured XML-like tags there, well formed and in order?

Params: ``tags`` (default ``["think", "answer"]``), the tag names in the order
they must appear. With ``k`` tags the score is::

    (number of well-formed tags + layout) / (k + 1)

* A tag ``t`` is **well formed** when the reply contains exactly one ``<t>`` and
  exactly one ``</t>``, the opening one comes first, and the text between them
  is not blank. A missing, unclosed, unopened, reversed, duplicated or empty
  tag earns nothing. Tags are matched exactly (case-sensitive, no attributes or
  inner spaces: ``<Think>`` and ``< think >`` are not the tag).
* **layout** is 1 when every tag is well formed *and* the reply is exactly the
  tags in the configured order, one after another, with nothing but whitespace
  before the first, between two, or after the last (so no overlap or nesting);
  otherwise 0.

So with the default tags: ``<think>..</think><answer>..</answer>`` scores 1.0;
the same with trailing text, or in the wrong order, 2/3; only a well-formed
``<answer>`` 1/3; no tags, or only broken ones, 0.0.

Never raises: None, empty and non-string replies score 0.0. Only the first
``_SCAN_CHARS`` characters are read; a longer reply is graded on that head and
never earns the layout credit (its end is unseen).
"""

from __future__ import annotations

import re
from typing import Any

from loopwright.rewards import completion_text, register

_SCAN_CHARS = 65_536
_TAG_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
DEFAULT_TAGS = ("think", "answer")


def check_tags(tags: Any) -> tuple[str, ...]:
    """The configured tag names, or ValueError saying what is wrong with them."""
    if tags is None:
        return DEFAULT_TAGS
    if isinstance(tags, str) or not isinstance(tags, (list, tuple)) or not tags:
        raise ValueError("reward params.tags must be a non-empty list of tag names, "
                         f"like [think, answer]; got {tags!r}")
    bad = [t for t in tags if not isinstance(t, str) or not _TAG_NAME.fullmatch(t)]
    if bad:
        raise ValueError(f"reward params.tags: {bad!r} are not tag names (letters, digits, _ . -; no < >)")
    if len(set(tags)) != len(tags):
        raise ValueError(f"reward params.tags lists a tag twice: {list(tags)!r}")
    return tuple(tags)


def _span(text: str, tag: str) -> tuple[int, int] | None:
    """(start of <tag>, end of </tag>) when the tag is well formed, else None."""
    opening, closing = f"<{tag}>", f"</{tag}>"
    if text.count(opening) != 1 or text.count(closing) != 1:
        return None
    start, end = text.find(opening), text.find(closing)
    if end < start or not text[start + len(opening):end].strip():
        return None
    return start, end + len(closing)


def score(completion: Any, tags: tuple[str, ...] = DEFAULT_TAGS) -> float:
    text = completion_text(completion)
    if not text:
        return 0.0
    whole = len(text) <= _SCAN_CHARS
    text = text[:_SCAN_CHARS]
    spans = [_span(text, t) for t in tags]
    good = sum(s is not None for s in spans)
    layout = 0
    if whole and good == len(tags):
        position = 0
        layout = 1
        for start, end in spans:
            if start < position or text[position:start].strip():
                layout = 0
                break
            position = end
        if text[position:].strip():
            layout = 0
    return (good + layout) / (len(tags) + 1)


@register("format", params={"tags"},
          summary="partial credit for well-formed <think>/<answer>-style tags in order, 1.0 for exactly that",
          shaping="it scores the tags' layout, never what is inside them: pair it with a correctness grader")
def make(params: dict) -> Any:
    """Registry factory: ``params.tags`` (default ["think", "answer"])."""
    tags = check_tags(params.get("tags"))

    def format_reward(completions: list, **_: Any) -> list[float]:
        """TRL reward function: one float in [0, 1] per completion (see the module docstring)."""
        out = []
        for c in completions if isinstance(completions, (list, tuple)) else []:
            try:
                out.append(score(c, tags))
            except Exception:  # noqa: BLE001 - a grader must never raise
                out.append(0.0)
        return out

    return format_reward
