"""Where the MCP tools may read and write: the project dir and the outputs dir, nothing else.

A path argument is resolved (``~`` expanded, relative to the project dir, ``..`` and
symlinks followed) before it is checked, so ``outputs/../../etc`` and a symlink that
points out of the project are refused exactly like ``/etc``.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path


class Refused(ValueError):
    """The call is not allowed (a path outside the roots, launch not enabled, no max_cost); nothing was done."""


def not_plain_file(path: str | Path) -> str | None:
    """Why a reader must not open ``path`` although it lies inside the roots, else None (also for a missing path or
    a dir): a hard link is the outside file itself under an inside name (no path check can tell where its other
    names are; loopwright writes its files whole, never as links), and a FIFO, socket or device blocks or never ends."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    if stat.S_ISDIR(st.st_mode):
        return None
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file (a FIFO, socket or device)"
    return "a hard link (the same file has another name, which may lie outside the roots)" if st.st_nlink > 1 else None


_ESCAPED_BYTE = re.compile(r"\\udc([89a-fA-F][0-9a-fA-F])")


def _undecodable_bytes(path: str) -> str:
    """``path`` with its ``\\udcXX`` escapes turned back into the bytes they stand for. A file name that is not
    UTF-8 goes out in replies written so (JSON cannot carry the raw bytes), and a client that sends it back
    means that file."""
    return _ESCAPED_BYTE.sub(lambda m: chr(0xDC00 + int(m[1], 16)), path) if "\\udc" in path else path


@dataclass(frozen=True)
class Roots:
    project: Path
    outputs: Path
    allow_launch: bool = False
    allow_code_execution: bool = False  # only with allow_launch (the command refuses it alone)

    @classmethod
    def make(cls, project: str | Path, outputs: str | Path | None, allow_launch: bool = False,
             allow_code_execution: bool = False) -> "Roots":
        project = Path(project).expanduser().resolve()
        out = Path(outputs).expanduser() if outputs else project / "outputs"
        out = (out if out.is_absolute() else project / out).resolve()
        return cls(project, out, allow_launch, allow_launch and allow_code_execution)

    def _resolve(self, path: str | Path) -> Path:
        p = Path(_undecodable_bytes(str(path))).expanduser()
        # realpath, not Path.resolve(): resolve raises RuntimeError on a symlink loop (blind set 7 planted
        # metrics.jsonl -> train.log -> metrics.jsonl and every later list_runs failed); realpath stops there and
        # the open of the loop fails as any unreadable file does
        return Path(os.path.realpath(p if p.is_absolute() else self.project / p))

    def inside(self, path: str | Path) -> bool:
        """Whether ``path``, resolved (links followed), lies inside the project dir or the outputs dir."""
        resolved = self._resolve(path)
        return any(resolved.is_relative_to(root) for root in (self.project, self.outputs))

    def may_open(self, path: str | Path) -> bool:
        """Whether a reader may open ``path``: inside the roots and not a hard link, FIFO, socket or device."""
        return self.inside(path) and not_plain_file(path) is None

    def readable(self, path: str | Path, what: str = "path") -> Path:
        """``path`` resolved; refused unless it lies inside the project dir or the outputs dir."""
        resolved = self._resolve(path)
        if not self.inside(resolved):
            raise Refused(f"{what}={path!s} resolves to {resolved}, outside the project dir ({self.project}) "
                          f"and the outputs dir ({self.outputs}); this server reads and writes only inside them")
        return resolved

    def writable(self, path: str | Path, what: str = "output") -> Path:
        """``path`` resolved; refused unless it lies inside the outputs dir (tools never write into the code)."""
        resolved = self._resolve(path)
        if not resolved.is_relative_to(self.outputs):
            raise Refused(f"{what}={path!s} resolves to {resolved}, outside the outputs dir ({self.outputs}); "
                          f"tools of this server write only there")
        return resolved
