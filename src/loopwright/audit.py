"""``python -m loopwright.audit reward=<name> [task=<name>]``: can the grader be gamed?

Scores degenerate and adversarial completions (loop/probes.py: empty, repeated keywords,
the prompt echoed, maximal length, a fake tool call, a polite non-answer, a contradiction
of the row's ground truth) on ``rows`` held-out rows of the task, and reports every probe
that scores at or above the curation threshold: a reward that can be gamed is found before
a run learns to game it. Exit 0 when no probe reaches the threshold, 1 when one does, 2 for
unusable arguments. ``output=<file>`` also writes the report as JSON. Imports no torch.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from omegaconf import DictConfig

from loopwright.loop.app import hydra_app
from loopwright.loop.probes import PROBES, columns_read, not_applicable


def threshold_of(cfg: DictConfig) -> float:
    from loopwright.improve import threshold_of as improve_threshold

    return improve_threshold(cfg)


def audit_rows(task_cfg: Any, n: int) -> list[dict]:
    from loopwright import tasks

    train, held = tasks.build(task_cfg)
    return (list(held) or list(train))[:n]


def audit(reward_cfg: Any, rows: list[dict], threshold: float, max_chars: int) -> dict:
    """The report: per probe, its scores over the rows and whether any reaches the threshold."""
    from loopwright import rewards

    graders = rewards.build(reward_cfg)
    score = rewards.combined(graders)
    reads = set().union(*(columns_read(fn) for _, fn, _ in graders))
    names = sorted({k for r in rows for k in r if k != "prompt"})
    report: dict = {"reward": [name for name, _, _ in graders], "threshold": threshold, "rows": len(rows),
                    "columns_read": sorted(reads), "probes": {}}
    for name, probe in PROBES.items():
        why = not_applicable(name, reads)
        texts = [None if why else probe(r, {"max_chars": max_chars}) for r in rows]
        if why or all(t is None for t in texts):
            report["probes"][name] = {"applies": False, "why": why or "no row carries what the probe needs"}
            continue
        idx = [i for i, t in enumerate(texts) if t is not None]
        columns = {k: [rows[i].get(k) for i in idx] for k in names}
        scores = score(prompts=[rows[i]["prompt"] for i in idx],
                       completions=[[{"role": "assistant", "content": texts[i]}] for i in idx], **columns)
        above = [i for i, s in zip(idx, scores) if s >= threshold]
        report["probes"][name] = {"applies": True, "max": round(max(scores), 6), "mean": round(sum(scores) / len(scores), 6),
                                  "above_threshold": len(above), "of": len(idx),
                                  "example": texts[above[0]][:300] if above else None}
    report["gameable"] = sorted(n for n, p in report["probes"].items() if p.get("above_threshold"))
    return report


def lines(report: dict) -> list[str]:
    out = [f"audit of reward={'+'.join(report['reward'])} on {report['rows']} rows, threshold {report['threshold']} "
           f"(columns read: {', '.join(report['columns_read']) or 'none'})",
           f"{'probe':<18} {'max':>7} {'mean':>7}  above threshold"]
    for name, p in report["probes"].items():
        if not p["applies"]:
            out.append(f"{name:<18} {'-':>7} {'-':>7}  n/a: {p['why']}")
            continue
        flag = "  <- GAMEABLE" if p["above_threshold"] else ""
        out.append(f"{name:<18} {p['max']:>7.3f} {p['mean']:>7.3f}  {p['above_threshold']}/{p['of']}{flag}")
    out.append(f"FAIL: {', '.join(report['gameable'])} reach the threshold" if report["gameable"]
               else "PASS: no probe reaches the threshold")
    return out


def run(cfg: DictConfig) -> int:
    from loopwright import rewards, tasks

    found = rewards.problems(cfg.reward) + tasks.problems(cfg.task)
    if int(cfg.rows) < 1 or int(cfg.max_chars) < 1:
        found.append(f"rows={cfg.rows} and max_chars={cfg.max_chars} must be >= 1")
    if found:
        print("loopwright.audit: invalid config:\n" + "\n".join(f"  - {p}" for p in found), file=sys.stderr)
        return 2
    try:
        rows = audit_rows(cfg.task, int(cfg.rows))
        report = audit(cfg.reward, rows, threshold_of(cfg), int(cfg.max_chars))
    except (OSError, ValueError) as err:
        print(f"loopwright.audit: {err}", file=sys.stderr)
        return 2
    print("\n".join(lines(report)))
    if cfg.output:
        path = Path(str(cfg.output)).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 1 if report["gameable"] else 0


main = hydra_app("audit", run)


if __name__ == "__main__":
    main()
