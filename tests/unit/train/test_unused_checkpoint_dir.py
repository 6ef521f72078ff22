"""The unused checkpoints/ dir TRL creates is removed once, by rank 0, after every rank left training.

A faster rank removing it while another was still in transformers' ``_finalize_training`` (which globs it) crashed
that rank with FileNotFoundError (profile=multi_gpu's CPU stand-in, 2 gloo ranks, fresh-ci on 5000b5b)."""

from __future__ import annotations

from loopwright.train.steps import _remove_if_empty


def _ranks(monkeypatch, rank: int, world: int) -> list[str]:
    monkeypatch.setenv("RANK", str(rank))
    monkeypatch.setenv("WORLD_SIZE", str(world))
    return []


def test_a_rank_other_than_rank_zero_waits_and_leaves_the_dir(tmp_path, monkeypatch):
    log = _ranks(monkeypatch, 1, 2)
    (tmp_path / "checkpoints").mkdir()
    _remove_if_empty(tmp_path / "checkpoints", lambda: log.append("barrier"))
    assert log == ["barrier"] and (tmp_path / "checkpoints").is_dir()


def test_rank_zero_removes_it_after_every_rank_left_training(tmp_path, monkeypatch):
    log = _ranks(monkeypatch, 0, 2)
    (tmp_path / "checkpoints").mkdir()
    _remove_if_empty(tmp_path / "checkpoints", lambda: log.append("barrier"))
    assert log == ["barrier"] and not (tmp_path / "checkpoints").exists()


def test_one_process_removes_it_without_a_barrier_and_keeps_a_used_dir(tmp_path, monkeypatch):
    log = _ranks(monkeypatch, 0, 1)
    (tmp_path / "empty").mkdir()
    _remove_if_empty(tmp_path / "empty", lambda: log.append("barrier"))
    used = tmp_path / "used"
    (used / "checkpoint-2").mkdir(parents=True)
    _remove_if_empty(used, lambda: log.append("barrier"))
    _remove_if_empty(tmp_path / "gone", lambda: log.append("barrier"))  # already removed: no error
    assert log == [] and not (tmp_path / "empty").exists() and (used / "checkpoint-2").is_dir()
