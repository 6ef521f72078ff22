"""Hydra sweep grammar -> Optuna distributions.

| override | distribution |
|---|---|
| ``choice(a, b, c)``, ``shuffle(...)`` | Categorical |
| ``range(a, b[, step=s])`` | Int (or Float with a float bound/step) over a, a+s, ... < b: b is excluded, as in Hydra |
| ``interval(a, b)`` | Float in [a, b] |
| ``int(interval(a, b))`` | Int in [a, b] |
| ``tag(log, interval(...))`` | the same, log-scaled |
| a plain value | fixed: passed to every trial, not searched |

Optuna is imported inside the functions (Hydra imports this module at startup).
"""

from __future__ import annotations

import math
from typing import Any, Mapping

_BARE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:-+@")


def distribution_from_override(override: Any) -> Any:
    """A parsed override -> an Optuna distribution, or the override's value string when it is fixed."""
    from hydra.core.override_parser.types import Transformer
    from optuna.distributions import CategoricalDistribution, FloatDistribution, IntDistribution

    key = override.get_key_element()
    if not override.is_sweep_override():
        return override.get_value_element_as_str()
    value = override.value()
    if override.is_choice_sweep() or (override.is_range_sweep() and value.shuffle):
        choices = list(override.sweep_iterator(transformer=Transformer.identity))
        for choice in choices:
            if not isinstance(choice, (str, int, float, bool, type(None))):
                raise ValueError(f"{key}: choice() values must be str, int, float, bool or null; got {choice!r}")
        return CategoricalDistribution(choices)
    if override.is_range_sweep():
        start, stop, step = value.start, value.stop, value.step
        if step == 0 or (stop - start) / step <= 0:
            raise ValueError(f"{key}=range({start}, {stop}, step={step}) is empty")
        n = math.ceil((stop - start) / step - 1e-9)  # values start + i*step for i < n (stop excluded)
        last = start + (n - 1) * step
        if step < 0:  # Optuna wants low < high; the same set of values, walked upwards
            start, last, step = last, start, -step
        if any(isinstance(v, float) for v in (value.start, value.stop, value.step)):
            return FloatDistribution(float(start), float(last), step=float(step)) if n > 1 else \
                CategoricalDistribution([float(start)])
        return IntDistribution(int(start), int(last), step=int(step))
    if override.is_interval_sweep():
        log = "log" in value.tags
        if isinstance(value.start, int) and isinstance(value.end, int):
            return IntDistribution(int(value.start), int(value.end), log=log)
        return FloatDistribution(float(value.start), float(value.end), log=log)
    raise ValueError(f"{key}: {override.input_line} is not a sweep the loopwright sweeper understands")


def distribution_from_dict(key: str, spec: Mapping[str, Any]) -> Any:
    """``{type: float|int|categorical, low, high, step, log, choices}`` (the official plugin's dict form)."""
    from optuna.distributions import CategoricalDistribution, FloatDistribution, IntDistribution

    kind = spec.get("type")
    unknown = set(spec) - {"type", "low", "high", "step", "log", "choices"}
    if unknown:
        raise ValueError(f"hydra.sweeper.params.{key}: unknown field(s) {sorted(unknown)}")
    if kind == "categorical":
        return CategoricalDistribution(list(spec["choices"]))
    if kind in ("int", "float"):
        if "low" not in spec or "high" not in spec:
            raise ValueError(f"hydra.sweeper.params.{key}: type {kind} needs low and high")
        cast = int if kind == "int" else float
        step = spec.get("step")
        if kind == "int":
            return IntDistribution(int(spec["low"]), int(spec["high"]), log=bool(spec.get("log", False)),
                                   step=int(step or 1))
        return FloatDistribution(cast(spec["low"]), cast(spec["high"]), log=bool(spec.get("log", False)),
                                 step=None if step is None else float(step))
    raise ValueError(f"hydra.sweeper.params.{key}: type must be float, int or categorical, got {kind!r}")


def parse_params(arguments: list[str], dict_params: Mapping[str, Any] | None = None) -> tuple[dict, dict]:
    """(search space {key: distribution}, fixed {key: the override as typed}); later arguments win."""
    from hydra.core.override_parser.overrides_parser import OverridesParser

    space: dict[str, Any] = {}
    fixed: dict[str, str] = {}
    for key, spec in (dict_params or {}).items():
        space[str(key)] = distribution_from_dict(str(key), spec)
    for override in OverridesParser.create().parse_overrides(arguments):
        key = override.get_key_element()
        value = distribution_from_override(override)
        space.pop(key, None)
        fixed.pop(key, None)
        if isinstance(value, str):
            fixed[key] = override.input_line  # passed on to every trial exactly as the user wrote it
        else:
            space[key] = value
    return space, fixed


def override_value(value: Any) -> str:
    """A Python value as Hydra override text (quoted when the grammar needs it)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    text = str(value)
    if text and set(text) <= _BARE and text.lower() not in ("null", "true", "false"):
        return text
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def grid_choices(key: str, distribution: Any) -> list:
    """Every value of a discrete distribution, for the grid sampler."""
    from optuna.distributions import CategoricalDistribution, FloatDistribution, IntDistribution

    if isinstance(distribution, CategoricalDistribution):
        return list(distribution.choices)
    if isinstance(distribution, IntDistribution) and not distribution.log:
        return list(range(distribution.low, distribution.high + 1, distribution.step))
    if isinstance(distribution, FloatDistribution) and distribution.step is not None:
        n = round((distribution.high - distribution.low) / distribution.step) + 1
        return [distribution.low + i * distribution.step for i in range(n)]
    raise ValueError(f"{key}: sampler=grid needs discrete values (choice or range); got {distribution}")
