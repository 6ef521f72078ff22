"""Synthetic run dirs for the paired comparison and the ship gate: eval_results.json (+ data/held_out.jsonl)
with known per-prompt outcomes, laid out as a training run writes them."""

from __future__ import annotations

import json
import random
from pathlib import Path


def prompt_of(i: int) -> list[dict]:
    return [{"role": "system", "content": "Answer with a number."}, {"role": "user", "content": f"What is {i} + {i}?"}]


def write_run(run_dir: Path, trained: list[int], base: list[int] | None = None, assertions: list | None = None,
              prompts: list[int] | None = None, held_out_file: bool = True, threshold: float = 1.0) -> Path:
    """One run: trained[i] / base[i] are prompt i's success (0/1; the reward equals it). ``assertions[i]``: a list
    of (kind, pattern, base_pass, trained_pass) for prompt i, or None. ``prompts``: which prompt numbers."""
    base = base if base is not None else [0] * len(trained)
    prompts = prompts if prompts is not None else list(range(len(trained)))
    records = []
    for i, (n, b, t) in enumerate(zip(prompts, base, trained)):
        record = {"index": i, "prompt": prompt_of(n)[-1]["content"], "answer": str(2 * n),
                  "base_completion": str(2 * n) if b else "?", "base_score": float(b), "base_solved": bool(b),
                  "trained_completion": str(2 * n) if t else "?", "trained_score": float(t), "trained_solved": bool(t)}
        if assertions is not None:
            checks = assertions[i] or []
            record.update(id=f"p-{n}", assertions=[{"kind": k, "pattern": p, "base_pass": bp, "trained_pass": tp}
                                                   for k, p, bp, tp in checks],
                          base_assertions_passed=all(c[2] for c in checks),
                          trained_assertions_passed=all(c[3] for c in checks))
        records.append(record)
    n = len(records)
    summary = {"n_prompts": n, "success_threshold": threshold, "decoding": "greedy",
               "base_accuracy": sum(base) / n, "trained_accuracy": sum(trained) / n}
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / "eval_results.json").write_text(json.dumps({"summary": summary, "records": records}))
    if held_out_file:
        (run_dir / "data").mkdir(exist_ok=True)
        (run_dir / "data" / "held_out.jsonl").write_text(
            "".join(json.dumps({"prompt": prompt_of(n), "answer": str(2 * n)}) + "\n" for n in prompts))
    return run_dir


def flipped(values: list[int], n: int, seed: int) -> list[int]:
    """``values`` with n random positions flipped (seeded)."""
    out = list(values)
    for i in random.Random(seed).sample(range(len(out)), n):
        out[i] = 1 - out[i]
    return out
