"""A log file's records, read as a stream: memory bounded whatever the file's size.

    JSONL                 line by line; a line that is not JSON (a writer killed mid-append), not
                          UTF-8, or over ``MAX_RECORD_BYTES`` is reported at its line and skipped
    a JSON array          element by element from a sliding buffer; lines counted as the walk goes
                          (linear); a syntax error stops the walk there, reported at its line
    one JSON object       a pretty-printed single export, read whole (files up to ``WHOLE_FILE_BYTES``)

Which of the three a file is, is decided as it always was for files up to
``WHOLE_FILE_BYTES``; a bigger file is a JSON array when it starts with ``[`` and
JSONL otherwise. Each item is ``(line, value, None)`` or ``(line, None, reason)``.
"""

from __future__ import annotations

import codecs
import json
from pathlib import Path
from typing import Any, BinaryIO, Iterator

from loopwright.runs.reader import open_regular

Item = tuple[int, Any, "str | None"]

# A record (a JSONL line, a JSON array element) over this many bytes is reported and skipped
MAX_RECORD_BYTES = 64 << 20
# Files up to this size are looked at whole to tell a pretty-printed object from JSONL
WHOLE_FILE_BYTES = 32 << 20
_CHUNK = 1 << 20
_SPACE = " \t\r\n"


def _one_json_value(line: str) -> bool:
    try:
        json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        return False
    return True


def _kind(path: Path) -> tuple[str, str | None]:
    """("array" | "object" | "jsonl", the whole text for "object")."""
    size = path.stat().st_size
    if size > WHOLE_FILE_BYTES:
        with open_regular(path) as handle:
            head = handle.read(4096).decode("utf-8-sig", "replace").lstrip()
        return ("array" if head.startswith("[") else "jsonl"), None
    with open_regular(path) as handle:
        first, after = handle.readline(MAX_RECORD_BYTES), handle.read(1 << 16)
    try:
        if after.strip() and _one_json_value(first.decode("utf-8-sig")):
            return "jsonl", None  # a whole value on the first line and more after it: what the rules below say
    except UnicodeDecodeError:
        return "jsonl", None
    try:
        with open_regular(path) as handle:
            text = handle.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        return "jsonl", None
    stripped = text.lstrip()
    first_line, _, rest = stripped.partition("\n")
    if stripped.startswith("[") and not (rest.strip() and _one_json_value(first_line)):
        # a JSON array; a first line that is a whole JSON value followed by more lines is JSONL
        # whose first record is an array (reported as a bad record, not read as the file's array)
        return "array", None
    if stripped.startswith("{") and "\n" in stripped.rstrip():
        try:  # one pretty-printed object (a single exported run)
            json.loads(text)
            return "object", text
        except (json.JSONDecodeError, RecursionError):
            pass  # JSONL: read line by line
    return "jsonl", None


def read_records(path: Path) -> Iterator[Item]:
    kind, text = _kind(path)
    if kind == "object":
        stripped = text.lstrip()
        yield text.count("\n", 0, len(text) - len(stripped)) + 1, json.loads(text), None
    elif kind == "array":
        with open_regular(path) as handle:
            yield from json_array(handle)
    else:
        with open_regular(path) as handle:
            yield from _jsonl(handle)


def read_jsonl_records(path: Path) -> Iterator[Item]:
    """``path`` read as JSONL whatever it looks like (the transcript store)."""
    with open_regular(path) as handle:
        yield from _jsonl(handle)


def _jsonl(handle: BinaryIO) -> Iterator[Item]:
    lineno = 0
    while True:
        line = handle.readline(MAX_RECORD_BYTES + 1)
        if not line:
            return
        lineno += 1
        if len(line) > MAX_RECORD_BYTES and not line.endswith(b"\n"):
            while (more := handle.readline(_CHUNK)) and not more.endswith(b"\n"):
                pass  # the rest of the over-long line, dropped
            yield lineno, None, f"a record over {MAX_RECORD_BYTES} bytes; skipped"
            continue
        try:
            decoded = line.rstrip(b"\n").decode("utf-8-sig" if lineno == 1 else "utf-8")
        except UnicodeDecodeError as err:
            yield lineno, None, f"not UTF-8 text ({err.reason} at byte {err.start + 1})"
            continue
        if not decoded.strip():
            continue
        try:
            yield lineno, json.loads(decoded), None
        except json.JSONDecodeError as err:
            yield lineno, None, f"invalid JSON ({err.msg}, column {err.colno})"
        except RecursionError:
            yield lineno, None, "JSON nested too deeply to read"


class _Buffer:
    """Decoded text from a binary stream, a sliding window over it, and the line of any offset in it."""

    def __init__(self, handle: BinaryIO):
        self.handle, self.text, self.eof = handle, "", False
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self.line, self.counted = 1, 0  # the line at offset `counted` of text

    def more(self, at_least: int = _CHUNK) -> None:
        data = self.handle.read(max(at_least, _CHUNK))
        self.eof = not data
        self.text += self.decoder.decode(data, final=self.eof)

    def line_at(self, offset: int) -> int:
        """Lines are counted forward only, from the last offset asked: linear over the file."""
        if offset >= self.counted:
            self.line += self.text.count("\n", self.counted, offset)
        else:
            self.line -= self.text.count("\n", offset, self.counted)
        self.counted = offset
        return self.line

    def drop_before(self, offset: int) -> int:
        """Forget text before ``offset`` once it is a chunk's worth (lines kept counted); return the new
        offset of that point. Dropping per element would copy the window each time: quadratic."""
        if offset < _CHUNK:
            return offset
        self.line_at(offset)
        self.text, self.counted = self.text[offset:], 0
        return 0

    def skip_space(self, pos: int) -> int:
        while True:
            while pos < len(self.text) and self.text[pos] in _SPACE:
                pos += 1
            if pos < len(self.text) or self.eof:
                return pos
            self.more()


def json_array(handle: BinaryIO) -> Iterator[Item]:
    """Elements of a top-level JSON array with their lines; a syntax error stops the walk there."""
    buf, decoder = _Buffer(handle), json.JSONDecoder()
    try:
        pos = buf.skip_space(0) + 1  # past the "["
        while True:
            pos = buf.skip_space(pos)
            if pos < len(buf.text) and buf.text[pos] == "]":
                return
            pos = buf.drop_before(pos)
            while True:
                try:
                    obj, end = decoder.raw_decode(buf.text, pos)
                    if end < len(buf.text) or buf.eof:
                        break  # a number at the very end of the window may go on in the next chunk
                except json.JSONDecodeError as err:
                    if buf.eof:
                        yield buf.line_at(err.pos), None, \
                            f"invalid JSON ({err.msg}); the rest of the array is unreadable"
                        return
                except RecursionError:
                    yield buf.line_at(pos), None, \
                        "JSON nested too deeply to read; the rest of the array is unreadable"
                    return
                if len(buf.text) > MAX_RECORD_BYTES:
                    yield buf.line_at(pos), None, \
                        f"an array element over {MAX_RECORD_BYTES} bytes; the rest of the array is unreadable"
                    return
                buf.more(len(buf.text))  # doubling: an element read in k chunks is parsed log(k) times
            yield buf.line_at(pos), obj, None
            pos = buf.skip_space(end)
            if pos < len(buf.text) and buf.text[pos] == ",":
                pos += 1
            elif pos >= len(buf.text) or buf.text[pos] != "]":
                yield buf.line_at(pos), None, "invalid JSON (expected ',' or ']' after an array element)"
                return
    except UnicodeDecodeError as err:
        yield buf.line_at(len(buf.text)), None, \
            f"not UTF-8 text ({err.reason}); the rest of the array is unreadable"
