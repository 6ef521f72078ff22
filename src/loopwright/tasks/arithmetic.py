"""Generated arithmetic: chat prompts with integer answers, disjoint splits.

Every (a, op, b) triple in the configured ranges is enumerated once, shuffled
with the task seed, and cut into a held-out block followed by a train block, so
no held-out question can ever appear in train, and the same seed always gives
the same rows in the same order.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

_OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}


def _question(a: int, op: str, b: int, template: str) -> str:
    return template.format(a=a, op=op, b=b)


def n_distinct(cfg: Any) -> int:
    """How many distinct questions the configured ranges allow."""
    return len(set(cfg.operations) & set(_OPS)) * (int(cfg.max_operand) - int(cfg.min_operand) + 1) ** 2


def build(cfg: Any) -> tuple[list[dict], list[dict]]:
    """Return (train_rows, held_out_rows); each row has ``prompt`` (chat messages) and ``answer``."""
    ops = list(cfg.operations)
    unknown = [op for op in ops if op not in _OPS]
    if unknown:
        raise ValueError(f"task.operations: unknown operation(s) {unknown}; choose from {sorted(_OPS)}")
    lo, hi = int(cfg.min_operand), int(cfg.max_operand)
    triples = [
        (a, op, b)
        for op in ops
        for a, b in itertools.product(range(lo, hi + 1), repeat=2)
    ]
    needed = int(cfg.n_train) + int(cfg.n_eval)
    if needed > len(triples):
        raise ValueError(
            f"task.n_train + task.n_eval = {needed} exceeds the {len(triples)} distinct questions "
            f"for task.min_operand={lo}, task.max_operand={hi}, task.operations={ops}"
        )
    random.Random(int(cfg.seed)).shuffle(triples)
    rows = [
        {
            "prompt": [{"role": "user", "content": _question(a, op, b, cfg.prompt_template)}],
            "answer": str(_OPS[op](a, b)),
        }
        for a, op, b in triples[:needed]
    ]
    held_out, train = rows[: int(cfg.n_eval)], rows[int(cfg.n_eval):]
    return train, held_out
