"""Held-out prompts with assertions (``eval.prompts=file.jsonl``) and the ``eval.fail_below`` floor.

One JSON object per line::

    {"id": "cs-0042",                                   optional label
     "messages": [{"role": "system", ...}, {"role": "user", ...}]   or  "prompt": "text" (+ "system": "text")
     "expect": ["W1234567", "re:(?i)shipped|on its way"],   each must occur in the reply
     "forbid": ["re:(?i)your fault"],                   none may occur
     "columns": {"answer": "7"}}                       optional reward columns

A pattern is a case-insensitive substring, or with the prefix ``re:`` a Python
regular expression searched in the reply (write ``(?i)`` for case-insensitive).
Rows lacking reward columns get them from the task's record lookup
(``task.params.columns_from``, else ``task.kind``; :func:`loopwright.tasks.columns_for`).
A bad line fails validation naming ``file:line`` and the key.

Base and trained policy both answer every prompt greedily (loopwright.evaluation.held_out);
each assertion is checked on both replies into ``eval_results.json``. The floor
``eval.fail_below`` compares the trained policy's assertion pass rate (the held-out
accuracy when the file has no assertions, or without ``eval.prompts``) and fails
the job (exit 4) after every artifact is written. The manifest status is still ``gate_failed``, its
name before the floor stopped being called a gate (kept: scripts and dashboards read it); "the gate" is the
ship gate alone (eval.gate, loopwright.gate).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from loopwright.tasks.jsonl import TaskFileError, read_lines

ALLOWED_KEYS = frozenset({"id", "prompt", "system", "messages", "expect", "forbid", "columns"})
REGEX_PREFIX = "re:"


class BelowFloor(RuntimeError):
    """The trained policy scored below eval.fail_below; the run's artifacts are complete."""


@dataclass(frozen=True)
class Assertion:
    kind: str  # expect | forbid
    pattern: str

    def matches(self, text: str) -> bool:
        if self.pattern.startswith(REGEX_PREFIX):
            return re.search(self.pattern[len(REGEX_PREFIX):], text) is not None
        return self.pattern.lower() in text.lower()

    def passes(self, text: str) -> bool:
        return self.matches(text) == (self.kind == "expect")


@dataclass
class HeldOutFile:
    path: str
    rows: list[dict]
    ids: list[str | None]
    assertions: list[list[Assertion]]
    columns_missing: list[str | None] = field(default_factory=list)

    def first(self, n: int) -> "HeldOutFile":
        """The file's first n prompts, with their ids and assertions (eval.limit)."""
        return HeldOutFile(self.path, self.rows[:n], self.ids[:n], self.assertions[:n], self.columns_missing[:n])


def _patterns(obj: dict, key: str, where: str) -> list[Assertion]:
    value = obj.get(key, [])
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not all(isinstance(v, str) and v for v in values):
        raise TaskFileError(f"{where}: '{key}' must be a non-empty string or a list of them")
    for v in values:
        if v.startswith(REGEX_PREFIX):
            try:
                re.compile(v[len(REGEX_PREFIX):])
            except re.error as err:
                raise TaskFileError(f"{where}: '{key}' pattern {v!r} is not a valid regular expression ({err})") \
                    from None
    return [Assertion(key, v) for v in values]


def _prompt(obj: dict, where: str) -> list[dict]:
    from loopwright.tasks.jsonl import parse_messages

    if ("messages" in obj) == ("prompt" in obj):
        raise TaskFileError(f"{where}: give exactly one of 'prompt' (a string) or 'messages' (chat messages)")
    if "messages" in obj:
        return parse_messages(obj["messages"], where, "messages")
    if not isinstance(obj["prompt"], str) or not obj["prompt"].strip():
        raise TaskFileError(f"{where}: 'prompt' must be a non-empty string")
    system = obj.get("system")
    if system is not None and not isinstance(system, str):
        raise TaskFileError(f"{where}: 'system' must be a string")
    return ([{"role": "system", "content": system}] if system else []) + [{"role": "user", "content": obj["prompt"]}]


def load(path: str | Path, task_cfg: Any = None) -> HeldOutFile:
    """Every prompt of the file with its assertions and reward columns; TaskFileError naming file:line."""
    from loopwright.tasks import columns_for
    from loopwright.tasks.jsonl import column_value

    params = (task_cfg.get("params") or {}) if task_cfg is not None else {}
    columns_from = params.get("columns_from") or (task_cfg.get("kind") if task_cfg is not None else None)
    rows, ids, checks, missing = [], [], [], []
    for lineno, obj in read_lines(path):
        where = f"{path}:{lineno}"
        unknown = sorted(set(obj) - ALLOWED_KEYS)
        if unknown:
            raise TaskFileError(f"{where}: unknown key(s) {unknown}; allowed: {sorted(ALLOWED_KEYS)}")
        prompt = _prompt(obj, where)
        given = obj.get("columns", {})
        if not isinstance(given, dict):
            raise TaskFileError(f"{where}: 'columns' must be an object")
        columns, reason = columns_for(columns_from, prompt, {"columns": given})
        rows.append({"prompt": prompt, **{k: column_value(v) for k, v in sorted(columns.items())}})
        ids.append(None if obj.get("id") is None else str(obj["id"]))
        checks.append(_patterns(obj, "expect", where) + _patterns(obj, "forbid", where))
        missing.append(reason)
    if not rows:
        raise TaskFileError(f"{path}: the held-out prompts file has no prompts")
    names = sorted({k for r in rows for k in r if k != "prompt"})
    rows = [{"prompt": r["prompt"], **{k: r.get(k) for k in names}} for r in rows]  # same columns in every row
    return HeldOutFile(str(path), rows, ids, checks, missing)


def annotate(results: dict, held: HeldOutFile) -> None:
    """Add per-assertion pass/fail for base and trained replies to eval_results (in place)."""
    totals = {"total": 0, "base_passed": 0, "trained_passed": 0, "prompts": len(held.rows),
              "prompts_all_passed_base": 0, "prompts_all_passed_trained": 0}
    for record, rid, checks, missing in zip(results["records"], held.ids, held.assertions, held.columns_missing):
        record["id"] = rid
        if missing:
            record["columns_missing"] = missing
        record["assertions"] = [{"kind": a.kind, "pattern": a.pattern, "base_pass": a.passes(record["base_completion"]),
                                 "trained_pass": a.passes(record["trained_completion"])} for a in checks]
        for side in ("base", "trained"):
            passed = sum(c[f"{side}_pass"] for c in record["assertions"])
            totals[f"{side}_passed"] += passed
            record[f"{side}_assertions_passed"] = passed == len(checks)
            totals[f"prompts_all_passed_{side}"] += passed == len(checks)
        totals["total"] += len(checks)
    for side in ("base", "trained"):
        totals[f"{side}_pass_rate"] = totals[f"{side}_passed"] / totals["total"] if totals["total"] else None
    results["summary"]["assertions"] = totals
    results["summary"]["eval_prompts"] = held.path


def apply_fail_below(summary: dict, fail_below: float | None) -> None:
    """Record summary['floor']: the trained pass rate (or accuracy) against eval.fail_below."""
    if fail_below is None:
        return
    rate = (summary.get("assertions") or {}).get("trained_pass_rate")
    metric, value = ("assertion_pass_rate", rate) if rate is not None else ("accuracy", summary["trained_accuracy"])
    summary["floor"] = {"metric": f"trained_{metric}", "value": value, "fail_below": float(fail_below),
                        "passed": value >= float(fail_below)}


def raise_if_below_floor(summary: dict) -> None:
    floor = summary.get("floor")
    if floor and not floor["passed"]:
        raise BelowFloor(f"eval.fail_below: {floor['metric']} = {floor['value']:.3f} is below {floor['fail_below']}")


def format_assertions(summary: dict) -> str:
    a = summary["assertions"]
    if not a["total"]:
        return f"({a['prompts']} held-out prompts from eval.prompts, no assertions)"
    return (f"assertions passed: base {a['base_passed']}/{a['total']}, trained {a['trained_passed']}/{a['total']}; "
            f"prompts passing all: base {a['prompts_all_passed_base']}/{a['prompts']}, "
            f"trained {a['prompts_all_passed_trained']}/{a['prompts']}")


# ----------------------------------------------------------------- validation
def problems(cfg: Any) -> list[str]:
    """eval.prompts / eval.fail_below and task=curated checks (cheap: files are opened, not parsed)."""
    from loopwright.tasks.jsonl import path_problems

    found: list[str] = []
    ev = cfg.eval
    prompts, fail_below = ev.get("prompts"), ev.get("fail_below")
    if prompts:
        found += [p.replace("task.path", "eval.prompts") for p in path_problems(prompts)]
        if not ev.enabled:
            found.append(f"eval.prompts={prompts} is set but eval.enabled=false; enable evaluation or drop it")
    if fail_below is not None:
        if not 0 <= fail_below <= 1:
            found.append(f"eval.fail_below={fail_below} must be in [0, 1] (a pass rate or an accuracy)")
        if not ev.enabled:
            found.append("eval.fail_below needs eval.enabled=true (the floor reads the evaluation)")
    if ev.get("gate") is not None and not ev.enabled:
        found.append("eval.gate needs eval.enabled=true (the gate reads the evaluation)")
    if cfg.task.kind == "curated":
        found += path_problems(cfg.task.get("path"))
    return found

