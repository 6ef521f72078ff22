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

import base64
import binascii
import functools
import logging
import os
import re
from typing import Any, Mapping

REDACTED = "***REDACTED***"
MIN_VALUE_LENGTH = 8
MIN_NAMED_LENGTH = 6  # under a secret-looking name, values this long are scrubbed too
_PLACEHOLDERS = {"public", "dummy", "secret", "changeme", "default", "enabled", "disabled", "unset", "placeholder",
                 "example", "foobar", "testing", "false", "true", "none", "null"}
# A key is secret when one of its words is one of these (`password_env`, `aws_secret_access_key`), or when its
# last word (numeric suffixes dropped: `api_key_2`) is one of _SECRET_LAST_WORDS (`api_key`, `hf_token`,
# `github_pat`, `hf_auth`): as an earlier word those name shapes and counts, not secrets
# (`num_key_value_heads`, `token_budget`, `auth_header_name`; `max_new_tokens` has "tokens").
_SECRET_WORDS = {"secret", "password", "passwd", "apikey", "apikeys", "credential", "credentials", "authorization",
                 "passphrase", "passcode", "privkey", "cookie", "cookies", "salt", "mnemonic", "bearer"}
_SECRET_LAST_WORDS = {"key", "keys", "token", "pat", "auth", "pin", "pw", "pwd", "cred", "creds"}
# The same words run together in a key (api_keys -> apikeys, seed_phrase, privatekey): anywhere in the name.
_NAMES_NOT_VALUES = {"env", "name", "file", "path", "dir", "var", "header", "length", "len", "size", "count",
                     "type", "format", "prefix", "url"}
_KEY_INFIXES = re.compile(r"apikey|passphrase|password|passwd|privatekey|privkey|seedphrase|secretkey|accesskey")
# Environment names go by looser rules (the variable is a secret or names one): any word among these (camelCase
# split too: MyServiceApiKey), or one of _ENV_INFIXES anywhere in the name without its separators (B4PASSPHRASE).
# Blind set 4 got STRIPE_SK, SESSION_COOKIE, B4PASSPHRASE, SLACK_WEBHOOK and MyServiceApiKey's values back.
_ENV_WORDS = (_SECRET_WORDS | _SECRET_LAST_WORDS | {
    "pass", "private", "signature", "sk", "webhook", "hook", "dsn", "priv", "hmac", "signing", "seed", "jwt",
    "sessionid", "cert", "serial", "license", "pgpass", "kubeconfig", "code",
    # "password" in other languages (blind set 5: KENNWORT, CONTRASENA, MOT_DE_PASSE, PAROLA, ПАРОЛЬ, 密码)
    "kennwort", "passwort", "contrasena", "contraseña", "passe", "parola", "wachtwoord", "haslo", "hasło", "senha",
    "losenord", "lösenord", "salasana", "пароль", "密码", "密碼", "パスワード", "비밀번호"}) - {"pwd"}  # $PWD is a path
_ENV_INFIXES = re.compile(r"apikey|passphrase|password|passwd|secret|privkey|privatekey|encryptionkey|masterkey|sshkey|"
                          r"token(?!iz|s)")
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
    if _words(key)[-1] in _NAMES_NOT_VALUES:  # api_key_env names a variable; password_file a path
        return False
    return bool(_KEY_INFIXES.search(re.sub(r"[^a-z0-9]", "", str(key).lower())))


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
    # PEM / OpenSSH / PGP ("PRIVATE KEY BLOCK")
    r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
    r"\bb3BlbnNzaC1rZXktdjE[A-Za-z0-9+/=]*",  # an OpenSSH key's body line on its own ("openssh-key-v1")
    r"Private-Lines:\s*\d+.*?(?:Private-MAC:[^\n]*|\Z)",  # a PuTTY key's private lines
    r"\bsk-[A-Za-z0-9_-]{20,}",  # OpenAI, Anthropic
    r"\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}",  # Stripe
    r"\bgh[opusr]_[A-Za-z0-9]{20,}", r"\bgithub_pat_[A-Za-z0-9_]{20,}",  # GitHub
    r"\bglpat-[A-Za-z0-9_-]{16,}",  # GitLab
    r"\bxox[abposre]-[A-Za-z0-9-]{10,}",  # Slack
    r"\bAIza[A-Za-z0-9_-]{30,}",  # Google
    r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}",  # SendGrid
    r"\bhf_[A-Za-z0-9]{20,}",  # Hugging Face
    r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*",  # a JWT: header.payload.signature
    r"\b(?:AKIA|ASIA)[A-Za-z0-9]{16}\b(?:[\s:=,/|]+[A-Za-z0-9+/]{20,})?",  # an AWS key id, with its secret beside it
    # a signed URL's or an API's secret query parameter: ?X-Amz-Signature=S, &api-key=S, &sig=S, &token=S
    r"(?i:(?<=[?&;])[\w.-]{0,40}(?:signature|sig|token|secret|password|passwd|pwd|api[_-]?key|apikey|auth|"
    r"credential|session)[\w.-]{0,20}=)[^&#\s'\"]{1,2000}",
    # an HTTP credential header to the end of its line: Authorization / Proxy-Authorization (Basic, Digest, token,
    # Bearer), Cookie, Set-Cookie, X-Api-Key ...
    r"(?i:(?<![\w-])(?:proxy-)?authorization|(?<![\w-])(?:set-)?cookie|x-api-key|x-auth-token|api-key|x-access-token)"
    r"[\"']?\s*[:=]\s*[^\n]{1,2000}",
    r"(?<![\w-])(?:-u|--user)\s+[^\s:]{1,256}:\S{1,512}",  # curl -u user:password
    r"(?<![\w-])Basic\s+[A-Za-z0-9+/]{12,}={0,2}",  # HTTP Basic credentials (base64 of user:password), anywhere
)), re.S)
# scheme://userinfo@host without a password (a token as the user name: https://<token>@github.com)
_URL_USER = re.compile(r"(?<![A-Za-z0-9+.\-])([A-Za-z][A-Za-z0-9+.\-]{0,31}://)([^:/@\s]{8,512})(@)")
# --api-key S, --token=S, -p S: a command-line flag whose name says it holds a secret, and its value
_FLAG = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]{0,40})(\s+|=)(?!-)([^\s'\"]{1,512})")


def _unpadded_b64(text: str, urlsafe: bool = True) -> bytes | None:
    """The bytes of base64 written without its padding, or None when it is not base64."""
    try:
        return (base64.urlsafe_b64decode if urlsafe else base64.b64decode)(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None


def _looks_like_jwt(segment: str) -> bool:
    head = _unpadded_b64(segment) or b""
    return b'"alg"' in head or b'"typ"' in head


_DOTTED = re.compile(r"\b([A-Za-z0-9_-]{10,})\.([A-Za-z0-9_-]{10,})\.([A-Za-z0-9_-]{8,})\b")


def redact_url_password(text: str) -> str:
    """``postgresql://me:pw@db/x`` -> ``postgresql://me:***REDACTED***@db/x``."""
    return _URL_PASSWORD.sub(lambda m: f"{m.group(1)}{REDACTED}{m.group(3)}", text)


_BLOB = re.compile(r"(?<![A-Za-z0-9+/_-])(?:[0-9a-fA-F]{32,}|[A-Za-z0-9+/_-]{24,}={0,2})(?![A-Za-z0-9+/_=-])")
_SECRET_SAID = re.compile(r"(?i)(?:pass(?:word|phrase|wd)?|secret|api[_-]?key|token|private|credential)"
                          r"\w*['\"]?\s*[:=]")


def _wraps_secret(blob: str) -> bool:
    """Whether a hex or base64 run decodes to text holding a credential (a key pasted encoded: ``c2stcHJvai0...``).
    A hash or random bytes decode to no such text."""
    candidates = [_unpadded_b64(blob, urlsafe=False), _unpadded_b64(blob)]
    if re.fullmatch(r"[0-9a-fA-F]+", blob) and len(blob) % 2 == 0:
        candidates.insert(0, bytes.fromhex(blob))
    for raw in filter(None, candidates):
        decoded = raw.decode("utf-8", "ignore")
        if len(decoded) >= 0.9 * len(raw) and (_TOKEN_SHAPES.search(decoded) or _URL_PASSWORD.search(decoded)
                                                or _SECRET_SAID.search(decoded)):
            return True
    return False


def tokens_in(text: str) -> list[str]:
    """The credential-shaped tokens of ``text`` as written (so their other forms elsewhere can be found too)."""
    return [m[0] for m in _TOKEN_SHAPES.finditer(text)]


def redact_tokens(text: str) -> str:
    """``text`` with every credential-shaped token (:data:`_TOKEN_SHAPES`), URL password or user-name token, any
    JWT (a dotted triple whose first part decodes to a JWT header) and secret-named flag's value replaced."""
    text = _BLOB.sub(lambda m: REDACTED if _wraps_secret(m[0]) else m[0], text)
    text = redact_url_password(_TOKEN_SHAPES.sub(REDACTED, text))
    text = _URL_USER.sub(lambda m: f"{m[1]}{REDACTED}{m[3]}", text)
    text = _DOTTED.sub(lambda m: REDACTED if _looks_like_jwt(m[1]) else m[0], text)
    return _FLAG.sub(lambda m: f"{m[1]}{m[2]}{REDACTED}" if is_secret_key(m[1].lstrip("-")) else m[0], text)


_PARTS = re.compile(r"[/?&=:@;,#\s]+")


@functools.lru_cache(maxsize=4096)
def looks_random(value: str) -> bool:
    """A value shaped like a credential whatever its variable's name: one of its parts (a URL's user, password,
    query value or path segment) is 12+ characters mixing upper case, lower case and digits, or 16+ with letters,
    digits and 10 distinct characters. Blind set 5 printed 32 variables whose names no rule could list
    (SESSION_ID, LICENSE_SERIAL, PRIVKEY ...). Paths and words are not: ``/home/me``, ``disabled``,
    ``http://127.0.0.1:8000/hf``."""
    if value.startswith(("/", "~", "./")) and "://" not in value:
        return False
    for part in _PARTS.split(value):
        kinds = sum(bool(re.search(p, part)) for p in ("[a-z]", "[A-Z]", "[0-9]"))
        if len(part) >= 12 and kinds == 3:
            return True
        if len(part) >= 16 and kinds >= 2 and re.search("[0-9]", part) and len(set(part)) >= 10:
            return True
    return False


def secret_values(environ: Mapping[str, str] | None = None, by_shape: bool = False) -> list[str]:
    """The values to scrub, longest first (so a value that contains another is replaced whole): every variable
    with a secret-looking name and, with ``by_shape``, every value shaped like a credential (:func:`looks_random`).
    By shape is for what leaves the MCP server, which must return no secret whatever its name; the files a run
    writes keep values such as a CI's commit sha (``GITHUB_SHA`` is shaped like a credential, and is the git
    sha the manifest records)."""
    env = os.environ if environ is None else environ
    values = {v.strip() for k, v in env.items() if len(v.strip()) >= MIN_VALUE_LENGTH
              and (is_secret_env_name(k) or by_shape and looks_random(v.strip()))}
    # a short value under a secret name (a 6-character password: blind set 6) too, unless it is a placeholder word
    values |= {v.strip() for k, v in env.items() if MIN_NAMED_LENGTH <= len(v.strip()) < MIN_VALUE_LENGTH
               and is_secret_env_name(k) and v.strip().lower() not in _PLACEHOLDERS}
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


# File names (matched case-insensitively against the last path part) that hold secrets by their name: never
# shipped to a cloud machine (the launchers' bundle) and never read by a confined process (the MCP server's
# readers: runs/reader.py), even inside its roots.
SECRET_FILE_NAMES = (".env", ".env.*", "*.env", "*.pem", "*.key", "*.p12", "*.pfx", ".netrc", "_netrc", ".pgpass",
                     "id_rsa*", "id_dsa*", "id_ecdsa*", "id_ed25519*", "credentials*.json", "credentials",
                     "*.credentials", "service-account*.json", "client_secret*.json", ".git-credentials", ".pypirc",
                     ".npmrc")


def is_secret_file_name(path: Any) -> bool:
    """``path``'s last part names a secret-holding file (``.env``, ``id_ed25519``, ``credentials.json``)."""
    import fnmatch

    base = os.path.basename(str(path).rstrip("/")).lower()
    return any(fnmatch.fnmatchcase(base, pattern) for pattern in SECRET_FILE_NAMES)
