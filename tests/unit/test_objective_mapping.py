"""objective + profile -> TRL trainer config: every knob from the config, none lost on the way."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import compose, config_error, options
from loopwright.objectives import trainer_config_kwargs

OBJECTIVES = options("objective")
CONFIG_CLASS = {"grpo": "GRPOConfig", "rloo": "RLOOConfig", "sft": "SFTConfig"}
# Fields of the objective/profile groups that are not TRL config fields, per trainer.
# clip_reference_length is folded into epsilon / epsilon_high (loopwright.objectives.sequence_clip);
# omp_wait_policy is the process environment (loopwright.train.job), not a trainer field; attn_implementation
# is how the model is loaded (loopwright.models.load); share_prompts and inverse_cdf_sampling wrap
# the built trainer (loopwright.rollout.prompt_sharing, loopwright.rollout.inverse_cdf_sampling).
NOT_TRAINER_FIELDS = {"name", "trainer", "device", "precision", "eval_batch_size", "overlong", "clip_reference_length",
                      "omp_wait_policy", "attn_implementation", "share_prompts",
                      "inverse_cdf_sampling"}
TRAINER_ONLY = {
    "grpo": {"loss_type", "scale_rewards", "importance_sampling_level", "sapo_temperature_pos",
             "sapo_temperature_neg", "vespo_k_pos", "vespo_lambda_pos", "vespo_k_neg", "vespo_lambda_neg",
             "use_bias_correction_kl"},
    "rloo": {"normalize_advantages"},
    "sft": {"completion_only_loss", "max_length"},
}
RL_ONLY = {"beta", "epsilon", "epsilon_high", "num_iterations", "steps_per_generation",
           "mask_truncated_completions", "temperature", "top_p", "num_generations", "max_completion_length"}


def _trl_config(cfg, tmp_path):
    import trl

    kwargs = trainer_config_kwargs(cfg, tmp_path)
    return kwargs, getattr(trl, CONFIG_CLASS[cfg.objective.trainer.value])(**kwargs)


@pytest.mark.parametrize("objective", OBJECTIVES)
def test_each_objective_builds_its_trl_config_with_exactly_the_configured_values(tmp_path, objective):
    cfg = compose(["model=tiny", f"objective={objective}"])
    kwargs, args = _trl_config(cfg, tmp_path)
    for key, value in kwargs.items():
        assert getattr(args, key) == value or str(getattr(args, key)) == str(value), key


@pytest.mark.parametrize("objective", OBJECTIVES)
def test_every_field_meant_for_the_trainer_reaches_it(tmp_path, objective):
    cfg = compose(["model=tiny", f"objective={objective}"])
    trainer = cfg.objective.trainer.value
    kwargs = trainer_config_kwargs(cfg, tmp_path)
    other_trainers = set().union(*(v for k, v in TRAINER_ONLY.items() if k != trainer))
    skipped = NOT_TRAINER_FIELDS | other_trainers | (RL_ONLY if trainer == "sft" else set())
    for group in ("objective", "profile"):
        for key in cfg[group]:
            if key not in skipped:
                assert key in kwargs, f"{group}.{key} is configured but never reaches {CONFIG_CLASS[trainer]}"


# The identity of each option: the TRL fields that make the algorithm what it is.
SIGNATURES = {
    "grpo": {"loss_type": "grpo", "beta": 0.04, "epsilon": 0.2, "scale_rewards": "group",
             "importance_sampling_level": "token", "use_bias_correction_kl": False},
    "dr_grpo": {"loss_type": "dr_grpo", "beta": 0.0, "scale_rewards": "none"},
    "bnpo": {"loss_type": "bnpo"},
    "dapo": {"loss_type": "dapo", "beta": 0.0, "epsilon": 0.2, "epsilon_high": 0.28,
             "mask_truncated_completions": True, "reward_weights": [1.0, 1.0]},
    "gspo": {"loss_type": "grpo", "importance_sampling_level": "sequence", "beta": 0.0, "epsilon": 3e-4,
             "epsilon_high": 4e-4, "steps_per_generation": 4},
    "cispo": {"loss_type": "cispo", "epsilon_high": 5.0, "beta": 0.0},
    "sapo": {"loss_type": "sapo", "sapo_temperature_pos": 1.0, "sapo_temperature_neg": 1.05},
    "luspo": {"loss_type": "luspo", "importance_sampling_level": "sequence", "beta": 0.0, "steps_per_generation": 4},
    "vespo": {"loss_type": "vespo", "importance_sampling_level": "token", "beta": 0.0, "vespo_k_pos": 2.0,
              "vespo_lambda_pos": 3.0, "vespo_k_neg": 3.0, "vespo_lambda_neg": 2.0},
    "rloo": {"beta": 0.05, "normalize_advantages": False},
    "sft": {"completion_only_loss": True},
}


@pytest.mark.parametrize("objective", sorted(SIGNATURES))
def test_objective_carries_its_papers_values(tmp_path, objective):
    # In the papers' own budget regime; what a short profile makes of them:
    # tests/unit/objectives/test_profile_scaling.py
    budget = {"gspo": ["profile.max_completion_length=16384"], "dapo": ["profile.max_completion_length=256"]}
    kwargs = trainer_config_kwargs(compose(["model=tiny", f"objective={objective}", *budget.get(objective, [])]),
                                   tmp_path)
    for key, value in SIGNATURES[objective].items():
        assert kwargs[key] == value, f"objective={objective}: {key}={kwargs[key]!r}, expected {value!r}"


def test_gspo_token_resolves_to_gspos_trainer_config(tmp_path):
    def fields(name):
        kwargs = trainer_config_kwargs(compose(["model=tiny", f"objective={name}"]), tmp_path)
        return kwargs

    assert fields("gspo_token") == fields("gspo")


def test_every_objective_yaml_cites_its_source():
    from helpers import CONF

    for objective in OBJECTIVES:
        text = (CONF / "objective" / f"{objective}.yaml").read_text()
        assert "TRL" in text, f"conf/objective/{objective}.yaml does not say which TRL code it follows"
        if objective not in ("sft", "bnpo"):
            assert "arXiv:" in text, f"conf/objective/{objective}.yaml does not cite its paper"
    assert "NOT the Beta-Normalization" in (CONF / "objective" / "bnpo.yaml").read_text()


@pytest.mark.parametrize("precision,bf16,fp16", [("fp32", False, False), ("bf16", True, False)])
def test_precision_maps_to_trainer_flags(tmp_path, precision, bf16, fp16):
    kwargs = trainer_config_kwargs(compose(["model=tiny", f"profile.precision={precision}"]), tmp_path)
    assert (kwargs["bf16"], kwargs["fp16"]) == (bf16, fp16)


@pytest.mark.parametrize("overrides,expected", [
    (["objective=rloo", "objective.loss_type=dapo"],
     "objective.loss_type=dapo has no effect with objective.trainer=rloo"),
    (["objective=sft", "objective.scale_rewards=group"], "objective.scale_rewards=group has no effect"),
    (["objective=grpo", "objective.loss_type=null"], "objective.loss_type must be set for objective.trainer=grpo"),
    (["objective=cispo", "objective.epsilon_high=null"], "objective.loss_type=cispo needs objective.epsilon_high"),
    (["objective=gspo", "objective.steps_per_generation=3", "profile.per_device_train_batch_size=3",
      "profile.num_generations=2"], "objective.steps_per_generation (3)"),
    (["objective=sft", "objective.overlong.enabled=true"], "objective.overlong.enabled=true needs an RL trainer"),
    (["objective=dapo", "objective.overlong.buffer_fraction=1.5"], "objective.overlong.buffer_fraction=1.5"),
    (["objective=rloo", "task=tool_use", "task.multi_turn=true"], "task.multi_turn=true needs objective.trainer=grpo"),
    (["task.multi_turn=true"], "task.multi_turn=true is not supported by task 'arithmetic'"),
])
def test_objective_rules_name_full_keys(overrides, expected):
    assert expected in config_error(overrides)


@pytest.mark.parametrize("has_bf16,expected", [(True, "bf16"), (False, "fp32")])
def test_auto_precision_follows_the_device(has_bf16, expected):
    from loopwright.objectives import resolved_precision

    profile = compose(["model=tiny", "profile.precision=auto"]).profile
    assert resolved_precision(profile, {"bf16": has_bf16}) == expected
    assert resolved_precision(compose(["model=tiny", "profile.precision=fp32"]).profile, {"bf16": True}) == "fp32"


def test_the_default_profile_is_auto_and_reaches_trl_as_this_machines_bf16():
    from loopwright.preflight.device import probe_device

    cfg = compose(["model=tiny"])
    assert cfg.profile.precision.value == "auto"
    assert trainer_config_kwargs(cfg, Path("/tmp/x"))["bf16"] is probe_device("cpu")["bf16"]
