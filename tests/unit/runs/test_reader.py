"""The run reader: one DamagedFile naming file and line; a torn last line dropped only when allowed."""

from __future__ import annotations

import json
import logging
import os

import pytest

from loopwright.runs import writer
from loopwright.runs.reader import (DamagedFile, jsonl_lines, read_eval_results, read_json, read_jsonl,
                                    read_manifest, read_metrics)


def _lines(path, *texts: str, end: str = "\n") -> None:
    path.write_text("\n".join(texts) + end, encoding="utf-8")


def test_rows_come_back_as_written_blank_lines_skipped(tmp_path):
    path = tmp_path / "d.jsonl"
    rows = [{"a": 1, "text": "line\u2028separator\u0085inside"}, {"b": [1, 2]}]
    writer.write_jsonl(path, rows)
    path.write_text(path.read_text(encoding="utf-8") + "\n  \n", encoding="utf-8")
    assert read_jsonl(path) == rows  # split on "\n" only, not at U+2028 / U+0085 inside a string


def test_a_damaged_middle_line_names_the_file_and_its_line(tmp_path):
    path = tmp_path / "metrics.jsonl"
    _lines(path, '{"step": 1}', "", '{"step": 2', '{"step": 3}')
    for tolerant in (False, True):
        with pytest.raises(DamagedFile) as err:
            read_jsonl(path, tolerate_torn_tail=tolerant)
        assert str(err.value).startswith(f"{path}:3: invalid JSON (")
        assert (err.value.path, err.value.line) == (path, 3)
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize("text,problem", [
    ("[1, 2]", "expected a JSON object, got list"),
    (b'{"a": "\xff"}', "not UTF-8 text"),
    ("[" * 100_000, "JSON nested too deeply"),
])
def test_what_is_wrong_with_a_line_is_said(tmp_path, text, problem):
    path = tmp_path / "d.jsonl"
    path.write_bytes(b'{"ok": 1}\n' + (text if isinstance(text, bytes) else text.encode()) + b"\n")
    with pytest.raises(DamagedFile, match=rf"^{path}:2: {problem}"):
        read_jsonl(path)


def test_a_torn_last_line_is_an_error_unless_tolerated_then_dropped_and_reported(tmp_path, caplog):
    path = tmp_path / "metrics.jsonl"
    _lines(path, '{"step": 1}', '{"step": 2, "rew', end="")  # killed mid-append: no newline
    with pytest.raises(DamagedFile, match=rf"^{path}:2: invalid JSON .*no newline after it"):
        read_jsonl(path)
    with caplog.at_level(logging.WARNING, logger="loopwright.runs.reader"):
        assert read_jsonl(path, tolerate_torn_tail=True) == [{"step": 1}]
    assert f"{path}:2: dropped a torn line" in caplog.text


def test_a_whole_last_line_without_its_newline_is_kept(tmp_path):
    path = tmp_path / "d.jsonl"
    _lines(path, '{"step": 1}', '{"step": 2}', end="")
    assert read_jsonl(path) == [{"step": 1}, {"step": 2}]


def test_a_damaged_line_with_its_newline_is_not_a_torn_tail(tmp_path):
    path = tmp_path / "d.jsonl"
    _lines(path, '{"step": 1}', '{"step": 2, "rew')  # the last line, but written whole
    with pytest.raises(DamagedFile, match=rf"^{path}:2: invalid JSON"):
        read_jsonl(path, tolerate_torn_tail=True)


def test_lines_keep_their_number_and_text_and_damaged_ones_on_request(tmp_path):
    path = tmp_path / "d.jsonl"
    _lines(path, '{"a": 1}', "oops", '{"b":  2}')
    lines = list(jsonl_lines(path, keep_damaged=True))
    assert [(ln.number, ln.text, ln.row) for ln in lines] == [(1, '{"a": 1}', {"a": 1}), (2, "oops", None),
                                                             (3, '{"b":  2}', {"b": 2})]
    assert lines[1].problem.startswith("invalid JSON")


def test_missing_files(tmp_path):
    assert read_jsonl(tmp_path / "none.jsonl", missing_ok=True) == []
    with pytest.raises(FileNotFoundError):
        read_jsonl(tmp_path / "none.jsonl")
    assert read_metrics(tmp_path) == []  # before the first logged step
    assert read_manifest(tmp_path, missing_ok=True) is None
    with pytest.raises(FileNotFoundError, match=rf"^{tmp_path}: no manifest.json \(not a run directory"):
        read_manifest(tmp_path)


def test_the_manifest_and_eval_results(tmp_path):
    writer.write_json_atomic(tmp_path / "manifest.json", {"status": "completed"})
    writer.write_json_atomic(tmp_path / "eval_results.json", {"summary": {}, "records": []})
    assert read_manifest(tmp_path) == {"status": "completed"}
    assert read_eval_results(tmp_path)["records"] == []


def test_a_damaged_manifest_names_the_file_and_line(tmp_path):
    (tmp_path / "manifest.json").write_text('{\n  "status": "running",\n  "config": {\n')
    with pytest.raises(DamagedFile, match=rf"^{tmp_path / 'manifest.json'}:4: invalid JSON"):
        read_manifest(tmp_path)
    (tmp_path / "manifest.json").write_text(json.dumps(["not", "an", "object"]))
    with pytest.raises(DamagedFile, match="expected a JSON object, got list"):
        read_manifest(tmp_path)
    (tmp_path / "x.json").write_bytes(b"\xff")
    with pytest.raises(DamagedFile, match="not UTF-8"):
        read_json(tmp_path / "x.json")


def test_metrics_tolerate_a_torn_tail(tmp_path):
    _lines(tmp_path / "metrics.jsonl", '{"step": 1, "reward": 0.5}', '{"step"', end="")
    assert read_metrics(tmp_path) == [{"step": 1, "reward": 0.5}]


def test_a_fifo_or_a_device_is_refused_without_blocking(tmp_path):
    """A planted FIFO blocked list_runs for good (tests/security/blind4): opened non-blocking, then refused."""
    import os

    from loopwright.runs.reader import NotRegularFile, read_regular

    os.mkfifo(tmp_path / "manifest.json")
    for path in (tmp_path / "manifest.json", "/dev/zero"):
        with pytest.raises(NotRegularFile):
            read_regular(path)
    with pytest.raises(NotRegularFile):
        read_manifest(tmp_path)


def test_read_regular_reads_at_most_its_limit_from_either_end(tmp_path):
    from loopwright.runs.reader import read_regular, read_text_capped

    path = tmp_path / "f.txt"
    path.write_bytes(b"0123456789")
    assert read_regular(path, 4) == (b"0123", False)
    assert read_regular(path, 4, tail=True) == (b"6789", False)
    assert read_regular(path, 10, tail=True) == (b"0123456789", True)
    assert read_text_capped(path, 4).startswith("0123\n[... cut: only the first 4 bytes of f.txt")


def test_tail_jsonl_reads_the_last_rows_within_its_window(tmp_path):
    from loopwright.runs.reader import tail_jsonl

    path = tmp_path / "metrics.jsonl"
    _lines(path, *(json.dumps({"step": i}) for i in range(100)), '{"step": 100, "torn', end="")
    tail = tail_jsonl(path, 10_000)
    assert tail.whole and [r["step"] for r in tail.rows] == list(range(100))  # the torn last line dropped
    assert tail.torn_tail and tail.damaged == 0  # a torn last line is expected while a run writes: not counted
    tail = tail_jsonl(path, 60)
    assert not tail.whole and tail.rows and tail.rows[-1] == {"step": 99} and all("step" in r for r in tail.rows)
    assert tail.damaged == 0  # the line the window's start cut is not a damaged line


def test_tail_jsonl_counts_damaged_middle_lines_and_names_them(tmp_path, caplog):
    from loopwright.runs.reader import tail_jsonl

    path = tmp_path / "metrics.jsonl"
    _lines(path, '{"step": 1}', '{"step": 2, garbage', "[1, 2]", '{"step": 4}', "")
    tail = tail_jsonl(path, 10_000)
    assert [r["step"] for r in tail.rows] == [1, 4] and tail.damaged == 2 and not tail.torn_tail
    assert f"{path}:2: skipped a damaged line" in caplog.text and f"{path}:3: skipped" in caplog.text
    caplog.clear()
    tail = tail_jsonl(path, len(path.read_bytes()) - 3)  # the window cuts into line 1: numbers count from line 2
    assert tail.damaged == 2 and "counted from the first whole line" in caplog.text

def test_a_confined_reader_refuses_a_secret_named_file_inside_its_roots_even_through_a_link(tmp_path, monkeypatch):
    from loopwright.runs import reader

    (tmp_path / ".env").write_text("OPENAI_API_KEY=sk-abc\n")
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "train.log").symlink_to(tmp_path / ".env")
    (tmp_path / "run" / "ok.log").write_text("step 1\n")
    monkeypatch.setattr(reader, "_CONFINED", {"read": (str(tmp_path),), "write": (str(tmp_path),)})
    with pytest.raises(reader.OutsideRoots, match=r"\.env"):
        reader.read_text_capped(tmp_path / "run" / "train.log", 1000)
    assert reader.read_text_capped(tmp_path / "run" / "ok.log", 1000) == "step 1\n"
    monkeypatch.setattr(reader, "_CONFINED", {})
    monkeypatch.delenv(reader.CONFINE_ENV["read"], raising=False)
    assert "sk-abc" in reader.read_text_capped(tmp_path / "run" / "train.log", 1000)  # unconfined: a user's own read


def test_a_confined_reader_refuses_a_hard_link_into_its_roots(tmp_path, monkeypatch):
    """blind7's race_metrics_swapped_for_hardlink: a run's metrics.jsonl swapped for a hard link to a file outside the
    roots between list_runs' link check and the read. The descriptor's path is the inside name, so only its link count
    tells; confined, a file with other names is not read (unconfined, a user's own hard links read as before)."""
    from loopwright.runs import reader

    roots, outside = tmp_path / "outputs", tmp_path / "outside"
    (roots / "run").mkdir(parents=True)
    outside.mkdir()
    (outside / "metrics.jsonl").write_text('{"step": 1, "secret": "LWFILECANARY"}\n')
    os.link(outside / "metrics.jsonl", roots / "run" / "metrics.jsonl")
    monkeypatch.setattr(reader, "_CONFINED", {"read": (str(roots),), "write": (str(roots),)})
    with pytest.raises(reader.OutsideRoots, match="hard link"):
        reader.tail_jsonl(roots / "run" / "metrics.jsonl", 10_000)
    monkeypatch.setattr(reader, "_CONFINED", {})
    monkeypatch.delenv(reader.CONFINE_ENV["read"], raising=False)
    assert reader.tail_jsonl(roots / "run" / "metrics.jsonl", 10_000).rows[0]["secret"] == "LWFILECANARY"
