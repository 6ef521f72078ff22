"""What ``python -m loopwright.compare`` and ``python -m loopwright.gate`` share: the sides, the statistics' options.

``sides(a, b)`` and ``gate_sides(candidate, baseline)`` load the two sides of a paired
comparison (run dirs, multirun dirs or eval_results.json files; ``base``: the other
side's own base model); ``common_args`` adds the statistics' command-line options
(confidence, resamples, seed, intersect, json) to either command's parser. The
statistics themselves are :mod:`loopwright.evaluation.paired`. Imports no torch.
"""

from __future__ import annotations

import argparse

from loopwright.evaluation.paired import CompareError, Side, base_of, load_side


def common_args(parser: argparse.ArgumentParser) -> None:
    """The statistics' options, shared by loopwright.compare and loopwright.gate."""
    parser.add_argument("--confidence", type=float, default=0.95, help="confidence of the interval (default 0.95)")
    parser.add_argument("--resamples", type=int, default=10_000, help="bootstrap resamples (default 10000)")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")
    parser.add_argument("--intersect", action="store_true",
                        help="compare on the prompts both sides evaluated (warns) instead of refusing")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def sides(a: str, b: str) -> tuple[Side, Side]:
    """loopwright.compare's A and B; ``base`` on one side is the other side's base model."""
    if a == "base" and b == "base":
        raise CompareError("'base' names the base model of the other side; give at least one run")
    if a == "base":
        b_side = load_side(b)
        return base_of(b_side), b_side
    a_side = load_side(a)
    return a_side, (base_of(a_side) if b == "base" else load_side(b))


def gate_sides(candidate: list[str], baseline: list[str]) -> tuple[Side, Side]:
    """loopwright.gate's candidate group and baseline group; ``--baseline base`` is the candidate's own base model."""
    side = load_side(candidate)
    if baseline == ["base"]:
        return side, base_of(side)
    if "base" in baseline:
        raise CompareError("--baseline base stands alone (the candidate's own base model)")
    return side, load_side(baseline)
