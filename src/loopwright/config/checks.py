"""What several groups' ``problems(cfg)`` share: numeric keys that must be > 0, named by their full key; and
whether validation may reach outside this process (:func:`inert`).

``train.py`` validates with every check (the calibration gate calls the judge, the hub and a vLLM server
are probed, ``_target_`` modules are imported), since it is about to run the job anyway. The MCP server
validates what a client sent, and a client may be steered by hostile text: there validation runs
:func:`inert`, and each check that would call out or import a user module skips that part (the launched
run checks it again, in full).
"""

import contextlib
import contextvars
from typing import Any, Iterator

from omegaconf import OmegaConf

_INERT = contextvars.ContextVar("loopwright_inert_validation", default=False)


@contextlib.contextmanager
def inert() -> Iterator[None]:
    """Validation in this block makes no network call, runs no calibration gate and imports no user module."""
    token = _INERT.set(True)
    try:
        yield
    finally:
        _INERT.reset(token)


def is_inert() -> bool:
    return _INERT.get()


def trusted_target(path: Any) -> bool:
    """A ``_target_`` that names loopwright's own code (an experiment option's reward): importing it runs no
    user code, so inert validation may import it."""
    return str(path).startswith("loopwright.")


def positive(cfg: Any, *keys: str) -> list[str]:
    """One problem per key of ``cfg`` (full dotted keys) whose value is set and not > 0."""
    problems = []
    for key in keys:
        value = OmegaConf.select(cfg, key)
        if value is not None and value <= 0:
            problems.append(f"{key}={value} must be > 0")
    return problems
