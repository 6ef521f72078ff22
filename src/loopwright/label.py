"""``python -m loopwright.label transcripts/ --out labels.jsonl``: label sampled replies of your logs in a terminal.

Shows one sampled conversation at a time and reads single keys: k keep, d drop, s skip, u undo,
q quit. Every key is saved at once; the same command resumes at the next unlabelled reply.
``--out`` is the calibration file ``reward.calibration`` reads, so the path is: ingest -> label
about 30 -> ``improve ... reward.calibration=labels.jsonl`` (the grader's agreement with you, with
its 95% interval, gates the curation). The sampling, the progress file and the screens are
:mod:`loopwright.curation.labelling`. Exit 0 (done, or quit with the progress saved), 2 for an
unusable input. argparse, not Hydra: it takes paths and flags and composes no config group.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import Iterator

from loopwright.curation.labelling import LabelInputError, Progress, read_items, sample, session, summary


def _piped_keys() -> Iterator[str]:
    """From a pipe: its characters one by one (blanks ignored)."""
    while True:
        ch = sys.stdin.read(1)
        if not ch:
            return
        if not ch.isspace():
            yield ch


@contextlib.contextmanager
def _keys() -> Iterator[Iterator[str]]:
    """Single keys from the terminal, unbuffered: cbreak mode is set before the first screen is shown (a key
    typed at once is never caught in line mode) and restored on the way out."""
    if not sys.stdin.isatty():
        yield _piped_keys()
        return
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)

    def read() -> Iterator[str]:
        while True:
            ch = os.read(fd, 1).decode(errors="replace")
            if not ch or ch in ("\x03", "\x04"):  # Ctrl-C, Ctrl-D: quit
                return
            yield ch

    try:
        yield read()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _clear() -> None:
    if sys.stdout.isatty():
        sys.stdout.write("\x1b[2J\x1b[H")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m loopwright.label", description="Label sampled replies of your logs: the calibration set.",
        epilog="keys: k keep, d drop, s skip, u undo, q quit (resume with the same command). exit 0; 2: bad input.")
    parser.add_argument("input", help="an ingest output dir, a transcripts .jsonl, or a JSONL of conversations "
                                      "('messages') or of prompt/reply rows")
    parser.add_argument("--out", type=Path, default=Path("labels.jsonl"),
                        help="the calibration JSONL to write (reward.calibration=...); default labels.jsonl")
    parser.add_argument("--sample", type=int, default=30, help="how many replies to sample (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="the sampling seed (keep it to resume)")
    args = parser.parse_args(argv)
    if args.sample < 1:
        print("loopwright.label: --sample must be at least 1", file=sys.stderr)
        return 2
    try:
        items = sample(read_items(args.input), args.sample, args.seed)
        progress = Progress(args.out.expanduser().resolve())
    except LabelInputError as err:
        print(f"loopwright.label: {err}", file=sys.stderr)
        return 2
    with _keys() as keys:
        outcome = session(items, progress, keys, sys.stdout, _clear)
    print(summary(progress, len(items)))
    if outcome == "quit":
        print("quit: progress saved; run the same command to resume")
    else:
        print(f"next: python -m loopwright.improve transcripts={args.input} output=improved "
              f"reward.calibration={progress.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
