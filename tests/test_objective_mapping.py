"""objective + profile -> TRL GRPOConfig: every knob from the config, none lost on the way."""

from __future__ import annotations

import pytest

from conftest import compose
from loopwright.objectives import grpo_config_kwargs


def test_grpo_config_receives_exactly_the_configured_values(tmp_path):
    from trl import GRPOConfig

    cfg = compose(["model=tiny", "objective.learning_rate=1e-5", "objective.beta=0.1", "objective.epsilon=0.3",
                   "objective.epsilon_high=0.35", "objective.scale_rewards=batch", "seed=3",
                   "profile.num_generations=4", "profile.max_completion_length=20", "profile.max_steps=7"])
    kwargs = grpo_config_kwargs(cfg, tmp_path)
    args = GRPOConfig(**kwargs)
    assert args.learning_rate == 1e-5 and args.beta == 0.1 and args.epsilon == 0.3
    assert args.epsilon_high == 0.35 and args.scale_rewards == "batch" and args.seed == 3
    assert args.num_generations == 4 and args.max_completion_length == 20 and args.max_steps == 7
    assert args.loss_type == "grpo" and args.importance_sampling_level == "token"
    assert args.save_strategy == "no" and args.report_to == []
    for key, value in kwargs.items():
        assert getattr(args, key) == value or str(getattr(args, key)) == str(value), key


def test_every_objective_and_profile_field_reaches_the_trainer(tmp_path):
    cfg = compose(["model=tiny"])
    kwargs = grpo_config_kwargs(cfg, tmp_path)
    not_trainer_fields = {"name", "trainer", "device", "precision", "eval_batch_size"}
    for group in ("objective", "profile"):
        for key in cfg[group]:
            if key not in not_trainer_fields:
                assert key in kwargs, f"{group}.{key} is configured but never reaches GRPOConfig"


@pytest.mark.parametrize("precision,bf16,fp16", [("fp32", False, False), ("bf16", True, False)])
def test_precision_maps_to_trainer_flags(tmp_path, precision, bf16, fp16):
    kwargs = grpo_config_kwargs(compose(["model=tiny", f"profile.precision={precision}"]), tmp_path)
    assert (kwargs["bf16"], kwargs["fp16"]) == (bf16, fp16)


def test_grpo_objective_carries_the_paper_values():
    o = compose().objective
    assert (o.loss_type.value, o.beta, o.epsilon, o.scale_rewards.value, o.importance_sampling_level.value) == \
        ("grpo", 0.04, 0.2, "group", "token")
