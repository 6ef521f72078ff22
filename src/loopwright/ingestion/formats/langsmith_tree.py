"""The run tree of a LangSmith export: flat runs rebuilt by ``parent_run_id``, children in execution order.

LangSmith's run schema (docs.smith.langchain.com, "Run (span) data format"): ``id``,
``parent_run_id``, ``trace_id``, ``run_type``, ``start_time``, ``dotted_order``
(``<start>Z<id>.<child start>Z<child id>...``, so sorting siblings by it is execution
order), ``child_runs`` in nested exports, and the older ``execution_order`` integer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from loopwright.ingestion.transcripts import RecordError


@dataclass
class Node:
    run: dict
    line: int | None  # the run's own line when it is a record of the file (a flat export)
    where: str        # the path from that line's record to the run ("child_runs[2].")


def _order_key(runs: list[dict]) -> Any:
    """Siblings sort by dotted_order, else start_time, else execution_order; else the export's order."""
    for field, kind in (("dotted_order", str), ("start_time", str), ("execution_order", int)):
        if all(isinstance(r.get(field), kind) and not isinstance(r.get(field), bool) for r in runs):
            return lambda r, f=field: r[f]
    return None


def children(run: dict, where: str) -> list[tuple[int, dict]]:
    kids = run.get("child_runs")
    if kids is None:
        return []
    if not isinstance(kids, list):
        raise RecordError(f"{where}child_runs", "must be a list of runs")
    for i, kid in enumerate(kids):
        if not isinstance(kid, dict):
            raise RecordError(f"{where}child_runs[{i}]", f"a run must be an object, got {type(kid).__name__}")
    indexed = list(enumerate(kids))
    key = _order_key(kids)
    return sorted(indexed, key=lambda ik: key(ik[1])) if key else indexed  # sorted() is stable on ties


def walk(root: dict, lines: dict[int, int]) -> Iterator[Node]:
    """The root and its descendants, depth first in execution order (iterative: traces can be deep)."""
    stack = [Node(root, lines.get(id(root)), "")]
    while stack:
        node = stack.pop()
        yield node
        kids = []
        for i, kid in children(node.run, node.where):
            own = lines.get(id(kid))
            kids.append(Node(kid, own, "")
                        if own is not None else Node(kid, node.line, f"{node.where}child_runs[{i}]."))
        stack.extend(reversed(kids))


def _run_id(run: dict) -> str | None:
    value = run.get("id")
    return None if value is None or isinstance(value, (dict, list)) else str(value)


def attach_children(records: list[tuple[int, dict]]
                    ) -> tuple[list[tuple[int, dict]], list[tuple[int, dict, RecordError]]]:
    """Flat exports: nest runs under their ``parent_run_id``.

    Returns the root runs with their lines, and the runs that cannot be read (an id seen
    twice, a parent_run_id cycle) with their lines; every other run is a descendant of a root."""
    if not any(r.get("parent_run_id") for _, r in records):
        return records, []
    errors: list[tuple[int, dict, RecordError]] = []
    by_id: dict[str, tuple[int, dict]] = {}
    usable = []
    for line, run in records:
        rid = _run_id(run)
        if rid is not None and rid in by_id:
            errors.append((line, run, RecordError("id", f"run {rid} appears twice in this export (first at line "
                                                   f"{by_id[rid][0]}); the later copy is left out", rid)))
            continue
        if rid is not None:
            by_id[rid] = (line, run)
        usable.append((line, run))
    roots, parent_of = [], {}
    for line, run in usable:
        parent_id = run.get("parent_run_id")
        parent = by_id.get(str(parent_id)) if parent_id and not isinstance(parent_id, (dict, list)) else None
        if parent is None or parent[1] is run:
            roots.append((line, run))  # a missing parent is reported when the root is read
        else:
            parent_of[id(run)] = parent[1]
    kids_of: dict[int, list[dict]] = {}
    for _, run in usable:
        if id(run) in parent_of:
            kids_of.setdefault(id(parent_of[id(run)]), []).append(run)
    reached = set()
    stack = [root for _, root in roots]
    while stack:
        run = stack.pop()
        reached.add(id(run))
        stack.extend(kids_of.get(id(run), []))
    for line, run in usable:
        if id(run) in parent_of and id(run) not in reached:
            errors.append((line, run, RecordError("parent_run_id", f"run {_run_id(run)} is in a parent_run_id cycle "
                                                              f"(no root run above it)", _run_id(run))))
    for line, run in usable:  # nest in the export's order; children() sorts them by execution order
        parent = parent_of.get(id(run))
        if parent is not None and id(run) in reached:
            if parent.get("child_runs") is None:
                parent["child_runs"] = []
            elif not isinstance(parent["child_runs"], list):
                continue  # the parent's own child_runs is malformed: reported when its root is read
            if not any(kid is run for kid in parent["child_runs"]):
                parent["child_runs"].append(run)
    return roots, errors
