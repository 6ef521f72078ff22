"""A verifiers environment's tools as a TRL environment class: ``task=verifiers task.multi_turn=true``.

verifiers 0.4 serves a task's tools as MCP servers (``vf.Toolset`` subclasses whose ``@vf.tool`` methods are
the tools), launched per rollout (``Task.toolsets(config)``) or once per run (``Taskset.toolsets(config)``),
and its harness calls them over HTTP. TRL 1.16 runs tools as methods of a per-rollout environment object
(``environment_factory``), so :meth:`VerifiersEnvironment._for_task` builds a class whose methods are those
tools, running the very ``@vf.tool`` methods in this process:

- one class per run, made from the taskset's Task type: a method per tool, named as verifiers advertises it
  (``<server>_<tool>``, or the bare name with ``TOOL_PREFIX = None``), its arguments the tool's own (types,
  ``Annotated[..., Field(description=...)]`` or a Google ``Args:`` section), its docstring's first paragraph
  the description;
- per rollout: ``reset(**row)`` rebuilds the row's Task from ``vf_task`` (tasks/_verifiers.py), runs each
  task-scoped toolset's ``setup`` (once per environment object) and ``setup_task(task)``, and starts a fresh
  ``State``; a tool call runs with that state as the toolset's ``self.state`` (verifiers' context variable),
  so a stateful toolset keeps its state across one rollout's calls and never sees another rollout's;
- the rubric (``reward=verifiers``) gets the rollout's state as ``trace.state`` through TRL's
  ``environments`` argument. The class has no ``get_reward``: the rubric is the reward.

A tool's result is text (a str as it is, anything else as JSON) cut to ``MAX_RESULT`` characters; an error is
the tool's answer (synth_tools). Nothing here imports verifiers until a class is built.
"""

from __future__ import annotations

import inspect
import json
import typing
from typing import Any

from loopwright.episodes import synth_tools

MAX_RESULT = 4000  # characters of one tool result spliced into the conversation
_SHARED: dict[tuple[str, str], Any] = {}  # (taskset class, server) -> the run's one taskset-scoped toolset


class VerifiersEnvironment:
    """task=verifiers' episode environment; :meth:`_for_task` makes the class with the configured env's tools."""

    _env: str = ""
    _args: dict = {}
    _scoped: tuple = ()  # (server name, Toolset class, its config) built per rollout
    _shared: tuple = ()  # server names of taskset-scoped toolsets (instances in _SHARED)

    def __init__(self) -> None:
        from loopwright.tasks import _verifiers

        self._taskset_cls = _verifiers.taskset_class(self._env)
        self._config = _verifiers.taskset_config(self._taskset_cls, self._args)
        self._servers: dict[str, Any] = {name: cls(config) for name, cls, config in self._scoped}
        self._ready: set[str] = set()
        self._states: dict[str, Any] = {}
        self.task: Any = None

    @classmethod
    def _for_task(cls, task_cfg: Any) -> type:
        from loopwright.tasks._verifiers import env_args

        return environment_class(str(task_cfg.env), env_args(task_cfg))

    def reset(self, **row: Any) -> None:
        from loopwright.tasks import _verifiers
        from verifiers.v1.state import state_cls

        self.task = _verifiers.task_of(self._taskset_cls, self._config, row.get(_verifiers.TASK_COLUMN))
        for name, server in self._servers.items():
            if name not in self._ready:
                _verifiers.run(server.setup())
                self._ready.add(name)
            _verifiers.run(server.setup_task(self.task))
        self._states = {name: state_cls(type(server))() for name, server in self._all_servers().items()}
        return None

    def _all_servers(self) -> dict[str, Any]:
        return {**{name: _SHARED[(self._env, name)] for name in self._shared}, **self._servers}

    def _state(self) -> Any:
        """The rollout's state for the rubric: the first toolset's with a State of its own, else verifiers' base."""
        from verifiers.v1.state import State

        own = [s for s in self._states.values() if type(s) is not State]
        return own[0] if own else State()

    def _call(self, server_name: str, method: str, arguments: dict) -> str:
        from loopwright.tasks import _verifiers
        from verifiers.v1.mcp.server import _call_state

        if self.task is None:
            return "error: the environment was not reset"
        server = self._all_servers()[server_name]
        state = self._states.get(server_name)

        async def call() -> Any:
            token = _call_state.set(state)  # set inside the loop's task: contexts do not cross threads
            try:
                result = getattr(server, method)(**arguments)
                return await result if inspect.isawaitable(result) else result
            finally:
                _call_state.reset(token)

        result = _verifiers.run(call())
        text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False, default=str)
        return text if len(text) <= MAX_RESULT else text[:MAX_RESULT - 15] + " ...[truncated]"


def _describe(fn: Any) -> tuple[str, dict[str, str]]:
    from transformers.utils.chat_template_utils import parse_google_format_docstring

    doc = inspect.getdoc(fn) or ""
    description, args, _ = parse_google_format_docstring(doc) if "Args:" in doc else (doc, {}, None)
    return (description or doc).split("\n\n")[0], dict(args or {})


def _params(fn: Any) -> list[synth_tools.Param]:
    hints = typing.get_type_hints(fn, include_extras=True)
    _, documented = _describe(fn)
    out = []
    for name, p in list(inspect.signature(fn).parameters.items()):
        if name == "self" or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        hint, description = hints.get(name, str), documented.get(name, "")
        if typing.get_origin(hint) is typing.Annotated:
            base, *extras = typing.get_args(hint)
            description = description or next((getattr(e, "description", None) for e in extras
                                               if getattr(e, "description", None)), "")
            hint = base
        out.append(synth_tools.Param(name, hint, description, p.default))
    return out


def _tool(server_name: str, method: str, fn: Any, tool_name: str) -> Any:
    def call(self: Any, arguments: dict) -> str:
        return self._call(server_name, method, arguments)

    return synth_tools.make_tool(tool_name, _describe(fn)[0], _params(fn), call)


def _tools_of(server: Any) -> dict[str, Any]:
    from verifiers.v1.utils.decorators import discover_decorated

    prefix = server.server_name
    out = {}
    for fn in discover_decorated(server, "tool"):
        bare = getattr(fn, "tool_name", None) or fn.__name__
        name = f"{prefix}_{bare}" if prefix else bare
        out[name] = _tool(prefix, fn.__name__, fn, name)
    return out


def environment_class(env_id: str, args: dict) -> type:
    """The TRL environment class of ``task.env`` (one per configuration, cached)."""
    key = (env_id, json.dumps(args, sort_keys=True, default=str))
    if key not in _CLASSES:
        _CLASSES[key] = _build(env_id, args)
    return _CLASSES[key]


_CLASSES: dict[tuple[str, str], type] = {}


def _build(env_id: str, args: dict) -> type:
    from loopwright.tasks import _verifiers

    taskset_cls = _verifiers.taskset_class(env_id)
    config = _verifiers.taskset_config(taskset_cls, args)
    scoped = list(taskset_cls.task_type().toolsets(config.task))
    shared = list(taskset_cls.toolsets(config))
    body: dict[str, Any] = {"_env": env_id, "_args": dict(args), "__module__": __name__,
                            "_scoped": tuple((s.server_name, type(s), s.config) for s in scoped),
                            "_shared": tuple(s.server_name for s in shared)}
    for server in shared:
        if (env_id, server.server_name) not in _SHARED:
            _verifiers.run(server.setup())
            _SHARED[(env_id, server.server_name)] = server
    for server in shared + scoped:
        for name, tool in _tools_of(server).items():
            if name in body:
                raise _verifiers.VerifiersError(f"task.env={env_id}: two tools are named {name!r} (give one "
                                                "toolset a distinct TOOL_PREFIX)")
            body[name] = tool
    return type(f"{taskset_cls.__name__}Tools", (VerifiersEnvironment,), body)


def tool_problems(env_id: str, args: dict) -> list[str]:
    """What keeps the env's tools from TRL's schema (validation): at least one tool, each renderable."""
    cls = environment_class(env_id, args)
    tools = [fn for name, fn in vars(cls).items() if not name.startswith("_") and inspect.isfunction(fn)]
    if not tools:
        return [f"task.multi_turn=true: task.env={env_id} has no tools (no vf.Toolset with @vf.tool methods in "
                "Task.toolsets or Taskset.toolsets); single-turn tasks train with task.multi_turn=false"]
    return [p for p in (synth_tools.schema_problem(fn) for fn in tools) if p]
