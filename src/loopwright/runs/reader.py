"""Reading a run's files back: manifest.json, metrics.jsonl, eval_results.json, any JSON lines file.

One error for a file that is there but cannot be read as what it should be: :class:`DamagedFile`
(a ValueError), whose message is ``<file>:<line>: <what is wrong>`` (1-based line), the form
the task-file and ingest errors have always had. A missing file is FileNotFoundError, or
nothing with ``missing_ok=True``.

A torn last line. Append-only JSON lines files (metrics.jsonl, costs.jsonl, traffic.jsonl)
are written a line at a time by processes that may be killed mid-append, or are being
appended to while they are read; such a file ends in a line with no newline after it.
``tolerate_torn_tail=True`` drops that one line, only when it is not a whole JSON object,
and logs a warning naming it. Every other damaged line raises, also with the option: a line
with a newline after it was written whole (or a later append was glued onto a torn one),
so dropping it would lose a record without anyone noticing.

Files the project appends to and reads back itself (metrics.jsonl on a resume, the cost ledger)
are read with ``skip_damaged=True``: every damaged line, torn or corrupt, is logged as a warning
naming its file and line, and skipped. A kill or a full disk must never make a run unresumable
or a ledger unreadable.

Lines are split on "\\n" only: str.splitlines() would also cut at U+2028 / U+0085 inside a
string. Blank lines are skipped; a UTF-8 byte order mark before the first line is allowed.
Pure python (no torch at import).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterator

MANIFEST, METRICS, EVAL_RESULTS = "manifest.json", "metrics.jsonl", "eval_results.json"
_LOG = logging.getLogger(__name__)
_TORN = "the last line, with no newline after it: cut off mid-write, or being appended now"


class DamagedFile(ValueError):
    """A run file that is there but unreadable: ``<path>:<line>: <problem>``
    (``<path>: <problem>`` for a whole file)."""

    def __init__(self, path: str | Path, problem: str, line: int | None = None):
        self.path, self.problem, self.line = Path(path), problem, line
        super().__init__(f"{path}:{line}: {problem}" if line is not None else f"{path}: {problem}")


class NotRegularFile(OSError):
    """A path to read that is not a regular file (a FIFO, a socket, a device such as /dev/zero)."""


class OutsideRoots(PermissionError):
    """A file that, once opened, turned out to lie outside the dirs this process may read or write."""


# Confinement (the MCP server and the commands it runs for a client): the dirs this process may read from and
# write into. Set in the process (confine) or inherited (LOOPWRIGHT_CONFINE_READ / _WRITE, os.pathsep-separated).
_CONFINED: dict[str, tuple[str, ...]] = {}
CONFINE_ENV = {"read": "LOOPWRIGHT_CONFINE_READ", "write": "LOOPWRIGHT_CONFINE_WRITE"}


def confine(read: list[str | Path], write: list[str | Path]) -> dict[str, str]:
    """Confine this process's reads and writes through this module to ``read`` / ``write``; returns the
    environment that confines a child process the same way."""
    for kind, dirs in (("read", read), ("write", write)):
        _CONFINED[kind] = tuple(os.path.realpath(d) for d in dirs)
    return {CONFINE_ENV[k]: os.pathsep.join(v) for k, v in _CONFINED.items()}


def _confinement(kind: str) -> tuple[str, ...]:
    """The dirs this process may ``kind`` (read / write): set in the process, else inherited; () when unconfined."""
    return _CONFINED.get(kind) or tuple(d for d in os.environ.get(CONFINE_ENV[kind], "").split(os.pathsep) if d)


def check_confined(fd: int, path: str | Path, kind: str = "read", st: os.stat_result | None = None) -> None:
    """Refuse an open descriptor whose file lies outside the confinement. Checked on the descriptor, after the
    open: a check of the path before it can be raced (blind set 5 swapped a checked train.log, metrics file,
    manifest, summary and ingest input for links out of the roots between the check and the read)."""
    roots = _confinement(kind)
    if not roots:
        return
    try:
        real = os.readlink(f"/proc/self/fd/{fd}")
    except OSError:  # no /proc (macOS): the path, resolved now
        real = os.path.realpath(path)
    if not any(real == r or real.startswith(r.rstrip(os.sep) + os.sep) for r in roots):
        raise OutsideRoots(f"{path}: resolves to a file outside the dirs this process may {kind}; not {kind} "
                           f"(a link swapped in after the check?)")
    st = st or os.fstat(fd)  # the caller's fstat of ``fd`` when it made one
    if kind == "read" and stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
        # a hard link's other names are nowhere to be seen: the path checked above may be the inside one of an outside
        # file (blind set 7 swapped a run's metrics.jsonl for one between list_runs' link check and the read)
        raise OutsideRoots(f"{path}: a hard link ({st.st_nlink} names); its other names may lie outside the dirs "
                           f"this process may read; not read")
    from loopwright.runs.secrets import is_secret_file_name

    if kind == "read" and (is_secret_file_name(real) or is_secret_file_name(path)):
        # inside the roots, but a project's .env or key file is not run data (blind set 7 linked a planted run's
        # train.log to the project's .env)
        raise OutsideRoots(f"{path}: resolves to a file whose name marks it as holding secrets "
                           f"({os.path.basename(real)}); not read")


def open_regular(path: str | Path) -> BinaryIO:
    """``path`` opened for reading in binary, refused (:class:`NotRegularFile`) unless it is a regular file.

    Opened non-blocking, then checked on the open descriptor: a plain open() of a planted FIFO waits for a writer
    forever (blind set 4 stalled ``list_runs`` that way), /dev/zero never ends, and a check before the open could
    be raced. For a regular file O_NONBLOCK changes nothing."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0))
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise NotRegularFile(f"{path}: not a regular file (a FIFO, socket or device): not read")
    try:
        check_confined(fd, path, "read", st)
    except OutsideRoots:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def open_dir_confined(path: str | Path) -> int:
    """A descriptor of the dir ``path``, refused (closed) when the dir lies outside the dirs this process may write.
    Files are then created through the descriptor, so a dir swapped for a link after this check is not followed."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        check_confined(fd, path, "write")
    except OutsideRoots:
        os.close(fd)
        raise
    return fd


def _make_parents_confined(parent: Path) -> None:
    """``parent`` and its missing ancestors, created only under an existing dir inside the write confinement."""
    if parent.is_dir() or not _confinement("write"):
        parent.mkdir(parents=True, exist_ok=True)
        return
    existing = parent
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent
    os.close(open_dir_confined(existing))
    parent.mkdir(parents=True, exist_ok=True)


@contextlib.contextmanager
def atomic_file(path: Path) -> Iterator[BinaryIO]:
    """A binary handle whose bytes replace ``path`` when the block ends without an error (flushed and fsynced
    first; 0644), through a temporary file of its own in the same dir. The dir is held by a descriptor checked
    against the write confinement, and the file is created and renamed through it."""
    _make_parents_confined(path.parent)
    dfd = open_dir_confined(path.parent)
    name = f".{path.name}.{os.urandom(6).hex()}"  # unique per writer: ranks of one job write the same dir
    try:
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600, dir_fd=dfd)
        try:
            with os.fdopen(fd, "wb") as handle:
                yield handle
                handle.flush()
                os.fsync(handle.fileno())  # the data is on disk before the name points at it
                os.fchmod(handle.fileno(), 0o644)  # results are meant to be shared
            os.replace(name, path.name, src_dir_fd=dfd, dst_dir_fd=dfd)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(name, dir_fd=dfd)
            raise
    finally:
        os.close(dfd)


def read_regular(path: str | Path, limit: int | None = None, *, tail: bool = False) -> tuple[bytes, bool]:
    """(the bytes of a regular file, whether they are all of it): its first ``limit`` bytes, or its last with
    ``tail``, so a reader that answers a client never holds more than ``limit`` bytes of a file it was pointed at."""
    with open_regular(path) as handle:
        if limit is None:
            return handle.read(), True
        seeked = tail and os.fstat(handle.fileno()).st_size > limit
        if seeked:
            handle.seek(-limit, os.SEEK_END)
        data = handle.read(limit + 1)  # one more: a file that grew since the stat is not read whole
    whole = not seeked and len(data) <= limit
    return (data if len(data) <= limit else data[-limit:] if tail else data[:limit]), whole


def read_text_capped(path: str | Path, limit: int) -> str:
    """A text file's first ``limit`` bytes (UTF-8, bad bytes replaced), with a line saying so when it is longer."""
    data, whole = read_regular(path, limit)
    text = data.decode("utf-8", "replace")
    return text if whole else f"{text}\n[... cut: only the first {limit} bytes of {Path(path).name} are read]"


@dataclass(frozen=True)
class Tail:
    """The rows of a JSON lines file within its last bytes (:func:`tail_jsonl`)."""

    rows: list[dict]
    whole: bool  # the window held the whole file
    damaged: int  # lines skipped because they are not a JSON object, a torn last line not counted
    torn_tail: bool  # the last line has no newline and is not a whole object (being appended now): dropped


def tail_jsonl(path: str | Path, max_bytes: int) -> Tail:
    """The rows of a JSON lines file within its last ``max_bytes`` bytes. A line cut by the window's start is
    dropped; damaged lines are skipped and counted, so that a reader can say so (a torn last line is expected
    while a run writes, a damaged middle line is not). Line numbers in the log are the file's own when the window
    holds the whole file, otherwise counted from the window's first whole line."""
    data, whole = read_regular(path, max_bytes, tail=True)
    raws = data.split(b"\n")[0 if whole else 1:]  # not whole: the first piece is the end of a cut line
    where = "" if whole else f" (counted from the first whole line of its last {max_bytes} bytes)"
    rows, damaged, torn = [], 0, False
    for i, raw in enumerate(raws):
        if not raw.strip():
            continue
        line = _parse(i + 1, raw, i < len(raws) - 1)
        if line.row is not None:
            rows.append(line.row)
        elif not line.terminated:
            torn = True
        else:
            damaged += 1
            _LOG.warning("%s:%d%s: skipped a damaged line: %s", path, line.number, where, line.problem)
    return Tail(rows, whole, damaged, torn)


@dataclass(frozen=True)
class Line:
    """One non-blank line of a JSON lines file."""

    number: int  # 1-based
    text: str  # as written, without its newline
    row: dict | None  # the parsed object; None when damaged
    problem: str | None  # what is wrong with it; None when it is a whole JSON object
    terminated: bool  # False only for a last line with no newline after it


def _parse(number: int, raw: bytes, terminated: bool) -> Line:
    try:
        text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
    except UnicodeDecodeError as err:
        return Line(number, raw.decode("utf-8", "replace"), None,
                    f"not UTF-8 text ({err.reason} at byte {err.start + 1})", terminated)
    try:
        row = json.loads(text)
    except json.JSONDecodeError as err:
        return Line(number, text, None, f"invalid JSON ({err.msg} at column {err.colno})", terminated)
    except RecursionError:
        return Line(number, text, None, "JSON nested too deeply to read", terminated)
    if not isinstance(row, dict):
        return Line(number, text, None, f"expected a JSON object, got {type(row).__name__}", terminated)
    return Line(number, text, row, None, terminated)


def jsonl_lines(path: str | Path, *, tolerate_torn_tail: bool = False, keep_damaged: bool = False,
                skip_damaged: bool = False) -> Iterator[Line]:
    """Every non-blank line of ``path`` with its number and text, for callers that need more than the rows.

    A damaged line raises :class:`DamagedFile`, except a torn last line with ``tolerate_torn_tail``
    (dropped, logged), any damaged line with ``keep_damaged`` (yielded, its ``problem`` set) or
    with ``skip_damaged`` (dropped, logged).
    """
    with open_regular(path) as handle:
        for number, raw in enumerate(handle, start=1):
            terminated = raw.endswith(b"\n")
            body = raw[:-1] if terminated else raw
            if not body.strip():
                continue
            line = _parse(number, body, terminated)
            if line.problem is None or keep_damaged:
                yield line
            elif (tolerate_torn_tail or skip_damaged) and not terminated:
                _LOG.warning("%s:%d: dropped a torn line (%s): %s", path, number, _TORN, line.problem)
            elif skip_damaged:
                _LOG.warning("%s:%d: skipped a damaged line: %s", path, number, line.problem)
            else:
                raise DamagedFile(path, line.problem if terminated else f"{line.problem} ({_TORN}?)", number)


def iter_jsonl(path: str | Path, *, tolerate_torn_tail: bool = False, skip_damaged: bool = False) -> Iterator[dict]:
    """The rows (JSON objects) of a JSON lines file, one at a time."""
    return (line.row for line in jsonl_lines(path, tolerate_torn_tail=tolerate_torn_tail, skip_damaged=skip_damaged))


def read_jsonl(path: str | Path, *, tolerate_torn_tail: bool = False, missing_ok: bool = False,
               skip_damaged: bool = False) -> list[dict]:
    """The rows of a JSON lines file; ``[]`` for a missing file with ``missing_ok``."""
    if missing_ok and not Path(path).is_file():
        return []
    return list(iter_jsonl(path, tolerate_torn_tail=tolerate_torn_tail, skip_damaged=skip_damaged))


def read_json(path: str | Path) -> Any:
    """A JSON file's value; DamagedFile (with the line of the error) when it is not JSON, NotRegularFile (an
    OSError) when it is a FIFO, a socket or a device."""
    with open_regular(path) as handle:
        raw = handle.read()
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as err:
        raise DamagedFile(path, f"not UTF-8 text ({err.reason} at byte {err.start + 1})") from None
    except json.JSONDecodeError as err:
        raise DamagedFile(path, f"invalid JSON ({err.msg} at column {err.colno})", err.lineno) from None
    except RecursionError:
        raise DamagedFile(path, "JSON nested too deeply to read") from None


def read_json_object(path: str | Path) -> dict:
    value = read_json(path)
    if not isinstance(value, dict):
        raise DamagedFile(path, f"expected a JSON object, got {type(value).__name__}")
    return value


def read_manifest(run_dir: str | Path, *, missing_ok: bool = False) -> dict | None:
    """The run's manifest.json; FileNotFoundError naming the dir (None with ``missing_ok``) when it has none."""
    path = Path(run_dir) / MANIFEST
    try:
        return read_json_object(path)
    except FileNotFoundError:
        if missing_ok:
            return None
        raise FileNotFoundError(f"{run_dir}: no {MANIFEST} (not a run directory, or its run stopped before it "
                                "began)") from None


def read_metrics(run_dir: str | Path) -> list[dict]:
    """metrics.jsonl's rows (``[]`` before the first logged step); a torn last line (a killed or
    still-running trainer's) or a damaged one is dropped and logged, see the module docstring."""
    return read_jsonl(Path(run_dir) / METRICS, missing_ok=True, skip_damaged=True)


def read_eval_results(run_dir: str | Path) -> dict:
    """The run's eval_results.json (``summary`` and per-prompt ``records``)."""
    return read_json_object(Path(run_dir) / EVAL_RESULTS)
