"""The tool-agent recipe (docs/EPISODES.md, "Recipe") and held-out evaluation in episodes.

- evaluation in episodes on a real tokenizer and the real environment, with a policy whose
  ``generate`` is scripted (the tiny model never calls a tool): the tool runs, every turn is
  recorded, the counts and the task score follow what happened;
- the SFT transcripts render to exactly the prompt tokens the episodes use;
- the chain on ``model=tiny`` through ``train.py``: SFT (eval in episodes) -> GRPO from its
  ``model/``; the child's manifest names the parent run and ``python -m loopwright.lineage``
  prints the chain.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from helpers import ROOT, compose, run_train

from loopwright import episodes, tasks
from loopwright.evaluation import in_episodes as episode_eval


@pytest.fixture(scope="module")
def tokenizer():
    from transformers import AutoTokenizer

    from loopwright.models import assets

    return episodes.prepare_tokenizer(AutoTokenizer.from_pretrained(assets.smollm2_tokenizer_dir()))


def _rows(n: int = 3):
    cfg = compose(["task=tool_use", "task.multi_turn=true", "task.params.tools=[calculator]",
                   f"task.n_eval={n}"])
    return cfg, tasks.build(cfg.task)[1]


class ScriptedPolicy:
    """A stand-in policy: ``generate`` answers as a tool agent would, from the context it is given.
    Turn 1 emits ``calls(row)`` as <tool_call> blocks; after a tool response it replies with the result."""

    def __init__(self, tokenizer, rows, calls):
        import torch

        self.tok, self.rows, self.calls = tokenizer, rows, calls
        self.training = True
        self.generation_config = type("G", (), {"eos_token_id": tokenizer.eos_token_id})()
        self._param = torch.nn.Parameter(torch.zeros(1))
        self.contexts: list[str] = []

    def parameters(self):
        return iter([self._param])

    def eval(self):
        self.training = False

    def train(self, mode=True):
        self.training = mode

    def generate(self, input_ids, attention_mask, max_new_tokens, **_):
        import torch

        outs = []
        for ids, mask in zip(input_ids.tolist(), attention_mask.tolist()):
            text = self.tok.decode([t for t, m in zip(ids, mask) if m])
            self.contexts.append(text)
            if "<tool_response>" in text:
                result = text.rsplit("<tool_response>\n", 1)[1].split("\n</tool_response>", 1)[0]
                reply = f"The answer is {result}."
            else:
                row = next(r for r in self.rows if r["prompt"][-1]["content"] in text)
                reply = "\n".join(f"<tool_call>\n{json.dumps(c)}\n</tool_call>" for c in self.calls(row))
            new = (self.tok(reply, add_special_tokens=False)["input_ids"] + [self.tok.eos_token_id])[:max_new_tokens]
            outs.append(ids + new + [self.tok.pad_token_id] * (max_new_tokens - len(new)))
        return torch.tensor(outs)


def _expected_call(row):
    return {"name": row["expected_tool"], "arguments": json.loads(row["expected_arguments_json"])}


def test_episode_eval_runs_the_tool_and_records_every_turn(tokenizer):
    cfg, rows = _rows(3)
    env_cls = episodes.environment_class(cfg)
    assert [t.__name__ for t in episode_eval.tool_methods(env_cls())] == ["calculator"]  # params.tools narrows
    policy = ScriptedPolicy(tokenizer, rows, lambda row: [_expected_call(row)])
    finals, scores, records = episode_eval.evaluate_episodes(policy, tokenizer, rows, env_cls,
                                                             episodes.episode_answer_reward, 128, 2)
    assert policy.training  # restored
    for row, final, score, record in zip(rows, finals, scores, records):
        truth = env_cls().calculator(json.loads(row["expected_arguments_json"])["expression"])
        assert [t["role"] for t in record["turns"]] == ["assistant", "tool", "assistant"]
        assert record["turns"][0]["tool_calls"][0]["function"]["name"] == "calculator"
        assert record["turns"][1] == {"role": "tool", "name": "calculator", "content": truth}
        assert final == f"The answer is {truth}." == record["turns"][2]["content"]
        assert (record["tool_calls"], record["valid_tool_calls"]) == (1, 1)
        assert score == record["task_score"] == record["environment_reward"] == 1.0
    # the prompt listed the tool through the chat template, as in training
    assert '"name": "calculator"' in policy.contexts[0] and "<tools>" in policy.contexts[0]
    summary = episode_eval.summarize(records, 1.0)
    assert summary == {"task_success": 1.0, "valid_tool_call_share": 1.0, "mean_tool_calls": 1.0,
                       "mean_environment_reward": 1.0}


def test_episode_eval_counts_invalid_calls_and_no_calls(tokenizer):
    cfg, rows = _rows(2)
    env_cls = episodes.environment_class(cfg)
    bad = ScriptedPolicy(tokenizer, rows, lambda row: [{"name": "convert_units", "arguments": {"value": 1}},
                                                       {"name": "calculator", "arguments": {"expression": "1/0"}}])
    _, scores, records = episode_eval.evaluate_episodes(bad, tokenizer, rows, env_cls,
                                                        episodes.episode_answer_reward, 128, 4)
    for record in records:
        assert (record["tool_calls"], record["valid_tool_calls"]) == (2, 0)
        assert "not found" in record["turns"][1]["content"] and record["turns"][2]["content"].startswith("error")
    none = ScriptedPolicy(tokenizer, rows, lambda row: [])
    _, _, silent = episode_eval.evaluate_episodes(none, tokenizer, rows, env_cls,
                                                  episodes.episode_answer_reward, 128, 4)
    assert all(r["tool_calls"] == 0 and len(r["turns"]) == 1 for r in silent)
    assert episode_eval.summarize(records + silent, 1.0)["mean_tool_calls"] == 1.0


def test_a_tool_result_over_the_budget_ends_the_episode_as_in_trl(tokenizer):
    cfg, rows = _rows(1)
    policy = ScriptedPolicy(tokenizer, rows, lambda row: [_expected_call(row)])
    _, _, records = episode_eval.evaluate_episodes(policy, tokenizer, rows, episodes.environment_class(cfg),
                                                   episodes.episode_answer_reward, 30, 1)
    assert [t["role"] for t in records[0]["turns"]] == ["assistant"] and records[0]["completion_tokens"] <= 30


def test_sft_transcripts_render_the_episode_prompt_token_for_token(tokenizer):
    cfg = compose(["experiment=tool_agent_sft"])
    train, held = tasks.build(cfg.task)
    row = train[0]
    env = episodes.environment_class(cfg)()
    as_episode = tokenizer.apply_chat_template(row["prompt"], tools=episode_eval.tool_methods(env),
                                               add_generation_prompt=True, tokenize=True, return_dict=True)
    as_sft = tokenizer.apply_chat_template(row["prompt"], tools=json.loads(row["tools"]),
                                           add_generation_prompt=True, tokenize=True, return_dict=True)
    assert as_episode["input_ids"] == as_sft["input_ids"]
    text = tokenizer.apply_chat_template(row["prompt"] + row["completion"], tools=json.loads(row["tools"]),
                                         tokenize=False)
    truth = env.calculator(json.loads(row["expected_arguments_json"])["expression"])
    assert f"<tool_response>\n{truth}\n</tool_response>" in text and f"The answer is {truth}." in text
    assert all("completion" not in r for r in held)  # the held-out split never carries the answer


def test_chain_on_tiny_sft_then_grpo_with_lineage(tmp_path):
    small = ["model=tiny", "profile=smoke", "profile.max_steps=1", "task.n_train=4", "task.n_eval=2",
             "profile.max_completion_length=32",
             "profile.eval_batch_size=2"]
    sft, grpo = tmp_path / "sft", tmp_path / "grpo"
    proc = run_train(["experiment=tool_agent_sft", *small, f"hydra.run.dir={sft}"])
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert (sft / "model" / "tokenizer_config.json").is_file()
    results = json.loads((sft / "eval_results.json").read_text())
    assert results["summary"]["episodes"] is True and "trained_valid_tool_call_share" in results["summary"]
    assert all(r["base_turns"] and r["trained_turns"] for r in results["records"])
    proc = run_train(["experiment=tool_agent_grpo", *small, "profile.per_device_train_batch_size=4",
                      "profile.num_generations=2", f"model.name_or_path={sft / 'model'}", f"hydra.run.dir={grpo}"])
    assert proc.returncode == 0, proc.stderr[-3000:]
    manifest = json.loads((grpo / "manifest.json").read_text())
    assert manifest["status"] == "completed"
    assert manifest["lineage"]["parent"]["run_dir"] == str(sft.resolve())
    metrics = [json.loads(line) for line in (grpo / "metrics.jsonl").read_text().splitlines()]
    assert any(k.startswith("rewards/ToolUseEnvironment") for k in metrics[0])
    results = json.loads((grpo / "eval_results.json").read_text())
    assert "base_task_success" in results["summary"] and results["records"][0]["trained_turns"]
    out = subprocess.run([sys.executable, "-m", "loopwright.lineage", str(grpo)], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "objective=grpo" in out.stdout and "objective=sft" in out.stdout and str(sft.resolve()) in out.stdout


def test_an_episode_ending_on_a_tool_result_has_no_answer():
    """Measured on SmolLM2: the budget ran out right after the call; the tool's output is not the reply."""
    cfg, rows = _rows(1)
    env = episodes.environment_class(cfg)()
    env.reset(**rows[0])
    truth = env.calculator(json.loads(rows[0]["expected_arguments_json"])["expression"])
    ends_on_tool = [{"role": "assistant", "content": "", "tool_calls": []}, {"role": "tool", "content": truth}]
    replied = ends_on_tool + [{"role": "assistant", "content": f"The answer is {truth}."}]
    assert episodes.episode_answer_reward([ends_on_tool, replied], environments=[env, env]) == [0.0, 1.0]
