"""Every specific a text asserts, as a value: dates, weekdays, times, amounts, durations, ids, bare numbers, and
the carrier and the payment method it names (named.py).

A claim is found by its shape (digits, a month name, a currency sign next to a number), and its words come
from CLDR (names.py), so the same code reads "9 Dec", "9. Dezember", "9 grudnia", "12月9日" and "09/12/2569"
(Buddhist Era) as one date. Each span of text yields at most one claim: dates first, then times, amounts,
durations, ids, and what is left of the numbers. Amounts are parsed by price-parser (thousands and decimal
separators of any locale). Pure python; no model, no network.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from price_parser import Price

from loopwright.grounding import named, names

MAX_DIGITS = 18  # a bare number longer than this is a code, never a count
CODE_FROM = 100  # a bare number this large is a code (a phone, an extension), not a count of anything
QUALIFIER_LETTERS = 2  # a word between a number and a unit that qualifies it ("iş günü", "working", "εργάσιμες")
BUDDHIST_ERA = 543  # Thai years: 2569 BE is 2026 CE
# Not part of a longer number: no digit, and no digit before a separator ("4419," ends a number; "4.5" does not).
_ALONE_L, _ALONE_R = r"(?<!\d)(?<!\d[.,])", r"(?!\d|[.,]\d)"
_NUM = r"\d{1,3}(?:[ .,\u00a0\u202f']\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?"


@dataclass(frozen=True)
class Claim:
    """One specific: its kind, the text as written, its value and where it sits in the text.

    Values: date -> frozenset of (year or 0, month, day) readings (03/04 reads two ways); weekday -> 0..6;
    time -> minutes after midnight; amount -> (Decimal, ISO currency or ""); duration -> (low, high) in days;
    id -> the id's letters and digits, upper case; number (a count, below CODE_FROM) and code -> the integer;
    carrier and payment -> (member, family), as named.py lists them.
    """

    kind: str
    text: str
    value: Any
    start: int
    end: int


_COMPOUND = re.compile(r"\d+-[a-z]+")


def _year(text: str | None) -> int:
    if not text:
        return 0
    year = int(text)
    if year < 100:
        year += 2000
    return year - BUDDHIST_ERA if year > 2400 else year


def _valid(y: int, m: int, d: int) -> bool:
    return 1 <= m <= 12 and 1 <= d <= 31 and (y == 0 or 1900 <= y <= 2200)


@functools.lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern]:
    # Words are matched by shape and looked up in CLDR's tables (names.py): one small pattern, not an
    # alternation of 2,000 currency names, so a reply is read in well under a millisecond.
    word, flags = rf"[^\W\d_](?:[^\W\d_]|[{names.combining_marks()}])+", re.IGNORECASE  # "दिसंबर" is one word
    return {
        "iso": re.compile(r"(?<!\d)(\d{4})[-/.]\s?(\d{1,2})[-/.]\s?(\d{1,2})\.?(?!\d)"),
        "cjk": re.compile(r"(?:(\d{4})\s*年\s*)?(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]"),
        # "7.12.2026" and, as Czech, Slovak and Hungarian write it, "7. 12. 2026": a space may follow each dot
        "dmy": re.compile(r"(?<![\d/.])(\d{1,2})(?:[/\-]|\.\s?)(\d{1,2})(?:[/\-]|\.\s?)(\d{2}|\d{4})(?![\d/])"),
        "dm": re.compile(r"(?<![\d/.,])(\d{1,2})(?:/(\d{1,2})(?![\d/]|[.,]\d)|\.\s?(\d{1,2})\.(?!\d))"),
        "d_month": re.compile(rf"(?<!\d)(\d{{1,2}})(?:st|nd|rd|th|er|º|°|\.)?(?:\s*(?:de|of)\s+|[\s\-]+)"
                              rf"({word})(?:\.(?=\s*\d))?(?:,?[\s\-]+(?:de\s+)?(\d{{4}}))?", flags),
        "month_d": re.compile(rf"(?<![^\W\d_])({word})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?![\d:]|[.,]\d)"
                              rf"(?:,?\s+(\d{{4}}))?", flags),
        "word": re.compile(rf"(?<![^\W\d_]){word}(?![^\W\d_])"),
        "time": re.compile(r"(?<![\d:.,])(\d{1,2})(?:[:h](\d{2})|\.(\d{2})(?=\s*(?:[ap]\.?m\b|uhr\b)))"
                           r"\s*([ap]\.?m\.?|uhr|h\b)?|(?<![\d:.,])(\d{1,2})\s*([ap]\.?m\.?)(?![^\W\d_])"
                           r"|(\d{1,2})\s*時(?:\s*(\d{1,2})\s*分)?", flags),
        "number": re.compile(rf"{_ALONE_L}(?:{_NUM}){_ALONE_R}"),
        "before": re.compile(r"([^\s\d(]{1,12})\s?$"),
        "after": re.compile(r"^\s?(?:,-)?\s?([^\s\d.,;:!?()]{1,12})"),
        "duration": re.compile(r"(?<![\d.,])(\d{1,4})(?:\s*(?:-|–|to|a|bis|do|até|à|~|〜)\s*(\d+))?[\s\-]*"
                               r"(?:(?:working|business|werk|robocz\w*|úteis|uteis|hábiles|habiles|ouvrés|"
                               # the CJK units first: "8日以内" is the unit, then "within"
                               r"lavorativ\w*|営業)[\s\-]*)?(時間|日|週間|か月|ヶ月|[^\W\d_]+)", flags),
        "next_word": re.compile(r"[\s\-]+([^\W\d_]+)", flags),
        "id": re.compile(r"(?<![\w-])(?=[\w/\-]*\d)(?=[\w/\-]*[A-Za-z])[A-Za-z0-9][\w/\-]{3,}[A-Za-z0-9]"
                         rf"|{_ALONE_L}\d{{3,5}}(?:[ \-]\d{{3,5}}){{2,}}{_ALONE_R}|{_ALONE_L}\d{{6,}}{_ALONE_R}"),
        "integer": re.compile(rf"(?<![^\W\d_]){_ALONE_L}\d+{_ALONE_R}(?![^\W\d_])"),
    }


def _dates(text: str, taken: list[tuple[int, int]]) -> list[Claim]:
    pats, found = _patterns(), []
    month_of = names.months()

    def add(m: re.Match, readings: set) -> None:
        readings = {r for r in readings if _valid(*r)}
        if readings and _free(m.start(), m.end(), taken):
            taken.append((m.start(), m.end()))
            found.append(Claim("date", m.group(0), frozenset(readings), m.start(), m.end()))

    for m in pats["iso"].finditer(text):
        add(m, {(_year(m[1]), int(m[2]), int(m[3]))})
    for m in pats["cjk"].finditer(text):
        add(m, {(_year(m[1]), int(m[2]), int(m[3]))})
    for m in pats["d_month"].finditer(text):
        if names.fold(m[2]) in month_of:
            add(m, {(_year(m[3]), month_of[names.fold(m[2])], int(m[1]))})
    month_first = names.months_first()
    for m in pats["month_d"].finditer(text):
        if names.fold(m[1]) in month_first:
            add(m, {(_year(m[3]), month_first[names.fold(m[1])], int(m[2]))})
    for m in pats["dmy"].finditer(text):
        a, b, y = int(m[1]), int(m[2]), _year(m[3])
        add(m, {(y, b, a), (y, a, b)})  # 03/04/2026 reads both ways; a record or policy decides which holds
    for m in pats["dm"].finditer(text):
        if m.group(0) == "24/7":  # "open 24/7" is a schedule in every language, never the 24th of July
            continue
        a, b = int(m[1]), int(m[2] or m[3])
        add(m, {(0, b, a), (0, a, b)} if m[2] else {(0, b, a)})  # "05.12." is day first everywhere it is written
    return found


def _free(start: int, end: int, taken: list[tuple[int, int]]) -> bool:
    return all(end <= s or start >= e for s, e in taken)


def _amount(number: str, code_word: str) -> tuple | None:
    price = Price.fromstring(number)
    if price.amount is None:
        return None
    return price.amount, names.currency_word(code_word) or ""


def extract(text: str) -> list[Claim]:
    """The claims in ``text``, in the order they appear (cached: a shop's policy is read once)."""
    return list(_extract(text))


@functools.lru_cache(maxsize=4096)
def _extract(text: str) -> tuple[Claim, ...]:
    pats, taken = _patterns(), []
    claims = _dates(text, taken)

    def take(start: int, end: int, kind: str, value: Any) -> None:
        if value is not None and _free(start, end, taken):
            taken.append((start, end))
            claims.append(Claim(kind, text[start:end].strip(), value, start, end))

    for kind, member, family, start, end in named.named(text):  # words, before any number inside a name takes them
        take(start, end, kind, (member, family))
    days = names.weekdays()
    for m in pats["word"].finditer(text):
        if names.fold(m.group(0)) in days:
            take(m.start(), m.end(), "weekday", days[names.fold(m.group(0))])
    for m in pats["time"].finditer(text):
        take(m.start(), m.end(), "time", _minutes(m))
    for m in pats["number"].finditer(text):  # a number with a currency sign or name on either side
        before = pats["before"].search(text, max(0, m.start() - 14), m.start())
        after = pats["after"].search(text[m.end():m.end() + 16])
        if before and names.currency_word(before[1]):
            take(before.start(1), m.end(), "amount", _amount(m.group(0), before[1]))
        elif after and names.currency_word(after[1]):
            take(m.start(), m.end() + after.end(1), "amount", _amount(m.group(0), after[1]))
    for m in pats["duration"].finditer(text):
        unit, end = names.fold(m[3]), m.end()
        days = names.duration_unit(unit) if len(unit) > 1 or unit == "h" or not unit.isascii() else None  # 日, ч too
        if days is None and (len(unit) >= QUALIFIER_LETTERS or unit in names.duration_glue()):
            # one word between number and unit: a qualifier or CLDR's glue ("10 εργάσιμες ημέρες", "72 de ore");
            # a one-letter word is more often the next phrase ("kl. 14 i dag" is today, not 14 days)
            after = pats["next_word"].match(text, end)
            days = names.duration_unit(after[1]) if after and len(after[1]) > 1 else None
            end = after.end() if after else end
        if days is not None:
            take(m.start(), end, "duration", (int(m[1]) * days, int(m[2] or m[1]) * days))
    for m in pats["id"].finditer(text):
        if _COMPOUND.fullmatch(m.group(0)):  # "12-speed", "3-pack", "2-year": a number and its unit, not an id
            continue
        take(m.start(), m.end(), "id", re.sub(r"[^0-9A-Za-z]", "", m.group(0)).upper())
    for m in pats["integer"].finditer(text):
        if len(m.group(0)) <= MAX_DIGITS:  # a longer run of digits is no count (and int() refuses 4,300+ digits)
            n = int(m.group(0))
            take(m.start(), m.end(), "number" if n < CODE_FROM else "code", n)
    return tuple(sorted(claims, key=lambda c: c.start))


def _minutes(m: re.Match) -> int | None:
    if m[7]:  # 14時30分
        hour, minute, half = int(m[7]), int(m[8] or 0), ""
    elif m[5]:  # 3pm
        hour, minute, half = int(m[5]), 0, m[6]
    else:
        hour, minute, half = int(m[1]), int(m[2] or m[3]), m[4] or ""
    half = half.lower().replace(".", "")
    if half == "pm" and hour < 12:
        hour += 12
    elif half == "am" and hour == 12:
        hour = 0
    return hour * 60 + minute if hour < 24 and minute < 60 else None
