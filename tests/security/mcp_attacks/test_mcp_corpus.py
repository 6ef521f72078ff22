"""The blind attack sets against the read-only MCP server (``python -m loopwright.mcp`` without
``--allow-launch``), as one corpus: ``data/<set>.json`` holds each set's attacks (the tool calls, their arguments
with ``@{...}`` placeholders, limits and expectations) and what it plants; corpus_world.py builds the one world,
corpus_runner.py plays every attack in one server session and corpus_detect.py's detectors judge each.

The attacks are split over four modules (this one, test_mcp_corpus_blind5_6.py, _blind7.py, _blind8.py), so that
pytest-xdist's two workers (``--dist loadfile``) share them; each module builds its own world and runs every set's
preludes, but plays only the attacks of its own sets that are selected (``-k blind5`` plays blind5's 248).

``test_attack_fails[<set>-<name>]`` fails when that attack succeeded; the attacks that succeeded on the measured
tree are each set's ``xfail`` (strict). The ``test_detector_*`` and ``test_control_*`` tests show that each
detector can fire and that the benign calls work. docs/SECURITY.md summarises who wrote each set and what it found.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest
from corpus_detect import Inotify, ReadTrap, Scanner, TreeWatch, _forms, markers, tree, tree_changes
from corpus_runner import Session, expectation_leaks
from corpus_world import World, expand_str
from corpus_fixture import SETS, corpus_module

pytest.importorskip("mcp")
pytestmark = pytest.mark.timeout(3600)


OWN = ("blind", "blind2", "blind3", "blind4", "splits")
world, test_attack_fails = corpus_module(OWN)  # this module's world also serves the controls and detectors


def test_every_set_is_played_by_one_module():
    """The corpus is split over modules (pytest-xdist hands each module to one worker): every set in one of them."""
    from test_mcp_corpus_blind5_6 import OWN as OWN_56
    from test_mcp_corpus_blind7 import OWN as OWN_7
    from test_mcp_corpus_blind8 import OWN as OWN_8
    owned = [*OWN, *OWN_56, *OWN_7, *OWN_8]
    assert sorted(owned) == sorted(s["set"] for s in SETS) and len(owned) == len(set(owned))


def test_attack_names_are_unique():
    for s in SETS:
        names = [a["name"] for a in s["attacks"]]
        assert len(names) == len(set(names)), s["set"]
        assert set(s.get("xfail", {})) <= set(names), s["set"]


# ------------------------------------------------------------------------------------------------- controls
def test_control_server_is_read_only_and_lists_its_tools(world):
    info = world.results.info
    assert "Launching is disabled" in info["instructions"]
    assert {"list_options", "compose_config", "plan_job", "launch", "list_runs", "run_status", "run_metrics",
            "run_eval", "sweep_report", "lineage", "ingest", "improve"} <= set(info["tools"])


def test_control_benign_preludes_work_and_leak_nothing(world):
    scanner = Scanner(world)
    assert world.results.prelude and not any(r.is_error for r in world.results.prelude), \
        [r.short() for r in world.results.prelude if r.is_error]
    assert [hit for r in world.results.prelude for hit in scanner.scan(r.text)] == []
    assert [r.short() for r in world.results.prelude if r.expect not in r.text] == []
    assert world.results.prelude_changes == []
    assert any(world.inside_canary in p.read_text() for p in world.outputs.rglob("transcripts.jsonl")), \
        "ingest copies inside content into the outputs dir"


def test_control_no_request_reached_the_catcher_during_the_whole_session(world):
    assert world.results.catcher_total == 0


# ------------------------------------------------------------------------------------------------ detectors
def test_detector_canary_in_every_form(tmp_path):
    w = World(tmp_path, SETS, "http://127.0.0.1:9")
    scanner = Scanner(w)
    for label, value in w.values.items():
        if label not in w.cores:  # a plain value: random, not a secret
            assert scanner.scan(value) == [], label
            continue
        for core in (True, False):
            for form, encoded in _forms(w.cores[label] if core else value, core).items():
                assert scanner.scan(f"xx {encoded} yy"), (label, form)
        assert scanner.scan(f"x{value}y", raw_only=True), label
        assert len(w.cores[label]) < 7 or scanner.scan("-".join(w.cores[label])), label
        assert len(value) < 10 or scanner.scan(value.upper() if value.upper() != value else value.lower()), label
        c = w.cores[label]
        for form in ("fullwidth", "percent", "uesc", "zwsp", "spaced")[:5 if len(c) >= 7 else 3]:  # (blind5)
            assert scanner.scan(expand_str(f"@{{enc:{form}:{len(c)}:{c}}}", w.lookup)), (label, form)
        if len(c) >= 7:
            assert scanner.scan("-".join(c[::-1])), label
        if len(c) >= 20:
            assert scanner.scan(" ".join(c[len(c) // 2:])), label
    assert scanner.scan("nothing here") == []


def test_templates(tmp_path):
    w = World(tmp_path, [{"set": "t", "env": {"A": "x@{core:7}", "B": "@{CORE:5}"}}], "http://127.0.0.1:9")
    assert len(w.values["canary:A"]) == 8 and w.values["canary:B"].isupper() and len(w.values["canary:B"]) == 5
    assert w.expand("@{enc:slice=1,3:5:abcde}@{enc:ljust=4,B:1:x}@{enc:reverse:13:@{rep:2:3:ab}}") == "bcxBBBbababa"
    assert w.expand(["a", ["@{for:0:2}", "e@{i}"]]) == ["a", "e0", "e1"]


def test_pickles_are_what_their_names_say_and_the_marker_detector_sees_them_run(tmp_path):
    """blind4's pickles, as planted in a world whose dir is longer than the one they were first written for: each
    is a well-formed pickle whose only call is open(<its marker>, "w") (read with pickletools, never loaded); what
    that call does, done by hand, is a new marker, which the runner reports as code that ran."""
    import pickletools

    w = World(tmp_path / ("a-long-world-dir-" * 4), SETS, "http://127.0.0.1:9")
    recs = [r for s in SETS for r in s.get("plant", []) if "pickle_open" in r.get("text", "")]
    assert len(recs) == 6
    for rec in recs:
        data = w.expand(rec["text"]).encode("utf-8", "surrogateescape")
        ops = [(op.name, arg) for op, arg, _ in pickletools.genops(data)]  # raises on a malformed pickle
        names = [op for op, _ in ops if op not in ("MEMOIZE", "FRAME", "PROTO")]
        strings = [arg for op, arg in ops if op == "SHORT_BINUNICODE"]
        marker = str(w.markers / rec["path"].split("res_pickles/")[1].replace("/", "_"))
        marker = marker.replace(str(w.markers) + "/", str(w.markers) + "/pickle_")
        assert names == ["SHORT_BINUNICODE"] * 2 + ["STACK_GLOBAL"] + ["SHORT_BINUNICODE"] * 2 + [
            "TUPLE2", "REDUCE", "STOP"] and strings == ["io", "open", marker, "w"], (rec["path"], ops)
        before = markers(w)
        open(marker, "w").close()  # what REDUCE would call
        assert [p for p in markers(w) - before if "pickle_" in p], rec["path"]


def test_detector_reads_outside_the_roots(world):
    assert world.results.reads_seen, "atime does not move on read here: reads outside the roots go unseen"
    trap = ReadTrap(world.home)
    next(p for p in world.home.rglob("*") if p.is_file() and not p.is_symlink()).read_bytes()
    assert trap.reads()


def test_detector_catcher_markers_and_writes(world):
    import socket
    n, marks0, tree0 = world.catcher.count(), markers(world), tree(world)
    with socket.create_connection(("127.0.0.1", int(world.catcher_url.rsplit(":", 1)[1])), timeout=5) as s:
        s.sendall(b"GET /probe HTTP/1.1\r\n\r\n")
        s.recv(100)
    assert world.catcher.count() == n + 1
    subprocess.run(["curl", "-s", "http://example.invalid"], env=world.server_env(), check=False)
    module = next(world.dirs["pp"].glob("*.py")).stem
    subprocess.run([sys.executable, "-c", f"import {module}"], env=world.server_env(), check=False)
    new = markers(world) - marks0
    assert any("shim-curl" in p for p in new) and any(module in p for p in new), new
    (world.home / "new-file").write_text("x")
    os.utime(world.outside / "canary.txt", None)
    changes = tree_changes(tree0, tree(world))
    assert any("created" in c and "new-file" in c for c in changes) and any("changed" in c for c in changes)


def test_detector_tree_watch_sees_what_a_walk_sees(world):
    """The runner's TreeWatch instead of a walk before and after each attack: the same changes, a write through a hard
    link in the outputs dir (no event on the outside file's dir) and a dir moved with its files included."""
    trees = TreeWatch(world)
    try:
        before = trees.snapshot()
        assert before == tree(world)
        outside = next(p for p in world.outside.rglob("*") if p.is_file() and not p.is_symlink())
        os.link(outside, world.outputs / "hardlink-probe")
        with open(world.outputs / "hardlink-probe", "a") as f:
            f.write("written through the outputs dir")
        moved = world.home / "probe-tree" / "a"
        moved.mkdir(parents=True)
        (moved / "f.txt").write_text("x")
        os.rename(world.home / "probe-tree", world.outside / "probe-tree-moved")
        os.chmod(world.outside / "probe-tree-moved" / "a", 0o700)
        changes = tree_changes(before, trees.snapshot())
        assert f"changed outside the outputs dir: {outside}" in changes, changes
        assert f"created outside the outputs dir: {world.outside / 'probe-tree-moved' / 'a' / 'f.txt'}" in changes
        assert trees.drift() == []
    finally:
        trees.close()
        os.unlink(world.outputs / "hardlink-probe")


def test_detector_copies_into_the_roots(world):
    copies = world.results.copies  # the runner's (its ignore list and what it has read)
    assert "file_canary" not in copies.ignore and not any(k.startswith("client:") for k in copies.ignore)
    (world.outputs / "copied-probe.txt").write_text(f"x {world.file_canary} y")
    assert str(world.outputs / "copied-probe.txt") in copies.now()
    # the roots are watched, not walked: a file in a dir made since, one moved in and one written to in place
    deep = world.outputs / "probe-dir" / "deeper"
    deep.mkdir(parents=True)
    (deep / "p.txt").write_text(world.file_canary)
    (world.tmp / "moved-probe.txt").write_text(world.file_canary)
    os.rename(world.tmp / "moved-probe.txt", world.outputs / "moved-probe.txt")
    plain = next(p for p in world.outputs.rglob("*.log") if not p.is_symlink() and p.is_file()
                 and p.stat().st_nlink == 1 and p.stat().st_size < 1_000_000 and str(p) not in copies.now())
    with open(plain, "a") as f:
        f.write(world.file_canary)
    assert {str(deep / "p.txt"), str(world.outputs / "moved-probe.txt"), str(plain)} <= set(copies.now())


def test_detector_opens_outside_the_roots(world):
    inotify = Inotify(world.outside)
    assert inotify.events() == []
    (world.outside / "secret.txt").read_text()
    assert any("open" in e and "secret.txt" in e for e in inotify.events())


def test_detector_expectations(world):
    replies = [type("R", (), {"text": f"{world.outside}/a [unchanged]", "is_error": False,
                              "short": lambda self: "r"})()]
    attack = {"forbid_line": [["@{outside}", "[unchanged]"]], "forbid": ["[unchanged]"], "must_refuse": True}
    assert len(expectation_leaks(world, attack, replies)) == 3


def test_detector_stall_and_dead_server(world):
    async def go():
        session = Session(world)
        await session.start()
        stalled = await session.call("list_runs", {}, 0.001)
        await session.stop()
        dead = await session.call("list_runs", {}, 5)
        gone = await session.alive() or await session.answers()
        await session.restart()  # what the runner does when a server stops answering
        back = await session.alive() and await session.answers()
        await session.stop()
        return stalled, dead, gone, back
    stalled, dead, gone, back = asyncio.run(go())
    assert stalled.stalled and dead.text.startswith("<client error") and not gone and back
