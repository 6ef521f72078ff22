"""Text that leaves the server (log tails, command output, error messages) with secrets redacted.

Configs and manifests go through ``loopwright.runs.writer.redact``; free text has no keys to
go by, so each whitespace-separated word that is an override (``+x.hf_token=...``) is redacted as
``redact_override`` does, and URL passwords and the environment's secret values wherever they appear.
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
_KEY_VALUE = re.compile(r"""(["']?)([A-Za-z][\w.-]{0,63})\1(\s*[:=]\s*)(["']?)([^\s"',;}\]]+)""")


def _redact_key_values(line: str) -> str:
    from loopwright.runs.secrets import is_secret_key

    def one(m: re.Match) -> str:
        if not is_secret_key(m[2].rsplit(".", 1)[-1]) or m[5].lower() == "bearer":
            return m[0]
        return f"{m[1]}{m[2]}{m[1]}{m[3]}{m[4]}***"

    return _KEY_VALUE.sub(one, line)


def redact_line(line: str) -> str:
    from loopwright.runs.writer import redact_override, redact_url_password, scrub_text

    line = scrub_text(redact_url_password(line))
    line = _BEARER.sub(lambda m: m[0][: len(m[0]) - len(m[1])] + "***", _redact_key_values(line))
    return " ".join(redact_override(w) if "=" in w else w for w in line.split(" "))


def redact_text(text: str) -> str:
    return "\n".join(redact_line(line) for line in text.split("\n"))


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
