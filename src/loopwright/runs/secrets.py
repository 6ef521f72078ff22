"""What counts as a secret, by name and by value, and the scrubber that removes secret values from text.

Two complementary rules, because each misses what the other catches:

- **by name** (:func:`is_secret_key`): a config key or an override whose name says it holds a secret
  (``hf_token``, ``github_pat``, ``api_key_2``): its value is replaced whatever it is;
- **by value** (:func:`scrub`): the values of this process's secret-looking environment variables
  (:func:`is_secret_env_name`), wherever they turn up: a free-text field (``notes=<the key>``), a path, an
  error message that repeats a value, a log line. Only values of :data:`MIN_VALUE_LENGTH` characters or more
  are scrubbed, so ``HF_TOKEN=1`` does not blank every "1".

Pure python, no imports beyond the standard library: the writer, the MCP server and logging use it.
"""

from __future__ import annotations

import functools
import logging
import os
import re
from typing import Any, Mapping

REDACTED = "***REDACTED***"
MIN_VALUE_LENGTH = 8
# A key is secret when one of its words is one of these (`password_env`, `aws_secret_access_key`), or when its
# last word (numeric suffixes dropped: `api_key_2`) is one of _SECRET_LAST_WORDS (`api_key`, `hf_token`,
# `github_pat`, `hf_auth`): as an earlier word those name shapes and counts, not secrets
# (`num_key_value_heads`, `token_budget`, `auth_header_name`; `max_new_tokens` has "tokens").
_SECRET_WORDS = {"secret", "password", "passwd", "apikey", "credential", "credentials", "authorization"}
_SECRET_LAST_WORDS = {"key", "token", "pat", "auth"}
# Environment names go by looser rules (the variable is a secret or names one): any word among these (camelCase
# split too: MyServiceApiKey), or one of _ENV_INFIXES anywhere in the name without its separators (B4PASSPHRASE).
# Blind set 4 got STRIPE_SK, SESSION_COOKIE, B4PASSPHRASE, SLACK_WEBHOOK and MyServiceApiKey's values back.
_ENV_WORDS = _SECRET_WORDS | _SECRET_LAST_WORDS | {
    "pass", "private", "signature", "sk", "cookie", "cookies", "passphrase", "webhook", "dsn"}  # not "pwd": $PWD
# "token" but not TOKENIZERS_PARALLELISM or MAX_TOKENS (a setting and a count, not a credential)
_ENV_INFIXES = re.compile(r"apikey|passphrase|password|passwd|secret|token(?!iz|s)")
# ...but these name where a secret lives or how to reach an agent, not the secret: their values are paths.
_ENV_NOT_SECRET = re.compile(r"(_SOCK|_DIR|_PATH|_FILE|_ENV|_HOME|_CONFIG)$", re.I)


def _camel_split(name: Any) -> str:
    """gitPat, apiKey, HfToken -> git_Pat, api_Key, Hf_Token (a name may be read either way: Hf_ToKeN is not)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", str(name))


def _words(name: Any) -> list[str]:
    words = [w for w in re.split(r"[_\-.\s]+", str(name).lower()) if w]
    while len(words) > 1 and words[-1].isdigit():
        words.pop()  # API_KEY_2, token_01: the number is a counter, the word before it is the name
    return words or [""]


def is_secret_key(key: Any) -> bool:
    """A config key or override name whose value is a secret (``hf_token``, ``GITHUB_PAT``, ``api_key_2``,
    ``gitPat``)."""
    for words in (_words(key), _words(_camel_split(key))):
        if any(w in _SECRET_WORDS for w in words) or words[-1] in _SECRET_LAST_WORDS:
            return True
    return False


@functools.lru_cache(maxsize=4096)  # secret_values() asks for every variable on each scrub: once per word of a log
def is_secret_env_name(name: str) -> bool:
    """An environment variable whose value is treated as a secret (``RUNPOD_API_KEY``, ``HF_AUTH``, ``DB_PASS``)."""
    if _ENV_NOT_SECRET.search(name):
        return False
    if any(w in _ENV_WORDS for words in (_words(name), _words(_camel_split(name))) for w in words):
        return True
    return bool(_ENV_INFIXES.search(re.sub(r"[^a-z0-9]", "", name.lower())))


# scheme://user:password@host: a storage URL (sweeper, database) may carry a password. Bounded and anchored at a
# word's start: an unbounded scheme rescanned a 200 kB run of letters from every position (seconds per call).
_URL_PASSWORD = re.compile(r"(?<![A-Za-z0-9+.\-])([A-Za-z][A-Za-z0-9+.\-]{0,31}://[^:/@\s]{0,256}:)([^@\s/]{1,512})(@)")
# Credentials recognisable by their shape alone, wherever they turn up (a log line, a metrics column's name, an
# eval record): no key names them and they need not be in this process's environment. Each is anchored on a
# vendor prefix and a long random tail, so words like "tokens", "skip" or "hf_model" are left alone.
_TOKEN_SHAPES = re.compile("|".join((
    r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)",  # PEM / OpenSSH
    r"\bb3BlbnNzaC1rZXktdjE[A-Za-z0-9+/=]*",  # an OpenSSH key's body line on its own ("openssh-key-v1")
    r"\bsk-[A-Za-z0-9_-]{20,}",  # OpenAI, Anthropic
    r"\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}",  # Stripe
    r"\bgh[opusr]_[A-Za-z0-9]{30,}", r"\bgithub_pat_[A-Za-z0-9_]{30,}",  # GitHub
    r"\bhf_[A-Za-z0-9]{30,}",  # Hugging Face
    r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*",  # a JWT: header.payload.signature
    r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b",  # an AWS access key id
)), re.S)


def redact_url_password(text: str) -> str:
    """``postgresql://me:pw@db/x`` -> ``postgresql://me:***REDACTED***@db/x``."""
    return _URL_PASSWORD.sub(lambda m: f"{m.group(1)}{REDACTED}{m.group(3)}", text)


def redact_tokens(text: str) -> str:
    """``text`` with every credential-shaped token (:data:`_TOKEN_SHAPES`) and URL password replaced."""
    return redact_url_password(_TOKEN_SHAPES.sub(REDACTED, text))


def secret_values(environ: Mapping[str, str] | None = None) -> list[str]:
    """The values to scrub, longest first (so a value that contains another is replaced whole)."""
    env = os.environ if environ is None else environ
    values = {v.strip() for k, v in env.items() if is_secret_env_name(k) and len(v.strip()) >= MIN_VALUE_LENGTH}
    return sorted(values, key=len, reverse=True)


def scrub_text(text: str, values: list[str] | None = None) -> str:
    """``text`` with every secret value of the environment replaced by :data:`REDACTED`."""
    for value in secret_values() if values is None else values:
        if value in text:
            text = text.replace(value, REDACTED)
    return text


def scrub(value: Any, values: list[str] | None = None) -> Any:
    """A copy of a JSON-like tree (dicts, lists, strings; keys too) with every secret value scrubbed."""
    values = secret_values() if values is None else values
    if not values:
        return value
    if isinstance(value, str):
        return scrub_text(value, values)
    if isinstance(value, dict):
        return {scrub(k, values): scrub(v, values) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [scrub(v, values) for v in value]
    return value


class ScrubFilter(logging.Filter):
    """A logging filter that scrubs secret values from each record before a handler writes it."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = scrub_text(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and record.exc_info[1] is not None and not record.exc_text:
            record.exc_text = scrub_text(logging.Formatter().formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = scrub_text(record.exc_text)
        return True


def scrub_logging() -> None:
    """Put :class:`ScrubFilter` on every handler of the root logger (the console and Hydra's ``<job>.log``)."""
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, ScrubFilter) for f in handler.filters):
            handler.addFilter(ScrubFilter())
