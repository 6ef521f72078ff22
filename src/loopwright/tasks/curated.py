"""Curated rows (``loopwright.improve``'s curated.jsonl) as a task: ``task=curated task.path=...``.

A row is ``{"id", "prompt": [chat messages], "completion": [{"role": "assistant",
"content": ...}], "columns": {...}, "score", "graders", "source"}``. Training rows
carry ``prompt``, ``completion`` and the columns flattened (the reward's inputs,
e.g. ``facts_json``): ``objective=sft`` learns the completion, GRPO / RLOO sample
their own completions for the prompt and grade them with the reward, which reads
the columns (TRL does not pass a ``completion`` column to reward functions).

Split by prompt: the distinct prompts are shuffled with ``task.seed`` and the
first ``task.n_eval`` are held out (one row each, without the completion); every
row of the other prompts trains, cycled or cut to ``task.n_train``. With
``eval.prompts=...`` the held-out file is what the run evaluates on, so
``task.n_eval=0`` trains on everything.

``task.params.columns_from`` (e.g. ``customer_support``) names the task whose
record lookup fills the reward columns of ``eval.prompts`` rows that do not carry
them (its ``columns`` lookup, e.g. src/loopwright/tasks/customer_support.py).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from loopwright.tasks import register
from loopwright.tasks.jsonl import TaskFileError, column_value, parse_messages, prompt_key, read_lines, required_path

PARAMS = frozenset({"columns_from"})
# Curated-row fields that describe the row (lineage, grading) rather than feed training or the reward.
META_FIELDS = ("id", "score", "graders", "source")


def parse_row(obj: dict, where: str) -> dict:
    for name in ("prompt", "completion"):
        if name not in obj:
            raise TaskFileError(f"{where}: missing field '{name}' (not a curated row; make them with "
                                f"python -m loopwright.improve)")
    prompt = parse_messages(obj["prompt"], where, "prompt")
    completion = obj["completion"]
    if not (isinstance(completion, list) and len(completion) == 1 and isinstance(completion[0], dict)
            and completion[0].get("role") == "assistant" and isinstance(completion[0].get("content"), str)):
        raise TaskFileError(f"{where}: field 'completion' must be a list of one assistant message with string "
                            f"content")
    columns = obj.get("columns") or {}
    if not isinstance(columns, dict):
        raise TaskFileError(f"{where}: field 'columns' must be an object (the reward's inputs)")
    bad = sorted(k for k in columns if k in ("prompt", "prompts", "completion", "completions", "completion_ids"))
    if bad:
        raise TaskFileError(f"{where}: columns {bad} clash with what TRL passes to reward functions")
    return {"prompt": prompt, "completion": [{"role": "assistant", "content": completion[0]["content"]}],
            **{k: column_value(v) for k, v in sorted(columns.items())}}


def load(path: str | Path) -> list[dict]:
    rows = [parse_row(obj, f"{path}:{lineno}") for lineno, obj in read_lines(path)]
    if not rows:
        raise TaskFileError(f"{path}: the curated file has no rows")
    names = sorted({k for r in rows for k in r if k not in ("prompt", "completion")})
    return [{**r, **{k: r.get(k) for k in names}} for r in rows]  # every row has every column (None when absent)


@register("curated", params=PARAMS,
          summary="curated.jsonl from loopwright.improve (task.path): SFT on kept turns, RL on their prompts")
def build(cfg: Any) -> tuple[list[dict], list[dict]]:
    path = required_path(cfg, "task=curated needs task.path (a curated.jsonl written by python -m loopwright.improve)")
    rows = load(path)
    prompts = list(dict.fromkeys(prompt_key(r) for r in rows))
    random.Random(int(cfg.seed)).shuffle(prompts)
    n_eval, n_train = int(cfg.n_eval), int(cfg.n_train)
    if n_eval >= len(prompts):
        raise TaskFileError(f"task.n_eval ({n_eval}) leaves none of the {len(prompts)} distinct curated prompts in "
                            f"{path} for training; lower task.n_eval (0 with eval.prompts=...)")
    held_keys = set(prompts[:n_eval])
    first_of = {}
    for r in rows:
        first_of.setdefault(prompt_key(r), r)
    held_out = [{k: v for k, v in first_of[key].items() if k != "completion"} for key in prompts[:n_eval]]
    order = {key: i for i, key in enumerate(prompts)}
    pool = sorted((r for r in rows if prompt_key(r) not in held_keys), key=lambda r: order[prompt_key(r)])
    return [pool[i % len(pool)] for i in range(n_train)], held_out
