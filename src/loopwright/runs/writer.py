"""Writing a run's files: atomically, hashed, secrets redacted, timestamped (``now_iso``).

Pure python (no torch at import). Files are written atomically (temporary name,
then rename) so a killed run never leaves half a JSON file. Reading them back is
:mod:`loopwright.runs.reader`; what a run records about its machine and code
(versions, git state, host) is the run record's own business (:mod:`loopwright.train.record`).
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable

from loopwright.runs.reader import atomic_file, open_regular
from loopwright.runs.secrets import (REDACTED, is_secret_key, redact_tokens, redact_url_password, scrub, scrub_text,
                                     secret_values)

__all__ = ["REDACTED", "is_secret_key", "redact", "redact_override", "redact_tokens", "redact_url_password",
           "redacted_config", "scrub", "scrub_text", "secret_values"]


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def redact(value: Any) -> Any:
    """Copy of a JSON-like tree: secret-named keys' values, secret overrides and the environment's secret values
    (:func:`loopwright.runs.secrets.scrub`: a secret pasted into a free-text field) replaced."""
    return scrub(_redact_by_name(value))


def _redact_by_name(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: (REDACTED if is_secret_key(k) and v not in (None, "") else _redact_by_name(v))
                for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_redact_by_name(v) for v in value]
    if isinstance(value, str):
        value = redact_url_password(value)
        if "=" in value:
            return redact_override(value)
    return value


def redacted_config(cfg: Any) -> dict[str, Any]:
    """A composed config, resolved, as plain data with secrets redacted: what may be written anywhere."""
    from omegaconf import OmegaConf  # not at import time: this module stays plain python

    return redact(OmegaConf.to_container(cfg, resolve=True, enum_to_str=True))


def _redact_one_override(override: str) -> str:
    key, sep, value = override.partition("=")
    leaf = key.lstrip("+~").rsplit(".", 1)[-1]
    return f"{key}={REDACTED}" if sep and value and is_secret_key(leaf) else redact_url_password(override)


def redact_override(text: str, values: list[str] | None = None) -> str:
    """``+a.hf_token=abc`` -> ``+a.hf_token=***REDACTED***``; other overrides unchanged.

    Also handles Hydra's comma-joined form (``hydra.job.override_dirname``), and scrubs the environment's
    secret values from any override (``notes=<a key's value>``).
    """
    return scrub_text(",".join(_redact_one_override(part) for part in text.split(",")), values)


def redact_yaml_file(path: Path) -> None:
    """Rewrite one YAML file Hydra wrote (its values exactly as given) with secrets redacted; a file that is
    not YAML is scrubbed as text. Interpolations stay unresolved (resolving could itself read a secret)."""
    import yaml
    from omegaconf import OmegaConf
    from omegaconf import omegaconf as omegaconf_module

    try:
        data = redact(OmegaConf.to_container(OmegaConf.load(path), resolve=False))
        # What OmegaConf.to_yaml writes for plain data, without building a config from it first: that build
        # (OmegaConf.create) was 0.3 s of a one-step run for Hydra's three files, the dump itself 0.01 s. The dumper
        # is the one to_yaml looks up in its own module, so config/yaml_c.py's libyaml routing applies here too.
        text = yaml.dump(data, default_flow_style=False, allow_unicode=True, sort_keys=False,
                         Dumper=omegaconf_module.get_omega_conf_dumper())
    except Exception:  # noqa: BLE001 - not YAML OmegaConf reads: redact what can be redacted, line by line
        text = "\n".join(redact_override(scrub_text(line)) for line in path.read_text(errors="replace").split("\n"))
    write_bytes_atomic(path, text.encode())


def redact_hydra_dir(hydra_dir: Path) -> None:
    """Rewrite every file Hydra saved in a job's ``.hydra/`` (config.yaml, overrides.yaml, hydra.yaml, and any
    other) with secrets redacted. Hydra writes them before the job function runs, with values exactly as given."""
    if hydra_dir.is_dir():
        for path in sorted(hydra_dir.iterdir()):
            if path.is_file() and not path.name.startswith("."):
                redact_yaml_file(path)


def redact_sweep_files(sweep_dir: Path) -> None:
    """Rewrite the sweep dir's ``multirun.yaml`` (Hydra's basic sweeper saves the whole config and every
    override there when the sweep starts) with secrets redacted."""
    path = sweep_dir / "multirun.yaml"
    if path.is_file():
        redact_yaml_file(path)


def write_thread_stacks(path: Path, header: str) -> str | None:
    """``header``, a blank line, then every thread's stack (faulthandler) into ``path``: what a hung process was
    waiting on. Returns why it could not be written (the OSError's text), else None."""
    import faulthandler

    try:
        with open(path, "w") as out:
            out.write(f"{header}\n\n")
            out.flush()  # faulthandler writes to the descriptor, past Python's buffer
            faulthandler.dump_traceback(file=out, all_threads=True)
    except OSError as err:
        return str(err)
    return None


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file of its own, then rename it into place.

    The temporary name is unique to this writer: every rank of a multi-process job runs the job into the same
    directory, and with one fixed temporary name a rank's rename could take the file another rank had just
    written, whose own rename then failed (FileNotFoundError; that rank died, and the job hung)."""
    with atomic_file(path) as handle:
        handle.write(data)


def write_json_atomic(path: Path, data: Any) -> None:
    """A JSON record (manifest, summaries, reports), the environment's secret values scrubbed from it."""
    write_bytes_atomic(path, (json.dumps(scrub(data), indent=2, default=str, ensure_ascii=False) + "\n").encode())


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
    with open_regular(path) as handle:  # a FIFO would block, a device never end
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
