"""The resume plan's rules on their own (the real runs are in tests/integration/train/test_resume_matrix.py)."""

from __future__ import annotations

import json

import pytest

from loopwright.train import resume
from loopwright.train.resume import ResumeRefused


def _fingerprint(processes=1, sha="a" * 64, **config):
    return {"dataset_sha256": sha, "processes": processes, "max_steps": 4,
            "config": {"objective": {"learning_rate": 2e-5, "beta": 0.04}, "profile": {"max_steps": 4}, **config}}


def _checkpoint(tmp_path, fingerprint):
    ckpt = tmp_path / "checkpoints" / "checkpoint-2"
    ckpt.mkdir(parents=True)
    (ckpt / resume.FINGERPRINT).write_text(json.dumps(fingerprint))
    return ckpt


@pytest.mark.parametrize("setting, previous, env, expected", [
    (None, {"status": "preempted"}, {}, "auto"),
    (None, {"status": "running"}, {"SLURM_RESTART_COUNT": "1"}, "auto"),
    (None, {"status": "running"}, {}, None),
    (None, None, {"SLURM_RESTART_COUNT": "2"}, None),  # nothing ran here before: a fresh start
    ("/some/checkpoint", {"status": "preempted"}, {}, "/some/checkpoint"),  # what the user asked wins
])
def test_when_resume_auto_is_implied(setting, previous, env, expected, monkeypatch):
    monkeypatch.delenv("SLURM_RESTART_COUNT", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    chosen, why = resume.implied_resume(setting, previous)
    assert chosen == expected
    assert (why is not None) == (expected == "auto")


def test_differences_name_changed_keys_and_ignore_max_steps_and_unknown_keys():
    saved = _fingerprint()
    now = _fingerprint()
    now["config"]["objective"]["learning_rate"] = 3e-5
    now["config"]["profile"]["max_steps"] = 8
    now["config"]["objective"]["new_key_of_a_later_version"] = True
    assert resume.differences(saved, now) == ["objective.learning_rate: 2e-05 -> 3e-05"]


def test_check_refuses_processes_and_data_and_forces_only_data(tmp_path):
    ckpt = _checkpoint(tmp_path, _fingerprint())
    with pytest.raises(ResumeRefused, match=r"1 process\(es\), this job has 2"):
        resume.check(ckpt, _fingerprint(processes=2), force=True)  # the process count cannot be forced
    with pytest.raises(ResumeRefused, match="resume_force=true resumes anyway"):
        resume.check(ckpt, _fingerprint(sha="b" * 64), force=False)
    assert resume.check(ckpt, _fingerprint(sha="b" * 64), force=True) == ["dataset"]
    assert resume.check(ckpt, _fingerprint(), force=False) == []


def test_a_checkpoint_without_a_fingerprint_is_not_checked(tmp_path):
    ckpt = tmp_path / "checkpoints" / "checkpoint-2"
    ckpt.mkdir(parents=True)
    assert resume.check(ckpt, _fingerprint(processes=8), force=False) == []
