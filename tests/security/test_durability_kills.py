"""Durability: a SIGKILL at any point of a checkpoint save or a metrics append leaves a run that resumes.

Checkpoint saves: the real save code (``checkpoints.make_saves_atomic``) runs in a forked child around a
stand-in trainer whose ``_save_checkpoint`` writes two files the way transformers does (file by file). In
the child, every file-system step of the save (each half of each file the trainer writes, every rename,
replace, rmtree and fsync) counts as a point; the child SIGKILLs itself at point k, for every k until a
save runs through. After each kill, ``resolve_resume("auto")`` must name a checkpoint whose files are
whole, at least as new as the newest one before the save (replacing a step keeps a good copy of it).

Metrics and ledger appends: a SIGKILL mid-append leaves a prefix of the line being written (at most that:
the line is one ``write``). Every prefix is laid down as a kill would leave it, then read back the way a
resume reads it; a torn line that a later append was glued onto (a corrupt *middle* line) too.

What a power loss leaves when nothing was fsynced (a checkpoint dir whose file is short) cannot be made
with a kill: it is laid down by truncating the file, and the save is checked to fsync every file and dir.
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import shutil
import signal
from pathlib import Path
from types import SimpleNamespace

import pytest

from loopwright.train import checkpoints


def _files(step: int, version: str) -> dict[str, bytes]:
    return {"trainer_state.json": json.dumps({"global_step": step, "version": version}).encode(),
            "model.safetensors": (f"{version}-{step}-".encode() * 5000)}


class _Trainer:
    """What make_saves_atomic needs of a transformers Trainer: state.global_step, args.output_dir,
    _save_checkpoint writing checkpoint-<step> under output_dir."""

    def __init__(self, step: int, version: str, point):
        self.state = SimpleNamespace(global_step=step)
        self.args = SimpleNamespace(output_dir="")
        self.version, self.point = version, point

    def _save_checkpoint(self, model, trial):
        out = Path(self.args.output_dir) / f"checkpoint-{self.state.global_step}"
        out.mkdir(parents=True)
        for name, data in _files(self.state.global_step, self.version).items():
            with open(out / name, "wb") as handle:
                self.point()
                handle.write(data[: len(data) // 2])
                handle.flush()
                self.point()
                handle.write(data[len(data) // 2:])


def _save(run_dir: Path, step: int, version: str, kill_at: int | None, counts: dict | None = None) -> int:
    """Save checkpoint-<step> through the real save code; SIGKILL this process at point ``kill_at``."""
    seen = [0]

    def point():
        seen[0] += 1
        if kill_at is not None and seen[0] == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    def counted(fn, name):
        def wrapper(*args, **kwargs):
            point()
            if counts is not None:
                counts[name] = counts.get(name, 0) + 1
            return fn(*args, **kwargs)
        return wrapper

    for mod, name in ((os, "rename"), (os, "replace"), (os, "fsync"), (shutil, "rmtree")):
        setattr(mod, name, counted(getattr(mod, name), name))
    trainer = _Trainer(step, version, point)
    checkpoints.make_saves_atomic(trainer, run_dir, keep=3, fingerprint={"sha": "x"})
    trainer._save_checkpoint(None, None)
    return seen[0]


def _child(run_dir: str, step: int, version: str, kill_at: int) -> None:
    _save(Path(run_dir), step, version, kill_at)


def _whole(ck: Path, version_of) -> bool:
    step = checkpoints.step_of(ck)
    want = _files(step, version_of(step))
    return all((ck / name).is_file() and (ck / name).read_bytes() == data for name, data in want.items())


def _start(tmp: Path, saves: list[tuple[int, str]]) -> Path:
    run = tmp / "run"
    for step, version in saves:
        _save(run, step, version, None)
    return run


@pytest.fixture(autouse=True)
def _restore_os():
    saved = {(m, n): getattr(m, n) for m, n in ((os, "rename"), (os, "replace"), (os, "fsync"), (shutil, "rmtree"))}
    yield
    for (m, n), fn in saved.items():
        setattr(m, n, fn)


@pytest.mark.parametrize("scenario", ["new_step", "same_step"])
def test_a_kill_at_any_point_of_a_checkpoint_save_leaves_a_whole_checkpoint(tmp_path, scenario):
    # new_step: checkpoint-2 and -4 exist, -6 is being saved. same_step: -4 is saved again (a resumed run).
    step, newest_before = (6, 4) if scenario == "new_step" else (4, 4)
    template = _start(tmp_path / "template", [(2, "old"), (4, "old")])
    ctx = multiprocessing.get_context("fork")
    results, k = [], 0
    while True:
        k += 1
        run = tmp_path / f"k{k}"
        shutil.copytree(template, run)
        child = ctx.Process(target=_child, args=(str(run), step, "new", k))
        child.start()
        child.join(60)
        ck = checkpoints.resolve_resume("auto", run)
        version_of = (lambda s: "new" if s == step else "old") if scenario == "new_step" else None
        ok = ck is not None and checkpoints.step_of(ck) >= newest_before and (
            _whole(ck, version_of) if version_of else
            _whole(ck, lambda s: "old") or _whole(ck, lambda s: "new"))
        results.append((k, child.exitcode, ck.name if ck else None, ok))
        if child.exitcode == 0:
            break
    bad = [r for r in results if not r[3]]
    print(f"\n[durability] checkpoint save ({scenario}): {len(results) - 1} kill points, "
          f"{len(results) - 1 - len(bad)} resume from a whole checkpoint")
    assert not bad, f"(kill point, exit, resume=auto picks, whole) where resume would break: {bad}"
    assert results[-1][2] == f"checkpoint-{step}"


def test_a_save_fsyncs_every_file_and_directory(tmp_path):
    counts: dict = {}
    _save(tmp_path / "run", 2, "new", None, counts)
    written = list((tmp_path / "run" / "checkpoints" / "checkpoint-2").iterdir())
    # each file, the checkpoint dir, and checkpoints/ after the rename
    assert counts.get("fsync", 0) >= len(written) + 2, f"fsync calls {counts.get('fsync', 0)} for {len(written)} files"


def test_a_checkpoint_a_power_loss_left_short_is_skipped_for_the_previous_one(tmp_path, caplog):
    run = _start(tmp_path, [(2, "old"), (4, "old")])
    shard = run / "checkpoints" / "checkpoint-4" / "model.safetensors"
    shard.write_bytes(shard.read_bytes()[:100])  # renamed in, but its data never reached the disk
    with caplog.at_level(logging.WARNING):
        ck = checkpoints.resolve_resume("auto", run)
    assert ck is not None and ck.name == "checkpoint-2", f"resume=auto picked {ck}"
    assert "checkpoint-4" in caplog.text


LINES = [{"step": s, "loss": 0.5 / s, "reward": 0.25 * s} for s in (1, 2, 3, 4)]


def _text(rows) -> str:
    return "".join(json.dumps(r) + "\n" for r in rows)


def test_a_kill_at_any_byte_of_a_metrics_append_never_breaks_a_resume(tmp_path, caplog):
    from loopwright.runs.reader import read_metrics

    last = json.dumps(LINES[3]) + "\n"
    for cut in range(len(last)):  # a kill after `cut` bytes of the 4th line reached the file
        path = tmp_path / f"cut{cut}" / "metrics.jsonl"
        path.parent.mkdir()
        path.write_text(_text(LINES[:3]) + last[:cut])
        whole = cut == len(last) - 1  # all but the newline: a whole JSON object, kept
        assert [r["step"] for r in read_metrics(path.parent)] == [1, 2, 3, 4][: 4 if whole else 3]
        assert checkpoints.truncate_metrics(path, 2) == 2
        assert [r["step"] for r in read_metrics(path.parent)] == [1, 2]


def test_a_torn_line_glued_to_the_next_append_is_reported_and_skipped(tmp_path, caplog):
    from loopwright.runs.reader import read_metrics
    from loopwright.train.callbacks import MetricsFileCallback

    path = tmp_path / "metrics.jsonl"
    path.write_text(_text(LINES[:2]) + json.dumps(LINES[2])[:9])  # killed mid-append of step 3
    # the restarted run appends through the real callback
    cb = MetricsFileCallback(path)
    cb.on_log(None, SimpleNamespace(global_step=3, is_world_process_zero=True), None, logs={"loss": 0.1})
    with caplog.at_level(logging.WARNING):
        rows = read_metrics(tmp_path)
        assert [r["step"] for r in rows] == [1, 2, 3]
        assert checkpoints.truncate_metrics(path, 4) == 3
    assert "metrics.jsonl:3" in caplog.text
    # a corrupt line in the middle (whatever made it) is reported and skipped too, never fatal
    path.write_text(_text(LINES[:1]) + '{"step": 2, "lo{"step": 2}\n' + _text(LINES[2:]))
    assert checkpoints.truncate_metrics(path, 4) == 3
    assert [r["step"] for r in read_metrics(tmp_path)] == [1, 3, 4]


def test_a_torn_cost_ledger_line_is_reported_and_skipped(tmp_path, caplog):
    from hydra_plugins.loopwright_launchers.remote._ledger import append_cost, read_costs

    from loopwright.loop import flywheel_state

    ledger = tmp_path / "costs.jsonl"
    row = {"provider": "runpod", "pod_id": "p1", "dollars": 0.5, "job_dir": str(tmp_path / "fw" / "a")}
    ledger.write_text(json.dumps(row) + "\n" + json.dumps({**row, "pod_id": "p2"})[:20])  # killed mid-append
    append_cost(ledger, {**row, "pod_id": "p3"})
    with caplog.at_level(logging.WARNING):
        assert [r["pod_id"] for r in read_costs(ledger)] == ["p1", "p3"]
        assert flywheel_state.spent(ledger, tmp_path / "fw") == 1.0
    assert "costs.jsonl:2" in caplog.text
