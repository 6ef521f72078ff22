"""What reward=customer_support reads in a conversation's system message: the shop's own rules.

A user's logs carry what the agent was told: who gets handed to a human, today's date, how
the shop writes dates, its delivery times, windows and fees. The grader reads those from the
conversation instead of assuming one shop's conventions (blind set 2 showed the cost: correct
hand-offs capped because the record's "oui" was not a yes, "01/12/2026" read as 12 January,
"tomorrow" never checked, correct policy answers scored 0.3).

:func:`policy_of` returns a :class:`Policy`:

``day_first``     True when the shop writes 03/12 for 3 December (the system message says DD/MM,
                  D-M-YYYY ..., or a numeric date there or in the record can only be day-first,
                  or a weekday next to it says so), False for month-first, None when nothing says.
``today``         the date the system message gives as today, with its year (None when absent).
``handoff``       the hand-off rule's items ("skin reactions", "legal threats", "electrical faults"),
                  each a set of word stems; an item applies when the customer's message has all of
                  its stems. Items that name a record field ("any order whose record says ...") are
                  left to the record's flag.
``durations``     the rule's numbers of days ("within 30 days", "2-4 working days", "7-day").
``stems``         the content stems of the whole policy: a reply that answers from it shares them.

Plain regular expressions; importable without torch; nothing here raises on odd input.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass, field
from typing import Any

from loopwright.rewards.customer_support import facts as sf
from loopwright.rewards.customer_support import patterns as sp
from loopwright.rewards.customer_support import glossary as sg
from loopwright.rewards.customer_support import request as sr

SCAN_CHARS = 8000
_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_FORMAT_HINT = re.compile(r"\b(D{1,2})[/.\-]\s?(M{1,2})\b|\b(M{1,2})[/.\-]\s?(D{1,2})\b")  # DD/MM, "D. M. YYYY"
_NUMERIC = re.compile(r"(?<![\w/.:-])(?:(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?(\d{1,2})[/.\-](\d{1,2})"
                      r"(?:[/.\-]((?:20)?\d\d))?(?![\w/]|\.\d)", re.I)
# "Today is ...", and the word in the languages shops write their system messages in
_TODAY = re.compile(r"\b(?:today(?:'s\s+date)?|hoy|hoje|aujourd'hui|heute|oggi|vandaag|i\s+dag|idag|tänään|dziś|"
                    r"dzisiaj|bugün|hari\s+ini)\b"
                    r"\s*(?:is|es|é|est|ist|è|er|är|on|jest|adalah|:|=|,)?\s*([^\n]{0,40})", re.I)
_DURATION = re.compile(r"(?<![\d.,])(\d{1,3})(?:\s*(?:-|–|to|or)\s*(\d{1,3}))?"
                       r"[\s-]*(working\s+|business\s+|calendar\s+)?"
                       r"(day|week)s?\b", re.I)


@dataclass(frozen=True)
class Policy:
    text: str = ""
    day_first: bool | None = None
    today: dt.date | None = None
    handoff: tuple[frozenset, ...] = ()
    durations: tuple[tuple[int, int, bool], ...] = ()  # (low, high, working days), in days
    stems: frozenset = field(default_factory=frozenset)
    amounts: frozenset = field(default_factory=frozenset)  # cents of every amount the rules name (fees, thresholds)
    dates: frozenset = field(default_factory=frozenset)  # (month, day) of every date the rules name (holidays)
    statuses: tuple[tuple[str, str], ...] = ()  # the shop's status glossary: (term, casefolded; canonical status)
    flag_values: frozenset = field(default_factory=frozenset)  # a record's hand-off flag values the rule names
    handoff_names: tuple[str, ...] = ()  # names the hand-off rule gives in capitals (an authority: "the SIC")

    def apply(self, facts: dict | None) -> None:
        """Reads a record through the shop's own words: its status glossary ("20 = packed") and the value its
        hand-off rule gives the record's flag ('supervisor_flag = "RAISE"', 'escalation = "urgent"')."""
        if not facts:
            return
        glossed = self.status_of(facts["status_text"]) if facts.get("status_text") else None
        if glossed:
            facts["status"] = glossed
        if str(facts.get("escalate_text", "")).strip().casefold() in self.flag_values:
            facts["escalate"] = True

    def status_of(self, term: Any) -> str | None:
        """The canonical status the shop's own glossary gives ``term`` ("Απεστάλη = shipped", "20 = being
        packed", "TO SHIP (being packed)"), or None when the glossary does not define it."""
        key = sg.gloss_key(term)
        return next((status for t, status in self.statuses if t == key), None)

    def status_terms_in(self, text: str) -> set[str]:
        """Statuses a reply asserts by quoting the shop's own terms that plain words would not read as that
        status ("it shows «Ακυρώθηκε»", "a «Novedad»"); negated mentions assert nothing."""
        found = set()
        for term, status in self.statuses:
            if len(term) < 3 or term.isdigit() or sf.canonical_status(term) == status:
                continue
            for m in re.finditer(rf"(?<![^\W_]){re.escape(term)}(?![^\W_])", text, re.I):
                if not sp.negated(text, m.start()):
                    found.add(status)
                    break
        return found

    @functools.cached_property  # read for every sentence of every reply; a frozen policy's rules do not change
    def days(self) -> frozenset[int]:
        """Every number of days the rules' periods name (both ends of a range)."""
        return frozenset(n for low, high, _ in self.durations for n in (low, high))

    @functools.cached_property
    def clock(self) -> frozenset[str]:
        """Every time of day the rules name ("17:00", "5pm"), spaces dropped, lower case."""
        return _clock_times(self.text)

    def handoff_applies(self, user: str) -> bool:
        """Whether the customer's message reports something the rule hands to a human."""
        said = _keys(sr.content_stems(user))
        return any(item and _keys(item) <= said for item in self.handoff) or any(
            re.search(rf"(?<![^\W_]){re.escape(name)}(?![^\W_])", user) for name in self.handoff_names)

    def relative_dates(self, text: str) -> list[tuple[frozenset, int]]:
        """'today' / 'tomorrow' in ``text`` as (month, day) readings, when the policy says what today is."""
        if self.today is None:
            return []
        out = []
        for m in re.finditer(r"\b(today|tonight|this\s+(?:evening|afternoon|morning)|later\s+today|tomorrow)\b", text,
                             re.I):
            day = self.today + dt.timedelta(days=1 if m[1].lower() == "tomorrow" else 0)
            out.append((frozenset({(day.month, day.day)}), m.start()))
        for m in _COMING_WEEKDAY.finditer(text):  # "it's due Friday": the next Friday from today
            day = self.today + dt.timedelta(days=(_WEEKDAYS.index(m[1][:3].lower()) - self.today.weekday()) % 7)
            out.append((frozenset({(day.month, day.day)}), m.start(1)))
        return out

    def amount_follows(self, cents: int, record: set) -> bool:
        """Whether an amount is a record's amount less or plus a fee or amount the rules name ("$780 less the
        $120 return guide: $660 back")."""
        return any(r - f == cents or r + f == cents for r in record for f in self.amounts)

    def derivable(self, readings: frozenset, bases: frozenset) -> bool:
        """Whether a date the record does not hold follows from it or from today by one of the policy's own
        periods ("delivered 19/11, so you can return it until 19 December" under a 30-day window; "ships today,
        2-4 working days: Monday 7 December"). Only future dates: a past one is a fact, not an estimate."""
        if self.today is None:
            return False
        year = self.today.year
        starts = {self.today} | {d for d in (_dated(year, md) for md in bases) if d}
        targets = {d for d in (_dated(year, md) for md in readings) if d and d >= self.today}
        if not targets:
            return False
        if self.today in targets:
            return True
        spans = set(self.durations) | {(a[0] + b[0], a[1] + b[1], a[2] or b[2])  # dispatch, then the courier's days
                                       for a in self.durations for b in self.durations}
        for low, high, working in spans:
            for n in range(low, min(high, low + 30) + 1):
                for start in starts:
                    if _plus(start, n, working) in targets or (not working and _plus(start, n, True) in targets):
                        return True
        return False


def _dated(year: int, md: tuple[int, int]) -> dt.date | None:
    try:
        return dt.date(year, md[0], md[1])
    except ValueError:
        return None


def _plus(start: dt.date, days: int, working: bool) -> dt.date:
    if not working:
        return start + dt.timedelta(days=days)
    day = start
    while days > 0:
        day += dt.timedelta(days=1)
        days -= day.weekday() < 5
    return day


def system_text(prompt: Any) -> str:
    """The system messages of a chat prompt, joined ('' for a plain string prompt)."""
    if not isinstance(prompt, (list, tuple)):
        return ""
    parts = [m["content"] for m in prompt if isinstance(m, dict) and m.get("role") == "system"
             and isinstance(m.get("content"), str)]
    return "\n".join(parts)[:SCAN_CHARS]


def _day_first(text: str, record_values: list[str]) -> bool | None:
    hint = _FORMAT_HINT.search(text)
    if hint:
        return bool(hint[1])
    votes = set()
    for value in [text, *record_values]:
        for m in _NUMERIC.finditer(value):
            a, b = int(m[2]), int(m[3])
            if a > 12 >= b:
                votes.add(True)
            elif b > 12 >= a:
                votes.add(False)
            elif m[1] and m[4]:  # "Fri 4/12/2026": the weekday tells which reading it is
                year = int(m[4]) + (2000 if len(m[4]) == 2 else 0)
                fits = {first for first, (mo, d) in ((True, (b, a)), (False, (a, b)))
                        if (day := _dated(year, (mo, d))) and _WEEKDAYS[day.weekday()] == m[1][:3].lower()}
                if len(fits) == 1:
                    votes |= fits
    return votes.pop() if len(votes) == 1 else None


def _today(text: str, day_first: bool | None) -> dt.date | None:
    m = _TODAY.search(text)
    if not m:
        return None
    found = sf.dates_in(m[1], day_first)
    year = re.search(r"\b(20\d\d)\b", m[1]) or re.search(r"[-/.'](\d\d)\b", m[1]) or re.search(r"\b(20\d\d)\b", text)
    if not found or not year:
        return None
    year_value = int(year[1]) + (2000 if len(year[1]) == 2 else 0)  # "Thu 03-Dec-26"
    readings = sorted(found[0][0])
    weekday = re.search(r"\b(mon|tue|wed|thu|fri|sat|sun)", m[0], re.I)
    dates = [d for d in (_dated(year_value, md) for md in readings) if d]
    if weekday:
        dates = [d for d in dates if _WEEKDAYS[d.weekday()] == weekday[1].lower()] or dates
    return dates[0] if len(dates) == 1 else None


def _durations(text: str) -> tuple[tuple[int, int, bool], ...]:
    out = set()
    for m in _DURATION.finditer(text):
        low = int(m[1])
        high = int(m[2]) if m[2] else low
        scale = 7 if m[4].lower() == "week" else 1
        out.add((low * scale, max(low, high) * scale, bool(m[3]) and "calendar" not in m[3].lower()))
    out.add((1, 1, True))  # "next working day": every shop's unit
    return tuple(sorted(out))


def policy_of(prompt: Any, facts: dict | None = None) -> Policy:
    """The shop's rules as the conversation's system message states them (an empty Policy when it has none)."""
    text = system_text(prompt)
    record = [v for v in (facts or {}).values() if isinstance(v, str)]
    record += [v for v in ((facts or {}).get("extra") or {}).values() if isinstance(v, str)]
    return _policy(text, tuple(record))


@functools.lru_cache(maxsize=256)
def _policy(text: str, record: tuple[str, ...]) -> Policy:
    """Parsed once per shop and record: GRPO scores a group's completions against one prompt (Policy is frozen)."""
    day_first = _day_first(text, list(record))
    if not text:
        return Policy(day_first=day_first)
    handoff, flag_values, handoff_names = sg.handoff_rule(text)
    return Policy(text=text, day_first=day_first, today=_today(text, day_first), handoff=handoff,
                  flag_values=flag_values, handoff_names=handoff_names,
                  durations=_durations(text), stems=frozenset(sr.content_stems(text)), amounts=_amounts(text),
                  dates=frozenset(d for r, _ in sf.dates_in(text, day_first) for d in r),
                  statuses=sg.status_glossary(text))


def _amounts(text: str) -> frozenset:
    return frozenset(a for a, _, _ in sf.amounts_in(text))


def answers_from_policy(reply: str, user: str, policy: Policy) -> bool:
    """A reply that answers the customer's question from the shop's rules: one of its sentences shares a word
    of the question and two of the policy, and every number of days or amount it gives is one the policy,
    the question or simple arithmetic on them holds. A copy of the rules is no answer."""
    if not policy.stems or not sr.QUESTION.search(user) or sr.echoes(reply, policy.text, run=14):
        return False
    asked = _keys(sr.content_stems(user))
    ruled = _keys(policy.stems)
    how = _HOW_MUCH.search(user)  # "how much / how long": the answer is a fee or a period, not the question's words
    for sentence in re.split(r"(?<=[.!;])\s+", reply):
        if sr.echoes(sentence, user):
            continue  # "You're asking whether we ship to ...": the question said back answers nothing
        own = _keys(sr.content_stems(sentence))
        shared = own & asked  # two of the question's words, or one and a figure the rules give (a fee, a period)
        figure = _figure_of(sentence, policy)
        # the customer's own figure worked through the rule's ("I order 75 €" "free from 80 €, so 5 € more")
        worked = {a for a, _, _ in sf.amounts_in(sentence)} & {abs(u - p) for u in _amounts(user)
                                                               for p in policy.amounts if u != p}
        if (len(shared) >= 2 or (shared or how or worked) and figure) and len(own & ruled) >= 2 - bool(worked):
            return _numbers_grounded(reply, user, policy)
    return False


def _keys(stems: set | frozenset) -> set:
    """Stems compared on their first five letters, a plural s dropped ("cost" ~ "costs", "injury" ~ "injured")."""
    return {s.rstrip("s")[:5] for s in stems}


# An arrival on a weekday with no date beside it ("it's due Friday", "should arrive Monday"); past tenses, "by" and
# "next" are left alone (a bound, a past day, an ambiguous week)
_COMING_WEEKDAY = re.compile(r"\b(?:due|arriv(?:e|es|ing)|expected|land(?:s|ing)?|reach(?:es)?\s+you|be\s+with\s+you|"
                             r"get\s+to\s+you)\s+(?:on\s+|this\s+)?(mon|tues|wednes|thurs|fri|satur|sun)day\b"
                             r"(?![,.]?\s*(?:\d|the\s+\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))", re.I)
_CLOCK = re.compile(r"\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b\d{1,2}:\d\d\b", re.I)
_HOW_MUCH = re.compile(r"\bhow\s+(?:much|long|many\s+days)\b|\bwhat\s+(?:does|is)\s+(?:the\s+)?(?:delivery|shipping|"
                       r"postage|return)\s+(?:cost|fee)", re.I)


def _clock_times(text: str) -> frozenset[str]:
    return frozenset(re.sub(r"\s", "", t).lower() for t in _CLOCK.findall(text))


def _figure_of(sentence: str, policy: Policy) -> bool:
    """Whether a sentence gives an amount, a number of days or a time of day that the shop's rules give."""
    days = policy.days
    return any(a in policy.amounts for a, _, _ in sf.amounts_in(sentence)) or any(
        int(n) in days for m in _DURATION.finditer(sentence) for n in filter(None, (m[1], m[2]))) or bool(
        _clock_times(sentence) & policy.clock)


def _numbers_grounded(reply: str, user: str, policy: Policy) -> bool:
    known = policy.amounts | _amounts(user)
    for cents, _, _ in sf.amounts_in(reply):
        if cents not in known and not any(abs(a - b) == cents or a + b == cents for a in known for b in known):
            return False
    days = policy.days | {int(m[1]) for m in _DURATION.finditer(user)}
    for m in _DURATION.finditer(reply):
        for n in filter(None, (m[1], m[2])):
            value = int(n) * (7 if m[4].lower() == "week" else 1)
            if value not in days and not any(a + b == value for a in days for b in days):
                return False
    return True


def invents_order(reply: str, conversation: str, policy: Policy) -> bool:
    """Without a record: the reply names an order number that no customer message and no rule gives ("Your order
    RV-100611 is waiting at the locker" to a customer who named none): an order made up, with all it says of it."""
    given = sr.order_tokens(conversation) | sr.order_tokens(policy.text)
    for m in sr.ORDER_TOKEN.finditer(reply):
        example = re.search(r"(?:looks?\s+like|like|e\.\s?g\.?|such\s+as|for\s+example|format|starts?\s+with)\W*$",
                            reply[max(0, m.start() - 25):m.start()], re.I)
        if sf.compact(m[0]) not in given and not example and not sr.NOT_ORDER.search(reply[:m.start()]):
            return True
    return False


# A rule's number in a reply: a threshold or fee ("free over 30 €"), or a window ("return within 14 days")
_RULE_SENTENCE = re.compile(r"\b(?:free|over|above|under|below|up\s+to|limit|fee|costs?|minimum|maximum)\b", re.I)


def contradicts_rules(reply: str, user: str, amounts: list, policy: Policy) -> bool:
    """A number the shop's rules would have to give, and they give another: an amount in a sentence about a fee,
    a threshold or a limit that is none of the rules' amounts, the customer's, or their sum or difference; a
    window stated as a rule ("within 14 days of delivery", "a 30-day return window": _WINDOW) whose number of
    days is none of the rules' periods nor the customer's. Only without a record (a record's amounts and dates
    are checked against it), and only where the rules name amounts (for amounts) or periods (for days)."""
    asked = sr.anchors(user)["amounts"]
    known = set(policy.amounts) | set(asked)
    derived = known | {a + b for a in known for b in known} | {abs(a - b) for a in known for b in known}
    for cents, start, _ in amounts:
        sentence = _sentence_at(reply, start)
        if policy.amounts and cents not in derived and _RULE_SENTENCE.search(sentence):
            return True
    if policy.days:
        user_numbers = {int(n) for n in re.findall(r"\d{1,3}", user)}
        for m in _WINDOW.finditer(reply):
            if int(m[1] or m[2]) not in policy.days | user_numbers:
                return True
    return False


# A window stated as a rule, not an estimate ("usually within 2 days"): "within 14 days of delivery" ...
_DAYS_FROM = (r"\b(?:within|up\s+to|for)\s+(\d{1,3})\s+(?:calendar\s+)?days?\s+(?:of|from|after)\s+(?:the\s+)?"
              r"(?:delivery|receipt|purchase|receiving|arrival|the\s+order)")
# ... or "a 30-day return window"
_DAY_WINDOW = r"\b(\d{1,3})[\s-]day\s+(?:return|refund|exchange|money[\s-]back)?\s*(?:window|policy|period|guarantee)\b"
_WINDOW = re.compile(f"{_DAYS_FROM}|{_DAY_WINDOW}", re.I)


def _sentence_at(text: str, pos: int) -> str:
    start = max(text.rfind(c, 0, pos) for c in ".!?\n") + 1
    ends = [i for i in (text.find(c, pos) for c in ".!?\n") if i != -1]
    return text[start:min(ends) if ends else len(text)]


def invents_specifics(reply: str, user: str, amounts: list, dates: list, policy: Policy) -> bool:
    """Without a record, a date or an amount given as the order's (delivered on, a refund of) that the customer did
    not give, the rules do not hold and today does not explain: "we received your grinder on 1.12 and your refund
    of 599,00 zł ..." to a customer who named neither. Only with a system message to check against."""
    if not policy.stems:
        return False
    asked = sr.anchors(user)
    user_digits = re.sub(r"\D", "", user)
    if any(len(re.sub(r"\D", "", m[0])) >= 8 and re.sub(r"\D", "", m[0]) not in user_digits
           for m in sp.TRACKING.finditer(reply)):
        return True  # "tracking BX5512003" for an order nobody looked up
    if any(c not in asked["amounts"] and c not in policy.amounts and sp.amount_has_role(reply, s, e)
           for c, s, e in amounts):
        return True
    ruled = asked["dates"] | policy.dates  # the customer's dates and the rules' ("before the 16 December holiday")
    return any(sp.date_has_role(reply, s) and not (r & ruled) and not policy.derivable(r, frozenset())
               for r, s in dates)
