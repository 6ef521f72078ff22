"""Task registry: ``task.kind`` -> builder returning (train_rows, held_out_rows).

A row is ``{"prompt": [chat messages], ...columns}``; every column besides
``prompt`` reaches the reward functions as a keyword argument (TRL passes dataset
columns through). Column values must be Arrow-friendly (str, int, float, bool, or
lists of those); nested structures travel as JSON strings.

Entries are "module:attribute" strings, imported only when used.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class TaskSpec:
    builder: str  # "module:attribute", a callable cfg -> (train_rows, held_out_rows)
    params: frozenset = field(default_factory=frozenset)
    summary: str = ""
    multi_turn: bool = False  # supports task.multi_turn=true (tool-calling episodes)


REGISTRY: dict[str, TaskSpec] = {
    "arithmetic": TaskSpec("loopwright.tasks.arithmetic:build", frozenset(),
                           "generated integer arithmetic, disjoint seeded splits"),
    "customer_support": TaskSpec("loopwright.tasks.customer_support:build",
                                 frozenset({"include_facts", "categories"}),
                                 "synthetic support scenarios (orders, refunds, shipping, accounts), split by scenario",
                                 multi_turn=True),
    "tool_use": TaskSpec("loopwright.tasks.tool_use:build", frozenset({"tools"}),
                         "requests answered by one tool call (lookup_order, calculator, convert_units)",
                         multi_turn=True),
    "gsm8k": TaskSpec("loopwright.tasks.gsm8k:build", frozenset(),
                      "GSM8K-format JSONL (task.path, or the shipped word problems), final-number answers"),
    "jsonl": TaskSpec("loopwright.tasks.jsonl:build", frozenset(),
                      "any JSONL file (task.path), fields mapped by task.field_map, deduped disjoint splits"),
    "curated": TaskSpec("loopwright.tasks.curated:build", frozenset({"columns_from"}),
                        "curated.jsonl from loopwright.improve (task.path): SFT on kept turns, RL on their prompts"),
}


def _builder(kind: str) -> Callable[[Any], tuple[list[dict], list[dict]]]:
    module, _, attr = REGISTRY[kind].builder.partition(":")
    return getattr(importlib.import_module(module), attr)


def build(cfg: Any) -> tuple[list[dict], list[dict]]:
    return _builder(cfg.kind)(cfg)


def problems(task_cfg: Any) -> list[str]:
    """Validation of the task group's kind and params, without building."""
    if task_cfg.kind not in REGISTRY:
        return [f"task.kind='{task_cfg.kind}' is not a known task; choose from {sorted(REGISTRY)}"]
    spec = REGISTRY[task_cfg.kind]
    found = []
    unknown = sorted(set(task_cfg.params or {}) - spec.params)
    if unknown:
        found.append(f"task.params: unknown key(s) {unknown} for task '{task_cfg.kind}'; accepted: "
                     f"{sorted(spec.params) or 'none'}")
    if task_cfg.multi_turn and not spec.multi_turn:
        found.append(f"task.multi_turn=true is not supported by task '{task_cfg.kind}'; tasks that support it: "
                     f"{sorted(k for k, v in REGISTRY.items() if v.multi_turn) or 'none yet'}")
    return found
