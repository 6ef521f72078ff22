"""``python -m loopwright.compare A B [--json] [--confidence 0.95] [--resamples 10000] [--seed 0] [--intersect]``

Compares the trained policies of A and B on the same held-out prompts: per-prompt
paired differences (success 0/1 and reward), a paired bootstrap interval over prompts,
an exact sign test on the prompts that differ, and a verdict ("B better", "A better",
"no detectable difference") at the chosen confidence. A and B are run dirs, multirun
dirs (groups of runs: each prompt is averaged over a group's runs first) or
eval_results.json files; ``base`` as one side is the other side's base model
(``compare base A``: A's base against A's trained policy). The statistics are in
:mod:`loopwright.evaluation.paired` (docs/EVALUATION.md), the sides and the shared options
in :mod:`loopwright.evaluation.compare`. Exit 0; 2 for unusable inputs. Imports no torch.

argparse, not Hydra (as loopwright.gate): the command takes paths and a few numbers and
composes no config group.
"""

from __future__ import annotations

import argparse
import json
import sys

from loopwright.evaluation.compare import common_args, sides
from loopwright.evaluation.paired import CompareError, compare, format_comparison


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
