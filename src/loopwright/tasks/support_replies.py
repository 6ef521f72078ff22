"""Reference replies for the shipped support scenarios, written from each scenario's record.

``task=customer_support task.params.reference_replies=true`` gives every *training* row a ``completion``: a
reply that states what the scenario's ``must_state`` asks for, each value copied from the record (the status,
the tracking number and carrier, the refund amount and date, the dates, the next step and where it was sent,
the hand-off), in a few polite wordings chosen by the scenario's id. The SFT warm-up of
``experiment=support_agent_sft`` learns from them what a reply grounded in the record looks like; held-out
rows never get one. Deterministic; no model.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

OPENINGS = ("Thanks for reaching out.", "Thank you for contacting us.", "Thanks for your message.",
            "I'm sorry for the trouble.", "Happy to help with this.")
CLOSINGS = ("Let me know if there is anything else I can do.", "Is there anything else I can help with?",
            "Thanks for your patience.", "")
STATUS_WORDS = {"shipped": "has shipped", "delivered": "was delivered", "processing": "is still being processed",
                "returned": "has been returned to us", "cancelled": "has been cancelled",
                "lost": "has been confirmed lost by the carrier"}
NEXT_STEPS = {"reset_link": "I've sent a password reset link to {email}",
              "verification_code": "I've sent a verification code to {email}",
              "replacement": "I've arranged a free replacement for you"}


def _date(value: Any) -> str | None:
    try:
        day = dt.date.fromisoformat(str(value))
    except ValueError:
        return None
    return f"{day.strftime('%B')} {day.day}, {day.year}"


def _money(value: Any) -> str:
    return f"${float(value):.2f}"


def _sentences(facts: dict, must: list[str]) -> list[str]:
    order = facts["order_id"]
    out = []
    status = facts.get("status")
    if "status" in must or "order_id" in must or status in STATUS_WORDS:
        words = STATUS_WORDS.get(status, f"is {status}")
        out.append(f"Your order {order} {words}.")
    if "tracking" in must and facts.get("tracking"):
        carrier = f" with {facts['carrier']}" if facts.get("carrier") else ""
        out.append(f"It is on its way{carrier}, tracking number {facts['tracking']}.")
    shipped = "It is scheduled to ship on {}." if status == "processing" else "It shipped on {}."
    for key, text in (("ship_date", shipped), ("eta", "It is expected to arrive on {}."),
                      ("delivered_date", "It was delivered on {}.")):
        if key in must and _date(facts.get(key)):
            out.append(text.format(_date(facts[key])))
    if "refund_amount" in must and facts.get("refund_amount") is not None:
        when = f" on {_date(facts['refund_date'])}" if "refund_date" in must and _date(facts.get("refund_date")) \
            else ""
        out.append(f"Your refund of {_money(facts['refund_amount'])} was issued{when}.")
    elif "refund_date" in must and _date(facts.get("refund_date")):
        out.append(f"Your refund was issued on {_date(facts['refund_date'])}.")
    step = facts.get("next_step")
    if ("next_step" in must or "account_email" in must) and step in NEXT_STEPS:
        out.append(NEXT_STEPS[step].format(email=facts.get("account_email") or "the email on your account") + ".")
    if "escalate" in must or facts.get("escalate"):
        out.append(f"I've passed order {order} to a specialist on our team, who will contact you directly.")
    return out


def reference_reply(scenario: dict) -> str:
    """One polite reply stating the scenario's must_state items from its record."""
    rng = random.Random(scenario["scenario_id"])
    body = _sentences(scenario["facts"], list(scenario.get("must_state") or []))
    return " ".join(part for part in (rng.choice(OPENINGS), *body, rng.choice(CLOSINGS)) if part)
