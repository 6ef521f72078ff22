"""``python -m loopwright.lineage outputs/runs/<date>/<time>``: where a trained run came from.

Prints the run's chain back to the raw log files (:mod:`loopwright.runs.lineage`
has the record and the tree): its parent model (an earlier run, followed
recursively), its data and, for curated data, the improve run, the transcripts, the
ingest report, every raw log and the runs its conversations were had with; the
held-out prompts; the result. Each file is marked ``[unchanged]``, ``[CHANGED since
recorded]`` (its sha256 differs from the one recorded) or ``[MISSING]``. Exit 0, or 2
when the directory holds no manifest.json (or a bad command line). Pure python, no torch.

argparse, not Hydra: the command takes one path and composes no config group.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from loopwright.runs.lineage import tree


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m loopwright.lineage",
                                     description="Print a run's chain back to the raw logs.",
                                     epilog="exit 0; 2: not a run directory (no manifest.json).")
    parser.add_argument("run_dir", type=Path, help="a run directory (outputs/runs/<date>/<time>)")
    args = parser.parse_args(argv)
    if not (args.run_dir / "manifest.json").is_file():
        print(f"loopwright.lineage: {args.run_dir} has no manifest.json (not a run directory)", file=sys.stderr)
        return 2
    try:
        lines = tree(args.run_dir)
    except ValueError as err:  # DamagedFile (this run's manifest, or one up its chain), or a lineage not ours
        print(f"loopwright.lineage: {err}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
