"""One hop from an option to its code: task=X is registered by tasks/X.py, with its environment and lookup."""

from __future__ import annotations

import pytest
from helpers import compose, options

from loopwright import tasks


@pytest.mark.parametrize("option", options("task"))
def test_every_task_option_is_registered_in_its_own_module(option):
    kind = compose([f"task={option}"]).task.kind
    spec = tasks.REGISTRY[kind]
    module = f"loopwright.tasks.{kind}"
    assert spec.build.__module__ == module and spec.summary
    for part in (spec.environment, spec.columns):  # a task's episode environment and column lookup: same file
        assert part is None or part.__module__ == module


def test_multi_turn_tasks_are_the_ones_with_an_environment():
    multi = ["customer_support", "tool_use", "verifiers"]  # verifiers: the configured environment's toolsets
    assert sorted(k for k, spec in tasks.REGISTRY.items() if spec.multi_turn) == multi
    assert tasks.problems(compose(["task=arithmetic", "task.multi_turn=true"]).task) == [
        f"task.multi_turn=true is not supported by task 'arithmetic'; tasks that support it: {multi}"]


def test_columns_for_uses_the_tasks_lookup_and_lets_metadata_win():
    from loopwright.tasks.customer_support import load_scenarios

    scenario = load_scenarios()[0]
    messages = [{"role": "user", "content": f"Where is my order {scenario['order_id']}?"}]
    columns, reason = tasks.columns_for("customer_support", messages)
    assert reason is None and columns["scenario_id"] == scenario["scenario_id"]
    assert tasks.columns_for("customer_support", messages, {"columns": {"order_id": "mine"}})[0]["order_id"] == "mine"
    assert tasks.columns_for("customer_support", [{"role": "user", "content": "hi"}]) == (
        {}, "no order number in the conversation to look the facts up by")
    assert tasks.columns_for("arithmetic", messages, {"columns": {"answer": "7"}}) == ({"answer": "7"}, None)
    assert tasks.columns_for(None, messages) == ({}, None)
