"""loopwright.runs.secrets: secret names (config keys, environment variables) and the value scrubber."""

from __future__ import annotations

import logging

import pytest

from loopwright.runs import secrets
from loopwright.runs.writer import REDACTED, redact, redact_override


@pytest.mark.parametrize("key", ["hf_token", "api_key", "GITHUB_PAT", "HF_AUTH", "API_KEY_2", "token_01",
                                 "aws_secret_access_key", "db_password", "password_env"])
def test_secret_names_are_caught(key):
    assert secrets.is_secret_key(key)


@pytest.mark.parametrize("key", ["num_key_value_heads", "token_budget", "max_new_tokens", "api_key_env",
                                 "auth_header_name", "patience", "key_2_value"])
def test_shapes_counts_and_env_names_are_not_secrets(key):
    assert not secrets.is_secret_key(key)


def test_env_names_by_their_words_and_paths_are_left_alone():
    assert all(secrets.is_secret_env_name(n) for n in ("RUNPOD_API_KEY", "GITHUB_PAT", "HF_AUTH", "API_KEY_2",
                                                          "DB_PASS", "MY_SECRET_THING", "OPENAI_API_KEY"))
    harmless = ("SSH_AUTH_SOCK", "HOME", "PATH", "PWD", "KEYBOARD", "TOKENIZERS_PARALLELISM", "HF_TOKEN_PATH",
                "GNUPG_KEY_DIR")
    assert not any(secrets.is_secret_env_name(n) for n in harmless)


def test_values_of_secret_env_vars_are_scrubbed_from_trees_text_and_overrides(monkeypatch):
    monkeypatch.setenv("GITHUB_PAT", "ghp_abcdefgh12345")
    monkeypatch.setenv("HF_TOKEN", "short")  # under MIN_VALUE_LENGTH: never scrubbed (it would blank common words)
    tree = {"notes": "my key is ghp_abcdefgh12345!", "list": ["ghp_abcdefgh12345"], "n": 3, "w": "short"}
    assert redact(tree) == {"notes": f"my key is {REDACTED}!", "list": [REDACTED], "n": 3, "w": "short"}
    assert redact_override("notes=ghp_abcdefgh12345") == f"notes={REDACTED}"
    assert redact_override("+x.hf_auth=anything") == f"+x.hf_auth={REDACTED}"


def test_the_log_filter_scrubs_messages_and_arguments(monkeypatch):
    monkeypatch.setenv("SOME_SECRET", "s3cret-value-xyz")
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "sent %s to %s", ("s3cret-value-xyz", "host"), None)
    assert secrets.ScrubFilter().filter(record) and record.getMessage() == f"sent {REDACTED} to host"
