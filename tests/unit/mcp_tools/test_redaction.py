"""Free text leaving the MCP server (log tails, errors): secret-named keys' values and bearer tokens are
redacted in the forms logs print them, and figures under ordinary keys are left alone (blind set 3's log
attacks, tests/security/blind3/)."""

from __future__ import annotations

import pytest

from loopwright.mcp_tools.redaction import redact_line
from loopwright.runs.secrets import is_secret_key

SECRET = "s3cr3t-value-0123456789"


@pytest.mark.parametrize("line", [f'{{"api_key": "{SECRET}"}}', f"Authorization: Bearer {SECRET}",
                                  f"password = {SECRET}", f"apiKey: {SECRET}", f"X-Api-Key: {SECRET}",
                                  f"github_pat: {SECRET}", f"cfg hf_token={SECRET} seed=1", f"gitPat={SECRET}"])
def test_a_secret_named_keys_value_is_redacted_in_every_form_a_log_prints(line):
    out = redact_line(line)
    assert SECRET not in out and "***" in out, out


@pytest.mark.parametrize("line", ["step 3 loss: 0.25 lr=1e-5", "token_count: 123", "max_tokens=256",
                                  "num_tokens: 4096 keyword: apple", "monkey = 3"])
def test_ordinary_keys_keep_their_values(line):
    assert redact_line(line) == line


def test_camel_and_mixed_case_secret_names_are_secret_names():
    assert all(is_secret_key(k) for k in ("gitPat", "apiKey", "HfToken", "Hf_ToKeN", "GITHUB_PAT", "x-api-key"))
    assert not any(is_secret_key(k) for k in ("maxTokens", "num_tokens", "keyword", "monkey", "learning_rate"))


def test_the_reply_scrubber_redacts_keys_tokens_and_values_anywhere_in_a_reply():
    """One scrubber for every reply (blind set 4: records, metrics columns, reports, lineage records leaked)."""
    from loopwright.mcp_tools.redaction import scrub_reply
    from loopwright.runs.secrets import REDACTED

    sk, ghp = "sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z", "ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3d"
    reply = {"rows": [{"step": 1, sk: 1.0, "api_key": SECRET, "note": f"pushed with {ghp}"},
                      {"step": 2, "token_count": 12, "hf_token": 3, "note": "env value: envSECRETvalue9"}],
             "columns": [sk, "step"], "log": [f"Authorization: Bearer {SECRET}", "-----BEGIN PRIVATE KEY-----\nMIIx"],
             "nested": {"auth": {"user": "me"}, "password": ""}}
    out = scrub_reply(reply, ["envSECRETvalue9"])
    text = repr(out)
    assert not any(s in text for s in (sk, ghp, SECRET, "envSECRETvalue9", "MIIx")), text
    assert out["rows"][0]["api_key"] == REDACTED and out["rows"][0][REDACTED] == 1.0
    assert out["rows"][1]["token_count"] == 12 and out["rows"][1]["hf_token"] == 3  # numbers are not secrets
    assert out["nested"] == {"auth": REDACTED, "password": ""} and out["columns"][1] == "step"


@pytest.mark.parametrize("text", ["step 3 loss: 0.25 lr=1e-5 tokens: 4096", "model=tiny task=arithmetic hf_model",
                                  "/work/outputs/runs/2026-12-01/00-00-00", "skip: 2 keyword: apple"])
def test_the_reply_scrubber_leaves_ordinary_text_alone(text):
    from loopwright.mcp_tools.redaction import scrub_reply

    assert scrub_reply({"a": text, "n": [text]}, []) == {"a": text, "n": [text]}


def test_a_secret_of_digits_returned_as_a_number_is_redacted_and_ordinary_numbers_are_not():
    """tests/security/blind6: a 14-digit PIN came back as global_step, a metrics value and an accuracy."""
    from loopwright.mcp_tools.redaction import scrub_reply

    pin = "32606682061300"
    out = scrub_reply({"global_step": int(pin), "acc": float(pin), "rows": [{"step": 2, "reward": 0.25}],
                       "tokens": 123456789}, [pin])
    assert out["global_step"] == out["acc"] == "***REDACTED***"
    assert out["rows"] == [{"step": 2, "reward": 0.25}] and out["tokens"] == 123456789


def test_a_short_value_under_a_secret_name_is_scrubbed_unless_a_placeholder():
    from loopwright.runs.secrets import secret_values

    values = secret_values({"SHORT_SECRET": "aB3xQ9", "HF_TOKEN": "public", "SEED": "42", "MODE": "aB3xQ9zz"})
    assert "aB3xQ9" in values and "public" not in values and "42" not in values


# ---- blind set 7's forms (tests/security/blind7/RESULTS.md): each reached a client before the fix
PIN = "97809876399517"  # a secret of digits


def _scrub(reply):
    from loopwright.mcp_tools.redaction import scrub_reply

    return scrub_reply(reply, [PIN, SECRET])


def test_a_secret_of_digits_behind_a_decimal_point_is_withheld_but_ordinary_figures_stay():
    out = _scrub({"result": {"n": float("0." + PIN), "loss": 0.2534, "lr": 1.7604003156719992e-05, "step": 12}})
    assert out["result"] == {"n": "***REDACTED***", "loss": 0.2534, "lr": 1.7604003156719992e-05, "step": 12}


def test_a_secret_spelled_as_character_codes_is_withheld_as_text_and_as_a_list():
    codes = [ord(c) for c in SECRET]
    out = _scrub({"error": ",".join(map(str, codes)), "hex": " ".join(hex(c) for c in codes), "codes": codes,
                  "steps": [1, 2, 3, 4, 5, 6, 7, 8, 9]})
    assert SECRET not in str(out) and str(codes[0]) + "," not in out["error"] and "0x73" not in out["hex"]
    assert out["codes"] == "***REDACTED***" and out["steps"] == [1, 2, 3, 4, 5, 6, 7, 8, 9]


def test_a_file_name_that_is_not_utf8_goes_out_escaped_and_the_home_dir_as_tilde(monkeypatch, tmp_path):
    import json

    monkeypatch.setenv("HOME", str(tmp_path / "alice"))
    out = _scrub({"run_dir": "/x/b7-odd-\udcff", "note": f"not in the cache ({tmp_path}/alice/.cache/hub)",
                  "other": f"{tmp_path}/alice2/x"})
    json.dumps(out).encode("utf-8")  # what the SDK does with a reply: a lone surrogate raised here
    assert out["run_dir"] == "/x/b7-odd-\\udcff" and out["note"] == "not in the cache (~/.cache/hub)"
    assert out["other"] == f"{tmp_path}/alice2/x"  # another dir that only starts like it stays


def test_the_escaped_name_a_reply_gives_opens_that_file_again(tmp_path):
    import os

    from loopwright.mcp_tools.paths import Roots

    odd = os.path.join(bytes(tmp_path), b"run-\xff")
    os.mkdir(odd)
    roots = Roots.make(tmp_path, tmp_path)
    assert os.fsencode(roots.readable(str(tmp_path) + "/run-\\udcff")) == odd


def test_a_symlink_loop_is_a_path_like_any_other_not_an_error(tmp_path):
    from loopwright.mcp_tools.paths import Roots

    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert Roots.make(tmp_path, tmp_path).may_open(tmp_path / "a") is True  # the open then fails (ELOOP)


def test_zero_padded_numbers_in_a_reply_are_read_as_decimal_codes_not_an_error():
    line = "saved at 2026 12 03 08 05 09 01 02 after step 0x1f"
    assert _scrub({"log": line, "codes": [2026, 12, 3, 8, 5, 9, 1, 2]}) == {"log": line,
                                                                          "codes": [2026, 12, 3, 8, 5, 9, 1, 2]}
