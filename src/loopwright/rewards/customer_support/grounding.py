"""customer_support's grounding check: the reply's specifics against the record, the policy and earlier turns.

``reward.params.grounding``: ``cap`` (the default) lists every claim and its verdict in the score's
explanation and caps the score at the contradiction cap when a claim is ungrounded; ``show`` only lists them
(cap became the default once the derived dates had to be shown and the dates of every language were read:
docs/REWARDS.md, "Grounding"). Under ``cap``, a reply that
states a value the evidence contradicts, or invents money, a date or a count, is not keepable, whatever
else it does. A period, a time or a new case number the agent gives for what it is doing now (a call-back
before 18:00, a refund within 5 working days, case FR-207) that nothing contradicts is shown but does not cap: it
is a commitment, not a claim about the record, and the grounding check cannot tell an invented one from a real
one. A time of day or a period the evidence contradicts caps, except a period in a reply that hands the case to a
person: that is when the colleague will answer (COMMITMENT_KINDS).
"""

from __future__ import annotations

import json
import re
from typing import Any

from loopwright.grounding import CONTRADICTED, UNSUPPORTED, ground

INVENTED_KINDS = frozenset({"amount", "date", "number"})  # unsupported ones of these cap the score
# A carrier or a way to pay nothing names is shown, not capped: "back to your card" where the record keeps no payment
# method is how every shop words a refund (capping them lost 29 replies labelled keep over the sets read before); a
# named one the evidence contradicts caps like any other contradiction.
# A contradicted period caps: "you have 30 days" where the rules give 14, "the locker keeps it 72 hours" where they
# give 48 (session 26, over the sets read before: 14 replies labelled drop caught, 3 labelled keep lost, all three
# a shop's soft estimate: "usually ships within 2 working days"). It became possible once periods were read as the
# rules write them ("10 εργάσιμες ημέρες", "72 de ore", "7 iş günü") and a total the reply adds up from two periods
# it names counts as derived; before, capping lost as many as it caught (12 and 11). In a reply that hands the case
# to a person, a period is when the colleague will answer: a commitment, shown and not capped.
COMMITMENT_KINDS = frozenset({"duration"})
ANSWER_KINDS = frozenset({"date", "amount", "duration", "time", "id"})  # what an answer from the record states


MODES = ("show", "cap")


def mode_of(params: dict) -> str:
    mode = str(params.get("grounding", "cap"))
    if mode not in MODES:
        raise ValueError(f"reward.params.grounding={mode}: choose one of {', '.join(MODES)}")
    return mode


def record_of(facts_json: Any) -> dict | None:
    if isinstance(facts_json, dict):
        return facts_json
    if isinstance(facts_json, str) and facts_json.strip():
        try:
            value = json.loads(facts_json)
        except ValueError:
            return None
        return value if isinstance(value, dict) else None
    return None


def _messages(prompt: Any) -> list[dict]:
    if isinstance(prompt, list):
        return [m for m in prompt if isinstance(m, dict)]
    return [{"role": "user", "content": prompt}] if isinstance(prompt, str) else []


def _commitment(v, handed_off: bool) -> bool:
    """A period in a reply that hands off (when the colleague will answer), or a weekday written alone ("if it hasn't
    come by Friday"): when someone will act, shown but not capped. A weekday written with a date is that date's, and
    checked (grounding/)."""
    return (handed_off and v.claim.kind in COMMITMENT_KINDS) or (v.claim.kind == "weekday" and not v.source)


def check(text: str, facts_json: Any, prompt: Any, handed_off: bool = False) -> dict:
    """``grounding``: every claim with its verdict; ``ungrounded``: the ones that make the reply not keepable.
    ``handed_off``: the reply (or an earlier agent turn) passes the case to a person."""
    messages = _messages(prompt)
    g = ground(text, record_of(facts_json), messages)
    bad = [v.line() for v in g.verdicts if (v.verdict == CONTRADICTED and not _commitment(v, handed_off)) or (
        v.verdict == UNSUPPORTED and v.claim.kind in INVENTED_KINDS)]
    from_record = sum(1 for v in g.supported if v.source.startswith("record."))
    asked = re.sub(r"\W", "", " ".join(str(m.get("content", "")) for m in messages
                                      if m.get("role") == "user")).casefold()
    # Specifics the reply brings from the record or the shop's rules that the customer did not say themselves: an
    # answer drawn from the evidence, in whatever language the sentence around it is written.
    answers = sum(1 for v in g.supported if v.claim.kind in ANSWER_KINDS and not v.source.startswith("turn")
                  and re.sub(r"\W", "", v.claim.text).casefold() not in asked)
    # Named checks a fitted grader (rewards/_fitting.py) can weigh: how much of the record the reply states, and
    # how many of its specifics nothing supports; both in [0, 1].
    return {"grounding": g.explain(), "ungrounded": bad, "states_record": min(1.0, from_record / 2),
            "answers_from_evidence": answers,
            "unsupported_share": round(len(g.contradicted + g.unsupported) / len(g.verdicts), 6) if g.verdicts
            else 0.0}
