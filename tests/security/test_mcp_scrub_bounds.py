"""A run dir's manifest is outside input to the MCP server: a huge ``error`` must not buy a client seconds of the
server's CPU per call. Blind set 7's ``dos_huge_manifest_and_eval`` (a 24 MB error) took 15 s of one core in
``run_status``: the error was redacted whole, and only the reply scrubber cut it to MAX_REPLY_CHARS afterwards.

In-process, through the server's own wrapper (``_guarded``: the reply scrubber every tool's answer passes), so the
count of characters scanned is exact; timing is left to the blind set's 45 s limit per call."""

from __future__ import annotations

import json

import pytest

from loopwright.mcp_tools import runs
from loopwright.mcp_tools.paths import Roots
from loopwright.mcp_tools.redaction import MAX_REPLY_CHARS
from loopwright.mcp_tools.server import _guarded
from loopwright.runs import secrets

TOKEN = "hf_" + "Q7zK2mX9pL4vN8cR3tY6wB1d"  # credential-shaped: redacted by its shape alone
ENV_SECRET = "env-held-value-5e8a1c0d93b7"


@pytest.fixture
def scanned(monkeypatch):
    """The length of every text the token scanner (the scrubber's costly step) is given."""
    lengths: list[int] = []
    real = secrets.redact_tokens

    def counting(text: str) -> str:
        lengths.append(len(text))
        return real(text)

    monkeypatch.setattr(secrets, "redact_tokens", counting)
    return lengths


def test_a_huge_manifest_error_is_cut_before_it_is_scanned(tmp_path, monkeypatch, scanned):
    monkeypatch.setenv("LOOPWRIGHT_TEST_API_KEY", ENV_SECRET)
    run = tmp_path / "outputs" / "runs" / "r1"
    run.mkdir(parents=True)
    error = f"failed with {TOKEN} and {ENV_SECRET} " + "Zm9v" * 2_000_000  # 8 MB of base64-looking text
    (run / "manifest.json").write_text(json.dumps({"status": "failed", "error": error}))

    reply = _guarded(runs.run_status)(Roots.make(tmp_path, None), run_dir=str(run))

    assert max(scanned) <= MAX_REPLY_CHARS + 100, max(scanned)  # before 8df6298: 8,000,072, the whole error
    assert reply["status"] == "failed" and reply["error"].startswith("failed with ")
    assert f"cut at {MAX_REPLY_CHARS} characters" in reply["error"] and len(reply["error"]) < MAX_REPLY_CHARS + 100
    assert TOKEN not in json.dumps(reply) and ENV_SECRET not in json.dumps(reply)
    assert secrets.REDACTED in reply["error"]


def test_a_short_error_comes_back_whole_and_redacted(tmp_path, scanned):
    run = tmp_path / "outputs" / "runs" / "r2"
    run.mkdir(parents=True)
    (run / "manifest.json").write_text(json.dumps({"status": "failed", "error": f"boom: token {TOKEN} refused"}))

    reply = _guarded(runs.run_status)(Roots.make(tmp_path, None), run_dir=str(run))

    assert reply["error"] == f"boom: token {secrets.REDACTED} refused"
