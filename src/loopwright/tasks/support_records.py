"""A user's own order records, joined to logged conversations: ``task.params.records=<file>``.

``task=customer_support`` looks a logged conversation's facts up by the order it
names. Without ``records`` that is the shipped scenarios; with it, any shop's order
export: JSONL (one record per line), JSON (an array of records, ``{"orders": [...]}``,
or ``{order id: record}``) or CSV (a header row). The order-id column is the one
``task.params.records_key`` names, else the first whose name is an order-id alias
(``order_id``, ``order number``, ``Order Ref``, ...; rewards/customer_support/facts.py). Ids are
matched in any shape the records hold (``BL-48213``, ``hp-7q4k9``, ``#1234567``),
compared without case, spaces, dashes or '#'. A bad file is a ValueError naming the
file and line; a record without an id is skipped and counted.
"""

from __future__ import annotations

import csv
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from loopwright.rewards.customer_support.facts import canonical_key, compact
from loopwright.runs.reader import DamagedFile, jsonl_lines

# Where a logged conversation names its order, most trustworthy first.
ROLE_ORDER = ("user", "tool", "system", "assistant")
_TOKEN = re.compile(r"[A-Za-z0-9#][A-Za-z0-9\-./_#]*[A-Za-z0-9]")


class RecordsError(ValueError):
    """An unreadable records file (the message names the file and line)."""


def _read(path: Path) -> list[tuple[int, dict]]:
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        try:
            return [(line.number, line.row) for line in jsonl_lines(path)]
        except DamagedFile as err:
            raise RecordsError(str(err)) from None
    text = path.read_text(encoding="utf-8-sig")
    if suffix == ".csv":
        return [(i + 2, dict(row)) for i, row in enumerate(csv.DictReader(text.splitlines()))]
    if suffix == ".json":
        try:
            obj = json.loads(text)
        except ValueError as err:
            raise RecordsError(f"{path}: invalid JSON ({err})") from None
        if isinstance(obj, dict) and isinstance(obj.get("orders"), list):
            obj = obj["orders"]
        if isinstance(obj, dict):
            obj = [{"order_id": k, **v} for k, v in obj.items() if isinstance(v, dict)]
        if not isinstance(obj, list) or not all(isinstance(r, dict) for r in obj):
            raise RecordsError(f"{path}: expected an array of records, {{'orders': [...]}} or {{order id: record}}")
        return [(0, r) for r in obj]
    raise RecordsError(f"{path}: records must be .jsonl, .json or .csv (got '{path.suffix}')")


def _id_key(record: dict, key: str | None) -> str | None:
    if key:
        return key if key in record else None
    return next((k for k in record if canonical_key(k) == "order_id"), None)


@lru_cache(maxsize=8)
def _index(path: str, mtime: float, key: str | None) -> tuple[dict, int]:
    index: dict[str, dict] = {}
    skipped = 0
    for lineno, record in _read(Path(path)):
        k = _id_key(record, key)
        value = record.get(k) if k else None
        if value in (None, ""):
            skipped += 1
            continue
        index.setdefault(compact(value), record)
    if not index:
        raise RecordsError(f"{path}: no record has an order id (column {key!r})" if key else
                           f"{path}: no order-id column found; name it with task.params.records_key")
    return index, skipped


def load(path: str | Path, key: str | None = None) -> dict[str, dict]:
    """compact(order id) -> the record, as the file holds it (cached per file version)."""
    p = Path(str(path)).expanduser()
    if not p.is_file():
        raise RecordsError(f"task.params.records={path}: no such file")
    return _index(str(p.resolve()), p.stat().st_mtime, key)[0]


def orders_named(messages: list[dict], index: dict[str, dict]) -> list[str]:
    """The record ids a conversation names, in ROLE_ORDER, each once."""
    found: list[str] = []
    for role in ROLE_ORDER:
        for m in messages:
            if m.get("role") != role:
                continue
            for token in _TOKEN.findall(str(m.get("content") or "")):
                c = compact(token)
                if c in index and c not in found:
                    found.append(c)
    return found


def columns(messages: list[dict], path: Any, key: str | None = None) -> tuple[dict, str | None]:
    """(``facts_json`` + ``order_id`` of the first record the conversation names, None) or ({}, why not)."""
    index = load(path, key)
    named = orders_named(messages, index)
    if not named:
        return {}, f"no order in the conversation matches a record of {path}"
    record = index[named[0]]
    order_id = record.get(_id_key(record, key))
    return {"facts_json": json.dumps(record, sort_keys=True, default=str), "order_id": str(order_id)}, None
