"""logger=wandb and logger=tensorboard: real tiny runs, offline, reading what they wrote."""

from __future__ import annotations


import pytest

from loopwright import loggers as trackers


# ------------------------------------------------------------ unit: mode and online path
@pytest.mark.parametrize("setting, env, netrc, expected", [
    ("auto", {}, False, "offline"),
    ("auto", {"WANDB_API_KEY": "k"}, False, "online"),
    ("auto", {}, True, "online"),
    ("auto", {"WANDB_MODE": "dryrun", "WANDB_API_KEY": "k"}, False, "offline"),
    ("auto", {"WANDB_MODE": "disabled"}, True, "disabled"),
    ("offline", {"WANDB_API_KEY": "k"}, True, "offline"),
])
def test_wandb_mode_goes_online_only_with_credentials(monkeypatch, tmp_path, setting, env, netrc, expected):
    for key in ("WANDB_MODE", "WANDB_API_KEY"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    home = tmp_path / "home"
    home.mkdir()
    if netrc:
        (home / ".netrc").write_text("machine api.wandb.ai\n  login user\n  password abc\n")
        (home / ".netrc").chmod(0o600)
    monkeypatch.setenv("HOME", str(home))
    assert trackers.wandb_mode(setting)[0] == expected


class _FakeRun:
    """Stands in for an online wandb Run: records the artifact calls."""

    def __init__(self):
        self.used, self.logged = [], []

    def use_artifact(self, artifact):
        self.used.append(artifact)

    def log_artifact(self, artifact, aliases=None):
        self.logged.append(artifact)


@pytest.mark.parametrize("mode, used, logged", [("online", 1, 0), ("offline", 0, 1)])
def test_training_data_is_an_input_artifact_when_online(tmp_path, mode, used, logged):
    from helpers import compose

    data = tmp_path / "data"
    data.mkdir()
    for name in ("train.jsonl", "held_out.jsonl"):
        (data / name).write_text('{"prompt": "1+1", "answer": 2}\n')
    tracker = trackers.WandbTracker(compose(["logger=wandb", f"logger.mode={mode}"]), tmp_path)
    tracker.run = _FakeRun()
    tracker.log_data(data, {"train": {"path": "data/train.jsonl", "rows": 1, "sha256": "ab"},
                            "held_out": {"path": "data/held_out.jsonl", "rows": 1, "sha256": "cd"}})
    assert (len(tracker.run.used), len(tracker.run.logged)) == (used, logged)
    artifact = (tracker.run.used + tracker.run.logged)[0]
    assert artifact.type == "dataset" and artifact.metadata["train"]["sha256"] == "ab"
    assert sorted(artifact.manifest.entries) == ["held_out.jsonl", "train.jsonl"]


def test_a_missing_tracker_package_is_a_config_error_with_the_install_command(monkeypatch):
    import importlib.util

    from helpers import compose
    from loopwright.train.validate import problems_in

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "wandb" else real(name, *a))
    (problem,) = [p for p in problems_in(compose(["logger=wandb"])) if "logger" in p]
    assert "pip install 'loopwright[wandb]'" in problem
    assert not [p for p in problems_in(compose(["logger=tensorboard"])) if "logger" in p]
