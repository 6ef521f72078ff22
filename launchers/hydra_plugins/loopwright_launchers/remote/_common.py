"""Small pieces both cloud providers share."""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any, Iterator

_STOPS = (signal.SIGTERM, signal.SIGHUP)


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


class Signalled(KeyboardInterrupt):
    """SIGTERM or SIGHUP reached the launcher: handled exactly as Ctrl-C (the same teardown runs)."""

    def __init__(self, signum: int):
        super().__init__(f"{signal.Signals(signum).name} received")
        self.signum = signum


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def stops_interrupt() -> Iterator[None]:
    """Inside the block SIGTERM and SIGHUP raise :class:`Signalled` (a KeyboardInterrupt), so the
    ``finally`` that tears a job down runs for them as for Ctrl-C. dispatch.py sends SIGTERM to the
    launcher when train.py dies; a closed terminal sends SIGHUP."""
    if not _main_thread():
        yield
        return

    def stop(signum, frame):
        raise Signalled(signum)

    previous = {s: signal.signal(s, stop) for s in _STOPS}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


class signals_deferred:  # noqa: N801  (a context manager, used as `with signals_deferred():`)
    """Hold Ctrl-C, SIGTERM and SIGHUP inside the block (a teardown must not stop half-way); one that came
    in is raised when the block ends (KeyboardInterrupt / :class:`Signalled`), unless it ends by an exception."""

    def __enter__(self) -> "signals_deferred":
        self.pending: list[int] = []
        self.previous = {}
        if _main_thread():
            for s in (signal.SIGINT, *_STOPS):
                self.previous[s] = signal.signal(s, lambda signum, frame: self.pending.append(signum))
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        for s, handler in self.previous.items():
            signal.signal(s, handler)
        if self.pending and exc_type is None:
            first = self.pending[0]
            raise KeyboardInterrupt() if first == signal.SIGINT else Signalled(first)
