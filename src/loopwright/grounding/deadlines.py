"""Dates that follow from the evidence: an evidence date counted forward by an evidence period, in calendar and in
working days ("delivered on 10.11., 30 days to return it: until 10.12."), computed once per evidence."""

from __future__ import annotations

import datetime as dt
from typing import Any

from loopwright.grounding.extract import Claim


def date_of(y: int, m: int, d: int) -> dt.date | None:
    try:
        return dt.date(y, m, d) if y else None
    except ValueError:
        return None


MAX_PERIOD_DAYS = 5 * 365  # a deadline is counted from a date by a period of at most a few years (a warranty) ...
MAX_DAY_COUNT = 400  # ... but only a period of at most about a year is counted in days: 730 days from 11.12.2026 is
#                      10.12.2028, and a reply's "10 December" (no year) would be read as derived
YEAR_DAYS, MONTH_DAYS = 365, 30  # how extract.py writes a year and a month in days


def periods(ev: Any) -> list[tuple[str, int]]:
    days = {(s, int(n)) for s, c in ev.of("duration") for n in c.value if 1 <= n <= MAX_PERIOD_DAYS}
    return sorted(days)


def add_business_days(day: dt.date, n: int) -> dt.date:
    """``day`` plus ``n`` working days (Monday to Friday), n >= 0: whole weeks at once, then day by day."""
    if n and day.weekday() >= 5:  # from a Saturday or Sunday, counting starts as from the Friday before
        day -= dt.timedelta(days=day.weekday() - 4)
    weeks, rest = divmod(n, 5)
    day += dt.timedelta(weeks=weeks)
    while rest:
        day += dt.timedelta(days=1)
        if day.weekday() < 5:
            rest -= 1
    return day


def calendar_units(n: int) -> tuple[int, str] | None:
    """A period of ``n`` days that may have been written in years or months, as (count, "years" | "months"); None
    for any other. extract.py keeps no unit, so "30 days" and "a month" (both 30) are each counted both ways."""
    if n % YEAR_DAYS == 0:
        return n // YEAR_DAYS, "years"
    if n % MONTH_DAYS == 0:
        return n // MONTH_DAYS, "months"
    return None


def add_calendar(day: dt.date, count: int, unit: str) -> dt.date | None:
    """``day`` plus ``count`` years or months, counted on the calendar: 2 years from 14.4.2026 is 14.4.2028 (731
    days: 2028 is a leap year), a month from 31 January the last of February."""
    year, month = divmod(day.month - 1 + count * (12 if unit == "years" else 1), 12)
    for d in (day.day, 30, 29, 28):
        found = date_of(day.year + year, month + 1, min(d, day.day))
        if found:
            return found
    return None


def shown(reply_claims: list[Claim], ev: Any) -> tuple[set[dt.date], set[int]]:
    """The dates and the periods (in days) the reply itself names."""
    dates = {day for c in reply_claims if c.kind == "date"
             for day in (date_of(y or ev.year, m, d) for y, m, d in c.value) if day}
    periods = {int(v) for c in reply_claims if c.kind == "duration" for v in c.value if v >= 1 and v == int(v)}
    return dates, periods


def derived_dates(ev: Any, reply_claims: list[Claim] = ()) -> list[tuple[str, dt.date]]:
    """Dates that follow from an evidence date by a period the evidence gives, counted forward (in calendar and in
    working days), where the reply shows that reasoning: it names the date counted from or the period ("delivered
    on 10.11., 30 days to return it: until 10.12."). A date nobody could check the reply's way to is an invented
    one, however near a record date it lies. The day after a date of the policy (today: "tomorrow", the next
    working day) needs no reasoning shown."""
    shown_dates, shown_periods = shown(list(reply_claims), ev)
    return [(label, when) for source, day, n, label, when in derivations(ev)
            if day in shown_dates or n in shown_periods or (source == "policy" and n == 1)]


def derivations(ev: Any) -> list[tuple[str, dt.date, int, str, dt.date]]:
    """Every evidence date counted forward by every evidence period, in calendar and in working days: once per
    evidence (a GRPO group's completions share it), each reply then keeps the ones it shows its way to."""
    if ev.derived is None:
        ev.derived, counted = [], periods(ev)
        for source, day in ev.dates():
            for psource, n in counted + ([("policy", 1)] if source == "policy" else []):
                units = calendar_units(n)
                on_calendar = add_calendar(day, *units) if units else None
                if on_calendar:
                    ev.derived.append((source, day, n, f"derived: {source} + {units[0]} {units[1]} ({psource})",
                                       on_calendar))
                if n > MAX_DAY_COUNT:
                    continue
                ev.derived.append((source, day, n, f"derived: {source} + {n} days ({psource})",
                                   day + dt.timedelta(days=n)))
                ev.derived.append((source, day, n, f"derived: {source} + {n} working days ({psource})",
                                   add_business_days(day, n)))
    return ev.derived
