"""Reward registry and assembly: ``reward`` config -> TRL reward functions + weights.

Each grader registers itself in its own module, named as the option
(``reward=customer_support`` -> ``rewards/customer_support/__init__.py``)::

    @register("customer_support", params={"threshold"}, summary="...", breakdown=breakdown)
    def make(params: dict) -> RewardFn: ...

``make(params)`` returns a function with TRL's reward signature
(``fn(prompts, completions, **columns) -> list[float]``); ``params`` lists the
parameter names it accepts. :data:`REGISTRY` imports the grader modules on its
first lookup, so validation and ``--help`` stay light.

Every function handed to TRL is wrapped by :func:`safe_reward`: a grader that
raises, returns the wrong count, None or a non-finite value yields the low score
for the affected completions instead of crashing the run. The one exception is
:class:`GraderError`: a grader that cannot grade at all (reward=judge with its
endpoint down) stops the run, since training on made-up zeros is worse than not
training. Graders read a reply with :func:`completion_text`.

An option with a typed node of its own (``reward=judge``: config/reward.py's
JudgeReward) reads its keys at ``reward.*``; :func:`option_params` hands them to
``make`` together with ``reward.params``.
"""

from __future__ import annotations

import importlib
import math
from dataclasses import dataclass
from typing import Any, Callable

from loopwright.config.registry import Registry

RewardFn = Callable[..., list]
LOW_SCORE = 0.0


class GraderError(RuntimeError):
    """A grader that cannot grade (its service is down or answers nonsense): the run stops with this message."""


@dataclass(frozen=True)
class RewardSpec:
    make: Callable[[dict], RewardFn]  # params -> reward fn
    params: frozenset = frozenset()
    summary: str = ""
    # Named parts of one score, which loopwright.improve writes per graded turn:
    # (reply, the row's columns) -> {part: value}; and their summary over all turns -> {part: {...}}.
    breakdown: Callable[[Any, dict], dict] | None = None
    summarize: Callable[[list[dict]], dict] | None = None
    # The option's own validation: (params, the key they sit under, e.g. "reward") -> problems.
    problems: Callable[[dict, str], list[str]] | None = None
    # A shaping reward rewards form, not content (format, length): why, in words. The gaming audit
    # (reward_audit/gaming.py) does not ask it content questions (templates, prompt swaps) when it is the whole reward.
    shaping: str = ""
    # A verifier checks a reply against the row's reference (the answer, the expected call): which reference.
    # Its held-out accuracy is a trusted objective; a grader without one (a rubric, a judge) is scored by the
    # signal training optimised, and a research run asks for a held-out check (src/loopwright/sweep/objective.py).
    verifies: str = ""


REGISTRY: Registry = Registry(__name__, "reward")
COMPOSITE = "composite"


def register(name: str, *, params: frozenset | set = frozenset(), summary: str = "",
             breakdown: Callable[[Any, dict], dict] | None = None,
             summarize: Callable[[list[dict]], dict] | None = None,
             problems: Callable[[dict, str], list[str]] | None = None, shaping: str = "",
             verifies: str = "") -> Callable:
    """Decorator for a grader module's ``make``: adds ``reward.kind=name`` to :data:`REGISTRY`."""

    def add(make: Callable[[dict], RewardFn]) -> Callable[[dict], RewardFn]:
        REGISTRY.add(name, RewardSpec(make, frozenset(params), summary, breakdown, summarize, problems,
                                      shaping, verifies))
        return make

    return add


def completion_text(completion: Any) -> str:
    """Text of a completion in TRL's plain (str) or conversational (list of messages) form.

    Conversational: the last message (in a tool-calling episode, the final reply).
    """
    if isinstance(completion, str):
        return completion
    if isinstance(completion, list) and completion:
        last = completion[-1]
        if isinstance(last, dict) and isinstance(last.get("content"), str):
            return last["content"]
    if isinstance(completion, dict) and isinstance(completion.get("content"), str):
        return completion["content"]
    return ""


def _load(path: str) -> Any:
    module, _, attr = path.partition(":") if ":" in path else path.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def load_target(path: str) -> Callable:
    """Import a user function from a dotted path; raise ValueError with the reason."""
    if not isinstance(path, str) or "." not in path:
        raise ValueError(f"'{path}' is not a dotted path like my_pkg.my_module.my_function")
    try:
        fn = _load(path)
    except (ImportError, AttributeError, ValueError) as err:
        raise ValueError(f"cannot import '{path}': {type(err).__name__}: {err}") from None
    if not callable(fn):
        raise ValueError(f"'{path}' is not callable")
    return fn


def _score_one(fn: RewardFn, kwargs: dict, i: int, n: int, low: float) -> float:
    """Grade completion i alone (per-row columns sliced to it)."""
    single = {k: (v[i:i + 1] if isinstance(v, list) and len(v) == n else v) for k, v in kwargs.items()}
    try:
        out = fn(**single)
    except GraderError:
        raise
    except Exception:  # noqa: BLE001 - a grader must never crash training
        return low
    return _finite(out[0], low) if isinstance(out, (list, tuple)) and len(out) == 1 else low


def safe_reward(fn: RewardFn, name: str, low: float = LOW_SCORE) -> RewardFn:
    """Wrap a grader so it always returns one finite float per completion."""

    def wrapped(**kwargs: Any) -> list[float]:
        n = len(kwargs.get("completions") or [])
        try:
            out = fn(**kwargs)
            if isinstance(out, (list, tuple)) and len(out) == n:
                return [_finite(v, low) for v in out]
        except GraderError:
            raise  # no grade at all: stop, never a silent low score
        except Exception:  # noqa: BLE001
            pass
        return [_score_one(fn, kwargs, i, n, low) for i in range(n)]  # isolate the completions that break it

    wrapped.__name__ = name
    wrapped.__qualname__ = name
    wrapped.__wrapped__ = fn
    return wrapped


def _finite(value: Any, low: float) -> float:
    try:
        value = float(value)
    except (TypeError, ValueError):
        return low
    return value if math.isfinite(value) else low


def make(kind: str, params: dict | None = None) -> RewardFn:
    """A registered grader by name, with its params."""
    return REGISTRY[kind].make(dict(params or {}))


def _params_of(node: Any) -> dict:
    from omegaconf import OmegaConf

    return OmegaConf.to_container(node, resolve=True) if node is not None else {}


# The curation cut when a reward names none: a reply scoring >= it is kept (improve, audit, calibration,
# the hacking monitor). A reward's own cut is its ``threshold`` param (conf/reward/*.yaml).
CURATION_CUT = 0.7


def threshold_of(reward_cfg: Any) -> float:
    """The reward's own curation cut (its ``threshold`` param), else ``CURATION_CUT``: the one definition."""
    if reward_cfg.get("kind") == COMPOSITE or reward_cfg.get("_target_"):
        params = reward_cfg.get("params") or {}
    else:
        params = option_params(reward_cfg)
    return float(params.get("threshold", CURATION_CUT))


def option_params(reward_cfg: Any) -> dict:
    """``reward.params``, plus the keys of the option's own typed node that its grader accepts."""
    params = _params_of(reward_cfg.get("params"))
    accepted = REGISTRY[reward_cfg.kind].params if reward_cfg.kind in REGISTRY else frozenset()
    for key in accepted:
        if key in reward_cfg and key not in params:
            value = reward_cfg[key]
            params[key] = value.value if hasattr(value, "value") else value  # an enum as its name
    return params


def build(reward_cfg: Any, fitted: bool = True) -> list[tuple[str, RewardFn, float]]:
    """(name, safe reward fn, weight) for every grader the ``reward`` group asks for; with
    ``reward.calibration_fit=true`` (and ``fitted``), the one grader the user's labels fitted (_fitting.py)."""
    graders = _build(reward_cfg)
    if fitted and reward_cfg.get("calibration") and reward_cfg.get("calibration_fit"):
        from loopwright.rewards import _calibration, _fitting

        fit = _calibration.calibrate(reward_cfg).get("fit")
        if fit:  # the pairwise judge has none: its labels only measure it
            spec = None if reward_cfg.get("_target_") or reward_cfg.kind == COMPOSITE else REGISTRY[reward_cfg.kind]
            name = f"{graders[0][0] if len(graders) == 1 else COMPOSITE}_fitted"
            fn = _fitting.fitted_reward(combined(graders), spec.breakdown if spec else None, fit)
            return [(name, safe_reward(fn, name), 1.0)]
    return graders


def _build(reward_cfg: Any) -> list[tuple[str, RewardFn, float]]:
    params_of = _params_of

    if reward_cfg.get("_target_"):
        name = str(reward_cfg._target_).rsplit(".", 1)[-1]
        return [(name, safe_reward(load_target(reward_cfg._target_), name), float(reward_cfg.weight))]
    if reward_cfg.kind == COMPOSITE:
        names: dict[str, int] = {}
        out = []
        for comp in reward_cfg.components:
            names[comp.kind] = names.get(comp.kind, 0) + 1
            name = comp.kind if names[comp.kind] == 1 else f"{comp.kind}_{names[comp.kind]}"
            out.append((name, safe_reward(make(comp.kind, params_of(comp.params)), name), float(comp.weight)))
        return out
    return [(reward_cfg.kind, safe_reward(make(reward_cfg.kind, option_params(reward_cfg)), reward_cfg.kind),
             float(reward_cfg.weight))]


def problems(reward_cfg: Any) -> list[str]:
    """Validation of the reward group (names, params, importable targets), without building."""
    from loopwright.config.checks import is_inert, trusted_target

    found: list[str] = []
    target = reward_cfg.get("_target_")
    if target:
        if is_inert() and not trusted_target(target):
            return found  # a user module: imported by the run that uses it, never by an inert validation
        try:
            load_target(target)
        except ValueError as err:
            found.append(f"reward._target_: {err}")
        return found

    def check(kind: str, params: Any, key: str, merged: dict | None = None) -> None:
        if kind not in REGISTRY:
            found.append(f"{key}.kind='{kind}' is not a known reward; choose from "
                         f"{sorted(REGISTRY) + ([COMPOSITE] if key == 'reward' else [])}")
            return
        unknown = sorted(set(params or {}) - REGISTRY[kind].params)
        if unknown:
            found.append(f"{key}.params: unknown key(s) {unknown} for reward '{kind}'; accepted: "
                         f"{sorted(REGISTRY[kind].params) or 'none'}")
        elif REGISTRY[kind].problems is not None:
            found.extend(REGISTRY[kind].problems(_params_of(params) if merged is None else merged,
                                                 key if merged is not None else f"{key}.params"))

    if reward_cfg.kind == COMPOSITE:
        if not reward_cfg.components:
            found.append("reward.kind=composite needs reward.components (a list of {kind, weight, params})")
        for i, comp in enumerate(reward_cfg.components):
            check(comp.kind, comp.params, f"reward.components[{i}]")
    else:
        check(reward_cfg.kind, reward_cfg.params, "reward",
              option_params(reward_cfg) if reward_cfg.kind in REGISTRY else None)
        if reward_cfg.components:
            found.append(f"reward.components is only used with reward.kind=composite (got kind={reward_cfg.kind})")
    return found


def combined(graders: list[tuple[str, RewardFn, float]]) -> RewardFn:
    """One score per completion: the weighted mean of the graders (used for held-out evaluation)."""
    total = sum(w for _, _, w in graders) or 1.0

    def score(**kwargs: Any) -> list[float]:
        n = len(kwargs.get("completions") or [])
        sums = [0.0] * n
        for _, fn, weight in graders:
            for i, value in enumerate(fn(**kwargs)):
                sums[i] += weight * value
        return [v / total for v in sums]

    return score


def train_problems(cfg: Any) -> list[str]:
    """reward= in a training config: the group's rules (:func:`problems`), then the calibration gate, which scores
    the labelled set: only with a grader that builds."""
    from loopwright.config.checks import is_inert

    reward_problems = problems(cfg.reward)
    if reward_problems or is_inert():  # the gate calls the grader (a judge: over the network)
        return reward_problems
    from loopwright.rewards._calibration import problems as calibration_problems

    return calibration_problems(cfg.reward)
