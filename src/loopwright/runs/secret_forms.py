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

A known value written as it is but split over two adjacent lines (or two adjacent strings of a reply) at an uneven
point escapes that rule: the longer piece holds a window and its line is withheld, the shorter piece (under
WINDOW characters: up to half the value) went out on the next line. :func:`redact_split` finds such a split
directly, at any cut, with any text around the pieces, and redacts both pieces (only them).

Pure python, standard library only.
"""

from __future__ import annotations

import base64
import codecs
import functools
import re
import unicodedata
import urllib.parse
from typing import Sequence

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


# A known value's two pieces on adjacent lines are redacted when they are the whole value (any length: a value is
# known only when it is long enough to be scrubbed whole, 6 or more characters), or WINDOW characters of it or more
# together (a part of a secret as long as the part the window rule calls useful). Shorter parts of a value are not:
# a few characters of a long value, each a word of its own on two adjacent lines, turn up by chance.
SPLIT_MIN = WINDOW


@functools.lru_cache(maxsize=64)
def _rests(values: tuple[str, ...]) -> tuple[dict[str, list[tuple[str, int]]], re.Pattern]:
    """Where each value can be cut: the first (up to) three characters after the cut -> [(value, cut), ...]; and
    where in a line a second piece may start (a word's start, or a character some value goes on with after a cut)."""
    out: dict[str, list[tuple[str, int]]] = {}
    for v in values:
        for c in range(1, len(v)):
            out.setdefault(v[c:c + 3], []).append((v, c))
    odd = sorted({k[0] for k in out if not k[0].isalnum()})
    return out, re.compile(r"(?<![^\W_])[^\W_]" + ("|[" + re.escape("".join(odd)) + "]" if odd else ""))


def _edge(line: str, j: int) -> bool:
    """A piece may start or end at ``j``: not inside a run of letters and digits."""
    return j <= 0 or j >= len(line) or not (line[j - 1].isalnum() and line[j].isalnum())


def _piece_before(line: str, v: str, c: int, least: int) -> tuple[int, int] | None:
    """The longest ``v[s:c]`` (``least`` characters or more) that stands on its own in ``line``, not as part of the
    whole value written there (that one is no piece of a cut: the scrubber redacts it whole): its span."""
    for a in range(c, max(least, 1) - 1, -1):
        piece, p = v[c - a:c], -1
        while (p := line.find(piece, p + 1)) >= 0:
            whole = line[p + a:p + a + len(v) - c] == v[c:] and line[max(0, p - (c - a)):p] == v[:c - a]
            if _edge(line, p) and _edge(line, p + a) and not whole:
                return p, p + a
    return None


def _split_spans(first: str, second: str, values: tuple[str, ...]) -> tuple[list, list]:
    """The spans of ``first`` and ``second`` that are the two pieces of a known value cut between them."""
    rests, starts = _rests(values)
    spans: tuple[list, list] = ([], [])
    for m in starts.finditer(second):
        j = m.start()
        if not _edge(second, j):
            continue
        for key in {second[j:j + 3], second[j:j + 2], second[j:j + 1]}:
            for v, c in rests.get(key, ()):
                if second[max(0, j - c):j] == v[:c]:
                    continue  # the rest of the whole value written on this line: no cut
                b = 0
                while c + b < len(v) and j + b < len(second) and second[j + b] == v[c + b]:
                    b += 1
                if not _edge(second, j + b):
                    continue
                # a value shorter than SPLIT_MIN only whole (the piece before is v[:c]); else SPLIT_MIN in all
                least = c if c + b == len(v) and len(v) < SPLIT_MIN else SPLIT_MIN - b
                found = _piece_before(first, v, c, least) if least <= c else None
                if found:
                    spans[0].append(found)
                    spans[1].append((j, j + b))
    return spans


def _cut_out(line: str, spans: list[tuple[int, int]]) -> str:
    from loopwright.runs.secrets import REDACTED

    merged: list[list[int]] = []
    for a, b in sorted(spans):
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    for a, b in reversed(merged):
        line = line[:a] + REDACTED + line[b:]
    return line


def redact_split(lines: Sequence[str], values: Sequence[str]) -> list[str]:
    """``lines`` with every known value that is cut between two adjacent lines redacted, both its pieces (at any
    cut, with any text around them: ``key part 1: <14 chars>`` then ``key part 2: <the other 10>``); the spans are
    found on the lines as given, so a value split over three lines loses all three pieces."""
    lines, known = list(lines), tuple(v for v in values if len(v) >= 2)
    if len(lines) < 2 or not known:
        return lines
    spans: list[list[tuple[int, int]]] = [[] for _ in lines]
    for i in range(len(lines) - 1):
        first, second = _split_spans(lines[i], lines[i + 1], known)
        spans[i] += first
        spans[i + 1] += second
    return [_cut_out(line, s) if s else line for line, s in zip(lines, spans)]
