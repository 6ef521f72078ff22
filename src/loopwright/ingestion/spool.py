"""Ingest's working set on disk (SQLite in a temp dir beside the store), so memory stays bounded.

Every transcript of the call's files, and every transcript kept from the store, is a row here
instead of an object in memory: the turn folding (ingestion/turns.py's rule: a record whose whole
conversation is a strict prefix of another's, keys compatible, folds into the longest), the
de-duplication by id (the store's transcripts first, then the files in order) and the sorted
output ((raw file, line), then arrival) are queries. The directory is removed when the call ends.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any, Iterator

from loopwright.ingestion.turns import _compatible, _prefix_digests
from loopwright.runs.reader import atomic_file, open_dir_confined

SCHEMA = """
CREATE TABLE paths (pid INTEGER PRIMARY KEY, path TEXT UNIQUE);
CREATE TABLE rows (seq INTEGER PRIMARY KEY, pid INT, line INT, ord INT, id TEXT, body TEXT, fresh INT,
                   gone INT DEFAULT 0);
CREATE INDEX rows_order ON rows (pid, line, ord, seq);
CREATE TABLE seen (id TEXT PRIMARY KEY, at TEXT) WITHOUT ROWID;
CREATE TABLE turns (seq INTEGER PRIMARY KEY, n INT, line INT, record TEXT, full BLOB, key TEXT);
CREATE TABLE prefixes (digest BLOB, seq INT);
CREATE INDEX prefixes_digest ON prefixes (digest);
CREATE TABLE absorbed (seq INTEGER PRIMARY KEY, into_seq INT);
CREATE TABLE merges (into_seq INT, line INT, record TEXT);
CREATE INDEX merges_into ON merges (into_seq);
"""


def canonical_line(row: dict) -> str:
    """The store's line for a transcript (runs/writer.py's JSONL form)."""
    return json.dumps(row, sort_keys=True, ensure_ascii=False) + "\n"


class Spool:
    def __init__(self, near: Path):
        near.mkdir(parents=True, exist_ok=True)
        # the dir held by a checked descriptor (an output dir swapped for a link after the server's check is
        # refused before anything is created in it); the spool's own dir made through it
        dfd = open_dir_confined(near)
        try:
            name = f".ingest-{os.urandom(6).hex()}"
            os.mkdir(name, 0o700, dir_fd=dfd)
            self.dir = Path(os.path.realpath(f"/proc/self/fd/{dfd}") if os.path.isdir("/proc/self/fd") else near) / name
        finally:
            os.close(dfd)
        self.db = sqlite3.connect(str(self.dir / "spool.db"), isolation_level=None)
        for pragma in ("journal_mode=OFF", "synchronous=OFF", "temp_store=FILE", "cache_size=-32000"):
            self.db.execute(f"PRAGMA {pragma}")
        self.db.executescript(SCHEMA)
        self.db.execute("BEGIN")
        self._pids: dict[str, int] = {}

    def close(self) -> None:
        self.db.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "Spool":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _pid(self, path: str) -> int:
        if path not in self._pids:
            self._pids[path] = self.db.execute("INSERT INTO paths (path) VALUES (?)", (path,)).lastrowid
        return self._pids[path]

    # ------------------------------------------------------------------ filling
    def add(self, t: dict, fresh: bool, ordinal: int = 0) -> int:
        """A transcript (``fresh``: of this call's files, ``ordinal``: its record's place in the file; else kept
        from the store); returns its row."""
        source = t["source"]
        return self.db.execute("INSERT INTO rows (pid, line, ord, id, body, fresh) VALUES (?, ?, ?, ?, ?, ?)",
                               (self._pid(source["path"]), source["line"], ordinal, t["id"], canonical_line(t),
                                int(fresh))).lastrowid

    def add_turn(self, seq: int, t: dict, key: dict[str, str]) -> None:
        """A request/response record of the file being read, a candidate for folding."""
        digests = [bytes.fromhex(d) for d in _prefix_digests(t["messages"])]
        self.db.execute("INSERT INTO turns VALUES (?, ?, ?, ?, ?, ?)",
                        (seq, len(t["messages"]), t["source"]["line"], json.dumps(t["source"]["record"]),
                         digests[-1] if digests else b"", json.dumps(key)))
        self.db.executemany("INSERT INTO prefixes VALUES (?, ?)", [(d, seq) for d in digests[:-1]])

    def fold(self, path: str) -> Iterator[dict]:
        """Fold the current file's turns (ingestion/turns.py's rule); yield its ``merged`` report entries in line
        order. The absorbed rows are gone from the output; their line and record go into the keeper's
        ``source.merged``."""
        db = self.db
        cursor = db.execute("SELECT seq, line, record, full, key FROM turns ORDER BY n DESC, line, seq")
        decided = db.cursor()
        for seq, line, record, full, key in cursor:
            mine = json.loads(key)
            best = None
            for j, n, j_line, j_key in decided.execute(
                    "SELECT t.seq, t.n, t.line, t.key FROM prefixes p JOIN turns t ON t.seq = p.seq "
                    "WHERE p.digest = ? AND p.seq NOT IN (SELECT seq FROM absorbed) ORDER BY p.seq",
                    (full,)).fetchall():
                if _compatible(mine, json.loads(j_key)) and (best is None or (-n, j_line) < best[1]):
                    best = (j, (-n, j_line))
            if best is not None:
                db.execute("INSERT INTO absorbed VALUES (?, ?)", (seq, best[0]))
                db.execute("INSERT INTO merges VALUES (?, ?, ?)", (best[0], line, record))
        for seq, into in db.execute("SELECT seq, into_seq FROM absorbed ORDER BY seq").fetchall():
            db.execute("UPDATE rows SET gone = 1 WHERE seq = ?", (seq,))
            (line,), (into_line,) = (db.execute("SELECT line FROM rows WHERE seq = ?", (s,)).fetchone()
                                     for s in (seq, into))
            yield {"at": f"{path}:{line}", "into": f"{path}:{into_line}"}
        db.execute("DELETE FROM turns")
        db.execute("DELETE FROM prefixes")
        db.execute("DELETE FROM absorbed")

    # ------------------------------------------------------------------ de-duplication
    def keep_store_ids(self) -> None:
        """The store's kept transcripts claim their ids first (the last of a repeated id, as a dict would)."""
        self.db.execute("INSERT OR REPLACE INTO seen SELECT r.id, p.path || ':' || r.line FROM rows r "
                        "JOIN paths p ON p.pid = r.pid WHERE r.fresh = 0 ORDER BY r.seq")

    def dedupe(self, path: str) -> Iterator[dict]:
        """This file's transcripts whose id was seen before: gone from the output; yield the report entries."""
        pid = self._pids.get(path)
        rows = self.db.execute("SELECT seq, line, id FROM rows WHERE pid = ? AND fresh = 1 AND gone = 0 "
                               "ORDER BY ord, seq", (pid,)).fetchall() if pid is not None else []
        for seq, line, tid in rows:
            first = self.db.execute("SELECT at FROM seen WHERE id = ?", (tid,)).fetchone()
            if first is not None:
                self.db.execute("UPDATE rows SET gone = 2 WHERE seq = ?", (seq,))
                yield {"at": f"{path}:{line}", "same_as": first[0]}
            else:
                self.db.execute("INSERT INTO seen VALUES (?, ?)", (tid, f"{path}:{line}"))

    def count(self, path: str) -> int:
        pid = self._pids.get(path)
        return 0 if pid is None else self.db.execute(
            "SELECT COUNT(*) FROM rows WHERE pid = ? AND gone = 0", (pid,)).fetchone()[0]

    # ------------------------------------------------------------------ output
    def lines(self) -> Iterator[str]:
        """The store's lines, sorted by (raw file, line), absorbed turns listed in their keeper."""
        for _, pid in sorted(self._pids.items()):
            out = self.db.cursor()
            for seq, body in out.execute("SELECT seq, body FROM rows WHERE pid = ? AND gone = 0 "
                                         "ORDER BY line, ord, seq", (pid,)):
                merged = self.db.execute("SELECT line, record FROM merges WHERE into_seq = ? ORDER BY line",
                                         (seq,)).fetchall()
                if merged:
                    row = json.loads(body)
                    row["source"]["merged"] = sorted(row["source"].get("merged", []) + [
                        {"line": line, "record": json.loads(record)} for line, record in merged],
                        key=lambda m: m["line"])
                    body = canonical_line(row)
                yield body

    def write(self, path: Path) -> tuple[str, int]:
        """The store written through a temp file and renamed into place; (its sha256, its line count)."""
        digest, count = hashlib.sha256(), 0
        with atomic_file(path) as handle:
            for line in self.lines():
                data = line.encode()
                digest.update(data)
                handle.write(data)
                count += 1
        return digest.hexdigest(), count
