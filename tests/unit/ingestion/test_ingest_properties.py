"""Property tests: files of good and malformed records of every format, as hypothesis draws them.

Whatever the records, ingest returns (never raises), reports each bad record by file,
line and id (where the record has one), keeps every good one, and the same call run
again changes no byte of the store.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import log_formats as lf
from helpers.loop_apps import snapshot
from loopwright.ingestion import store as ing

TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20)
KINDS = sorted(lf.BUILDERS) + ["langsmith_flat"]
FORMAT_OF = {**lf.FORMAT_OF, "langsmith_flat": "langchain"}
# Breakers any format shares: (what, the line written instead of the record)
GENERIC = [("cut off mid-write", lambda rec: json.dumps(rec)[: len(json.dumps(rec)) // 2].encode()),
           ("not an object", lambda rec: b"42"),
           ("not UTF-8", lambda rec: b'{"messages": "\xff\xfe"}'),
           ("of no known format", lambda rec: b'{"hello": "world"}')]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _line(record) -> bytes:
    return json.dumps(record, ensure_ascii=False).encode()


def _build(plan: list[tuple[str, bool, int, str, str]]) -> tuple[list[bytes], set[int], dict[int, str | None]]:
    """Lines of a file, the lines whose conversations must be kept, and bad line -> the id ingest must name."""
    lines: list[bytes] = []
    good: set[int] = set()
    bad: dict[int, str | None] = {}
    for i, (kind, broken, pick, user, reply) in enumerate(plan):
        if kind == "langsmith_flat":
            runs = lf.langsmith_flat(i, user, reply)
            if broken:
                runs[pick % 3]["outputs"] = {}  # a child run (LLM or tool) without outputs
                bad[len(lines) + 1 + pick % 3] = runs[pick % 3]["id"]
            else:
                good.add(len(lines) + len(runs))  # the root, last
            lines.extend(_line(r) for r in runs)
            continue
        record = lf.BUILDERS[kind](i, user, reply)
        here = len(lines) + 1
        if not broken:
            good.add(here)
            lines.append(_line(record))
            continue
        breakers = lf.BROKEN[kind] + [(what, None, None) for what, _ in GENERIC]
        what, mutate, which = breakers[pick % len(breakers)]
        if mutate is None:
            lines.append(dict(GENERIC)[what](record))
            bad[here] = None
        else:
            broken_record = mutate(record)
            lines.append(_line(broken_record))
            bad[here] = lf.expected_id(broken_record, which)
    return lines, good, bad


def _run(lines: list[bytes], fmt: str, directory: Path) -> tuple[dict, int, dict]:
    path = directory / "log.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    report, code = ing.ingest([str(path)], fmt, directory / "out")
    return report["inputs"][str(path)], code, snapshot(directory / "out")


def _line_of(at: str) -> int:
    return int(at.rsplit(":", 1)[1])


PLAN = st.lists(st.tuples(st.sampled_from(KINDS), st.booleans(), st.integers(0, 50), TEXT, TEXT),
                min_size=1, max_size=8)


@SETTINGS
@given(plan=PLAN, fmt=st.sampled_from(["auto", "openai", "anthropic", "langchain"]))
def test_every_bad_record_is_reported_and_every_good_one_kept(plan, fmt):
    if fmt != "auto":
        plan = [p for p in plan if FORMAT_OF[p[0]] == fmt] or [(next(k for k in KINDS if FORMAT_OF[k] == fmt),
                                                                 False, 0, "hi", "hello")]
    lines, good, bad = _build(plan)
    with tempfile.TemporaryDirectory() as tmp:
        entry, code, first = _run(lines, fmt, Path(tmp))
        assert code == (0 if good else 1)
        assert {_line_of(e["at"]): e["id"] for e in entry["errors"]} == bad
        assert len(entry["errors"]) == len(bad)
        if good:
            rows = [json.loads(x) for x in first["transcripts.jsonl"].decode().split("\n") if x]
            assert {r["source"]["line"] for r in rows} == good
        assert entry["records"] == entry["valid"] + entry["malformed"] + entry["child_runs"]
        assert _run(lines, fmt, Path(tmp))[2] == first  # the same call again: byte-identical


# ------------------------------------------------------------------ fuzzing
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT
    | st.sampled_from(["user", "assistant", "tool", "system", "text", "tool_use", "tool_result", "llm", "chain",
                       "constructor", "AIMessage", "call_1", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3), max_leaves=6)


def _slots(value, out: list) -> list:
    """Every (container, key) inside a JSON value."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    for key, inner in items:
        out.append((value, key))
        _slots(inner, out)
    return out


def _damage(draw, value, times: int, replacement) -> None:
    """``times`` random edits inside ``value``: a dict's key deleted, or any slot replaced by a drawn value."""
    for _ in range(times):
        slots = _slots(value, [])
        if not slots:  # earlier edits deleted every key: nothing left to damage (a draw from an empty range
            return     # raised InvalidArgument; seen once in a full run of the suite)
        container, key = slots[draw(st.integers(0, len(slots) - 1))]
        if isinstance(container, dict) and draw(st.booleans()):
            del container[key]
        else:
            container[key] = draw(replacement)


@st.composite
def mutated_records(draw):
    kind = draw(st.sampled_from(sorted(lf.BUILDERS)))
    record = lf.BUILDERS[kind](draw(st.integers(0, 999)), draw(TEXT), draw(TEXT))
    _damage(draw, record, draw(st.integers(1, 3)), JSON)
    return record


@SETTINGS
@given(records=st.lists(mutated_records(), min_size=1, max_size=6))
def test_randomly_broken_records_never_raise_and_every_line_is_accounted_for(records):
    lines = [_line(r) for r in records]
    with tempfile.TemporaryDirectory() as tmp:
        entry, code, first = _run(lines, "auto", Path(tmp))
        stored = first.get("transcripts.jsonl", b"").decode().split("\n")
        kept = {json.loads(x)["source"]["line"] for x in stored if x}
        told = [_line_of(e["at"]) for e in entry["errors"] + entry["duplicates"] + entry["merged"]]
        if code == 0:
            assert len(kept) + len(told) + entry["child_runs"] == len(lines)
            assert kept.isdisjoint(told) and len(set(told)) == len(told)
        else:
            assert entry["kept"] == 0 and len(entry["errors"]) + entry["child_runs"] == len(lines)
        assert entry["records"] == entry["valid"] + entry["malformed"] + entry["child_runs"]
        assert all(e["reason"] for e in entry["errors"])
        assert _run(lines, "auto", Path(tmp))[2] == first


@st.composite
def flat_exports(draw):
    """Flat LangSmith exports with random damage, including parent_run_id pointing at any run (cycles)."""
    runs = [run for i in range(draw(st.integers(1, 3))) for run in lf.langsmith_flat(i, draw(TEXT), draw(TEXT))]
    ids = [r["id"] for r in runs]
    _damage(draw, runs, draw(st.integers(0, 4)), st.sampled_from(ids) | JSON)
    return runs if draw(st.booleans()) else runs[::-1]


@SETTINGS
@given(runs=flat_exports(), as_array=st.booleans())
def test_damaged_flat_exports_never_raise_and_every_run_is_counted(runs, as_array):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / ("export.json" if as_array else "export.jsonl")
        path.write_text(json.dumps(runs, indent=1) if as_array else "".join(json.dumps(r) + "\n" for r in runs))
        report, _ = ing.ingest([str(path)], "auto", Path(tmp) / "out")
        entry = report["inputs"][str(path)]
        assert entry["records"] == len(runs) == entry["valid"] + entry["malformed"] + entry["child_runs"]
        first = snapshot(Path(tmp) / "out")
        ing.ingest([str(path)], "auto", Path(tmp) / "out")
        assert snapshot(Path(tmp) / "out") == first
