"""One hop from an option to its code: every reward= option is registered by the module named as it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers import ROOT, compose, options

from loopwright import rewards


# Options that cannot be valid without the user's own settings: those given here.
NEEDS = {"judge": ["reward.base_url=http://127.0.0.1:9/v1", "reward.model=judge-model"],
         "verifiers": ["+reward.params.env=helpers.vf_envs.addition"]}  # the environment whose rubric it grades by


@pytest.mark.parametrize("option", options("reward"))
def test_every_reward_option_is_registered_in_its_own_module(option):
    cfg = compose([f"reward={option}", *NEEDS.get(option, [])]).reward
    kinds = [c.kind for c in cfg.components] if cfg.kind == rewards.COMPOSITE else [cfg.kind]
    for kind in kinds:
        spec = rewards.REGISTRY[kind]
        assert spec.make.__module__ == f"loopwright.rewards.{kind}"
        home = ROOT / "src" / "loopwright" / "rewards"
        assert (home / f"{kind}.py").is_file() or (home / kind / "__init__.py").is_file()  # a module or a package
        assert spec.summary  # what `reward.kind=?` errors and listings show
    assert rewards.problems(cfg) == []


def test_breakdowns_live_with_their_grader():
    spec = rewards.REGISTRY["customer_support"]
    assert spec.breakdown.__module__ == spec.summarize.__module__ == "loopwright.rewards.customer_support"
    parts = spec.breakdown("Thank you! Order W0000000 has shipped.", {"facts_json": "not json"})
    assert "score" not in parts and set(spec.summarize([parts])) == {
        "grounded", "resolves", "answers_asked", "hands_off", "refuses_with_rule", "tone", "specific", "contradicted",
        "rude", "ungrounded", "without_facts"}


def test_unknown_kind_lists_the_registered_ones():
    cfg = compose(["reward.kind=nope"]).reward
    assert rewards.problems(cfg) == [f"reward.kind='nope' is not a known reward; choose from "
                                     f"{sorted(rewards.REGISTRY) + ['composite']}"]


def test_a_name_registered_twice_is_refused():
    assert "gsm8k" in rewards.REGISTRY  # loaded: rewards/gsm8k.py registered it
    with pytest.raises(ValueError, match="reward 'gsm8k' is registered twice"):
        rewards.register("gsm8k")(lambda params: None)


def test_grader_modules_load_only_when_the_registry_is_read():
    code = ("import sys; from loopwright import rewards, tasks; "
            "loaded = lambda: sorted(m for m in sys.modules if m.startswith(('loopwright.rewards.', "
            "'loopwright.tasks.'))); "
            "before = loaded(); names = sorted(rewards.REGISTRY) + sorted(tasks.REGISTRY); "
            "print(before, 'loopwright.rewards.customer_support' in loaded(), 'torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["[]", "True", "False"]


def test_length_and_dapo_overlong_are_trls_soft_overlong_punishment():
    """One implementation: reward=length (in tokens) and objective.overlong give TRL's values."""
    from trl.rewards import get_soft_overlong_punishment

    from loopwright.objectives import overlong_penalty

    ids = [[0] * n for n in range(0, 70, 3)]
    trl = get_soft_overlong_punishment(max_completion_len=64, soft_punish_cache=16)(ids)
    grader = rewards.make("length", {"max_length": 64, "buffer": 16, "unit": "tokens"})
    assert grader(completions=["x"] * len(ids), completion_ids=ids) == trl
    assert overlong_penalty(64, 0.25, 1.0)(completion_ids=ids) == trl
