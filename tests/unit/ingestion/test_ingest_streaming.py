"""ingestion/records.py: the streamed reading gives the lines the whole-text reading gave, in linear time."""

from __future__ import annotations

import io
import json
import random
import time

import pytest

from loopwright.ingestion import records


def _array(n: int, seed: int = 0) -> tuple[str, list[int]]:
    """A pretty-ish JSON array of n elements (objects, numbers, strings) and each element's line."""
    rng, parts, lines, line = random.Random(seed), ["[\n"], [], 2
    for i in range(n):
        value = rng.choice([{"i": i, "text": "a\nb" * rng.randint(0, 3)}, 10 ** rng.randint(0, 12), f"s{i}"])
        pretty = json.dumps(value, indent=rng.choice([None, 2]))
        parts.append(pretty + (",\n" if i < n - 1 else "\n"))
        lines.append(line)
        line += pretty.count("\n") + 1
    parts.append("]\n")
    return "".join(parts), lines


@pytest.mark.parametrize("chunk", [1, 7, 64, 1 << 20])
def test_array_elements_and_lines_are_the_same_in_any_chunking(monkeypatch, chunk):
    monkeypatch.setattr(records, "_CHUNK", chunk)
    text, lines = _array(200)
    got = list(records.json_array(io.BytesIO(text.encode())))
    assert [g[0] for g in got] == lines and all(reason is None for *_, reason in got)
    assert [g[1] for g in got] == json.loads(text)


@pytest.mark.parametrize("chunk", [3, 1 << 20])
def test_an_array_cut_short_is_reported_at_the_line_of_the_break(monkeypatch, chunk):
    monkeypatch.setattr(records, "_CHUNK", chunk)
    text, lines = _array(20)
    cut = text[: text.index('"s', len(text) // 2) + 2]
    got = list(records.json_array(io.BytesIO(cut.encode())))
    assert got[-1][2].startswith("invalid JSON") and got[-1][0] == cut.count("\n") + 1
    assert [g[0] for g in got[:-1]] == lines[: len(got) - 1]


def test_line_lookup_in_a_big_array_is_linear():
    def seconds(n: int) -> float:
        data = _array(n, seed=1)[0].encode()
        t0 = time.perf_counter()
        assert sum(1 for _ in records.json_array(io.BytesIO(data))) == n
        return time.perf_counter() - t0

    small, big = seconds(5_000), seconds(40_000)
    assert big < 8 * small * 3, (small, big)  # 8x the elements; quadratic lookup would be ~64x


def test_an_over_long_jsonl_line_is_reported_and_skipped(tmp_path, monkeypatch):
    monkeypatch.setattr(records, "MAX_RECORD_BYTES", 100)
    path = tmp_path / "log.jsonl"
    path.write_text('{"a": 1}\n{"b": "' + "x" * 500 + '"}\n{"c": 3}\n')
    got = list(records.read_records(path))
    assert [(line, value) for line, value, reason in got if reason is None] == [(1, {"a": 1}), (3, {"c": 3})]
    assert got[1][0] == 2 and "over 100 bytes" in got[1][2]
