"""Grader for tool calls written as ``<tool_call>{json}</tool_call>`` blocks.

The call format (as in the Qwen / Hermes chat templates)::

    <tool_call>{"name": "calculator", "arguments": {"expression": "12 * 7"}}</tool_call>

The body is one JSON object with a string ``name`` and an object ``arguments``.
The grader reads the row columns ``expected_tool`` (a tool name) and
``expected_arguments_json`` (a JSON object; a subset match: every expected key must
be present with an equal value, extra arguments are allowed). Scoring of the
first well-formed call, in [0, 1]:

    0.0   no block at all, or only malformed blocks, or the call names a tool
          outside ``known_tools`` (an invented tool)
    0.2   a well-formed call to a known tool
    +0.3  it is the expected tool
    +0.5  x the fraction of expected arguments present and equal

then -0.5 for every malformed block anywhere in the reply (invalid JSON, missing
name / arguments, an unclosed ``<tool_call>`` or a stray ``</tool_call>``), -0.2 for
more than one call (the task asks for one) and -0.2 when an argument is not in the
tool's signature (for tools of loopwright.episodes.tools), floored at 0.

Equality: numbers compare as floats (12 == 12.0); strings ignoring case and
whitespace; units through ``tools.canonical_unit`` ("miles" == "mi"); an
``expression`` argument of the calculator also matches when both expressions
evaluate to the same number ("12*7" == "7 * 12"). A right call scores 1.0; with
the default ``threshold`` 0.9 nothing less is kept.

Only the first ``SCAN_CHARS`` characters are read; empty, non-string and odd inputs
score 0.0 and never raise.
"""

from __future__ import annotations

import inspect
import json
import math
import re
from typing import Any

from loopwright.rewards import completion_text, register

SCAN_CHARS = 8000
DEFAULT_THRESHOLD = 0.9
OPEN, CLOSE = "<tool_call>", "</tool_call>"
_BLOCK = re.compile(r"<tool_call>(.*?)</tool_call>", re.S)
_UNIT_ARGS = {"from_unit", "to_unit"}


def _default_known() -> list[str]:
    from loopwright.episodes import tools

    return list(tools.TOOLS)


def parse_calls(text: str) -> tuple[list[dict], int]:
    """(well-formed calls in order, number of malformed blocks) in a reply."""
    calls: list[dict] = []
    malformed = 0
    for m in _BLOCK.finditer(text):
        try:
            body = json.loads(m.group(1).strip())
        except (ValueError, RecursionError):
            malformed += 1
            continue
        if (isinstance(body, dict) and isinstance(body.get("name"), str) and body["name"].strip()
                and isinstance(body.get("arguments", None), dict)):
            calls.append({"name": body["name"].strip(), "arguments": body["arguments"]})
        else:
            malformed += 1
    rest = _BLOCK.sub("", text)
    malformed += rest.count(OPEN) + rest.count(CLOSE)  # unclosed or stray tags
    return calls, malformed


def _norm_str(value: str) -> str:
    return "".join(value.split()).casefold()


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return number if math.isfinite(number) else None


def values_equal(key: str, got: Any, want: Any, tool: str = "") -> bool:
    from loopwright.episodes import tools

    if isinstance(want, bool) or isinstance(got, bool):
        return got is want
    if isinstance(want, (int, float)):
        number = _number(got)
        return number is not None and math.isclose(number, float(want), rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(want, str) and isinstance(got, str):
        if key in _UNIT_ARGS:
            a, b = tools.canonical_unit(got), tools.canonical_unit(want)
            if a is not None and a == b:
                return True
        if _norm_str(got) == _norm_str(want):
            return True
        if key == "expression" and tool in ("calculator", ""):
            a, b = tools.evaluate_expression(got), tools.evaluate_expression(want)
            return a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
        if key == "order_id":
            from loopwright.tasks.customer_support import normalize_order_id

            return normalize_order_id(got) == normalize_order_id(want)
        return False
    return got == want


def _signature_params(name: str) -> set[str] | None:
    from loopwright.episodes import tools

    fn = tools.TOOLS.get(name)
    return set(inspect.signature(fn).parameters) if fn else None


def breakdown(completion: Any, expected_tool: Any, expected_arguments_json: Any, known_tools: list[str]) -> dict:
    """Score and its parts for one reply."""
    out = {"score": 0.0, "calls": 0, "malformed": 0, "known": False, "right_tool": False, "args_fraction": 0.0,
           "unexpected_args": False}
    text = completion_text(completion)[:SCAN_CHARS]
    if not text:
        return out
    calls, malformed = parse_calls(text)
    out.update(calls=len(calls), malformed=malformed)
    if not calls:
        return out
    call = calls[0]
    if call["name"] not in known_tools:
        return out
    out["known"] = True
    try:
        expected_args = json.loads(expected_arguments_json) if isinstance(expected_arguments_json, str) else {}
    except ValueError:
        expected_args = {}
    if not isinstance(expected_args, dict):
        expected_args = {}
    score = 0.2
    if isinstance(expected_tool, str) and call["name"] == expected_tool:
        out["right_tool"] = True
        score += 0.3
        if expected_args:
            ok = sum(k in call["arguments"] and values_equal(k, call["arguments"][k], v, call["name"])
                     for k, v in expected_args.items())
            out["args_fraction"] = ok / len(expected_args)
        else:
            out["args_fraction"] = 1.0
        score += 0.5 * out["args_fraction"]
    allowed = _signature_params(call["name"])
    if allowed is not None and set(call["arguments"]) - allowed:
        out["unexpected_args"] = True
        score -= 0.2
    if len(calls) > 1:
        score -= 0.2
    score -= 0.5 * malformed
    out["score"] = round(max(0.0, score), 6)
    return out


@register("tool_calling", params={"known_tools", "threshold"},
          summary="<tool_call> JSON block: valid, known tool, expected tool and arguments",
          verifies="the expected tool and arguments")
def make(params: dict) -> Any:
    """Registry factory. Params: ``known_tools`` (default: loopwright.episodes.tools.TOOLS),
    ``threshold`` (default 0.9)."""
    params = params or {}
    known = params.get("known_tools")
    known_tools = [str(t) for t in known] if known else _default_known()
    threshold = float(params.get("threshold", DEFAULT_THRESHOLD))

    def tool_calling_reward(completions: list, expected_tool: Any = None, expected_arguments_json: Any = None,
                            **_: Any) -> list[float]:
        """TRL reward function: one float in [0, 1] per completion."""
        completions = list(completions or [])
        n = len(completions)
        tools_col = list(expected_tool) if isinstance(expected_tool, (list, tuple)) else [expected_tool] * n
        args_col = (list(expected_arguments_json) if isinstance(expected_arguments_json, (list, tuple))
                    else [expected_arguments_json] * n)
        out = []
        for i, c in enumerate(completions):
            try:
                out.append(float(breakdown(c, tools_col[i] if i < len(tools_col) else None,
                                           args_col[i] if i < len(args_col) else None, known_tools)["score"]))
            except Exception:  # noqa: BLE001 - a grader never raises
                out.append(0.0)
        return out

    tool_calling_reward.threshold = threshold
    tool_calling_reward.known_tools = known_tools
    return tool_calling_reward
