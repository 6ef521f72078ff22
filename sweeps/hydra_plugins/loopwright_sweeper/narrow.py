"""Research rounds: what one round's study says about the next round's search space.

    narrow(study, space, settings) -> (next space, newly fixed values, what was read and decided)

The rules, each written down as a decision with its reason (research.md shows them):

- fewer than ``min_complete`` completed trials: the space is kept as it is;
- importances: Optuna's PED-ANOVA evaluator over the round's completed and pruned trials (a pruned one at
  the last value it reported): what sets the top trials apart within the better half;
- the top trials: the best ``top_fraction`` of the completed ones (at least 2); with several objectives
  (``direction: [maximize, minimize]``, cost as an objective) the Pareto front, and the importances and
  "best" are those of the first objective;
- a float/int parameter with importance < ``min_importance`` (default 0: never) is fixed at the best trial's
  value;
- an important float/int parameter is narrowed to the top trials' span plus ``margin`` times the current
  range on each side, on a log scale where the distribution is log, clipped to the current range and kept
  on its step; a range that collapses to one value is fixed;
- a categorical choice that was tried (completed or pruned) inside the next round's float/int ranges and
  never reached the top there is dropped (one tried only outside them, or untried, stays); one left is fixed.

Optuna is imported inside the functions (Hydra imports this module at startup).
"""

from __future__ import annotations

import math
import json
from typing import Any, Mapping

from loopwright.sweep.attrs import REPEAT_ATTR, WARM_ATTR


def _better(direction: str) -> Any:
    return (lambda v: -v) if direction == "maximize" else (lambda v: v)


def top_trials(trials: list, direction: str, fraction: float, front: list | None = None,
               judged: Any = None) -> list:
    """The best `fraction` (at least 2) by the first objective; with several objectives, the Pareto front
    (`front`), topped up to 2 by the first objective. With a noisy `judged` (seeds.Judgement) the ranking is
    by the seed-averaged value, and every reseeded trial whose gap to the best is inside the noise joins."""
    if judged is not None and judged.promoted:  # research.proxy: ranked at full fidelity, the promoted only
        trials = [t for t in trials if t.number in judged.values] or trials
    if judged is not None and (judged.noisy or judged.promoted):
        ranked = judged.ranked(trials)
        top = ranked[:max(2, math.ceil(fraction * len(ranked)))] if front is None else \
            top_trials(trials, direction, fraction, front)
        return top + [t for t in ranked if t not in top and t.number in judged.values and judged.noisy
                      and not judged.clear_lead(ranked[0], t)]
    ranked = sorted(trials, key=lambda t: _better(direction)(t.values[0]))
    if front is not None:
        numbers = {t.number for t in front}
        on_front = [t for t in ranked if t.number in numbers]
        return on_front + [t for t in ranked if t.number not in numbers][:max(0, 2 - len(on_front))]
    return ranked[:max(2, math.ceil(fraction * len(ranked)))]


def importances(study: Any, space: Mapping[str, Any], params: list[str],
                quantile: float, judged: Any = None) -> tuple[dict[str, float], str]:
    """({param: importance}, "" or why there are none): Optuna's PED-ANOVA evaluator (it needs no scikit-learn,
    which fANOVA does): what sets the top `quantile` apart within the better half of the trials. Within the
    better half, not all of them: over all trials the dominant parameter (a learning rate) drowns the others,
    and a parameter that matters once the learning rate is right would be fixed as unimportant. A pruned
    trial counts at the last value it reported: leaving the pruned out would hide what made them bad."""
    import warnings

    import optuna
    from optuna.importance import PedAnovaImportanceEvaluator, get_param_importances
    from optuna.trial import TrialState

    if not params:
        return {}, "nothing left to search"
    if len(params) == 1:
        return {params[0]: 1.0}, ""
    verbosity = optuna.logging.get_verbosity()
    optuna.logging.set_verbosity(optuna.logging.WARNING)  # "a new study created in memory", once per round
    try:
        # several objectives: the importances of the first (the top trials are the Pareto front, below)
        scored = optuna.create_study(direction=study.directions[0].name.lower())
    finally:
        optuna.logging.set_verbosity(verbosity)
    for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE, TrialState.PRUNED)):
        value = (t.values[0] if judged is None else judged.value(t)) if t.state == TrialState.COMPLETE \
            else t.intermediate_values.get(t.last_step)
        if value is None or not all(k in t.params for k in space):
            continue
        scored.add_trial(optuna.trial.create_trial(params={k: t.params[k] for k in space}, distributions=dict(space),
                                                   value=value))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            found = get_param_importances(scored, evaluator=PedAnovaImportanceEvaluator(
                target_quantile=min(0.45, max(quantile, 2 / max(len(scored.trials), 1))), region_quantile=0.5),
                params=params)
    except (RuntimeError, ValueError) as err:
        return {}, f"not computed: {err}"
    return {k: float(v) for k, v in found.items()}, ""


def _scale(dist: Any) -> tuple[Any, Any]:
    if dist.log:
        return math.log10, lambda v: 10 ** v
    return (lambda v: v), (lambda v: v)


def _narrow_numeric(key: str, dist: Any, values: list[float], margin: float) -> tuple[Any, Any, str]:
    """(new distribution or None, fixed value or None, reason) for a float/int parameter."""
    from optuna.distributions import FloatDistribution, IntDistribution

    to, back = _scale(dist)
    low, high = to(dist.low), to(dist.high)
    pad = margin * (high - low)
    lo, hi = to(min(values)) - pad, to(max(values)) + pad
    new_low, new_high = max(dist.low, back(lo)), min(dist.high, back(hi))
    if isinstance(dist, IntDistribution):
        step = dist.step
        new_low = dist.low + step * math.floor((new_low - dist.low) / step + 1e-9)
        new_high = dist.low + step * math.ceil((new_high - dist.low) / step - 1e-9)
        new_low, new_high = int(max(dist.low, new_low)), int(min(dist.high, new_high))
        if new_low >= new_high:
            return None, new_low, "the top trials' span collapses to one value"
        new = IntDistribution(new_low, new_high, log=dist.log, step=step)
    else:
        if dist.step is not None:
            step = dist.step
            new_low = dist.low + step * math.floor((new_low - dist.low) / step + 1e-9)
            new_high = dist.low + step * math.ceil((new_high - dist.low) / step - 1e-9)
            new_low, new_high = max(dist.low, new_low), min(dist.high, new_high)
        if not new_low < new_high:
            return None, min(values), "the top trials' span collapses to one value"
        new = FloatDistribution(new_low, new_high, log=dist.log, step=dist.step)
    share = (to(new.high) - to(new.low)) / (high - low) if high > low else 1.0
    scale = "log scale" if dist.log else "linear scale"
    return new, None, (f"top trials span [{min(values):.4g}, {max(values):.4g}]; with a margin of "
                       f"{margin:g} x the range ({scale}) the range keeps {share:.0%} of its width")


def narrow(study: Any, space: Mapping[str, Any], direction: str, settings: Any,
           judged: Any = None) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(next round's space, {param: value} newly fixed, the round's reading: importances, top, decisions).
    `judged` (seeds.Judgement): the trials' seed-averaged values and the noise the leads are tested against."""
    from optuna.distributions import CategoricalDistribution
    from optuna.trial import TrialState

    from hydra_plugins.loopwright_sweeper.study import contains

    trials = study.get_trials(deepcopy=False)
    complete = [t for t in trials if t.state == TrialState.COMPLETE and all(k in t.params for k in space)]
    info: dict[str, Any] = {"n_complete": len(complete), "decisions": [], "importances": {}, "top": []}
    if len(complete) < int(settings.min_complete):
        info["decisions"].append({"param": "*", "action": "kept", "reason":
                                  f"{len(complete)} completed trials < min_complete={settings.min_complete}"})
        return dict(space), {}, info
    front = None
    if len(study.directions) > 1:
        front = [t for t in study.best_trials if all(k in t.params for k in space)]
        info["front"] = [t.number for t in front]
    top = top_trials(complete, direction, float(settings.top_fraction), front, judged)
    best = top[0]
    info["top"] = [t.number for t in top]
    if judged is not None and judged.values:
        info["judged"] = {str(t.number): {"mean": judged.value(t), "n": judged.n(t), "halfwidth": judged.halfwidth(
            judged.n(t)), "params": dict(t.params), "own": t.values[0]} for t in complete if t.number in judged.values}
    if judged is not None:
        info["noise"] = {"sd": judged.sd, "df": judged.df, "zero": judged.zero, "line": judged.noise_line()}
    searched = [k for k in space if not space[k].single()]
    found, why = importances(study, space, searched, float(settings.top_fraction), judged)
    info["importances"] = found
    if why:
        info["importances_note"] = why
    new_space: dict[str, Any] = {}
    fixed: dict[str, Any] = {}

    def decide(key: str, action: str, reason: str, after: Any = None) -> None:
        info["decisions"].append({"param": key, "action": action, "reason": reason,
                                  **({} if after is None else {"after": after})})

    numeric = [k for k, d in space.items() if not isinstance(d, CategoricalDistribution)]
    for key in numeric:
        _decide_numeric(key, space[key], found.get(key), top, best, settings, new_space, fixed, decide)
    # numbers first: a categorical choice is judged only on the trials that lie in the next round's ranges;
    # a pruned trial there counts as a try that lost (the pruner judged it against its peers at that step)
    # (measured noise: only a completed trial counts; a pruned one was judged on one seed at an early step)
    noisy = judged is not None and judged.noisy
    states = (TrialState.COMPLETE,) if noisy else (TrialState.COMPLETE, TrialState.PRUNED)
    tries = [t for t in trials if t.state in states and all(k in t.params for k in space)]
    inside = [t for t in tries if all(contains(new_space[k], t.params[k]) for k in numeric if k in new_space)]
    for key in (k for k in space if k not in numeric):
        _decide_categorical(key, space[key], inside, top, new_space, fixed, decide, judged if noisy else None)
    order = list(space)
    info["decisions"].sort(key=lambda d: order.index(d["param"]) if d["param"] in order else -1)
    return new_space, fixed, info


def _decide_numeric(key: str, dist: Any, importance: float | None, top: list, best: Any, settings: Any,
                    new_space: dict[str, Any], fixed: dict[str, Any], decide: Any) -> None:
    """A float/int parameter: fixed when unimportant, else narrowed to the top trials' span plus the margin."""
    if importance is not None and importance < float(settings.min_importance):
        fixed[key] = best.params[key]
        decide(key, "fixed", f"importance {importance:.3f} < min_importance={settings.min_importance}: "
                             f"fixed at the best trial's value", best.params[key])
        return
    new, value, reason = _narrow_numeric(key, dist, [t.params[key] for t in top], float(settings.margin))
    if new is None:
        fixed[key] = value
        decide(key, "fixed", reason, value)
    else:
        new_space[key] = new
        decide(key, "narrowed" if (new.low, new.high) != (dist.low, dist.high) else "kept", reason,
               [new.low, new.high])


def _decide_categorical(key: str, dist: Any, inside: list, top: list, new_space: dict[str, Any],
                        fixed: dict[str, Any], decide: Any, judged: Any = None) -> None:
    """A categorical is only thinned by the top trials, never fixed on its importance: PED-ANOVA rates one
    poorly on a round's few trials (bench/research_app.py's beta, a 20% effect, < 0.05 in most 25-trial runs).
    A choice counts as tried only in a trial `inside` the next round's ranges (completed or pruned): one tried
    only where the learning rate was far off says nothing about the choice (bench seed 6 dropped the best beta
    that way). With measured noise (`judged`), a choice outside the top trials is dropped only when the best
    trial's lead over the choice's best trial inside is outside the noise: a choice is fixed only on a lead
    the seeds confirm, never on one lucky seed."""
    from optuna.distributions import CategoricalDistribution

    tried = {t.params[key] for t in inside}
    in_top = {t.params[key] for t in top}
    noise: dict[Any, tuple[bool, str]] = {}  # choice -> (the best's lead over it is outside the noise, why)
    if judged is not None:
        for choice in tried - in_top:
            own = judged.ranked([t for t in inside if t.params[key] == choice])[0]
            lead, h = judged.lead(top[0], own), judged.halfwidth(judged.n(top[0]), judged.n(own))
            noise[choice] = (lead > h, f"{choice!r}: best {judged.describe(own)}, the best's lead {lead:+.3g} "
                                       f"{'>' if lead > h else '<='} +-{h:.3g}")
    keep = [c for c in dist.choices if c in in_top or c not in tried or (c in noise and not noise[c][0])]
    dropped = [c for c in dist.choices if c not in keep]
    why = ("; " + "; ".join(noise[c][1] for c in dist.choices if c in noise)) if noise else ""
    if len(keep) == 1:
        fixed[key] = keep[0]
        decide(key, "fixed", f"only {keep[0]!r} reached the top trials (dropped {dropped}, tried inside the "
                             f"next ranges){why}", keep[0])
    elif dropped:
        new_space[key] = CategoricalDistribution(keep)
        decide(key, "dropped", f"{dropped} tried inside the next ranges, never reached the top {len(top)} "
                               f"trials{why}", keep)
    else:
        new_space[key] = dist
        decide(key, "kept", ("every choice tried inside the next ranges reached the top trials or is within the "
                             f"noise of the best{why}") if why else
               "no choice tried inside the next ranges failed to reach the top trials")


def dump_space(space: dict[str, Any]) -> dict[str, Any]:
    from optuna.distributions import distribution_to_json

    return {k: json.loads(distribution_to_json(d)) for k, d in space.items()}


def load_space(dumped: dict[str, Any]) -> dict[str, Any]:
    from optuna.distributions import json_to_distribution

    return {k: json_to_distribution(json.dumps(d)) for k, d in dumped.items()}


def original(trial: Any) -> bool:
    """A trial that ran a job of its own (not a warm-start copy, not a told repeat)."""
    return WARM_ATTR not in trial.user_attrs and REPEAT_ATTR not in trial.user_attrs


def best_of(studies: list[Any], direction: str) -> Any:
    from optuna.trial import TrialState

    done = [t for s in studies for t in s.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)) if original(t)]
    if not done:
        return None
    return (max if direction == "maximize" else min)(done, key=lambda t: t.values[0])  # the first objective
