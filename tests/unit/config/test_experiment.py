"""experiment=<name>: each bundle composes, validates, and sets exactly the choices it names."""

from __future__ import annotations

import re

import pytest
from omegaconf import OmegaConf

from helpers import CONF, compose, options
from loopwright.train.validate import problems_in

EXPERIMENTS = options("experiment")
_PAIR = r"`(task=\w+) (reward=\w+)`"
# Recipes (a stage of a chain: the tool agent's SFT warm-up, then GRPO from it) set more than a pair.
RECIPES = [e for e in EXPERIMENTS if not re.search(_PAIR, (CONF / "experiment" / f"{e}.yaml").read_text())]
PAIRS = [e for e in EXPERIMENTS if e not in RECIPES]


def _named_pair(experiment: str) -> list[str]:
    """The hand-written pair the YAML's header says it replaces, e.g. ['task=gsm8k', 'reward=gsm8k']."""
    header = (CONF / "experiment" / f"{experiment}.yaml").read_text()
    found = re.search(_PAIR, header)
    assert found, f"conf/experiment/{experiment}.yaml must name the pair it bundles as `task=X reward=Y`"
    return list(found.groups())


def test_the_documented_experiments_exist():
    assert {"support_agent", "tool_agent", "gsm8k"} <= set(EXPERIMENTS)


@pytest.mark.parametrize("experiment", PAIRS)
def test_each_experiment_composes_validates_and_sets_its_pair(experiment):
    cfg = compose([f"experiment={experiment}"])
    assert problems_in(cfg) == []
    OmegaConf.to_container(cfg, resolve=True, throw_on_missing=True)
    by_hand = compose(_named_pair(experiment))
    # task and reward are exactly what the hand-written pair gives
    assert cfg.task == by_hand.task and cfg.reward == by_hand.reward
    # the budget is long enough for the task's replies (the cpu profile's 12 tokens is not)
    assert cfg.profile.max_completion_length >= 64 > by_hand.profile.max_completion_length
    # everything else is untouched
    for group in ("model", "objective", "provider", "logger"):
        assert cfg[group] == by_hand[group]


TOOL_CHAIN, SUPPORT_CHAIN = ["tool_agent_sft", "tool_agent_grpo"], ["support_agent_sft", "support_agent_grpo"]
OPENENV_CHAIN = ["openenv_agent_sft", "openenv_agent_grpo"]


def test_the_recipes_are_the_two_chains():
    assert set(RECIPES) == {*TOOL_CHAIN, *SUPPORT_CHAIN, *OPENENV_CHAIN}


@pytest.mark.parametrize("experiment", OPENENV_CHAIN)
def test_each_openenv_recipe_composes_validates_and_runs_its_stage_in_episodes(experiment, monkeypatch):
    monkeypatch.syspath_prepend(str(CONF.parent / "examples" / "envs"))  # PYTHONPATH=examples/envs, as the docs say
    cfg = compose([f"experiment={experiment}"])
    assert problems_in(cfg) == []
    sft = experiment.endswith("_sft")
    assert cfg.objective.trainer.value == ("sft" if sft else "grpo") and cfg.task.multi_turn
    assert bool(cfg.task.environment.demonstrations) == sft  # the warm-up's transcripts; GRPO learns in episodes
    assert cfg.task.environment._target_ == "openenv_calculator.Calculator"


@pytest.mark.parametrize("experiment", SUPPORT_CHAIN)
def test_each_support_recipe_composes_validates_and_grades_with_the_support_grader(experiment):
    cfg = compose([f"experiment={experiment}"])
    assert problems_in(cfg) == []
    OmegaConf.to_container(cfg, resolve=True, throw_on_missing=True)
    assert cfg.task.name == "customer_support" and cfg.reward.name == "customer_support"
    assert cfg.eval.success_threshold == 0.7 and cfg.profile.max_completion_length >= 64
    sft = experiment.endswith("_sft")
    assert cfg.objective.trainer.value == ("sft" if sft else "grpo")
    assert bool(cfg.task.params.reference_replies) == sft  # the warm-up's targets; GRPO learns from the grader
    assert sft or cfg.model.name_or_path == "outputs/support_agent/sft/model"


@pytest.mark.parametrize("experiment", TOOL_CHAIN)
def test_each_recipe_composes_validates_and_runs_in_episodes(experiment):
    cfg = compose([f"experiment={experiment}"])
    assert problems_in(cfg) == []
    OmegaConf.to_container(cfg, resolve=True, throw_on_missing=True)
    assert cfg.task.name == "tool_use" and cfg.task.multi_turn and list(cfg.task.params.tools) == ["calculator"]
    assert cfg.reward._target_ == "loopwright.episodes.episode_answer_reward"


@pytest.mark.parametrize("experiment,threshold", [("support_agent", 0.7), ("tool_agent", 0.9)])
def test_graded_experiments_count_a_reply_solved_at_the_rewards_cut(experiment, threshold):
    cfg = compose([f"experiment={experiment}"])
    assert cfg.eval.success_threshold == threshold == cfg.reward.params.threshold


def test_the_command_line_wins_over_the_experiment():
    cfg = compose(["experiment=gsm8k", "reward=composite", "profile.max_completion_length=8", "eval.every=5"])
    assert (cfg.task.name, cfg.reward.name) == ("gsm8k", "composite")
    assert (cfg.profile.max_completion_length, cfg.eval.every) == (8, 5)


def test_no_experiment_by_default():
    cfg = compose()
    assert "experiment" not in cfg and (cfg.task.name, cfg.reward.name) == ("arithmetic", "arithmetic")
    assert cfg.profile.max_completion_length == 12
