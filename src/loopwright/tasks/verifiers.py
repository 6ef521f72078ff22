"""``task=verifiers``: a verifiers environment's tasks as the rows, ``task.env=<module or installed package>``.

The environment is a verifiers 0.4 taskset (tasks/_verifiers.py says how it is found and read):

    python train.py task=verifiers task.env=my_env reward=verifiers           # its rubric is the reward
    python train.py task=verifiers task.env=my_env task.multi_turn=true reward=verifiers   # with its tools

``task.params.args`` are the taskset config's fields (``--env.taskset.*`` in verifiers' CLI). The held-out split
is kept apart two ways: with ``task.params.eval_args`` the held-out rows are the taskset loaded with those
fields instead (e.g. ``{split: test}``), and any training task whose prompt is among them is dropped; without,
the distinct tasks are shuffled with ``task.seed``, the first ``task.n_eval`` held out and the next
``task.n_train`` trained on (as task=jsonl). No row repeats and no prompt sits on both sides.

In episodes the environment TRL gets is :class:`VerifiersEnvironment`, narrowed by ``_for_task`` to a class whose
methods are the env's ``@vf.tool`` methods (tasks/_verifiers_tools.py makes them): per rollout, the row's Task
rebuilt from ``vf_task``, each task-scoped toolset's ``setup`` (once per object) and ``setup_task(task)``, a fresh
``State`` per toolset, which a tool call sees as ``self.state`` and the rubric as ``trace.state``.
"""

from __future__ import annotations

import inspect
import json
from typing import Any

from loopwright.tasks import register
from loopwright.tasks._verifiers import env_args
from loopwright.tasks._verifiers_tools import MAX_RESULT, SHARED

KEY = "task.env"


def problems(t: Any) -> list[str]:
    """task=verifiers' rules (cheap: the pinned version, the key's presence and form; the user's module is
    imported at validation, as any ``_target_``, except by an inert validation)."""
    from loopwright.config.checks import is_inert
    from loopwright.episodes.packages import version_problem

    found: list[str] = []
    if not t.get("env"):
        return ["task=verifiers needs task.env: the verifiers environment's module or installed package "
                "(e.g. task.env=my_env, task.env=my_pkg.my_env)"]
    wrong = version_problem("verifiers", "task=verifiers")
    if wrong:
        return [wrong]
    for which in ("args", "eval_args"):
        value = (t.get("params") or {}).get(which)
        if value is not None and not hasattr(value, "keys"):
            found.append(f"task.params.{which} must be a mapping of the taskset config's fields, got {value!r}")
    if found or is_inert():
        return found
    from loopwright.tasks import _verifiers

    try:
        cls = _verifiers.taskset_class(str(t.env))
        _verifiers.taskset_config(cls, env_args(t))
        if env_args(t, "eval_args"):
            _verifiers.taskset_config(cls, {**env_args(t), **env_args(t, "eval_args")}, "task.params.eval_args")
        if t.multi_turn and not (t.get("environment") or {}).get("_target_"):
            found += [f"{KEY}={t.env}: {p}" for p in tool_problems(str(t.env), env_args(t))]
    except _verifiers.VerifiersError as err:
        found.append(str(err))
    return found


class VerifiersEnvironment:
    """task=verifiers' episode environment; :meth:`_for_task` makes the class with the configured env's tools."""

    _env: str = ""
    _args: dict = {}
    _scoped: tuple = ()  # (server name, Toolset class, its config) built per rollout
    _shared: tuple = ()  # server names of taskset-scoped toolsets (instances in SHARED)

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
        return {**{name: SHARED[(self._env, name)] for name in self._shared}, **self._servers}

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


def environment_class(env_id: str, args: dict) -> type:
    """The TRL environment class of ``task.env`` (one per configuration, cached)."""
    key = (env_id, json.dumps(args, sort_keys=True, default=str))
    if key not in _CLASSES:
        _CLASSES[key] = _build(env_id, args)
    return _CLASSES[key]


_CLASSES: dict[tuple[str, str], type] = {}


def _build(env_id: str, args: dict) -> type:
    from loopwright.tasks import _verifiers, _verifiers_tools

    taskset_cls = _verifiers.taskset_class(env_id)
    config = _verifiers.taskset_config(taskset_cls, args)
    scoped = list(taskset_cls.task_type().toolsets(config.task))
    shared = list(taskset_cls.toolsets(config))
    body: dict[str, Any] = {"_env": env_id, "_args": dict(args), "__module__": __name__,
                            "_scoped": tuple((s.server_name, type(s), s.config) for s in scoped),
                            "_shared": tuple(s.server_name for s in shared)}
    for server in shared:
        if (env_id, server.server_name) not in SHARED:
            _verifiers.run(server.setup())
            SHARED[(env_id, server.server_name)] = server
    for server in shared + scoped:
        for name, tool in _verifiers_tools.tools_of(server).items():
            if name in body:
                raise _verifiers.VerifiersError(f"task.env={env_id}: two tools are named {name!r} (give one "
                                                "toolset a distinct TOOL_PREFIX)")
            body[name] = tool
    return type(f"{taskset_cls.__name__}Tools", (VerifiersEnvironment,), body)


def tool_problems(env_id: str, args: dict) -> list[str]:
    """What keeps the env's tools from TRL's schema (validation): at least one tool, each renderable."""
    from loopwright.episodes.synth_tools import schema_problem

    cls = environment_class(env_id, args)
    tools = [fn for name, fn in vars(cls).items() if not name.startswith("_") and inspect.isfunction(fn)]
    if not tools:
        return [f"task.multi_turn=true: task.env={env_id} has no tools (no vf.Toolset with @vf.tool methods in "
                "Task.toolsets or Taskset.toolsets); single-turn tasks train with task.multi_turn=false"]
    return [p for p in (schema_problem(fn) for fn in tools) if p]


@register("verifiers", params={"args", "eval_args"}, problems=problems, environment=VerifiersEnvironment,
          summary="a verifiers environment (task.env): its tasks as rows, its tools in episodes; reward=verifiers "
                  "grades with its rubric")
def build(cfg: Any) -> tuple[list[dict], list[dict]]:
    """Return (train_rows, held_out_rows) from the environment's taskset (see the module docstring)."""
    from loopwright.tasks import _verifiers
    from loopwright.tasks.jsonl import TaskFileError, _unify_columns, dedupe, prompt_key, split

    env = str(cfg.env)
    args = env_args(cfg)
    source = f"{KEY}={env}"
    train = _verifiers.rows(_verifiers.load(env, args), env)
    eval_args = env_args(cfg, "eval_args")
    if eval_args:
        held = dedupe(_verifiers.rows(_verifiers.load(env, {**args, **eval_args}, "task.params.eval_args"), env))
        seen = {prompt_key(r) for r in held}
        train = [r for r in dedupe(train) if prompt_key(r) not in seen]
        if len(held) < int(cfg.n_eval) or len(train) < int(cfg.n_train):
            raise TaskFileError(
                f"{source}: task.n_eval={cfg.n_eval} and task.n_train={cfg.n_train} need that many distinct tasks; "
                f"the held-out taskset (task.params.eval_args) has {len(held)}, the training one {len(train)} not "
                "among them; lower task.n_eval or task.n_train")
        import random

        random.Random(int(cfg.seed)).shuffle(held)
        random.Random(int(cfg.seed) + 1).shuffle(train)
        train, held = train[:int(cfg.n_train)], held[:int(cfg.n_eval)]
    else:
        train, held = split(train, cfg, source)
    everything = train + held
    extra = sorted({k for r in everything for k in r} - {"prompt", _verifiers.TASK_COLUMN})
    for row in everything:  # every row carries every column (Arrow needs one schema); absent is null
        for k in extra:
            row.setdefault(k, None)
    _unify_columns(everything, list(range(len(everything))), extra, source)
    return train, held
