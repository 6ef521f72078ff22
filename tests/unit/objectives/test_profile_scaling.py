"""Issue 14: paper values sized for long budgets are scaled from the profile, so each option learns on a short one.

DAPO's soft overlong ramp is on only from `objective.overlong.min_budget` tokens; GSPO's sequence clip range is
interpolated from the token clip at one token to the paper's value at `objective.clip_reference_length`.
"""

from __future__ import annotations

import math

import pytest

from helpers import compose
from loopwright import objectives
from loopwright.train.validate import problems_in

PROFILES = ["cpu", "smoke", "gpu", "gpu_lora", "multi_gpu"]


def _expected_clip(eps_paper: float, eps_token: float, length: int, ref: int) -> float:
    return eps_token * (eps_paper / eps_token) ** (math.log(length) / math.log(ref))


@pytest.mark.parametrize("name", ["gspo", "gspo_token"])
def test_the_default_profile_gets_a_sequence_clip_scaled_to_its_budget(tmp_path, name):
    cfg = compose(["model=tiny", f"objective={name}"])
    length = int(cfg.profile.max_completion_length)
    assert length == 12  # profile=cpu: the figures in the YAML comment are for this budget
    kwargs = objectives.trainer_config_kwargs(cfg, tmp_path)
    assert kwargs["epsilon"] == pytest.approx(_expected_clip(3e-4, 0.2, 12, 16384))
    assert kwargs["epsilon_high"] == pytest.approx(_expected_clip(4e-4, 0.28, 12, 16384))
    assert (kwargs["epsilon"] == pytest.approx(0.0378, abs=1e-4)
            and kwargs["epsilon_high"] == pytest.approx(0.0523, abs=1e-4))
    record = objectives.scaling_record(cfg)
    assert (record["clip"]["paper"] == [3e-4, 4e-4]
            and record["clip"]["used"] == [kwargs["epsilon"], kwargs["epsilon_high"]])


def test_sequence_clip_runs_from_the_token_clip_to_the_papers_value():
    class Clips:
        epsilon, epsilon_high, clip_reference_length = 3e-4, 4e-4, 16384

    assert objectives.sequence_clip(Clips, 1) == pytest.approx(objectives.TOKEN_CLIP)
    assert objectives.sequence_clip(Clips, 16384) == (3e-4, 4e-4)
    assert objectives.sequence_clip(Clips, 100_000) == (3e-4, 4e-4)  # never wider than the paper past its lengths
    lows = [objectives.sequence_clip(Clips, n)[0] for n in (2, 8, 12, 64, 256, 4096, 16383)]
    assert lows == sorted(lows, reverse=True) and len(set(lows)) == len(lows)

    class Unscaled(Clips):
        clip_reference_length = None

    assert objectives.sequence_clip(Unscaled, 12) == (3e-4, 4e-4)


def test_the_dapo_ramp_never_covers_the_default_tasks_answers(tmp_path):
    """Under every shipped profile, a reply of the default task's longest answer-first form scores 0 overlong."""
    from loopwright import tasks
    from loopwright import models

    _, tokenizer = models.load(compose(["model=tiny"]).model)  # the SmolLM2 tokenizer
    for profile in PROFILES:
        cfg = compose(["model=tiny", "objective=dapo", f"profile={profile}"])
        train_rows, held_out = tasks.build(cfg.task)
        longest = max(len(tokenizer(f"The answer is {row['answer']}.")["input_ids"]) for row in train_rows + held_out)
        funcs = objectives.reward_functions(cfg, [])
        budget = int(cfg.profile.max_completion_length)
        if objectives.overlong_active(cfg):
            assert budget >= int(cfg.objective.overlong.min_budget)
            assert len(funcs) == 1 and funcs[0]([[0] * longest]) == [0.0], profile
        else:  # a budget under the floor: no ramp anywhere (and no filter: the test below)
            assert budget < int(cfg.objective.overlong.min_budget) and funcs == [], profile
            assert objectives.reward_weights(cfg) == [1.0]
        assert objectives.scaling_record(cfg)["overlong"]["active"] == objectives.overlong_active(cfg)


def test_profile_cpu_keeps_dapos_clip_higher_and_token_loss_without_its_overlong_treatment(tmp_path):
    cfg = compose(["model=tiny", "objective=dapo"])
    kwargs = objectives.trainer_config_kwargs(cfg, tmp_path)
    assert kwargs["mask_truncated_completions"] is False and kwargs["reward_weights"] == [1.0]
    assert (kwargs["epsilon"], kwargs["epsilon_high"], kwargs["loss_type"], kwargs["beta"]) == (0.2, 0.28, "dapo", 0.0)
    assert objectives.scaling_record(cfg)["overlong"]["filter"] == {"configured": True, "active": False}


@pytest.mark.parametrize("overrides, masked", [
    (["profile.max_completion_length=256"], True),   # the floor: filter and ramp as the paper wrote them
    (["profile.max_completion_length=255"], False),
    (["objective.overlong.min_budget=0"], True),     # the floor lowered: the paper's treatment at any budget
    (["objective.overlong.enabled=false"], True),    # no overlong treatment to scale: the filter as written
    (["objective.mask_truncated_completions=false", "profile.max_completion_length=256"], False),
])
def test_dapos_overlong_filter_follows_the_same_floor_as_its_ramp(tmp_path, overrides, masked):
    cfg = compose(["model=tiny", "objective=dapo", *overrides])
    assert objectives.trainer_config_kwargs(cfg, tmp_path)["mask_truncated_completions"] is masked
    if cfg.objective.overlong.enabled and cfg.objective.mask_truncated_completions:
        assert masked == objectives.overlong_active(cfg)  # one floor for both parts


def test_another_objectives_filter_is_never_scaled(tmp_path):
    cfg = compose(["model=tiny", "objective=grpo", "objective.mask_truncated_completions=true"])
    assert objectives.trainer_config_kwargs(cfg, tmp_path)["mask_truncated_completions"] is True


@pytest.mark.parametrize("overrides, message", [
    (["objective=grpo", "objective.clip_reference_length=16384"], "objective.clip_reference_length scales a sequence"),
    (["objective=gspo", "objective.clip_reference_length=1"], "objective.clip_reference_length=1 must be >= 2"),
    (["objective=dapo", "objective.overlong.min_budget=-1"], "objective.overlong.min_budget=-1 must be >= 0"),
])
def test_bad_scaling_keys_are_named(overrides, message):
    assert any(message in p for p in problems_in(compose(["model=tiny", *overrides]))), message
