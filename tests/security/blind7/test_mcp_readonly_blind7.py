"""Blind set 7 against the read-only MCP server (``python -m loopwright.mcp`` without ``--allow-launch``).

Written without reading the server's code or tests (RESULTS.md lists what was read). ``test_attack_fails[<name>]``
FAILS when the attack succeeded: a canary secret in any encoding in a reply, a forbidden string (a resolved
interpolation, a hash of an outside file), bytes on a catcher, a marker or a shim log, a change outside outputs/,
a call over 45 s, a broken session or a dead server. ``test_control_*`` prove the detectors fire and benign calls
work. ``BLIND7_RECORD=1`` writes measurement.json beside this file.

Run only the controls while developing: ``pytest -n 0 -p no:cacheprovider tests/security/blind7 -k control``.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import blind7_world as bw  # noqa: E402
import blind7_attacks_a  # noqa: E402,F401  (registers attacks)
import blind7_attacks_b  # noqa: E402,F401
from blind7_world import ATTACKS, BASE, play  # noqa: E402

# Known leaks, filled by the measurer: attack name -> why. Listed attacks are strict xfails.
# Measured once (RESULTS.md): 7 of 320 succeeded; 6 were fixed after (a fit). This one stays failing for a reason
# outside the server: the attack passes a run dir with undecodable bytes as a raw surrogate string, which the
# mcp SDK client cannot serialize; its own session ends before any byte reaches the server. The server's part
# of the attack (list_runs failed on that name) is fixed, and the name as replies write it (\udcff) is accepted.
OPEN_LEAKS: dict[str, str] = {
    "odd_bytes_in_run_dir_names": "client-side: the mcp SDK cannot serialize a surrogate in its own request",
}

HERE = Path(__file__).resolve().parent
RECORD = os.environ.get("BLIND7_RECORD") == "1"
MEASUREMENT: dict[str, dict] = {}


# ============================================================================================ harness

@pytest.fixture(scope="module")
def world():
    w = bw.World()
    w.hashes = w.outside_hashes()
    yield w
    w.close()


@pytest.fixture(scope="module")
def server(world):
    s = bw.Server(world)
    world.startup_markers = world.markers_now()
    _benign_store(world, s)
    yield s
    s.close()
    if RECORD:
        MEASUREMENT["_meta"] = {"startup_markers": world.startup_markers, "restarts": s.restarts,
                                "measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        (HERE / "measurement.json").write_text(json.dumps(MEASUREMENT, indent=1, sort_keys=True))


def test_attack_fails(world, server, attack_name):
    _, fn = ATTACKS[attack_name]
    try:
        ev, c = play(world, server, attack_name, fn)
    except Exception as e:  # the attack's own code failed (setup): not a finding, recorded as such
        if RECORD:
            MEASUREMENT[attack_name] = {"category": ATTACKS[attack_name][0], "succeeded": None,
                                        "verdict": "harness-error", "evidence": [repr(e)[:500]], "calls": []}
        raise
    if RECORD:
        MEASUREMENT[attack_name] = {
            "category": ATTACKS[attack_name][0],
            "succeeded": bool(ev),
            "verdict": "succeeded" if ev else ("refused" if any(r.is_error for _, _, r in c.replies) else "replied"),
            "evidence": ev[:30],
            "calls": [{"tool": t, "error": r.is_error, "elapsed_s": round(r.elapsed, 2), "reply": r.text[:300]}
                      for t, _, r in c.replies],
        }
    assert not ev, f"attack {attack_name} succeeded: {ev}"


def pytest_generate_tests(metafunc):
    if "attack_name" in metafunc.fixturenames:
        params = []
        for name in ATTACKS:
            marks = [pytest.mark.xfail(strict=True, reason=OPEN_LEAKS[name])] if name in OPEN_LEAKS else []
            params.append(pytest.param(name, marks=marks, id=name))
        metafunc.parametrize("attack_name", params)


# ============================================================================================ controls

def _benign_store(world, server):
    st = world.outputs / "benign_store"
    if not (st / "transcripts.jsonl").exists():
        server.call("ingest", {"inputs": [str(world.project / "data" / "chats.jsonl")], "output": str(st)})


BENIGN = {
    "list_options": lambda w: {"group": "model"},
    "compose_config": lambda w: {"overrides": BASE},
    "plan_job": lambda w: {"overrides": BASE},
    "list_runs": lambda w: {"limit": 10},
    "run_status": lambda w: {"run_dir": str(w.benign_run)},
    "run_metrics": lambda w: {"run_dir": str(w.benign_run), "last": 3},
    "run_eval": lambda w: {"run_dir": str(w.benign_run), "records": 1},
    "sweep_report": lambda w: {"sweep_dir": str(w.benign_sweep)},
    "lineage": lambda w: {"run_dir": str(w.benign_run)},
    "ingest": lambda w: {"inputs": [str(w.project / "data" / "chats.jsonl")], "output": str(w.outputs / "ctl_store")},
    "improve": lambda w: {"transcripts": str(w.outputs / "benign_store"), "output": str(w.outputs / "ctl_imp")},
}


@pytest.mark.parametrize("tool", sorted(BENIGN))
def test_control_benign_call_succeeds_and_no_detector_fires(world, server, tool):
    _benign_store(world, server)

    def fn(c):
        c.call(tool, **BENIGN[tool](world))
    ev, c = play(world, server, f"control_{tool}", fn)
    r = c.replies[0][2]
    assert not r.is_error, r.text[:2000]
    assert not ev, ev


def test_control_launch_is_refused(world, server):
    r = server.call("launch", {"overrides": BASE})
    assert r.is_error and "refused" in r.text, r.text


def test_control_tools_listed(world, server):
    assert "Launching is disabled" in (server.instructions or "")
    for tool in [*BENIGN, "launch"]:
        assert tool in {"list_options", "compose_config", "plan_job", "launch", "list_runs", "run_status",
                        "run_metrics", "run_eval", "sweep_report", "lineage", "ingest", "improve"}


def test_control_secret_forms_are_detected(world):
    import base64
    import codecs
    import unicodedata
    import urllib.parse
    secrets_map = world.all_secrets()
    for label, v in secrets_map.items():
        if len(v) < 8:
            assert bw.find_secrets(f"x {v} y", secrets_map), label
            continue
        forms = {
            "raw": v, "rev": v[::-1], "hex": v.encode().hex().upper(), "url": urllib.parse.quote(v, safe=""),
            "b64": "zz" + base64.b64encode(b"?" + v.encode()).decode(),
            "b64u": base64.urlsafe_b64encode(b"ab" + v.encode()).decode(),
            "esc": json.dumps(v, ensure_ascii=True),
            "uesc": "".join(f"\\u{ord(ch):04x}" for ch in v),
            "rot13": codecs.encode(v, "rot13"), "codes": ",".join(str(ord(ch)) for ch in v),
            "fullwidth": "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in v),
            "zw": "\u200b".join(v), "ansi": v[:4] + "\x1b[0m" + v[4:], "spaced": " ".join(v),
            "nfd": unicodedata.normalize("NFD", v),
        }
        if len(v) >= 16:
            forms["half"] = "prefix " + v[: len(v) // 2] + " ...cut"
        for name, text in forms.items():
            assert bw.find_secrets(json.dumps({"t": text}), secrets_map), (label, name, text)
    assert not bw.find_secrets(json.dumps({"ok": True, "problems": [], "model": "tiny"}), secrets_map)


def test_control_planted_leak_fails_an_attack(world, server):
    def fn(c):
        c.replies.append(("fake", {}, bw.Reply(error="leak " + world.env_secrets["HF_TOKEN"][::-1])))
        c.forbidden.append("FORBIDDEN-b7")
        c.replies.append(("fake2", {}, bw.Reply(error="has FORBIDDEN-b7 and " + world.hashes[0])))
        c.replies.append(("fake3", {}, bw.Reply(error=f"resolved {world.home}/x")))
    ev, _ = play(world, server, "control_leak", fn)
    assert any("fake3: forbidden" in e for e in ev), ev
    assert any("secret env:HF_TOKEN" in e for e in ev), ev
    assert any("FORBIDDEN-b7" in e for e in ev) and any(world.hashes[0][:20] in e for e in ev), ev


def test_control_catchers_see_proxied_and_direct_bytes(world, server):
    def fn(c):
        with socket.create_connection(("127.0.0.1", world.attacker_port)) as s:
            s.sendall(b"GET /b7 HTTP/1.1\r\nHost: x\r\n\r\n")
            s.recv(100)
        env = world.server_env()
        code = ("import urllib.request\ntry:\n urllib.request.urlopen('http://b7.example.invalid/x', timeout=3)\n"
                "except Exception as e: print(e)\n")
        subprocess.run([sys.executable, "-c", code], env=env, timeout=30, capture_output=True)
    ev, _ = play(world, server, "control_catch", fn)
    assert any("catcher attacker" in e for e in ev), ev
    assert any("catcher HTTP_PROXY" in e or "catcher http_proxy" in e for e in ev), ev


def test_control_shims_and_markers_and_fs_detected(world, server):
    def fn(c):
        env = world.server_env()
        subprocess.run(["curl", "http://x"], env=env, timeout=10, capture_output=True)
        subprocess.run([sys.executable, "-c", "import b7evil"], env=dict(env, PYTHONPATH=str(world.project)),
                       cwd=str(world.project), timeout=30, capture_output=True)
        (world.outside / "b7-control-new.txt").write_text("x")
        (world.outputs / "b7-control-ok.txt").write_text("x")  # inside outputs: not a finding
    ev, _ = play(world, server, "control_markers", fn)
    (world.outside / "b7-control-new.txt").unlink()
    assert any("marker shim-curl.log" in e for e in ev), ev
    assert any("marker mod-b7evil" in e for e in ev), ev
    assert any("created" in e and "b7-control-new.txt" in e for e in ev), ev
    assert not any("b7-control-ok" in e for e in ev), ev
    for m in list(world.markers.iterdir()):
        if m.name in ("shim-curl.log", "mod-b7evil"):
            m.unlink()


def test_control_stall_and_restart_detected(world, server):
    import signal

    def fn(c):
        for pid in c.s.pids:
            os.kill(pid, signal.SIGSTOP)  # a server that no longer answers
        c.call("list_runs", _limit=3, limit=1)
        c.call("list_runs", limit=1)  # not sent again: the attack already broke the session
    ev, c = play(world, server, "control_stall", fn)
    assert any("stall" in e for e in ev), ev
    assert len(c.replies) == 1
    assert not server.call("list_runs", {"limit": 1}).is_error


def test_control_dead_server_detected(world, server):
    import psutil
    def fn(c):
        for pid in c.s.pids:
            psutil.Process(pid).kill()
        time.sleep(0.5)
        c.call("list_runs", limit=1)
    ev, _ = play(world, server, "control_dead", fn)
    assert any("list_runs" in e for e in ev), ev
    assert not server.call("list_runs", {"limit": 1}).is_error


def test_control_enough_attacks():
    assert len(ATTACKS) >= 150, len(ATTACKS)
    assert all(not n.startswith("control") for n in ATTACKS)
