"""The shipped customer-support scenarios (src/loopwright/data/support_scenarios.jsonl).

About 200 synthetic scenarios, generated deterministically by
``scripts/make_support_scenarios.py`` (see its docstring for the fields). Used by
the ``customer_support`` and ``tool_use`` tasks, by ``tools.lookup_order`` and by
the ``customer_support`` reward (through the rows' ``facts_json`` column).
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path

PATH = Path(__file__).resolve().parent / "data" / "support_scenarios.jsonl"


@lru_cache(maxsize=1)
def _load() -> tuple[dict, ...]:
    with PATH.open(encoding="utf-8") as fh:
        return tuple(json.loads(line) for line in fh if line.strip())


def load_scenarios() -> list[dict]:
    """Every scenario, in file order (a deep copy: callers may mutate it)."""
    return copy.deepcopy(list(_load()))


@lru_cache(maxsize=1)
def _by_order() -> dict[str, dict]:
    return {s["order_id"]: s for s in _load()}


def normalize_order_id(order_id: object) -> str:
    """'#w1234567 ' -> 'W1234567'; a bare 7-digit number gets the W prefix."""
    text = str(order_id).strip().upper().lstrip("#").replace(" ", "")
    return "W" + text if text.isdigit() else text


def facts_for(order_id: object) -> dict | None:
    """Ground-truth facts of the scenario with this order number, or None."""
    found = _by_order().get(normalize_order_id(order_id))
    return copy.deepcopy(found["facts"]) if found else None
