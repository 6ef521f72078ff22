"""Read what runs and sweeps left in the outputs dir: status, metrics, evaluation, sweep report, lineage.

Everything is read from the files a run writes (docs/RUNS.md): manifest.json, metrics.jsonl,
eval_results.json, a sweep dir's sweep_report.md / optimization_results.yaml / summary.md,
and launch.json / launch.log for runs this server started. Data is returned as read: every reply
passes whole through the one scrubber at the server's boundary (``redaction.scrub_reply``).
Redacting a file's secrets here first hid them from it, and their other forms in the same reply (a
value reversed under another key) then went out (blind set 5). Only a log's tail is redacted here,
whole, before it is cut into lines (a private key's block spans lines).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from loopwright.mcp_tools.launching import LAUNCH_LOG, LAUNCH_RECORD, process_state
from loopwright.mcp_tools.paths import Refused, Roots, not_plain_file
from loopwright.mcp_tools.redaction import redact_text
from loopwright.runs.reader import (EVAL_RESULTS, MANIFEST, METRICS, DamagedFile, read_json, read_manifest,
                                    read_regular, read_text_capped, tail_jsonl)

_NOT_RUNS = {"model", "checkpoints", "data", ".hydra", "tensorboard", "wandb", "pod"}  # never descended into
_MAX_DEPTH = 5  # outputs/multirun/<date>/<time>/<job>
_SWEEP_FILES = ("sweep_report.md", "optimization_results.yaml", "summary.md", "multirun.yaml")
_TEXT_LIMIT = 500  # characters of one completion in run_eval's records
# What one reply may carry: run_metrics(last=0) on a 1.2M-row file built a 2 GB reply and a 30 MB summary.md
# stalled sweep_report (tests/security/blind4). Real metrics files are a few thousand rows, reports a few kB.
MAX_ROWS = 1000  # rows of metrics.jsonl in one run_metrics reply (the last ones)
METRICS_BYTES = 4_000_000  # of metrics.jsonl read, from its end
TEXT_BYTES = 100_000  # of summary.md / sweep_report.md returned (the rest cut, with a line saying so)
_LOG_BYTES = 64_000  # of a log read for its tail
# Every file these tools open inside a run or sweep dir (each is checked for a link out of the roots first).
_READ_FILES = (MANIFEST, METRICS, EVAL_RESULTS, LAUNCH_RECORD, LAUNCH_LOG, "train.log", *_SWEEP_FILES)


def _read_json(path: Path) -> Any:
    try:
        return read_json(path)
    except (OSError, DamagedFile):
        return None  # a file being rewritten right now (they are written atomically, so: absent)


def _manifest(run_dir: Path) -> dict:
    try:
        return read_manifest(run_dir)
    except (OSError, DamagedFile):
        return {}


def links_out(roots: Roots, here: Path, names: tuple[str, ...] = _READ_FILES) -> list[str]:
    """The entries of ``here`` among ``names`` that resolve outside the roots, or are hard links, FIFOs, sockets or
    devices (``paths.not_plain_file``): a planted link (``manifest.json -> ~/.ssh/...``) would make a reader of the
    dir read anywhere. A run writes its files itself, whole, so none of them is ever a hard link."""
    return [name for name in names if os.path.lexists(here / name)
            and (not roots.inside(here / name) or not_plain_file(here / name))]


def _refuse_links_out(roots: Roots, here: Path, what: str, names: tuple[str, ...] = _READ_FILES) -> None:
    out = links_out(roots, here, names)
    if out:
        raise Refused(f"{what}={here}: {', '.join(out)} resolve(s) outside the project dir and the outputs dir (a "
                      f"link out of them) or is a hard link, FIFO, socket or device; this server reads only plain "
                      f"files inside them")


def run_dir_of(roots: Roots, run_dir: str) -> Path:
    path = roots.readable(run_dir, what="run_dir")
    _refuse_links_out(roots, path, "run_dir")
    if not ((path / MANIFEST).is_file() or (path / LAUNCH_RECORD).is_file()):
        raise Refused(f"run_dir={run_dir}: {path} holds no manifest.json or launch.json (not a run dir; "
                      f"list_runs gives the run dirs)")
    return path


def _status_without_manifest(run_dir: Path, state: dict | None) -> str:
    if (_read_json(run_dir / LAUNCH_RECORD) or {}).get("multirun"):
        return "sweep (its jobs are in numbered subdirs: sweep_report reads them)"
    if state is None or state["running"]:
        return "starting (no manifest yet)"
    code = state["exit_code"]
    return f"exited{'' if code is None else f' with code {code}'} before writing a manifest (see its log)"


def _brief(run_dir: Path) -> dict[str, Any]:
    m = _manifest(run_dir)
    result = m.get("result") or {}
    state = process_state(run_dir)
    entry = {"run_dir": str(run_dir), "status": m.get("status") or _status_without_manifest(run_dir, state),
             "started_at": m.get("started_at"), "overrides": m.get("overrides"), "choices": m.get("choices"),
             "global_step": m.get("global_step")}
    for key in ("base_accuracy", "trained_accuracy", "trained_mean_reward"):
        if key in result:
            entry[key] = result[key]
    if state is not None:
        entry["process"] = state
    return entry


def _kind(here: Path, files: list[str]) -> str | None:
    if MANIFEST in files:
        return "run"
    if LAUNCH_RECORD in files:  # launched by this server, Hydra has not written anything yet
        return "sweep" if (_read_json(here / LAUNCH_RECORD) or {}).get("multirun") else "run"
    return "sweep" if any(f in files for f in _SWEEP_FILES) else None


def _walk(outputs: Path) -> tuple[list[Path], list[Path]]:
    """(run dirs, sweep dirs) under ``outputs``; a sweep's job dirs are run dirs too."""
    runs, sweeps = [], []
    for here, dirs, files in os.walk(outputs):
        here_path = Path(here)
        kind = _kind(here_path, files)
        if kind == "run":
            runs.append(here_path)
            dirs[:] = []
            continue
        if kind == "sweep":
            sweeps.append(here_path)
        depth = len(here_path.relative_to(outputs).parts)
        dirs[:] = [] if depth >= _MAX_DEPTH else sorted(d for d in dirs if d not in _NOT_RUNS)
    return runs, sweeps


def list_runs(roots: Roots, limit: int = 50) -> dict[str, Any]:
    """The newest ``limit`` run dirs and sweep dirs under the outputs dir, newest first."""
    if not roots.outputs.is_dir():
        return {"outputs": str(roots.outputs), "runs": [], "sweeps": [], "note": "the outputs dir does not exist yet"}
    runs, sweeps = _walk(roots.outputs)
    newest = sorted(runs, key=lambda p: p.stat().st_mtime, reverse=True)[:limit]
    sweep_rows = []
    for sweep in sorted(sweeps, key=lambda p: p.stat().st_mtime, reverse=True)[:limit]:
        jobs = [p for p in sweep.iterdir() if p.is_dir() and p.name.isdigit()]
        sweep_rows.append({"sweep_dir": str(sweep), "jobs": len(jobs),
                           "report": (sweep / "sweep_report.md").is_file() or (sweep / "summary.md").is_file(),
                           **({"process": process_state(sweep)} if (sweep / LAUNCH_RECORD).is_file() else {})})
    rows = [{"run_dir": str(r), "status": f"not read: {', '.join(links_out(roots, r))}: a link out of the roots, "
                                          f"a hard link or not a regular file"}
            if links_out(roots, r) else _brief(r) for r in newest]
    return {"outputs": str(roots.outputs), "runs_total": len(runs), "runs": rows, "sweeps": sweep_rows}


def _tail(path: Path, lines: int) -> list[str]:
    if not path.is_file() or not lines:
        return []
    text = read_regular(path, _LOG_BYTES, tail=True)[0].decode("utf-8", "replace")
    return redact_text(text).splitlines()[-lines:]  # redacted whole: a private key's block spans lines


def run_status(roots: Roots, run_dir: str, log_lines: int = 20) -> dict[str, Any]:
    path = run_dir_of(roots, run_dir)
    m = _manifest(path)
    out = _brief(path)
    out.update({k: m.get(k) for k in ("ended_at", "timings", "device", "run_name", "tags", "result")
                if m.get(k) is not None})
    if m.get("error"):
        out["error"] = redact_text(str(m["error"]))
    out["files"] = sorted(p.name for p in path.iterdir())
    log = path / LAUNCH_LOG if (path / LAUNCH_LOG).is_file() else path / "train.log"
    out["log"] = {"file": str(log), "tail": _tail(log, max(0, min(log_lines, 200)))}
    return out


def run_metrics(roots: Roots, run_dir: str, keys: list[str] | None = None, last: int = 20) -> dict[str, Any]:
    path = run_dir_of(roots, run_dir)
    try:  # without the line the trainer is appending right now (a torn last line); damaged lines are counted
        tail = tail_jsonl(path / METRICS, METRICS_BYTES)
        rows, whole, damaged = tail.rows, tail.whole, tail.damaged
    except FileNotFoundError:
        rows, whole, damaged = [], True, 0
    columns = sorted({k for r in rows for k in r})
    if keys:
        unknown = [k for k in keys if k not in columns]
        if unknown and rows:
            raise Refused(f"keys {unknown} are not in {path / METRICS}; its columns: {', '.join(columns)}")
        rows = [{k: r[k] for k in ("step", *keys) if k in r} for r in rows]
    wanted = min(last, MAX_ROWS) if last > 0 else MAX_ROWS
    out = {"run_dir": str(path), "rows_total": len(rows) if whole else None, "columns": columns,
           "rows": rows[-wanted:]}
    notes = []
    if not whole or (last <= 0 or last > MAX_ROWS) and len(rows) > MAX_ROWS:
        notes.append(f"cut: a reply holds at most the last {MAX_ROWS} rows, read from the last {METRICS_BYTES} "
                     f"bytes of {METRICS}" + ("" if whole else " (rows_total unknown: the file is longer)"))
    if damaged:  # never silent: a line in the middle that is not a JSON object is a lost record
        out["damaged_lines"] = damaged
        notes.append(f"{damaged} damaged line(s) of {METRICS} skipped (not a JSON object with a newline after it)"
                     + ("" if whole else f", within its last {METRICS_BYTES} bytes"))
    if notes:
        out["note"] = "; ".join(notes)
    return out


def _clip(value: Any) -> Any:
    return value[:_TEXT_LIMIT] + "..." if isinstance(value, str) and len(value) > _TEXT_LIMIT else value


def run_eval(roots: Roots, run_dir: str, records: int = 0) -> dict[str, Any]:
    path = run_dir_of(roots, run_dir)
    results = _read_json(path / EVAL_RESULTS)
    if results is None:
        raise Refused(f"{path} has no eval_results.json yet (status: {_manifest(path).get('status')}); "
                      f"it is written after the trained evaluation")
    out = {k: v for k, v in results.items() if k != "records"}
    out["run_dir"], out["records_total"] = str(path), len(results.get("records") or [])
    if records > 0:
        out["records"] = [{k: _clip(v) for k, v in r.items()} for r in (results.get("records") or [])[:records]]
    return out


_RESULTS_LIMIT = 1_000_000  # bytes: the sweeper's file is a few kB
_YAML_DEPTH = 50  # levels of nesting; the sweeper's file has 2


def _nesting(text: str) -> int:
    """The deepest nesting of flow brackets in ``text``, or of indentation (in steps of one space) when deeper."""
    depth = deepest = 0
    for char in text:
        depth += (char in "[{") - (char in "]}")
        deepest = max(deepest, depth)
    indents = (len(line) - len(line.lstrip(" ")) for line in text.split("\n"))
    return max(deepest, max(indents, default=0) // 2)


def _results_yaml(path: Path) -> dict[str, Any]:
    """optimization_results.yaml as plain data, read without YAML aliases and within a size: the sweeper writes
    neither, and an alias bomb (a few lines that expand to millions of nodes) would stall the server."""
    import yaml

    class _NoAliases(yaml.SafeLoader):
        def compose_node(self, parent, index):  # noqa: ANN001 - PyYAML's signature
            if self.check_event(yaml.AliasEvent):
                raise yaml.YAMLError("YAML aliases are not read")
            return super().compose_node(parent, index)

    raw, whole = read_regular(path, _RESULTS_LIMIT)
    if not whole:
        return {"optimization_results_error": f"{path.name} is over {_RESULTS_LIMIT} bytes: not read"}
    text = raw.decode("utf-8", "replace")
    if _nesting(text) > _YAML_DEPTH:  # PyYAML composes nested nodes recursively: a deep file is CPU and stack
        return {"optimization_results_error": f"{path.name} nests deeper than {_YAML_DEPTH} levels: not read"}
    try:
        return {"optimization_results": yaml.load(text, Loader=_NoAliases)}
    except (yaml.YAMLError, RecursionError) as err:
        return {"optimization_results_error": f"{path.name} not read: {str(err)[:200]}"}


def sweep_report(roots: Roots, sweep_dir: str) -> dict[str, Any]:
    path = roots.readable(sweep_dir, what="sweep_dir")
    if not path.is_dir():
        raise Refused(f"sweep_dir={sweep_dir}: {path} is not a directory")
    _refuse_links_out(roots, path, "sweep_dir")
    jobs = sorted((p for p in path.iterdir() if p.is_dir() and p.name.isdigit()), key=lambda p: int(p.name))
    for job in jobs:  # a job dir that is itself a link out, or holds one
        if not roots.inside(job):
            raise Refused(f"sweep_dir={sweep_dir}: job dir {job.name} resolves outside the roots (a link out); this "
                          f"server reads only inside them")
        _refuse_links_out(roots, job, "sweep_dir job")
    if not jobs and not any((path / f).is_file() for f in _SWEEP_FILES):
        raise Refused(f"sweep_dir={sweep_dir}: {path} holds no job dirs and no sweep report (list_runs gives "
                      f"the sweep dirs)")
    out: dict[str, Any] = {"sweep_dir": str(path), "jobs": [_brief(j) for j in jobs]}
    for name in ("sweep_report.md", "summary.md"):
        if (path / name).is_file():
            out[name] = read_text_capped(path / name, TEXT_BYTES)
    if (path / "optimization_results.yaml").is_file():
        out.update(_results_yaml(path / "optimization_results.yaml"))
    if (path / LAUNCH_RECORD).is_file():
        out["process"] = process_state(path)
    if not any(k in out for k in ("sweep_report.md", "summary.md")):
        out["note"] = ("no report yet: summary.md is written when the multirun ends, "
                       "sweep_report.md by the Optuna sweeper")
    return out


def lineage(roots: Roots, run_dir: str) -> dict[str, Any]:
    from loopwright.runs import lineage as lin

    path = run_dir_of(roots, run_dir)
    if not (path / MANIFEST).is_file():
        raise Refused(f"{path} has no manifest.json yet: lineage is recorded when the run starts training")
    try:
        # recorded paths outside the roots, hard links, FIFOs, sockets and devices are named, never opened
        lines = lin.tree(path, may_read=roots.may_open)
    except ValueError as err:  # a damaged manifest, or a lineage record loopwright did not write
        raise Refused(redact_text(str(err))) from None
    return {"run_dir": str(path), "tree": "\n".join(lines), "lineage": _manifest(path).get("lineage")}
