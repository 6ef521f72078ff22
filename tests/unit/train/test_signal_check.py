"""The step-0 signal check's verdict on known batches (src/loopwright/train/signal_check.py); the planted runs
through train.py are in tests/integration/train/test_signal_check_runs.py."""

from __future__ import annotations

import pytest

from helpers import compose
from loopwright.train import exits, signal_check


def _verdict(overrides, texts, ended, scores, references=None, group=4):
    cfg = compose(overrides)
    rows = [{"prompt": f"q{i}"} for i in range(len(scores) // group)]
    return signal_check.verdict(cfg, rows, group, texts, ended, scores, references)


def test_one_group_with_a_reward_difference_and_replies_that_end_is_signal():
    v = _verdict(["model=smollm2"], ["7"] * 8, [True] * 7 + [False], [0, 0, 0, 0, 0, 1, 0, 0])
    assert v["signal"] and v["causes"] == [] and v["groups_with_equal_rewards"] == 1


def test_completions_cut_inside_a_reasoning_block_name_thinking_off_and_the_budget():
    v = _verdict(["model=qwen"], ["<think>\nOkay, the user asks"] * 8, [False] * 8, [0.0] * 8, references=[1.0, 1.0])
    assert not v["signal"] and v["opened_reasoning_block"] == 8 and v["cut_at_budget"] == 8
    assert any("model.thinking=off" in c for c in v["causes"])
    assert any("profile.max_completion_length=48" in c for c in v["causes"])  # 4 x the cpu profile's 12
    assert not any("returns one value" in c for c in v["causes"])  # the reference answers score 1: the reward works
    assert "guards.signal_check=false" in signal_check.message(v)


def test_a_reward_that_returns_one_value_is_named_when_the_reference_answers_score_it_too():
    v = _verdict(["model=smollm2"], ["7"] * 8, [True] * 8, [0.5] * 8, references=[0.5, 0.5])
    assert not v["signal"] and v["causes"] == [v["causes"][0]] and "returns one value (0.5)" in v["causes"][0]


def test_a_working_reward_the_model_never_satisfies_yet_is_left_to_the_zero_signal_guard():
    # the default job on seed 1: 16 of 16 groups all-wrong at temperature 1, yet it learns; the reference answers
    # score 1, so the reward works and nothing structural is wrong
    v = _verdict(["model=smollm2"], ["3"] * 8, [True] * 8, [0.0] * 8, references=[1.0, 1.0])
    assert v["signal"] and v["causes"] == [] and "guards.zero_signal_steps" in v["warning"]
    v = _verdict(["model=smollm2"], ["3"] * 8, [True] * 8, [0.0] * 8, references=None)  # nothing to try: stop
    assert not v["signal"] and "returns one value (0)" in v["causes"][0]


def test_nearly_all_cut_stops_even_when_rewards_differ_and_most_cut_does_not():
    v = _verdict(["model=smollm2"], ["a", "bb"] * 25, [False] * 50, [0, 1] * 25, group=2)
    assert not v["signal"] and v["groups_with_equal_rewards"] == 0 and v["cut_at_budget"] == 50
    v = _verdict(["model=smollm2"], ["a", "bb"] * 25, [False] * 48 + [True] * 2, [0, 1] * 25, group=2)
    assert v["signal"] and v["cut_at_budget"] == 48  # 96% < CUT_SHARE: the default job is cut up to 88%


@pytest.mark.parametrize("overrides,expected", [
    ([], True), (["model=tiny"], False), (["model=tiny", "guards.signal_check=true"], True),
    (["guards.signal_check=false"], None), (["model=qwen"], True),
])
def test_null_enforces_on_real_weights_and_records_on_random_init(overrides, expected):
    assert signal_check.enforced(compose(overrides)) is expected


def test_the_batch_is_at_least_min_groups_of_distinct_prompts_drawn_with_the_seed():
    cfg = compose([])  # profile=cpu: 16 completions per generation batch, groups of 8 -> 2 groups; floor 8
    rows = [{"prompt": [{"role": "user", "content": f"{i}"}]} for i in range(20)] * 2
    picked, group = signal_check.batch_rows(cfg, rows)
    assert group == 8 and len(picked) == signal_check.MIN_GROUPS == 16
    assert len({r["prompt"][0]["content"] for r in picked}) == 16
    assert signal_check.batch_rows(cfg, rows)[0] == picked  # the same seed, the same prompts


def test_no_signal_has_its_own_status_and_exit_code():
    err = signal_check.NoSignal("x")
    how = exits.exit_for(err)
    assert (how.status, how.code) == ("no_signal", 10)


def _judged(tmp_path, completions, rewards, clipped, event):
    """The callback on a stand-in of the table TRL keeps (its completions, rewards and metrics), fired by
    ``event``; the real trainer is in tests/integration/train/test_signal_check_runs.py."""
    import json
    from types import SimpleNamespace

    import torch

    from loopwright.train.record import RunRecord

    cfg = compose(["model=tiny", "profile=smoke"])
    record = RunRecord.start(cfg, tmp_path)
    rows = [{"prompt": f"q{i}", "answer": "1"} for i in range(4)]
    job = SimpleNamespace(cfg=cfg, run_dir=tmp_path, record=record, resume=None)
    data = SimpleNamespace(train_rows=rows, reward_fn=lambda completions, **_: [1.0 for _ in completions])
    trainer = SimpleNamespace(_logs={"completion": completions, "rewards": {"r": rewards}},
                              _metrics={"train": {"completions/clipped_ratio": [clipped]}},
                              reward_weights=torch.tensor([1.0]), reward_func_names=["r"], num_generations=2,
                              add_callback=lambda cb: None)
    check = signal_check.attach(job, data, trainer)
    getattr(check, event)(None, None, None)
    getattr(check, "on_step_end")(None, None, None)  # after the hook it is a no-op: judged once
    return json.loads((tmp_path / "manifest.json").read_text())["signal_check"]


def test_a_trainer_that_never_calls_the_pre_optimizer_hook_is_judged_at_step_end_and_says_so(tmp_path):
    on_time = _judged(tmp_path / "a", ["7", "3", "1", "2"], [0.0, 1.0, 1.0, 0.0], 0.0, "on_pre_optimizer_step")
    assert on_time["signal"] and "late" not in on_time and on_time["looked_at"] == {"training_batch": 4, "top_up": 0}
    late = _judged(tmp_path / "b", ["7", "3", "1", "2"], [0.0, 1.0, 1.0, 0.0], 0.0, "on_step_end")
    assert late["signal"] and "no pre-optimizer hook" in late["late"]


def test_an_empty_first_table_is_no_verdict_not_no_signal(tmp_path):
    check = _judged(tmp_path, [], [], 0.0, "on_pre_optimizer_step")
    assert check == {"skipped": "the trainer's first step held no scored completions"}
