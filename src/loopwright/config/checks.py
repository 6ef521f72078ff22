"""The rule several groups' ``problems(cfg)`` share: numeric keys that must be > 0, named by their full key."""

from typing import Any

from omegaconf import OmegaConf


def positive(cfg: Any, *keys: str) -> list[str]:
    """One problem per key of ``cfg`` (full dotted keys) whose value is set and not > 0."""
    problems = []
    for key in keys:
        value = OmegaConf.select(cfg, key)
        if value is not None and value <= 0:
            problems.append(f"{key}={value} must be > 0")
    return problems
