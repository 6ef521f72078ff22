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
    line = _BEARER.sub(lambda m: m[0][: len(m[0]) - len(m[1])] + "***", _redact_key_values(line))
    return " ".join(redact_override(w, values) if "=" in w else w for w in line.split(" "))


def redact_line(line: str, values: list[str] | None = None) -> str:
    """One line of free text redacted; ``values``: the secret values to scrub (default: the environment's)."""
    from loopwright.runs.secrets import redact_tokens, secret_values

    return _redact_words(redact_tokens(line), secret_values() if values is None else values)


def redact_text(text: str, values: list[str] | None = None) -> str:
    from loopwright.runs.secrets import redact_tokens, secret_values

    values = secret_values() if values is None else values  # once: reading the environment is per call
    # tokens once, on the whole text (a private key's block spans lines); then each line's words
    return "\n".join(_redact_words(line, values) for line in redact_tokens(text).split("\n"))


# Characters of one string in a reply (a manifest's error, a report): readers cap what they read, this caps what
# any of them returns, and keeps the scrubber's regex scans bounded.
MAX_REPLY_CHARS = 200_000


def scrub_reply(value: Any, values: list[str]) -> Any:
    """A copy of a tool's reply (a JSON-like tree, or an error's text) with every secret redacted (the module
    docstring), ``values`` being the secret values to scrub besides (the environment's and the client's)."""
    from loopwright.runs.secrets import REDACTED, is_secret_key

    memo: dict[str, str] = {}  # a reply repeats its keys (every metrics row has the same columns)

    def text(s: str) -> str:
        if s not in memo:
            cut = s if len(s) <= MAX_REPLY_CHARS else s[:MAX_REPLY_CHARS] + f"\n[... cut at {MAX_REPLY_CHARS} characters]"
            memo[s] = redact_text(cut, values)
        return memo[s]

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            return text(v)
        if isinstance(v, dict):  # a number or flag under a secret-named key is a count or a switch, not a secret
            return {(text(k) if isinstance(k, str) else k): REDACTED if is_secret_key(k) and isinstance(
                x, (str, list, dict)) and x not in ("", [], {}) else walk(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [walk(x) for x in v]
        return v

    return walk(value)


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
