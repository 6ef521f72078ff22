"""``task.environment._target_=my_pkg.MyEnv``: a user's own environment class in place of the task's.

The contract is TRL 1.16's ``environment_factory`` (trl/trainer/grpo_trainer.py), checked
by :func:`contract_problems` at validation, before any model loads (exit 2, naming the key):

- a class, constructed with no arguments (``task.environment.kwargs`` are bound in);
  TRL builds one instance per concurrent rollout and reuses them;
- ``reset(self, **row)``: called before every rollout with every column of the dataset
  row (``prompt`` included), so it must take ``**kwargs``; returns None, or a string
  that TRL appends to the last user message;
- tools: every public method other than ``reset`` / ``get_reward``, with type hints and
  a Google-style docstring (``Args:``), from which ``transformers.utils.get_json_schema``
  builds the schema rendered into the prompt; at least one;
- ``get_reward(self)`` (optional): no arguments, a float per finished rollout, added as
  one more reward column (weight 1, named after the class) next to the run's ``reward`` group.

Any task's rows can drive such an environment (``task=jsonl`` included): with a
``_target_`` set, ``task.multi_turn=true`` no longer needs a task with its own environment.
An OpenEnv environment class (in-process ``Environment`` or a server's ``EnvClient``) is adapted to this
contract first (loopwright.episodes.openenv), its ``kwargs`` going to its own constructor.
See docs/EPISODES.md for an example class.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import types
from typing import Any, Callable


KEY = "task.environment._target_"


def target(task_cfg: Any) -> str | None:
    """The configured class path, or None (the task's own environment)."""
    env = task_cfg.get("environment") if hasattr(task_cfg, "get") else getattr(task_cfg, "environment", None)
    path = env.get("_target_") if env is not None and hasattr(env, "get") else None
    return str(path) if path else None


def _kwargs(task_cfg: Any) -> dict[str, Any]:
    from omegaconf import DictConfig, OmegaConf

    kwargs = task_cfg.environment.get("kwargs") or {}
    return OmegaConf.to_container(kwargs, resolve=True) if isinstance(kwargs, DictConfig) else dict(kwargs)


def load_class(path: str) -> type:
    """Import ``module.Class``; ValueError saying what is wrong with the path."""
    module_name, _, attr = path.rpartition(".")
    if not module_name or not attr:
        raise ValueError("must be a dotted path module.Class")
    try:
        module = importlib.import_module(module_name)
    except Exception as err:  # noqa: BLE001 - any failure to import is the user's path or module to fix
        raise ValueError(f"cannot import module '{module_name}' ({type(err).__name__}: {err})") from None
    cls = getattr(module, attr, None)
    if cls is None:
        raise ValueError(f"module '{module_name}' has no attribute '{attr}'")
    if not inspect.isclass(cls):
        raise ValueError(f"'{path}' is a {type(cls).__name__}, not a class")
    return cls


def tool_methods(cls: type) -> list[str]:
    """The methods TRL exposes as tools (inspect.getmembers on the class, as TRL lists them)."""
    from loopwright.episodes.environment import TRL_METHODS  # only once a class is configured

    return [name for name, _ in inspect.getmembers(cls, predicate=inspect.isfunction)
            if name not in TRL_METHODS and not name.startswith("_")]


def _takes_row(fn: Callable) -> bool:
    return any(p.kind is inspect.Parameter.VAR_KEYWORD for p in inspect.signature(fn).parameters.values())


def _needs_arguments(fn: Callable) -> bool:
    params = list(inspect.signature(fn).parameters.values())[1:]  # after self
    return any(p.default is inspect.Parameter.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
               for p in params)


def contract_problems(cls: type, kwargs: dict[str, Any] | None = None) -> list[str]:
    """What keeps ``cls`` from TRL's environment_factory contract (empty when it fits)."""
    from transformers.utils import get_json_schema  # no torch; only reached with a _target_ set

    found = []
    reset = inspect.getattr_static(cls, "reset", None)
    if not inspect.isfunction(reset):
        found.append(f"{cls.__name__} has no reset method (TRL calls reset(**row) before every rollout)")
    elif not _takes_row(reset):
        found.append(f"{cls.__name__}.reset must accept **kwargs (TRL passes every column of the dataset row)")
    reward = inspect.getattr_static(cls, "get_reward", None)
    if reward is not None and (not inspect.isfunction(reward) or _needs_arguments(reward)):
        found.append(f"{cls.__name__}.get_reward must be a method taking no arguments (TRL calls get_reward())")
    names = tool_methods(cls)
    if not names:
        found.append(f"{cls.__name__} has no tools (public methods other than reset / get_reward)")
    for name in names:
        try:  # as TRL renders it: the bound method's schema (self dropped)
            get_json_schema(types.MethodType(getattr(cls, name), object()))
        except Exception as err:  # noqa: BLE001 - DocstringParsingException, TypeHintParsingException, ...
            found.append(f"tool {cls.__name__}.{name}: {err} (TRL builds its schema from type hints and the "
                         "docstring's Args: section)")
    try:
        inspect.signature(cls).bind(**(kwargs or {}))
    except TypeError as err:
        found.append(f"{cls.__name__}(**task.environment.kwargs) does not fit its constructor: {err}")
    return found


def problems(task_cfg: Any) -> list[str]:
    """Validation of ``task.environment``: the path imports, the class fits the contract, episodes are on."""
    path = target(task_cfg)
    if path is None:
        if task_cfg.environment.get("kwargs"):
            return [f"task.environment.kwargs is set but {KEY} is not"]
        return []
    from loopwright.config.checks import is_inert, trusted_target

    found = []
    if not task_cfg.multi_turn:
        found.append(f"{KEY}={path} needs task.multi_turn=true (the environment runs only in episodes)")
    if is_inert() and not trusted_target(path):
        return found  # a user module: imported by the run that uses it, never by an inert validation
    try:
        cls = load_class(path)
    except ValueError as err:
        return found + [f"{KEY}={path}: {err}"]
    from loopwright.episodes import openenv  # no openenv import: the class's MRO is read by name

    if openenv.kind(cls) is not None:  # an OpenEnv environment: adapted (episodes/openenv.py), then checked as TRL's
        wrong = openenv.problems(cls)
        if wrong:
            return found + [f"{KEY}={path}: {p}" for p in wrong]
        kwargs = _kwargs(task_cfg)
        try:
            inspect.signature(cls).bind(**kwargs)
        except TypeError as err:
            return found + [f"{KEY}={path}: {cls.__name__}(**task.environment.kwargs) does not fit its "
                            f"constructor: {err}"]
        cls = openenv.wrap(cls, kwargs)
        return found + [f"{KEY}={path}: {p}" for p in contract_problems(cls)]
    return found + [f"{KEY}={path}: {p}" for p in contract_problems(cls, _kwargs(task_cfg))]


def environment_factory(task_cfg: Any) -> Callable[[], Any]:
    """The ``environment_factory`` for the trainer: the configured class, else the task's own environment."""
    path = target(task_cfg)
    if path is not None:
        cls = load_class(path)
        kwargs = _kwargs(task_cfg)
        from loopwright.episodes import openenv

        if openenv.kind(cls) is not None:  # its kwargs go to the OpenEnv class, inside the adapted one
            return openenv.wrap(cls, kwargs)
        return functools.partial(cls, **kwargs) if kwargs else cls
    from loopwright import tasks  # here: the task modules import this package

    kind = task_cfg.kind
    environment = tasks.REGISTRY[kind].environment if kind in tasks.REGISTRY else None
    if environment is None:
        raise ValueError(f"task.multi_turn=true: task '{kind}' has no episode environment; "
                         f"available: {sorted(k for k, spec in tasks.REGISTRY.items() if spec.multi_turn)}, "
                         f"or set {KEY}=my_pkg.MyEnv")
    return environment
