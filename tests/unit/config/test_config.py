"""Composition and validation: every option composes; bad input fails before any model loads."""

from __future__ import annotations


import pytest
from omegaconf import OmegaConf

from helpers import GROUPS, ROOT, cache_hub_model, compose, options
from loopwright.train.validate import ConfigError, problems_in, validate

ALL_OPTIONS = [(g, o) for g in GROUPS for o in options(g)]


def test_every_group_has_options():
    for group in GROUPS:
        assert options(group), f"conf/{group}/ has no options"


# Options that are valid only with the user's own settings (the judge's endpoint): given here.
NEEDS = {("reward", "judge"): ["reward.base_url=http://127.0.0.1:9/v1", "reward.model=judge-model"],
         # the verifiers environment each reads (a test package: tests/helpers/vf_envs/)
         ("reward", "verifiers"): ["+reward.params.env=helpers.vf_envs.addition"],
         ("task", "verifiers"): ["task.env=helpers.vf_envs.addition", "reward=verifiers"]}


@pytest.mark.parametrize("group,option", ALL_OPTIONS, ids=[f"{g}={o}" for g, o in ALL_OPTIONS])
def test_every_option_composes_and_validates(group, option, tmp_path, monkeypatch):
    cfg = compose([f"{group}={option}", *NEEDS.get((group, option), [])])
    assert cfg[group].name == option, f"conf/{group}/{option}.yaml must set name: {option}"
    if group == "model" and cfg.model.name_or_path:  # a hub model: as after `hf download` (tests run offline)
        monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
        cache_hub_model(tmp_path, cfg.model.name_or_path)
    if cfg.rollout.engine.value == "vllm":  # as on the machine it is meant for: CUDA, vLLM installed, server up
        from loopwright import rollout
        from loopwright.preflight import checks
        from loopwright.rollout import vllm_server

        monkeypatch.setattr(rollout, "_cuda_available", lambda: True)
        monkeypatch.setattr(checks, "problems", lambda cfg: [])
        monkeypatch.setattr(vllm_server, "problems", lambda cfg, model_path: [])
        if cfg.profile.device.value == "cpu":  # profile=cpu/smoke + rollout=vllm_server: CPU refused, tested apart
            cfg.profile.device = "auto"
    assert problems_in(cfg) == []
    # Every value resolves (no MISSING left) once composed.
    OmegaConf.to_container(cfg, resolve=True, throw_on_missing=True)


def test_defaults_are_the_documented_ones():
    choices = {g: compose()[g].name for g in GROUPS}
    assert choices == {"model": "smollm2", "objective": "grpo", "reward": "arithmetic", "task": "arithmetic",
                       "provider": "local", "profile": "cpu", "rollout": "hf", "logger": "none"}


CROSS_FIELD = [
    (["profile.num_generations=3"], ["profile.per_device_train_batch_size", "profile.num_generations"]),
    (["profile.num_generations=1", "profile.per_device_train_batch_size=4"], ["profile.num_generations=1"]),
    (["objective.epsilon_high=0.1"], ["objective.epsilon_high", "objective.epsilon"]),
    (["task.min_operand=9", "task.max_operand=3"], ["task.min_operand", "task.max_operand"]),
    (["reward.kind=nope"], ["reward.kind", "arithmetic"]),
    (["task.n_eval=100"], ["task.n_eval (100)", "100 distinct questions"]),
    (["task.operations=[+,/]"], ["task.operations", "'/'"]),
    (["eval.limit=0"], ["eval.limit=0", ">= 1"]),
    (["model.name_or_path=/no/such/dir"], ["model.name_or_path=/no/such/dir"]),
    (["profile.device=cpu", "profile.attn_implementation=flash_attention_2"],
     ["profile.attn_implementation=flash_attention_2", "CUDA"]),
]


@pytest.mark.parametrize("overrides,expected", CROSS_FIELD, ids=[" ".join(o[0]) for o in CROSS_FIELD])
def test_cross_field_rules_name_full_keys(overrides, expected):
    cfg = compose(["model=tiny", *overrides])
    with pytest.raises(ConfigError) as info:
        validate(cfg)
    for key in expected:
        assert key in str(info.value)


def test_issue_example_overrides_are_valid():
    cfg = compose(["task.n_train=512", "objective.learning_rate=1e-5", "seed=3"])
    assert problems_in(cfg) == []
    assert (cfg.task.n_train, cfg.objective.learning_rate, cfg.seed) == (512, 1e-5, 3)


def test_run_dirs_have_sub_second_timestamps():
    from hydra import compose as hydra_compose
    from hydra import initialize_config_dir

    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        cfg = hydra_compose(config_name="train", return_hydra_config=True)
    assert "%f" in OmegaConf.to_container(cfg.hydra.run, resolve=False)["dir"]
    assert "%f" in OmegaConf.to_container(cfg.hydra.sweep, resolve=False)["dir"]
