"""GSM8K-style final-answer match: 1.0 when the reply's final number equals the answer.

Extraction, from the first rule that applies:

1. ``#### N``: the first ``####`` followed (after optional spaces and ``$``) by a
   number. Text after it is ignored, so a model that rambles on into a new
   question is graded on the answer it gave. A Markdown heading such as
   ``#### Step 1`` does not count (no number right after the marks).
2. ``\\boxed{...}``: the last box in the reply. Its content, with LaTeX
   dressing removed (``$``, ``\\$``, ``\\,``, ``{,}``, ``\\text{..}``, ``%``,
   spaces), must be exactly one number; otherwise (``\\boxed{\\frac{1}{2}}``)
   there is no answer and the score is 0.0.
3. The last number in the reply.

Numbers are normalised before comparison: thousands separators (``1,234``),
a leading ``$``, the Unicode minus, trailing zeros (``12.50`` == ``12.5``,
``18.0`` == ``18``) and a leading minus (``-7``; but in ``10-3`` the ``-`` is a
subtraction, so the number is ``3``). The ``answer`` column is read the same
way, so it may be a plain number (``"18"``, ``18``) or a full GSM8K solution
ending in ``#### 18``.

Never raises: None, empty, non-string or malformed replies and answers score
0.0. Only the last ``_SCAN_CHARS`` characters of a reply are read (the final
answer lives at the end), so a runaway completion cannot make grading slow;
``#### N`` earlier than that window is not seen.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from loopwright.rewards import completion_text, register

_SCAN_CHARS = 16_384
_MAX_DIGITS = 64  # longer digit strings are not answers; refuse to parse them

_NUM = r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?"
# A minus is a sign only when it directly precedes the number (or its "$") and does not follow a
# letter, digit, dot or closing bracket: "-7" and "$-7" are negative, "10-3" and "10 - 3" end in 3.
_NUMBER = re.compile(rf"(?:(?<![A-Za-z0-9_.)\]])(-))?(?:\$\s?(-)?)?(?<![\d.])({_NUM})")
_HASHES = re.compile(rf"####[ \t]*\$?[ \t]*(-?)[ \t]*\$?({_NUM})")
_BOX = "\\boxed{"
_LATEX_DRESSING = re.compile(r"\\(?:text|mathrm|textbf|mbox)\{[^{}]*\}|\\[,!; ]|\\?\$|\\?%|\s+")


def normalise(number: str) -> str | None:
    """Canonical text of a number ("1,234.50" -> "1234.5", "-0" -> "0"), or None when it is not one."""
    if not isinstance(number, str):
        return None
    text = number.strip().replace("\u2212", "-").replace(",", "").lstrip("$")
    if text.startswith("-$"):
        text = "-" + text[2:]
    if not text or len(text) > _MAX_DIGITS:
        return None
    try:
        value = Decimal(text)
    except (InvalidOperation, ValueError):
        return None
    if not value.is_finite():
        return None
    value = value.normalize()
    if value == 0:
        return "0"
    return format(value, "f")


def _boxed_contents(text: str) -> list[str]:
    """Contents of every ``\\boxed{...}`` with balanced braces (unterminated boxes are skipped)."""
    out, start = [], text.find(_BOX)
    while start != -1:
        depth, i = 1, start + len(_BOX)
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        if depth == 0:
            out.append(text[start + len(_BOX):i - 1])
        start = text.find(_BOX, start + len(_BOX))
    return out


def _boxed_number(content: str) -> str | None:
    bare = _LATEX_DRESSING.sub("", content.replace("{,}", ",").replace("\u2212", "-"))
    return normalise(bare) if re.fullmatch(rf"-?{_NUM}", bare) else None


def extract(text: Any) -> str | None:
    """The final answer of a reply or a GSM8K solution, normalised; None when there is none."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str) or not text:
        return None
    text = text[-_SCAN_CHARS:].replace("\u2212", "-")
    match = _HASHES.search(text)
    if match:
        return normalise(match.group(1) + match.group(2))
    boxes = _boxed_contents(text)
    if boxes:
        return _boxed_number(boxes[-1])
    last = None
    for last in _NUMBER.finditer(text):
        pass
    if last is None:
        return None
    negative = bool(last.group(1) or last.group(2))
    return normalise(("-" if negative else "") + last.group(3))


def score(completion: Any, answer: Any) -> float:
    try:
        found = extract(completion_text(completion))
        expected = extract(answer)
    except Exception:  # noqa: BLE001 - a grader must never raise
        return 0.0
    return 1.0 if found is not None and found == expected else 0.0


def gsm8k_reward(completions: list, answer: list | None = None, **_: Any) -> list[float]:
    """TRL reward function: one float per completion (1.0 when its final number is the answer)."""
    completions = list(completions) if isinstance(completions, (list, tuple)) else []
    answers = list(answer) if isinstance(answer, (list, tuple)) else []
    return [score(c, answers[i] if i < len(answers) else None) for i, c in enumerate(completions)]


@register("gsm8k", summary="1.0 when the final answer (#### N, \\boxed{N}, else the last number) equals the answer",
          verifies="the answer")
def make(params: dict) -> Any:
    """Registry factory (no params)."""
    return gsm8k_reward
