"""Durability, end to end: a real ``resume=auto`` with the tiny model over a run dir as kills and a power loss
leave it, and an explicit resume from an older checkpoint that must not leave the abandoned line preferred.

One training run (model=tiny profile=smoke, 4 steps, checkpoints at 2 and 4) is shared by every check:

1. damage it: checkpoint-4's weights short (renamed in, its data never reached the disk: what a power
   loss leaves when nothing is fsynced), a corrupt metrics line in the middle (a torn line a later append
   was glued onto) and a torn last line (a SIGKILL mid-append);
2. ``resume=auto`` must skip checkpoint-4 with a warning, continue from checkpoint-2 and log steps 1-4
   exactly once;
3. ``resume=<checkpoint-2>`` (explicit, older) with profile.max_steps=3, then: the next ``resume=auto``
   must pick this line's checkpoint-3, not the abandoned line's checkpoint-4, which is set aside (renamed),
   not deleted.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from helpers import ROOT
from helpers.runs import metrics

RUN = ["model=tiny", "profile=smoke", "profile.max_steps=4", "checkpoint.every=2", "checkpoint.keep=3",
       "guards.zero_signal_steps=null", "task.n_train=4", "task.n_eval=8", "eval.enabled=false", "save_model=false"]


def _train(run_dir: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "train.py"), *RUN, *extra, f"hydra.run.dir={run_dir}"],
                          cwd=run_dir.parent, capture_output=True, text=True, timeout=600)


def test_resume_survives_kills_power_loss_and_an_abandoned_line(tmp_path):
    from loopwright.train import checkpoints

    run = tmp_path / "run"
    first = _train(run)
    assert first.returncode == 0, first.stderr[-3000:]
    ckpts = run / "checkpoints"
    assert sorted(p.name for p in ckpts.glob("checkpoint-*")) == ["checkpoint-2", "checkpoint-4"]

    # 1. what a power loss and two kills leave
    shard = ckpts / "checkpoint-4" / "model.safetensors"
    shard.write_bytes(shard.read_bytes()[: shard.stat().st_size // 3])
    lines = (run / "metrics.jsonl").read_text().splitlines(keepends=True)
    (run / "metrics.jsonl").write_text("".join(lines[:2]) + lines[2][:15] + "".join(lines[2:]) + lines[3][:20])

    # 2. resume=auto: the short checkpoint is skipped, the run completes from checkpoint-2
    second = _train(run, "resume=auto")
    assert second.returncode == 0, second.stderr[-3000:]
    said = second.stdout + second.stderr + (run / "train.log").read_text()
    assert "checkpoint-4: skipped, not a complete checkpoint (model.safetensors is" in said, said[-3000:]
    assert "resuming from" in said and "checkpoint-2" in said
    assert [m["step"] for m in metrics(run)] == [1, 2, 3, 4]

    # 3. an explicit resume from the older checkpoint-2 starts another line, which ends (and saves) at step 3
    third = _train(run, f"resume={ckpts / 'checkpoint-2'}", "profile.max_steps=3")
    assert third.returncode == 0, third.stderr[-3000:]
    picked = checkpoints.resolve_resume("auto", run)
    assert picked == ckpts / "checkpoint-3", f"resume=auto would continue the abandoned line from {picked}"
    aside = [p for p in ckpts.rglob("checkpoint-4") if p.parent != ckpts]
    assert aside and (aside[-1] / "trainer_state.json").is_file(), "the abandoned checkpoint-4 was deleted"
    assert [m["step"] for m in metrics(run)] == [1, 2, 3]
