"""Episodes for the token check, synthesised from an environment's real tools (no model, no sampling).

Each sample starts from a training row: the environment is reset with the row (as TRL
does, every column as a keyword argument; a string it returns is appended to the last
user message), one of its tools is called for real and its result becomes the ``tool``
message, then a short final answer closes the episode. The samples cycle through four
shapes so every way TRL's loop joins turns is exercised:

    0  one call, empty reasoning        2  two calls in one turn (consecutive tool messages)
    1  one call, with reasoning         3  two rounds (call, result, call, result, answer)

Reasoning travels as ``reasoning_content``, which templates that know it (Qwen3) render as
``<think>`` blocks and the others ignore. The arguments are the row's own expected call
when it has one (``expected_tool`` / ``expected_arguments_json``), otherwise placeholders
of the types the tool's JSON schema declares. Deterministic: same rows, same episodes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

from loopwright.episodes.environment import TRL_METHODS

_PLACEHOLDER = {"string": "A1", "integer": 2, "number": 1.5, "boolean": True, "array": [], "object": {}}
_REASONING = "The user needs a tool for this; I will call it."
_MAX_RESULT = 80  # characters of the tool result quoted in the final answer


@dataclass
class SampleEpisode:
    row_id: str
    messages: list[dict]  # the prompt, then the episode: assistant (tool_calls), tool, ..., assistant (answer)
    prompt_length: int  # how many of the messages are the prompt (system/user)
    tools: list[Callable]  # the environment's bound tool methods, as TRL lists them


def environment_tools(env: Any) -> list[Callable]:
    """The bound methods TRL exposes as tools: public functions of the class other than reset / get_reward,
    in ``inspect.getmembers`` order (trl/trainer/grpo_trainer.py does the same)."""
    import inspect

    return [getattr(env, name) for name, _ in inspect.getmembers(type(env), predicate=inspect.isfunction)
            if name not in TRL_METHODS and not name.startswith("_")]


def _placeholder_arguments(tool: Callable) -> dict[str, Any]:
    from transformers.utils import get_json_schema

    params = get_json_schema(tool)["function"].get("parameters", {})
    props = params.get("properties", {})
    return {name: _PLACEHOLDER.get(spec.get("type"), "A1") for name, spec in props.items()
            if name in params.get("required", list(props))}


def _arguments_for(row: dict, tool: Callable) -> dict[str, Any]:
    if row.get("expected_tool") == tool.__name__:
        try:
            expected = json.loads(row.get("expected_arguments_json") or "")
        except ValueError:
            expected = None
        if isinstance(expected, dict):
            return expected
    return _placeholder_arguments(tool)


def _call(tool: Callable, arguments: dict[str, Any]) -> str:
    try:
        result = tool(**arguments)
    except Exception as err:  # noqa: BLE001 - TRL turns a raising tool into {"error": ...} the same way
        result = {"error": str(err)}
    return str(result)  # TRL: content = str(result) unless the tool returns content blocks


def _tool_call(tool: Callable, arguments: dict[str, Any]) -> dict:
    return {"type": "function", "function": {"name": tool.__name__, "arguments": arguments}}


def _pick_tool(row: dict, tools: list[Callable], index: int) -> Callable:
    named = [t for t in tools if t.__name__ == row.get("expected_tool")]
    return named[0] if named else tools[index % len(tools)]


def synthesise(factory: Callable[[], Any], rows: list[dict], count: int) -> list[SampleEpisode]:
    """``count`` sample episodes from the first distinct rows (fewer when there are fewer rows)."""
    episodes: list[SampleEpisode] = []
    seen: set[str] = set()
    for row in rows:
        if len(episodes) >= count:
            break
        key = json.dumps(row.get("prompt"), sort_keys=True, default=str)
        if key in seen:
            continue
        seen.add(key)
        episodes.append(_episode(factory(), row, len(episodes)))
    return episodes


def _episode(env: Any, row: dict, index: int) -> SampleEpisode:
    prompt = [dict(m) for m in row["prompt"]]
    observation = env.reset(**row)
    if isinstance(observation, str):
        prompt[-1] = {**prompt[-1], "content": prompt[-1]["content"] + observation}
    tools = environment_tools(env)
    tool = _pick_tool(row, tools, index)
    arguments = _arguments_for(row, tool)
    shape = index % 4
    reasoning = _REASONING if shape in (1, 3) else ""
    messages = list(prompt)
    results: list[str] = []
    for _ in range(2 if shape == 3 else 1):  # rounds
        calls = 2 if shape == 2 else 1
        messages.append({"role": "assistant", "content": "", "reasoning_content": reasoning,
                         "tool_calls": [_tool_call(tool, arguments) for _ in range(calls)]})
        for _ in range(calls):
            results.append(_call(tool, arguments))
            messages.append({"role": "tool", "name": tool.__name__, "content": results[-1]})
    answer = f"The result is {results[-1][:_MAX_RESULT]}."
    messages.append({"role": "assistant", "content": answer, "reasoning_content": reasoning})
    row_id = str(row.get("item_id") or row.get("scenario_id") or row.get("id") or index)
    return SampleEpisode(row_id, messages, len(prompt), tools)
