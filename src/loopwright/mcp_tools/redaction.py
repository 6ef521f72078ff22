"""Everything that leaves the server, with secrets redacted: :func:`scrub_reply`, which every tool's reply and
every error's text pass through (``server._guarded``), whatever file or record a tool read it from.

A value under a secret-named key (``api_key``, ``hf_token``, camelCase ``apiKey``) is replaced; in every string
(dict keys too: a metrics column can be named by a token), credential-shaped tokens (``runs.secrets.redact_tokens``:
``sk-``, ``ghp_``, ``hf_``, JWTs, private-key blocks, AWS key ids, URL passwords), bearer tokens, a secret-named
key's value in the forms logs print it (``"api_key": "v"``, ``password = v``) and each whitespace-separated word
that is an override (``+x.hf_token=...``, as ``redact_override`` does); then the environment's secret values and
those the client sent, wherever they appear. Blind set 4 found the readers' own per-file redaction missed records.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

# A secret-named key inside an override's dict value (``+x.db={password: S}``) and its value up to the next
# separator; and a bearer token in any value (``Authorization='Bearer S'``).
# (Bounded key lengths after a non-word: a linear scan; an unbounded [\w.-]+ backtracked quadratically on a
# 30 kB value, 10 s of the server's time.)
_NESTED_ITEM = re.compile(r"""(?<![\w.-])([\w.-]{1,64})\s*:\s*['"]?([^,'"{}\[\]\s]+)""")
_NESTED_LIST = re.compile(r"""(?<![\w.-])([\w.-]{1,64})\s*:\s*\[([^\]]*)\]""")  # hf_token: [S1, S2]
_BEARER = re.compile(r"""(?i)\bbearer\s+([^\s'",}\]]+)""")
_SWEEP_SPLIT = re.compile(r"""[,()\[\]{}'"\s]+""")


# A secret-named key and its value in free text, as logs print them: ``"api_key": "S"``, ``password = S``,
# ``X-Api-Key: S``, ``github_pat: S``, ``apiKey=S`` (bounded key length: a linear scan).
_KEY_VALUE = re.compile(r"""(?<![\w.-])(["']?)([A-Za-z][\w.-]{0,63})\1(\s*[:=]\s*)(["']?)([^\s"',;}\]]+)""")


def _redact_key_values(line: str) -> str:
    from loopwright.runs.secrets import is_secret_key

    def one(m: re.Match) -> str:
        if not is_secret_key(m[2].rsplit(".", 1)[-1]) or m[5].lower() == "bearer":
            return m[0]
        return f"{m[1]}{m[2]}{m[1]}{m[3]}{m[4]}***"

    return _KEY_VALUE.sub(one, line)


def _redact_words(line: str, values: list[str]) -> str:
    """One line whose credential-shaped tokens are already redacted: secret values, bearer tokens, secret-named
    keys' values and overrides."""
    from loopwright.runs.writer import redact_override, scrub_text

    line = scrub_text(line, values)
    line = _SAID.sub(lambda m: m[0][: len(m[0]) - len(m[2])] + "***", line)
    line = _BEARER.sub(lambda m: m[0][: len(m[0]) - len(m[1])] + "***", _redact_key_values(line))
    return " ".join(redact_override(w, values) if "=" in w else w for w in line.split(" "))


def redact_line(line: str, values: list[str] | None = None) -> str:
    """One line of free text redacted; ``values``: the secret values to scrub (default: the environment's)."""
    from loopwright.runs.secrets import redact_tokens, secret_values

    return _redact_words(redact_tokens(line), secret_values(by_shape=True) if values is None else values)


# A secret-named key whose value is on the lines after it: ``api_key:`` then the value, ``hf_token: |`` then a block.
_KEY_ALONE = re.compile(r"""^(\s*)(?:-\s+)?["']?([A-Za-z][\w.-]{0,63})["']?\s*[:=]\s*(?:[|>][-+]?\d?)?\s*$""")


def _redact_following_values(lines: list[str]) -> list[str]:
    from loopwright.runs.secrets import REDACTED, is_secret_key

    out, i = [], 0
    while i < len(lines):
        out.append(lines[i])
        m = _KEY_ALONE.match(lines[i])
        i += 1
        if not (m and is_secret_key(m[2].rsplit(".", 1)[-1])):
            continue
        indent = len(m[1])
        first = True
        while i < len(lines) and lines[i].strip() and (first or len(lines[i]) - len(lines[i].lstrip()) > indent):
            out.append(lines[i][: len(lines[i]) - len(lines[i].lstrip())] + REDACTED)
            first, i = False, i + 1
    return out


def _escaped_token(line: str) -> bool:
    """A credential written with ``\\uXXXX`` escapes (``\\u0068f_...``): the escapes hide it from the patterns."""
    from loopwright.runs.secret_forms import unescape
    from loopwright.runs.secrets import redact_tokens

    decoded = unescape(line)
    return decoded != line and redact_tokens(decoded) != decoded


# Characters of one string in a reply (a manifest's error, a report): readers cap what they read, this caps what
# any of them returns, and keeps the scrubber's regex scans bounded.
MAX_REPLY_CHARS = 200_000


def capped(text: str) -> str:
    """``text`` cut at MAX_REPLY_CHARS, with a line saying so: cut before it is scanned, not after (blind set 7's
    24 MB manifest error took 15 s of the server's CPU in ``run_status`` when it was redacted whole)."""
    if len(text) <= MAX_REPLY_CHARS:
        return text
    return text[:MAX_REPLY_CHARS] + f"\n[... cut at {MAX_REPLY_CHARS} characters]"


def redact_text(text: str, values: list[str] | None = None) -> str:
    """``text`` (cut at MAX_REPLY_CHARS) with credential-shaped tokens, secret-named keys' values and ``values``
    redacted."""
    from loopwright.runs.secrets import REDACTED, redact_tokens, secret_values

    from loopwright.runs.secret_forms import redact_split

    text = capped(text)
    values = secret_values(by_shape=True) if values is None else values  # once: the environment is read per call
    lines = text.splitlines(keepends=True)
    if len(lines) > 1:  # a value cut over two lines: both pieces go (secret_forms.redact_split)
        text = "".join(redact_split(lines, values))
    # tokens once, on the whole text (a private key's block spans lines); then each line's words
    lines = _redact_following_values(redact_tokens(text).split("\n"))
    return "\n".join(REDACTED if _escaped_token(line) else _redact_words(line, values) for line in lines)


def scrub_reply(value: Any, values: list[str]) -> Any:
    """A copy of a tool's reply (a JSON-like tree, or an error's text) with every secret redacted (the module
    docstring), ``values`` being the secret values to scrub besides (the environment's and the client's)."""
    from loopwright.runs.secret_forms import from_codes, holds, windows, withhold
    from loopwright.runs.secrets import REDACTED, is_secret_key

    memo: dict[str, str] = {}  # a reply repeats its keys (every metrics row has the same columns)
    # A secret the reply itself holds under a secret-named key or override (a manifest's "+x.api_keys=[S]") is
    # known from then on, so its other forms in the same reply (reversed under "choices", in a URL) go too.
    values = sorted({*values, *reply_secret_values(value)}, key=len, reverse=True)
    known = windows(tuple(values))  # the values' altered forms (encoded, cut, split: runs/secret_forms.py)
    numeric = [v for v in values if v.isdigit() and len(v) >= 8]

    home = _home_path()

    def text(s: str) -> str:
        if s not in memo:
            cut = capped(s)
            # a file name's undecodable bytes arrive as lone surrogates, which the reply's UTF-8 cannot carry: the
            # SDK's write failed and the client's session ended (blind set 7); they go out as \udcff text
            cut = cut.encode("utf-8", "backslashreplace").decode("utf-8")
            memo[s] = _tilde(withhold(redact_text(cut, values), known), home)
        return memo[s]

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            return text(v)
        if isinstance(v, dict):  # a number or flag under a secret-named key is a count or a switch, not a secret
            v = _split_across(v, values)
            return {(text(k) if isinstance(k, str) else k): REDACTED if is_secret_key(k) and isinstance(
                x, (str, list, dict)) and x not in ("", [], {}) else walk(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            if len(v) >= 8 and all(type(x) is int for x in v) and holds(from_codes(list(v)), known):
                return REDACTED  # a secret spelled as character codes: [104, 102, 95, ...]
            return [walk(x) for x in _split_across(list(v), values)]
        if v is None or isinstance(v, bool):
            return v
        if isinstance(v, (int, float)):  # a secret of digits written as a number (global_step: <a 14-digit PIN>)
            whole = isinstance(v, int) or v.is_integer() and abs(v) < 1e18
            digits = str(int(v)) if whole else repr(v)
            # a fraction's digits are checked whatever its size: 0.<the PIN> is a float under 1 (blind set 7)
            hidden = (abs(v) >= 10_000_000 or not whole) and (
                holds(digits, known) or any(d in digits.replace(".", "") for d in numeric))
            return REDACTED if hidden else v
        # bytes (a YAML !!binary value), dates, anything else the SDK would print with str(): scrubbed as that text
        return text(v.decode("utf-8", "replace") if isinstance(v, (bytes, bytearray)) else str(v))

    return walk(value)


def _split_across(v: Any, values: list[str]) -> Any:
    """A list's (or a dict's values') adjacent strings as adjacent lines: a known value cut between two of them
    (a log tail's lines, a record's two fields) loses both pieces (``secret_forms.redact_split``)."""
    from loopwright.runs.secret_forms import redact_split

    items = list(v.values()) if isinstance(v, dict) else v
    at = [i for i, x in enumerate(items) if isinstance(x, str)]
    if len(at) < 2 or not values:
        return v
    texts = redact_split([items[i] for i in at], values)
    if all(items[i] is t for i, t in zip(at, texts)):
        return v
    items = list(items)
    for i, t in zip(at, texts):
        items[i] = t
    return dict(zip(v, items)) if isinstance(v, dict) else items


def _home_path() -> tuple[str, ...]:
    """The server's home dir as given and resolved (none when it is ``/``)."""
    import os

    given = os.path.expanduser("~").rstrip("/")
    return tuple(h for h in sorted({given, os.path.realpath(given).rstrip("/")}, key=len, reverse=True) if h)


def _tilde(text: str, homes: tuple[str, ...]) -> str:
    """``text`` with the home dir written ``~``: a path under it (a cache, a default) names the user and where
    their files are, which a client has no need of (blind set 7 read it from a compose problem's cache path)."""
    for home in homes:
        if home in text:
            text = re.sub(r"(?<![\w.-])" + re.escape(home) + r"(?![\w.-])", "~", text)
    return text


def reply_secret_values(value: Any, depth: int = 0) -> set[str]:
    """The secrets a reply's own data names: values under secret-named keys, and those its override strings and
    key = value text give (as :func:`client_secret_values` reads a client's)."""
    from loopwright.runs.secrets import MIN_VALUE_LENGTH, REDACTED, is_secret_key

    found: set[str] = set()
    if depth > 50:
        return found
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str) and is_secret_key(k) and isinstance(v, str) and len(v) >= MIN_VALUE_LENGTH:
                found.add(v)
            found |= reply_secret_values(v, depth + 1)
    elif isinstance(value, (list, tuple)):
        for v in value[:10_000]:
            found |= reply_secret_values(v, depth + 1)
    elif isinstance(value, str) and len(value) < 100_000:
        from loopwright.runs.secrets import tokens_in

        found.update(tokens_in(value))  # "xoxb-1-2-<S>" as a record id: <S> in a role name is the same secret
        if "=" in value or ":" in value:
            words = [w.strip("'\",") for w in value.split() if "=" in w and _OVERRIDE_WORD.match(w.strip("'\","))]
            found.update(client_secret_values(words[:1000]))  # each word an override: key=value, nothing after it
            found.update(v for k, v in _SAID.findall(value) if len(v) >= MIN_VALUE_LENGTH)
    return {v for v in found if len(v) >= MIN_VALUE_LENGTH and v != REDACTED}


_OVERRIDE_WORD = re.compile(r"[+~]{0,2}[A-Za-z_][\w.@/-]{0,200}=")
# "private key (hex): 0x...", "seed phrase: ...", "the password is ...": a secret said in words, and its value
_SAID = re.compile(r"(?i)\b(private[\s_-]?key|secret[\s_-]?key|seed[\s_-]?phrase|mnemonic|pass(?:word|phrase|code)|"
                   r"api[\s_-]?key|access[\s_-]?token)\b[^:=\n]{0,20}(?:[:=]|\bis\b)\s*['\"]?([^\s'\",;]{8,512})")


def _override_strings(arguments: Any) -> Iterator[str]:
    """Every ``key=value`` string among a tool call's arguments (override lists, nested)."""
    if isinstance(arguments, str):
        if "=" in arguments:
            yield arguments
    elif isinstance(arguments, dict):
        for value in arguments.values():
            yield from _override_strings(value)
    elif isinstance(arguments, (list, tuple)):
        for value in arguments:
            yield from _override_strings(value)


def client_secret_values(arguments: Any) -> list[str]:
    """The secrets a client itself sent: every value under a secret-named key (``+x.api_key=S``), each value of
    a sweep over one (``a,S``, ``choice(a,S)``), secret-named keys inside a dict value (``{password: S}``) and
    bearer tokens. They are scrubbed from the reply like the environment's secrets: Hydra's messages, the
    resolved config and the command line would otherwise repeat them (docs/SECURITY.md)."""
    from loopwright.runs.secrets import MIN_VALUE_LENGTH, is_secret_key

    found: set[str] = set()
    for text in _override_strings(arguments):
        key, _, value = text.partition("=")
        if any(is_secret_key(part) for part in key.lstrip("+~").split(".")):
            found.add(value.strip().strip("'\""))
            found.update(_SWEEP_SPLIT.split(value))
        found.update(v for k, v in _NESTED_ITEM.findall(value) if is_secret_key(k.rsplit(".", 1)[-1]))
        for k, items in _NESTED_LIST.findall(value):
            if is_secret_key(k.rsplit(".", 1)[-1]):
                found.update(_SWEEP_SPLIT.split(items))
        found.update(_BEARER.findall(value))
    values = {v for v in found if len(v) >= MIN_VALUE_LENGTH and v not in ("choice", "range", "interval")}
    return sorted(values, key=len, reverse=True)
