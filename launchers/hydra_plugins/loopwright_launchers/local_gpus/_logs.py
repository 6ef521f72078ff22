"""Per-job log files of the local_gpus launcher: their last lines, and echoing them live."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import IO, List, Tuple

STDOUT_LOG = "stdout.log"
STDERR_LOG = "stderr.log"


def tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


class LogEcho:
    """Copies what a job appends to its log files onto this console while it runs.

    The job writes to files, never to a pipe held by the launcher, so a job never
    blocks on (or dies from) a console that stopped reading.
    """

    def __init__(self, job_dir: Path, interval_s: float = 0.2) -> None:
        self._streams: List[Tuple[Path, IO[str], int]] = []
        for name, console in ((STDOUT_LOG, sys.stdout), (STDERR_LOG, sys.stderr)):
            path = job_dir / name
            self._streams.append((path, console, path.stat().st_size if path.exists() else 0))
        self._interval_s = interval_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"echo-{job_dir.name}", daemon=True)

    def __enter__(self) -> "LogEcho":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _copy_new(self) -> None:
        for i, (path, console, offset) in enumerate(self._streams):
            try:
                with open(path, "rb") as f:
                    f.seek(offset)
                    data = f.read()
            except OSError:
                continue
            if data:
                console.write(data.decode(errors="replace"))
                console.flush()
                self._streams[i] = (path, console, offset + len(data))

    def _run(self) -> None:
        while not self._stop.wait(self._interval_s):
            self._copy_new()
        self._copy_new()  # what the job wrote last
