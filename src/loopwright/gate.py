"""``python -m loopwright.gate CANDIDATE... --baseline BASELINE...|base [--confidence 0.95] [--min-delta 0.0]``

The ship gate. SHIP (exit 0) only when the candidate beats the baseline on the
held-out prompts (success: the paired bootstrap interval's lower bound above
``--min-delta`` and the exact sign test's p below 1 - confidence) and breaks nothing
the baseline passed: every assertion the baseline passed on a prompt must still pass,
and without ``--allow-flips`` every plain prompt the baseline solved must still be
solved, and no candidate run recorded reward hacking (eval.held_out_check: its training reward rose while a
signal it never saw fell). Otherwise DON'T SHIP (exit 5) with the table that decided it. Candidate and
baseline are run dirs, multirun dirs or eval_results.json files (several make a group);
``--baseline base`` is the candidate runs' own base model. Exit 2: unusable inputs.
:mod:`loopwright.evaluation.paired` has the statistics (docs/EVALUATION.md),
:mod:`loopwright.evaluation.compare` the sides and the options shared with loopwright.compare.
Imports no torch.

argparse, not Hydra (as loopwright.compare): the command takes paths and a few numbers and
composes no config group.
"""

from __future__ import annotations

import argparse
import json
import sys

from loopwright.evaluation.compare import common_args, gate_sides
from loopwright.evaluation.paired import CompareError, gate

DONT_SHIP_EXIT = 5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m loopwright.gate", description=__doc__.split("\n\n")[1])
    parser.add_argument("candidate", nargs="+", help="run dir(s), multirun dir(s) or eval_results.json file(s)")
    parser.add_argument("--baseline", nargs="+", required=True, help="run dir(s) etc., or base")
    parser.add_argument("--min-delta", type=float, default=0.0,
                        help="the success gain the interval's lower bound must exceed (default 0.0)")
    parser.add_argument("--allow-flips", action="store_true",
                        help="plain prompts the baseline solved and the candidate does not do not block "
                             "(assertion regressions always do)")
    common_args(parser)
    args = parser.parse_args(argv)
    try:
        candidate, baseline = gate_sides(args.candidate, args.baseline)
        result = gate(candidate, baseline, args.confidence, args.min_delta, args.allow_flips, args.resamples,
                      args.seed, args.intersect)
    except CompareError as err:
        print(f"loopwright.gate: {err}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2) if args.json else result["table"])
    return 0 if result["ship"] else DONT_SHIP_EXIT


if __name__ == "__main__":
    sys.exit(main())
