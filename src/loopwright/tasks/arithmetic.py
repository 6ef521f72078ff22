"""Generated arithmetic: chat prompts with integer answers, disjoint splits.

Every (a, op, b) triple in the configured ranges is enumerated once and shuffled
with the task seed. The first ``n_eval`` are held out; the train split draws from
the rest only, so no held-out question can ever appear in train, and the same
seed always gives the same rows in the same order. When ``n_train`` is larger
than the questions left, the train split cycles through them again (epochs),
and says so.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from loopwright.tasks import register

_OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}


def _question(a: int, op: str, b: int, template: str) -> str:
    return template.format(a=a, op=op, b=b)


OPERATIONS = tuple(_OPS)


def n_distinct(cfg: Any) -> int:
    """How many distinct questions the configured ranges allow."""
    return len(set(cfg.operations) & set(_OPS)) * (int(cfg.max_operand) - int(cfg.min_operand) + 1) ** 2


def problems(t: Any) -> list[str]:
    """task=arithmetic's rules: operand range, operations, template, room for a held-out split."""
    found = []
    if t.min_operand > t.max_operand:
        found.append(f"task.min_operand={t.min_operand} must be <= task.max_operand={t.max_operand}")
    if not t.operations:
        found.append("task.operations must list at least one of '+', '-', '*'")
    unknown_ops = [op for op in t.operations if op not in OPERATIONS]
    if unknown_ops:
        found.append(f"task.operations: unknown operation(s) {unknown_ops}; choose from {list(OPERATIONS)}")
    elif t.min_operand <= t.max_operand and t.n_eval >= n_distinct(t):
        found.append(
            f"task.n_eval ({t.n_eval}) leaves none of the {n_distinct(t)} distinct questions allowed by "
            f"task.min_operand, task.max_operand and task.operations for training"
        )
    for placeholder in ("{a}", "{op}", "{b}"):
        if placeholder not in t.prompt_template:
            found.append(f"task.prompt_template must contain {placeholder}")
    return found


@register("arithmetic", problems=problems, summary="generated integer arithmetic, disjoint seeded splits")
def build(cfg: Any) -> tuple[list[dict], list[dict]]:
    """Return (train_rows, held_out_rows); each row has ``prompt`` (chat messages) and ``answer``."""
    ops = list(cfg.operations)
    lo, hi = int(cfg.min_operand), int(cfg.max_operand)
    triples = [
        (a, op, b)
        for op in ops
        for a, b in itertools.product(range(lo, hi + 1), repeat=2)
    ]
    n_eval, n_train = int(cfg.n_eval), int(cfg.n_train)
    if n_eval >= len(triples):
        raise ValueError(f"task.n_eval={n_eval} leaves none of the {len(triples)} distinct questions for training")
    random.Random(int(cfg.seed)).shuffle(triples)
    held_out_triples, pool = triples[:n_eval], triples[n_eval:]
    train_triples = [pool[i % len(pool)] for i in range(n_train)]

    def row(a: int, op: str, b: int) -> dict:
        return {
            "prompt": [{"role": "user", "content": _question(a, op, b, cfg.prompt_template)}],
            "answer": str(_OPS[op](a, b)),
        }

    return [row(*t) for t in train_triples], [row(*t) for t in held_out_triples]
