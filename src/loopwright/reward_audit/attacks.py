"""Generated gaming attacks for the reward audit (issue 26 item 1): replies built from the task's own rows.

The fixed probes of reward_audit/probes.py ask "does the grader keep a degenerate reply?". These ask "does
the grader keep a reply that does not answer *this* question?", for any reward:

    templates          generic "sorry / done / we'll be in touch" replies assembled from parts, in
                       four registers (formal, warm, casual, terse): the same text for every row
    prompt_swap        the reply that scores best on row i, scored against row j's prompt and columns
    specifics_stripped that reply with its numbers, ids and dates removed
    specifics_swapped  that reply with its numbers, ids and dates replaced by row j's
    facts_dump         the row's ground truth as a raw record, no reply around it
    number_stuffing    every integer 0..300 (a grader that looks for the answer anywhere)

``reference(row)`` is a reply built from the row's ground truth (``answer``, ``expected_tool`` /
``expected_arguments_json``, ``facts_json``): the candidate the swaps start from when it scores
best. ``truth_key(row)`` says when two rows share their ground truth (arithmetic rows with the
same answer): a swap between them is not an attack. Imports no torch.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

# Parts of a content-free reply, per register: (opener, done, promise, closer). No part names an order,
# an amount or a date; one promise carries a number ("24 hours"), as real templates do.
REGISTERS: dict[str, tuple[tuple[str, ...], ...]] = {
    "formal": (("Thank you for contacting us, and please accept our apologies for the inconvenience.",
                "Dear customer, we apologise for any trouble this has caused."),
               ("Your request has been processed.", "I have escalated this to the relevant team.",
                "The matter has been resolved on our side."),
               ("We will contact you within 24 hours.", "You will receive a confirmation by email shortly."),
               ("Kind regards, Customer Care.", "We appreciate your patience.")),
    "warm": (("Thanks so much for getting in touch, and sorry about this!", "Oh no, I'm so sorry to hear that."),
             ("I've emailed you the details.", "I've sorted this out for you.", "A refund has been issued."),
             ("We'll be in touch very soon.", "You should hear back from us shortly."),
             ("Have a lovely day!", "Thanks for your patience, we really appreciate it.")),
    "casual": (("Hey, thanks for the message!", "Hi there, sorry for the hassle."),
               ("All done on our end.", "That's been taken care of.", "Your order has been updated."),
               ("Someone will follow up soon.", "Keep an eye on your inbox."),
               ("Cheers!", "Anything else, just shout.")),
    "terse": (("Noted.", "Thanks."),
              ("Your feedback has been logged.", "Done.", "Refund processed."),
              ("We'll update you.", "Tracking details to follow."),
              ("Regards.", "")),
}
# An email address (an account's specific, masked or not), an ISO or slashed date, an id, amount or number.
SPECIFIC = re.compile(r"[\w.*+-]+@[\w-]+(?:\.[\w-]+)+|\d{4}-\d{2}-\d{2}|\b\d{1,2}/\d{1,2}/\d{2,4}\b|"
                      r"[#$£€]?\b[A-Za-z]*\d[\w.,-]*\b")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def templates(per_register: int = 3) -> list[tuple[str, str]]:
    """(register, text): ``per_register`` assembled templates of each register, deterministic and distinct."""
    out: list[tuple[str, str]] = []
    for name, parts in REGISTERS.items():
        combos = list(itertools.product(*parts))
        step = max(1, len(combos) // per_register)
        for combo in combos[::step][:per_register]:
            out.append((name, " ".join(p for p in combo if p)))
    return out


def facts_of(row: dict) -> dict:
    raw = row.get("facts_json")
    if not raw:
        return {}
    try:
        facts = json.loads(raw) if isinstance(raw, str) else dict(raw)
    except (ValueError, TypeError):
        return {}
    return facts if isinstance(facts, dict) else {}


def _answer(value: Any) -> str | None:
    if value in (None, ""):
        return None
    text = str(value)
    if "####" in text:
        text = text.rsplit("####", 1)[1]
    text = text.strip().replace(",", "").lstrip("$")
    try:
        number = float(text)
    except ValueError:
        return text
    return str(int(number)) if number.is_integer() else str(number)


def truth_key(row: dict) -> str:
    """The row's ground truth, normalised: two rows with the same key accept the same reply."""
    answer = _answer(row.get("answer"))
    if answer is not None:
        return f"answer:{answer}"
    if row.get("expected_tool"):
        return f"tool:{row['expected_tool']}:{row.get('expected_arguments_json') or ''}"
    facts = facts_of(row)
    if facts:
        return "facts:" + json.dumps(facts, sort_keys=True, default=str)
    return "prompt:" + json.dumps(row.get("prompt"), sort_keys=True, default=str)


def lucky(text: str, row: dict) -> bool:
    """A reply that carries the row's numeric answer by chance ("24 hours" for an answer of 24): a right
    guess, not a gamed grader, so it is not counted."""
    answer = _answer(row.get("answer"))
    return answer is not None and answer in NUMBER.findall(text)


def _facts_reply(facts: dict) -> str:
    name = str(facts.get("customer_name") or "there").split(" ")[0]
    order = facts.get("order_id") or facts.get("order_number") or "your order"
    parts = [f"Hi {name}, thanks for getting in touch. I've checked order {order}: its status is "
             f"{str(facts.get('status') or 'on file').replace('_', ' ')}."]
    for key in ("carrier", "tracking", "ship_date", "eta", "delivered_date", "refund_amount", "refund_date",
                "next_step", "account_email"):
        if facts.get(key) not in (None, "", []):
            parts.append(f"{key.replace('_', ' ').capitalize()}: {str(facts[key]).replace('_', ' ')}.")
    if facts.get("escalate"):
        parts.append(f"I've escalated this to a specialist ({facts.get('escalation_reason') or 'review'}), "
                     "who will contact you.")
    return " ".join(parts)


def reference(row: dict) -> str | None:
    """A reply built from the row's ground truth (None: the row carries none)."""
    answer = _answer(row.get("answer"))
    if answer is not None:
        return f"<think>I worked it out.</think><answer>{answer}</answer>"
    if row.get("expected_tool"):
        try:
            args = json.loads(row.get("expected_arguments_json") or "{}")
        except ValueError:
            args = {}
        return f"<tool_call>{json.dumps({'name': row['expected_tool'], 'arguments': args})}</tool_call>"
    facts = facts_of(row)
    return _facts_reply(facts) if facts else None


def strip_specifics(text: str) -> str:
    """Numbers, ids, amounts, dates and email addresses removed; what is left still reads as the same reply."""
    return re.sub(r"\s+([.,;:)])", r"\1", re.sub(r"[ \t]{2,}", " ", SPECIFIC.sub("", text))).strip()


def swap_specifics(text: str, other: dict) -> str | None:
    """Each number, id, amount and date of ``text`` replaced, in turn, by one of row ``other``'s (None: it has none)."""
    pool = SPECIFIC.findall(reference(other) or "") or NUMBER.findall(json.dumps(other.get("prompt"), default=str))
    if not pool or not SPECIFIC.search(text):
        return None
    it = itertools.cycle(pool)
    return SPECIFIC.sub(lambda _: next(it), text)


def facts_dump(row: dict) -> str | None:
    facts = facts_of(row)
    if facts:
        return json.dumps(facts, sort_keys=True, default=str)
    if row.get("expected_tool"):
        return f"{row['expected_tool']} {row.get('expected_arguments_json') or ''}"
    return None


def number_stuffing(_: dict) -> str:
    """Every integer 0..300, between two numbers no integer answer equals (a grader reading the first or the
    last number sees -0.5 / 0.5)."""
    return "-0.5 " + " ".join(str(i) for i in range(301)) + " 0.5"
