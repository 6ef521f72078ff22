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
import errno
import hashlib
import json
import os
import re
import stat
import struct
import unicodedata
import urllib.parse
from pathlib import Path

import numpy as np
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
        # Thousands of needles, each looked for in every reply, took most of the corpus's time (a reply scanned once
        # per needle). Each needle is indexed by its first characters instead: a text's runs of that many
        # characters (one pass) name the few needles that may be in it, and only those are looked for.
        self.cores = [c for c in self.cores if len(c[2]) >= 7]
        self.exact = _Index([(f"{label} ({form})", n) for label, form, n, exact in self.needles if exact])
        self.folded = _Index([(f"{label} ({form})", n) for label, form, n, exact in self.needles if not exact])
        self.split = _Index([(f"{label} ({form})", core) for label, form, core in self.cores])
        self.raw_exact = _Index([(f"{label} (raw)", n) for label, form, n, exact in self.needles
                                 if exact and form == "raw"])
        self.raw_folded = _Index([(f"{label} (raw)", n) for label, form, n, exact in self.needles
                                  if not exact and form == "raw"])

    def scan(self, text: str, raw_only: bool = False) -> list[str]:
        if raw_only:  # what the sets looked for in files: the value itself
            return sorted(self.raw_exact.found(text) | self.raw_folded.found(text.lower()))
        found: set[str] = set()
        for variant in _variants(text):
            low = variant.lower()
            squashed = "".join(filter(str.isalnum, low))
            found |= self.exact.found(variant) | self.folded.found(low) | self.split.found(squashed)
        return sorted(found)


class _Index:
    """Needles (each with the name it is reported by) looked for in a text: ``found(text)`` is the set of names of
    those the text holds, the same as testing ``needle in text`` for each, in one pass over the text.

    Each needle is filed under a hash of its first ``k`` characters; a text's every run of ``k`` characters is hashed
    at once (numpy, a polynomial hash wrapping at 2**64), and only the needles filed under a hash the text has are
    looked for. A collision only adds a needle to look for, so nothing is missed and nothing is found that is not
    there. (Building the text's runs as a set of Python strings took a fifth of the corpus's time.)"""

    CHUNK = 1 << 20  # a text is hashed a chunk at a time (a 20 MB file: not 20M hashes at once)

    def __init__(self, needles: list[tuple[str, str]]):
        self.k = min([8] + [len(n) for _, n in needles if n]) if needles else 8
        self.by_hash: dict[int, list[tuple[str, str]]] = {}
        self.empty = {name for name, n in needles if not n}  # an empty needle is in every text
        for name, n in needles:
            if n:
                self.by_hash.setdefault(int(_run_hashes(n[:self.k], self.k)[0]), []).append((name, n))
        self.hashes = np.sort(np.fromiter(self.by_hash, dtype=np.uint64, count=len(self.by_hash)))

    def found(self, text: str) -> set[str]:
        k, hits = self.k, set()
        if not self.by_hash:
            return set(self.empty)
        for start in range(0, max(len(text) - k + 1, 0), self.CHUNK):
            runs = _run_hashes(text[start:start + self.CHUNK + k - 1], k)
            at = np.minimum(np.searchsorted(self.hashes, runs), len(self.hashes) - 1)
            hits.update(runs[self.hashes[at] == runs].tolist())
        return set(self.empty) | {name for h in hits for name, n in self.by_hash[h] if n in text}


_PRIME = np.uint64(1_000_003)


def _run_hashes(text: str, k: int) -> np.ndarray:
    """The hash of every run of ``k`` characters of ``text``, in order (one per start)."""
    try:
        codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32).astype(np.uint64)
    except UnicodeEncodeError:
        codes = np.fromiter(map(ord, text), dtype=np.uint64, count=len(text))
    n = len(codes) - k + 1
    if n <= 0:
        return np.zeros(0, dtype=np.uint64)
    hashes = codes[:n].copy()
    for j in range(1, k):
        hashes *= _PRIME
        hashes += codes[j:j + n]
    return hashes


def _tree_skip(world: World) -> set[str]:
    return {str(world.outputs), str(world.markers), str(world.tmp / "server.err")}


def _entry(path: str) -> tuple | None:
    """(mode, mtime, size, inode, link) of one entry, None when it is gone; a dir's mtime, size and inode are 0."""
    try:
        st = os.lstat(path)
        link = os.readlink(path) if stat.S_ISLNK(st.st_mode) else ""
    except (FileNotFoundError, NotADirectoryError):
        return None
    is_file, is_dir = stat.S_ISREG(st.st_mode), stat.S_ISDIR(st.st_mode)
    return (st.st_mode, st.st_mtime_ns if is_file else 0, st.st_size if is_file else 0, 0 if is_dir else st.st_ino,
            link)


def tree(world: World) -> dict[str, tuple]:
    """Every entry under the world's root but the outputs dir and markers: (mode, mtime, size, inode, link)."""
    seen: dict[str, tuple] = {}
    skip = _tree_skip(world)
    for dirpath, dirnames, filenames in os.walk(world.tmp):
        dirnames[:] = [d for d in dirnames if d != "__pycache__" and os.path.join(dirpath, d) not in skip]
        for n in filenames + dirnames:
            path = os.path.join(dirpath, n)
            if path not in skip and (entry := _entry(path)) is not None:
                seen[path] = entry
    return seen


class TreeWatch:
    """``tree(world)`` kept up to date by inotify: ``snapshot()`` equals a fresh walk, at the cost of the entries
    that changed. Walking the world (thousands of planted files) before and after every attack took a sixth of the
    corpus's time. Every dir is watched before it is listed (what appears after the watch is an event), and every
    regular file too: a write through another name of it (a hard link in the outputs dir) fires on the file, not on
    its dir. An overflowed queue means a new walk. What inotify cannot see (a write through a shared memory map) is
    left to ``drift()``, the snapshot against a walk, which the corpus checks after its last attack."""

    def __init__(self, world: World):
        self.world, self.skip = world, _tree_skip(world)
        self.watch = _DirWatch()
        self.entries: dict[str, tuple] = {}
        self._walk(str(world.tmp), root=True)

    def snapshot(self) -> dict[str, tuple]:
        changes = self.watch.changes()
        if any(kind == "overflow" for _, kind in changes):
            self.watch.close()
            self.watch, self.entries = _DirWatch(), {}
            self._walk(str(self.world.tmp), root=True)
        for path in dict.fromkeys(path for path, kind in changes if kind != "overflow"):  # each named entry once
            if not self._skipped(path):
                self._forget(path)
                self._walk(path)
        return dict(self.entries)

    def drift(self) -> list[str]:
        return tree_changes(tree(self.world), self.snapshot())

    def close(self) -> None:
        self.watch.close()

    def _skipped(self, path: str) -> bool:
        return path in self.skip or any(path.startswith(s + "/") for s in self.skip) or \
            "__pycache__" in path.split(os.sep)

    def _forget(self, path: str) -> None:
        old = self.entries.pop(path, None)
        if old is not None and stat.S_ISDIR(old[0]):  # a dir gone, moved or changed: everything under it too
            under = path + "/"
            for p in [p for p in self.entries if p.startswith(under)]:
                del self.entries[p]

    def _walk(self, top: str, root: bool = False) -> None:
        """``top`` recorded and watched (a dir: then listed, and each entry in it the same way)."""
        if not root:
            entry = _entry(top)
            if entry is None:
                return
            self.entries[top] = entry
            if stat.S_ISREG(entry[0]):
                self.watch.add_file(top)
            if not stat.S_ISDIR(entry[0]):
                return
        for child in _watched_entries(self.watch, top):
            if not self._skipped(child.path):
                self._walk(child.path)


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
        # Walking the roots (thousands of planted run files) after every attack took a third of the corpus's time:
        # the roots' dirs are watched instead (inotify), each is listed once after its watch is in place, and then
        # only the entries an event names are looked at again (a dir created or moved in: all of it).
        self.holding: dict[str, list[str]] = {}  # every regular file of the roots now, and its canaries
        self.watch = _DirWatch()
        self._rescan()

    def inside(self) -> set[str]:
        self.ignore = {hit.split(" (")[0] for hits in self.now().values() for hit in hits}
        return self.ignore

    def now(self) -> dict[str, list[str]]:
        changes = self.watch.changes()
        if any(kind == "overflow" for _, kind in changes):
            self._rescan()
        # each entry an event named is looked at once, as it is now (a dir flipped thousands of times in a race is
        # one look, not thousands of passes over what the roots hold)
        for path in dict.fromkeys(path for path, kind in changes if kind != "overflow"):
            under = path + "/"
            if any(p.startswith(under) for p in self.holding):
                self.holding = {p: h for p, h in self.holding.items() if not p.startswith(under)}
            if os.path.isdir(path) and not os.path.islink(path):
                self._walk(path)
            else:
                self._look(path)
        found = {}
        for p, seen in self.holding.items():
            hits = [h for h in seen if h.split(" (")[0] not in self.ignore]
            if hits:
                found[p] = hits
        return dict(sorted(found.items()))

    def _rescan(self) -> None:
        self.holding = {}
        for base in (self.world.project, self.world.outputs):
            self._walk(str(base))

    def _walk(self, top: str) -> None:
        """``top`` watched, then listed (what is created after the watch is an event), its files looked at."""
        for entry in _watched_entries(self.watch, top):
            if entry.is_dir(follow_symlinks=False):
                self._walk(entry.path)
            else:
                self._look(entry.path)

    def _look(self, p: str) -> None:
        self.holding.pop(p, None)
        try:
            st = os.lstat(p)
            if not stat.S_ISREG(st.st_mode) or st.st_nlink > 1 or st.st_size > 20_000_000:
                return
            key = (st.st_ino, st.st_size, st.st_mtime_ns)
            if self.seen.get(p, (None,))[0] != key:
                text = Path(p).read_text(errors="replace")
                self.seen[p] = (key, sorted(set(self.scanner.scan(text, raw_only=True)) | set(self.files.scan(text))))
        except OSError:
            return
        self.holding[p] = self.seen[p][1]


def _watched_entries(watch: _DirWatch, top: str) -> list[os.DirEntry]:
    """The entries of the dir ``top``, listed after its watch is in place (what is created after that is an event);
    none when it is gone or not a dir any more."""
    if not watch.add(top):
        return []
    try:
        return list(os.scandir(top))
    except OSError:
        return []


def _inotify() -> tuple[ctypes.CDLL, int]:
    """libc and a new non-blocking inotify descriptor (negative when the kernel refused one)."""
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    return libc, libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)


def _inotify_events(fd: int, size: int):
    """Every event queued on ``fd`` now, as (watch, mask, the entry's name as bytes), read ``size`` bytes at a time."""
    while True:
        try:
            buf = os.read(fd, size)
        except BlockingIOError:
            return
        i = 0
        while i < len(buf):
            wd, mask, _, length = struct.unpack_from("iIII", buf, i)
            yield wd, mask, buf[i + 16:i + 16 + length].rstrip(b"\0")
            i += 16 + length


class _DirWatch:
    """inotify on dirs (not following links): ``changes()`` names each entry created, written, changed, moved or
    removed in a watched dir since the last call, as (path, "dir in" | "dir out" | "entry"), or ("", "overflow")
    when the kernel's queue overflowed (then everything must be looked at again)."""

    MASK = 0x2 | 0x4 | 0x8 | 0x40 | 0x80 | 0x100 | 0x200  # modify attrib close_write moved_from/to create delete
    ONLY_DIR_NO_FOLLOW, NO_FOLLOW = 0x01000000 | 0x02000000, 0x02000000
    IGNORED, OVERFLOW, IS_DIR, IN = 0x8000, 0x4000, 0x40000000, 0x80 | 0x100

    def __init__(self) -> None:
        self.libc, self.fd = _inotify()
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        self.dirs: dict[int, str] = {}
        self.files: dict[int, set[str]] = {}  # a file's watch: each name it was watched by

    def add(self, path: str) -> bool:
        wd = self._add(path, self.MASK | self.ONLY_DIR_NO_FOLLOW)
        if wd >= 0:
            self.dirs[wd] = path
        return wd >= 0

    def add_file(self, path: str) -> None:
        """Writes to the file, through any of its names (modify, attrib, close_write), named as changes of ``path``."""
        wd = self._add(path, 0x2 | 0x4 | 0x8 | self.NO_FOLLOW)
        if wd >= 0:
            self.files.setdefault(wd, set()).add(path)

    def _add(self, path: str, mask: int) -> int:
        wd = self.libc.inotify_add_watch(self.fd, os.fsencode(path), mask)
        if wd < 0 and ctypes.get_errno() == errno.ENOSPC:  # out of watches: the detector would go blind, not quiet
            raise OSError(errno.ENOSPC, "inotify watches exhausted; raise fs.inotify.max_user_watches")
        return wd  # negative: gone, or not a dir any more

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def changes(self) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        for wd, mask, raw in _inotify_events(self.fd, 1 << 20):
            name = os.fsdecode(raw)
            if mask & self.OVERFLOW:
                out.append(("", "overflow"))
            elif mask & self.IGNORED:
                self.dirs.pop(wd, None)
                self.files.pop(wd, None)
            elif not name and wd in self.files:
                out += [(path, "entry") for path in sorted(self.files[wd])]
            elif name and wd in self.dirs:
                path = os.path.join(self.dirs[wd], name)
                out.append((path, "entry" if not mask & self.IS_DIR else "dir in" if mask & (self.IN | 0x4)
                            else "dir out" if mask & (0x40 | 0x200) else "entry"))
        return out


class Inotify:
    """Every file and dir outside the roots watched: an open, read or write there during a call is a finding."""

    MASK = {"open": 0x20, "read": 0x1, "modify": 0x2, "create": 0x100, "delete": 0x200, "moved": 0x80}

    def __init__(self, *tops: Path):
        self.libc, self.fd = _inotify()
        self.wds: dict[int, str] = {}
        for top in tops:
            for dirpath, dirnames, filenames in os.walk(top):
                for p in [dirpath] + [os.path.join(dirpath, n) for n in dirnames + filenames]:
                    if not os.path.islink(p):
                        self.wds[self.libc.inotify_add_watch(self.fd, os.fsencode(p), sum(self.MASK.values()))] = p
        self.events()  # the walk above opened the dirs

    def events(self) -> list[str]:
        out = []
        for wd, mask, raw in _inotify_events(self.fd, 1 << 16):
            what = "+".join(k for k, bit in self.MASK.items() if mask & bit)
            if what:
                out.append(f"{what} {os.path.join(self.wds.get(wd, '?'), raw.decode(errors='replace'))}")
        return sorted(set(out))


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
