"""Writing a run's files: atomically, hashed, secrets redacted, timestamped (``now_iso``).

Pure python (no torch at import). Files are written atomically (temporary name,
then rename) so a killed run never leaves half a JSON file. Reading them back is
:mod:`loopwright.runs.reader`; what a run records about its machine and code
(versions, git state, host) is the run record's own business (:mod:`loopwright.train.record`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable

REDACTED = "***REDACTED***"
# A key is secret when one of its _-separated words is one of these (`password_env`, `aws_secret_access_key`),
# or when its last word is "key" or "token" (`api_key`, `hf_token`): as an earlier word those name
# shapes and counts, not secrets (`num_key_value_heads`, `token_budget`; `max_new_tokens` has "tokens").
_SECRET_WORDS = {"secret", "password", "passwd", "apikey", "credential", "credentials"}
_SECRET_LAST_WORDS = {"key", "token"}


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def is_secret_key(key: Any) -> bool:
    words = re.split(r"[_\-.\s]+", str(key).lower())
    return any(w in _SECRET_WORDS for w in words) or words[-1] in _SECRET_LAST_WORDS


def redact(value: Any) -> Any:
    """Copy of a JSON-like tree: secret-named keys' values and secret overrides replaced."""
    if isinstance(value, dict):
        return {k: (REDACTED if is_secret_key(k) and v not in (None, "") else redact(v)) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact(v) for v in value]
    if isinstance(value, str):
        value = redact_url_password(value)
        if "=" in value:
            return redact_override(value)
    return value


# scheme://user:password@host: a storage URL (sweeper, database) may carry a password
_URL_PASSWORD = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*://[^:/@\s]*:)([^@\s/]+)(@)")


def redact_url_password(text: str) -> str:
    """``postgresql://me:pw@db/x`` -> ``postgresql://me:***REDACTED***@db/x``."""
    return _URL_PASSWORD.sub(lambda m: f"{m.group(1)}{REDACTED}{m.group(3)}", text)


def redacted_config(cfg: Any) -> dict[str, Any]:
    """A composed config, resolved, as plain data with secrets redacted: what may be written anywhere."""
    from omegaconf import OmegaConf  # not at import time: this module stays plain python

    return redact(OmegaConf.to_container(cfg, resolve=True, enum_to_str=True))


def _redact_one_override(override: str) -> str:
    key, sep, value = override.partition("=")
    leaf = key.lstrip("+~").rsplit(".", 1)[-1]
    return f"{key}={REDACTED}" if sep and value and is_secret_key(leaf) else redact_url_password(override)


def redact_override(text: str) -> str:
    """``+a.hf_token=abc`` -> ``+a.hf_token=***REDACTED***``; other overrides unchanged.

    Also handles Hydra's comma-joined form (``hydra.job.override_dirname``).
    """
    return ",".join(_redact_one_override(part) for part in text.split(","))


def redact_hydra_dir(hydra_dir: Path) -> None:
    """Rewrite Hydra's saved config.yaml / overrides.yaml / hydra.yaml with secrets redacted.

    Hydra writes them before the job function runs, with values exactly as given.
    """
    from omegaconf import OmegaConf

    for name in ("config.yaml", "overrides.yaml", "hydra.yaml"):
        path = hydra_dir / name
        if path.is_file():
            data = redact(OmegaConf.to_container(OmegaConf.load(path), resolve=False))
            write_bytes_atomic(path, OmegaConf.to_yaml(OmegaConf.create(data)).encode())


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file of its own, then rename it into place.

    The temporary name is unique to this writer: every rank of a multi-process job runs the job into the same
    directory, and with one fixed temporary name a rank's rename could take the file another rank had just
    written, whose own rename then failed (FileNotFoundError; that rank died, and the job hung)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())  # the data is on disk before the name points at it
        os.chmod(tmp, 0o644)  # mkstemp creates 0600; results are meant to be shared
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json_atomic(path: Path, data: Any) -> None:
    write_bytes_atomic(path, (json.dumps(data, indent=2, default=str, ensure_ascii=False) + "\n").encode())


def _jsonl_bytes(rows: Iterable[dict]) -> bytes:
    return "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in rows).encode()


def jsonl_sha256(rows: Iterable[dict]) -> str:
    """The sha256 :func:`write_jsonl` would return for ``rows``, without writing anything."""
    return hashlib.sha256(_jsonl_bytes(rows)).hexdigest()


def write_jsonl(path: Path, rows: Iterable[dict]) -> str:
    """Write rows as canonical JSON lines and return the file's sha256."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = _jsonl_bytes(rows)
    write_bytes_atomic(path, data)
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
