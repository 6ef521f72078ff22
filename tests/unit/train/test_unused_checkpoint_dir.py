"""The unused checkpoints/ dir TRL creates is removed once, by the main rank, after every rank left training.

A faster rank removing it while another was still in transformers' ``_finalize_training`` (which globs it) crashed
that rank with FileNotFoundError (profile=multi_gpu's CPU stand-in, 2 gloo ranks, fresh-ci on 5000b5b)."""

from __future__ import annotations

from loopwright.train.steps import _remove_if_empty


class Accelerator:
    def __init__(self, processes: int, main: bool, log: list[str]) -> None:
        self.num_processes, self.is_main_process, self.log = processes, main, log

    def wait_for_everyone(self) -> None:
        self.log.append("barrier")


def test_a_rank_other_than_the_main_one_waits_and_leaves_the_dir(tmp_path):
    log: list[str] = []
    (tmp_path / "checkpoints").mkdir()
    _remove_if_empty(tmp_path / "checkpoints", Accelerator(2, False, log))
    assert log == ["barrier"] and (tmp_path / "checkpoints").is_dir()


def test_the_main_rank_removes_it_after_every_rank_left_training(tmp_path):
    log: list[str] = []
    (tmp_path / "checkpoints").mkdir()
    _remove_if_empty(tmp_path / "checkpoints", Accelerator(2, True, log))
    assert log == ["barrier"] and not (tmp_path / "checkpoints").exists()


def test_one_process_removes_it_without_a_barrier_and_keeps_a_used_dir(tmp_path):
    log: list[str] = []
    (tmp_path / "empty").mkdir()
    _remove_if_empty(tmp_path / "empty", Accelerator(1, True, log))
    used = tmp_path / "used"
    (used / "checkpoint-2").mkdir(parents=True)
    _remove_if_empty(used, None)
    _remove_if_empty(tmp_path / "gone", None)  # already removed: nothing to do, no error
    assert log == [] and not (tmp_path / "empty").exists() and (used / "checkpoint-2").is_dir()
