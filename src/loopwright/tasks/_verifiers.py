"""A verifiers environment through verifiers' own classes: its tasks as rows, a conversation as its ``Trace``.

verifiers 0.4 (pinned: episodes/packages.py) calls an environment's data half a ``Taskset``: a package or
module exporting one ``vf.Taskset`` subclass in ``__all__``, whose ``load()`` yields ``vf.Task`` objects, each
carrying its ``TaskData`` (``prompt``, ``system_prompt``, the task's own fields) and grading a finished
rollout with its ``@vf.reward`` methods (``task.score(trace)`` records named, weighted rewards on the
``Trace``; the sum is the rollout's reward). Its tools are ``Toolset``s (tasks/_verifiers_tools.py).

Here: :func:`taskset_class` resolves ``task.env`` as verifiers' loader does (a hub id's bare name, ``-`` as
``_``; a built-in taskset by name) and also accepts a dotted module path; :func:`rows` turns tasks into
rows, the ``TaskData`` travelling whole as JSON in the ``vf_task`` column and its scalar fields as columns
of their own (so loopwright's rewards can read, e.g., ``answer``); :func:`grade` rebuilds the Task from that
column and scores a TRL completion as a Trace. Only this module and the tools module import verifiers.
Everything a taskset yields is checked: a task that is not a ``vf.Task``, a prompt that is not text, a task
over ``MAX_TASK_JSON`` characters is an error naming ``task.env`` and the task; at most ``MAX_TASKS`` are read
(an infinite taskset included).
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import json
import threading
from typing import Any

from loopwright.tasks.jsonl import TaskFileError

KEY = "task.env"
TASK_COLUMN = "vf_task"
MAX_TASKS = 20_000  # tasks read from a taskset (an INFINITE one, or a huge one, stops here)
MAX_TASK_JSON = 200_000  # characters of one task's data carried in its row


class VerifiersError(TaskFileError):
    """The environment cannot be used as configured; the message names the key and the reason (a TaskFileError:
    the data step reports it as it reports a task file's bad line)."""


# ------------------------------------------------------------------ the event loop
_LOOP: asyncio.AbstractEventLoop | None = None
_LOCK = threading.Lock()


def run(coro: Any, timeout: float | None = None) -> Any:
    """Run a verifiers coroutine to completion on one background loop shared by the process, so a toolset's
    resources (clients, sessions) made on it stay usable from call to call, whichever thread calls."""
    global _LOOP
    with _LOCK:
        if _LOOP is None or _LOOP.is_closed():
            _LOOP = asyncio.new_event_loop()
            threading.Thread(target=_LOOP.run_forever, name="loopwright-verifiers", daemon=True).start()
    return asyncio.run_coroutine_threadsafe(coro, _LOOP).result(timeout)


# ------------------------------------------------------------------ the environment
def env_args(task_cfg: Any, which: str = "args") -> dict:
    """``task.params.<which>`` (the taskset config's fields) as a plain dict."""
    from omegaconf import DictConfig, OmegaConf

    params = task_cfg.get("params") or {}
    value = params.get(which) if hasattr(params, "get") else None
    if isinstance(value, DictConfig):
        value = OmegaConf.to_container(value, resolve=True)
    return dict(value or {})


def module_name(env_id: str) -> str:
    """``task.env`` as an import name: a hub id ``owner/name@version`` is its bare ``name``, ``-`` reads ``_``."""
    name = str(env_id).strip()
    if "/" in name or "@" in name:
        name = name.rsplit("/", 1)[-1].split("@", 1)[0].lower()
    return name.replace("-", "_")


def taskset_class(env_id: str) -> type:
    """The ``vf.Taskset`` subclass that ``task.env`` exports; VerifiersError naming the key otherwise."""
    from verifiers.v1.taskset import Taskset
    from verifiers.v1.utils.loaders import _plugin_class

    name = module_name(env_id)
    if not name or not all(part.isidentifier() for part in name.split(".")):
        raise VerifiersError(f"{KEY}={env_id!r} is not a module name (my_env, my_pkg.my_env, owner/my-env)")
    builtin = f"verifiers.v1.tasksets.{name}"
    target = builtin if "." not in name and importlib.util.find_spec(builtin) else name
    try:
        module = importlib.import_module(target)
    except Exception as err:  # noqa: BLE001 - any failure to import is the user's module to fix
        raise VerifiersError(f"{KEY}={env_id}: cannot import {target!r} ({type(err).__name__}: {err}); install "
                             f"the environment's package, or put its module on PYTHONPATH") from None
    try:
        return _plugin_class(module, Taskset, "taskset")
    except (AttributeError, TypeError, ValueError) as err:
        raise VerifiersError(f"{KEY}={env_id}: {err}") from None


def taskset_config(cls: type, args: dict | None, key: str = "task.params.args") -> Any:
    from pydantic import ValidationError
    from verifiers.v1.configs.taskset import TasksetConfig
    from verifiers.v1.taskset import Taskset
    from verifiers.v1.utils.generic import concrete_type

    config_cls = concrete_type(cls, TasksetConfig, origin=Taskset) or TasksetConfig
    try:
        return config_cls.model_validate({"id": cls.__module__, **dict(args or {})})
    except ValidationError as err:
        raise VerifiersError(f"{key}: {config_cls.__name__} refuses it: {' '.join(str(err).split())[:600]}") from None


def load(env_id: str, args: dict | None, key: str = "task.params.args") -> Any:
    cls = taskset_class(env_id)
    try:
        return cls(taskset_config(cls, args, key))
    except VerifiersError:
        raise
    except Exception as err:  # noqa: BLE001
        raise VerifiersError(f"{KEY}={env_id}: {cls.__name__}(config) raised {type(err).__name__}: {err}") from None


# ------------------------------------------------------------------ tasks -> rows
def _content(content: Any, where: str) -> str:
    from verifiers.v1.types import TextContentPart

    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(p, TextContentPart) for p in content):
        return "\n".join(p.text for p in content)
    raise VerifiersError(f"{where}: a prompt message carries images or other non-text parts; only text prompts "
                         "train here")


def prompt_of(data: Any, where: str) -> list[dict]:
    """The TaskData's prompt as chat messages: its system_prompt first, then the prompt (text, or messages)."""
    prompt = data.prompt
    if prompt is None or prompt == "" or prompt == []:
        raise VerifiersError(f"{where}: the task has no prompt (a task the user opens is not supported)")
    messages = [{"role": "user", "content": prompt}] if isinstance(prompt, str) else [
        {"role": m.role, "content": _content(m.content, where)} for m in prompt]
    for m in messages:
        if m["role"] not in ("system", "user", "assistant"):
            raise VerifiersError(f"{where}: a prompt message has role {m['role']!r}; system, user and assistant "
                                 "messages only")
    if messages[-1]["role"] != "user":
        raise VerifiersError(f"{where}: the prompt ends with the {messages[-1]['role']}'s message; it must end with "
                             "the user's turn")
    if data.system_prompt and messages[0]["role"] != "system":
        messages.insert(0, {"role": "system", "content": str(data.system_prompt)})
    return messages


def row_of(task: Any, where: str) -> dict:
    from loopwright.tasks.jsonl import RESERVED_COLUMNS, column_value

    data = task.data
    blob = data.model_dump_json(exclude_defaults=True)
    if len(blob) > MAX_TASK_JSON:
        raise VerifiersError(f"{where}: the task's data is {len(blob):,} characters as JSON, over the "
                             f"{MAX_TASK_JSON:,} a row carries")
    row = {"prompt": prompt_of(data, where), TASK_COLUMN: blob}
    base = _base_fields()
    for name in type(data).model_fields:
        if name in base or name in RESERVED_COLUMNS or name == TASK_COLUMN:
            continue  # the rubric reads every field from vf_task; TRL's own keyword names cannot be columns
        row[name] = column_value(getattr(data, name))  # a scalar, a flat list, else JSON text
    return row


def _base_fields() -> set[str]:
    from verifiers.v1.task import TaskData

    return set(TaskData.model_fields)


def rows(taskset: Any, env_id: str, limit: int = MAX_TASKS) -> list[dict]:
    """One row per task, in the taskset's order (at most ``limit`` tasks read)."""
    from verifiers.v1.task import Task

    out = []
    iterator = iter(taskset)
    for i in range(limit):
        try:
            task = next(iterator)
        except StopIteration:
            break
        except Exception as err:  # noqa: BLE001 - the taskset's load() is user code
            raise VerifiersError(f"{KEY}={env_id}: its taskset's load() raised {type(err).__name__}: {err}") from None
        where = f"{KEY}={env_id}, task {i}"
        if not isinstance(task, Task):
            raise VerifiersError(f"{where}: load() yielded a {type(task).__name__}, not a vf.Task")
        out.append(row_of(task, where))
    return out


# ------------------------------------------------------------------ a completion -> its Trace and score
def task_of(taskset_cls: type, config: Any, blob: Any) -> Any:
    """The Task a row's ``vf_task`` column describes, typed by the taskset's own Task and TaskData classes."""
    task_cls = taskset_cls.task_type()
    return task_cls(task_cls.data_type().model_validate_json(str(blob)), config.task)


def vf_messages(messages: list[dict]) -> list[Any]:
    """TRL's chat messages (tool calls as ``{"function": {"name", "arguments"}}``) as verifiers' message types."""
    import verifiers.v1 as vf

    out: list[Any] = []
    pending: list[tuple[str, str]] = []  # (call id, tool name) not yet answered
    for m in messages:
        role, content = m.get("role"), m.get("content")
        text = content if isinstance(content, str) else "" if content is None else json.dumps(content)
        if role == "system":
            out.append(vf.SystemMessage(content=text))
        elif role == "user":
            out.append(vf.UserMessage(content=text))
        elif role == "assistant":
            calls = []
            for call in m.get("tool_calls") or []:
                fn = call.get("function", call) if isinstance(call, dict) else {}
                args = fn.get("arguments", {})
                cid = f"call_{len(out)}_{len(calls)}"
                calls.append(vf.ToolCall(id=cid, name=str(fn.get("name", "")),
                                         arguments=args if isinstance(args, str) else json.dumps(args)))
                pending.append((cid, str(fn.get("name", ""))))
            out.append(vf.AssistantMessage(content=text, tool_calls=calls or None))
        elif role == "tool":
            cid, name = pending.pop(0) if pending else (f"call_{len(out)}", str(m.get("name") or ""))
            out.append(vf.ToolMessage(tool_call_id=cid, content=text, name=m.get("name") or name))
    return out


def trace_of(task: Any, prompt: list[dict], completion: list[dict], state: Any = None) -> Any:
    """The Trace of one rollout: the prompt's messages, then the completion's (the model's turns sampled)."""
    import verifiers.v1 as vf
    from verifiers.v1.graph import MessageNode
    from verifiers.v1.trace import AgentInfo, Trace, TraceTask

    messages = vf_messages(list(prompt) + list(completion))
    nodes = [MessageNode(parent=i - 1 if i else None, message=m,
                         sampled=i >= len(prompt) and isinstance(m, vf.AssistantMessage))
             for i, m in enumerate(messages)]
    trace = Trace(task=TraceTask(type=type(task).__name__, data=task.data, key=task.key, hash=task.hash),
                  agent=AgentInfo(config=vf.AgentConfig()), nodes=nodes, is_completed=True, ok=True)
    if state is not None:
        trace.state = state
    return trace


def grade(task: Any, prompt: list[dict], completion: list[dict], state: Any = None,
          timeout: float | None = None) -> tuple[float, dict[str, float]]:
    """The rubric's score of one rollout (the Trace's weighted sum) and each named reward's own score."""
    trace = trace_of(task, prompt, completion, state)
    run(task.score(trace), timeout)
    return trace.reward, {name: r.score for name, r in trace.rewards.items() if r is not None}
