"""customer_support's named checks: each states one principle and scores one reply in [0, 1].

The breakdown shows every check's score under ``checks`` (what ``loopwright.improve`` writes per graded turn and
what a fitted grader weighs, rewards/_fitting.py); ``checks_not_applicable`` names the ones the case gave nothing
to judge (scored 1.0: nothing failed). The shipped score (``__init__.py``) is a weighted sum of four of them
with caps; a fitted grader reweighs all of them from the user's labels.

grounded           every specific the reply states matches the record, the shop's rules or the earlier turns
                   (no contradiction the reading found; under ``reward.params.grounding=cap`` also no claim the
                   grounding check finds contradicted or invented)
resolves           the reply states what the case needs: the items the record names (``must_state``), else the
                   outcome, the status to a customer who asked where the order is, the refund amount to one who
                   asked for money back, the hand-off when one is expected (share stated, squared)
answers_asked      the reply does something for THIS request: an outcome anchored to it, a direct answer in the
                   question's own terms, a policy answer, or (no record, no order named) asking for the number
hands_off          it hands over to a human exactly when the case calls for it (the record's flag, a report of
                   danger, harm, fraud or a legal threat, the shop's own hand-off rule) and not otherwise
refuses_with_rule  when it refuses what was asked, it gives the reason: the order's status or the shop's rule
                   (applies only to a reply that refuses an action the customer asked for)
tone               polite 1.0, neutral 0.8; contempt, blame, dismissal or shouting 0.0
specific           it names the record's specifics: the right order 0.5, each right carrier, tracking number,
                   amount, date or email 0.25 (without a record, each specific given)
"""

from __future__ import annotations

import functools
import re

from loopwright.rewards.customer_support import patterns as sp
from loopwright.rewards.customer_support import rules as srules
from loopwright.rewards.customer_support import tone as tone_words
from loopwright.rewards.customer_support.reading import Reading

NAMES = ("grounded", "resolves", "answers_asked", "hands_off", "refuses_with_rule", "tone", "specific")


@functools.lru_cache(maxsize=1024)  # asked by the tone check and by the score's cap
def rude(text: str) -> bool:
    """Contempt, blame or dismissal in its words (English: patterns.RUDE; fourteen more languages: tone.py), or
    shouting (mostly capitals, or four exclamation marks)."""
    letters = [c for c in text if c.isalpha()]
    shouting = len(letters) >= 20 and sum(c.isupper() for c in letters) / len(letters) > 0.6
    return bool(sp.RUDE.search(text)) or tone_words.contempt(text) or shouting or text.count("!") >= 4


def tone(text: str) -> float:
    return 0.0 if rude(text) else 1.0 if sp.POLITE.search(text) else 0.8


def resolves(r: Reading, must: list[str]) -> float:
    return (sum(r.stated(k) for k in must) / len(must)) ** 2 if must else 0.0


def specific(r: Reading) -> float:
    return min(1.0, 0.5 * r.order_ok + 0.25 * r.specifics())


def refuses(text: str, user: str) -> bool:
    """The reply says no to an action the customer asked for (cancel, return, exchange, change)."""
    return any(srules.refused_action(sentence, user) for sentence in re.split(r"(?<=[.!?;])\s+", text))


def run(r: Reading, must: list[str], ungrounded: list[str]) -> tuple[dict[str, float], list[str]]:
    """Every named check's score for one reading, and the names of those that did not apply."""
    not_applicable = []
    refusal = refuses(r.text, r.user)
    if not refusal:
        not_applicable.append("refuses_with_rule")
    scores = {
        "grounded": 0.0 if r.contradictions or ungrounded else 1.0,
        "resolves": resolves(r, must),
        "answers_asked": float(r.stated("outcome")),
        "hands_off": 1.0 if r.escalates == r.expected else 0.0,
        "refuses_with_rule": float(srules.decides(r.text, r.user, r.claims, r.policy)) if refusal else 1.0,
        "tone": tone(r.text),
        "specific": specific(r),
    }
    return scores, not_applicable
