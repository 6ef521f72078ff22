"""Each knob of train.py is declared once: conf/train.yaml shows every key of the schema (src/loopwright/config/
train.py) with its comment, and never a value other than the schema's default, so the two cannot drift apart and a
key a user cannot find in the YAML (or in ``--cfg job``'s comments) does not exist."""

from __future__ import annotations

from omegaconf import DictConfig, OmegaConf

import loopwright.config  # noqa: F401  (registers the schemas)
from helpers import ROOT
from loopwright.config.train import TrainConfig

GROUPS = ("model", "objective", "reward", "task", "provider", "rollout", "profile", "logger")  # their own files
INTERNAL = ("trial.",)  # written by the sweeper into each trial's config, never set by hand (docs/SWEEPS.md)


def _leaves(node: DictConfig, prefix: str = ""):
    for key in node.keys():
        child = node._get_node(key)
        if isinstance(child, DictConfig) and not child._is_none() and not child._is_missing():
            yield from _leaves(child, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", child


def _plain(node):
    value = OmegaConf.to_container(node) if isinstance(node, DictConfig) else node._value()
    return getattr(value, "value", value)  # an Enum default compares by its value, as the YAML writes it


def _yaml() -> DictConfig:
    cfg = OmegaConf.load(ROOT / "conf" / "train.yaml")
    cfg.pop("defaults")
    cfg.pop("hydra")
    return cfg


def test_no_key_in_train_yaml_has_a_value_other_than_the_schema_default():
    schema = OmegaConf.structured(TrainConfig)
    drift = []
    for path, node in _leaves(_yaml()):
        default = OmegaConf.select(schema, path, default="<absent>")
        assert default != "<absent>", f"conf/train.yaml: {path} is not in the schema (config/train.py)"
        default, value = getattr(default, "value", default), _plain(node)
        numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (default, value))
        if (default != value) if numbers else (str(default) != str(value)):  # 600 is 600.0
            drift.append(f"{path}: schema {default!r}, conf/train.yaml {_plain(node)!r}")
    assert drift == [], "one knob, two defaults: " + "; ".join(drift)


def test_every_schema_key_is_shown_in_train_yaml():
    shown = {path for path, _ in _leaves(_yaml())}
    hidden = [path for path, _ in _leaves(OmegaConf.structured(TrainConfig))
              if path not in shown and not path.startswith(GROUPS) and not path.startswith(INTERNAL)]
    assert hidden == [], f"keys only the schema knows (add each to conf/train.yaml with a comment): {hidden}"


def test_a_drifted_default_is_caught(tmp_path, monkeypatch):
    """The check can fail: a copy of the YAML with one default changed is reported."""
    drifted = (ROOT / "conf" / "train.yaml").read_text(encoding="utf-8").replace(
        "  every: null ", "  every: 7 ", 1)
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "train.yaml").write_text(drifted, encoding="utf-8")
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    try:
        test_no_key_in_train_yaml_has_a_value_other_than_the_schema_default()
    except AssertionError as err:
        assert "eval.every: schema None, conf/train.yaml 7" in str(err)
    else:
        raise AssertionError("a drifted default went unnoticed")
