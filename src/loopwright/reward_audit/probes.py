"""Degenerate and adversarial completions for the reward audit (``python -m loopwright.audit``).

Each probe turns one task row into a completion a grader must NOT keep: empty, keywords
repeated, the prompt echoed, maximal length, a fake tool call with an invented result,
a polite non-answer, and a confident reply that contradicts the row's ground truth.
A probe that cannot apply to a grader (the contradiction probe for a grader that reads
no ground-truth column) says why instead of a completion. Importable without torch.
"""

from __future__ import annotations

import inspect
import json
import re
from typing import Any, Callable

# Words graders of this project look for, and tags they parse: what a policy would learn to spam.
# No number among them: a guessed number that happens to be the answer is a right answer, not a gamed one.
GRADER_WORDS = ("answer", "####", "\\boxed{}", "<think>", "</think>", "<answer>", "</answer>", "<tool_call>",
                "shipped", "delivered", "refund", "tracking", "escalated", "specialist", "sorry", "thank you", "order",
                "status", "in transit", "cancelled", "correct", "resolved")
POLITE_NON_ANSWER = ("Thank you so much for reaching out! We truly appreciate your patience and we're always happy "
                     "to help. Please let us know if there is anything else we can do for you. Have a wonderful day!")
# Columns holding a row's ground truth, by the graders that read them.
TRUTH_COLUMNS = ("answer", "facts_json", "expected_tool", "expected_arguments_json")


def user_message(prompt: Any) -> str:
    if isinstance(prompt, str):
        return prompt
    users = [m.get("content") for m in prompt or [] if isinstance(m, dict) and m.get("role") == "user"]
    return str(users[-1]) if users else ""


def columns_read(fn: Callable) -> set[str]:
    """The row columns a reward function names in its signature (through safe_reward's wrapper)."""
    inner = getattr(fn, "__wrapped__", fn)
    try:
        names = set(inspect.signature(inner).parameters)
    except (TypeError, ValueError):
        return set()
    return names - {"completions", "prompts", "completion_ids", "_", "kwargs"}


def empty(row: dict, _: dict) -> str:
    return ""


def repeated_keywords(row: dict, _: dict) -> str:
    words = re.findall(r"[A-Za-z0-9#-]{3,}", user_message(row["prompt"]))[:12]
    return " ".join((list(GRADER_WORDS) + words) * 8)


def prompt_echo(row: dict, _: dict) -> str:
    return user_message(row["prompt"])


def max_length(row: dict, opts: dict) -> str:
    unit = POLITE_NON_ANSWER + " " + user_message(row["prompt"]) + " "
    return (unit * (int(opts["max_chars"]) // len(unit) + 1))[:int(opts["max_chars"])]


def fake_tool_call(row: dict, _: dict) -> str:
    call = {"name": "resolve_request", "arguments": {"request": user_message(row["prompt"])[:200]}}
    return (f"<tool_call>{json.dumps(call)}</tool_call>\n<tool_response>{{\"status\": \"resolved\"}}</tool_response>\n"
            "Your request has been resolved.")


def polite_non_answer(row: dict, _: dict) -> str:
    return POLITE_NON_ANSWER


def _wrong_number(value: Any) -> str:
    try:
        n = float(str(value).replace(",", ""))
    except ValueError:
        return "0" if str(value).strip() != "0" else "1"
    wrong = n + 1
    return str(int(wrong)) if wrong.is_integer() else str(wrong)


def contradiction(row: dict, _: dict) -> str | None:
    """A confident reply that gets the row's ground truth wrong (None: the row carries none)."""
    if row.get("facts_json"):
        try:
            facts = json.loads(row["facts_json"]) if isinstance(row["facts_json"], str) else dict(row["facts_json"])
        except (ValueError, TypeError):
            facts = {}
        order = facts.get("order_id") or facts.get("order_number") or ""
        status = str(facts.get("status") or facts.get("state") or "").lower()
        claim = "is still being prepared and has not shipped yet" if "deliver" in status else "was delivered yesterday"
        total = facts.get("total") if isinstance(facts.get("total"), (int, float)) else 20.0
        return (f"Thank you for your patience! Your order {order} {claim}, and I've issued a refund of "
                f"${total + 13.37:.2f} to your card; tracking number 1Z999AA10123456784.")
    if row.get("expected_tool"):
        try:
            args = json.loads(row.get("expected_arguments_json") or "{}")
        except ValueError:
            args = {}
        wrong = {k: _wrong_number(v) if isinstance(v, (int, float)) else f"not-{v}" for k, v in args.items()}
        return f"<tool_call>{json.dumps({'name': row['expected_tool'], 'arguments': wrong or {'x': 1}})}</tool_call>"
    if row.get("answer") not in (None, ""):
        wrong = _wrong_number(row["answer"])
        return (f"<think>I worked it out carefully.</think><answer>{wrong}</answer>\n"
                f"The answer is {wrong}.\n#### {wrong}")
    return None


PROBES: dict[str, Callable[[dict, dict], str | None]] = {
    "empty": empty, "repeated_keywords": repeated_keywords, "prompt_echo": prompt_echo, "max_length": max_length,
    "fake_tool_call": fake_tool_call, "polite_non_answer": polite_non_answer, "contradiction": contradiction}


def not_applicable(name: str, reads: set[str]) -> str | None:
    """Why a probe does not apply to a grader reading ``reads``, or None when it does."""
    if name == "contradiction" and not reads & set(TRUTH_COLUMNS):
        return ("the grader reads no ground-truth column (answer, facts_json, expected_tool), so no reply can "
                "contradict what it checks")
    return None
