"""The words a reply writes specifics with, in every supported language, from CLDR (babel), not from one set.

Month and weekday names, duration units and currency names and symbols come from the Unicode CLDR data that
babel ships, for every locale in ``LANGUAGES``: a shop writing Polish, Thai or Hungarian is read from the same
tables as an English one. Built once per process (about 0.1 s) and cached.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from babel import Locale

# The languages whose month, weekday, unit and currency words are read (docs/REWARDS.md, "Grounding").
LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "pl", "nl", "sv", "da", "nb", "fi", "cs", "sk", "hu", "ro", "tr",
             "el", "ru", "uk", "ja", "zh", "ko", "th", "vi", "id", "ms", "ar", "he", "gd", "ga", "cy")
# CLDR's duration units, by the number of days each stands for (hours and minutes as fractions of a day).
UNITS = {"duration-day": 1.0, "duration-week": 7.0, "duration-month": 30.0, "duration-year": 365.0,
         "duration-hour": 1 / 24, "duration-minute": 1 / 1440}
RELATIVE_FIELDS = {"day": 1.0, "week": 7.0, "month": 30.0, "year": 365.0, "hour": 1 / 24, "minute": 1 / 1440}
# Currencies whose names and symbols are read; an ISO code (three capitals) is read for any currency.
CURRENCIES = ("EUR", "USD", "GBP", "PLN", "BRL", "JPY", "CNY", "KRW", "THB", "HUF", "CZK", "SEK", "NOK", "DKK", "CHF",
              "TRY", "MAD", "ARS", "MXN", "CAD", "AUD", "NZD", "INR", "RON", "RUB", "UAH", "ILS", "AED", "SAR", "ZAR",
              "SGD", "HKD", "IDR", "MYR", "VND", "CLP", "COP", "PEN", "EGP", "NGN", "KES")


def fold(text: str) -> str:
    """Lower case without accents or a trailing dot: how names are compared ("Grudnia" == "grudnia")."""
    text = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in text if not unicodedata.combining(ch)).strip(". ")


def _locales() -> list[Locale]:
    found = []
    for code in LANGUAGES:
        try:
            found.append(Locale.parse(code))
        except (ValueError, LookupError):  # a babel without this locale: skipped, not fatal
            continue
    return found


def _calendar_names(field: str, widths: tuple[str, ...]) -> dict[str, int]:
    """A CLDR calendar field's names (``months`` or ``days``), folded, of every context and given width of every
    locale -> their number; names of fewer than 3 letters or holding a digit are left out."""
    table: dict[str, int] = {}
    for loc in _locales():
        for context in ("format", "stand-alone"):
            for width in widths:
                for number, name in getattr(loc, field)[context][width].items():
                    key = fold(name)
                    if len(key) >= 3 and not re.search(r"\d", key):
                        table.setdefault(key, number)
    return table


@functools.lru_cache(maxsize=1)
def months() -> dict[str, int]:
    """Month name or abbreviation (folded) -> month number, every context and width of every locale."""
    return _calendar_names("months", ("wide", "abbreviated"))


@functools.lru_cache(maxsize=1)
def weekdays() -> dict[str, int]:
    """Weekday name (folded, wide forms only: "mar" is a sea before it is a Tuesday) -> 0 Monday .. 6 Sunday."""
    return _calendar_names("days", ("wide",))


def _pattern_words(pattern: str) -> list[str]:
    return [w for w in re.split(r"\{0\}|\s+", pattern) if w and not w.isdigit()]


@functools.lru_cache(maxsize=1)
def duration_units() -> dict[str, float]:
    """A duration unit word (folded, every plural form and width) -> the days it stands for."""
    table: dict[str, float] = {}
    for loc in _locales():
        patterns = loc._data["unit_patterns"]
        for unit, days in UNITS.items():
            for width in ("long", "short"):
                for form, pattern in (patterns.get(unit, {}).get(width) or {}).items():
                    if not isinstance(pattern, str) or form.startswith("per"):
                        continue
                    for word in _pattern_words(pattern):
                        key = fold(word)
                        if len(key) >= 1 and not re.fullmatch(r"[\W_]+", key):
                            table.setdefault(key, days)
        # CLDR's relative-time patterns hold the forms a unit takes after a preposition ("in {0} Tagen",
        # "za {0} dní"): the word right after the number in them is the unit in that case ("innerhalb von 30 Tagen")
        for field, days in RELATIVE_FIELDS.items():
            for tense in ("future", "past"):
                for pattern in (loc._data["date_fields"].get(field, {}).get(tense) or {}).values():
                    rest = pattern.split("{0}", 1)[1] if "{0}" in pattern else ""
                    after = re.match(r"\s*([^\W\d_]{2,})(?=\s|$)", rest)
                    if after:  # a whole word: scripts whose vowel signs split a word (Thai) give none
                        table.setdefault(fold(after[1]), days)
    for word, days in CLDR_GAPS.items():
        table.setdefault(word, days)
    return table


# Everyday unit words CLDR's tables lack: its bokmål writes a day as "døgn" (24 hours) where shops write "dager"
# (found on blind_shop14 after its one measurement: a fit, docs/REWARDS.md)
CLDR_GAPS = {"dager": 1.0, "dagers": 1.0}


COMPOUND_HEAD = 4  # letters of the unit at the end of a compound ("Kalender|tage", "arbets|dagar", "työ|päivää")
COMPOUND_FRONT = 3  # letters before it: "holi|days" still reads as days, "s|days" does not


@functools.lru_cache(maxsize=4096)
def duration_unit(word: str) -> float | None:
    """The days a unit word stands for, the word as written or as the head of a compound: German, Dutch, the
    Nordic languages and Finnish join a unit to what it counts ("30 Kalendertage", "5 arbetsdagar",
    "14 kalenteripäivää"); the unit is the compound's last part, so the longest unit the word ends with is read."""
    key, units = fold(word), duration_units()
    if key in units:
        return units[key]
    for start in range(COMPOUND_FRONT, len(key) - COMPOUND_HEAD + 1):
        if key[start:] in units:
            return units[key[start:]]
    return None


def currency_word(word: str) -> str | None:
    """The ISO code a currency word stands for, or None. An accent is part of a word: "års" (Swedish, of a year)
    folds to "ars" but is not Argentina's ARS, which is written without one."""
    key = fold(word)
    code = currency_words().get(key)
    if code and len(key) == 3 and key == code.casefold() and word.casefold().strip(". ") != key:
        return None
    return code


@functools.lru_cache(maxsize=1)
def currency_words() -> dict[str, str]:
    """A currency symbol or name (folded; every locale's singular and plural names) -> its ISO code."""
    table: dict[str, str] = {}
    for loc in _locales():
        names, plurals, symbols = loc.currencies, loc._data["currency_names_plural"], loc.currency_symbols
        for code in CURRENCIES:
            for word in [names.get(code), symbols.get(code), *(plurals.get(code) or {}).values()]:
                if word:
                    table.setdefault(fold(word), code)
                    for part in word.split() if " " in word else ():  # "Moroccan dirhams" is written "dirhams"
                        if len(part) >= 4:
                            table.setdefault(fold(part), code)
    for code in CURRENCIES:
        table.setdefault(fold(code), code)
    for word in [w for w in table if len(w) < 2 and w.isalpha()]:
        del table[word]  # a one-letter "name" ("a", "m") would read any "5 a" as money
    # Signs that stand for several currencies in CLDR but one in everyday writing where a shop uses them.
    table.update({"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "円": "JPY", "元": "CNY", "₩": "KRW", "฿": "THB",
                  "zł": "PLN", "r$": "BRL", "kč": "CZK", "ft": "HUF", "kr": "SEK", "₺": "TRY", "₹": "INR"})
    return table
