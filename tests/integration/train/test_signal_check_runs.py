"""The step-0 signal check through the real train.py: planted no-signal runs stop before the first optimizer step
with status no_signal and exit 10, naming the cause and the override; guards.signal_check=false runs them anyway;
a run with signal pays no generation for the check (it judged the first step's own rollouts).

model=tiny is random: it never ends a reply (8 tokens of random vocabulary) and never answers, so under the
default (guards.signal_check=null) its verdict is only recorded; these tests set guards.signal_check=true to
enforce the check on it, which is exactly the planted "model that never emits EOS"."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from helpers import ROOT

TINY = ["model=tiny", "profile=smoke", "task.n_eval=4", "guards.signal_check=true"]
# Rewards planted for the check, imported by the run from the test's directory (reward._target_).
PLANTED = '''
def constant(completions, **kwargs):  # one value whatever the completion: no group ever has a difference
    return [0.5 for _ in completions]


def char_count(completions, **kwargs):  # always tells completions apart: only the length rule can fire
    return [float(len(c[-1]["content"])) for c in completions]
'''


def run_train(args, cwd):
    (cwd / "planted_rewards.py").write_text(PLANTED)
    path = os.pathsep.join([str(ROOT / "src"), str(cwd)])
    return subprocess.run([sys.executable, str(ROOT / "train.py"), *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": path}, timeout=600)


def _stopped(proc, run_dir):
    assert proc.returncode == 10, proc.stdout[-3000:] + proc.stderr[-3000:]
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["status"] == "no_signal"
    # judged inside the first step, before its optimizer step: no step finished, nothing logged, no weights
    assert "global_step" not in manifest and "train_s" not in manifest["timings"]
    assert not (run_dir / "model").exists() and not list(run_dir.glob("checkpoints/checkpoint-*"))
    assert not (run_dir / "metrics.jsonl").exists() or not (run_dir / "metrics.jsonl").read_text().strip()
    assert "guards.signal_check=false" in proc.stderr and "Traceback" not in proc.stderr
    check = manifest["signal_check"]
    assert check["enforced"] is True and check["signal"] is False
    assert check["completions"] == check["prompts"] * check["group_size"]
    assert check["looked_at"]["training_batch"] == 4  # profile=smoke: 4 completions (2 groups of 2) a step
    return manifest, check


def test_a_model_that_never_ends_its_replies_stops_at_step_zero(tmp_path):
    run_dir = tmp_path / "run"
    proc = run_train([*TINY, "reward._target_=planted_rewards.char_count", "reward.audit=false",
                      f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    manifest, check = _stopped(proc, run_dir)
    assert check["groups_with_equal_rewards"] < check["prompts"]  # the reward tells them apart: only length fires
    assert check["cut_at_budget"] == check["completions"]
    # 2 groups all cut could be chance: topped up to MIN_GROUPS groups from the same weights before deciding
    assert check["looked_at"]["top_up"] == 28 and check["prompts"] == 16 and check["one_value_everywhere"] is False
    assert "cut at the budget (profile.max_completion_length=8)" in proc.stderr
    assert "profile.max_completion_length=32" in proc.stderr


def test_a_reward_that_returns_one_value_stops_at_step_zero_and_false_skips_the_check(tmp_path):
    run_dir = tmp_path / "run"
    planted = [*TINY, "reward._target_=planted_rewards.constant"]
    proc = run_train([*planted, f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    manifest, check = _stopped(proc, run_dir)
    assert check["groups_with_equal_rewards"] == check["prompts"] and check["reward_values"] == [0.5]
    # one value for every completion and every reference answer: no sample could change that, so no top-up
    assert check["looked_at"]["top_up"] == 0 and check["one_value_everywhere"] is True
    assert "the reward returns one value (0.5) for every completion and to the task's reference answers" in proc.stderr
    skipped = tmp_path / "skipped"
    proc = run_train([*planted, "guards.signal_check=false", f"hydra.run.dir={skipped}"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    manifest = json.loads((skipped / "manifest.json").read_text())
    assert manifest["status"] == "completed" and manifest["signal_check"] == {"skipped": "guards.signal_check=false"}


def test_on_a_random_init_model_the_default_records_the_verdict_and_trains(tmp_path):
    """guards.signal_check=null (the default) on model=tiny: every reply is cut at the budget, recorded with the
    top-up that confirmed it, not enforced; the run trains. (A constant reward is not stopped here either: a format
    reward scores raw reference answers as it scores random text, and such wiring runs must train.)"""
    default = [t for t in TINY if not t.startswith("guards.signal_check")]
    run_dir = tmp_path / "counts"
    proc = run_train([*default, "reward._target_=planted_rewards.char_count", "reward.audit=false",
                      "guards.reward_hacking=null",  # a length reward: the monitor would stop it, rightly
                      f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    check = json.loads((run_dir / "manifest.json").read_text())["signal_check"]
    assert check["signal"] is False and check["enforced"] is False and check["looked_at"]["top_up"] == 28
