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
