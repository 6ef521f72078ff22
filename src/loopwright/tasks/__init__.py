"""Task registry: ``task.kind`` -> builder returning (train_rows, held_out_rows)."""

from __future__ import annotations

from typing import Any, Callable

from . import arithmetic

REGISTRY: dict[str, Callable[[Any], tuple[list[dict], list[dict]]]] = {
    "arithmetic": arithmetic.build,
}


def build(cfg: Any) -> tuple[list[dict], list[dict]]:
    return REGISTRY[cfg.kind](cfg)
