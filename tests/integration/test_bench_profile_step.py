"""bench/profile_step.py: a real tiny run broken down into a step's parts; the attribution rules on known blocks."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from helpers import ROOT, load_script


def _module():
    return load_script(ROOT / "bench" / "profile_step.py")


def test_nested_blocks_count_once_and_logps_go_where_they_were_called():
    ps = _module()
    rec = ps.Recorder()
    rec.step = 1
    rec.enter("_prepare_inputs")
    rec.enter("transformers.generate")
    rec.exit()
    rec.enter(ps.LOGPS)
    rec.exit()
    rec.exit()
    rec.enter("compute_loss")
    rec.enter(ps.LOGPS)
    rec.exit()
    rec.exit()
    cats = [ps.category(b) for b in rec.blocks]
    assert cats == ["generation", "old/ref log-probs", "other rollout bookkeeping",
                    "loss forward (policy log-probs)", "loss forward (policy log-probs)"]
    prepare = next(b for b in rec.blocks if b["name"] == "_prepare_inputs")
    assert prepare["s"] >= 0 and prepare["parent"] is None


def test_summary_rows_add_up_to_the_train_time_after_the_first_step():
    ps = _module()
    blocks = [{"name": "transformers.generate", "parent": "_prepare_inputs", "s": 2.0, "step": 0},
              {"name": "transformers.generate", "parent": "_prepare_inputs", "s": 1.0, "step": 1},
              {"name": "backward", "parent": None, "s": 0.5, "step": 1}]
    out = ps.summarize(blocks, train_s=4.0, steps=2)
    assert out["rows"]["generation"]["s_per_step"] == 1.0 and out["rows"]["backward"]["s_per_step"] == 0.5
    assert out["rows"]["rest (scheduler, logging, callbacks, data)"]["s_per_step"] == pytest.approx(0.5)
    assert out["s_per_step_after_first"] == pytest.approx(2.0)


def test_a_tiny_run_is_broken_down(tmp_path):
    out = tmp_path / "p.json"
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "profile_step.py"), "--model", "tiny", "--profile",
                           "smoke", "--steps", "3", "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(out.read_text())
    rows = result["rows"]
    for part in ("generation", "old/ref log-probs", "loss forward (policy log-probs)", "backward", "optimizer step"):
        assert rows[part]["s_per_step"] > 0, part
    assert sum(r["share"] for r in rows.values()) == pytest.approx(1.0, abs=0.01)
    assert "block" in proc.stdout and "backward" in proc.stdout
