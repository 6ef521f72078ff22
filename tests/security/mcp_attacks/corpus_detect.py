"""The detectors of the MCP attack corpus (the union of the eight blind sets'), each with a self-check in
test_mcp_corpus.py: a canary in a reply (raw, case-folded, JSON/URL-escaped, hex, base64); bytes on the
catcher; new marker files (planted code or shims ran); files created or changed outside the outputs dir; outside
content or a secret copied into the roots; reads of outside files (atime); a call past its time limit or a server
that stops answering."""

from __future__ import annotations

import base64
import binascii
import json
import os
import urllib.parse
from pathlib import Path

from corpus_world import World


def _forms(value: str) -> dict[str, str]:
    raw = value.encode()
    forms = {"json": json.dumps(value)[1:-1], "url": urllib.parse.quote(value, safe=""),
             "hex": binascii.hexlify(raw).decode(), "HEX": binascii.hexlify(raw).decode().upper()}
    for shift in range(3):  # base64 of the value at any offset in a longer text: the stable middle part
        for name, enc in (("b64", base64.b64encode), ("b64url", base64.urlsafe_b64encode)):
            text = enc(b"\0" * shift + raw).decode().rstrip("=")
            start = 4 * ((shift + 2) // 3) if shift else 0
            forms[f"{name}+{shift}"] = text[start:len(text) - 4]
    forms["reversed"] = value[::-1]
    return {"raw": value, **{k: v for k, v in forms.items() if len(v) >= 12}}


class Scanner:
    """Finds any canary of ``world`` (its random core or whole value) in a text, in every form above."""

    def __init__(self, world: World):
        self.needles: list[tuple[str, str, str]] = []  # (label, form, needle)
        for label, core in world.cores.items():
            for value in {core, world.values[label]}:
                self.needles += [(label, form, needle) for form, needle in _forms(value).items()]

    def scan(self, text: str) -> list[str]:
        folded = text.casefold()
        found = {f"{label} ({form})" for label, form, needle in self.needles
                 if needle in text or (form == "raw" and needle.casefold() in folded)}
        return sorted(found)


def tree(world: World) -> dict[str, tuple]:
    """Every entry under the world's root but the outputs dir and markers: (kind, mtime, size)."""
    seen: dict[str, tuple] = {}
    skip = {str(world.outputs), str(world.markers), str(world.tmp / "server.err")}
    for dirpath, dirnames, filenames in os.walk(world.tmp):
        dirnames[:] = [d for d in dirnames if d != "__pycache__" and os.path.join(dirpath, d) not in skip]
        for n in filenames + dirnames:
            path = os.path.join(dirpath, n)
            if path in skip:
                continue
            try:
                st = os.lstat(path)
            except FileNotFoundError:
                continue
            is_file = os.path.isfile(path) and not os.path.islink(path)
            seen[path] = (st.st_mode >> 12, st.st_mtime_ns if is_file else 0, st.st_size if is_file else 0)
    return seen


def tree_changes(before: dict, after: dict) -> list[str]:
    out = [f"created outside the outputs dir: {p}" for p in sorted(set(after) - set(before))]
    out += [f"changed outside the outputs dir: {p}" for p in sorted(set(after) & set(before)) if after[p] != before[p]]
    return out + [f"removed outside the outputs dir: {p}" for p in sorted(set(before) - set(after))]


def copied(world: World, scanner: Scanner) -> dict[str, list[str]]:
    """Regular files of the roots that hold a canary (outside content or a secret copied in)."""
    found = {}
    for base in (world.project, world.outputs):
        for dirpath, dirnames, filenames in os.walk(base):
            for n in filenames:
                p = Path(dirpath, n)
                try:
                    st = os.lstat(p)
                    if not p.is_file() or p.is_symlink() or st.st_nlink > 1 or st.st_size > 20_000_000:
                        continue
                    hits = scanner.scan(p.read_text(errors="replace"))
                except OSError:
                    continue
                if hits:
                    found[str(p)] = hits
    return found


class ReadTrap:
    """Every regular file outside the roots gets an atime older than its mtime, so (relatime or strictatime) a
    read moves it."""

    def __init__(self, *dirs: Path):
        self.armed: dict[str, int] = {}
        for d in dirs:
            for dirpath, _, filenames in os.walk(d):
                for n in filenames:
                    p = os.path.join(dirpath, n)
                    if not os.path.islink(p) and os.path.isfile(p):
                        self._arm(p)

    def _arm(self, p: str) -> None:
        st = os.stat(p)
        os.utime(p, ns=(st.st_mtime_ns - 2 * 86400 * 10**9, st.st_mtime_ns))
        self.armed[p] = os.stat(p).st_atime_ns

    def reads(self) -> list[str]:
        read = [p for p, atime in self.armed.items() if os.path.exists(p) and os.stat(p).st_atime_ns != atime]
        for p in read:
            self._arm(p)
        return sorted(read)


def markers(world: World) -> set[str]:
    return {str(p) for p in world.markers.rglob("*")}
