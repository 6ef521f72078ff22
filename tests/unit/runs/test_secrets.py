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


@pytest.mark.parametrize("name", ["STRIPE_SK", "SESSION_COOKIE", "B4PASSPHRASE", "SLACK_WEBHOOK", "MyServiceApiKey",
                                  "SENTRY_DSN", "MYAPPPASSWORD", "GITHUBTOKEN", "DB_PASSWD"])
def test_env_names_blind4_got_back_are_secret_names(name):  # tests/security/blind4: their values came back
    assert secrets.is_secret_env_name(name)


@pytest.mark.parametrize("name", ["PATH", "HOME", "PWD", "LANG", "TERM", "SHELL", "DATA_DIR", "CONFIG_PATH",
                                  "CUDA_VISIBLE_DEVICES", "TOKENIZERS_PARALLELISM", "OMP_NUM_THREADS", "PYTHONPATH",
                                  "HF_HUB_OFFLINE", "WANDB_MODE", "MAX_TOKENS", "SKIP_TESTS", "DESKTOP_SESSION"])
def test_ordinary_env_names_stay_ordinary(name):
    assert not secrets.is_secret_env_name(name)


TOKENS = ["sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z", "sk-ant-api03-Ab3dEf6hIj9kLm2nOp5qRs8t",
          "sk_live_Ab3dEf6hIj9kLm2nOp5qRs8t", "ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3d",
          "github_pat_11Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z", "hf_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zA",
          "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl", "AKIAIOSFODNN7EXAMPLE",
          "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAAsecretbody\n-----END OPENSSH PRIVATE KEY-----",
          "-----BEGIN RSA PRIVATE KEY-----\nMIIEsecretbody (cut before its end"]


@pytest.mark.parametrize("token", TOKENS)
def test_credential_shaped_tokens_are_redacted_wherever_they_are(token):
    out = secrets.redact_tokens(f"value: {token} end")
    assert token not in out and REDACTED in out and out.startswith("value: "), out


@pytest.mark.parametrize("text", ["tokens skip hf_model sk-learn ghp_short hf_hub_offline",
                                  "max_new_tokens=256 task=arithmetic eyJ alone", "sha256 " + "ab12" * 16,
                                  "https://example.com/path?x=1", "AKIA short"])
def test_ordinary_words_are_not_tokens(text):
    assert secrets.redact_tokens(text) == text


def test_a_url_password_is_redacted_and_the_rest_of_the_url_kept():
    assert secrets.redact_tokens("postgres://admin:pw123456@db:5432/x") == f"postgres://admin:{REDACTED}@db:5432/x"
