"""Research rounds (hydra.sweeper.research.rounds > 1): narrowing from the study, warm start, no repeated
configuration, the early stops, research.md and its experiment= YAML, a kill between rounds and the resume.

Most tests drive the millisecond sweep app (tests/helpers/sweep_app: value = (x-1)^2 + (y+2)^2 + 0.5 if
z == bar, minimised); the last one runs real model=tiny train.py jobs and then the experiment it recommends.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import optuna
from omegaconf import OmegaConf
from optuna.distributions import CategoricalDistribution, FloatDistribution, IntDistribution

from helpers import ROOT, sigkill_when
from test_sweeper import APP, ENV, sweep


def records(sweep_dir: Path) -> list[dict]:
    """Every job's record.json (the sweep app writes one per job it ran), in the order they started."""
    found = [json.loads(p.read_text()) for p in sweep_dir.glob("round_*/*/record.json")
             if not p.parent.is_symlink()]  # round_<r>/best links to one of them
    return sorted(found, key=lambda r: r["start"])


def value_of(record: dict) -> float:
    """The sweep app's value for a job's record."""
    return (record["x"] - 1) ** 2 + (record["y"] + 2) ** 2 + (0.5 if record["z"] == "bar" else 0.0)


def state(sweep_dir: Path) -> dict:
    return json.loads((sweep_dir / "research.json").read_text())


def test_two_rounds_narrow_warm_start_write_up_and_the_experiment_runs(tmp_path):
    s = tmp_path / "sw"
    sweep(s, "hydra.sweeper.n_trials=16", "hydra.sweeper.research.rounds=2", "hydra.sweeper.seed=0")
    st = state(s)
    assert [r["status"] for r in st["rounds"]] == ["done", "done"] and st["stopped"] == "all 2 rounds ran"
    first, second = st["rounds"]
    # research.seeds=3 (the default): round 1's two best trials reran on seed 1, reproduced their values exactly
    # (this app does not read the seed), so the noise is zero and nothing else is reseeded; the two jobs count
    assert st["noise_zero"]["round"] == 1 and first["seed_jobs"] == 2 and "seed_jobs" not in second
    assert len(list(s.glob("round_1/seed1/*/record.json"))) == 2
    assert first["budget"] == 8 and second["budget"] == 6 and first["ran"] == 8 and second["ran"] == 6
    # round 2's space is round 1's, narrowed: every range inside the old one, at least one strictly smaller
    from hydra_plugins.loopwright_sweeper.narrow import load_space

    old, new = load_space(first["space"]), load_space(second["space"])
    assert set(new) | set(second["fixed_values"]) == set(old)
    shrunk = [k for k, d in new.items() if not isinstance(d, CategoricalDistribution)
              and old[k].low <= d.low and d.high <= old[k].high and (d.low, d.high) != (old[k].low, old[k].high)]
    assert shrunk, (old, new)
    for decision in first["decisions"]:
        assert decision["action"] in ("narrowed", "kept", "fixed", "dropped") and decision["reason"]
    assert second["warm"] >= 1  # round 1's trials inside the new space, copied into round 2's study
    jobs = records(s)
    assert len(jobs) == 14  # warm copies did not run again
    configs = [(j["x"], j["y"], j["z"]) for j in jobs]
    assert len(set(configs)) == len(configs)
    for j in jobs[8:]:  # round 2's jobs lie in round 2's space and carry its fixed values
        for key, value in second["fixed_values"].items():
            assert j[key] == value
        for key, dist in new.items():
            assert j[key] in dist.choices if isinstance(dist, CategoricalDistribution) else \
                dist.low <= j[key] <= dist.high
        assert j["trial"]["group"] == st["study_name"] and j["trial"]["job_type"] == "round_2"
        assert j["trial"]["study_name"] == second["study"]
    results = OmegaConf.load(s / "optimization_results.yaml")
    assert results.best_value == min(value_of(j) for j in jobs) == second["best"]
    text = (s / "research.md").read_text()
    for part in ("## Round 1", "## Round 2", "## Recommendation", "## Confirmation", "importance", "warm start",
                 "research_best_so_far.png", "research_spaces.png", "experiment=recommended"):
        assert part in text, part
    assert (s / "research_best_so_far.png").stat().st_size > 0 and (s / "round_2" / "sweep_report.md").is_file()
    # the confirmation ran the winner and the baseline on 3 fresh seeds (after seeds 0-2, which research.seeds
    # keeps for the trials); this app writes no held-out results, so there is nothing to compare, and research.md
    # says so
    assert st["confirmation"]["seeds"] == [3, 4, 5] and st["confirmation"]["status"] == "not compared"
    assert len(list(s.glob("confirm/*/record.json"))) == 6 and "not compared" in text
    # the recommendation, run as it is, is the best trial's configuration and reproduces its value
    out = tmp_path / "rerun"
    proc = subprocess.run([sys.executable, str(APP), f"hydra.run.dir={out}", f"hydra.searchpath=[file://{s}]",
                           "+experiment=recommended"], capture_output=True, text=True, env=ENV, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    rerun = json.loads((out / "record.json").read_text())
    assert math.isclose(value_of(rerun), results.best_value)


def test_a_round_that_gains_less_than_epsilon_ends_the_research(tmp_path):
    s = tmp_path / "sw"
    sweep(s, "hydra.sweeper.n_trials=24", "hydra.sweeper.research.rounds=4", "hydra.sweeper.seed=0",
          "hydra.sweeper.research.epsilon=1000", "hydra.sweeper.report=false")
    st = state(s)
    assert len(st["rounds"]) == 2 and "< research.epsilon=1000" in st["stopped"]
    # round 1: 24 / 4 = 6 trials and 2 reseed jobs (they count); round 2: (24 - 8) / 3 = 5; the other 11 never spent
    assert len(records(s)) == 11 and len(list(s.glob("round_1/seed1/*/record.json"))) == 2
    assert "improved the best by" in (s / "research.md").read_text()


def test_a_configuration_that_ran_is_never_launched_again(tmp_path):
    """Eight configurations in all, a budget of 20: each runs once; the sampler's repeats are told, not run."""
    s = tmp_path / "sw"
    sweep(s, "hydra.sweeper.n_trials=20", "hydra.sweeper.research.rounds=2", "hydra.sweeper.seed=0",
          "hydra.sweeper.report=false", "x=choice(0.0, 1.0)", "y=range(-3, -1)")
    jobs = records(s)
    configs = [(j["x"], j["y"], j["z"]) for j in jobs]
    assert len(set(configs)) == len(configs) <= 8
    st = state(s)
    assert sum(r.get("repeats", 0) for r in st["rounds"]) >= 1
    assert st["stopped"]


def test_killed_between_rounds_resumes_at_the_next_round(tmp_path):
    s = tmp_path / "sw"
    cmd = [sys.executable, str(APP), "-m", f"hydra.sweep.dir={s}", "hydra.sweeper.n_trials=12",
           "hydra.sweeper.research.rounds=2", "hydra.sweeper.seed=0", "hydra.sweeper.report=false", "sleep=0.4"]
    # SIGKILL once round 1 is written up and round 2 has begun
    sigkill_when(cmd, lambda: (s / "research.json").is_file() and len(state(s)["rounds"]) == 2 and
                 any((s / "round_2").glob("*/record.json")), cwd=tmp_path, env=ENV, within=120, poll=0.05)
    before = records(s)
    assert not (s / "research.md").exists()
    done = subprocess.run(cmd, cwd=tmp_path, env=ENV, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    st = state(s)
    assert [r["status"] for r in st["rounds"]] == ["done", "done"] and st["stopped"]
    after = records(s)
    round_1 = [j for j in after if j["trial"]["job_type"] == "round_1"]
    assert len(round_1) == 6 and {j["pid"] for j in round_1} == {before[0]["pid"]}  # round 1 did not run again
    # round 2 kept the jobs that finished before the kill (the killed one wrote nothing) and ran the rest
    kept = [j for j in before if j["trial"]["job_type"] == "round_2"]
    assert kept and all(j in after for j in kept)
    from hydra_plugins.loopwright_sweeper.study import counted

    second = optuna.load_study(study_name=st["rounds"][1]["study"], storage=_journal(s))
    # 12 - 6 trials - 2 reseed jobs of round 1 (research.seeds: they found no noise) = 4; the trial the kill cut
    # short is FAIL (stale) and not counted
    assert counted(second) == 4
    # its job may have written its record just before the kill: at most that one more
    assert sum(j["trial"]["job_type"] == "round_2" for j in after) in (4, 5)
    configs = [(j["x"], j["y"], j["z"]) for j in after]
    assert len(set(configs)) == len(configs)
    assert (s / "research.md").is_file()


def test_two_objectives_narrow_on_the_pareto_front(tmp_path):
    """value (minimised) against x (maximised): the top trials each round reads are the Pareto front."""
    s = tmp_path / "sw"
    sweep(s, "hydra.sweeper.n_trials=16", "hydra.sweeper.research.rounds=2", "hydra.sweeper.seed=0",
          "hydra.sweeper.direction=[minimize,maximize]", "objectives=2", "hydra.sweeper.research.confirm_seeds=0")
    st = state(s)
    assert [r["status"] for r in st["rounds"]] == ["done", "done"] and st["directions"] == ["minimize", "maximize"]
    first = st["rounds"][0]
    study = optuna.load_study(study_name=first["study"], storage=_journal(s))
    assert first["front"] == sorted(t.number for t in study.best_trials)
    assert set(first["front"]) <= set(first["top"])
    text = (s / "research.md").read_text()
    assert "Pareto front (the top trials the narrowing read)" in text and "first objective" in text
    assert "## Pareto front" in (s / "round_1" / "sweep_report.md").read_text()


def _journal(sweep_dir: Path):
    from loopwright.sweep.trial import open_storage

    return open_storage(f"journal:{sweep_dir / 'optuna.journal'}")


def test_resume_with_another_space_is_refused(tmp_path):
    s = tmp_path / "sw"
    sweep(s, "hydra.sweeper.n_trials=8", "hydra.sweeper.research.rounds=2", "hydra.sweeper.report=false")
    proc = sweep(s, "hydra.sweeper.n_trials=8", "hydra.sweeper.research.rounds=2", "x=interval(0.0, 1.0)",
                 check=False)
    assert proc.returncode != 0 and "research.json holds a research run over another search space" in proc.stderr


def test_narrowing_rules_on_a_known_study():
    """lr matters on a log scale, dropout barely, and choice 'bad' never reaches the top."""
    from hydra_plugins.loopwright_sweeper.narrow import narrow

    space = {"lr": FloatDistribution(1e-6, 1e-1, log=True), "dropout": FloatDistribution(0.0, 0.5),
             "warmup": IntDistribution(0, 200), "kind": CategoricalDistribution(["good", "bad", "untried"])}
    study = optuna.create_study(direction="maximize", sampler=optuna.samplers.RandomSampler(seed=0))
    rng = random.Random(0)
    for _ in range(40):
        params = {"lr": 10 ** rng.uniform(-6, -1), "dropout": rng.uniform(0, 0.5), "warmup": rng.randint(0, 200),
                  "kind": rng.choice(["good", "bad"])}
        value = math.exp(-((math.log10(params["lr"]) + 3.5) / 0.5) ** 2) * (1 - 0.001 * params["dropout"]) \
            * math.exp(-((params["warmup"] - 40) / 80) ** 2) * (1.0 if params["kind"] == "good" else 0.0)
        study.add_trial(optuna.trial.create_trial(params=params, distributions=space, value=value))
    settings = OmegaConf.create({"top_fraction": 0.25, "margin": 0.1, "min_importance": 0.05, "min_complete": 4})
    new, fixed, info = narrow(study, space, "maximize", settings)
    lr = new["lr"]
    assert lr.log and 1e-6 < lr.low < 10 ** -3.5 < lr.high < 1e-1  # narrowed around the optimum, log scale
    assert math.log10(lr.high) - math.log10(lr.low) < 0.7 * 5
    assert new["kind"].choices == ("good", "untried")  # 'bad' never reached the top; untried stays
    assert "dropout" in fixed and info["importances"]["dropout"] < 0.05
    assert {d["param"]: d["action"] for d in info["decisions"]}["dropout"] == "fixed"
    few = optuna.create_study(direction="maximize")
    for t in study.trials[:3]:
        few.add_trial(t)
    same, nothing, why = narrow(few, space, "maximize", settings)
    assert same == space and not nothing and "min_complete" in why["decisions"][0]["reason"]


def test_a_categorical_choice_counts_as_tried_only_inside_the_next_ranges():
    """'b' ran only where lr was far off: that says nothing about 'b', so it stays; 'c' ran next to the top
    trials' lr and lost there, and 'd' was pruned there, so both go."""
    from hydra_plugins.loopwright_sweeper.narrow import narrow

    space = {"lr": FloatDistribution(1e-6, 1e-1, log=True), "kind": CategoricalDistribution(["a", "b", "c", "d"])}
    study = optuna.create_study(direction="maximize")
    for lr, kind, value in [(1e-3, "a", 0.99), (1.2e-3, "a", 0.98), (8e-4, "a", 0.97), (1.1e-3, "c", 0.5),
                            (9e-4, "c", 0.45), (1e-6, "b", 0.1), (3e-6, "b", 0.12), (3e-2, "b", 0.15)]:
        study.add_trial(optuna.trial.create_trial(params={"lr": lr, "kind": kind}, distributions=space, value=value))
    study.add_trial(optuna.trial.create_trial(params={"lr": 1.05e-3, "kind": "d"}, distributions=space,
                                              state=optuna.trial.TrialState.PRUNED, intermediate_values={4: 0.2}))
    settings = OmegaConf.create({"top_fraction": 0.25, "margin": 0.1, "min_importance": 0.05, "min_complete": 4})
    new, fixed, info = narrow(study, space, "maximize", settings)
    assert new["lr"].low > 3e-6 and new["lr"].high < 3e-2  # the 'b' trials lie outside the next range
    assert new["kind"].choices == ("a", "b") and not fixed
    assert [d["param"] for d in info["decisions"]] == ["lr", "kind"]  # in the space's order


def test_warm_start_copies_carry_the_curve_so_the_pruner_cuts_from_the_first_trial():
    """A completed trial of round 1 is copied into round 2 with its reported values and successive halving's
    rung records; a pruned one is not. Round 2's first trial, poor at its first report, is pruned at once."""
    from hydra_plugins.loopwright_sweeper.research import _warm_start

    space = {"x": FloatDistribution(0.0, 1.0)}
    pruner = optuna.pruners.SuccessiveHalvingPruner()
    first = optuna.create_study(direction="maximize", pruner=pruner)
    for x, curve in [(0.5, [0.8, 0.9]), (0.6, [0.7, 0.85]), (0.4, [0.75, 0.8]), (0.7, [0.6, 0.7])]:
        first.enqueue_trial({"x": x})
        trial = first.ask(space)
        for step, value in zip((4, 16), curve):
            trial.report(value, step)
            trial.should_prune()  # records the rungs the trial passed
        first.tell(trial, curve[-1])
    pruned = first.ask(space)
    pruned.report(0.01, 4)
    first.tell(pruned, state=optuna.trial.TrialState.PRUNED)
    second = optuna.create_study(direction="maximize", pruner=pruner)
    assert _warm_start(second, [first], space, {}, space) == 4
    copies = second.get_trials(deepcopy=False)
    assert [c.intermediate_values for c in copies] == [t.intermediate_values for t in first.trials[:4]]
    rungs = [{k: v for k, v in t.system_attrs.items() if k.startswith("completed_rung_")} for t in first.trials[:4]]
    assert [c.system_attrs for c in copies] == rungs and sum("completed_rung_0" in r for r in rungs) == 3
    fresh = second.ask(space)
    fresh.report(0.1, 4)
    assert fresh.should_prune()


def test_a_two_round_research_of_real_trainings_recommends_an_experiment_that_runs(tmp_path):
    """model=tiny train.py jobs, 2 rounds of 1 trial, a confirmation on 1 fresh seed; then experiment=recommended,
    run as research.md says."""
    from helpers.runs import manifest
    from test_sweeper_train import ENV as TRAIN_ENV, command

    s = tmp_path / "sw"
    proc = subprocess.run(command(s, "hydra/sweeper=loopwright",
                                  "objective.learning_rate=tag(log, interval(1e-6, 1e-3))",
                                  "objective.beta=choice(0.0, 0.04)", "hydra.sweeper.n_trials=2",
                                  "hydra.sweeper.research.rounds=2", "hydra.sweeper.research.min_complete=1",
                                  "hydra.sweeper.research.confirm_seeds=1", "hydra.sweeper.report=false",
                                  "hydra.sweeper.seed=0", "hydra.sweeper.research.seeds=1"),
                          cwd=tmp_path, env=TRAIN_ENV, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    st = state(s)
    assert [r["status"] for r in st["rounds"]] == ["done", "done"]
    jobs = sorted(s.glob("round_2/*/manifest.json"))
    assert jobs and all(manifest(j.parent)["config"]["trial"]["job_type"] == "round_2" for j in jobs)
    assert "round_1/0" in (s / "summary.md").read_text()  # the multirun summary finds the rounds' jobs
    best = OmegaConf.load(s / "optimization_results.yaml")
    text = (s / "research.md").read_text()
    assert f"hydra.searchpath=[file://{s.resolve()}] experiment=recommended" in text
    # the confirmation: winner and baseline (the config's defaults) on fresh seed 1, compared paired
    confirmation = st["confirmation"]
    assert confirmation["status"] == "done" and confirmation["seeds"] == [1] and confirmation["n_prompts"] > 0
    winner, baseline = manifest(s / "confirm" / "winner_seed1"), manifest(s / "confirm" / "baseline_seed1")
    assert winner["config"]["seed"] == baseline["config"]["seed"] == 1
    assert winner["config"]["objective"]["learning_rate"] == best.best_params["objective.learning_rate"]
    assert baseline["config"]["objective"]["learning_rate"] == compose_default_lr()
    assert "**Verdict: " in text and "| success |" in text
    out = tmp_path / "recommended"
    run = subprocess.run([sys.executable, str(ROOT / "train.py"), f"hydra.searchpath=[file://{s.resolve()}]",
                          "experiment=recommended", f"hydra.run.dir={out}"],
                         cwd=tmp_path, env=TRAIN_ENV, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    m = manifest(out)
    assert m["status"] == "completed" and m["config"]["model"]["name"] == manifest(Path(best.best_run_dir))[
        "config"]["model"]["name"]
    assert m["config"]["objective"]["learning_rate"] == best.best_params["objective.learning_rate"]
    assert m["config"]["objective"]["beta"] == best.best_params["objective.beta"]


def compose_default_lr() -> float:
    from helpers import compose

    return compose(["model=tiny", "profile=smoke"]).objective.learning_rate


def test_a_round_that_could_not_narrow_does_not_end_the_research_on_epsilon():
    """Bench seed 13 (docs/SWEEPS.md): round 2's trials all lost to the copies at the pruner's first rungs, so it
    completed too few to narrow and gained nothing, and epsilon ended the research at 0.988. Such a round says
    nothing about convergence; a round that did narrow and gained nothing still stops."""
    import time
    from types import SimpleNamespace

    from hydra_plugins.loopwright_sweeper.research import _stop_reason

    settings = OmegaConf.create({"n_trials": 100, "timeout": None, "max_cost": None,
                                 "research": {"rounds": 4, "epsilon": 0.001}})
    sw = SimpleNamespace(settings=settings, exhausted=False, started=time.monotonic())
    space = {"x": FloatDistribution(0.0, 1.0)}
    stuck = {"round": 2, "best": 0.988, "best_before": 0.988,
             "decisions": [{"param": "*", "action": "kept", "reason": "2 completed trials < min_complete=4"}]}
    assert _stop_reason(sw, {}, stuck, space, 50) is None
    narrowed = {**stuck, "decisions": [{"param": "x", "action": "narrowed", "reason": "top trials span ..."}]}
    assert "< research.epsilon=0.001" in _stop_reason(sw, {}, narrowed, space, 50)


def test_a_float_below_the_old_importance_cut_is_narrowed_not_fixed_by_default():
    """min_importance=0 (the default): a parameter is never fixed on PED-ANOVA's estimate alone (bench seed 12
    fixed the warm-up at importance 0.049 < 0.05, which capped the value at 0.976)."""
    from hydra_plugins.loopwright_sweeper.config import ResearchConf
    from hydra_plugins.loopwright_sweeper.narrow import narrow

    space = {"lr": FloatDistribution(1e-6, 1e-1, log=True), "dropout": FloatDistribution(0.0, 0.5)}
    study = optuna.create_study(direction="maximize")
    rng = random.Random(1)
    for _ in range(30):
        params = {"lr": 10 ** rng.uniform(-6, -1), "dropout": rng.uniform(0, 0.5)}
        value = math.exp(-((math.log10(params["lr"]) + 3.5) / 0.5) ** 2) * (1 - 0.001 * params["dropout"])
        study.add_trial(optuna.trial.create_trial(params=params, distributions=space, value=value))
    defaults = OmegaConf.structured(ResearchConf)
    new, fixed, info = narrow(study, space, "maximize", defaults)
    low = info["importances"]["dropout"]
    assert low < 0.1 and "dropout" not in fixed and "dropout" in new  # narrowed (or kept), never fixed
    assert {d["param"]: d["action"] for d in info["decisions"]}["dropout"] in ("narrowed", "kept")
    # a user's cut above the estimate still fixes it: the key is kept for dimension reduction on purpose
    cut = OmegaConf.merge(defaults, {"min_importance": 0.1})
    assert "dropout" in narrow(study, space, "maximize", cut)[1]


def test_each_choice_is_compared_at_the_incumbent_when_a_round_opens():
    """research.compare_choices (default true): a round after the first opens with the best trial so far once per
    other categorical choice, the numbers at the best's values, so a choice is judged where the other parameters
    are best and not where the sampler happened to try it (bench seed 22 dropped the best beta after one try at
    a warm-up far off). Nothing is enqueued when the best lies outside the round's space."""
    from hydra_plugins.loopwright_sweeper.research import _choices_at_incumbent

    space = {"x": FloatDistribution(0.0, 1.0), "z": CategoricalDistribution(["a", "b", "c"]),
             "w": CategoricalDistribution([1, 2])}
    best = optuna.trial.create_trial(params={"x": 0.4, "z": "b", "w": 2}, distributions=space, value=1.0)
    study = optuna.create_study(direction="maximize")
    queued = _choices_at_incumbent(study, best, space)
    assert queued == [{"x": 0.4, "z": "a", "w": 2}, {"x": 0.4, "z": "c", "w": 2}, {"x": 0.4, "z": "b", "w": 1}]
    assert [study.ask(space).params for _ in queued] == queued  # the round's first trials, in that order
    narrower = {**space, "x": FloatDistribution(0.5, 1.0)}
    assert _choices_at_incumbent(optuna.create_study(), best, narrower) == []
    assert _choices_at_incumbent(optuna.create_study(), None, space) == []


def test_a_research_round_opens_with_the_best_trial_under_each_other_choice(tmp_path):
    s = tmp_path / "sw"
    sweep(s, "hydra.sweeper.n_trials=16", "hydra.sweeper.research.rounds=2", "hydra.sweeper.seed=0",
          "hydra.sweeper.report=false", "z=choice(foo, bar, baz)")
    first, second = state(s)["rounds"]
    jobs = records(s)
    best = min(jobs[:first["ran"]], key=value_of)
    others = sorted({"foo", "bar", "baz"} - {best["z"]})
    assert "z" in load_space_of(second) and second["choice_trials"] == 2
    assert sorted(j["z"] for j in jobs[first["ran"]:first["ran"] + 2]) == others
    assert all((j["x"], j["y"]) == (best["x"], best["y"]) for j in jobs[first["ran"]:first["ran"] + 2])
    off = tmp_path / "off"
    sweep(off, "hydra.sweeper.n_trials=16", "hydra.sweeper.research.rounds=2", "hydra.sweeper.seed=0",
          "hydra.sweeper.report=false", "z=choice(foo, bar, baz)", "hydra.sweeper.research.compare_choices=false")
    assert "choice_trials" not in state(off)["rounds"][1]


def load_space_of(entry: dict) -> dict:
    from hydra_plugins.loopwright_sweeper.narrow import load_space

    return load_space(entry["space"])
