"""One support reply read against the order's record, the shop's rules and the customer's turns.

``Reading`` holds what the reply says (its status claims, amounts, dates, hand-off, the record's specifics it
names) and the contradictions found; the named checks (checks.py) and the score (``__init__.py``) are computed
from it. Facts schema and parsers: facts.py; the reply's wording: patterns.py; the customer's side: request.py;
the shop's rules: policy.py and rules.py.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from loopwright.rewards.customer_support import facts as sf
from loopwright.rewards.customer_support import language
from loopwright.rewards.customer_support import patterns as sp
from loopwright.rewards.customer_support import policy as spol
from loopwright.rewards.customer_support import request as sr
from loopwright.rewards.customer_support import rules as srules
from loopwright.rewards.customer_support import wording

ORDER_NUMBER = re.compile(r"(?<![A-Za-z0-9])(?:W|#\s?W?)(\d{7})(?!\d)", re.I)  # the shipped scenarios' order numbers
_SPECIFIC = re.compile(r"\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b\d{1,2}:\d\d\b|\bwithin\s+(?:\d+|an?|one|two)\s+\w+|"
                       r"\b\d+(?:\s?-\s?\d+)?\s+(?:working\s+|business\s+)?(?:days?|hours?|minutes?|weeks?)\b|"
                       r"\b[A-Z]{2,}-?\d{2,}\b|\w+\s?>\s?\w+", re.I)
STATUS_STATED = {"shipped": {"shipped", "arriving"}, "refunded": {"returned", "refunded"}, "delayed": {"delayed"}}


@functools.lru_cache(maxsize=4096)  # asked of the earlier turns once per completion: GRPO's group shares them
def _hands_off(text: str) -> bool:
    """The text passes the case to a person: English's forms (not negated), or a covered language's (wording.py)."""
    return any(not sp.negated(text, m.start()) for m in sp.ESCALATE.finditer(text)) or wording.hands_off(text)


def parse_facts(facts_json: Any, facts_map: dict | None = None) -> dict | None:
    """The facts in the canonical schema (facts.py), or None when there are none."""
    return sf.normalize_facts(facts_json, facts_map) if facts_json not in (None, "", "null", "{}") else None


class Reading:
    """What one reply says, checked against the facts (None: nothing can be checked)."""

    # Specifics the reply brings from the record or the rules, the customer's own aside (grounding.py): set by the
    # caller once the claims are checked. In a reply the English wording checks cannot read (another language),
    # an answer drawn from the evidence is the outcome; in English the wording says whether it answers the question.
    evidence_answers = 0

    def __init__(self, text: str, facts: dict | None, user: str, policy: spol.Policy | None = None,
                 conversation: str | None = None, said: str = ""):
        self.text, self.facts, self.user, self.facts_given = text, facts or {}, user, facts is not None
        self.conversation = conversation if conversation is not None else user  # every customer turn
        self.policy = policy = policy or spol.Policy()
        f = self.facts
        self.contradictions: list[str] = []
        self._stated_keys: dict[str, bool] = {}  # stated(), read once per key
        self.claims = sp.claimed_statuses(text) | policy.status_terms_in(text)
        self.escalates = _hands_off(text) or _hands_off(said)  # a case handed off in an earlier turn is with a person
        self.kinds = sr.report_kinds(self.conversation)  # a report in an earlier turn still calls for a human
        # A human is needed when the record's flag says so, when the customer reports danger, harm, fraud or a legal
        # threat (a record's "no" does not outweigh an injury), or when the shop's own hand-off rule names it.
        self.expected = (sf.truthy(f.get("escalate")) or bool(self.kinds) or policy.handoff_applies(user))
        self.amounts = sp_amounts = sf.amounts_in(text)
        self.dates = sorted(sf.dates_in(text, policy.day_first) + policy.relative_dates(text), key=lambda d: d[1])
        if sum(1 for p in sp.WORD_RE.values() if p.search(text)) >= 4 or sp.hedges_statuses(text):
            self.contradictions.append("status keyword stuffing, or every status hedged")
        if sp.remedies_in(text) >= 4:
            self.contradictions.append("remedy stuffing")
        if language.telegraphic(text) or sp.keyword_list(text):
            self.contradictions.append("keywords without sentences")
        if sp.PLACEHOLDER.search(text):
            self.contradictions.append("placeholders where the specifics should be")
        if sr.restates(text, user):
            self.contradictions.append("the customer's message said back, nothing added")
        self._yes_no()
        self._status()
        self.known_amounts = {sf.amount_value(f.get(k)) for k in sf.AMOUNT_KEYS} - {None}
        self.known_amounts |= {sf.amount_value(v) for v in f.get("extra", {}).values()
                               if isinstance(v, str) and sf.amounts_in(v)} - {None}
        if any(k in f for k in sf.AMOUNT_KEYS) and any(
                c not in self.known_amounts and sp.amount_has_role(text, s, e)
                and not policy.amount_follows(c, self.known_amounts) for c, s, e in sp_amounts):
            self.contradictions.append("amount not in the facts")
        self.refund_cents = sf.amount_value(f.get("refund_amount"))
        refund_claim = any(not (sp.negated(text, m.start()) or sp.conditional(text, m.start()))
                           for m in sp.REFUND_DONE.finditer(text))
        if refund_claim and "refund_amount" in f and self.refund_cents is None and not self.expected:
            self.contradictions.append("refund promised but the facts have none")
        self.known_dates = sf.record_dates(f, policy.day_first)
        # A date the record does not hold, given as a delivery / shipping / refund date, is invented, unless the
        # record has no estimate and the date follows from it by the shop's own periods (policy.py).
        estimate_known = bool(f.get("eta"))
        if any(k in f for k in sf.DATE_KEYS) and any(
                not (r & self.known_dates) and sp.date_has_role(text, s)
                and (estimate_known or not policy.derivable(r, self.known_dates)) for r, s in self.dates):
            self.contradictions.append("date not in the facts")
        if facts is None and policy.text and spol.invents_order(text, self.conversation, policy):
            self.contradictions.append("an order number no one gave, with no record to hold it")
        if facts is None and spol.contradicts_rules(text, user, self.amounts, policy):
            self.contradictions.append("a fee, threshold or window the shop's rules do not give")
        if facts is None and spol.invents_specifics(text, user, self.amounts, self.dates, policy):
            self.contradictions.append("an order's date or amount with no record to hold it")
        self.contradictions += [c for c in [srules.contradiction(text, facts, policy)] if c]  # the rules, record or not
        self._carrier_tracking_email()
        self._order()
        self.anchored = self._anchored()

    def _anchored(self) -> bool:
        """Whether the reply names something of this request: its order, item, amount, date or problem.

        A reply that names nothing of it reads the same under any question (a template): what it
        says it did is no resolution. The record's specifics count when they are right; the
        customer's own words count unless the reply just copies the message.
        """
        f, text = self.facts, self.text
        if self.order_ok or self.tracking_ok or self.carrier_ok or self.email_ok:
            return True
        dates = {d for r, _ in self.dates for d in r}
        if {a[0] for a in self.amounts} & self.known_amounts or dates & self.known_dates:
            return True
        if f.get("status") and self.stated("status") and sr.asks_status(self.user):
            return True  # the record's status, to a customer who asked where the order is
        ask = sr.anchors(self.user + " " + sr.items_text(f))
        if ask["orders"] & {sf.compact(t) for t in sr.order_tokens(text)}:
            return True
        if ask["amounts"] & {a[0] for a in self.amounts} or ask["dates"] & {d for r, _ in self.dates for d in r}:
            return True
        addressed = sr.names_team_for(text, self.kinds) or self.expected and sr.written_to(text, f, self.user)
        if self.escalates and addressed:
            return True
        if ask["orders"] and not (sr.order_tokens(text) or self.amounts or self.dates or sp.carriers_in(text)):
            # The customer named an order and the reply names nothing of any order (no order, amount, date,
            # carrier; "within 24 hours" is a promise, not a fact): "Your request has been processed, we will
            # contact you within 24 hours" reads the same for any order (the gaming audit's templates).
            return False
        return bool(ask["stems"] & sr.content_stems(text)) and not sr.echoes(text, self.user)

    def _yes_no(self) -> None:
        """A reply opening with yes / no claims what the question asked ("Has it shipped?" "Yes" -> shipped)."""
        m = re.match(r"\s*(?:(?:hi|hello|hey|dear)\b[^.!?,—–-]{0,25}[.!?,—–-]\s*)?(?:(yes|yep|yeah|it\s+has|it\s+did)|"
                     r"(no|nope|not\s+yet))\b", self.text, re.I)  # "Hi Kasia! Yes — ..."
        asked = sr.asked_statuses(self.user) if m else []
        if asked and m[1]:
            self.claims.add(asked[0])
        elif asked and m[2] and asked[0] == "shipped":
            self.claims.add("processing")

    def _status(self) -> None:
        status = self.facts.get("status")
        if status is None:
            return
        own_text = str(self.facts.get("status_text", ""))
        own = re.findall(r"[^\W\d_]{3,}", own_text.casefold())  # any script: "Απεστάλη" is a word too
        if own and re.search(r"\b" + r"\W+(?:\w+\W+)?".join(map(re.escape, own)) + r"\b", self.text, re.I):
            self.claims.add(status)  # the record's own wording: "awaiting packing", "with courier"
        if own_text.strip().isdigit() and re.search(rf"\b(?:status|code)\s*(?:code\s*)?[#:]?\s*{own_text.strip()}\b",
                                                    self.text, re.I):
            self.claims.add(status)  # "it's status 20": the record's own code
        allowed = sp.allowed_claims(status, self.facts)
        if status in ("cancelled", "refunded") and sp.NOT_LEFT.search(self.text) and not sp.BEING_PROCESSED.search(
                self.text):
            allowed.add("processing")  # "cancelled, so it won't ship": a cancelled order never left
        if status == "processing" and (sr.ASKS_CANCEL.search(self.conversation) or self.expected):
            allowed.add("cancelled")  # the agent cancels (or freezes) an order that has not left
        if self.claims - allowed:
            self.contradictions.append(f"status claimed {sorted(self.claims - allowed)} but is {status}")

    def _carrier_tracking_email(self) -> None:
        f, text = self.facts, self.text
        carrier = f.get("carrier")
        named = sp.carriers_in(text, str(carrier) if carrier else None)
        self.carrier_ok = bool(carrier) and any(sp.same_carrier(c, str(carrier)) for c in named)
        if "carrier" in f and any(not carrier or not sp.same_carrier(c, str(carrier)) for c in named):
            self.contradictions.append("wrong carrier")
        tracking = sf.compact(f["tracking"]) if f.get("tracking") else None
        self.tracking_ok = bool(tracking) and tracking in sf.compact(text)
        if "tracking" in f:
            for m in sp.TRACKING.finditer(text):
                found = sf.compact(m[1] or m[2])
                if not tracking or (found not in tracking and tracking not in found):
                    self.contradictions.append("wrong tracking number")
                    break
        email = str(f.get("account_email") or "").lower()
        self.email_ok = bool(email) and email in text.lower()
        if email and any(e.lower() != email for e in sp.EMAIL.findall(text)):
            self.contradictions.append("wrong email")

    def _order(self) -> None:
        order_id = self.facts.get("order_id")
        pattern = sf.id_pattern(order_id) if order_id else None
        if pattern is None:  # no record of the order: does the reply repeat the one the customer named?
            asked = sr.order_tokens(self.user)
            self.order_ok = any(a and a in sf.compact(self.text) for a in asked)
            return
        bodies = [sf.order_body(m[1]) for m in pattern.finditer(self.text)]
        self.order_ok = sf.order_body(order_id) in bodies
        if any(b != sf.order_body(order_id) for b in bodies):
            self.contradictions.append("wrong order number")
        elif self.order_ok is False and sr.foreign_orders(self.text, self.user, order_id, self.facts.get("tracking"),
                                                              self.facts):
            self.contradictions.append("an order number not the record's")

    def stated(self, key: str) -> bool:
        """Whether the reply states ``key`` (a record field, "outcome", "escalate"); read once per key: the named
        checks ask for the outcome twice (resolves, answers_asked)."""
        if key not in self._stated_keys:
            self._stated_keys[key] = self._stated(key)
        return self._stated_keys[key]

    def _stated(self, key: str) -> bool:
        f = self.facts
        if key == "status":
            status = f.get("status")
            ok = STATUS_STATED.get(status, {status}) & self.claims
            return bool(ok) or (status == "shipped" and "delayed" in self.claims and bool(f.get("eta"))) or (
                status == "refunded" and self.stated("refund_amount")) or (
                status in ("shipped", "delayed") and self.stated("eta"))  # "Tomorrow, Fri 4/12, with StarTrack"
        if key == "order_id":
            return self.order_ok
        if key == "tracking":
            return self.tracking_ok
        if key == "carrier":
            return self.carrier_ok
        if key == "refund_amount":
            return self.refund_cents is not None and self.refund_cents in {a[0] for a in self.amounts}
        if key in sf.DATE_KEYS:
            readings = sf.date_value(f.get(key), self.policy.day_first)
            return bool(readings) and any(r & readings for r, _ in self.dates)
        if key == "account_email":
            return self.email_ok
        if key == "next_step":
            pattern = sp.NEXT_STEP.get(str(f.get("next_step")))
            return bool(pattern.search(self.text)) if pattern else self.stated("outcome")
        if key == "escalate":
            return self.escalates
        if key == "outcome":
            if self.escalates and self.expected and self.anchored:  # a hand-off is what the rule asks for
                return True
            if not self.facts_given and not sr.order_tokens(self.user) and (sp.ASKS_ORDER_NUMBER.search(self.text) or (
                    wording.names_order_number(self.text) and not sr.order_tokens(self.text))):
                return True  # no record and no order named: asking for the number (naming it, giving none) is next
            if spol.answers_from_policy(self.text, self.user, self.policy) and not self.claims or srules.decides(
                    self.text, self.user, self.claims, self.policy) and sr.written_to(self.text, self.facts, self.user):
                return True  # a policy answer; a refusal of what was asked, for a reason the record or rules give
            return self.anchored and (sr.outcome(self.text, self.claims, self.facts_given, self.user)
                                      or sr.answers(self.text, self.user)
                                      or self.evidence_answers > 0 and not language.english(self.text))
        return False

    def required(self) -> list[str]:
        f = self.facts
        if isinstance(f.get("must_state"), list):
            return [k for k in f["must_state"] if isinstance(k, str)]
        need = ["outcome"]
        if f.get("status") and sr.asks_status(self.user):
            need.append("status")
        if self.refund_cents is not None and sr.ASKS_REFUND.search(self.user):
            need.append("refund_amount")
        return need + (["escalate"] if self.expected else [])

    def names_nothing_the_record_holds(self) -> bool:
        """The record holds at least two of carrier, tracking, a date; the reply names none of them, no amount
        of it and not its order: a status with nothing a customer could check ("shipped, arriving soon")."""
        f = self.facts
        held = bool(f.get("carrier")) + bool(f.get("tracking")) + bool(self.known_dates)
        given = sf.compact(f.get("order_id")) in sr.order_tokens(self.conversation) and not sp.OUTCOME.search(
            sp.VAGUE_DONE.sub(" ", self.text))  # the customer's own id said back, and nothing done
        return held >= 2 and not (self.order_ok and not given) and self.specifics() == 0

    def specifics(self) -> int:
        if not self.facts_given:
            return len(sp.carriers_in(self.text)) + len(self.amounts) + len(self.dates) + len(
                _SPECIFIC.findall(self.text))
        return (self.carrier_ok + self.tracking_ok + self.email_ok
                + len({a[0] for a in self.amounts} & self.known_amounts)
                + len({d for r, _ in self.dates for d in r} & self.known_dates))
