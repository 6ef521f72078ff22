"""What every episode environment shares, and the reward that grades an episode's final answer.

The environments themselves belong to their tasks (``SupportEnvironment`` in
tasks/customer_support.py, ``ToolUseEnvironment`` in tasks/tool_use.py): each
adds its tools (public methods), ``get_reward`` (what it observed: the tool
calls) and ``_grade_answer`` (the final reply against the row's truth).
"""

from __future__ import annotations

import inspect
import json
import math
from typing import Any, Callable

from loopwright.rewards import completion_text

_MAX_CALLS_RECORDED = 32
_ERROR_PENALTY = 0.1  # per tool call that failed (bad arguments, unknown order, ...)
# The methods TRL calls itself; every other public method of an environment is a tool.
TRL_METHODS = ("reset", "get_reward")


def is_error(result: Any) -> bool:
    """Whether a tool's answer is an error (a dict with "error", or text starting "error:")."""
    if isinstance(result, dict):
        return "error" in result
    return isinstance(result, str) and result.startswith("error:")


def json_column(value: Any) -> Any:
    """A row column that travels as JSON text, decoded (None when it is not JSON)."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return None
    return value


class EpisodeEnvironment:
    """Shared state for one rollout: the row it was reset with and the tool calls made.

    Subclasses add tools (public methods), ``get_reward`` and ``_grade_answer``.
    Helpers are private (``_name``) because TRL exposes every public method as a tool.
    """

    def __init__(self) -> None:
        self.row: dict[str, Any] = {}
        self.calls: list[dict[str, Any]] = []

    def reset(self, **row: Any) -> str | None:
        """Start a new episode for a dataset row (TRL passes every column, prompt included)."""
        self.row = dict(row)
        self.calls = []
        return None

    def _record(self, name: str, arguments: dict[str, Any], fn: Callable[..., Any]) -> Any:
        try:
            result = fn(**arguments)
        except Exception as err:  # noqa: BLE001 - a tool must answer, never crash the rollout
            result = {"error": f"{type(err).__name__}: {err}"}
        if len(self.calls) < _MAX_CALLS_RECORDED:
            self.calls.append({"name": name, "arguments": dict(arguments), "result": result,
                               "error": is_error(result)})
        return result

    def _failures(self) -> int:
        return sum(1 for c in self.calls if c["error"])

    def _score(self, base: float) -> float:
        return float(min(1.0, max(0.0, base - _ERROR_PENALTY * self._failures())))

    def _grade_answer(self, reply: str) -> float:
        """The final reply (non-empty, no pending tool call) against the row's truth, in [0, 1]."""
        return 0.0


def tool_names(env_cls: type[EpisodeEnvironment]) -> list[str]:
    """The tools TRL will expose for an environment class (its public methods)."""
    return sorted(name for name, _ in inspect.getmembers(env_cls, predicate=inspect.isfunction)
                  if name not in TRL_METHODS and not name.startswith("_"))


def answer_score(env: EpisodeEnvironment, reply: str) -> float:
    """Whether the final reply states what the environment's tools return for the row.

    A reply that is empty or still contains a ``<tool_call>`` block (the episode ran
    out of budget mid-call) scores 0; otherwise the environment's task grades it. An
    environment that grades no reply (an OpenEnv or verifiers environment: its success is
    its reward) is scored by its own ``get_reward()``.
    """
    grade = getattr(env, "_grade_answer", None)
    if grade is None:
        reward = getattr(env, "get_reward", None)
        value = float(reward()) if callable(reward) else 0.0
        return value if math.isfinite(value) else 0.0
    if not isinstance(reply, str) or not reply.strip() or "<tool_call>" in reply:
        return 0.0
    return grade(reply)


def episode_answer_reward(completions: list, environments: list | None = None, **_: Any) -> list[float]:
    """TRL reward function for episodes: the final reply graded against the environment.

    Reads the last message of each episode (``completions[i][-1]``) and the
    rollout's environment (TRL passes ``environments``); see :func:`answer_score`.
    Select it with ``reward._target_=loopwright.episodes.episode_answer_reward``
    (or a composite). Without environments (single-turn evaluation) it scores 0.
    """
    completions = list(completions or [])
    envs = list(environments or [])
    out = []
    for i, completion in enumerate(completions):
        env = envs[i] if i < len(envs) else None
        # the final reply must be the agent's: an episode whose last message is a tool result (the
        # budget ran out after the call) has no answer, and grading the tool's output would reward it
        last = completion[-1] if isinstance(completion, list) and completion else None
        if isinstance(last, dict) and last.get("role", "assistant") != "assistant":
            out.append(0.0)
            continue
        try:
            out.append(answer_score(env, completion_text(completion)) if isinstance(env, EpisodeEnvironment) else 0.0)
        except Exception:  # noqa: BLE001 - a grader never raises
            out.append(0.0)
    return out
