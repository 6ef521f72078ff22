"""What a support reply says against the shop's own rules (reward=customer_support), record or not.

policy.py reads the system message; these checks hold a reply's statements about the rules to it:

``window_contradicted``    "within 7 days of delivery" where the rules give another number of days counted from
                           the same event ("Returns and exchanges: within 14 days of delivery").
``universal_contradicted`` "COD works for any amount", "cash on delivery everywhere", "shipping is always free"
                           where the rule that names it restricts it ("for orders up to ₱8,000 only", "in Nairobi
                           only", "free on orders over 60 €").
``action_contradicted``    an action the reply says it did that the rules allow only while the order is in a
                           status the record's order is not in ("Address changes: possible only while ...").
``other_carrier``          the parcel said to be with a carrier the shop names in its rules that is not the
                           record's ("It's with An Post" for a DPD parcel).

Each returns a short reason, or None. Plain regular expressions; nothing here raises on odd input.
"""

from __future__ import annotations

import functools
import re

from loopwright.rewards.customer_support import facts as sf
from loopwright.rewards.customer_support import patterns as sp
from loopwright.rewards.customer_support import request as sr

# A number of days counted from an event: "within 14 days of delivery", "30 days from receipt"
_FROM_EVENT = re.compile(r"\b(\d{1,3})\s+(?:working\s+|business\s+|calendar\s+)?days?\s+(?:of|from|after)\s+(?:the\s+)?"
                         r"(deliver\w*|receipt|receiv\w*|purchase|arriv\w*|order\w*|dispatch\w*)", re.I)


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?;])\s+|\n", text) if s.strip()]


@functools.lru_cache(maxsize=128)
def _windows(policy_text: str) -> frozenset:
    return frozenset((int(m[1]), m[2][:5].lower()) for m in _FROM_EVENT.finditer(policy_text))


def window_contradicted(reply: str, policy_text: str) -> str | None:
    ruled = _windows(policy_text)
    for m in _FROM_EVENT.finditer(reply):
        event = m[2][:5].lower()
        if any(e == event for _, e in ruled) and (int(m[1]), event) not in ruled:
            return f"a window of {m[1]} days from {m[2]} the shop's rules do not give"
    return None


# A rule that restricts what it names: "only", a limit, a threshold ("free on orders over 60 €")
_RESTRICTED = re.compile(r"\bonly\b|\bup\s+to\b|\bfree\b[^.;\n]{0,25}?\b(?:over|above|from|orders?\s+of)\b", re.I)
# A reply saying it holds without the restriction
_UNIVERSAL = re.compile(r"\b(?:always|everywhere|anywhere|regardless|no\s+matter|no\s+limit|unlimited|"
                        r"(?:any|every|all)\s+(?:amount|order|size|value|region|area|city|town|address|location)s?)\b",
                        re.I)


_PLAIN = frozenset("""the and for with our your you are is was can its it's this that from all any every only over
above under orders order items item yes just also will not""".split())


def _words(text: str) -> set[str]:
    """Lower-case words of three letters or more, a plural s dropped, the commonest glue left out."""
    return {w.rstrip("s") for w in re.findall(r"[^\W\d_][\w/-]{2,}", text.lower())} - _PLAIN


@functools.lru_cache(maxsize=128)
def _restricted(policy_text: str) -> tuple[frozenset, ...]:
    """The words of each clause of the rules that restricts what it names, with its line's heading ("Shipping: ...,
    free on orders over 60 €" is about shipping)."""
    out = []
    for line in policy_text.splitlines():
        head = line.split(":", 1)[0] if ":" in line[:30] else ""
        out += [frozenset(_words(head + " " + c))
                for c in re.split(r"[.;]|,\s+(?=[A-Z])", line) if _RESTRICTED.search(c)]
    return tuple(out)


def universal_contradicted(reply: str, policy_text: str) -> str | None:
    """Two words of a restricting clause (its heading's included) in a sentence that says it holds always, for
    any amount or everywhere ("Shipping to Madeira is always free" against "Shipping: ..., free on orders over
    60 €"); one is enough when the sentence lifts a limit ("COD works for any amount", "no limit")."""
    rules = _restricted(policy_text)
    for sentence in _sentences(reply):
        m = _UNIVERSAL.search(sentence)
        if not m or sp.negated(sentence, m.start()):
            continue
        said = _words(sentence) - _words(m[0])
        need = 1 if re.search(r"amount|value|limit", m[0], re.I) else 2
        if any(len(said & rule) >= need for rule in rules):
            return "a rule the shop restricts, said to hold without its restriction"
    return None


# "Address changes: possible only while the order is Σε επεξεργασία.", "Cancellations: only while "Awaiting dispatch"."
_ONLY_WHILE = re.compile(r"(?:^|\n|\.\s)\s*([^:\n.]{3,40}?)\s*:?\s*(?:are\s+|is\s+)?(?:possible\s+|allowed\s+|free\s+)?"
                         r"only\s+while\s+(?:the\s+(?:order|status|parcel)\s+is\s+|it\s+is\s+|the\s+status\s+is\s+)?"
                         r"[\"“«]?([^\"”».;\n]{2,40}?)[\"”»]?\s*(?:[.;\n]|$)", re.I)


def action_contradicted(reply: str, status: str | None, policy) -> str | None:
    """The status the rule names is read through the shop's glossary (Policy.status_of), else as a record's."""
    if not status or not isinstance(status, str):
        return None
    for m in _ONLY_WHILE.finditer(policy.text):
        needed = policy.status_of(m[2]) or sf.canonical_status(m[2])
        stems = sr.content_stems(m[1].lower()) - {"possib", "allowe"}
        if not needed or needed == status or not stems:
            continue
        for sentence in _sentences(reply):
            if sp.OUTCOME.search(sentence) and stems & sr.content_stems(sentence.lower()) and not sp.negated(
                    sentence, sp.OUTCOME.search(sentence).start()):
                return f"{m[1].strip()} done, which the rules allow only while the order is {m[2].strip()}"
    return None


# The parcel with a named carrier: "it's with An Post", "left with CTT", "shipped via Ninja Van"
_CARRIED = re.compile(r"(?:\bis|'s|\bleft|\bshipped|\bsent|\bdispatched|\bgoing|\btravel\w*|\bdelivered|\bgoes)\s+"
                      r"(?:\w+\s+)?(?:with|via|by)\s+((?:[A-Z][\w&'-]*)(?:\s+[A-Z][\w&'-]*){0,2})")
_SHIPPING_LINE = re.compile(r"\b(?:deliver\w*|ship\w*|courier\w*|carrier\w*|dispatch\w*|post(?:age)?)\b", re.I)


def other_carrier(reply: str, carrier: object, policy_text: str) -> str | None:
    if not carrier or not policy_text:
        return None
    lines = [line for line in policy_text.splitlines() if _SHIPPING_LINE.search(line)]
    for m in _CARRIED.finditer(reply):
        words = m[1].split()
        for k in range(len(words), 0, -1):
            name = " ".join(words[:k])
            if len(name) >= 3 and any(re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", line) for line in lines):
                if not sp.same_carrier(name, str(carrier)):
                    return f"a carrier ({name}) the shop uses, not the record's"
                break
    return None


# A decision on what the customer asked for: "it can't be cancelled anymore", "coffee can only be returned if ...",
# "we can't take this one back"
_DECIDED = re.compile(r"\b(?:can(?:'t|not|\s+no\s+longer|\s+only)|could(?:n't|\s+not)|"
                      r"won't|unable\s+to|not\s+able\s+to|"
                      r"too\s+late\s+to|no\s+longer)\s+(?:be\s+)?(?:\w+\s+){0,2}?(cancel|return|exchang|swap|refund|chang|"
                      r"amend|modif|accept|take\s+(?:\w+\s+){0,2}?back)", re.I)
_ACTIONS = {"cancel": r"cancel", "return": r"return|send\w*\s+(?:\w+\s+)?back|take\s+(?:\w+\s+)?back|refund",
            "exchang": r"exchang|swap", "chang": r"chang|amend|modif|address"}
_ACTION_OF = {"swap": "exchang", "refund": "return", "accept": "return", "take": "return", "amend": "chang",
              "modif": "chang"}


def refused_action(sentence: str, user: str) -> bool:
    """The sentence says the action the customer asked for (cancel, return, exchange, change) cannot be done."""
    m = _DECIDED.search(sentence)
    if not m:
        return False
    action = _ACTION_OF.get(m[1].split()[0].lower(), m[1].lower())
    return bool(re.search(_ACTIONS.get(action, action), user, re.I))


def decides(reply: str, user: str, claims: set, policy) -> bool:
    """A refusal of the action the customer asked for, with its reason: the order's status past processing (a claim,
    checked against the record like any other: "it already left with CTT, so it can't be cancelled") or the rule
    (the sentence states three of the rules' words: "coffee can only be returned if the bag is unopened")."""
    for sentence in _sentences(reply):
        if not refused_action(sentence, user):
            continue
        if sr.echoes(sentence, policy.text, run=8):
            continue  # the rule copied out is no decision
        if claims - {"processing"} or len(sr.content_stems(sentence.lower()) & policy.stems) >= 3:
            return True
    return False


def contradiction(reply: str, facts: dict | None, policy) -> str | None:
    """The first of the checks above that the reply fails against ``policy`` (a policy.Policy)."""
    if not policy.text:
        return None
    facts = facts or {}
    return (window_contradicted(reply, policy.text) or universal_contradicted(reply, policy.text)
            or action_contradicted(reply, facts.get("status"), policy)
            or other_carrier(reply, facts.get("carrier"), policy.text))
