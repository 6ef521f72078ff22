"""A command on a real pseudo-terminal (os.openpty): read what it shows, type single keys (no Enter).

Used for the label command (tests/unit/curation/test_label.py, tests/integration/test_label_calibrate_improve.py):
its keys reach it one by one only because it puts the terminal in cbreak mode, as a user at a terminal sees it.
"""

from __future__ import annotations

import os
import select
import subprocess
import time
from pathlib import Path

from helpers import ROOT


class Terminal:
    """A command on a pty: read what it shows, type single keys."""

    def __init__(self, args: list[str], cwd: Path):
        self.master, slave = os.openpty()
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "TERM": "xterm"}
        self.proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env,
                                     close_fds=True)
        os.close(slave)
        self.shown = ""

    def wait_for(self, text: str, timeout: float = 30) -> str:
        end = time.time() + timeout
        while text not in self.shown:
            ready, _, _ = select.select([self.master], [], [], max(0.0, end - time.time()))
            if not ready:
                raise AssertionError(f"{text!r} never shown; the screen so far:\n{self.shown[-3000:]}")
            try:
                chunk = os.read(self.master, 65536).decode(errors="replace")
            except OSError:  # the command exited
                chunk = ""
            if not chunk:
                if text not in self.shown:
                    raise AssertionError(f"{text!r} never shown before exit:\n{self.shown[-3000:]}")
                break
            self.shown += chunk
        return self.shown

    def key(self, ch: str, then: str, *, screen_end: str = "") -> None:
        """Type one key (no Enter) and wait for ``then`` and then ``screen_end`` to appear after it.

        A screen reaches the pty in more than one chunk; a test that reads the reply shown must wait
        for the screen's last line too, or it may read a screen drawn only down to its marker.
        """
        start = len(self.shown)
        os.write(self.master, ch.encode())
        end = time.time() + 30
        while not self._shown_after(start, then, screen_end):
            ready, _, _ = select.select([self.master], [], [], max(0.0, end - time.time()))
            if not ready:
                raise AssertionError(f"after {ch!r}, {then!r} never shown:\n{self.shown[-3000:]}")
            try:
                chunk = os.read(self.master, 65536).decode(errors="replace")
            except OSError:
                chunk = ""
            if not chunk:
                raise AssertionError(f"after {ch!r} the command exited:\n{self.shown[-3000:]}")
            self.shown += chunk

    def _shown_after(self, start: int, then: str, screen_end: str) -> bool:
        at = self.shown.find(then, start)
        return at >= 0 and screen_end in self.shown[at + len(then):]

    def finish(self) -> int:
        try:
            while True:
                ready, _, _ = select.select([self.master], [], [], 5)
                if not ready:
                    break
                chunk = os.read(self.master, 65536).decode(errors="replace")
                if not chunk:
                    break
                self.shown += chunk
        except OSError:
            pass
        code = self.proc.wait(timeout=30)
        os.close(self.master)
        return code
