"""task.environment.demonstrations (loopwright.episodes.demonstrations): SFT transcripts an environment plays itself.

The OpenEnv calculator of examples/envs (experiment=openenv_agent_sft) demonstrates each train row: the SFT row's
prompt is the episode prompt token for token, its tool message the real step's result; a TRL environment
demonstrates through ``_demonstration``; every way a demonstration can go wrong is an error naming the row.
"""

from __future__ import annotations

import json
import sys

import pytest

pytest.importorskip("openenv.core", reason="openenv-core==0.3.0 is not installed (pip install -e '.[openenv]')")

from helpers import ROOT, compose, config_error  # noqa: E402

from loopwright import episodes, tasks  # noqa: E402
from loopwright.episodes import demonstrations  # noqa: E402

sys.path.insert(0, str(ROOT / "examples" / "envs"))
SFT = ["experiment=openenv_agent_sft", f"task.path={ROOT / 'examples' / 'envs' / 'openenv_calculator.jsonl'}"]


@pytest.fixture(scope="module")
def tokenizer():
    from transformers import AutoTokenizer

    from loopwright.models import assets

    return episodes.prepare_tokenizer(AutoTokenizer.from_pretrained(assets.smollm2_tokenizer_dir()))


def test_train_rows_are_the_environments_demonstrations_rendered_as_the_episodes_render(tokenizer):
    from loopwright.episodes.sample_episodes import environment_tools
    from openenv_calculator import evaluate, show

    cfg = compose(["model=tiny", *SFT])
    train, held = demonstrations.build(cfg.task)
    plain, plain_held = tasks.build(compose(["model=tiny", *SFT, "task.environment.demonstrations=false"]).task)
    assert held == plain_held and all("completion" not in r for r in held)  # the held-out split is untouched
    row, source = train[0], plain[0]
    env = episodes.environment_class(cfg)()
    prompt = [dict(m) for m in source["prompt"]]
    prompt[-1]["content"] += env.reset(**source)  # what TRL and the held-out evaluation do with reset's text
    assert row["prompt"] == prompt
    as_episode = tokenizer.apply_chat_template(prompt, tools=environment_tools(env), add_generation_prompt=True,
                                               tokenize=True, return_dict=True)
    as_sft = tokenizer.apply_chat_template(row["prompt"], tools=json.loads(row["tools"]), add_generation_prompt=True,
                                           tokenize=True, return_dict=True)
    assert as_episode["input_ids"] == as_sft["input_ids"]
    call, result, reply = row["completion"]
    assert call["tool_calls"][0]["function"] == {"name": "step",
                                                 "arguments": json.dumps({"expression": source["expression"]})}
    truth = show(evaluate(source["expression"]))
    assert truth == source["answer"] and result == {"role": "tool", "name": "step",
                                                     "content": f"{truth}\n(episode over)"}
    assert reply == {"role": "assistant", "content": f"The answer is {truth}."}
    text = tokenizer.apply_chat_template(row["prompt"] + row["completion"], tools=json.loads(row["tools"]),
                                         tokenize=False)
    assert f"<tool_response>\n{truth}\n(episode over)\n</tool_response>" in text


def test_sft_rows_feed_sft_trainer_with_the_tools_rendered():
    from loopwright.objectives import sft_rows

    train, _ = demonstrations.build(compose(["model=tiny", *SFT, "task.n_train=3"]).task)
    rows = sft_rows(train)
    assert [len(r["completion"]) for r in rows] == [3, 3, 3]
    assert json.loads(rows[0]["tools"])[0]["function"]["name"] == "step"


class Lookup:
    """A TRL environment (no OpenEnv) that demonstrates through _demonstration."""

    def __init__(self, plan=None) -> None:
        self.plan = plan

    def reset(self, **row):
        self.key, self.seen = row.get("key"), None
        return None

    def lookup(self, key: str) -> str:
        """Look a key up.

        Args:
            key: The key.
        """
        self.seen = f"value-of-{key}"
        return self.seen if key != "bad" else "error: no such key"

    def _demonstration(self):
        if self.plan is not None:
            return self.plan(self)
        return ("lookup", {"key": self.key}) if self.seen is None else f"It is {self.seen}."


def test_a_trl_environment_demonstrates_through_a_private_method():
    assert demonstrations.can_demonstrate(Lookup)
    prompt, completion = demonstrations.transcript(Lookup(), {"prompt": [{"role": "user", "content": "k?"}],
                                                              "key": "k"})
    assert prompt == [{"role": "user", "content": "k?"}]
    assert [m["role"] for m in completion] == ["assistant", "tool", "assistant"]
    assert completion[1]["content"] == "value-of-k" and completion[2]["content"] == "It is value-of-k."


@pytest.mark.parametrize(("plan", "key", "says"), [
    (lambda env: ("search", {}), "k", "calls 'search', not one of the tools ['lookup']"),
    (lambda env: 3, "k", "gave int, not a tool call"),
    (lambda env: ("lookup", {"key": "k"}), "k", "made 8 tool calls without a final reply"),
    (None, "bad", "answered 'error: no such key'"),
])
def test_a_demonstration_that_goes_wrong_is_an_error_naming_the_row(plan, key, says):
    row = {"prompt": [{"role": "user", "content": "?"}], "key": key}
    with pytest.raises(ValueError, match="row 5") as info:
        demonstrations.transcript(Lookup(plan), row, "row 5")
    assert says in str(info.value)


def test_an_environment_without_a_demonstration_and_a_trainer_other_than_sft_are_refused():
    cfg = compose(["model=tiny", *SFT, "task.environment._target_=helpers.openenv_envs.Adder"])
    with pytest.raises(ValueError, match="task.environment.demonstrations=true: the environment Adder has no "
                                         "demonstration"):
        demonstrations.build(cfg.task)
    err = config_error([*SFT, "objective=grpo"])
    assert "task.environment.demonstrations=true writes SFT transcripts" in err and "objective=grpo" in err


def test_the_example_calculator_answers_a_value_past_floats_range_as_wrong_not_with_an_exception():
    """A policy's expression is outside input: ((10**8)**8)**8 is an int too large to compare with a float answer."""
    from openenv_calculator import CalcAction, Calculator

    env = Calculator()
    env.reset(answer="12", expression="3 * 4")
    observation = env.step(CalcAction(expression="((10**8)**8)**8"))
    assert observation.reward == 0.0 and observation.done and observation.result.startswith("error:")
