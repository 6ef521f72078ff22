"""Research rounds: ``hydra.sweeper.research.rounds=R`` runs up to R studies, each on a narrower space.

Round 1 runs on the space as written. After each round, narrow.py reads the round's study (fANOVA
importances, the top trials' region, the pruned share) and writes round r+1's space. Round r+1 is a new
study (``<study_name>-round<r+1>``) in the same storage: the earlier rounds' completed trials that lie in
the new space are added to it first, with their curves for the pruner (warm start; they ran once and are not
run again), and a configuration
that already ran in any round is never launched again (the sampler's repeat is told the earlier result).
Rounds share the sweep's budget: ``n_trials`` in all, split over the rounds still to run, with ``timeout``
and ``max_cost`` counted from the research's start. A round that improves the best value by less than
``research.epsilon`` ends the research, as does a space with nothing left to search.

``research.json`` in the sweep dir holds each round's space, fixed values, reading and decisions, written
after each round: rerunning the same command with the same ``hydra.sweep.dir`` resumes at the round (and,
through the round's study, the trial) where it stopped. Then the winner is confirmed against the baseline on
fresh seeds (confirm.py), and ``research.md`` (research_report.py) is the write-up.

Optuna is imported inside the functions (Hydra imports this module at startup).
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

from loopwright.runs.reader import DamagedFile, read_json
from loopwright.sweep.attrs import CONFIG_ATTR, REPEAT_ATTR, RUN_DIR_ATTR, WARM_ATTR
from hydra_plugins.loopwright_sweeper.narrow import dump_space, load_space, original

log = logging.getLogger(__name__)
STATE = "research.json"
WARMED_ATTR = "loopwright_warm_started"  # study attribute: the warm-start copies were added (once)
CHOICES_ATTR = "loopwright_choice_trials"  # study attribute: the choices at the incumbent were enqueued (once)
RUNG_PREFIX = "completed_rung_"  # Optuna's successive halving / hyperband: a trial's value at each rung it passed


def config_key(config: dict[str, Any]) -> str:
    return json.dumps(config, sort_keys=True, default=str)


class Round:
    """What the sweeper asks of the round in flight: is this trial a repeat, and where does its job go."""

    def __init__(self, number: int, sweep_dir: Path, fixed_values: dict[str, Any], seen: dict[str, Any],
                 group: str) -> None:
        self.number, self.sweep_dir, self.fixed_values, self.seen, self.group = \
            number, sweep_dir, fixed_values, seen, group

    def is_repeat(self, study: Any, trial: Any) -> bool:
        from optuna.trial import TrialState

        config = {**self.fixed_values, **trial.params}
        key = config_key(config)
        earlier = self.seen.get(key)
        if earlier is None:
            trial.set_user_attr(CONFIG_ATTR, config)
            self.seen[key] = (study._storage, trial._trial_id, self.number)
            return False
        storage, trial_id, number = earlier
        done = storage.get_trial(trial_id)
        trial.set_user_attr(REPEAT_ATTR, {"round": number, "trial": done.number})
        if done.user_attrs.get(RUN_DIR_ATTR):
            trial.set_user_attr(RUN_DIR_ATTR, done.user_attrs[RUN_DIR_ATTR])
        if done.state == TrialState.COMPLETE:
            study.tell(trial, list(done.values))
        else:
            study.tell(trial, state=TrialState.PRUNED if done.state == TrialState.PRUNED else TrialState.FAIL)
        log.info(f"Round {self.number}: the sampler asked {trial.params} again (round {number} trial "
                 f"{done.number}); its result is told, nothing runs")
        return True

    def placement(self, trial: Any) -> list[str]:
        subdir = f"round_{self.number}/{trial.number}"
        trial.set_user_attr(RUN_DIR_ATTR, str(self.sweep_dir / subdir))
        return [f"hydra.sweep.subdir={subdir}", f"++trial.group={self.group}",
                f"++trial.job_type=round_{self.number}"]


def _save(path: Path, state: dict[str, Any]) -> None:
    from loopwright.runs.writer import write_json_atomic

    write_json_atomic(path, state)


def _load(path: Path) -> dict[str, Any] | None:
    if not path.is_file():
        return None
    try:
        return read_json(path)
    except DamagedFile as err:
        raise ValueError(f"{path}: not valid JSON ({err}); move it aside to start the research again") from err


def _studies(sw: Any, state: dict[str, Any]) -> list[Any]:
    """The studies of the rounds that have one so far, in round order."""
    import optuna

    from loopwright.sweep.trial import open_storage

    storage = open_storage(sw.storage_url)
    names = set(optuna.get_all_study_names(storage))
    return [optuna.load_study(study_name=e["study"], storage=storage) for e in state["rounds"]
            if e.get("study") in names]


def _warm_start(study: Any, earlier: list[Any], space: dict[str, Any], fixed_values: dict[str, Any],
                space_of: dict[str, Any]) -> int:
    """Add the earlier rounds' completed trials that lie in `space` (and share its fixed choices), each with
    the curve it reported and the pruner's rung records: the round's pruner then measures its first trials
    against them instead of running each to the end until a trial of its own completes. Pruned trials are not
    copied: their rung values, from the earlier and wider space, would lower the bar the new trials must pass."""
    from optuna.distributions import CategoricalDistribution
    from optuna.trial import TrialState

    from hydra_plugins.loopwright_sweeper.study import contains

    added = 0
    for number, source in enumerate(earlier, start=1):
        for t in source.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)):
            if not original(t) or not all(k in t.params and contains(d, t.params[k]) for k, d in space.items()):
                continue
            # a research-fixed choice must match; a fixed number (unimportant, or a collapsed range) need not
            if any(isinstance(space_of.get(k), CategoricalDistribution) and t.params.get(k) != v
                   for k, v in fixed_values.items()):
                continue
            study.add_trial(_copy(t, space, number))
            added += 1
    study.set_user_attr(WARMED_ATTR, added)
    return added


def _choices_at_incumbent(study: Any, incumbent: Any, space: dict[str, Any]) -> list[dict[str, Any]]:
    """Enqueue, as the round's first trials, the incumbent (the best trial so far) with one categorical choice
    changed, for every categorical and every choice still in `space`: each choice is compared where the other
    parameters are at their best, one factor at a time. A choice's own trials mostly ran elsewhere (the
    sampler keeps to the choice of its first good trial), so without this a choice is judged where the other
    parameters were off: it loses for their sake (bench seed 22 dropped the best beta so) or is never tried
    where it could win. Nothing when the incumbent lies outside `space` (then "where the others are best" is
    not in this round's space). Returns the enqueued params; a configuration that ran already is told, not run."""
    from optuna.distributions import CategoricalDistribution

    from hydra_plugins.loopwright_sweeper.study import contains

    if incumbent is None or not all(k in incumbent.params and contains(d, incumbent.params[k])
                                    for k, d in space.items()):
        return []
    at = {k: incumbent.params[k] for k in space}
    queued = []
    for key, dist in space.items():
        if isinstance(dist, CategoricalDistribution):
            for choice in dist.choices:
                if choice != at[key]:
                    queued.append({**at, key: choice})
                    study.enqueue_trial(queued[-1])
    return queued


def _copy(trial: Any, space: dict[str, Any], number: int) -> Any:
    """A completed `trial` as a warm-start trial of a later round: its values, curve and pruner rungs."""
    import optuna

    return optuna.trial.create_trial(
        params={k: trial.params[k] for k in space}, distributions=space, values=list(trial.values),
        intermediate_values=dict(trial.intermediate_values),
        system_attrs={k: v for k, v in trial.system_attrs.items() if k.startswith(RUNG_PREFIX)},
        user_attrs={WARM_ATTR: {"round": number, "trial": trial.number},
                    RUN_DIR_ATTR: trial.user_attrs.get(RUN_DIR_ATTR, "")})


def _seen(studies: list[Any]) -> dict[str, Any]:
    seen = {}
    for number, study in enumerate(studies, start=1):
        for t in study.get_trials(deepcopy=False):
            if original(t) and CONFIG_ATTR in t.user_attrs:
                seen.setdefault(config_key(t.user_attrs[CONFIG_ATTR]), (study._storage, t._trial_id, number))
    return seen


def _seed_jobs(rounds: list[dict[str, Any]]) -> int:
    return sum(int(e.get("seed_jobs", 0)) for e in rounds)


def _originals(studies: list[Any]) -> dict[str, Any]:
    """{"<round>/<trial>": trial} for every trial that ran a job of its own: a copy's reseeds use its overrides."""
    return {f"{r}/{t.number}": t for r, study in enumerate(studies, start=1)
            for t in study.get_trials(deepcopy=False) if original(t)}


def _stop_reason(sw: Any, state: dict[str, Any], entry: dict[str, Any], new_space: dict[str, Any],
                 used: int) -> str | None:
    from hydra_plugins.loopwright_sweeper import study as st

    s, r = sw.settings, sw.settings.research
    if entry["round"] >= int(r.rounds):
        return f"all {r.rounds} rounds ran"
    # a round that could not narrow (fewer completed trials than min_complete: its own trials all lost to the
    # copies at the pruner's first rungs) says nothing about convergence: its gain is not read (bench seed 13
    # stopped there at 0.988); the next round searches the same space again
    narrowed = not any(d["param"] == "*" for d in entry.get("decisions", []))
    if entry["round"] > 1 and narrowed and entry["best_before"] is not None and entry["best"] is not None:
        gain = abs(entry["best"] - entry["best_before"])
        if gain < float(r.epsilon):
            return f"round {entry['round']} improved the best by {gain:.4g} < research.epsilon={r.epsilon}"
    if not new_space:
        return "every parameter is fixed: nothing left to search"
    if sw.exhausted:
        return "the sampler found only configurations that already ran"
    if used >= int(s.n_trials):
        return f"budget: n_trials={s.n_trials} jobs ran (trials and reseeds)"
    if s.timeout is not None and time.monotonic() - sw.started >= float(s.timeout):
        return f"budget: timeout={s.timeout}s reached"
    if s.max_cost is not None and st.spent(sw.ledger, state["ledger_start"]) >= float(s.max_cost):
        return f"budget: max_cost={s.max_cost} dollars spent"
    return None


def run(sw: Any, space: dict[str, Any], fixed: dict[str, str]) -> None:
    """The research loop on the sweeper `sw` (sweeper.py): rounds, narrowing, the write-up."""
    from optuna.trial import TrialState

    from hydra_plugins.loopwright_sweeper import narrow, report, research_report, seeds, study as st
    from hydra_plugins.loopwright_sweeper.space import override_value

    s, settings = sw.settings, sw.settings.research
    direction = sw.directions[0]  # several: the narrowing reads the Pareto front; "best" is the first objective
    path = sw.sweep_dir / STATE
    base = {"space": dump_space(space), "fixed": fixed}
    state = _load(path)
    if state is None:
        state = {"study_name": sw.study_name, "rounds_planned": int(settings.rounds), "n_trials": int(s.n_trials),
                 "direction": direction, "directions": sw.directions, "base": base,
                 "ledger_start": len(st.ledger_lines(sw.ledger)),
                 "rounds": [{"round": 1, "space": base["space"], "fixed_values": {}, "status": "pending"}],
                 "stopped": None}
    elif state["base"] != base:
        raise ValueError(f"{path} holds a research run over another search space or other overrides; rerun "
                         "with the same command to resume it, or give a new hydra.sweep.dir")
    state["objective"] = sw.objective  # what the rounds optimise (objective.py), for research.md
    proxy = [str(o) for o in (settings.get("proxy") or [])]
    if state.setdefault("proxy", proxy) != proxy:
        raise ValueError(f"{path} holds a research run with research.proxy={state['proxy']}; rerun with the same "
                         "setting to resume it, or give a new hydra.sweep.dir")
    _save(path, state)
    index = 0
    while index < len(state["rounds"]):
        entry = state["rounds"][index]
        index += 1
        if entry["status"] == "done":
            continue
        number = entry["round"]
        sw.space = load_space(entry["space"])
        values = entry["fixed_values"]
        sw.fixed = {**{k: v for k, v in fixed.items() if k not in values},
                    **{k: f"{k}={override_value(v)}" for k, v in values.items()},
                    **{o.lstrip("+~").split("=", 1)[0]: o for o in proxy}}  # the trials run cheap (research.proxy)
        entry["study"] = f"{sw.study_name}-round{number}"
        earlier = _studies(sw, {"rounds": state["rounds"][:number - 1]})
        used_before = sum(st.counted(x) for x in earlier) + _seed_jobs(state["rounds"][:number - 1])
        entry.setdefault("budget", max(0, (int(s.n_trials) - used_before) // (int(settings.rounds) - number + 1)))
        entry["best_before"] = seeds.best(earlier, state)[1]
        _save(path, state)
        seed = None if s.seed is None else int(s.seed) + number - 1
        study, _ = sw.open_study(entry["study"], seed, ledger_start=state["ledger_start"])
        if number == 1 and s.baseline and not study.get_trials(deepcopy=False):
            sw._enqueue_baseline(study)
        if number > 1 and settings.warm_start and WARMED_ATTR not in study.user_attrs:
            entry["warm"] = _warm_start(study, earlier, sw.space, values, load_space(state["base"]["space"]))
            log.info(f"Round {number}: {entry['warm']} earlier trials in the new space added to its study")
        if number > 1 and settings.compare_choices and s.sampler != "grid" and CHOICES_ATTR not in study.user_attrs:
            queued = _choices_at_incumbent(study, seeds.best(earlier, state)[0], sw.space)
            study.set_user_attr(CHOICES_ATTR, len(queued))
            entry["choice_trials"] = len(queued)
            if queued:
                log.info(f"Round {number}: {len(queued)} trials enqueued: the best so far with each other choice")
        log.info(f"Round {number} of {settings.rounds}: {entry['budget']} trials over {sorted(sw.space)}"
                 + (f", fixed {values}" if values else ""))
        sw.round = Round(number, sw.sweep_dir, values, _seen(earlier + [study]), sw.study_name)
        try:
            sw.run_trials(study, entry["budget"])
        finally:
            sw.round = None
        if sw._too_many_failures():
            state["stopped"] = "too many failed trials (hydra.sweeper.max_failure_rate)"
            _save(path, state)
            break
        judged = seeds.judge(sw, state, entry, study, sw.space, _originals(earlier + [study]),
                             lambda: _save(path, state))
        new_space, new_fixed, info = narrow.narrow(study, sw.space, direction, settings, judged)
        trials = study.get_trials(deepcopy=False)
        ran = [t for t in trials if original(t)]
        best, best_value, how = seeds.best(earlier + [study], state)
        entry.update(info, status="done", best=best_value, best_judged=how,
                     best_trial=None if best is None else {"run_dir": best.user_attrs.get(RUN_DIR_ATTR),
                                                           "config": best.user_attrs.get(CONFIG_ATTR, best.params)},
                     ran=len(ran), pruned=sum(t.state == TrialState.PRUNED for t in ran),
                     failed=sum(t.state == TrialState.FAIL for t in ran),
                     repeats=sum(REPEAT_ATTR in t.user_attrs for t in trials))
        if s.report:
            report.write_report(study, sw.sweep_dir / f"round_{number}", sw._reproduce_prefix(), list(s.plots),
                                stale=[], storage_url=sw.storage_url)
        used = used_before + st.counted(study) + entry.get("seed_jobs", 0)
        stop = _stop_reason(sw, state, entry, new_space, used)
        if stop:
            state["stopped"] = stop
            log.info(f"Research stops after round {number}: {stop}")
        else:
            state["rounds"].append({"round": number + 1, "space": dump_space(new_space),
                                    "fixed_values": {**values, **new_fixed}, "status": "pending"})
        _save(path, state)
    studies = _studies(sw, state)
    best = seeds.best(studies, state)[0]
    if int(settings.confirm_seeds) > 0 and best is not None and state.get("stopped") \
            and not sw._too_many_failures() and (state.get("confirmation") or {}).get("status") != "done":
        from hydra_plugins.loopwright_sweeper import confirm

        state["confirmation"] = confirm.run(sw, state, best, fixed)
        _save(path, state)
    research_report.write(sw, state, studies)
