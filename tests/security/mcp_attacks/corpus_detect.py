"""The detectors of the MCP attack corpus (the union of the blind sets'), each with a self-check in
test_mcp_corpus.py: a canary in a reply (raw, case-folded, reversed, halves, JSON/URL-escaped, hex, rot13,
character codes, hashes, base64/32 at any offset, split by other characters; also in the reply with its \\u escapes
decoded and NFKC-folded, or URL-decoded); bytes on the catcher; new marker
files (planted code or shims ran); files created or changed outside the outputs dir; outside content or a secret
copied into the roots; opens and reads of outside files (inotify, and atime where the filesystem moves it); a call
past its time limit or a server that stops answering (corpus_runner)."""

from __future__ import annotations

import base64
import ctypes
import hashlib
import json
import os
import re
import stat
import struct
import unicodedata
import urllib.parse
from pathlib import Path

from corpus_world import World


_ROT13 = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                       "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm")


def _forms(value: str, core: bool = True) -> dict[str, str]:
    """The forms of a canary the sets looked for (base64/base32 forms are case-sensitive, the rest are not); parts
    and codes only of its random core (``core``), not of a whole value with a well-known prefix."""
    raw = value.encode()
    forms = {"json": json.dumps(value)[1:-1], "url": urllib.parse.quote(value, safe=""), "reversed": value[::-1],
             "hex": raw.hex()[:32], "sha256": hashlib.sha256(raw).hexdigest(), "md5": hashlib.md5(raw).hexdigest(),
             "sha1": hashlib.sha1(raw).hexdigest()}
    if core:
        forms.update({"half1": value[:len(value) // 2], "half2": value[len(value) // 2:],
                      "json_u": "".join(f"\\u{ord(c):04x}" for c in value[:10]), "rot13": value.translate(_ROT13),
                      "codes_comma": ",".join(str(ord(c)) for c in value[:8]),
                      "codes_space": " ".join(str(ord(c)) for c in value[:8]),
                      "codes_comma_space": ", ".join(str(ord(c)) for c in value[:8])})
    for j in range(3):  # base64/32 of the value at any offset in a longer text
        forms[f"b64@{j}"] = base64.b64encode(raw[j:]).decode()[:16]
        forms[f"b64url@{j}"] = base64.urlsafe_b64encode(raw[j:]).decode()[:16]
        forms[f"b32@{j}"] = base64.b32encode(b"\0" * j + raw).decode().rstrip("=")[4 + j * 2:-4]
    return {"raw": value, **{k: v for k, v in forms.items() if len(v) >= 8 and v != value}}


_UESC = re.compile(r"\\u([0-9a-fA-F]{4})")
_ANSI = re.compile(r"(\x1b|\\u001b)\[[0-9;]*[A-Za-z]")


def _variants(text: str) -> list[str]:
    """The text, then (where they differ) with ``\\uXXXX`` escapes decoded and NFKC-folded (fullwidth letters),
    URL-decoded twice (every byte percent-encoded), and without terminal colour codes."""
    out = [text]
    if "\\u" in text or not text.isascii():  # (escaped once more in a JSON reply: undoubled first)
        out.append(unicodedata.normalize("NFKC", _UESC.sub(lambda m: chr(int(m.group(1), 16)),
                                                           text.replace("\\\\", "\\"))))
    if "%" in text:
        out.append(urllib.parse.unquote(urllib.parse.unquote(text)))
    if "\x1b" in text or "\\u001b" in text:  # terminal colour codes cut out (blind7)
        out.append(_ANSI.sub("", text))
    return out


class Scanner:
    """Finds any canary of ``world`` (its random core or whole value) in a text and in its decoded variants, in
    every form above, and its core (reversed, or either half of a long one) split by other characters (the text
    squashed to its letters and digits). ``only``: the labels of these kinds alone."""

    def __init__(self, world: World, only: tuple[str, ...] = ()):
        self.needles: list[tuple[str, str, str, bool]] = []  # (label, form, needle, exact case)
        cores = {label: core for label, core in world.cores.items() if not only or label.startswith(only)}
        self.cores = []
        for label, core in cores.items():
            alnum = "".join(c for c in core if c.isalnum()).lower()
            self.cores += [(label, "split", alnum), (label, "reversed, split", alnum[::-1])]
            if len(alnum) >= 20:
                self.cores += [(label, "half, split", alnum[:len(alnum) // 2]),
                               (label, "half, split", alnum[len(alnum) // 2:])]
        for label, core in cores.items():
            for value in {core, world.values[label]}:
                for form, needle in _forms(value, core=value == core).items():
                    exact = form.startswith(("b64", "b32")) or len(needle) < 10  # a short secret: its case too
                    self.needles.append((label, form, needle if exact else needle.lower(), exact))

    def scan(self, text: str, raw_only: bool = False) -> list[str]:
        if raw_only:  # what the sets looked for in files: the value itself
            low = text.lower()
            return sorted({f"{label} (raw)" for label, form, needle, exact in self.needles
                           if form == "raw" and needle in (text if exact else low)})
        found: set[str] = set()
        for variant in _variants(text):
            low = variant.lower()
            squashed = "".join(c for c in low if c.isalnum())
            found |= {f"{label} ({form})" for label, form, needle, exact in self.needles
                      if needle in (variant if exact else low)}
            found |= {f"{label} ({form})" for label, form, core in self.cores if len(core) >= 7 and core in squashed}
        return sorted(found)


def tree(world: World) -> dict[str, tuple]:
    """Every entry under the world's root but the outputs dir and markers: (mode, mtime, size, inode, link)."""
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
            is_file, is_dir = stat.S_ISREG(st.st_mode), stat.S_ISDIR(st.st_mode)
            seen[path] = (st.st_mode, st.st_mtime_ns if is_file else 0, st.st_size if is_file else 0,
                          0 if is_dir else st.st_ino, os.readlink(path) if stat.S_ISLNK(st.st_mode) else "")
    return seen


def tree_changes(before: dict, after: dict) -> list[str]:
    out = [f"created outside the outputs dir: {p}" for p in sorted(set(after) - set(before))]
    out += [f"changed outside the outputs dir: {p}" for p in sorted(set(after) & set(before)) if after[p] != before[p]]
    return out + [f"removed outside the outputs dir: {p}" for p in sorted(set(before) - set(after))]


class Copies:
    """Regular files of the roots that hold a canary (outside content or a secret copied in); a file is read again
    only when its (inode, size, mtime) changed. A canary some set planted in a file inside the roots (logs to ingest,
    a run's records) is the user's own content there: copying it within the roots is no leak (each set's own
    detector looked only for canaries from outside the roots or from the environment), so ``inside()`` names
    those, and ``now()`` leaves them out."""

    def __init__(self, world: World, scanner: Scanner):
        self.world, self.scanner, self.seen, self.ignore = world, scanner, {}, set()
        self.files = Scanner(world, only=("file:", "file_canary"))  # outside files' canaries: in every form

    def inside(self) -> set[str]:
        self.ignore = {hit.split(" (")[0] for hits in self.now().values() for hit in hits}
        return self.ignore

    def now(self) -> dict[str, list[str]]:
        found = {}
        for base in (self.world.project, self.world.outputs):
            for dirpath, _, filenames in os.walk(base):
                for n in filenames:
                    p = os.path.join(dirpath, n)
                    try:
                        st = os.lstat(p)
                        if not stat.S_ISREG(st.st_mode) or st.st_nlink > 1 or st.st_size > 20_000_000:
                            continue
                        key = (st.st_ino, st.st_size, st.st_mtime_ns)
                        if self.seen.get(p, (None,))[0] != key:
                            text = Path(p).read_text(errors="replace")
                            self.seen[p] = (key, sorted(set(self.scanner.scan(text, raw_only=True))
                                                        | set(self.files.scan(text))))
                    except OSError:
                        continue
                    hits = [h for h in self.seen[p][1] if h.split(" (")[0] not in self.ignore]
                    if hits:
                        found[p] = hits
        return found


class Inotify:
    """Every file and dir outside the roots watched: an open, read or write there during a call is a finding."""

    MASK = {"open": 0x20, "read": 0x1, "modify": 0x2, "create": 0x100, "delete": 0x200, "moved": 0x80}

    def __init__(self, *tops: Path):
        self.libc = ctypes.CDLL("libc.so.6", use_errno=True)
        self.fd = self.libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        self.wds: dict[int, str] = {}
        for top in tops:
            for dirpath, dirnames, filenames in os.walk(top):
                for p in [dirpath] + [os.path.join(dirpath, n) for n in dirnames + filenames]:
                    if not os.path.islink(p):
                        self.wds[self.libc.inotify_add_watch(self.fd, os.fsencode(p), sum(self.MASK.values()))] = p
        self.events()  # the walk above opened the dirs

    def events(self) -> list[str]:
        out = []
        while True:
            try:
                buf = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                return sorted(set(out))
            i = 0
            while i < len(buf):
                wd, mask, _, length = struct.unpack_from("iIII", buf, i)
                name = buf[i + 16:i + 16 + length].rstrip(b"\0").decode(errors="replace")
                i += 16 + length
                what = "+".join(k for k, bit in self.MASK.items() if mask & bit)
                if what:
                    out.append(f"{what} {os.path.join(self.wds.get(wd, '?'), name)}")


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
    """Every marker file, with its mtime: a marker written again is a new one."""
    return {f"{p} (mtime {p.stat().st_mtime_ns})" for p in world.markers.rglob("*")}


def recorded(world: World, hashes: set[str]) -> set[str]:
    """The hashes among ``hashes`` that some file inside the roots already holds (planted records)."""
    found = set()
    for base in (world.project, world.outputs):
        for dirpath, _, filenames in os.walk(base):
            for n in filenames:
                p = os.path.join(dirpath, n)
                if os.path.isfile(p) and not os.path.islink(p) and os.path.getsize(p) < 2_000_000:
                    text = Path(p).read_text(errors="replace")
                    found |= {h for h in hashes if len(h) == 64 and h in text}
    return found | {h[:12] for h in found}


def outside_hashes(world: World, paths: list[str] | None = None) -> set[str]:
    """sha256 (whole, and its first 12 hex digits) of every regular file outside the roots (blind7): a reply that
    holds one means the server hashed a file outside the roots for the client."""
    out = set()
    for p in paths if paths is not None else [str(p) for d in (world.outside, world.home) for p in d.rglob("*")]:
        if os.path.isfile(p) and not os.path.islink(p) and os.path.getsize(p) < 10_000_000:
            h = hashlib.sha256(Path(p).read_bytes()).hexdigest()
            out |= {h, h[:12]}
    return out
