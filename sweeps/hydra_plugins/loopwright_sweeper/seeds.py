"""Research rounds across noise (``hydra.sweeper.research.seeds``): the trials a decision rests on, rerun on
more seeds before the round's narrowing; seed-averaged values, the pooled noise and the lead tests. With
``research.proxy`` every trial runs cheap and the same trials are first promoted: rerun at full fidelity on
their own seed; decisions then read full-fidelity values only, and the round records the Spearman rank
correlation between each promoted trial's proxy and full value.

Why the front and not every trial: every trial still runs once, on the config's seed, so the pruner keeps
its whole saving; the extra seeds go only where a decision is taken. After each round the candidates are
the top trials (``top_fraction`` of the completed ones, at least 2) and the best completed trial of each
categorical choice (a choice is dropped or fixed on its best trial). They rerun on seeds ``seed+1 ..
seed+seeds-1`` (the same seeds for all: the config's ``seed`` is the first), into
``round_<r>/seed<k>/<trial>/``; the confirmation's seeds follow after them, so they stay fresh.

The noise is the pooled standard deviation of the seed values over every reseeded trial so far (the noise
is the task's, so every round adds to one estimate): ``sd`` with ``df`` = sum of (seeds - 1). A lead of
trial A over B counts only when it exceeds ``t(0.975, df) * sd * sqrt(1/n_A + 1/n_B)``, a 95% two-sided
interval of the difference of two means. Zero noise is found cheaply: the first pass reruns only the two
best candidates on one more seed; when both reproduce their value exactly the objective does not depend on
the seed, that is recorded, and no round reseeds again (a deterministic objective pays two jobs). A job whose
config has no top-level ``seed`` is not reseeded at all: no seed override could change it.

Seed values live in research.json (``seed_values``: ``"<round>/<trial>"`` -> ``{seed: value}``), written
after each batch, so a killed research resumes without rerunning them. Each reseed job counts towards
``n_trials``. Optuna is imported inside the functions (Hydra imports this module at startup).
"""

from __future__ import annotations

import logging
import math
from typing import Any

from omegaconf import OmegaConf

from loopwright.sweep.attrs import OVERRIDES_ATTR, WARM_ATTR

log = logging.getLogger(__name__)
_T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042]  # Student's t, 0.975 quantile, df 1..30 (no scipy here)


def t975(df: int) -> float:
    if df <= 0:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    return 2.021 if df <= 40 else 2.000 if df <= 60 else 1.980 if df <= 120 else 1.960


def origin(trial: Any, round_number: int) -> str:
    """A trial's key in ``seed_values``: its own round and number; a warm-start copy's, its original's."""
    warm = trial.user_attrs.get(WARM_ATTR)
    return f"{warm['round']}/{warm['trial']}" if warm else f"{round_number}/{trial.number}"


def pooled(groups: list[list[float]]) -> tuple[float, int]:
    """(pooled standard deviation, degrees of freedom) over groups of seed values (groups of 1 add nothing)."""
    ss, df = 0.0, 0
    for values in groups:
        if len(values) > 1:
            mean = math.fsum(values) / len(values)
            ss += math.fsum((v - mean) ** 2 for v in values)
            df += len(values) - 1
    return (math.sqrt(ss / df) if df else 0.0), df


class Judgement:
    """What a decision reads of a trial: its seed-averaged value, how many seeds, and whether one trial's lead
    over another is outside the noise. Without seed data (``research.seeds=1``) every trial has its one value
    and the noise is unknown; with zero noise, any lead counts (the rules as they were)."""

    def __init__(self, direction: str, values: dict[int, list[float]] | None = None, sd: float = 0.0,
                 df: int = 0, zero: bool = False, promoted: bool = False) -> None:
        self.direction, self.values, self.sd, self.df, self.zero = direction, values or {}, sd, df, zero
        self.promoted = promoted  # research.proxy: only the trials in `values` ran at full fidelity

    @property
    def noisy(self) -> bool:
        """The noise was measured and is not zero: leads are tested against it."""
        return not self.zero and self.df > 0 and self.sd > 0

    def value(self, trial: Any) -> float:
        seeds = self.values.get(trial.number)
        return math.fsum(seeds) / len(seeds) if seeds else trial.values[0]

    def n(self, trial: Any) -> int:
        return len(self.values.get(trial.number) or [None])

    def halfwidth(self, n: int, m: int | None = None) -> float:
        """The 95% half-width of a mean of n seeds (of a difference of means of n and m seeds, with m)."""
        if not self.noisy:
            return 0.0
        return t975(self.df) * self.sd * math.sqrt(1 / n + (1 / m if m else 0.0))

    def lead(self, a: Any, b: Any) -> float:
        """How much better a is than b (positive: a better), seed-averaged."""
        d = self.value(a) - self.value(b)
        return d if self.direction == "maximize" else -d

    def clear_lead(self, a: Any, b: Any) -> bool:
        return self.lead(a, b) > self.halfwidth(self.n(a), self.n(b))

    def ranked(self, trials: list) -> list:
        return sorted(trials, key=lambda t: -self.value(t) if self.direction == "maximize" else self.value(t))

    def describe(self, trial: Any) -> str:
        n, mean = self.n(trial), self.value(trial)
        if n < 2 or not self.noisy:
            return f"{mean:.4g} ({n} seed{'s' if n > 1 else ''})"
        h = self.halfwidth(n)
        return f"{mean:.4g} [{mean - h:.4g}, {mean + h:.4g}] ({n} seeds)"

    def noise_line(self) -> str:
        if self.zero:
            return "noise: none (the seeds reproduced the values exactly, or the job has no seed); any lead counts"
        if not self.df:
            return "noise: not measured (research.seeds=1): every decision reads one seed per trial"
        return (f"noise: pooled SD {self.sd:.4g} over the reseeded trials (df {self.df}); a lead counts when "
                f"it is above t(0.975) x SD x sqrt(1/n_a + 1/n_b) (+-{self.halfwidth(3, 3):.3g} for 3 seeds each)")


def candidates(study: Any, space: dict[str, Any], direction: str, top_fraction: float) -> list:
    """The trials a round's decisions rest on: its top completed trials and each categorical choice's best."""
    from optuna.distributions import CategoricalDistribution
    from optuna.trial import TrialState

    from hydra_plugins.loopwright_sweeper.narrow import top_trials
    from loopwright.sweep.attrs import REPEAT_ATTR

    complete = [t for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))
                if REPEAT_ATTR not in t.user_attrs and all(k in t.params for k in space)]
    if not complete:
        return []
    ranked = top_trials(complete, direction, 1.0)
    out = top_trials(complete, direction, top_fraction)
    for key, dist in space.items():
        if isinstance(dist, CategoricalDistribution):
            for choice in dist.choices:
                best = next((t for t in ranked if t.params[key] == choice), None)
                if best is not None and best not in out:
                    out.append(best)
    return out


def _key(override: str) -> str:
    return override.lstrip("+~").split("=", 1)[0]


def without_proxy(overrides: list[str], settings: Any) -> list[str]:
    """A trial's overrides at full fidelity: ``research.proxy``'s overrides taken out."""
    keys = {_key(o) for o in (settings.research.get("proxy") or [])}
    return [o for o in overrides if _key(o) not in keys]


def _jobs(sw: Any, r: int, trials: list, seeds: list[int], known: dict[str, dict[str, float]],
          originals: dict[str, Any]) -> list[tuple[str, int, list[str]]]:
    """[(trial key, seed, overrides)] of the jobs not run yet: the trial's own overrides at full fidelity (no
    ``research.proxy``) on `seeds`."""
    from hydra_plugins.loopwright_sweeper.space import override_value

    jobs = []
    for t in trials:
        key = origin(t, r)
        source = originals.get(key, t)
        base = [o for o in without_proxy(source.user_attrs.get(OVERRIDES_ATTR) or [], sw.settings)
                if _key(o) != "seed"]
        for seed in seeds:
            if str(seed) not in known.get(key, {}):
                sub = f"round_{key.split('/')[0]}/seed{seed}/{key.split('/')[1]}"
                jobs.append((key, seed, base + [f"++seed={seed}", f"hydra.sweep.subdir={sub}",
                                                f"++trial.group={override_value(sw.study_name)}",
                                                "++trial.job_type=seeds"]))
    return jobs


def _launch(sw: Any, state: dict[str, Any], entry: dict[str, Any], jobs: list, save: Any) -> None:
    from hydra.core.utils import JobStatus

    if not jobs:
        return
    log.info(f"Round {entry['round']}: {len(jobs)} reseed jobs ({sorted({k for k, _, _ in jobs})})")
    try:
        returns = sw.launcher.launch([o for _, _, o in jobs], initial_job_idx=20_000)
    except (Exception, SystemExit) as err:  # noqa: BLE001 (a job that stops the launcher fails its samples)
        returns = [None] * len(jobs)
        log.warning(f"Reseeding: a job stopped the launcher: {type(err).__name__}: {err}")
    for (key, seed, _), ret in zip(jobs, returns):
        entry["seed_jobs"] = entry.get("seed_jobs", 0) + 1
        value = None
        if ret is not None and ret.status != JobStatus.FAILED:
            run_dir = OmegaConf.select(ret.hydra_cfg, "hydra.runtime.output_dir") if ret.hydra_cfg else None
            try:
                value = sw.objective_values(ret.return_value, run_dir)[0]
            except ValueError as err:
                log.warning(f"Reseed {key} seed {seed}: {err}")
        if value is None:
            entry.setdefault("seed_failures", []).append(f"{key} seed {seed}")
            continue
        state.setdefault("seed_values", {}).setdefault(key, {})[str(seed)] = value
    save()


def judge(sw: Any, state: dict[str, Any], entry: dict[str, Any], study: Any, space: dict[str, Any],
          originals: dict[str, Any], save: Any) -> Judgement:
    """Promote the round's candidates to full fidelity (``research.proxy``), rerun them on more seeds (as
    ``research.seeds`` asks) and judge the round's trials."""
    s = sw.settings.research
    direction, r, proxy = state["direction"], entry["round"], bool(state.get("proxy"))
    k = int(s.seeds)
    base = int(OmegaConf.select(sw.config, "seed", default=0) or 0)
    values = state.setdefault("seed_values", {})
    chosen = candidates(study, space, direction, float(s.top_fraction))
    entry["seed_candidates"] = [t.number for t in chosen]
    if proxy:  # every trial ran cheap; the candidates run once more at full fidelity, on the trial's own seed
        _launch(sw, state, entry, _jobs(sw, r, chosen, [base], values, originals), save)
        entry["fidelity"] = fidelity(chosen, values, r, base)
    else:
        for t in chosen:  # the trial's own run is its first seed
            values.setdefault(origin(t, r), {}).setdefault(str(base), t.values[0])
    if k > 1 and not state.get("noise_zero") and OmegaConf.select(sw.config, "seed", default=None) is None:
        # a job whose config has no top-level seed has nothing another seed could change (train.py has one)
        state["noise_zero"] = {"round": r, "why": "the job's config has no top-level `seed`: nothing to reseed"}
        save()
    if k <= 1 or state.get("noise_zero"):
        return judgement(state, study, r, blind=k <= 1)
    extra = [base + i for i in range(1, k)]
    probe = chosen[:2]
    _launch(sw, state, entry, _jobs(sw, r, probe, extra[:1], values, originals), save)
    if len(probe) == 2 and all(_reproduced(values.get(origin(t, r), {}), str(base), str(extra[0])) for t in probe):
        state["noise_zero"] = {"round": r, "trials": [origin(t, r) for t in probe], "seed": extra[0]}
        save()
        return judgement(state, study, r)
    _launch(sw, state, entry, _jobs(sw, r, chosen, extra, values, originals), save)
    return judgement(state, study, r)


def _reproduced(values: dict[str, float], first: str, second: str) -> bool:
    a, b = values.get(first), values.get(second)
    return a is not None and b is not None and abs(a - b) <= 1e-12 * max(1.0, abs(a))


def _ranks(xs: list[float]) -> list[float]:
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    ranks = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for m in range(i, j + 1):  # ties share their average rank
            ranks[order[m]] = (i + j) / 2
        i = j + 1
    return ranks


def spearman(xs: list[float], ys: list[float]) -> float | None:
    """Spearman's rank correlation (ties averaged); None for fewer than 3 pairs or a constant side."""
    if len(xs) < 3:
        return None
    a, b = _ranks(xs), _ranks(ys)
    ma, mb = math.fsum(a) / len(a), math.fsum(b) / len(b)
    cov = math.fsum((x - ma) * (y - mb) for x, y in zip(a, b))
    va, vb = math.fsum((x - ma) ** 2 for x in a), math.fsum((y - mb) ** 2 for y in b)
    return cov / math.sqrt(va * vb) if va > 0 and vb > 0 else None


def fidelity(chosen: list, values: dict[str, dict[str, float]], r: int, seed: int) -> dict[str, Any]:
    """How well the proxy ranked the promoted trials: each one's proxy value against its full-fidelity value on
    the same seed (so the seeds' noise is not counted against the proxy)."""
    pairs = [(t.values[0], v) for t in chosen if (v := (values.get(origin(t, r)) or {}).get(str(seed))) is not None]
    rho = spearman([p for p, _ in pairs], [f for _, f in pairs])
    return {"n": len(pairs), "spearman": rho, "pairs": [[round(p, 6), round(f, 6)] for p, f in pairs]}


def judgement(state: dict[str, Any], study: Any, r: int, blind: bool = False) -> Judgement:
    """The Judgement of study `r`'s trials from the seed values recorded so far. With ``research.proxy`` every
    promoted trial is judged on its full-fidelity runs (one seed or more), the others on their proxy value."""
    direction, proxy = state["direction"], bool(state.get("proxy"))
    recorded = state.get("seed_values") or {}
    zero = bool(state.get("noise_zero"))
    sd, df = (0.0, 0) if zero or blind else pooled([list(v.values()) for v in recorded.values()])
    values = {}
    for t in study.get_trials(deepcopy=False):
        seeds = recorded.get(origin(t, r))
        if seeds and (len(seeds) > 1 or proxy):
            values[t.number] = list(seeds.values())
    return Judgement(direction, values, sd, df, zero=zero, promoted=proxy)


def best(studies: list[Any], state: dict[str, Any]) -> tuple[Any, float | None, str]:
    """(the best trial over `studies`, its value, how it was judged). With measured noise, the best
    seed-averaged trial among those rerun on several seeds (one lucky seed cannot make the recommendation);
    with ``research.proxy``, the best at full fidelity among the promoted trials (a proxy value is never the
    recommendation's); otherwise the best single value, as in a plain sweep."""
    from hydra_plugins.loopwright_sweeper.narrow import best_of, original
    from optuna.trial import TrialState

    direction, proxy, zero = state["direction"], bool(state.get("proxy")), bool(state.get("noise_zero"))
    plain = best_of(studies, direction)
    if plain is None or (zero and not proxy):
        return plain, None if plain is None else plain.values[0], "one seed (the noise is zero)" \
            if zero else "one seed"
    recorded = state.get("seed_values") or {}
    sd, df = (0.0, 0) if zero else pooled([list(v.values()) for v in recorded.values()])
    seeded = []
    for r, study in enumerate(studies, start=1):
        for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)):
            if original(t) and len(recorded.get(origin(t, r)) or {}) > (0 if proxy else 1):
                seeded.append((t, list(recorded[origin(t, r)].values())))
    noise = Judgement(direction, None, sd, df)
    if not seeded or not (noise.noisy or proxy):
        return plain, plain.values[0], "one seed"
    means = [(t, math.fsum(v) / len(v), len(v)) for t, v in seeded]
    t, mean, n = (max if direction == "maximize" else min)(means, key=lambda m: m[1])
    how = "at full fidelity (research.proxy), " if proxy else ""
    if not noise.noisy:
        return t, mean, f"{how}{n} seed{'s' if n > 1 else ''}"
    h = noise.halfwidth(n)
    return t, mean, (f"{how}mean of {n} seeds, 95% interval [{mean - h:.4g}, {mean + h:.4g}] (pooled SD {sd:.3g}, "
                     f"df {df})")
