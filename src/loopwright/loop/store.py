"""Log files -> ``<output>/transcripts.jsonl`` + ``<output>/ingest_report.json``.

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

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from loopwright.loop.formats import langchain as langchain_runs
from loopwright.loop.formats.detect import FORMATS, PARSERS, detect
from loopwright.loop.formats.langsmith_tree import attach_children
from loopwright.loop.transcripts import RecordError, transcript
from loopwright.loop.turns import conversation_key, merge_turns
from loopwright.runs import writer
from loopwright.runs.reader import DamagedFile, read_jsonl

TRANSCRIPTS = "transcripts.jsonl"
REPORT = "ingest_report.json"
LOG_SUFFIXES = (".jsonl", ".json")


class IngestInputError(ValueError):
    """An input path is unusable (missing, unreadable, an empty directory)."""


@dataclass
class FileResult:
    path: str
    sha256: str
    transcripts: list[dict] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    duplicates: list[dict] = field(default_factory=list)
    merged: list[dict] = field(default_factory=list)  # turn-by-turn records folded into a longer one
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


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _json_array(text: str, start: int) -> tuple[list[tuple[int, Any]], list[tuple[int, str]]]:
    """Elements of a top-level JSON array with their lines; a syntax error stops the walk there."""
    decoder = json.JSONDecoder()
    items: list[tuple[int, Any]] = []
    pos = start + 1
    while True:
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1
        if pos < len(text) and text[pos] == "]":
            return items, []
        try:
            obj, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as err:
            return items, [(_line_of(text, err.pos), f"invalid JSON ({err.msg}); the rest of the array is unreadable")]
        except RecursionError:
            return items, [(_line_of(text, pos), "JSON nested too deeply to read; the rest of the array is unreadable")]
        items.append((_line_of(text, pos), obj))
        pos = end
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1
        if pos < len(text) and text[pos] == ",":
            pos += 1
        elif pos >= len(text) or text[pos] != "]":
            return items, [(_line_of(text, pos), "invalid JSON (expected ',' or ']' after an array element)")]


def _one_json_value(line: str) -> bool:
    try:
        json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        return False
    return True


def read_records(path: Path) -> tuple[list[tuple[int, Any]], list[tuple[int, str]]]:
    """(line, parsed value) per record and (line, reason) per unreadable one: JSONL, a JSON array or one object."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = None
    if text is not None:
        stripped = text.lstrip()
        first_line, _, rest = stripped.partition("\n")
        if stripped.startswith("[") and not (rest.strip() and _one_json_value(first_line)):
            # a JSON array; a first line that is a whole JSON value followed by more lines is JSONL
            # whose first record is an array (reported as a bad record, not read as the file's array)
            return _json_array(text, len(text) - len(stripped))
        if stripped.startswith("{") and "\n" in stripped.rstrip():
            try:  # one pretty-printed object (a single exported run)
                return [(_line_of(text, len(text) - len(stripped)), json.loads(text))], []
            except (json.JSONDecodeError, RecursionError):
                pass  # JSONL: read line by line below
    records, errors = [], []
    for lineno, line in enumerate(raw.split(b"\n"), start=1):
        try:
            decoded = line.decode("utf-8-sig" if lineno == 1 else "utf-8")
        except UnicodeDecodeError as err:
            errors.append((lineno, f"not UTF-8 text ({err.reason} at byte {err.start + 1})"))
            continue
        if not decoded.strip():
            continue
        try:
            records.append((lineno, json.loads(decoded)))
        except json.JSONDecodeError as err:
            errors.append((lineno, f"invalid JSON ({err.msg}, column {err.colno})"))
        except RecursionError:
            errors.append((lineno, "JSON nested too deeply to read"))
    return records, errors


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


def _fold_turns(result: FileResult, pairs: list[tuple[dict, dict]]) -> None:
    """Turn-by-turn request logs of one conversation -> the longest record (loop/turns.py)."""
    folded = merge_turns(pairs)
    gone = {id(absorbed) for absorbed, _ in folded}
    result.transcripts = [t for t in result.transcripts if id(t) not in gone]
    result.merged = [{"at": f"{result.path}:{a['source']['line']}", "into": f"{result.path}:{k['source']['line']}"}
                     for a, k in folded]


def parse_file(path: Path, fmt: str) -> FileResult:
    result = FileResult(path=str(path), sha256=writer.sha256_file(path))
    records, unreadable = read_records(path)
    result.records = len(records) + len(unreadable)
    result.errors.extend(_error(result.path, line, reason) for line, reason in unreadable)
    typed: list[tuple[int, dict, str]] = []
    for line, obj in records:
        try:
            if not isinstance(obj, dict):
                raise RecordError("", f"a record must be a JSON object, got {type(obj).__name__}")
            typed.append((line, obj, detect(obj, fmt)))
        except RecordError as err:
            result.errors.append(_error(result.path, line, err.reason, err.where))
    runs = [(line, obj) for line, obj, kind in typed if kind == "langchain"]
    roots, tree_errors = attach_children(runs)
    result.errors.extend(_error(result.path, line, err.reason, err.where, err.record) for line, _, err in tree_errors)
    lines = {id(obj): line for line, obj in runs}  # a flat export's runs: an error in one is told at its line
    readable = {id(obj) for _, obj in roots}
    unreadable_runs = {id(run) for _, run, _ in tree_errors}
    pairs: list[tuple[dict, dict]] = []
    for line, obj, kind in typed:
        if kind == "langchain" and id(obj) not in readable:
            if id(obj) not in unreadable_runs:
                result.child_runs += 1  # a child run of a flat export, read through its root
            continue
        try:
            messages, metadata, record_id = _parse(kind, obj, lines)
            t = transcript(kind, result.path, line, record_id, messages, metadata)
        except RecordError as err:
            record = err.record if err.record is not None else _record_id(obj, kind)
            result.errors.append(_error(result.path, err.line or line, err.reason, err.where, record))
            continue
        result.transcripts.append(t)
        if isinstance(metadata, dict) and isinstance(metadata.get("run"), str):
            result.runs.add(metadata["run"])  # a conversation with a served loopwright run (lineage follows it)
        result.formats[kind] = result.formats.get(kind, 0) + 1
        if kind != "langchain" and ("request" in obj or "params" in obj):
            pairs.append((t, conversation_key(obj)))
    _fold_turns(result, pairs)
    result.errors.sort(key=lambda e: int(e["at"].rsplit(":", 1)[1]))
    return result


# ------------------------------------------------------------------- store
def read_store(path: Path) -> list[dict]:
    try:
        return read_jsonl(path, missing_ok=True)
    except DamagedFile as err:
        raise IngestInputError(f"{err.path}:{err.line}: the transcript store is corrupt ({err.problem}); move it "
                               f"away and ingest again") from None


def _merge_store(existing: list[dict], results: list[FileResult]) -> list[dict]:
    replaced = {r.path for r in results}
    kept = [t for t in existing if t["source"]["path"] not in replaced]
    seen = {t["id"]: t for t in kept}
    for result in results:
        fresh = []
        for t in result.transcripts:
            first = seen.get(t["id"])
            if first is not None:
                result.duplicates.append({"at": f"{result.path}:{t['source']['line']}",
                                          "same_as": f"{first['source']['path']}:{first['source']['line']}"})
                continue
            seen[t["id"]] = t
            fresh.append(t)
        result.transcripts = fresh
        kept.extend(fresh)
    return sorted(kept, key=lambda t: (t["source"]["path"], t["source"]["line"]))


def _entry(result: FileResult, fmt: str, strict: bool, status: str) -> dict:
    return {"format": fmt, "formats_found": dict(sorted(result.formats.items())), "sha256": result.sha256,
            "records": result.records, "child_runs": result.child_runs,
            "valid": len(result.transcripts) + len(result.duplicates) + len(result.merged),
            "kept": len(result.transcripts), "duplicates": result.duplicates, "merged": result.merged,
            "malformed": len(result.errors),
            "errors": result.errors, "runs": sorted(result.runs), "strict": strict, "status": status}


def ingest(inputs: list[str], fmt: str, output: str | Path, strict: bool = False) -> tuple[dict, int]:
    """Ingest ``inputs`` into the store at ``output``; return (the report, exit code 0 or 1)."""
    if fmt not in FORMATS:
        raise IngestInputError(f"format={fmt} is not a known log format; choose from {list(FORMATS)}")
    files = expand_inputs(inputs)
    out = Path(output).expanduser().resolve()
    store_path, report_path = out / TRANSCRIPTS, out / REPORT
    results = [parse_file(p, fmt) for p in files]
    valid = sum(len(r.transcripts) for r in results)
    malformed = sum(len(r.errors) for r in results)
    if valid == 0:
        failure = "failed: no valid conversation in this call's inputs; transcripts left as they were"
    elif strict and malformed:
        failure = f"rejected: strict=true and {malformed} malformed record(s); transcripts left as they were"
    else:
        failure = None
    previous = json.loads(report_path.read_text()) if report_path.is_file() else {"inputs": {}}
    store = read_store(store_path)
    if failure is None:
        store = _merge_store(store, results)
    entries = dict(previous.get("inputs", {}))
    for r in results:
        entries[r.path] = _entry(r, fmt, strict, failure or "ok")
    report = {"inputs": dict(sorted(entries.items())),
              "transcripts": {"path": TRANSCRIPTS, "conversations": len(store)}}
    if failure is None:
        report["transcripts"]["sha256"] = writer.write_jsonl(store_path, store)
    else:
        report["transcripts"]["sha256"] = writer.sha256_file(store_path) if store_path.is_file() else None
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
