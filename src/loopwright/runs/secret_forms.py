"""Known secret values in altered forms: encoded, cut, split, disguised. Used on what the MCP server returns.

Replacing a secret's exact text (``secrets.scrub_text``) misses the same secret written another way, and blind
set 5 got 11 environment secrets back like that: base64, hex, reversed, percent-encoded, ``\\uXXXX``-escaped,
fullwidth letters, zero-width or plain spaces between the characters, split over two lines, or cut by a log
tail's window so that only its second half came back.

So each known value (the environment's secret values and those the client sent) is turned into its forms: its
letters and digits, reversed, lower-cased, hex, and base64 at the three byte alignments. Every run of
:data:`WINDOW` consecutive characters of a form is a *window*. A text holds the secret when one of its
normalised readings (``\\uXXXX`` escapes decoded, percent-decoded, NFKC-folded, everything but letters and digits
dropped, lower-cased) contains a window. 12 random characters do not turn up by chance, and any part of a
secret long enough to be useful contains one. A line that holds one is withheld whole, and two adjacent lines
that hold one only together are withheld both (a value split over two lines).

Pure python, standard library only.
"""

from __future__ import annotations

import base64
import codecs
import functools
import re
import unicodedata
import urllib.parse

WINDOW = 12
WITHHELD = "***REDACTED*** (this line held a secret in an altered form)"
_UESC = re.compile(r"\\u([0-9a-fA-F]{4})")
_NOT_ALNUM = re.compile(r"[^0-9A-Za-z]")


def _alnum(text: str) -> str:
    return _NOT_ALNUM.sub("", text)


def _forms(value: str) -> set[str]:
    raw = value.encode("utf-8", "replace")
    forms = {_alnum(value), _alnum(value)[::-1], raw.hex(), codecs.encode(_alnum(value), "rot13")}
    for offset in range(3):
        forms.add(_alnum(base64.b64encode(raw[offset:]).decode()[1:-4]))  # the edges depend on the bytes around it
        forms.add(_alnum(base64.urlsafe_b64encode(raw[offset:]).decode()[1:-4]))
    return {f for f in forms if f}


@functools.lru_cache(maxsize=64)
def windows(values: tuple[str, ...]) -> frozenset[str]:
    """Every WINDOW-character run of every form of ``values`` (lower-cased; a value shorter than WINDOW: whole)."""
    out: set[str] = set()
    for value in values:
        for form in _forms(value):
            form = form.lower()
            if len(form) <= WINDOW:
                if len(form) >= 8:
                    out.add(form)
                continue
            out.update(form[i:i + WINDOW] for i in range(len(form) - WINDOW + 1))
    return frozenset(out)


def unescape(text: str) -> str:
    """``text`` with its ``\\uXXXX`` escapes decoded (``\\u0068f_`` -> ``hf_``)."""
    return _UESC.sub(lambda m: chr(int(m[1], 16)), text)


# A secret spelled as character codes: "104,102,95,..." or "0x68 0x66 0x5f ..." (blind set 7): 8 or more in a row
_CODES = re.compile(r"(?:\b(?:0x[0-9a-fA-F]{1,6}|\d{1,7})[\s,;]+){7,}(?:0x[0-9a-fA-F]{1,6}|\d{1,7})\b")


def from_codes(codes: list[int]) -> str:
    """The text that character codes spell ('' when one is no character)."""
    return "".join(chr(c) for c in codes) if all(0 < c < 0x110000 for c in codes) else ""


def _spelled(text: str) -> str:
    """What the runs of character codes in ``text`` spell, run after run ('' when it has none)."""
    return " ".join(from_codes([_code(c) for c in re.split(r"[\s,;]+", m[0])]) for m in _CODES.finditer(text))


def _code(number: str) -> int:
    """One code as written: ``0x68`` or ``104``; ``08`` is decimal (a log's zero-padded date is no error)."""
    return int(number[2:], 16) if number[:2].lower() == "0x" else int(number)


def _readings(text: str) -> set[str]:
    decoded = unescape(text)
    try:
        unquoted = urllib.parse.unquote(urllib.parse.unquote(decoded))
    except Exception:  # noqa: BLE001 - odd escapes: the other readings stay
        unquoted = decoded
    folded = unicodedata.normalize("NFKC", unquoted)
    readings = {_alnum(folded).lower(), _alnum(unicodedata.normalize("NFKC", decoded)).lower()}
    spelled = _spelled(text)
    return readings | {_alnum(spelled).lower()} if spelled else readings


def holds(text: str, known: frozenset[str]) -> bool:
    """Whether ``text``, read in any of its normalised forms, contains a window of a known secret."""
    if not known or not text:
        return False
    for reading in _readings(text):
        if len(reading) < 8:
            continue
        if len(reading) < WINDOW:
            if reading in known:
                return True
            continue
        if any(reading[i:i + WINDOW] in known for i in range(len(reading) - WINDOW + 1)):
            return True
    return False


def withhold(text: str, known: frozenset[str]) -> str:
    """``text`` with every line that holds a known secret in any form replaced by :data:`WITHHELD`; two adjacent
    lines that hold one only together are both replaced."""
    if not known or not holds(text, known):
        return text
    lines = text.split("\n")
    bad = [holds(line, known) for line in lines]
    for i in range(len(lines) - 1):
        if not (bad[i] or bad[i + 1]) and holds(lines[i] + lines[i + 1], known):
            bad[i] = bad[i + 1] = True
    out = "\n".join(WITHHELD if b else line for line, b in zip(lines, bad))
    return out if not holds(out, known) else WITHHELD  # split some other way: nothing of it goes out
