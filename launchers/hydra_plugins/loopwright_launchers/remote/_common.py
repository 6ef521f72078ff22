"""Small pieces both cloud providers share."""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any, Iterator


class RemoteJobFailed(RuntimeError):
    """The job ran remotely and did not succeed (its log is in the local job dir)."""


def cfg_get(cfg: Any, key: str, default: Any = None) -> Any:
    """``cfg.key`` for a DictConfig, dict or object; ``default`` when missing or null."""
    value = cfg.get(key, default) if hasattr(cfg, "get") else getattr(cfg, key, default)
    return default if value is None and default is not None else value


@contextlib.contextmanager
def sigint_deferred() -> Iterator[None]:
    """Ignore Ctrl-C inside the block (a second Ctrl-C must not abort a teardown half-way)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
