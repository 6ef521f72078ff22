"""The reward audit of ``python -m loopwright.audit``: every probe of loop/probes.py scored by the grader.

``audit_rows`` picks the task's held-out rows (else its training rows), ``audit`` scores
every probe on them and reports the ones at or above the threshold (``gameable``),
``lines`` renders the report as the command prints it. Imports no torch.
"""

from __future__ import annotations

from typing import Any

from loopwright.loop.probes import PROBES, columns_read, not_applicable


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
