"""Rule-based grader for customer-support replies: against the order's facts when there are any.

Deterministic and offline. Four components, each in [0, 1]:

resolution     the reply does what the contact needs. With ``must_state`` in the facts
               (the shipped scenarios), every item it names is stated: the order status
               as an assertion, the tracking number, the refund amount, the dates, the
               next step, the hand-off. Without it, the items are inferred: a concrete
               outcome or next step about THIS request (something done, booked or promised
               with a when, a direct how-to, a yes / no answered in the question's own
               words; a done-word such as "noted" or "logged", or a deflection such as
               "contact your bank" alone, is none), the status when the customer asks
               where the order is and the facts know it, the refund amount when they ask
               for money back and the facts hold one, the hand-off when escalation is
               expected. The outcome counts only when the reply is anchored to the
               request: it names the record's order / tracking / carrier / amount / date
               or status, or the customer's own order, amount, date or words (the item,
               the problem), or, for a hand-off, the team for that kind of report. A
               reply that would read the same under any question is a template, never a
               resolution. Quadratic partial credit.
tone           1.0 polite, 0.8 neutral, 0.0 rude or blaming (or shouting).
escalation     1.0 when the reply hands over to a human / specialist team exactly when
               expected: the facts' ``escalate`` says yes (in the shop's language), or the
               customer reports danger, harm, fraud or a legal threat (support_request.py;
               a record's "no" does not outweigh an injury), or the shop's own hand-off
               rule in the system message names what was reported (support_policy.py).
               With a hand-off expected, an anchored hand-off is the outcome.

The conversation's system message, when there is one, gives the shop's rules
(support_policy.py): how it writes dates (03/12 is 3 December in a DD/MM shop), what today
is ("tomorrow" is then a date the record can confirm or contradict), its periods (a return
deadline or an estimate that follows from the record by them is no invention), and the
policy a reply may answer from. Without a record, asking for the order number is the next step.
concreteness   0.5 for naming the right order + 0.25 per correct specific (carrier,
               tracking, amount, date, email); without facts, 0.25 per specific given.

score = 0.5 resolution + 0.2 concreteness + 0.1 tone + 0.2 escalation, then capped: a contradiction
of the facts, or a specific the record, policy and turns contradict or never held (support_grounding.py,
by value), at 0.2, rudeness at 0.3, a wrong escalation decision at 0.4, and a status answer naming
nothing of a record that holds a carrier, tracking number or date at 0.6. Contradictions are only what
the facts show: a status they rule out, a tracking number, carrier, order number or email other than
the record's, an amount or date given as a refund / charge / delivery / shipping figure the record does
not hold, a refund promised where the record has none, and (facts or not) four or more status words.
A key the record does not have is never judged (support_facts.py: present-but-empty means "none",
absent means "unknown"). Facts schema and parsers: support_facts.py; the reply's wording: support_patterns.py;
the customer's side: support_request.py. A "yes" / "no" opening a reply to a status question is the
status claim it answers. Only ``SCAN_CHARS`` characters are read; odd input scores 0.0, never raises.
"""

from __future__ import annotations

import re
import statistics
from typing import Any

from loopwright.rewards import completion_text, register
from loopwright.rewards import support_facts as sf
from loopwright.rewards import support_grounding as sg
from loopwright.rewards import support_patterns as sp
from loopwright.rewards import support_policy as spol
from loopwright.rewards import support_request as sr
from loopwright.rewards import support_rules as srules
from loopwright.rewards.support_request import customer_turns, user_text  # noqa: F401  (cs.user_text: bench, tests)

SCAN_CHARS = 4000
DEFAULT_THRESHOLD = 0.7
WEIGHTS = {"resolution": 0.5, "concreteness": 0.2, "tone": 0.1, "escalation": 0.2}
CAP_CONTRADICTION, CAP_RUDE, CAP_ESCALATION = 0.2, 0.3, 0.4
CAP_VAGUE = 0.6  # a status answer that names nothing of a record holding a carrier, tracking or date
_DUMP = re.compile(r'"[\w .#/-]{1,40}"\s*:')  # "carrier": ... (the gaming audit's facts dump)
ORDER_NUMBER = re.compile(r"(?<![A-Za-z0-9])(?:W|#\s?W?)(\d{7})(?!\d)", re.I)  # the shipped scenarios' order numbers
_SPECIFIC = re.compile(r"\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b\d{1,2}:\d\d\b|\bwithin\s+(?:\d+|an?|one|two)\s+\w+|"
                       r"\b\d+(?:\s?-\s?\d+)?\s+(?:working\s+|business\s+)?(?:days?|hours?|minutes?|weeks?)\b|"
                       r"\b[A-Z]{2,}-?\d{2,}\b|\w+\s?>\s?\w+", re.I)
STATUS_STATED = {"shipped": {"shipped", "arriving"}, "refunded": {"returned", "refunded"}, "delayed": {"delayed"}}


def parse_facts(facts_json: Any, facts_map: dict | None = None) -> dict | None:
    """The facts in the canonical schema (support_facts.py), or None when there are none."""
    return sf.normalize_facts(facts_json, facts_map) if facts_json not in (None, "", "null", "{}") else None


class _Reading:
    """What one reply says, checked against the facts (None: nothing can be checked)."""

    def __init__(self, text: str, facts: dict | None, user: str, policy: spol.Policy | None = None,
                 conversation: str | None = None):
        self.text, self.facts, self.user, self.facts_given = text, facts or {}, user, facts is not None
        self.conversation = conversation if conversation is not None else user  # every customer turn
        self.policy = policy = policy or spol.Policy()
        f = self.facts
        self.contradictions: list[str] = []
        self.claims = sp.claimed_statuses(text) | policy.status_terms_in(text)
        self.escalates = any(not sp.negated(text, m.start()) for m in sp.ESCALATE.finditer(text))
        self.kinds = sr.report_kinds(user)
        # A human is needed when the record's flag says so, when the customer reports danger, harm, fraud or a legal
        # threat (a record's "no" does not outweigh an injury), or when the shop's own hand-off rule names it.
        self.expected = (sf.truthy(f.get("escalate")) or bool(self.kinds) or policy.handoff_applies(user))
        self.amounts = sp_amounts = sf.amounts_in(text)
        self.dates = sorted(sf.dates_in(text, policy.day_first) + policy.relative_dates(text), key=lambda d: d[1])
        if sum(1 for p in sp.WORD_RE.values() if p.search(text)) >= 4 or sp.hedges_statuses(text):
            self.contradictions.append("status keyword stuffing, or every status hedged")
        if sp.remedies_in(text) >= 4:
            self.contradictions.append("remedy stuffing")
        if sp.telegraphic(text) or sp.keyword_list(text):
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
        # record has no estimate and the date follows from it by the shop's own periods (support_policy.py).
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
            if not self.facts_given and not sr.order_tokens(self.user) and sp.ASKS_ORDER_NUMBER.search(self.text):
                return True  # no record and no order named: asking for the number is the next step
            if spol.answers_from_policy(self.text, self.user, self.policy) and not self.claims or srules.decides(
                    self.text, self.user, self.claims, self.policy) and sr.written_to(self.text, self.facts, self.user):
                return True  # a policy answer; a refusal of what was asked, for a reason the record or rules give
            return self.anchored and (sr.outcome(self.text, self.claims, self.facts_given, self.user)
                                      or sr.answers(self.text, self.user))
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


def components(completion: Any, facts_json: Any = None, prompt: Any = None, facts_map: dict | None = None,
               cap_ungrounded: bool = False) -> dict:
    """Every component, the contradictions and grounding verdicts found, and the final score for one reply."""
    out = {"resolution": 0.0, "tone": 0.0, "escalation": 0.0, "concreteness": 0.0, "contradictions": [],
           "rude": False, "facts": False, "required": [], "grounding": [], "ungrounded": [], "score": 0.0}
    text = completion_text(completion)[:SCAN_CHARS]
    if not text.strip():
        return out
    facts = parse_facts(facts_json, facts_map)
    policy = spol.policy_of(prompt, facts)
    policy.apply(facts)  # the shop's own glossary and hand-off flag say what the record's words mean
    r = _Reading(text, facts, user_text(prompt), policy, customer_turns(prompt))
    must = r.required()
    out["facts"], out["required"] = facts is not None, must
    out["resolution"] = (sum(r.stated(k) for k in must) / len(must)) ** 2 if must else 0.0
    out["escalation"] = 1.0 if r.escalates == r.expected else 0.0
    out["concreteness"] = min(1.0, 0.5 * r.order_ok + 0.25 * r.specifics())
    letters = [c for c in text if c.isalpha()]
    shouting = len(letters) >= 20 and sum(c.isupper() for c in letters) / len(letters) > 0.6
    rude = bool(sp.RUDE.search(text)) or shouting or text.count("!") >= 4
    out["rude"] = rude
    out["tone"] = 0.0 if rude else 1.0 if sp.POLITE.search(text) else 0.8
    score = sum(WEIGHTS[k] * out[k] for k in WEIGHTS)
    if len(_DUMP.findall(text)) >= 3:  # a record pasted as JSON / key: value pairs: data, not a reply
        r.contradictions.append("a data dump ('\"key\": value' pairs), not a reply")
    out.update(sg.check(text, facts_json, prompt))  # the specifics against the record, policy and turns, by value
    if r.contradictions or (cap_ungrounded and out["ungrounded"]):
        score = min(score, CAP_CONTRADICTION)
    if rude:
        score = min(score, CAP_RUDE)
    if out["escalation"] == 0.0:
        score = min(score, CAP_ESCALATION)
    if "status" in must and r.names_nothing_the_record_holds():  # "has shipped and is on its way" only
        out["vague"] = True
        score = min(score, CAP_VAGUE)
    out["contradictions"] = r.contradictions
    out["score"] = round(score, 6)
    return out


def score(completion: Any, facts_json: Any = None, prompt: Any = None, facts_map: dict | None = None,
          cap_ungrounded: bool = False) -> float:
    try:
        return float(components(completion, facts_json, prompt, facts_map, cap_ungrounded)["score"])
    except Exception:  # noqa: BLE001 - a grader never raises
        return 0.0


def breakdown(completion: Any, columns: dict, facts_map: dict | None = None) -> dict:
    """The parts of one reply's score, as loopwright.improve writes them per graded turn."""
    parts = components(completion, columns.get("facts_json"), columns.get("prompts"), facts_map)
    return {k: v for k, v in parts.items() if k != "score"}


def summarize(parts: list[dict]) -> dict:
    """improve_summary.json's figures over the graded turns' breakdowns: component means, flagged turns."""
    out = {}
    for key in ("resolution", "concreteness", "tone", "escalation"):
        if all(isinstance(p.get(key), (int, float)) for p in parts):
            out[key] = {"mean": round(statistics.fmean(p[key] for p in parts), 6)}
    out["contradicted"] = {"turns": sum(1 for p in parts if p.get("contradictions"))}
    out["rude"] = {"turns": sum(1 for p in parts if p.get("rude"))}
    out["ungrounded"] = {"turns": sum(1 for p in parts if p.get("ungrounded"))}
    out["without_facts"] = {"turns": sum(1 for p in parts if p.get("facts") is False)}
    return out


@register("customer_support", params={"threshold", "facts_map", "grounding"}, breakdown=breakdown, summarize=summarize,
          summary="support reply vs the order facts (optional): resolution, tone, escalation, concreteness")
def make(params: dict) -> Any:
    """Registry factory. Params: ``threshold`` (curation cut, default 0.7), ``facts_map`` ({record key: schema key})."""
    params = params or {}
    threshold = float(params.get("threshold", DEFAULT_THRESHOLD))
    facts_map = sf.facts_map_of(params)
    cap = sg.mode_of(params) == "cap"

    def customer_support_reward(completions: list, facts_json: Any = None, prompts: Any = None,
                                **_: Any) -> list[float]:
        """TRL reward function: one float in [0, 1] per completion."""
        completions = list(completions or [])
        n = len(completions)
        facts = list(facts_json) if isinstance(facts_json, (list, tuple)) else [facts_json] * n
        asks = list(prompts) if isinstance(prompts, (list, tuple)) and len(prompts) == n else [None] * n
        return [score(c, facts[i] if i < len(facts) else None, asks[i], facts_map, cap)
                for i, c in enumerate(completions)]

    customer_support_reward.threshold = threshold
    customer_support_reward.breakdown = lambda completion, columns: breakdown(completion, columns, facts_map)
    return customer_support_reward


def kept(completion: Any, facts_json: Any, threshold: float = DEFAULT_THRESHOLD, prompt: Any = None) -> bool:
    return score(completion, facts_json, prompt) >= threshold
