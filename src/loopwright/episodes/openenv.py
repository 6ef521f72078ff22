"""An OpenEnv environment as ``task.environment._target_``: adapted to TRL 1.16's ``environment_factory``.

OpenEnv (openenv-core 0.3.0, pinned: episodes/packages.py) describes an environment by its ``Action`` and
``Observation`` models: ``reset(seed, episode_id, **kw) -> Observation`` and ``step(action) -> Observation``
(``observation.reward``, ``observation.done``), either in this process (a subclass of
``openenv.core.env_server.interfaces.Environment``) or over its WebSocket protocol from a server
(a subclass of ``openenv.core.env_client.EnvClient``, with ``+task.environment.kwargs.base_url=...``).
TRL wants a class whose public methods are tools, so :func:`wrap` builds one:

- the constructor makes one OpenEnv instance per TRL environment (TRL makes one per concurrent rollout), with
  ``task.environment.kwargs``; a client connects on first use;
- ``reset(**row)`` resets it with the row's columns that its ``reset`` names (``seed``, ``episode_id`` or its
  own), and returns the first observation's text, which TRL appends to the prompt's last user message;
- one tool, ``step``, whose arguments are the ``Action`` model's fields (their types and ``Field``
  descriptions; ``metadata`` left out): the model's call is validated by the model, stepped, and the
  observation's text is the tool result;
- ``get_reward()``: the last observation's reward (0.0 before any step, or for a reward that is not a finite
  number), as TRL's own OpenEnv examples read it; TRL adds it as a reward column named after the class.

Everything an environment returns is bounded: an observation's text is cut to ``MAX_OBSERVATION`` characters, a
step after ``done`` answers an error without reaching the environment, an exception is the tool's error text.
- ``_demonstration()``: the environment's own ``demonstration()``, when it has one, for SFT transcripts
  (``task.environment.demonstrations=true``, episodes/demonstrations.py; in-process environments only).

``MCPEnvironment`` (tools over MCP actions) is not adapted: its tools would each need their own method.
"""

from __future__ import annotations

import inspect
import json
import math
import typing
from typing import Any

from loopwright.episodes import synth_tools

# (module, class) of the OpenEnv bases this adapter knows, found in a user class's MRO without importing openenv
ENVIRONMENT_BASE = ("openenv.core.env_server.interfaces", "Environment")
CLIENT_BASE = ("openenv.core.env_client", "EnvClient")
MCP_BASE = ("openenv.core.env_server.mcp_environment", "MCPEnvironment")
MAX_OBSERVATION = 4000  # characters of an observation spliced into the conversation
_BASE_FIELDS = ("done", "reward", "metadata")


def _bases(cls: type) -> set[tuple[str, str]]:
    return {(getattr(c, "__module__", ""), getattr(c, "__name__", "")) for c in inspect.getmro(cls)[1:]}


def kind(cls: Any) -> str | None:
    """"environment" (in-process), "client" (a server's client), or None: not an OpenEnv class."""
    if not inspect.isclass(cls):
        return None
    bases = _bases(cls)
    if CLIENT_BASE in bases:
        return "client"
    if ENVIRONMENT_BASE in bases:
        return "environment"
    return None


def _generic_args(cls: type, base_name: str) -> tuple:
    for klass in inspect.getmro(cls):
        for base in getattr(klass, "__orig_bases__", ()):
            origin = typing.get_origin(base)
            if origin is not None and getattr(origin, "__name__", "") == base_name:
                return typing.get_args(base)
    return ()


def action_class(cls: type) -> type | None:
    """The environment's Action model: ``step``'s ``action`` hint, else the first generic argument."""
    from openenv.core.env_server.types import Action

    method = "_step_payload" if kind(cls) == "client" else "step"
    try:
        hint = typing.get_type_hints(getattr(cls, method)).get("action")
    except Exception:  # noqa: BLE001 - an unresolvable hint: fall back to the generic arguments
        hint = None
    candidates = [hint, *_generic_args(cls, "EnvClient" if kind(cls) == "client" else "Environment")[:1]]
    for c in candidates:
        if inspect.isclass(c) and issubclass(c, Action) and c is not Action:
            return c
    return None


def _params(action: type) -> list[synth_tools.Param]:
    out = []
    for name, field in action.model_fields.items():
        if name == "metadata":
            continue
        default = synth_tools._EMPTY if field.is_required() else field.get_default(call_default_factory=True)
        out.append(synth_tools.Param(name, field.annotation, field.description or "", default))
    return out


def problems(cls: type) -> list[str]:
    """What keeps ``cls`` from being adapted (empty when it can be); names no key (adapter.py prefixes it)."""
    from loopwright.episodes.packages import version_problem

    wrong = version_problem("openenv-core", f"the OpenEnv environment {cls.__name__}")
    if wrong:
        return [wrong]
    if MCP_BASE in _bases(cls):
        return [f"{cls.__name__} is an MCPEnvironment: its MCP tools are not adapted to TRL's tool methods yet; "
                "wrap it in a class of your own with one method per tool (docs/EPISODES.md)"]
    if inspect.isabstract(cls):
        return [f"{cls.__name__} is abstract (OpenEnv's Environment needs reset, step and state)"]
    action = action_class(cls)
    if action is None:
        return [f"{cls.__name__}: no Action model found: annotate step(self, action: MyAction) or subclass "
                f"Environment[MyAction, MyObservation, MyState]"]
    tool = _step_tool(action)
    problem = synth_tools.schema_problem(tool)
    return [problem] if problem else []


def observation_text(observation: Any) -> str:
    """An observation's own fields as text (one field: its value; several: JSON), at most MAX_OBSERVATION chars."""
    if hasattr(observation, "model_dump"):
        try:
            data = observation.model_dump(mode="json", exclude=set(_BASE_FIELDS))
        except Exception:  # noqa: BLE001 - a field that does not serialise: its repr below
            data = {k: repr(v) for k, v in vars(observation).items() if k not in _BASE_FIELDS}
    elif isinstance(observation, dict):
        data = {k: v for k, v in observation.items() if k not in _BASE_FIELDS}
    else:
        data = {"observation": observation}
    if len(data) == 1:
        value = next(iter(data.values()))
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    else:
        text = json.dumps(data, ensure_ascii=False, default=str) if data else ""
    return text if len(text) <= MAX_OBSERVATION else text[:MAX_OBSERVATION - 15] + " ...[truncated]"


def finite_reward(value: Any) -> float:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)) and math.isfinite(value):
        return float(value)
    return 0.0


def _step_tool(action: type) -> Any:
    description = (inspect.getdoc(action) or f"Take one step in the environment with a {action.__name__}.")

    def call(self: Any, arguments: dict) -> str:
        return self._step(action(**arguments))

    return synth_tools.make_tool("step", description, _params(action), call)


class _Adapted:
    """The wrapped environment's state for one TRL environment instance (the generated class subclasses it)."""

    _cls: type
    _kwargs: dict
    _client: bool

    def __init__(self) -> None:
        self._env: Any = None
        self._reward: Any = None
        self._done = False

    def _open(self) -> Any:
        if self._env is None:
            env = self._cls(**self._kwargs)
            self._env = env.sync() if self._client else env
        return self._env

    def reset(self, **row: Any) -> str | None:
        env = self._open()
        accepted = inspect.signature(self._cls.reset).parameters
        kwargs = {k: v for k, v in row.items() if k in accepted and k not in ("self", "prompt", "kwargs")}
        self._reward, self._done = None, False
        result = env.reset(**kwargs)
        observation = result.observation if self._client else result
        text = observation_text(observation)
        return "\n\n" + text if text else None

    def _step(self, action: Any) -> str:
        if self._done:
            return "error: the episode is over (the environment said done); answer without calling step again"
        result = self._open().step(action)
        if self._client:
            observation, reward, done = result.observation, result.reward, result.done
        else:
            observation, reward, done = result, getattr(result, "reward", None), getattr(result, "done", False)
        self._reward, self._done = reward, bool(done)
        return observation_text(observation) + ("\n(episode over)" if self._done else "")

    def get_reward(self) -> float:
        return finite_reward(self._reward)

    @classmethod
    def _can_demonstrate(cls) -> bool:
        return callable(getattr(cls._cls, "demonstration", None)) and not cls._client

    def _demonstration(self) -> Any:
        """The OpenEnv environment's ``demonstration()`` (task.environment.demonstrations, episodes/demonstrations.py):
        an Action (or a dict of its fields) is a call of ``step``; a string (the final reply) or None passes as is."""
        shown = self._open().demonstration()
        if hasattr(shown, "model_dump"):
            return "step", shown.model_dump(exclude={"metadata"})
        if isinstance(shown, dict):
            return "step", dict(shown)
        return shown


def wrap(cls: type, kwargs: dict | None = None) -> type:
    """The TRL environment class for the OpenEnv class ``cls`` (constructed with ``kwargs``), named as ``cls``
    (TRL logs ``get_reward`` as ``rewards/<name>/mean``)."""
    action = action_class(cls)
    if action is None:
        raise ValueError("; ".join(problems(cls)) or f"{cls.__name__}: no Action model found")
    body = {"_cls": cls, "_kwargs": dict(kwargs or {}), "_client": kind(cls) == "client", "step": _step_tool(action),
            "__module__": __name__, "__doc__": f"TRL's view of the OpenEnv environment {cls.__module__}."
                                                f"{cls.__qualname__}: one tool, step({action.__name__})."}
    return type(cls.__name__, (_Adapted,), body)
