"""Log files -> ``<output>/transcripts.jsonl`` + ``<output>/ingest_report.json``.

Memory stays bounded whatever the sizes: inputs are read as streams (ingestion/records.py),
and the call's transcripts, the store's and the folding and de-duplication work live
in a temporary SQLite file beside the store (ingestion/spool.py); the store is rewritten
through a temporary file renamed into place. A store line that is not a transcript
(a torn last line) is reported in ``transcripts.damaged`` and skipped, never fatal.
Report lists name at most ``LISTED`` entries per file (``<list>_not_listed`` counts the rest).

The output directory is a transcript store that each ingest call updates for the
files it was given: their previous transcripts are replaced, other files' are
kept, and lines are sorted by (raw file, line). So the OpenAI and the LangChain
logs can be ingested by two calls into one directory, in either order, and the
same call run twice writes byte-identical files (no timestamps, canonical JSON).

A record that cannot be read (bad JSON, a missing field, a tool result answering
no call, ...) is listed in the report as ``file:line`` with the field and the
reason; the valid records are kept. The call fails (exit 1) when none of its
records is valid, or with ``strict=true`` when any is malformed; then the
transcripts are left exactly as they were and only the report records why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from loopwright.ingestion.formats import langchain as langchain_runs
from loopwright.ingestion.formats.detect import FORMATS, PARSERS, detect
from loopwright.ingestion.formats.langsmith_tree import attach_children
from loopwright.ingestion.records import read_jsonl_records as read_records_jsonl
from loopwright.ingestion.records import read_records
from loopwright.ingestion.spool import Spool
from loopwright.ingestion.transcripts import RecordError, transcript
from loopwright.ingestion.turns import conversation_key
from loopwright.runs import writer
from loopwright.runs.reader import read_json

TRANSCRIPTS = "transcripts.jsonl"
REPORT = "ingest_report.json"
LOG_SUFFIXES = (".jsonl", ".json")


class IngestInputError(ValueError):
    """An input path is unusable (missing, unreadable, an empty directory)."""


# Report lists (errors, duplicates, merged) name at most this many entries per file; the counts stay exact
LISTED = 10_000


@dataclass
class Told:
    """A report list: the first ``LISTED`` entries, and how many there were in all."""

    items: list[dict] = field(default_factory=list)
    total: int = 0
    keys: list[tuple] = field(default_factory=list)

    def add(self, entry: dict, key: tuple = ()) -> None:
        self.total += 1
        if len(self.items) < LISTED:
            self.items.append(entry)
            self.keys.append(key)

    def sort(self) -> None:
        """By line, then as the checks came (read, typed, tree, parsed), then by record: a stable order."""
        order = sorted(range(len(self.items)), key=lambda i: (int(self.items[i]["at"].rsplit(":", 1)[1]),
                                                              *self.keys[i]))
        self.items, self.keys = [self.items[i] for i in order], [self.keys[i] for i in order]


@dataclass
class FileResult:
    path: str
    sha256: str
    kept: int = 0  # transcripts after folding (and, once merged into the store, de-duplication)
    errors: Told = field(default_factory=Told)
    duplicates: Told = field(default_factory=Told)
    merged: Told = field(default_factory=Told)  # turn-by-turn records folded into a longer one
    formats: dict[str, int] = field(default_factory=dict)
    records: int = 0
    child_runs: int = 0  # runs of a flat LangChain export, read through their root run
    # the loopwright runs the conversations were had with (metadata.run: loopwright.serve, loopwright.chat),
    # which loopwright.lineage follows back from a run trained on them
    runs: set = field(default_factory=set)


# ----------------------------------------------------------------- reading
def expand_inputs(inputs: list[str]) -> list[Path]:
    """Files named, and the .jsonl / .json files under directories named, sorted and unique."""
    found: list[Path] = []
    for given in inputs:
        path = Path(given).expanduser().resolve()
        if path.is_dir():
            files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in LOG_SUFFIXES)
            if not files:
                raise IngestInputError(f"input={given}: the directory holds no .jsonl or .json files")
            found.extend(files)
        elif path.is_file():
            found.append(path)
        else:
            raise IngestInputError(f"input={given}: no such file or directory")
    return sorted(set(found))


# ----------------------------------------------------------------- parsing
def _text(value: str) -> str:
    """A string the report can be written with: a lone surrogate (a cut emoji's JSON escape) as \\udXXX."""
    return value.encode("utf-8", "backslashreplace").decode("utf-8")


def _error(path: str, line: int, reason: str, where: str = "", record: Any = None) -> dict:
    return {"at": f"{path}:{line}", "id": None if record is None else _text(str(record)),
            "field": _text(where) if where else None, "reason": _text(reason)}


def _record_id(obj: dict, kind: str) -> Any:
    """The id a record gives itself, for naming it in an error (None when it has none)."""
    value = PARSERS[kind].record_id(obj)
    return None if isinstance(value, (dict, list)) else value


def _parse(kind: str, obj: dict, lines: dict[int, int]) -> tuple[list[dict], Any, Any]:
    return langchain_runs.parse_run(obj, lines) if kind == "langchain" else PARSERS[kind].parse_record(obj)


def _transcribe(result: FileResult, spool: Spool, line: int, obj: dict, kind: str, lines: dict[int, int],
                ordinal: int) -> None:
    """One record -> a transcript row in the spool (a request/response record also a folding candidate)."""
    try:
        messages, metadata, record_id = _parse(kind, obj, lines)
        t = transcript(kind, result.path, line, record_id, messages, metadata)
    except RecordError as err:
        record = err.record if err.record is not None else _record_id(obj, kind)
        result.errors.add(_error(result.path, err.line or line, err.reason, err.where, record), (3, ordinal))
        return
    seq = spool.add(t, fresh=True, ordinal=ordinal)
    if isinstance(metadata, dict) and isinstance(metadata.get("run"), str):
        result.runs.add(metadata["run"])  # a conversation with a served loopwright run (lineage follows it)
    result.formats[kind] = result.formats.get(kind, 0) + 1
    if kind != "langchain" and ("request" in obj or "params" in obj):
        spool.add_turn(seq, t, conversation_key(obj))


def parse_file(path: Path, fmt: str, spool: Spool) -> FileResult:
    """Stream ``path``'s records into ``spool``; a flat LangChain export's runs are held until its end (a child
    run may come before its root)."""
    result = FileResult(path=str(path), sha256=writer.sha256_file(path))
    runs: list[tuple[int, dict]] = []
    ordinals: dict[int, int] = {}
    for line, obj, reason in read_records(path):
        result.records += 1
        if reason is not None:
            result.errors.add(_error(result.path, line, reason), (0, result.records))
            continue
        try:
            if not isinstance(obj, dict):
                raise RecordError("", f"a record must be a JSON object, got {type(obj).__name__}")
            kind = detect(obj, fmt)
        except RecordError as err:
            result.errors.add(_error(result.path, line, err.reason, err.where), (1, result.records))
            continue
        if kind == "langchain":
            runs.append((line, obj))
            ordinals[id(obj)] = result.records
        else:
            _transcribe(result, spool, line, obj, kind, {}, result.records)
    roots, tree_errors = attach_children(runs)
    for i, (line, _, err) in enumerate(tree_errors):
        result.errors.add(_error(result.path, line, err.reason, err.where, err.record), (2, i))
    lines = {id(obj): line for line, obj in runs}  # a flat export's runs: an error in one is told at its line
    readable = {id(obj) for _, obj in roots}
    unreadable_runs = {id(run) for _, run, _ in tree_errors}
    for line, obj in runs:
        if id(obj) not in readable:
            if id(obj) not in unreadable_runs:
                result.child_runs += 1  # a child run of a flat export, read through its root
            continue
        _transcribe(result, spool, line, obj, "langchain", lines, ordinals[id(obj)])
    for entry in spool.fold(result.path):
        result.merged.add(entry)
    result.kept = spool.count(result.path)
    result.errors.sort()
    return result


# ------------------------------------------------------------------- store
def read_store(path: Path, spool: Spool, replaced: set[str]) -> tuple[int, list[dict]]:
    """The store's transcripts of other files into ``spool``; (its line count, its damaged lines). A line that
    is not a transcript (cut off by a kill or a full disk, edited by hand) is reported and skipped: its
    conversation comes back when its raw file is ingested again."""
    count, damaged = 0, []
    if not path.is_file():
        return 0, []
    for line, row, reason in read_records_jsonl(path):
        if reason is None and not (isinstance(row, dict) and isinstance(row.get("id"), str)
                                   and isinstance(row.get("source"), dict)
                                   and isinstance(row["source"].get("path"), str)
                                   and isinstance(row["source"].get("line"), int)):
            reason = "not a transcript (no id, source.path and source.line)"
        if reason is not None:
            damaged.append({"at": f"{path}:{line}", "reason": _text(reason)})
            continue
        count += 1
        if row["source"]["path"] not in replaced:
            spool.add(row, fresh=False)
    return count, damaged


def _entry(result: FileResult, fmt: str, strict: bool, status: str) -> dict:
    entry = {"format": fmt, "formats_found": dict(sorted(result.formats.items())), "sha256": result.sha256,
             "records": result.records, "child_runs": result.child_runs,
             "valid": result.kept + result.duplicates.total + result.merged.total,
             "kept": result.kept, "duplicates": result.duplicates.items, "merged": result.merged.items,
             "malformed": result.errors.total,
             "errors": result.errors.items, "runs": sorted(result.runs), "strict": strict, "status": status}
    for name in ("errors", "duplicates", "merged"):
        told = getattr(result, name)
        if told.total > len(told.items):
            entry[f"{name}_not_listed"] = told.total - len(told.items)
    return entry


def ingest(inputs: list[str], fmt: str, output: str | Path, strict: bool = False) -> tuple[dict, int]:
    """Ingest ``inputs`` into the store at ``output``; return (the report, exit code 0 or 1)."""
    if fmt not in FORMATS:
        raise IngestInputError(f"format={fmt} is not a known log format; choose from {list(FORMATS)}")
    files = expand_inputs(inputs)
    out = Path(output).expanduser().resolve()
    store_path, report_path = out / TRANSCRIPTS, out / REPORT
    with Spool(out) as spool:
        stored, damaged = read_store(store_path, spool, {str(p) for p in files})
        results = [parse_file(p, fmt, spool) for p in files]
        valid = sum(r.kept for r in results)
        malformed = sum(r.errors.total for r in results)
        if valid == 0:
            failure = "failed: no valid conversation in this call's inputs; transcripts left as they were"
        elif strict and malformed:
            failure = f"rejected: strict=true and {malformed} malformed record(s); transcripts left as they were"
        else:
            failure = None
        previous = read_json(report_path) if report_path.is_file() else {"inputs": {}}
        if failure is None:
            spool.keep_store_ids()
            for r in results:
                for entry in spool.dedupe(r.path):
                    r.duplicates.add(entry)
                r.kept = spool.count(r.path)
        entries = dict(previous.get("inputs", {}))
        for r in results:
            entries[r.path] = _entry(r, fmt, strict, failure or "ok")
        report: dict[str, Any] = {"inputs": dict(sorted(entries.items())), "transcripts": {"path": TRANSCRIPTS}}
        if failure is None:
            report["transcripts"]["sha256"], report["transcripts"]["conversations"] = spool.write(store_path)
        else:
            report["transcripts"]["conversations"] = stored
            report["transcripts"]["sha256"] = writer.sha256_file(store_path) if store_path.is_file() else None
    if damaged:
        report["transcripts"]["damaged"] = damaged
    report["transcripts"] = {k: report["transcripts"][k] for k in ("path", "conversations", "sha256", "damaged")
                             if k in report["transcripts"]}
    writer.write_json_atomic(report_path, report)
    return report, 0 if failure is None else 1


def _named(err: dict) -> str:
    return f"[id {err['id']}] " if err.get("id") else ""


def describe(report: dict, inputs: list[Path]) -> list[str]:
    """Human-readable lines for the files of one call."""
    lines = []
    for path in inputs:
        e = report["inputs"][str(path)]
        dup = f", {len(e['duplicates'])} duplicates" if e["duplicates"] else ""
        dup += f", {len(e['merged'])} earlier turns merged into longer logs" if e.get("merged") else ""
        runs = f" ({e['child_runs']} of them child runs)" if e.get("child_runs") else ""
        lines.append(f"{path}: {e['records']} records{runs}, {e['kept']} conversations kept{dup}, "
                     f"{e['malformed']} malformed ({e['status']})")
        lines.extend(f"  {err['at']}: {_named(err)}{(err['field'] + ': ') if err['field'] else ''}{err['reason']}"
                     for err in e["errors"])
    return lines
