"""The grader learning from 30 labels (issue 44 item 3): fit on a random 30, measure on the rest, 50 draws.

    python bench/calibration_fit.py tests/data/blind_shop9/replies.jsonl          # one shop's labelled replies
    python bench/calibration_fit.py FILE --labels 30 --draws 50 --seed 0

For each draw: 30 labelled replies (the label command's sample) fit reward=customer_support's named checks
(rewards/_fitting.py, the shipped grader as prior); the fitted grader keeps a reply at p >= 0.5; its precision
and recall are measured on the replies it was not fitted on, with their labels. The prediction-powered
interval for its precision is computed from the 30 labels and the rest *without* their labels, as a user would
have it, and checked against the measured precision (coverage: the share of draws whose interval holds it).
The shipped grader (score >= 0.7) on the same rest is printed beside it: both in one invocation.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from loopwright.rewards import _fitting  # noqa: E402
from loopwright.rewards._fitting import wilson  # noqa: E402
from loopwright.rewards import customer_support as cs  # noqa: E402


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def graded(rows: list[dict]) -> tuple[list[float], list[dict], np.ndarray]:
    scores, parts = [], []
    for r in rows:
        facts = json.dumps(r["facts"]) if r.get("facts") else None
        out = cs.components(r["reply"], facts, r["prompt"])
        scores.append(out.pop("score"))
        parts.append(out)
    return scores, parts, np.asarray([r["label"] for r in rows], dtype=float)


def _figures(kept: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    tp = float(np.sum(kept & (y == 1)))
    return (tp / kept.sum() if kept.any() else float("nan")), tp / y.sum()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", type=Path)
    ap.add_argument("--labels", type=int, default=30)
    ap.add_argument("--draws", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rows = _rows(args.file)
    scores, parts, y = graded(rows)
    threshold = cs.DEFAULT_THRESHOLD
    rng = np.random.default_rng(args.seed)
    fitted, shipped, covered, widths, w_covered, w_widths = [], [], 0, [], 0, []
    for _ in range(args.draws):
        idx = rng.permutation(len(rows))
        lab, rest = idx[:args.labels], idx[args.labels:]
        if len(set(y[lab])) < 2:
            continue
        names = _fitting.feature_names([parts[i] for i in lab])  # the checks that vary among the labelled replies
        x = _fitting.matrix(scores, parts, names)
        w, b = _fitting.fit(x[lab], y[lab], threshold)
        p_rest = _fitting.predict(x[rest], w, b)
        precision, recall = _figures(p_rest >= 0.5, y[rest])
        fitted.append((precision, recall))
        shipped.append(_figures(x[rest, 0] >= threshold, y[rest]))
        oof = _fitting.out_of_fold(x[lab], y[lab], threshold)
        interval = _fitting.precision_interval(oof, y[lab], p_rest)
        if interval is not None and precision == precision:
            covered += interval[0] <= precision <= interval[1]
            widths.append(interval[1] - interval[0])
        kept = oof >= 0.5
        if kept.any() and precision == precision:  # what calibrate() records: Wilson over the kept labels
            low, high = wilson(float(y[lab][kept].mean()), int(kept.sum()))
            w_covered += low <= precision <= high
            w_widths.append(high - low)

    def mean(values: list[float]) -> float:
        values = [v for v in values if v == v]
        return statistics.fmean(values) if values else float("nan")

    n = len(fitted)
    print(f"{args.file}: {len(rows)} replies, {int(y.sum())} labelled keep; {n} draws of {args.labels} labels")
    print(f"features (last draw): score, {', '.join(names)}")
    print("| grader | mean precision on the rest | mean recall on the rest |")
    print("|---|---|---|")
    print(f"| shipped (score >= {threshold}) | {mean([p for p, _ in shipped]):.3f} | "
          f"{mean([r for _, r in shipped]):.3f} |")
    print(f"| fitted on {args.labels} labels (p >= 0.5) | {mean([p for p, _ in fitted]):.3f} | "
          f"{mean([r for _, r in fitted]):.3f} |")
    print(f"precision interval recorded (Wilson over the out-of-fold kept labels, 95%): holds the measured "
          f"precision in {w_covered} of {len(w_widths)} draws ({w_covered / max(1, len(w_widths)):.2f}); "
          f"mean width {mean(w_widths):.3f}")
    print(f"prediction-powered interval (95%, the rest unlabelled): holds it in {covered} of {len(widths)} draws "
          f"({covered / max(1, len(widths)):.2f}); mean width {mean(widths):.3f}")


if __name__ == "__main__":
    main()
