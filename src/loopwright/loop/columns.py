"""The reward columns of a logged conversation, looked up from the task's own records.

A logged conversation has no ``facts_json`` column: in production the ground truth
lives in the shop's order system. The task group says where to look it up
(``task=customer_support``: the order number mentioned in the conversation, joined
to the shipped scenarios, src/loopwright/tasks/customer_support.py), so the reward grades a
logged reply exactly as it grades a training rollout. A conversation may also
carry columns itself, in ``metadata.columns`` (e.g. ``{"answer": "7"}`` for
``reward=arithmetic``); those win.

Lookups are registered by task kind ("module:attribute", imported when used); a
lookup returns ``(columns, None)`` or ``({}, reason)``.
"""

from __future__ import annotations

import importlib
import re
from functools import lru_cache
from typing import Any, Callable

LOOKUPS: dict[str, str] = {
    "customer_support": "loopwright.loop.columns:support_columns",
}
# The reward's own order-number pattern (rewards/customer_support.py): W1234567, #1234567, # W1234567
_ORDER = re.compile(r"(?<![A-Za-z0-9])(?:W|#\s?W?)(\d{7})(?!\d)", re.I)
# Where a conversation names its order, most trustworthy first.
_ROLE_ORDER = ("user", "tool", "system", "assistant")


def lookup_for(kind: str | None) -> Callable[[list[dict]], tuple[dict, str | None]] | None:
    if not kind or kind not in LOOKUPS:
        return None
    module, _, attr = LOOKUPS[kind].partition(":")
    return getattr(importlib.import_module(module), attr)


def columns_for(kind: str | None, messages: list[dict], metadata: Any = None) -> tuple[dict, str | None]:
    """Reward columns for a conversation context (rendered chat messages): lookup + metadata.columns."""
    given = metadata.get("columns") if isinstance(metadata, dict) else None
    given = dict(given) if isinstance(given, dict) else {}
    lookup = lookup_for(kind)
    if lookup is None:
        return given, None
    found, reason = lookup(messages)
    if reason and not given:
        return {}, reason
    return {**found, **given}, None


@lru_cache(maxsize=1)
def _scenarios_by_order() -> dict[str, dict]:
    from loopwright.tasks.customer_support import load_scenarios

    return {s["order_id"]: s for s in load_scenarios()}


def support_columns(messages: list[dict]) -> tuple[dict, str | None]:
    """Columns of task=customer_support rows for the first known order number in the conversation."""
    from loopwright.tasks.customer_support import facts_json

    scenarios = _scenarios_by_order()
    mentioned: list[str] = []
    for role in _ROLE_ORDER:
        for m in messages:
            if m.get("role") == role:
                mentioned.extend("W" + digits for digits in _ORDER.findall(str(m.get("content", ""))))
    for order_id in mentioned:
        scenario = scenarios.get(order_id)
        if scenario is not None:
            return {"facts_json": facts_json(scenario), "scenario_id": scenario["scenario_id"],
                    "order_id": scenario["order_id"], "category": scenario["category"],
                    "kind": scenario["kind"]}, None
    if mentioned:
        return {}, f"order number(s) {sorted(set(mentioned))} not in the order records"
    return {}, "no order number in the conversation to look the facts up by"

