"""Claims grounded in the record: each specific a reply asserts, checked by value against what the agent could see.

    from loopwright.grounding import ground
    g = ground(reply, record={"refund_total": "129.00 EUR", ...}, messages=[system, user, ...])
    g.contradicted, g.unsupported, g.explain()

The evidence is the record's fields, the shop's policy (the system message) and the earlier turns of the
conversation. Every claim of the reply (grounding/extract.py: dates in any format and calendar, weekdays,
times, amounts with their currency, durations, ids, bare numbers, the carrier and the way to pay) gets one verdict:

supported      the evidence holds the same value, or one that follows from it: the weekday of a date, a
               date counted from an evidence date by an evidence period (a return deadline), a sum or
               difference of two evidence amounts the reply names one of, a period inside an evidence range;
contradicted   the evidence holds values of that kind and none of them (nor anything derived) is this one;
unsupported    the evidence holds nothing of that kind: the reply invented it.

Values, not words, are compared, so the check reads any language whose numbers and CLDR names it knows
(grounding/names.py). What it cannot know: whether a value is the right one *for the slot* when the
evidence holds it in another field (a refund quoted with the shipping cost), claims made only in words
(a place, a person: no values to compare; carriers and payment methods are read as members of a closed category,
grounding/named.py), and whether the customer's own figures were
true (a customer's turn is evidence). Any reward can call it; customer_support's score shows its verdicts.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Iterable

from price_parser import Price

from loopwright.grounding.arithmetic import MAX_PARTS, worked_out
from loopwright.grounding.deadlines import date_of, derived_dates
from loopwright.grounding.extract import Claim, extract

SUPPORTED, CONTRADICTED, UNSUPPORTED = "supported", "contradicted", "unsupported"
WRITTEN_TOGETHER = 3  # characters between a weekday and the date it names ("Tuesday, 8 December", "8/12 (Tue")
MAX_DERIVED = 40  # distinct evidence amounts whose sums and differences count: a record holds a few, not thousands
EVIDENCE_CHARS = 8000  # of each record field, the policy and each turn: a hostile 1 MB field costs no more than this
TRIVIAL_NUMBERS = frozenset({0, 1})  # "1 item", "0 fees": too common to be a specific anybody invents


@dataclass(frozen=True)
class Verdict:
    claim: Claim
    verdict: str
    source: str  # the record field, "policy", "turn N", "derived: ..." or "" (unsupported)

    def line(self) -> str:
        where = f" ({self.source})" if self.source else ""
        return f"{self.claim.kind} '{self.claim.text}': {self.verdict}{where}"


@dataclass
class Grounding:
    verdicts: list[Verdict] = field(default_factory=list)

    def _of(self, verdict: str) -> list[Verdict]:
        return [v for v in self.verdicts if v.verdict == verdict]

    @property
    def supported(self) -> list[Verdict]:
        return self._of(SUPPORTED)

    @property
    def contradicted(self) -> list[Verdict]:
        return self._of(CONTRADICTED)

    @property
    def unsupported(self) -> list[Verdict]:
        return self._of(UNSUPPORTED)

    @property
    def grounded(self) -> bool:
        """No claim contradicted or invented."""
        return not (self.contradicted or self.unsupported)

    def counts(self) -> dict[str, int]:
        return {k: len(self._of(k)) for k in (SUPPORTED, CONTRADICTED, UNSUPPORTED)}

    def explain(self) -> list[str]:
        return [v.line() for v in self.verdicts]


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content parts
        return " ".join(p.get("text", "") for p in content if isinstance(p, dict))
    return "" if content is None else str(content)


class Evidence:
    """What the agent could see, as claims tagged by where they came from."""

    def __init__(self, record: dict | None, messages: Iterable[dict] | None):
        self.claims: list[tuple[str, Claim]] = []
        self.numbers: dict[int, str] = {}
        self._amounts: dict[Decimal, str] | None = None
        self.derived: list | None = None  # deadlines.derivations, built on first use
        for key, value in (record or {}).items():
            self._add(f"record.{key}", _text(value), whole_value=True)
        for i, msg in enumerate(messages or []):
            if isinstance(msg, dict):
                self._add("policy" if msg.get("role") == "system" else f"turn {i}", _text(msg.get("content")))
        years = [r[0] for c in self.of("date") for r in c[1].value if r[0]]
        self.year = max(set(years), key=years.count) if years else 0

    def _add(self, source: str, text: str, whole_value: bool = False) -> None:
        text = text[:EVIDENCE_CHARS]
        found = extract(text)
        if whole_value and not any(c.kind == "amount" for c in found):
            price = Price.fromstring(text)  # "129.00" in a total field: an amount with no sign
            if price.amount is not None and not any(c.kind in ("date", "id", "time") for c in found):
                found.append(Claim("amount", text, (price.amount, ""), 0, len(text)))
        self.claims += [(source, c) for c in found]
        for c in found:
            for n in _integers(c):
                self.numbers.setdefault(n, source)

    def amounts(self) -> dict[Decimal, str]:
        """Every evidence amount (and whole number) -> the first source holding it; built once."""
        if self._amounts is None:
            self._amounts = {}
            for source, e in self.of("amount"):
                self._amounts.setdefault(e.value[0], source)
            for n, source in self.numbers.items():
                self._amounts.setdefault(Decimal(n), source)
        return self._amounts

    def of(self, kind: str) -> list[tuple[str, Claim]]:
        return [(s, c) for s, c in self.claims if c.kind == kind]

    def dates(self) -> list[tuple[str, dt.date]]:
        out = []
        for source, c in self.of("date"):
            for y, m, d in c.value:
                day = date_of(y or self.year, m, d)
                if day:
                    out.append((source, day))
        return out


def _integers(c: Claim) -> list[int]:
    if c.kind in ("number", "code"):
        return [c.value]
    if c.kind == "amount" and c.value[0] == c.value[0].to_integral_value():
        return [int(c.value[0])]
    return []


def _check_date(c: Claim, ev: Evidence, derived: list[tuple[str, dt.date]]) -> tuple[str, str]:
    for source, e in ev.of("date"):
        for y, m, d in c.value:
            if any((m, d) == (em, ed) and (not y or not ey or y == ey) for ey, em, ed in e.value):
                return SUPPORTED, source
    for y, m, d in c.value:
        for source, day in derived:
            if (m, d) == (day.month, day.day) and (not y or y == day.year):
                return SUPPORTED, source
    return (CONTRADICTED if ev.of("date") else UNSUPPORTED), ""


def _check_weekday(c: Claim, reply_claims: list[Claim], ev: Evidence, derived) -> tuple[str, str]:
    gaps = [(min(abs(r.start - c.end), abs(c.start - r.end)), r) for r in reply_claims if r.kind == "date"]
    gaps = sorted((g, r.start, r) for g, r in gaps if g <= WRITTEN_TOGETHER)
    if gaps:  # "Tuesday 8 December", "8/12 (Tue)": the weekday of the date it is written with
        r = gaps[0][2]
        days = [day for day in (date_of(y or ev.year, m, d) for y, m, d in r.value) if day]
        if days:
            return (SUPPORTED, f"derived: weekday of {r.text}") if any(day.weekday() == c.value for day in days) \
                else (CONTRADICTED, f"{r.text} is a {days[0].strftime('%A')}")
    if any(e.value == c.value for _, e in ev.of("weekday")):
        return SUPPORTED, next(s for s, e in ev.of("weekday") if e.value == c.value)
    for source, day in ev.dates() + derived:
        if day.weekday() == c.value:
            return SUPPORTED, f"derived: weekday of {source}"
    return (CONTRADICTED if ev.dates() else UNSUPPORTED), ""


def _check_amount(c: Claim, claims: list[Claim], ev: Evidence) -> tuple[str, str]:
    """An evidence amount, or a sum or difference of two that the reply shows its way to: it names one of the two
    parts ("29,80 € and 3,90 € shipping: 33,70 €"), as a derived date names its start or its period. A bare total
    that some two record figures happen to add up to is a wrong total, not a derived one."""
    value = c.value[0]
    amounts = ev.amounts()
    if value in amounts:
        return SUPPORTED, amounts[value]
    shown = {o.value[0] for o in claims if o.kind == "amount" and o is not c} | {
        Decimal(o.value) for o in claims if o.kind in ("number", "code")}
    distinct = list(amounts.items())[:MAX_DERIVED]
    for a, sa in distinct:
        for b, sb in distinct:
            if a != b and (a in shown or b in shown) and (a + b == value or a - b == value):
                return SUPPORTED, f"derived: {sa} {'+' if a + b == value else '-'} {sb}"
    figures = [o for o in claims if o.kind == "amount"]
    if len(figures) <= MAX_PARTS:  # a reply working a sum out names a few figures; a hostile one thousands
        stated = [o.value[0] for o in figures if o.start < c.start]
        counts = {o.value for o in claims if o.kind == "number" and isinstance(o.value, int)}
        how = worked_out(value, stated, [a for a, _ in distinct], counts)
        if how:
            return SUPPORTED, f"derived: {how}"
    return (CONTRADICTED if ev.of("amount") else UNSUPPORTED), ""


def _check_duration(c: Claim, claims: list[Claim], ev: Evidence) -> tuple[str, str]:
    """An evidence period or one inside an evidence range; or the sum of two periods the reply names before it, each
    from the evidence, as it shows its way to a total ("1-2 days to dispatch, then 4-6: about 5 to 8 in total")."""
    low, high = c.value
    periods = [(source, e.value) for source, e in ev.of("duration")]
    for source, (elow, ehigh) in periods:
        if elow <= low <= high <= ehigh:
            return SUPPORTED, source
    named = {o.value: s for o in claims if o.kind == "duration" and o.start < c.start
             for s, v in periods if v == o.value}
    for (alow, ahigh), sa in named.items():
        for (blow, bhigh), sb in named.items():
            if (alow + blow, ahigh + bhigh) == (low, high):
                return SUPPORTED, f"derived: {sa} + {sb}"
    if low == int(low) and high == int(high):
        counts = [n for n in (int(low), int(high)) if n in ev.numbers]
        if len(counts) == len({int(low), int(high)}):  # "30 days" against a field return_window_days=30
            return SUPPORTED, ev.numbers[int(low)]
    if _CLOCK_OR_COUNT.search(c.text) and high <= 1:
        return _check_clock_hours(c, periods, ev)
    return (CONTRADICTED if ev.of("duration") else UNSUPPORTED), ""


# "9h", "18 h", "9–11 giờ": an hour of the clock in French, Portuguese or Vietnamese, or a count of hours ("48h")
_CLOCK_OR_COUNT = re.compile(r"(?:\d\s*h|giờ)\W*$", re.I)


def _check_clock_hours(c: Claim, periods: list, ev: Evidence) -> tuple[str, str]:
    """Hours written as a time or as a count ("de 9h à 18h", "within 48h"): supported under either reading; contradicted
    only where the evidence holds times of day or periods of hours and none is this one, else unsupported (a time
    nothing gives: shown, as times are)."""
    hours = {round(v * 24) for v in c.value}
    clock = {e.value for _, e in ev.of("time")} | {round(v * 24) * 60 for _, e in periods for v in e if v <= 1}
    if all(h * 60 in clock for h in hours) or (len(clock) >= 2 and all(min(clock) <= h * 60 <= max(clock)
                                                                       for h in hours)):
        return SUPPORTED, "a time of day the evidence holds"
    return (CONTRADICTED if clock else UNSUPPORTED), ""


def _check_time(c: Claim, ev: Evidence) -> tuple[str, str]:
    by_source: dict[str, list[int]] = {}
    for source, e in ev.of("time"):
        by_source.setdefault(source, []).append(e.value)
    for source, times in by_source.items():
        if c.value in times or (len(times) >= 2 and min(times) <= c.value <= max(times)):
            return SUPPORTED, source
    return (CONTRADICTED if by_source else UNSUPPORTED), ""


def _shape(value: str) -> tuple[str, int]:
    """An id's shape: its leading letters and how many digits follow ("BL48213" -> ("BL", 5))."""
    letters = len(value) - len(value.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    return value[:letters], sum(ch.isdigit() for ch in value)


def _check_id(c: Claim, ev: Evidence) -> tuple[str, str]:
    for source, e in ev.of("id"):
        if c.value == e.value or (len(c.value) >= 4 and (e.value.endswith(c.value) or c.value.endswith(e.value)
                                                         and len(e.value) >= 4)):
            return SUPPORTED, source
    if c.value.isdigit() and int(c.value) in ev.numbers:
        return SUPPORTED, ev.numbers[int(c.value)]
    # Another order's number contradicts; an id of a shape the evidence has none of names something new
    # (the case the agent just opened): unsupported, for the reward to weigh.
    same_shape = any(_shape(e.value) == _shape(c.value) for _, e in ev.of("id"))
    return (CONTRADICTED if same_shape else UNSUPPORTED), ""


def _check_number(c: Claim, ev: Evidence) -> tuple[str, str]:
    if c.value in TRIVIAL_NUMBERS:
        return SUPPORTED, "trivial"
    if c.value in ev.numbers:
        return SUPPORTED, ev.numbers[c.value]
    return UNSUPPORTED, ""


CASH = frozenset({"cash on delivery"})  # paid in cash: what is paid back goes by bank transfer, not to where it came


def _check_named(c: Claim, claims: list[Claim], ev: Evidence) -> tuple[str, str]:
    """A carrier or a way to pay. Only the record says which one *this order* has (a policy lists some of the shop's,
    rarely all; a turn may ask about another): a member the record's category holds, or an earlier turn names
    ("switched to Budbee"), is supported; another is contradicted, unless the reply names the record's one too and
    the rules hold this one (the shop's options beside the order's: "free with bpost; yours ships with DPD"). Where
    the record names none, the rules or the turns support it, and nothing contradicts it. A card brand and "by card"
    are one family; two brands of a family are two members."""
    member, family = c.value

    def same(value: tuple) -> bool:
        return value[0] == member or (value[1] == family and family in (member, value[0]))

    held = ev.of(c.kind)
    for source, e in held:
        if source != "policy" and same(e.value):
            return SUPPORTED, source
        if source.startswith("record.") and e.value[0] in CASH and member == "bank transfer":
            return SUPPORTED, f"derived: what was paid {e.value[0]} is paid back by transfer ({source})"
    record = {e.value[0] for s, e in held if s.startswith("record.")}  # the members the record names
    in_rules = any(s == "policy" and same(e.value) for s, e in held)
    if not record or (in_rules and any(o.kind == c.kind and o.value[0] in record for o in claims)):
        return (SUPPORTED, "policy") if in_rules else (UNSUPPORTED, "")
    return CONTRADICTED, ""


_EVIDENCE: dict[str, Evidence] = {}  # by the record and messages' JSON: a GRPO group's completions share one prompt
_EVIDENCE_KEPT = 256
_KEY_CHARS = 65_536  # at most 256 x 64 kB held


def _evidence(record: dict | None, messages: list) -> Evidence:
    try:
        key = json.dumps([record, messages], sort_keys=True, default=str)
    except (TypeError, ValueError):  # keys of mixed types: read afresh, as before there was a cache
        return Evidence(record, messages)
    if len(key) > _KEY_CHARS:  # a hostile megabyte prompt is read (to EVIDENCE_CHARS a source), never kept
        return Evidence(record, messages)
    if key not in _EVIDENCE:
        if len(_EVIDENCE) >= _EVIDENCE_KEPT:
            _EVIDENCE.pop(next(iter(_EVIDENCE)))  # the oldest prompt: a run moves on to new ones
        _EVIDENCE[key] = Evidence(record, messages)
    return _EVIDENCE[key]


def ground(reply: str, record: dict | None = None, messages: Iterable[dict] | None = None) -> Grounding:
    """Every claim of ``reply`` with its verdict against ``record`` and the conversation ``messages``."""
    ev = _evidence(record, list(messages or []))
    claims = extract((reply or "")[:EVIDENCE_CHARS])
    derived = derived_dates(ev, claims)
    verdicts = []
    for c in claims:
        if c.kind == "date":
            verdict, source = _check_date(c, ev, derived)
        elif c.kind == "weekday":
            verdict, source = _check_weekday(c, claims, ev, derived)
        elif c.kind == "amount":
            verdict, source = _check_amount(c, claims, ev)
        elif c.kind == "duration":
            verdict, source = _check_duration(c, claims, ev)
        elif c.kind == "time":
            verdict, source = _check_time(c, ev)
        elif c.kind == "id":
            verdict, source = _check_id(c, ev)
        elif c.kind in ("carrier", "payment"):
            verdict, source = _check_named(c, claims, ev)
        elif c.kind == "code":  # a phone or extension number: nothing in a record to hold it against
            verdict, source = UNSUPPORTED, "a code or phone number, not a count"
        else:
            verdict, source = _check_number(c, ev)
        verdicts.append(Verdict(c, verdict, source))
    return Grounding(verdicts)
