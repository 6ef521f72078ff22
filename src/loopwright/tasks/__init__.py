"""Task registry: ``task.kind`` -> builder returning (train_rows, held_out_rows).

Each task registers itself in its own module, named as the option
(``task=tool_use`` -> ``tasks/tool_use.py``: its data, its multi-turn environment,
its column lookup)::

    @register("tool_use", params={"tools"}, summary="...", environment=ToolUseEnvironment)
    def build(cfg) -> tuple[list[dict], list[dict]]: ...

A row is ``{"prompt": [chat messages], ...columns}``; every column besides
``prompt`` reaches the reward functions as a keyword argument (TRL passes dataset
columns through). Column values must be Arrow-friendly (str, int, float, bool, or
lists of those); nested structures travel as JSON strings.

:data:`REGISTRY` imports the task modules on its first lookup, so ``--help`` and
composition import none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from loopwright.config.registry import Registry

# A logged conversation's context (rendered chat messages) and the task's params -> (reward columns, None)
# or ({}, why not). The params make the lookup pluggable per task (task=customer_support task.params.records=...).
ColumnLookup = Callable[[list[dict], dict], tuple[dict, "str | None"]]


@dataclass(frozen=True)
class TaskSpec:
    build: Callable[[Any], tuple[list[dict], list[dict]]]  # task cfg -> (train_rows, held_out_rows)
    params: frozenset = frozenset()
    summary: str = ""
    # The per-rollout tool environment of task.multi_turn=true (TRL's environment_factory), if the task has one.
    environment: type | None = None
    # Where a logged conversation's reward columns come from (loopwright.improve, eval.prompts rows).
    columns: ColumnLookup | None = None
    # The task's own validation rules: task cfg -> messages naming the keys (cheap: nothing is built).
    problems: Callable[[Any], list[str]] | None = None

    @property
    def multi_turn(self) -> bool:
        """Supports task.multi_turn=true (tool-calling episodes)."""
        return self.environment is not None


REGISTRY: Registry = Registry(__name__, "task")


def register(name: str, *, params: frozenset | set = frozenset(), summary: str = "",
             environment: type | None = None, columns: ColumnLookup | None = None,
             problems: Callable[[Any], list[str]] | None = None) -> Callable:
    """Decorator for a task module's ``build``: adds ``task.kind=name`` to :data:`REGISTRY`."""

    def add(build: Callable[[Any], tuple[list[dict], list[dict]]]) -> Callable:
        REGISTRY.add(name, TaskSpec(build, frozenset(params), summary, environment, columns, problems))
        return build

    return add


def build(cfg: Any) -> tuple[list[dict], list[dict]]:
    """(train rows, held-out rows) as the task writes them; a training run builds them through
    ``loopwright.episodes.demonstrations.build``, which adds an environment's demonstrations when asked."""
    return REGISTRY[cfg.kind].build(cfg)


def columns_for(kind: str | None, messages: list[dict], metadata: Any = None,
                params: Any = None) -> tuple[dict, str | None]:
    """Reward columns for a logged conversation context: the task's lookup + ``metadata.columns``.

    A logged conversation has no reward columns: in production the ground truth lives
    in, say, the shop's order system. The task says where to look it up (its
    ``columns`` lookup), so a reward grades a logged reply exactly as it grades a
    training rollout. Columns the conversation carries itself (``metadata.columns``,
    e.g. ``{"answer": "7"}``) win. ``params`` (the task's params) reach the lookup, so
    it can read the user's own records. Returns ``(columns, None)`` or ``({}, reason)``.
    """
    given = metadata.get("columns") if isinstance(metadata, dict) else None
    given = dict(given) if isinstance(given, dict) else {}
    lookup = REGISTRY[kind].columns if kind in REGISTRY else None
    if lookup is None:
        return given, None
    found, reason = lookup(messages, dict(params or {}))
    if reason and not given:
        return {}, reason
    return {**found, **given}, None


def problems(task_cfg: Any) -> list[str]:
    """Validation of the task group's kind, params and multi_turn, without building."""
    if task_cfg.kind not in REGISTRY:
        return [f"task.kind='{task_cfg.kind}' is not a known task; choose from {sorted(REGISTRY)}"]
    spec = REGISTRY[task_cfg.kind]
    found = []
    unknown = sorted(set(task_cfg.params or {}) - spec.params)
    if unknown:
        found.append(f"task.params: unknown key(s) {unknown} for task '{task_cfg.kind}'; accepted: "
                     f"{sorted(spec.params) or 'none'}")
    if task_cfg.get("env") and task_cfg.kind != "verifiers":
        found.append(f"task.env={task_cfg.env} is only read by task=verifiers (a verifiers environment); task "
                     f"'{task_cfg.kind}' has its own data")
    # a user's environment (task.environment._target_: loopwright.episodes.adapter) runs any task's rows as episodes
    custom_environment = (task_cfg.get("environment") or {}).get("_target_")
    if task_cfg.multi_turn and not spec.multi_turn and not custom_environment:
        found.append(f"task.multi_turn=true is not supported by task '{task_cfg.kind}'; tasks that support it: "
                     f"{sorted(k for k, v in REGISTRY.items() if v.multi_turn) or 'none yet'}")
    return found


def option_problems(task_cfg: Any) -> list[str]:
    """The task's own rules (the ``problems`` its module registered), checked before training."""
    spec = REGISTRY[task_cfg.kind] if task_cfg.kind in REGISTRY else None
    return spec.problems(task_cfg) if spec is not None and spec.problems is not None else []


def train_problems(cfg: Any) -> list[str]:
    """task= in a training config: its sizes, the group's rules (:func:`problems`), the option's own and the token
    check's sample count (a user's task.environment._target_ is checked by loopwright.episodes.adapter)."""
    from loopwright.config.checks import positive

    t = cfg.task
    found = positive(cfg, "task.n_train") + problems(t)
    found.extend(option_problems(t))  # the task module's own rules (task.path, task.operations, ...)
    if t.token_check_samples < 1:
        found.append(f"task.token_check_samples={t.token_check_samples} must be >= 1 (task.token_check=false "
                     f"turns the check off)")
    return found
