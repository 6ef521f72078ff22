"""The pre-flight gaming audit of train.py (issue 26 item 2): refused before anything heavy, exit 2; overridable."""

from __future__ import annotations

import pytest

from helpers import compose
from loopwright.train.reward_audit import GameableReward, check
from loopwright.train.validate import ConfigError


def test_the_default_job_passes_the_preflight():
    found = check(compose([]))
    assert found["ran"] and found["passed"] and found["gameable"] == []
    assert set(found["gameability"]) >= {"templates", "prompt_swap", "empty"}


def test_the_rebuilt_customer_support_grader_passes_the_preflight():
    """Issue 26 item 4: refused here before the rebuild (templates at 0.85); now it trains without an override."""
    found = check(compose(["reward=customer_support", "task=customer_support"]))
    assert found["ran"] and found["passed"] and found["gameable"] == []


def test_a_planted_gameable_target_is_refused_with_the_probe_and_an_example():
    with pytest.raises(GameableReward) as err:
        check(compose(["+reward._target_=helpers.gameable_rewards.length_reward"]))
    assert isinstance(err.value, ConfigError) and "prompt_swap" in err.value.report["gameable"]
    message = str(err.value)
    assert "- prompt_swap:" in message and "e.g." in message and "reward.audit=false" in message


@pytest.mark.parametrize("overrides, why", [
    (["reward=customer_support", "task=customer_support", "reward.audit=false"], "reward.audit=false"),
    (["reward=customer_support", "task=customer_support", "objective=sft"], "sft"),
])
def test_the_override_and_sft_skip_it_and_say_so(overrides, why):
    found = check(compose(overrides))
    assert found["ran"] is False and why in found["skipped_by"]


def test_a_reward_call_before_training_is_bounded_and_names_its_stacks(tmp_path):
    """The reward's calls before the hang watchdog is armed (this audit, the signal check) end as RewardHung
    (status hung, exit 12) with every thread's stack written; a value or an error passes through unchanged."""
    import threading

    from loopwright.train import exits
    from loopwright.train.reward_audit import RewardHung, bounded

    release = threading.Event()

    def waits_on_a_dead_endpoint():
        release.wait(30)

    with pytest.raises(RewardHung, match=r"the step-0 signal check's reward has not returned in 0.2 s"):
        bounded(waits_on_a_dead_endpoint, 0.2, tmp_path / "hang_stacks.txt", "the step-0 signal check")
    release.set()
    assert "waits_on_a_dead_endpoint" in (tmp_path / "hang_stacks.txt").read_text()
    assert exits.exit_for(RewardHung("x")).code == 12 and exits.exit_for(RewardHung("x")).status == "hung"
    assert bounded(lambda: 42, 5, None) == 42
    with pytest.raises(KeyError, match="row"):
        bounded(lambda: {}["row"], 5, None)
