"""``python -m loopwright.compare A B [--json] [--confidence 0.95] [--resamples 10000] [--seed 0] [--intersect]``

Compares the trained policies of A and B on the same held-out prompts: per-prompt
paired differences (success 0/1 and reward), a paired bootstrap interval over prompts,
an exact sign test on the prompts that differ, and a verdict ("B better", "A better",
"no detectable difference") at the chosen confidence. A and B are run dirs, multirun
dirs (groups of runs: each prompt is averaged over a group's runs first) or
eval_results.json files; ``base`` as one side is the other side's base model
(``compare base A``: A's base against A's trained policy). The statistics are in
:mod:`loopwright.evaluation.paired` (docs/EVALUATION.md). Exit 0; 2 for unusable inputs.
Imports no torch.
"""

from __future__ import annotations

import argparse
import json
import sys

from loopwright.evaluation.paired import CompareError, base_of, compare, format_comparison, load_side


def common_args(parser: argparse.ArgumentParser) -> None:
    """The statistics' options, shared with loopwright.gate."""
    parser.add_argument("--confidence", type=float, default=0.95, help="confidence of the interval (default 0.95)")
    parser.add_argument("--resamples", type=int, default=10_000, help="bootstrap resamples (default 10000)")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")
    parser.add_argument("--intersect", action="store_true",
                        help="compare on the prompts both sides evaluated (warns) instead of refusing")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def sides(a: str, b: str):
    if a == "base" and b == "base":
        raise CompareError("'base' names the base model of the other side; give at least one run")
    if a == "base":
        b_side = load_side(b)
        return base_of(b_side), b_side
    a_side = load_side(a)
    return a_side, (base_of(a_side) if b == "base" else load_side(b))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m loopwright.compare", description=__doc__.split("\n\n")[1])
    parser.add_argument("a", help="run dir, multirun dir, eval_results.json, or base")
    parser.add_argument("b", help="run dir, multirun dir, eval_results.json, or base")
    common_args(parser)
    args = parser.parse_args(argv)
    try:
        result = compare(*sides(args.a, args.b), args.confidence, args.resamples, args.seed, args.intersect)
    except CompareError as err:
        print(f"loopwright.compare: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(format_comparison(result))
        print(f"\nverdict: {result['verdict']} (success, {args.confidence:.0%}: the interval must exclude 0 "
              f"and the sign test's p be below {1 - args.confidence:.3g})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
