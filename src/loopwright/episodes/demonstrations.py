"""``task.environment.demonstrations=true``: SFT transcripts played by the environment itself.

An SFT warm-up before GRPO in episodes (docs/EPISODES.md, "Recipe") needs transcripts of the agent doing
the task with the environment's tools: the call, the tool's result, the final reply. ``task=tool_use`` builds
its own (``task.params.transcripts``); this builds them for any environment that can demonstrate its task,
so a user's environment (an OpenEnv one included) gets the same two-stage recipe with no task code.

The environment says what a good agent does next, after ``reset(**row)`` and after each tool call:

- an OpenEnv environment (``task.environment._target_``, in-process): a method ``demonstration(self)``
  returning the next ``Action`` (or a dict of its fields), which becomes a call of the ``step`` tool, or a
  string, the final reply (episodes/openenv.py adapts it);
- any TRL environment class: a private method ``_demonstration(self)`` returning ``(tool_name, arguments)``
  or the final reply (private: TRL lists every public method as a tool).

Each training row then becomes the row the episodes see: its prompt with ``reset``'s text appended to the
last user message (as TRL does), plus ``completion`` (assistant ``tool_calls`` -> ``tool`` result ->
... -> the final reply, every result the real tool's answer) and ``tools`` (the schemas TRL renders, in its
order), so SFT trains on exactly the tokens the episodes produce. A demonstration that calls a tool that
does not exist, gets an error back, or gives no final reply within ``MAX_STEPS`` calls is an error naming
the row. The held-out split is untouched (it is evaluated in episodes, the environment live).
"""

from __future__ import annotations

import json
from typing import Any, Callable

MAX_STEPS = 8  # tool calls in one demonstration
KEY = "task.environment.demonstrations"


def enabled(task_cfg: Any) -> bool:
    env = task_cfg.get("environment") if hasattr(task_cfg, "get") else None
    return bool(env.get("demonstrations")) if env is not None and hasattr(env, "get") else False


def can_demonstrate(cls: type) -> bool:
    """Whether the TRL environment class ``cls`` (an adapted OpenEnv one included) has a demonstration."""
    probe = getattr(cls, "_can_demonstrate", None)
    if callable(probe):
        return bool(probe())
    return callable(getattr(cls, "_demonstration", None))


def tool_schemas(env: Any) -> str:
    """The environment's tools as the episodes' prompt lists them (TRL's order), as JSON text."""
    from transformers.utils import get_json_schema

    from loopwright.episodes.sample_episodes import environment_tools

    return json.dumps([get_json_schema(tool) for tool in environment_tools(env)])


def _is_error(result: str) -> bool:
    return result.startswith("error:") or result.startswith("{'error'") or result.startswith('{"error"')


def transcript(env: Any, row: dict, label: str = "") -> tuple[list[dict], list[dict]]:
    """(the episode prompt, the demonstrated completion) for ``row``; ValueError naming ``label`` when the
    environment's demonstration does not reach a final reply."""
    prompt = [dict(m) for m in row["prompt"]]
    observation = env.reset(**row)
    if isinstance(observation, str):
        prompt[-1] = {**prompt[-1], "content": prompt[-1]["content"] + observation}
    from loopwright.episodes.sample_episodes import environment_tools

    tools: dict[str, Callable] = {t.__name__: t for t in environment_tools(env)}
    completion: list[dict] = []
    for _ in range(MAX_STEPS + 1):
        shown = env._demonstration()
        if isinstance(shown, str):
            completion.append({"role": "assistant", "content": shown})
            return prompt, completion
        if not (isinstance(shown, tuple) and len(shown) == 2 and isinstance(shown[1], dict)):
            raise ValueError(f"{label}: the demonstration gave {type(shown).__name__}, not a tool call "
                             "(tool name, arguments) or the final reply (a string)")
        name, arguments = shown
        if name not in tools:
            raise ValueError(f"{label}: the demonstration calls {name!r}, not one of the tools {sorted(tools)}")
        result = str(tools[name](**arguments))  # TRL: the tool message's content is str(result)
        if _is_error(result):
            raise ValueError(f"{label}: the demonstration's call {name}({arguments}) answered {result[:200]!r}")
        # arguments as JSON text: every row shares one Arrow schema (the template prints text as is)
        completion.append({"role": "assistant", "content": "", "tool_calls": [
            {"type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}]})
        completion.append({"role": "tool", "name": name, "content": result})
    raise ValueError(f"{label}: the demonstration made {MAX_STEPS} tool calls without a final reply")


def build(task_cfg: Any) -> tuple[list[dict], list[dict]]:
    """``tasks.build``'s (train rows, held-out rows), the train rows demonstrated when ``KEY`` is true: what a
    training run trains on and what its resume fingerprint hashes (train/steps.py, train/resume.py)."""
    from loopwright import tasks

    train, held_out = tasks.build(task_cfg)
    return (sft_rows(task_cfg, train) if enabled(task_cfg) else train), held_out


def sft_rows(task_cfg: Any, rows: list[dict]) -> list[dict]:
    """``rows`` as SFT rows demonstrated by the task's environment (see the module docstring)."""
    from loopwright.episodes.adapter import environment_factory, target

    factory = environment_factory(task_cfg)
    narrow = getattr(factory, "_for_task", None) if target(task_cfg) is None else None
    cls = narrow(task_cfg) if callable(narrow) else factory
    if not can_demonstrate(cls if isinstance(cls, type) else type(cls())):
        raise ValueError(f"{KEY}=true: the environment {getattr(cls, '__name__', cls)} has no demonstration "
                         "(an OpenEnv environment: a demonstration() method; a TRL one: _demonstration())")
    env = cls()
    schemas = tool_schemas(env)
    out = []
    for i, row in enumerate(rows):
        prompt, completion = transcript(env, row, f"{KEY}: train row {i}")
        out.append({**row, "prompt": prompt, "completion": completion, "tools": schemas})
    return out
