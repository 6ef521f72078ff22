"""The reward audit of ``python -m loopwright.audit`` and of the training pre-flight (issue 26 items 1, 2).

``audit_rows`` picks the task's held-out rows (else its training rows), ``audit`` scores every probe
on them (the fixed ones of reward_audit/probes.py and the generated attacks of reward_audit/attacks.py, through
reward_audit/gaming.py) and reports, per probe, its gameability (the share of its replies at or above the
threshold) with the worst examples; a probe whose gameability is above ``max_rate`` is ``gameable``.
``preflight`` is the fast subset train.py and improve run before anything heavy; ``lines`` renders a
report as the command prints it and ``refusal`` as the pre-flight's message. Imports no torch.
"""

from __future__ import annotations

from typing import Any

from loopwright.reward_audit import gaming
from loopwright.reward_audit.probes import columns_read

# The pre-flight's size: rows of the task, templates per register, swaps per high-scoring reply.
PREFLIGHT_ROWS, PREFLIGHT_PER_REGISTER, PREFLIGHT_SWAPS, PREFLIGHT_MAX_CHARS = 6, 2, 2, 2000


def audit_rows(task_cfg: Any, n: int) -> list[dict]:
    from loopwright import tasks

    train, held = tasks.build(task_cfg)
    return (list(held) or list(train))[:n]


def audit(reward_cfg: Any, rows: list[dict], threshold: float, max_chars: int, *, max_rate: float = 0.0,
          probes: tuple[str, ...] | None = None, per_register: int = 3, swaps: int = 3) -> dict:
    """The report: per probe, its gameability over the rows, its worst examples, and the probes found gameable."""
    from loopwright import rewards

    graders = rewards.build(reward_cfg)
    reads = set().union(*(columns_read(fn) for _, fn, _ in graders))
    shaping = gaming.shaping_reason(reward_cfg)
    found, scored_rows = gaming.run(rewards.combined(graders), rows, threshold, reads=reads, max_chars=max_chars,
                                    probes=probes, shaping=shaping, per_register=per_register, swaps=swaps)
    report: dict = {"reward": [name for name, _, _ in graders], "threshold": threshold, "max_rate": max_rate,
                    "rows": len(rows), "columns_read": sorted(reads), "shaping": shaping or None,
                    "probes": {name: gaming.summary(p, threshold, scored_rows) for name, p in found.items()}}
    report["gameable"] = sorted(n for n, p in report["probes"].items()
                                if p.get("applies") and p["above_threshold"] and p["gameability"] > max_rate)
    return report


def preflight(reward_cfg: Any, task_cfg: Any, threshold: float) -> dict:
    """The fast subset (gaming.FAST on PREFLIGHT_ROWS rows) for a rule-based or judge reward."""
    rows = audit_rows(task_cfg, PREFLIGHT_ROWS)
    report = audit(reward_cfg, rows, threshold, PREFLIGHT_MAX_CHARS, probes=gaming.FAST,
                   per_register=PREFLIGHT_PER_REGISTER, swaps=PREFLIGHT_SWAPS)
    report["subset"] = "preflight"
    return report


def record(report: dict) -> dict:
    """What the manifest keeps of a pre-flight: verdict, gameability per probe, the first offending example."""
    worst = {n: report["probes"][n]["worst"][0] for n in report["gameable"]}
    return {"passed": not report["gameable"], "threshold": report["threshold"], "rows": report["rows"],
            "gameability": {n: p["gameability"] for n, p in report["probes"].items() if p.get("applies")},
            "gameable": report["gameable"], "examples": worst}


def refusal(report: dict, key: str = "reward.audit=false") -> str:
    """The pre-flight's refusal: each probe that passed the threshold, with its worst example."""
    out = [f"the reward can be gamed: the pre-flight gaming audit (reward={'+'.join(report['reward'])}, "
           f"{report['rows']} rows, threshold {report['threshold']}) found replies that do not answer the "
           "question scoring at or above the threshold:"]
    for name in report["gameable"]:
        p = report["probes"][name]
        ex = p["worst"][0]
        out.append(f"  - {name}: {p['above_threshold']}/{p['of']} at or above (max {p['max']:.3f}); e.g. "
                   f"{ex['reply'][:160]!r} scored {ex['score']} on {ex['question'][:100]!r}")
    out.append(f"  see the whole report: python -m loopwright.audit reward=... task=...; to train anyway: {key} "
               "(recorded in the manifest)")
    return "\n".join(out)


def lines(report: dict) -> list[str]:
    out = [f"audit of reward={'+'.join(report['reward'])} on {report['rows']} rows, threshold {report['threshold']}, "
           f"max gameability {report['max_rate']} (columns read: {', '.join(report['columns_read']) or 'none'})",
           f"{'probe':<19} {'max':>7} {'mean':>7} {'gameable':>9}  above threshold"]
    for name, p in report["probes"].items():
        if not p["applies"]:
            out.append(f"{name:<19} {'-':>7} {'-':>7} {'-':>9}  n/a: {p['why']}")
            continue
        flag = "  <- GAMEABLE" if name in report["gameable"] else ""
        out.append(f"{name:<19} {p['max']:>7.3f} {p['mean']:>7.3f} {p['gameability']:>9.3f}  "
                   f"{p['above_threshold']}/{p['of']}{flag}")
    for name in report["gameable"]:
        for ex in report["probes"][name]["worst"]:
            out.append(f"  {name} {ex['score']:.3f}: {ex['reply'][:120]!r} on {ex['question'][:80]!r}")
    out.append(f"FAIL: {', '.join(report['gameable'])} above the threshold" if report["gameable"]
               else "PASS: no probe's gameability is above max_rate")
    return out
