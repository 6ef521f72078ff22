"""task.environment._target_: a user's environment class checked against TRL's contract at validation."""

from __future__ import annotations


import pytest
from helpers import compose

from loopwright.episodes import adapter
from loopwright.train.validate import problems_in

KEY = "task.environment._target_"
ENVS = "helpers.environments"


def _problems(*overrides: str) -> list[str]:
    return problems_in(compose(["task=arithmetic", "model=tiny", *overrides]))


def _env_problems(target: str, *overrides: str) -> list[str]:
    return [p for p in _problems("task.multi_turn=true", f"{KEY}={target}", *overrides) if "task.environment" in p]


def test_a_class_that_fits_the_contract_passes_and_makes_any_task_multi_turn():
    assert _problems("task.multi_turn=true", f"{KEY}={ENVS}.Abacus") == []
    # without it, arithmetic has no environment of its own
    assert any("not supported by task 'arithmetic'" in p for p in _problems("task.multi_turn=true"))


@pytest.mark.parametrize("target, expected", [
    ("nowhere_pkg.Env", f"{KEY}=nowhere_pkg.Env: cannot import module 'nowhere_pkg' (ModuleNotFoundError"),
    ("Abacus", f"{KEY}=Abacus: must be a dotted path module.Class"),
    (f"{ENVS}.Missing", f"{KEY}={ENVS}.Missing: module '{ENVS}' has no attribute 'Missing'"),
    (f"{ENVS}.not_a_class", f"{KEY}={ENVS}.not_a_class: '{ENVS}.not_a_class' is a Abacus, not a class"),
    (f"{ENVS}.NoReset", f"{KEY}={ENVS}.NoReset: NoReset has no reset method"),
    (f"{ENVS}.ResetWithoutRow", f"{KEY}={ENVS}.ResetWithoutRow: ResetWithoutRow.reset must accept **kwargs"),
    (f"{ENVS}.UndocumentedTool", f"{KEY}={ENVS}.UndocumentedTool: tool UndocumentedTool.subtract: Cannot generate "
                                 "JSON schema for subtract because it has no docstring!"),
    (f"{ENVS}.RewardWithArguments", f"{KEY}={ENVS}.RewardWithArguments: RewardWithArguments.get_reward must be a "
                                    "method taking no arguments"),
    (f"{ENVS}.NoTools", f"{KEY}={ENVS}.NoTools: NoTools has no tools"),
])
def test_each_broken_contract_is_one_problem_naming_the_key(target, expected):
    found = _env_problems(target)
    assert len(found) == 1 and found[0].startswith(expected), found


def test_constructor_kwargs_are_checked_and_bound_into_the_factory():
    assert _env_problems(f"{ENVS}.Abacus", "+task.environment.kwargs.bonus=0.5") == []
    bad = _env_problems(f"{ENVS}.Abacus", "+task.environment.kwargs.colour=red")
    assert len(bad) == 1 and "Abacus(**task.environment.kwargs) does not fit its constructor" in bad[0]
    factory = adapter.environment_factory(compose(["task.multi_turn=true", f"{KEY}={ENVS}.Abacus",
                                                   "+task.environment.kwargs.bonus=0.5"]).task)
    assert factory().get_reward() == 0.5


def test_environment_needs_episodes_and_kwargs_need_a_target():
    assert _problems(f"{KEY}={ENVS}.Abacus") == [f"{KEY}={ENVS}.Abacus needs task.multi_turn=true (the environment "
                                                 "runs only in episodes)"]
    assert _problems("+task.environment.kwargs.bonus=1") == [f"task.environment.kwargs is set but {KEY} is not"]


def test_without_a_target_the_factory_is_the_tasks_own_environment():
    from loopwright.tasks.tool_use import ToolUseEnvironment

    assert adapter.environment_factory(compose(["task=tool_use", "task.multi_turn=true"]).task) is ToolUseEnvironment
    with pytest.raises(ValueError, match=f"no episode environment.*{KEY}=my_pkg.MyEnv"):
        adapter.environment_factory(compose(["task=arithmetic", "task.multi_turn=true"]).task)


def test_token_check_samples_must_be_positive():
    assert "task.token_check_samples=0 must be >= 1" in " ".join(_problems("task.token_check_samples=0"))
