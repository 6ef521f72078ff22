"""What reward=judge sends and how it reads the answers: the default rubric, the two prompts, the parsers.

pointwise asks for one number on 0..scale per completion. group follows OpenPipe's
RULER (art/rewards/ruler.py): every completion of one GRPO group in one request, the
context they share written once, each completion tagged with an id. RULER asks for a
0-1 score per trajectory; here the judge gives a ranking (ids best first) and the
reward is the rank, because a rank is what a judge can be asked for consistently and
relative scores are all GRPO uses. Both parsers are lenient about the wrapping (JSON
in a code fence, prose around it, "Score: 7/10", a leading "8", "2 > 1 > 3") and strict about the
content: a number outside the scale or a ranking that is not a permutation of the ids
is :class:`JudgeParseError`, which the client retries and then reports; never a guess.
"""

from __future__ import annotations

import json
import re
from typing import Any

DEFAULT_RUBRIC = """\
- A reply that does what the user asked (answers the question, resolves the request, or states the concrete next \
step and who takes it) scores far higher than one that does not.
- Specifics the conversation supports (identifiers, dates, amounts, statuses) count for the reply; a claim the \
conversation contradicts or cannot support counts heavily against it.
- Polite and plain beats rude, evasive or padded. A reply that hands the case to a human when there is fraud, a \
legal threat, danger or harm is right to do so; one that escalates without reason is not.
- Empty replies, refusals without reason, broken tool calls and keyword lists fail."""

# Bump when a prompt's wording changes: the cache key is the request, so old answers are then not reused.
PROMPT_VERSION = "v1"

_POINTWISE_SYSTEM = (
    "You grade one reply of an AI assistant against a rubric. Read the conversation and the reply, then answer "
    'with JSON only, on one line: {{"score": <integer from 0 to {scale}>, "reason": "<one short sentence>"}}. '
    "0 means the reply fails the rubric, {scale} means it meets it fully."
)
_GROUP_SYSTEM = (
    "You compare several replies of an AI assistant against a rubric. Rank them from best to worst. "
    'Answer with JSON only, on one line: {{"ranking": [<the ids, best first>], "reason": "<one short sentence>"}}. '
    "Every id from 1 to {n} appears exactly once."
)


class JudgeParseError(ValueError):
    """The judge's reply holds no usable score or ranking."""


def render_messages(value: Any) -> str:
    """A prompt or completion (text, or a list of chat messages) as plain text for the judge."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        return ""
    lines = []
    for m in value:
        if not isinstance(m, dict):
            continue
        content = m.get("content")
        text = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False) if content else ""
        if m.get("tool_calls"):
            text = (text + "\n" if text else "") + json.dumps(m["tool_calls"], ensure_ascii=False)
        lines.append(f"[{m.get('role', 'message')}] {text}")
    return "\n".join(lines)


def pointwise_messages(prompt: Any, completion: Any, rubric: str, scale: int) -> list[dict]:
    user = (f"Rubric:\n{rubric}\n\n<conversation>\n{render_messages(prompt)}\n</conversation>\n\n"
            f"<reply>\n{render_messages(completion)}\n</reply>\n\nScore the reply from 0 to {scale}.")
    return [{"role": "system", "content": _POINTWISE_SYSTEM.format(scale=scale)}, {"role": "user", "content": user}]


def group_messages(items: list[tuple[Any, Any]], rubric: str) -> list[dict]:
    """One request ranking ``items`` ((prompt, completion) pairs); a context they all share is written once."""
    contexts = [render_messages(p) for p, _ in items]
    shared = len(set(contexts)) == 1
    parts = [f"Rubric:\n{rubric}\n"]
    if shared:
        parts.append(f"All replies answer this conversation:\n<conversation>\n{contexts[0]}\n</conversation>\n")
    for i, (context, (_, completion)) in enumerate(zip(contexts, items), start=1):
        body = f"<reply>\n{render_messages(completion)}\n</reply>"
        if not shared:
            body = f"<conversation>\n{context}\n</conversation>\n{body}"
        parts.append(f'<item id="{i}">\n{body}\n</item>')
    parts.append(f"Rank the {len(items)} replies, best first.")
    return [{"role": "system", "content": _GROUP_SYSTEM.format(n=len(items))},
            {"role": "user", "content": "\n".join(parts)}]


def _json_object(text: str) -> Any:
    """The first JSON value in ``text`` that parses (a whole reply, or an object inside prose/code fences)."""
    try:
        return json.loads(text)
    except ValueError:
        pass
    decoder = json.JSONDecoder()
    for match in re.finditer(r"[{\[]", text):
        try:
            return decoder.raw_decode(text[match.start():])[0]
        except ValueError:
            continue
    return None


def _snippet(text: str) -> str:
    text = " ".join(str(text).split())
    return repr(text[:160] + ("..." if len(text) > 160 else ""))


_NUMBER = r"(-?\d+(?:\.\d+)?)"


def parse_score(text: Any, scale: int) -> float:
    """The score in [0, 1] (the judge's number / scale) from a pointwise reply, else JudgeParseError."""
    if not isinstance(text, str) or not text.strip():
        raise JudgeParseError("an empty reply")
    value: Any = None
    data = _json_object(text)
    if isinstance(data, dict) and "score" in data:
        value = data["score"]
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        value = data
    else:
        # "Score: 7", "7/10", then a reply that starts with its number ("8\n\nThe reply ...")
        for pattern in (r"\bscore\b\W{0,4}" + _NUMBER, _NUMBER + r"\s*/\s*" + str(scale) + r"\b",
                        r"^\s*" + _NUMBER + r"(?![\d.]*\s*[/:%])(?:\s|$)"):
            match = re.search(pattern, text, re.I)
            if match:
                value = match.group(1)
                break
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise JudgeParseError(f"no score in {_snippet(text)}") from None
    if not 0 <= number <= scale:
        raise JudgeParseError(f"score {number:g} outside 0..{scale} in {_snippet(text)}")
    return number / scale


def parse_ranking(text: Any, n: int) -> list[int]:
    """The ids 1..n best first, from a group reply; anything but a permutation of them is JudgeParseError."""
    if not isinstance(text, str) or not text.strip():
        raise JudgeParseError("an empty reply")
    data = _json_object(text)
    if isinstance(data, dict):
        data = data.get("ranking")
    if isinstance(data, list):
        ids = data
    else:  # "2 > 1 > 3", "Ranking: 2, 1, 3"
        tail = re.split(r"\branking\b", text, maxsplit=1, flags=re.I)[-1]
        ids = re.findall(r"\d+", tail)
    try:
        ranking = [int(str(i).strip().lstrip("#")) for i in ids]
    except ValueError:
        raise JudgeParseError(f"ranking with a non-id in {_snippet(text)}") from None
    if sorted(ranking) != list(range(1, n + 1)):
        raise JudgeParseError(f"not a ranking of the ids 1..{n}: {ranking[:12]} in {_snippet(text)}")
    return ranking


def rank_scores(ranking: list[int]) -> list[float]:
    """Scores in id order from a ranking: best 1.0, worst 0.0, evenly spaced."""
    n = len(ranking)
    scores = [0.0] * n
    for position, item in enumerate(ranking):
        scores[item - 1] = 1.0 - position / (n - 1) if n > 1 else 1.0
    return scores
