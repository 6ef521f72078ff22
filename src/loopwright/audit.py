"""``python -m loopwright.audit reward=<name> [task=<name>]``: can the grader be gamed?

Scores degenerate and adversarial completions (reward_audit/probes.py: empty, repeated keywords,
the prompt echoed, maximal length, a fake tool call, a polite non-answer, a contradiction
of the row's ground truth) and generated attacks (reward_audit/attacks.py: templates in four
registers, prompt swaps, specifics stripped and swapped, the facts dumped, number stuffing)
on ``rows`` held-out rows of the task, and reports each probe's gameability (the share of its
replies at or above the curation threshold) with its worst examples: a reward that can be
gamed is found before a run learns to game it. Exit 0 when no probe's gameability is above
``max_rate``, 1 when one is, 2 for unusable arguments. ``output=<file>`` also writes the report
as JSON. Imports no torch.
The audit itself is :mod:`loopwright.reward_audit.audit`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from omegaconf import DictConfig

from loopwright.config.app_entry import hydra_app
from loopwright.reward_audit.audit import audit, audit_rows, lines


def threshold_of(cfg: DictConfig) -> float:
    from loopwright.curation.improve_checks import threshold_of as improve_threshold

    return improve_threshold(cfg)


def run(cfg: DictConfig) -> int:
    from loopwright import rewards, tasks

    found = rewards.problems(cfg.reward) + tasks.problems(cfg.task)
    if int(cfg.rows) < 1 or int(cfg.max_chars) < 1:
        found.append(f"rows={cfg.rows} and max_chars={cfg.max_chars} must be >= 1")
    if not 0.0 <= float(cfg.max_rate) < 1.0:
        found.append(f"max_rate={cfg.max_rate} must be in [0, 1)")
    if found:
        print("loopwright.audit: invalid config:\n" + "\n".join(f"  - {p}" for p in found), file=sys.stderr)
        return 2
    try:
        rows = audit_rows(cfg.task, int(cfg.rows))
        report = audit(cfg.reward, rows, threshold_of(cfg), int(cfg.max_chars), max_rate=float(cfg.max_rate))
    except (OSError, ValueError) as err:
        print(f"loopwright.audit: {err}", file=sys.stderr)
        return 2
    print("\n".join(lines(report)))
    if cfg.output:
        from loopwright.runs.writer import write_json_atomic

        write_json_atomic(Path(str(cfg.output)).expanduser(), report)
    return 1 if report["gameable"] else 0


main = hydra_app("audit", run)


if __name__ == "__main__":
    main()
