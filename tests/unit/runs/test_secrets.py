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


# tests/security/blind5: names no list could hold, credentials in more shapes, secrets in altered forms
@pytest.mark.parametrize("value", ["Ab3dEf5hIj7kLm9n", "postgres://app@db:5432/p?sslmode=require&password=Ab3dEf5hIj7kLm9n",
                                   "https://Ab3dEf5hIj7kLm9n@pypi.internal/simple", "a1b2c3d4e5f6a7b8c9d0e1f2"])
def test_a_value_shaped_like_a_credential_is_secret_whatever_its_name(value):
    from loopwright.runs.secrets import looks_random, secret_values

    assert looks_random(value)
    assert value in secret_values({"BUILD_NOTE": value}, by_shape=True)  # a name no rule lists
    # what a run writes keeps such values (a CI's GITHUB_SHA is the git sha its manifest records)
    assert value not in secret_values({"BUILD_NOTE": value})


@pytest.mark.parametrize("value", ["disabled", "/tmp/tmpa8Xk2lq9z", "http://127.0.0.1:40123/hf", "xterm-256color",
                                   "en_US.UTF-8", "false", "1"])
def test_paths_words_and_local_urls_are_not_credential_shaped(value):
    from loopwright.runs.secrets import looks_random

    assert not looks_random(value)


@pytest.mark.parametrize("name", ["KENNWORT", "MOT_DE_PASSE", "ПАРОЛЬ", "密码", "HMAC_SALT", "JWT_SIGNING", "db_pw",
                                  "PRIVKEY", "MASTERKEY", "SLACK_HOOK"])
def test_env_names_blind5_got_back_are_secret_names(name):
    from loopwright.runs.secrets import is_secret_env_name

    assert is_secret_env_name(name)


@pytest.mark.parametrize("line", [
    "Authorization: Basic YWRtaW46c2VjcmV0MTIzNDU2", "> Cookie: sessionid=Zq8Wm2Lp4Xn6Vb9Tc3Rf",
    "+ curl -sS -u admin:Zq8Wm2Lp4Xn6Vb9T x",
    "cloning https://Zq8Wm2Lp4Xn6Vb9Tc3Rf@github.com/org/repo.git",
    "$ judge-cli --api-key Zq8Wm2Lp4Xn6Vb9Tc3Rf --model m",
    "slack: xoxb-1234567890-Zq8Wm2Lp4Xn6Vb9Tc3Rf", "using glpat-Zq8Wm2Lp4Xn6Vb9Tc3Rf",
    "maps AIzaSyZq8Wm2Lp4Xn6Vb9Tc3RfZq8Wm2Lp4Xn",
    "refresh ghr_Zq8Wm2Lp4Xn6Vb9Tc3Rf1234", "SG.Zq8Wm2Lp4Xn6Vb9Tc3R.Zq8Wm2Lp4Xn6Vb9Tc3Rfabc",
    "GET /x?X-Amz-Signature=Zq8Wm2Lp4Xn6Vb9Tc3Rf",
    "ASIAZQ8WM2LP4XN6VB9T Zq8Wm2Lp4Xn6Vb9Tc3Rf1234"])
def test_credentials_in_the_shapes_blind5_used_are_redacted(line):
    from loopwright.runs.secrets import redact_tokens

    out = redact_tokens(line)
    assert "zq8wm2lp4xn6" not in out.lower() and "YWRtaW46" not in out and "***REDACTED***" in out


def test_a_key_pasted_encoded_is_redacted_and_a_hash_is_not():
    import base64

    from loopwright.runs.secrets import redact_tokens

    wrapped = base64.b64encode(b"api_key: sk-abcdefghijklmnopqrstuvwx").decode()
    assert wrapped not in redact_tokens(f"blob {wrapped}")
    digest = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    assert redact_tokens(f"sha256 {digest}") == f"sha256 {digest}"


def test_a_known_secret_is_found_in_its_altered_forms_and_withheld_by_line():
    import base64

    from loopwright.runs.secret_forms import WITHHELD, holds, windows, withhold

    secret = "hf_Zq8Wm2Lp4Xn6Vb9Tc3RfYh7K"
    known = windows((secret,))
    forms = [base64.b64encode(("x" + secret).encode()).decode(), secret.encode().hex(), secret[::-1],
             "\u200b".join(secret), "".join(chr(ord(c) + 0xFEE0) if c.isalnum() else c for c in secret),
             " ".join(secret), "%" + "%".join(f"{b:02X}" for b in secret.encode()), secret[10:]]
    for form in forms:
        assert holds(f"log: {form} end", known), form
    assert withhold(f"ok line\n{secret[:13]}\n{secret[13:]}\nnext", known) == f"ok line\n{WITHHELD}\n{WITHHELD}\nnext"
    assert not holds("step 3 loss 0.25 lr=1e-5 tokens 4096", known)


def test_a_known_value_cut_between_two_lines_loses_both_pieces_and_nothing_else():
    from loopwright.runs.secret_forms import redact_split

    r = "***REDACTED***"
    for secret in ("rpa_3f9c1a7e5b2d8c4f6a0e", "q7Zx9K"):  # 24 characters, and a 6-character one (whole only)
        for cut in range(1, len(secret)):
            a, b = secret[:cut], secret[cut:]
            assert redact_split([a, b], [secret]) == [r, r], cut
            assert redact_split(["ok\n", f"key 1: {a} (cont.)\r\n", f"key 2: {b} done\n"], [secret]) == [
                "ok\n", f"key 1: {r} (cont.)\r\n", f"key 2: {r} done\n"], cut
    s = "rpa_3f9c1a7e5b2d8c4f6a0e"
    assert redact_split([s[:8], s[8:16], s[16:]], [s]) == ["***REDACTED***"] * 3  # three lines: every piece
    # under SPLIT_MIN characters of a long value in all, or pieces inside words, or the pieces in the wrong order
    innocent = [["rpa_3f9c", "1a7 ok"], ["xrpa3f9c1a7e", "5b2d8c4f6a0e"], ["rpa_3f9c1a7e5b2dx", "8c4f6a0e"],
                [s[12:], s[:12]], ["q7Zx", "9Kw"], ["step 1", "step 2"]]
    for lines in innocent:
        assert redact_split(lines, [s, "q7Zx9K"]) == lines, lines


def test_whole_values_on_adjacent_lines_are_no_cut_and_stay_whole_for_the_scrubber():
    """Caught by fresh-ci on the merge (test_mcp_read_only_attacks): "connecting with github_pat-<hex>" above
    "Authorization: Bearer api_key_2-<hex>" read as api_key_2's value cut after "api_" (the "_" of "github_pat"
    standing alone as its first piece), so a character of github_pat's whole value was cut out and the line was
    withheld instead of redacted. A piece of a cut is never part of the value written whole."""
    from loopwright.mcp_tools.redaction import scrub_reply
    from loopwright.runs.secret_forms import redact_split

    values = ["github_pat-667f6bf45779d16c702e", "api_key_2-7a3a174c2213bac24663"]
    lines = [f"connecting with {values[0]}", f"Authorization: Bearer {values[1]}"]
    assert redact_split(lines, values) == lines
    tail = scrub_reply({"tail": lines}, values)["tail"]
    assert tail[0] == "connecting with ***REDACTED***" and not any(v[-12:] in str(tail) for v in values)


def test_a_file_swapped_for_a_link_out_of_the_confinement_is_refused_on_its_descriptor(tmp_path):
    import os

    from loopwright.runs import reader

    inside, outside = tmp_path / "in", tmp_path / "out"
    inside.mkdir()
    outside.mkdir()
    (outside / "secret.txt").write_text("outside")
    (inside / "ok.txt").write_text("inside")
    os.symlink(outside / "secret.txt", inside / "train.log")  # what a swap after the path check leaves
    saved = dict(reader._CONFINED)
    try:
        reader.confine(read=[inside], write=[inside])
        assert reader.read_regular(inside / "ok.txt")[0] == b"inside"
        with pytest.raises(reader.OutsideRoots, match="outside the dirs this process may read"):
            reader.read_regular(inside / "train.log")
        os.symlink(outside, inside / "swapped")
        with pytest.raises(reader.OutsideRoots, match="may write"):
            with reader.atomic_file(inside / "swapped" / "report.json") as handle:
                handle.write(b"x")
        with pytest.raises(reader.OutsideRoots, match="may write"):
            reader.atomic_file(inside / "swapped" / "new" / "report.json").__enter__()
        assert list(outside.iterdir()) == [outside / "secret.txt"]  # nothing was created outside
        with reader.atomic_file(inside / "ok.json") as handle:
            handle.write(b"{}")
        assert (inside / "ok.json").read_bytes() == b"{}" and oct((inside / "ok.json").stat().st_mode)[-3:] == "644"
    finally:
        reader._CONFINED.clear()
        reader._CONFINED.update(saved)
