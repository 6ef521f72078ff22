"""The run writer: redaction, atomic writes, hashes."""

from __future__ import annotations

import hashlib
import json

import pytest

from loopwright.runs import writer


@pytest.mark.parametrize("key,secret", [
    ("hf_token", True), ("WANDB_API_KEY", True), ("api_key", True), ("password", True),
    ("client_secret", True), ("max_new_tokens", False), ("keep", False), ("num_tokens", False),
    ("monkey", False), ("tokenizer", False), ("num_key_value_heads", False), ("aws_secret_access_key", True),
    ("password_env", True), ("token", True), ("key", True),
])
def test_secret_key_detection(key, secret):
    assert writer.is_secret_key(key) is secret


def test_redact_walks_nested_structures_and_keeps_empty_values():
    tree = {"a": {"hf_token": "abc", "x": [{"api_key": "k"}]}, "token": None, "n": 1}
    assert writer.redact(tree) == {"a": {"hf_token": writer.REDACTED, "x": [{"api_key": writer.REDACTED}]},
                                   "token": None, "n": 1}


def test_write_json_atomic_replaces_whole_file_and_leaves_no_temp(tmp_path):
    path = tmp_path / "m.json"
    writer.write_json_atomic(path, {"v": 1})
    writer.write_json_atomic(path, {"v": 2})
    assert json.loads(path.read_text()) == {"v": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


def test_write_json_atomic_keeps_old_file_when_serialisation_fails(tmp_path):
    path = tmp_path / "m.json"
    writer.write_json_atomic(path, {"v": 1})
    with pytest.raises(ValueError):
        writer.write_json_atomic(path, {"v": float("nan"), "circular": None} | {"x": _Circular()})
    assert json.loads(path.read_text()) == {"v": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


class _Circular:
    def __repr__(self):
        raise ValueError("cannot serialise")


def test_jsonl_hash_is_the_file_hash(tmp_path):
    digest = writer.write_jsonl(tmp_path / "d.jsonl", [{"b": 1, "a": "é"}])
    assert digest == hashlib.sha256((tmp_path / "d.jsonl").read_bytes()).hexdigest()
    assert (tmp_path / "d.jsonl").read_text() == '{"a": "é", "b": 1}\n'


@pytest.mark.parametrize("override,expected", [
    ("+hf_token=abc", f"+hf_token={writer.REDACTED}"),
    ("logger.wandb.api_key=xyz", f"logger.wandb.api_key={writer.REDACTED}"),
    ("model=tiny,+x.password=p", f"model=tiny,+x.password={writer.REDACTED}"),
    ("profile.max_completion_length=12", "profile.max_completion_length=12"),
    ("eval.max_new_tokens=5", "eval.max_new_tokens=5"),
])
def test_redact_override(override, expected):
    assert writer.redact_override(override) == expected


@pytest.mark.parametrize("text,expected", [
    ("postgresql://me:pw123@db.example/optuna", f"postgresql://me:{writer.REDACTED}@db.example/optuna"),
    ("++trial.storage=mysql+pymysql://u:s3cr3t@h:3306/d", f"++trial.storage=mysql+pymysql://u:{writer.REDACTED}@h:3306/d"),
    ("sqlite:///outputs/sweep/study.db", "sqlite:///outputs/sweep/study.db"),
    ("https://rest.runpod.io/v1", "https://rest.runpod.io/v1"),
    ("see http://host:8080/x", "see http://host:8080/x"),
])
def test_passwords_inside_urls_are_redacted(text, expected):
    assert writer.redact({"trial": {"storage": text}})["trial"]["storage"] == expected
    assert writer.redact_override(text) == expected


TRICKY_YAML = """\
quoted_bool: 'true'
quoted_float: '1e-5'
quoted_null: 'null'
interpolation: ${model.name_or_path}
unicode: "héllo ✓"
multiline: "line1\\nline2"
mixed: [1, 'yes', 'off', 2.5, null, '~', '']
nested: {hex: '0x10', underscored: '1_000', colon: 'a: b', dash: '- item'}
number: 1e-5
hf_token: hf_abcdefgh
"""


def test_a_redacted_yaml_file_is_what_omegaconf_would_have_written(tmp_path):
    # redact_yaml_file dumps with OmegaConf's own dumper instead of OmegaConf.to_yaml (which builds a config first,
    # 0.3 s a run): the file must be byte for byte what to_yaml writes, strings that look like other types quoted
    from omegaconf import OmegaConf

    path = tmp_path / "config.yaml"
    path.write_text(TRICKY_YAML)
    writer.redact_yaml_file(path)
    redacted = writer.redact(OmegaConf.to_container(OmegaConf.create(TRICKY_YAML), resolve=False))
    assert redacted["hf_token"] == writer.REDACTED
    assert path.read_text() == OmegaConf.to_yaml(OmegaConf.create(redacted))
    assert OmegaConf.to_container(OmegaConf.load(path), resolve=False) == redacted
