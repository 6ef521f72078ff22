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
             "el", "ru", "uk", "ja", "zh", "ko", "th", "vi", "id", "ms", "ar", "he", "gd", "ga", "cy", "hi")
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


@functools.lru_cache(maxsize=1)
def combining_marks() -> str:
    """Unicode's combining marks (Mn, Mc, Me) of the Basic Multilingual Plane as a character-class body: the vowel
    signs and viramas of Devanagari, Bengali, Tamil ... that Python's \\w leaves out, splitting "नमस्ते" in four."""
    codes = [c for c in range(0x300, 0x10000) if unicodedata.category(chr(c)) in ("Mn", "Mc", "Me")]
    ranges, start = [], codes[0]
    for prev, cur in zip(codes, codes[1:] + [None]):
        if cur != prev + 1:
            ranges.append(f"\\u{start:04x}" + (f"-\\u{prev:04x}" if prev != start else ""))
            start = cur
    return "".join(ranges)


def _locales() -> list[Locale]:
    found = []
    for code in LANGUAGES:
        try:
            found.append(Locale.parse(code))
        except (ValueError, LookupError):  # a babel without this locale: skipped, not fatal
            continue
    return found


def _calendar_names(field: str, widths: tuple[str, ...], locales: list[Locale] | None = None) -> dict[str, int]:
    """A CLDR calendar field's names (``months`` or ``days``), folded, of every context and given width of every
    locale (or of ``locales``) -> their number; names of fewer than 3 letters or holding a digit are left out."""
    table: dict[str, int] = {}
    for loc in _locales() if locales is None else locales:
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


def _month_before_day(loc: Locale) -> bool:
    pattern = re.sub(r"'[^']*'", "", loc.date_formats["medium"].pattern)
    return "M" in pattern and "d" in pattern and pattern.index("M") < pattern.index("d")


@functools.lru_cache(maxsize=1)
def months_first() -> dict[str, int]:
    """The month names of the locales that write the month before the day (CLDR's medium date: English "MMM d, y",
    Hungarian "y. MMM d."). Only these are read as "<month> <day>": Norwegian and Indonesian "des" (December) is
    French "des" and "dès", and "l'un des 3 articles" or "dès 7h" is no 3 or 7 December."""
    return _calendar_names("months", ("wide", "abbreviated"), [loc for loc in _locales() if _month_before_day(loc)])


@functools.lru_cache(maxsize=1)
def weekdays() -> dict[str, int]:
    """Weekday name (folded, wide forms only: "mar" is a sea before it is a Tuesday) -> 0 Monday .. 6 Sunday."""
    return _calendar_names("days", ("wide",))


def _pattern_words(pattern: str) -> list[str]:
    return [w for w in re.split(r"\{0\}|\s+", pattern) if w and not w.isdigit()]


def _unit_words(loc: Locale) -> dict[str, set[float]]:
    """The words of a locale's duration-unit patterns ("{0} Tage", "{0} de zile") -> the lengths they stand for."""
    words: dict[str, set[float]] = {}
    patterns = loc._data["unit_patterns"]
    for unit, days in UNITS.items():
        for width in ("long", "short"):
            for form, pattern in (patterns.get(unit, {}).get(width) or {}).items():
                if not isinstance(pattern, str) or form.startswith("per"):
                    continue
                for word in _pattern_words(pattern):
                    key = fold(word)
                    if key and not re.fullmatch(r"[\W_]+", key):
                        words.setdefault(key, set()).add(days)
    return words


def _relative_words(loc: Locale) -> dict[str, set[float]]:
    """CLDR's relative-time patterns hold the forms a unit takes after a preposition ("in {0} Tagen", "za {0} dní"):
    the words right after the number in them -> the lengths they stand for ("innerhalb von 30 Tagen")."""
    words: dict[str, set[float]] = {}
    for field, days in RELATIVE_FIELDS.items():
        for tense in ("future", "past"):
            for pattern in (loc._data["date_fields"].get(field, {}).get(tense) or {}).values():
                rest = pattern.split("{0}", 1)[1] if "{0}" in pattern else ""
                # whole words: scripts whose vowel signs split a word (Thai) give none
                for word in re.findall(r"(?<!\S)([^\W\d_]{2,})(?=\s|$)", rest)[:2]:
                    words.setdefault(fold(word), set()).add(days)
    return words


@functools.lru_cache(maxsize=1)
def _locale_words() -> tuple[tuple[str, dict[str, set[float]]], ...]:
    """Each locale's unit-pattern words and relative-time words (two tables a locale), with its language: read from
    CLDR once for the unit, glue and case-ending tables below."""
    return tuple((loc.language, words) for loc in _locales() for words in (_unit_words(loc), _relative_words(loc)))


@functools.lru_cache(maxsize=1)
def duration_glue() -> frozenset[str]:
    """The words CLDR writes between a number and units of several lengths ("de" in Romanian "{0} de zile")."""
    return frozenset(key for _, words in _locale_words() for key, values in words.items() if len(values) > 1)


@functools.lru_cache(maxsize=1)
def duration_units() -> dict[str, float]:
    """A duration unit word (folded, every plural form and width) -> the days it stands for. A word a locale writes
    with units of different lengths is the glue between number and unit, not a unit: Romanian "{0} de zile",
    "peste {0} de ore" ("72 de ore" is three days, and "de" no day; extract.py reads the unit after the glue)."""
    table: dict[str, float] = {}
    for _, words in _locale_words():
        for key, values in words.items():
            if len(values) == 1:
                table.setdefault(key, next(iter(values)))
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
    return _suffixed_unit(key)


# Languages that add case endings to a unit ("7 iş günü", "14 napon belül", "5 munkanapon"): CLDR lists only some
# of the forms, so a unit word of theirs followed by a short ending is read as that unit
AGGLUTINATIVE = ("tr", "hu", "fi")
SUFFIX_LETTERS = 2  # "napon", "günü", "saatte"; three would read "percent" as minutes (Hungarian "perc")
STEM_LETTERS = 3  # "ay" (Turkish month) is too short to carry an ending safely


@functools.lru_cache(maxsize=1)
def _agglutinative_units() -> dict[str, float]:
    table: dict[str, float] = {}
    for language, words in _locale_words():
        if language in AGGLUTINATIVE:
            table.update({k: next(iter(v)) for k, v in words.items() if len(v) == 1 and len(k) >= STEM_LETTERS})
    return table


def _suffixed_unit(key: str) -> float | None:
    """The unit an agglutinative language's word holds before its ending, alone or as a compound's head
    ("gunu" -> gun, "munkanapon" -> nap)."""
    units = _agglutinative_units()
    for cut in range(1, SUFFIX_LETTERS + 1):
        stem = key[:-cut]
        for start in range(0, len(stem) - STEM_LETTERS + 1):
            if stem[start:] in units and (start == 0 or start >= COMPOUND_FRONT):
                return units[stem[start:]]
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
