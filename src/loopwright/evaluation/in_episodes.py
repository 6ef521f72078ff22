"""Held-out evaluation in episodes: the training environment and tools, greedy decoding.

With ``task.multi_turn=true`` the held-out prompts run the way TRL 1.16's
``GRPOTrainer`` runs a training rollout (``_generate`` + ``_tool_call_loop``), but
greedy and one episode per prompt:

- one environment per prompt, ``reset(**row)`` with every column (a returned string
  is appended to the last user message, as TRL does);
- the prompt rendered with the environment's tools (its public methods, listed as
  TRL lists them) and ``add_generation_prompt``;
- the model's turn cut after its first EOS and parsed with TRL's ``parse_response``;
  each tool call runs against the environment (an unknown tool or bad arguments
  come back as ``{"error": ...}``, as in TRL), the result is appended as a ``tool``
  message and its tokens are spliced on by concatenation (TRL's suffix trick), and
  the model continues;
- the budget is ``max_new_tokens`` counted over the whole completion, tool results
  included (TRL's ``max_completion_length``): a tool result that would overflow it
  is dropped and the episode ends.

Every turn is recorded. An episode's final reply is graded by the run's reward (the
graders get ``environments`` as in training) and by the environment itself.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any


def tool_methods(env: Any) -> list:
    """The environment's tools, bound, in TRL's order (public functions of the class, by name)."""
    return [getattr(env, name) for name, _ in inspect.getmembers(type(env), predicate=inspect.isfunction)
            if name not in ("reset", "get_reward") and not name.startswith("_")]


@dataclass
class Episode:
    """One held-out episode: the environment, the messages after the prompt, the token ids."""

    env: Any
    prompt: list[dict]
    tools: list
    prompt_ids: list[int]
    messages: list[dict] = field(default_factory=list)
    completion_ids: list[int] = field(default_factory=list)
    model_tokens: int = 0
    tool_calls: int = 0
    valid_tool_calls: int = 0
    done: bool = False

    def record(self) -> dict[str, Any]:
        """JSON-ready: every turn, the counts."""
        return {"turns": [_jsonable(m) for m in self.messages], "tool_calls": self.tool_calls,
                "valid_tool_calls": self.valid_tool_calls, "model_tokens": self.model_tokens,
                "completion_tokens": len(self.completion_ids)}


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def _start(env_cls: type, row: dict, tokenizer: Any, template_kwargs: dict) -> Episode:
    env = env_cls()
    prompt = [dict(m) for m in row["prompt"]]
    observation = env.reset(**row)
    if isinstance(observation, str):
        prompt[-1] = {**prompt[-1], "content": prompt[-1]["content"] + observation}
    tools = tool_methods(env)
    ids = tokenizer.apply_chat_template(prompt, tools=tools or None, add_generation_prompt=True, tokenize=True,
                                        return_dict=True, **template_kwargs)["input_ids"]
    return Episode(env, prompt, tools, list(ids))


def _run_tool(episode: Episode, call: dict) -> tuple[str, Any]:
    """One call against the environment, as TRL's tool loop makes it (errors become values)."""
    from loopwright.episodes.environment import is_error

    function = call.get("function") or {}
    name = function.get("name", call.get("name", "unknown"))
    episode.tool_calls += 1
    tools = {t.__name__: t for t in episode.tools}
    try:
        if call.get("type", "function") != "function":
            raise ValueError(f"Unsupported tool call type: {call.get('type')}")
        if name not in tools:
            raise ValueError(f"Tool {name} not found.")
        result = tools[name](**(function.get("arguments") or {}))
    except Exception as err:  # noqa: BLE001 - TRL turns a failing call into an error result; so do we
        return name, {"error": str(err)}
    if not is_error(result):
        episode.valid_tool_calls += 1
    return name, result


def tool_suffix_ids(tokenizer: Any, tool_messages: list[dict], template_kwargs: dict | None = None) -> list[int]:
    """The tokens the chat template puts after an assistant turn for these tool results, up to the next
    assistant header: TRL's ``_get_tool_suffix_ids`` (render a dummy conversation with and without them)."""
    dummy = [{"role": "user", "content": "dummy"},
             {"role": "assistant", "content": "",
              "tool_calls": [{"type": "function", "function": {"name": tool_messages[0]["name"], "arguments": {}}}]}]
    kw = template_kwargs or {}
    prefix = list(tokenizer.apply_chat_template(dummy, add_generation_prompt=False, tokenize=True, return_dict=False,
                                                **kw))
    full = list(tokenizer.apply_chat_template(dummy + tool_messages, add_generation_prompt=True, tokenize=True,
                                              return_dict=False, **kw))
    eos = [i for i, t in enumerate(prefix) if t == tokenizer.eos_token_id]
    if eos:
        prefix = prefix[: eos[-1] + 1]
    if full[: len(prefix)] != prefix:
        raise ValueError("the chat template's tool-result rendering does not extend the assistant turn")
    return full[len(prefix):]


def _take_turn(episode: Episode, new_ids: list[int], tokenizer: Any, budget: int, template_kwargs: dict) -> None:
    """The model's turn (already cut at EOS and to the budget): parse, run its tool calls, splice results."""
    from trl.chat_template_utils import parse_response

    context = episode.prompt_ids + episode.completion_ids
    message = parse_response(tokenizer, new_ids, prefix=context, tools=episode.tools) if new_ids else {}
    episode.completion_ids += new_ids
    episode.model_tokens += len(new_ids)
    if message:
        episode.messages.append(message)
    calls = message.get("tool_calls") if message else None
    if not calls:
        episode.done = True
        return
    results = [_run_tool(episode, call) for call in calls]
    tool_messages = [{"role": "tool", "name": name, "content": result if isinstance(result, list) else str(result)}
                     for name, result in results]
    suffix = tool_suffix_ids(tokenizer, tool_messages, template_kwargs)
    if len(episode.completion_ids) + len(suffix) > budget:  # TRL drops a result that overflows and ends
        episode.done = True
        return
    episode.messages.extend(tool_messages)
    episode.completion_ids += suffix


def _generate(model: Any, tokenizer: Any, contexts: list[list[int]], max_new: int) -> list[list[int]]:
    """Greedy continuation of each context (left-padded batch), each cut after its first EOS."""
    import torch

    device = next(model.parameters()).device
    width = max(len(c) for c in contexts)
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    ids = torch.tensor([[pad] * (width - len(c)) + c for c in contexts], device=device)
    mask = torch.tensor([[0] * (width - len(c)) + [1] * len(c) for c in contexts], device=device)
    with torch.no_grad():
        out = model.generate(input_ids=ids, attention_mask=mask, max_new_tokens=max_new, do_sample=False,
                             temperature=None, top_p=None, top_k=None, pad_token_id=pad)
    eos = set(_eos_ids(model, tokenizer))
    cut = []
    for seq in out[:, width:].tolist():
        end = next((i for i, t in enumerate(seq) if t in eos), None)
        cut.append(seq if end is None else seq[: end + 1])
    return cut


def _eos_ids(model: Any, tokenizer: Any) -> list[int]:
    ids = getattr(model.generation_config, "eos_token_id", None)
    ids = ids if isinstance(ids, list) else [ids] if ids is not None else []
    return ids or [tokenizer.eos_token_id]


def run_episodes(model: Any, tokenizer: Any, rows: list[dict], env_cls: type, max_new_tokens: int,
                 batch_size: int, template_kwargs: dict | None = None) -> list[Episode]:
    """One greedy episode per row (batches of ``batch_size`` episodes, each turn generated together)."""
    was_training = model.training
    model.eval()
    episodes: list[Episode] = []
    try:
        for start in range(0, len(rows), batch_size):
            batch = [_start(env_cls, row, tokenizer, template_kwargs or {}) for row in rows[start:start + batch_size]]
            while True:
                live = [e for e in batch if not e.done and len(e.completion_ids) < max_new_tokens]
                if not live:
                    break
                room = [max_new_tokens - len(e.completion_ids) for e in live]
                outs = _generate(model, tokenizer, [e.prompt_ids + e.completion_ids for e in live], max(room))
                for episode, new_ids, left in zip(live, outs, room):
                    _take_turn(episode, new_ids[:left], tokenizer, max_new_tokens, template_kwargs or {})
            episodes.extend(batch)
    finally:
        model.train(was_training)
    return episodes


def final_reply(episode: Episode) -> str:
    """The last assistant message's text ('' when the episode produced none)."""
    for message in reversed(episode.messages):
        if message.get("role", "assistant") == "assistant":
            return str(message.get("content") or "")
    return ""


def grade(rows: list[dict], episodes: list[Episode], reward_fn: Any) -> list[float]:
    """The run's reward on each episode, called as TRL calls it in training (completions = the episode's
    messages, ``environments`` = the rollouts' environments, every row column)."""
    columns = {k: [r.get(k) for r in rows] for k in rows[0] if k != "prompt"} if rows else {}
    completions = [e.messages or [{"role": "assistant", "content": ""}] for e in episodes]
    return [float(s) for s in reward_fn(prompts=[r["prompt"] for r in rows], completions=completions,
                                        environments=[e.env for e in episodes], **columns)]


def evaluate_episodes(model: Any, tokenizer: Any, rows: list[dict], env_cls: type, reward_fn: Any,
                      max_new_tokens: int, batch_size: int, template_kwargs: dict | None = None
                      ) -> tuple[list[str], list[float], list[dict]]:
    """(final replies, reward scores, per-episode records: turns, counts, task and environment scores)."""
    from loopwright.episodes import answer_score, prepare_tokenizer

    prepare_tokenizer(tokenizer)
    episodes = run_episodes(model, tokenizer, rows, env_cls, max_new_tokens, batch_size, template_kwargs)
    scores = grade(rows, episodes, reward_fn)
    records = []
    for episode in episodes:
        record = episode.record()
        record["task_score"] = float(answer_score(episode.env, final_reply(episode)))
        reward = getattr(episode.env, "get_reward", None)
        record["environment_reward"] = float(reward()) if callable(reward) else None
        records.append(record)
    return [final_reply(e) for e in episodes], scores, records


def summarize(records: list[dict], threshold: float) -> dict[str, float]:
    """Task success (the final answer graded against the environment's truth), share of episodes with a
    valid tool call (a known tool, accepted arguments, a non-error result), mean tool calls per episode."""
    n = len(records) or 1
    env = [r["environment_reward"] for r in records if r.get("environment_reward") is not None]
    return {"task_success": sum(r["task_score"] >= threshold for r in records) / n,
            "valid_tool_call_share": sum(r["valid_tool_calls"] > 0 for r in records) / n,
            "mean_tool_calls": sum(r["tool_calls"] for r in records) / n,
            "mean_environment_reward": sum(env) / len(env) if env else 0.0}
