"""Reward registry: ``reward.kind`` -> a TRL reward function (one float per completion)."""

from __future__ import annotations

from typing import Any, Callable

from .arithmetic import arithmetic_reward

REGISTRY: dict[str, Callable[..., list[float]]] = {
    "arithmetic": arithmetic_reward,
}


def build(cfg: Any) -> Callable[..., list[float]]:
    return REGISTRY[cfg.kind]
