"""Attacks on ``python -m loopwright.serve``, played with real HTTP clients against a real server on loopback.

The attacker here is a web page the operator's browser has open (CSRF: "simple" requests need no
preflight, so a ``text/plain`` POST is sent; DNS rebinding: the page's own host name resolves to
127.0.0.1, so the request carries ``Host: evil.example``), a client sending absurd stop strings, another
local user reading the traffic log, and an operator binding every interface without a key.
"""

from __future__ import annotations

import json
import stat
import subprocess
import sys
import threading
import time

import httpx
import pytest

from helpers import free_port
from helpers.serving import serving


@pytest.fixture(scope="module")
def server(tiny_run):
    """One keyless loopback server (the default) for the module; one completion at a time, each held in the
    batcher for 0.8 s (so a second one arrives while the first is in flight)."""
    with serving(tiny_run, "max_tokens=8", "default_max_tokens=2", "max_concurrent=1", "batch.wait_ms=800",
                 "max_stop_chars=64") as (base_url, log):
        model = httpx.get(f"{base_url}/models").json()["data"][0]["id"]
        yield {"base": base_url, "log": log, "run": tiny_run, "model": model,
               "traffic": tiny_run / "serve" / "traffic.jsonl"}


def _body(server, **extra) -> dict:
    return {"model": server["model"], "messages": [{"role": "user", "content": "hi"}], "max_tokens": 1, **extra}


def _logged(server) -> list[dict]:
    path = server["traffic"]
    return [json.loads(line) for line in path.open()] if path.exists() else []


def test_a_keyless_server_on_every_interface_is_refused_before_it_listens(tiny_run):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "loopwright.serve", f"run={tiny_run}", "host=0.0.0.0",
                             f"port={port}", "backend=hf"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=tiny_run.parent)
    try:
        deadline = time.monotonic() + 90
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                httpx.get(f"http://127.0.0.1:{port}/health", timeout=1)
            except httpx.HTTPError:
                time.sleep(0.3)
                continue
            pytest.fail("serve host=0.0.0.0 without api_key_env is listening on every interface")
    finally:
        if proc.poll() is None:
            proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2, err[-2000:]
    assert "api_key_env" in err and "127.0.0.1" in err and "host=0.0.0.0" in err


def test_a_text_plain_post_from_a_web_page_is_refused_and_not_logged(server):
    before = len(_logged(server))
    # what <form enctype="text/plain"> or fetch(..., {mode: "no-cors"}) sends: no CORS preflight
    reply = httpx.post(f"{server['base']}/chat/completions", content=json.dumps(_body(server)).encode(),
                       headers={"Content-Type": "text/plain", "Origin": "http://evil.example"})
    assert reply.status_code == 415, reply.text
    assert "application/json" in reply.json()["error"]["message"]
    assert len(_logged(server)) == before


def test_a_form_post_without_content_type_is_refused(server):
    reply = httpx.post(f"{server['base']}/chat/completions", content=json.dumps(_body(server)).encode())
    assert reply.status_code == 415, reply.text


def test_a_rebound_host_name_is_not_answered(server):
    for method, path, kwargs in (("POST", "/chat/completions", {"json": _body(server)}), ("GET", "/models", {})):
        reply = httpx.request(method, f"{server['base']}{path}", headers={"Host": "evil.example"}, **kwargs)
        assert reply.status_code == 421, (path, reply.text)
        assert "evil.example" in reply.json()["error"]["message"] and "allowed_hosts" in \
            reply.json()["error"]["message"]
        assert server["model"] not in reply.text
    # the names a local client uses still work
    port = server["base"].split(":")[2].split("/")[0]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost"):
        assert httpx.get(f"{server['base']}/models", headers={"Host": host}).status_code == 200, host


def test_past_max_concurrent_a_request_gets_503_and_the_slot_comes_back(server):
    url, first = f"{server['base']}/chat/completions", {}
    thread = threading.Thread(target=lambda: first.update(reply=httpx.post(url, json=_body(server), timeout=60)))
    thread.start()
    time.sleep(0.3)
    second = httpx.post(url, json=_body(server))
    thread.join(60)
    assert second.status_code == 503 and second.headers["retry-after"] == "1", second.text
    assert "max_concurrent" in second.json()["error"]["message"]
    assert first["reply"].status_code == 200
    assert httpx.post(url, json=_body(server)).status_code == 200


def test_huge_stop_strings_are_refused_with_400(server):
    reply = httpx.post(f"{server['base']}/chat/completions", json=_body(server, stop=["x" * 100_000] * 4))
    assert reply.status_code == 400, reply.text[:500]
    assert reply.json()["error"]["param"] == "stop" and "max_stop_chars" in reply.json()["error"]["message"]
    just_over = httpx.post(f"{server['base']}/chat/completions", json=_body(server, stop=["y" * 33, "z" * 32]))
    assert just_over.status_code == 400, just_over.text
    ok = httpx.post(f"{server['base']}/chat/completions", json=_body(server, stop=["</answer>", "\n\n"]))
    assert ok.status_code == 200, ok.text


def test_the_traffic_log_is_readable_by_its_owner_only(server):
    assert httpx.post(f"{server['base']}/chat/completions", json=_body(server)).status_code == 200
    mode = stat.S_IMODE(server["traffic"].stat().st_mode)
    assert mode & 0o077 == 0, oct(mode)


@pytest.mark.parametrize("host,key,refused", [
    ("0.0.0.0", None, True), ("::", None, True), ("10.1.2.3", None, True), ("gpu-box", None, True),
    ("0.0.0.0", "SERVE_KEY", False), ("127.0.0.1", None, False), ("localhost", None, False),
    ("::1", None, False), ("127.0.0.2", None, False)])
def test_which_binds_need_a_key(host, key, refused):
    from loopwright.serving.guard import non_loopback_without_key

    message = non_loopback_without_key(host, 8000, key)
    assert (message is not None) == refused
    if refused:
        assert f"host={host}" in message and "api_key_env" in message and "host=127.0.0.1" in message


def test_the_host_names_answered():
    from loopwright.serving.guard import allowed_names, host_name

    assert [host_name(h) for h in ("Example.org:8000", "[::1]:8000", "::1", "localhost")] == \
        ["example.org", "::1", "::1", "localhost"]
    assert allowed_names("0.0.0.0", []) == {"localhost", "127.0.0.1", "::1"}
    assert allowed_names("10.0.0.5", ["gpu-box:8000"]) == {"localhost", "127.0.0.1", "::1", "10.0.0.5", "gpu-box"}
    assert allowed_names("0.0.0.0", ["*"]) is None
