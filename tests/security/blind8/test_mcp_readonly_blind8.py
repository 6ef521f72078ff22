"""Blind8: attacks on the read-only MCP server (see RESULTS.md). A test FAILS when its attack succeeded."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import blind8_world as bw  # noqa: E402
from attacks_blind8 import ATTACKS  # noqa: E402

OPEN_LEAKS: dict[str, str] = {}
RECORD = os.environ.get("BLIND8_RECORD") == "1"
_MEASURED: dict[str, dict] = {}


@pytest.fixture(scope="module")
def world():
    w = bw.World()
    try:
        bw.ensure_session(w)
        yield w
    finally:
        sock = getattr(w, "_b8_sock", None)
        if sock is not None:
            sock.close()
        w.close()
        if RECORD and _MEASURED:
            out = Path(__file__).resolve().parent / "measurement.json"
            out.write_text(json.dumps(_MEASURED, indent=1, default=str))


def _params():
    for name in ATTACKS:
        marks = [pytest.mark.xfail(strict=True, reason=OPEN_LEAKS[name])] if name in OPEN_LEAKS else []
        yield pytest.param(name, marks=marks, id=name)


@pytest.mark.parametrize("name", list(_params()))
def test_attack_fails(world, name):
    result = bw.run_attack(world, name, ATTACKS[name])
    _MEASURED[name] = result
    assert not result["succeeded"], f"{name}: {result['evidence']}"


# ---------------------------------------------------------------- controls
def test_control_benign_calls_work(world):
    s = bw.ensure_session(world)
    for tool, args in [("list_options", {}), ("list_runs", {"limit": 5}), ("compose_config", {"overrides": []})]:
        is_error, text = s.call(tool, args)
        assert not is_error, (tool, text[:500])
        assert not world.leaks(text), (tool, world.leaks(text))
    result = bw.run_attack(world, "benign", {"category": "control", "setup": None,
                                             "calls": [("list_options", {}), ("list_runs", {"limit": 3})]})
    assert not result["succeeded"], result["evidence"]


def test_control_leak_detector_every_encoding(world):
    value = world.canaries["env:HF_TOKEN"]
    forms = bw.encodings(value)
    for form, needle in forms.items():
        if len(needle) < 8:
            continue
        text = f"some reply text with {needle} inside"
        assert world.leaks(text), form
    split = f'{{"a": "{value[-24:-12]}", "b": "{value[-12:]}"}}'
    assert world.leaks(split)
    assert not world.leaks("an ordinary reply: run finished, loss 0.25, step 100, status done")


def test_control_leak_detector_on_a_reply(world, monkeypatch):
    """A planted canary that the server echoes back (a run dir name that does not exist) fires the detector."""
    value = "B8CTRLECHO" + os.urandom(8).hex().upper()
    monkeypatch.setitem(world.canaries, "control:echo", value)
    attack = {"category": "control", "setup": None,
              "calls": [("run_status", {"run_dir": value}), ("list_options", {"group": value})]}
    result = bw.run_attack(world, "control_echo", attack)
    replies = " ".join(c["reply"] for c in result["calls"])
    if value in replies:
        assert result["succeeded"] and any("canary" in e for e in result["evidence"])
    # the full run_attack path on a reply known to hold the canary
    orig = bw.SessionThread.call
    monkeypatch.setattr(bw.SessionThread, "call",
                        lambda self, tool, args: (False, "x " + value + " y")
                                               if tool == "run_status" else orig(self, tool, args))
    result = bw.run_attack(world, "control_echo2", attack)
    assert result["succeeded"] and any("canary" in e for e in result["evidence"]), result


def test_control_catcher_fires(world):
    def calls(w):
        with socket.create_connection(("127.0.0.1", w.catcher.port), timeout=2) as s:
            s.sendall(b"GET / HTTP/1.0\r\n\r\n")
        return [("list_options", {})]
    result = bw.run_attack(world, "control_catcher", {"category": "control", "setup": None, "calls": calls})
    assert result["succeeded"] and any("catcher" in e for e in result["evidence"]), result


def test_control_shim_and_module_markers_fire(world):
    def calls(w):
        subprocess.run(["curl", "http://example.invalid"], env=w.env, check=False, timeout=10,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run([sys.executable, "-c", "import b8evil_out"], env=dict(w.env, PYTHONPATH=str(w.outside)),
                       check=False, timeout=30, cwd=str(w.base))
        return [("list_options", {})]
    result = bw.run_attack(world, "control_markers", {"category": "control", "setup": None, "calls": calls})
    assert result["succeeded"], result
    ev = " ".join(result["evidence"])
    assert "shim_curl" in ev and "module_b8evil_out" in ev, ev


def test_control_fs_change_fires(world):
    target = world.outside / "control_written.txt"

    def calls(w):
        target.write_text("changed")
        (w.home / ".netrc").write_text((w.home / ".netrc").read_text() + "#")
        return [("list_options", {})]
    try:
        result = bw.run_attack(world, "control_fs", {"category": "control", "setup": None, "calls": calls})
        assert result["succeeded"] and any("changes outside outputs" in e for e in result["evidence"]), result
        ev = " ".join(result["evidence"])
        assert "control_written.txt" in ev and ".netrc" in ev
    finally:
        target.unlink(missing_ok=True)
        world.rebaseline()
    # writing under outputs/ is not a finding
    result = bw.run_attack(world, "control_outputs_write", {
        "category": "control", "setup": None,
        "calls": lambda w: ((w.outputs / "ok.txt").write_text("fine"), [("list_options", {})])[1]})
    assert not result["succeeded"], result["evidence"]


def test_control_slow_call_fires(world, monkeypatch):
    monkeypatch.setattr(bw, "CALL_LIMIT", -1.0)
    result = bw.run_attack(world, "control_slow", {"category": "control", "setup": None,
                                                   "calls": [("list_options", {})]})
    assert result["succeeded"] and any("took over" in e for e in result["evidence"]), result


def test_control_broken_session_fires_and_restarts(world, monkeypatch):
    orig = bw.SessionThread.call

    def boom(self, tool, args):
        if tool == "run_status":
            raise RuntimeError("session is gone")
        return orig(self, tool, args)
    monkeypatch.setattr(bw.SessionThread, "call", boom)
    result = bw.run_attack(world, "control_broken", {"category": "control", "setup": None,
                                                     "calls": [("run_status", {"run_dir": "x"})]})
    assert result["succeeded"] and any("broken" in e for e in result["evidence"]), result
    monkeypatch.undo()
    old = bw.ensure_session(world)
    old.close()
    assert not old.alive()
    s = bw.ensure_session(world)
    assert s is not old and s.alive()
    is_error, text = s.call("list_options", {})
    assert not is_error, text[:300]


def test_control_attack_registry():
    assert 150 <= len(ATTACKS)
    assert len({a["category"] for a in ATTACKS.values()}) >= 8
    assert not OPEN_LEAKS
