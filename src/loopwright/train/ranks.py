"""Which process of a multi-process job this is (torchrun / accelerate launch set RANK), and what rank 0 alone does.

Rank 0 alone writes ``manifest.json``, ``metrics.jsonl`` (callbacks.py) and runs the
held-out evaluation (``eval_results.json``); the other ranks train. Stdlib only.
"""

from __future__ import annotations

import os


def rank() -> int:
    return int(os.environ.get("RANK", "0"))


def world_size() -> int:
    return int(os.environ.get("WORLD_SIZE", "1"))


def is_rank_zero() -> bool:
    return rank() == 0


def tag() -> str:
    """``[rank R/W] `` in a multi-process job (console lines say which process wrote them), else empty."""
    return f"[rank {rank()}/{world_size()}] " if world_size() > 1 else ""
