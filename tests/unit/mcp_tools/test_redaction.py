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
