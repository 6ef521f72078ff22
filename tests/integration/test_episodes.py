"""Multi-turn tool-calling episodes (src/loopwright/episodes/, the tasks' environments) on TRL's environment_factory.

Unit tests of the environments, their rewards and the SmolLM2 tool template, then
the mechanics in-process on model=tiny: a GRPO step whose generations are
scripted (a tool call, then an answer) so the tool loop, the environment state,
the rewards and TRL's ``tool_mask`` are all exercised and checked; a real
(unscripted) train step through ``objectives.build_trainer``; and the end-to-end
``train.py`` run, enabled once the task registry marks the tasks multi_turn.
"""

from __future__ import annotations

import json
import os

import pytest
from helpers import compose, run_train

from loopwright import episodes
from loopwright.episodes import tools
from loopwright.tasks.customer_support import SupportEnvironment
from loopwright.tasks.tool_use import ToolUseEnvironment, arguments_match

os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")


# ------------------------------------------------------------------ fixtures
@pytest.fixture(scope="module")
def smollm2_tokenizer():
    from transformers import AutoTokenizer

    from loopwright.models import assets

    return AutoTokenizer.from_pretrained(assets.smollm2_tokenizer_dir())


@pytest.fixture
def tool_tokenizer(smollm2_tokenizer):
    import copy

    return episodes.prepare_tokenizer(copy.deepcopy(smollm2_tokenizer))


def _support_row(index: int = 0) -> dict:
    from loopwright.tasks import customer_support

    cfg = compose(["task=customer_support", "task.n_eval=4", "task.n_train=8"]).task
    train, _ = customer_support.build(cfg)
    return train[index]


def _tool_row(tool: str, expected: dict) -> dict:
    return {"prompt": [{"role": "user", "content": "q"}], "expected_tool": tool,
            "expected_arguments_json": json.dumps(expected), "item_id": "x"}


# ------------------------------------------------------------- chat template
def test_smollm2_template_is_the_known_one_and_refused_by_trl(smollm2_tokenizer):
    from trl.chat_template_utils import supports_tool_calling

    assert smollm2_tokenizer.chat_template == episodes.SMOLLM2_CHAT_TEMPLATE
    assert not supports_tool_calling(smollm2_tokenizer)  # why prepare_tokenizer exists


def test_tool_template_passes_trl_checks_and_keeps_plain_chats_identical(smollm2_tokenizer, tool_tokenizer):
    from trl.chat_template_utils import is_chat_template_prefix_preserving, supports_tool_calling

    assert supports_tool_calling(tool_tokenizer)
    assert is_chat_template_prefix_preserving(tool_tokenizer)
    for chat in ([{"role": "user", "content": "hi"}],
                 [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"},
                  {"role": "assistant", "content": "hello"}, {"role": "user", "content": "again"}]):
        for gen in (True, False):
            assert (tool_tokenizer.apply_chat_template(chat, tokenize=False, add_generation_prompt=gen)
                    == smollm2_tokenizer.apply_chat_template(chat, tokenize=False, add_generation_prompt=gen))


def test_tool_template_renders_schemas_calls_and_results(tool_tokenizer):
    env = ToolUseEnvironment()
    text = tool_tokenizer.apply_chat_template(
        [{"role": "user", "content": "7 times 12?"},
         {"role": "assistant", "content": "", "tool_calls": [
             {"type": "function", "function": {"name": "calculator", "arguments": {"expression": "7*12"}}}]},
         {"role": "tool", "name": "calculator", "content": "84"},
         {"role": "assistant", "content": "It is 84."}],
        tools=[env.calculator], tokenize=False)
    assert '<tools>\n{"type": "function", "function": {"name": "calculator"' in text
    assert '<tool_call>\n{"name": "calculator", "arguments": {"expression": "7*12"}}\n</tool_call><|im_end|>' in text
    assert "<|im_start|>user\n<tool_response>\n84\n</tool_response><|im_end|>" in text
    assert text.endswith("<|im_start|>assistant\nIt is 84.<|im_end|>\n")


def test_tool_calls_parse_with_trl(tool_tokenizer):
    from trl.chat_template_utils import parse_response

    env = SupportEnvironment()
    prefix = tool_tokenizer.apply_chat_template([{"role": "user", "content": "where?"}], tools=[env.lookup_order],
                                                add_generation_prompt=True, tokenize=True, return_dict=False)
    ids = tool_tokenizer('<tool_call>\n{"name": "lookup_order", "arguments": {"order_id": "W1599145"}}\n'
                         '</tool_call><|im_end|>', add_special_tokens=False)["input_ids"]
    parsed = parse_response(tool_tokenizer, ids, prefix=prefix, tools=[env.lookup_order])
    assert parsed["tool_calls"] == [{"type": "function",
                                     "function": {"name": "lookup_order", "arguments": {"order_id": "W1599145"}}}]
    plain = tool_tokenizer("It has shipped.<|im_end|>", add_special_tokens=False)["input_ids"]
    assert parse_response(tool_tokenizer, plain, prefix=prefix)["content"] == "It has shipped."


def test_prepare_tokenizer_rejects_templates_without_tools(smollm2_tokenizer):
    import copy

    tok = copy.deepcopy(smollm2_tokenizer)
    tok.chat_template = "{% for m in messages %}{{ m['content'] }}{% endfor %}"
    with pytest.raises(ValueError, match="renders tool calls"):
        episodes.prepare_tokenizer(tok)


# ------------------------------------------------------------- environments
def test_environment_tools_have_the_tools_module_schemas():
    from transformers.utils import get_json_schema

    assert episodes.tool_names(SupportEnvironment) == ["lookup_order"]
    assert episodes.tool_names(ToolUseEnvironment) == ["calculator", "convert_units", "lookup_order"]
    env = ToolUseEnvironment()
    by_name = {s["function"]["name"]: s for s in tools.TOOL_SCHEMAS}
    for name in episodes.tool_names(ToolUseEnvironment):
        assert get_json_schema(getattr(env, name)) == by_name[name]


def test_support_environment_reward_from_lookups():
    row = _support_row()
    facts = json.loads(row["facts_json"])
    env = SupportEnvironment()
    assert env.reset(**row) is None
    assert env.get_reward() == 0.0  # answered without looking anything up

    record = env.lookup_order(facts["order_id"].lower())  # normalised like the order system does
    assert record["status"] == facts["status"] and "escalate" not in record
    assert env.get_reward() == 1.0

    env.reset(**row)
    assert "error" in env.lookup_order("W0000000")
    assert env.get_reward() == 0.0
    env.lookup_order(facts["order_id"])
    assert env.get_reward() == pytest.approx(0.9)  # one failed call on the way

    other = _support_row(1)
    env.reset(**other)  # pooled instances start clean
    assert env.calls == [] and env.get_reward() == 0.0


def test_tool_use_environment_reward_and_argument_matching():
    env = ToolUseEnvironment()
    env.reset(**_tool_row("convert_units", {"value": 26.2, "from_unit": "mi", "to_unit": "km"}))
    assert env.get_reward() == 0.0
    assert env.convert_units(26.2, "miles", "kilometers") == "42.1648 km"
    assert env.get_reward() == 1.0

    env.reset(**_tool_row("calculator", {"expression": "12 * 7"}))
    assert env.calculator("7*12") == "84"
    assert env.get_reward() == 1.0
    env.reset(**_tool_row("calculator", {"expression": "12 * 7"}))
    env.calculator("12 * 8")
    assert env.get_reward() == 0.5  # right tool, wrong arguments
    env.reset(**_tool_row("calculator", {"expression": "12 * 7"}))
    assert env.calculator("import os").startswith("error:")
    env.convert_units(1, "kg", "km")  # error: different dimensions
    assert env.get_reward() == 0.0
    env.reset(**_tool_row("lookup_order", {"order_id": "W1599145"}))
    env.lookup_order("#w1599145")
    assert env.get_reward() == 1.0

    assert arguments_match("calculator", {"expression": "(2+3)*4"}, {"expression": "20"})
    assert not arguments_match("convert_units", {"value": 1, "from_unit": "lb", "to_unit": "kg"},
                                        {"value": 1, "from_unit": "kg", "to_unit": "lb"})
    assert not arguments_match("calculator", "12*7", {"expression": "12*7"})


def test_tools_never_raise_inside_an_episode():
    env = ToolUseEnvironment()
    env.reset(**_tool_row("calculator", {"expression": "1+1"}))
    assert env.convert_units("lots", "mi", "km").startswith("error:")
    assert "error" in env.lookup_order(None)  # type: ignore[arg-type]
    assert all(c["error"] for c in env.calls) and env.get_reward() == 0.0


def test_episode_answer_reward_reads_the_final_message_and_the_environment():
    calc = ToolUseEnvironment()
    calc.reset(**_tool_row("calculator", {"expression": "12 * 7"}))
    conv = ToolUseEnvironment()
    conv.reset(**_tool_row("convert_units", {"value": 26.2, "from_unit": "mi", "to_unit": "km"}))
    look = ToolUseEnvironment()
    facts = json.loads(_support_row()["facts_json"])
    look.reset(**_tool_row("lookup_order", {"order_id": facts["order_id"]}))
    episode = [{"role": "assistant", "content": "", "tool_calls": [
        {"type": "function", "function": {"name": "calculator", "arguments": {"expression": "12*7"}}}]},
        {"role": "tool", "name": "calculator", "content": "84"},
        {"role": "assistant", "content": "12 times 7 is 84."}]
    scores = episodes.episode_answer_reward(
        completions=[episode, [{"role": "assistant", "content": "About 42.16 km."}],
                     [{"role": "assistant", "content": f"Your order is {facts['status']}."}],
                     [{"role": "assistant", "content": "It is 85."}],
                     [{"role": "assistant", "content": '<tool_call>{"name": "calculator"'}]],
        environments=[calc, conv, look, calc, calc])
    assert scores == [1.0, 1.0, 1.0, 0.0, 0.0]
    assert episodes.episode_answer_reward(completions=[episode]) == [0.0]  # no environment: single-turn eval


def test_episode_answer_reward_on_support_uses_the_support_grader():
    from loopwright.rewards import customer_support

    row = _support_row()
    env = SupportEnvironment()
    env.reset(**row)
    reply = "Thank you for reaching out. " + str(json.loads(row["facts_json"]))
    assert episodes.episode_answer_reward(completions=[[{"role": "assistant", "content": reply}]],
                                          environments=[env]) == [
        pytest.approx(customer_support.components(reply, row["facts_json"])["score"])]


def test_trainer_extras_picks_the_environment_and_checks_the_objective(smollm2_tokenizer):
    import copy

    tok = copy.deepcopy(smollm2_tokenizer)
    cfg = compose(["task=tool_use", "task.multi_turn=true", "model=tiny", "profile=smoke"])
    assert episodes.trainer_extras(cfg, [], tok) == {"environment_factory": ToolUseEnvironment}
    assert tok.chat_template == episodes.SMOLLM2_TOOL_CHAT_TEMPLATE and tok.response_template
    cfg = compose(["task=customer_support", "task.multi_turn=true"])
    assert episodes.trainer_extras(cfg, [])["environment_factory"] is SupportEnvironment
    with pytest.raises(ValueError, match="GRPO"):
        episodes.trainer_extras(compose(["task=tool_use", "task.multi_turn=true", "objective=rloo"]), [])
    with pytest.raises(ValueError, match="no episode environment"):
        episodes.trainer_extras(compose(["task=arithmetic", "task.multi_turn=true"]), [])


# ---------------------------------------------------- mechanics, in-process
def _trainer(overrides: list[str], tmp_path):
    """cfg -> (trainer, rows, tokenizer) through loopwright's own build_trainer."""
    from loopwright import models

    from loopwright import objectives, rewards, tasks
    cfg = compose(["model=tiny", "profile=smoke", "task.n_eval=4", "task.n_train=8", "save_model=false",
                   "task.multi_turn=true", *overrides])
    train_rows, _ = tasks.build(cfg.task)
    model, tokenizer = models.load(cfg.model)
    episodes.prepare_tokenizer(tokenizer)  # what trainer_extras does once build_trainer passes the tokenizer
    trainer, _ = objectives.build_trainer(cfg, model, tokenizer, rewards.build(cfg.reward), train_rows,
                                          output_dir=tmp_path / "trainer")
    return trainer, train_rows, tokenizer


def _script_generation(trainer, tokenizer, rows):
    """Replace sampling: turn 1 calls the row's expected tool, turn 2 answers 'Done: <result>'."""
    by_request = {r["prompt"][-1]["content"]: r for r in rows}
    eos = tokenizer.eos_token_id

    def fake(prompt_ids, images, multimodal_fields, num_generations, has_tool_images=False):
        out = []
        for ids in prompt_ids:
            text = tokenizer.decode(ids)
            if "<tool_response>" in text:
                result = text.rsplit("<tool_response>\n", 1)[1].split("\n</tool_response>", 1)[0]
                reply = f"Done: {result}"
            else:
                row = next(r for q, r in by_request.items() if q in text)
                call = {"name": row["expected_tool"], "arguments": json.loads(row["expected_arguments_json"])}
                reply = f"<tool_call>\n{json.dumps(call)}\n</tool_call>"
            out.append(tokenizer(reply, add_special_tokens=False)["input_ids"] + [eos])
        return out, None

    trainer._generate_single_turn = fake


def test_scripted_episode_runs_tools_scores_environment_and_masks_tool_tokens(tmp_path):
    import torch

    trainer, rows, tokenizer = _trainer(["task=tool_use", "task.params.tools=[calculator]", "reward=tool_calling",
                                         "reward._target_=loopwright.episodes.episode_answer_reward",
                                         "profile.max_completion_length=128", "profile.max_steps=1"], tmp_path)
    _script_generation(trainer, tokenizer, rows)
    captured = {}
    original = trainer._generate_and_score_completions

    def capture(inputs):
        captured["out"] = original(inputs)
        captured["inputs"] = inputs
        return captured["out"]

    trainer._generate_and_score_completions = capture
    trainer.train()
    out = captured["out"]
    logged = {k: v for entry in trainer.state.log_history for k, v in entry.items()}

    # the environment ran the tool with the right arguments and owns a reward column
    assert logged["tools/call_frequency"] == 1.0 and logged["tools/failure_frequency"] == 0.0
    assert logged["rewards/ToolUseEnvironment/mean"] == 1.0
    assert logged["rewards/episode_answer_reward/mean"] == 1.0  # final answer states the tool's result
    for env in trainer.environments:
        assert [c["name"] for c in env.calls] == ["calculator"] and env.get_reward() == 1.0

    # tool-result tokens are in the completion but masked out of the loss
    tool_mask, completion_mask = out["tool_mask"], out["completion_mask"]
    for i in range(tool_mask.size(0)):
        ids = out["completion_ids"][i]
        masked = tokenizer.decode(ids[(completion_mask[i] == 1) & (tool_mask[i] == 0)])
        trained = tokenizer.decode(ids[(completion_mask[i] * tool_mask[i]) == 1])
        assert masked.startswith("\n<|im_start|>user\n<tool_response>\n") and "</tool_response>" in masked
        assert masked.endswith("<|im_start|>assistant\n")
        assert trained.startswith("<tool_call>") and "Done: " in trained and "tool_response" not in trained

    # ... and carry no gradient: d loss / d logp is zero exactly where tool_mask is 0
    leaf = {}
    real = trainer._get_per_token_logps_and_entropies

    def logps_leaf(*args, **kwargs):
        logps, entropies, aux = real(*args, **kwargs)
        leaf["t"] = logps.detach().clone().requires_grad_(True)
        return leaf["t"], entropies, aux

    trainer._get_per_token_logps_and_entropies = logps_leaf
    inputs = dict(out, advantages=torch.linspace(-1.0, 1.0, out["completion_ids"].size(0)))
    trainer._compute_loss(trainer.model, inputs).backward()
    grad = leaf["t"].grad
    assert torch.all(grad[(tool_mask == 0) & (completion_mask == 1)] == 0)
    assert torch.all(grad[(completion_mask * tool_mask) == 1] != 0)


def test_support_episode_trains_one_step_through_build_trainer(tmp_path):
    """Real sampling (tiny model: it will not call tools), real rewards: one optimizer step."""
    trainer, _, _ = _trainer(["task=customer_support", "task.params.include_facts=false", "reward=customer_support",
                              "profile.max_steps=1"], tmp_path)
    assert trainer.reward_func_names[-1] == "SupportEnvironment"
    assert [getattr(t, "__name__", "") for t in trainer.tools] == ["lookup_order"]
    trainer.train()
    assert trainer.state.global_step == 1
    logged = {k for entry in trainer.state.log_history for k in entry}
    assert {"tools/call_frequency", "rewards/SupportEnvironment/mean", "rewards/customer_support/mean"} <= logged


# ------------------------------------------------------------- end to end
def test_train_py_multi_turn_tool_use_end_to_end(tmp_path):
    # No skip: a tool_use task that lost multi_turn, or a build_trainer that stopped wiring the episodes in,
    # fails here (it used to skip when build_trainer's source text changed).
    from loopwright import tasks

    assert tasks.REGISTRY["tool_use"].multi_turn
    proc = run_train(["task=tool_use", "task.multi_turn=true", "reward=tool_calling", "model=tiny", "profile=smoke",
                      "task.n_eval=4", "save_model=false", f"hydra.run.dir={tmp_path}"])
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = [json.loads(line) for line in (tmp_path / "metrics.jsonl").read_text().splitlines()]
    assert [line["step"] for line in lines] == [1, 2]
    assert "rewards/ToolUseEnvironment/mean" in lines[0] and "tools/call_frequency" in lines[0]
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["status"] == "completed"
