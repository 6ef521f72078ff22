"""The loopwright sweeper (hydra/sweeper=loopwright) on a task function that takes milliseconds.

The first half mirrors hydra-optuna-sweeper's own tests (plugins/hydra_optuna_sweeper/
tests/test_optuna_sweeper_plugin.py in the Hydra repo): discovery, search-space
grammar mapping, directions, the multi-objective results file, storage and study
name, the grid sampler, the failure rate. The rest covers what the official plugin
lacks: every sampler, resume, stale trials, the baseline trial, budgets, slot
refill through a launcher's submit(), and the report. Real train.py sweeps:
tests/integration/sweeps/test_sweeper_train.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import optuna
import pytest
from omegaconf import OmegaConf
from optuna.distributions import CategoricalDistribution, FloatDistribution, IntDistribution
from optuna.trial import TrialState

from helpers import CONF, ROOT

APP = ROOT / "tests" / "helpers" / "sweep_app" / "app.py"
# the `sweep` config group (search spaces), shipped with the sweeper plugin
SPACES = ROOT / "sweeps" / "hydra_plugins" / "loopwright_sweeper" / "conf" / "sweep"
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(
    [str(ROOT / "src"), str(ROOT / "launchers"), str(ROOT / "sweeps"), str(ROOT / "tests" / "helpers" / "sweep_app"),
     os.environ.get("PYTHONPATH", "")])}


def sweep(sweep_dir: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, str(APP), "-m", f"hydra.sweep.dir={sweep_dir}", *args],
                          capture_output=True, text=True, env=ENV, timeout=300, cwd=sweep_dir.parent)
    if check:
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc


def results(sweep_dir: Path):
    return OmegaConf.load(sweep_dir / "optimization_results.yaml")


def load(sweep_dir: Path, name: str | None = None) -> optuna.Study:
    from loopwright.sweep.trial import open_storage

    storage = open_storage(f"journal:{sweep_dir / 'optuna.journal'}")
    return optuna.load_study(study_name=name or optuna.get_all_study_names(storage)[0], storage=storage)


# ------------------------------------------------------------ official parity
def test_discovery():
    from hydra.core.plugins import Plugins
    from hydra.plugins.sweeper import Sweeper

    names = [x.__name__ for x in Plugins.instance().discover(Sweeper)]
    assert "LoopwrightSweeper" in names


@pytest.mark.parametrize("override, expected", [
    ("key=choice(1,2)", CategoricalDistribution([1, 2])),
    ("key=choice(true, false)", CategoricalDistribution([True, False])),
    ("key=choice('hello', 'world')", CategoricalDistribution(["hello", "world"])),
    ("key=shuffle(range(1,3))", CategoricalDistribution([1, 2])),
    # range(a, b) excludes b, as everywhere in Hydra (the official plugin includes it)
    ("key=range(1,3)", IntDistribution(1, 2)),
    ("key=range(0,10,step=3)", IntDistribution(0, 9, step=3)),
    ("key=range(10,0,step=-5)", IntDistribution(5, 10, step=5)),
    ("key=interval(1, 5)", FloatDistribution(1, 5)),
    ("key=int(interval(1, 5))", IntDistribution(1, 5)),
    ("key=tag(log, interval(1, 5))", FloatDistribution(1, 5, log=True)),
    ("key=tag(log, int(interval(1, 5)))", IntDistribution(1, 5, log=True)),
    ("key=range(0.5, 5.5, step=1)", FloatDistribution(0.5, 4.5, step=1)),
])
def test_distribution_from_override(override, expected):
    from hydra.core.override_parser.overrides_parser import OverridesParser
    from hydra_plugins.loopwright_sweeper.space import distribution_from_override

    actual = distribution_from_override(OverridesParser.create().parse_overrides([override])[0])
    if isinstance(expected, CategoricalDistribution):
        assert isinstance(actual, CategoricalDistribution) and set(actual.choices) == set(expected.choices)
    else:
        assert actual == expected


@pytest.mark.parametrize("spec, expected", [
    ({"type": "categorical", "choices": [1, 2, 3]}, CategoricalDistribution([1, 2, 3])),
    ({"type": "int", "low": 0, "high": 10, "step": 2}, IntDistribution(0, 10, step=2)),
    ({"type": "int", "low": 1, "high": 100, "log": True}, IntDistribution(1, 100, log=True)),
    ({"type": "float", "low": 0, "high": 1}, FloatDistribution(0, 1)),
    ({"type": "float", "low": 0, "high": 10, "step": 2}, FloatDistribution(0, 10, step=2)),
    ({"type": "float", "low": 1, "high": 100, "log": True}, FloatDistribution(1, 100, log=True)),
])
def test_distribution_from_dict(spec, expected):
    from hydra_plugins.loopwright_sweeper.space import distribution_from_dict

    assert distribution_from_dict("key", spec) == expected


@pytest.mark.parametrize("arguments, space, fixed", [
    (["key=choice(1,2)"], {"key": CategoricalDistribution([1, 2])}, {}),
    (["key=5"], {}, {"key": "key=5"}),
    (["key1=choice(1,2)", "key2=5", "key3=range(1,3)"],
     {"key1": CategoricalDistribution([1, 2]), "key3": IntDistribution(1, 2)}, {"key2": "key2=5"}),
    (["key=choice(1,2)", "key=7"], {}, {"key": "key=7"}),  # the later argument wins
])
def test_parse_params(arguments, space, fixed):
    from hydra_plugins.loopwright_sweeper.space import parse_params

    assert parse_params(arguments) == (space, fixed)


@pytest.mark.parametrize("with_commandline", [True, False])
def test_storage_and_study_name(tmp_path, with_commandline):
    """A given storage URL and study name are used; results file = the study's best; fixed args are not params."""
    storage = f"sqlite:///{tmp_path / 'test.db'}"
    args = ["hydra.sweeper.n_trials=12", f"hydra.sweeper.storage={storage}", "hydra.sweeper.study_name=sphere",
            "hydra.sweeper.sampler=tpe", "hydra.sweeper.seed=123"]
    if with_commandline:
        args += ["x=choice(0, 1, 2)", "y=0"]
    sweep(tmp_path / "s", *args)
    best = optuna.load_study(storage=storage, study_name="sphere").best_trial
    got = results(tmp_path / "s")
    assert got.name == "loopwright" and got.study_name == "sphere"
    assert got.best_value == best.value and got.best_params.x == best.params["x"]
    if with_commandline:
        assert "y" not in got.best_params and "y" not in best.params
        assert {t.params["x"] for t in optuna.load_study(storage=storage, study_name="sphere").trials} <= {0, 1, 2}
    else:
        assert got.best_params.y == best.params["y"]
    assert not (tmp_path / "s" / "optuna.journal").exists()  # the given storage, not the default


@pytest.mark.parametrize("n_trials", [10, 1])
def test_grid_sampler(tmp_path, n_trials):
    sweep(tmp_path / "s", "hydra.sweeper.sampler=grid", f"hydra.sweeper.n_trials={n_trials}",
          "x=choice(-1, 1)", "y=range(-1, 1)", "z=choice(foo, bar)")
    study = load(tmp_path / "s")
    points = {(t.params["x"], t.params["y"], t.params["z"]) for t in study.trials}
    assert len(study.trials) == min(n_trials, 8) == len(points)  # 2 x 2 x 2 points, each once
    assert all(y in (-1, 0) for _, y, _ in points)  # range(-1, 1) stops before 1
    if n_trials >= 8:
        assert results(tmp_path / "s").best_value == 1.0  # x=1, y=-1, z=foo: (1-1)^2 + (-1+2)^2 = 1


@pytest.mark.parametrize("with_commandline", [True, False])
def test_multi_objective_results(tmp_path, with_commandline):
    args = ["objectives=2", "hydra.sweeper.direction=[minimize,maximize]", "hydra.sweeper.n_trials=10",
            "hydra.sweeper.sampler=nsga2", "hydra.sweeper.seed=123", "hydra.sweeper.pruner=median"]
    if with_commandline:
        args += ["x=range(0, 5)", "y=range(0, 3)"]
    proc = sweep(tmp_path / "s", *args)
    assert "Pruning is off for multi-objective" in proc.stdout + proc.stderr
    solutions = results(tmp_path / "s").solutions
    assert solutions
    for a in solutions:
        if with_commandline:
            assert a.params.x % 1 == 0 and a.params.y % 1 == 0
        for b in solutions:  # minimise values[0], maximise values[1]: nobody dominates anybody
            assert not (a["values"][0] <= b["values"][0] and a["values"][1] >= b["values"][1]
                        and tuple(a["values"]) != tuple(b["values"]))
    assert "## Pareto front" in (tmp_path / "s" / "sweep_report.md").read_text()


@pytest.mark.parametrize("max_failure_rate", [0.5, 1.0])
def test_failure_rate(tmp_path, max_failure_rate):
    proc = sweep(tmp_path / "s", "hydra.sweeper.n_trials=4", f"hydra.sweeper.max_failure_rate={max_failure_rate}",
                 "error=true", check=False)
    study = load(tmp_path / "s")
    assert all(t.state == TrialState.FAIL for t in study.trials)
    assert "cfg.error is True" in study.trials[0].user_attrs["loopwright_failure"]
    if max_failure_rate < 1.0:
        assert proc.returncode != 0 and "RuntimeError: cfg.error is True" in proc.stderr
        assert len(study.trials) == 1  # stopped at the first failure: 1/1 > 0.5
    else:
        assert proc.returncode == 0 and len(study.trials) == 4
    assert "FAIL" in (tmp_path / "s" / "sweep_report.md").read_text()


# ------------------------------------------------------------ beyond the official plugin
@pytest.mark.parametrize("name", sorted(p.stem for p in SPACES.glob("*.yaml")))
def test_every_search_space_file_composes_and_parses(name):
    from hydra import compose, initialize_config_dir

    import loopwright.config  # noqa: F401
    from hydra_plugins.loopwright_sweeper.space import parse_params
    from hydra_plugins.loopwright_sweeper.study import directions_of, make_sampler
    from loopwright.sweep.trial import make_pruner

    with initialize_config_dir(config_dir=str(CONF), version_base="1.3"):
        cfg = compose(config_name="train", overrides=[f"sweep={name}"], return_hydra_config=True)
    sweeper = cfg.hydra.sweeper
    assert sweeper._target_.endswith("LoopwrightSweeper")
    space, _ = parse_params([f"{k}={v}" for k, v in sweeper.params.items()])
    assert space and set(space) == set(sweeper.params)
    for key in space:  # every searched key exists in the training config (or is a config group)
        assert key in cfg.hydra.runtime.choices or OmegaConf.select(cfg, key) is not None, key
    make_sampler(sweeper.sampler, 0, sweeper.sampler_kwargs, space, len(directions_of(sweeper.direction)))
    make_pruner(sweeper.pruner, OmegaConf.to_container(sweeper.pruner_kwargs))
    if sweeper.pruner != "none":
        assert cfg.eval.every, f"sweep/{name}.yaml prunes but sets no eval.every"


@pytest.mark.parametrize("sampler", ["tpe", "gp", "cmaes", "random", "nsga2"])
def test_every_sampler_runs(tmp_path, sampler):
    sweep(tmp_path / "s", f"hydra.sweeper.sampler={sampler}", "hydra.sweeper.n_trials=4", "hydra.sweeper.seed=0",
          "z=foo")
    study = load(tmp_path / "s")
    assert [t.state for t in study.trials] == [TrialState.COMPLETE] * 4
    assert len({(t.params["x"], t.params["y"]) for t in study.trials}) >= 3


def test_the_reproduce_command_is_started_the_way_the_sweep_was(tmp_path):
    # `python -m loopwright.train -m ...` (an installed loopwright) reports `python -m loopwright.train ...`,
    # not the path of its __main__.py; the sweep app stands in for it (tests/helpers/sweep_app is on PYTHONPATH).
    s = tmp_path / "s"
    proc = subprocess.run([sys.executable, "-m", "app", "-m", f"hydra.sweep.dir={s}", "hydra.sweeper.n_trials=2",
                           "hydra.sweeper.plots=[]"], capture_output=True, text=True, env=ENV, timeout=300,
                          cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    command = (s / "sweep_report.md").read_text().split("```bash\n")[1].split("\n```")[0].split()
    assert command[:3] == ["python", "-m", "app"]
    out = tmp_path / "again"
    subprocess.run([sys.executable, *command[1:], f"hydra.run.dir={out}"], env=ENV, check=True, capture_output=True,
                   cwd=tmp_path)
    assert (out / "record.json").is_file()


def test_baseline_default_storage_report_and_best_link(tmp_path):
    sweep(tmp_path / "s", "hydra.sweeper.n_trials=5", "hydra.sweeper.seed=0")
    s = tmp_path / "s"
    study = load(s)
    first = study.trials[0]
    assert first.params == {"x": 0.0, "y": 0, "z": "foo"} and first.user_attrs["loopwright_baseline"]
    assert study.study_name == "loopwright-" + "-".join(s.resolve().parts[-2:])
    report = (s / "sweep_report.md").read_text()
    best = study.best_trial
    assert f"trial {best.number}: value **{best.value:.6g}**" in report
    assert (s / "best").resolve() == (s / str(best.number)).resolve()
    assert json.loads((s / "best" / "record.json").read_text())["x"] == best.params["x"]
    for png in ("history.png", "importances.png", "parallel_coordinate.png"):
        assert (s / png).read_bytes()[:4] == b"\x89PNG", png
    # the reproduce command reruns exactly the best trial
    command = report.split("```bash\n")[1].split("\n```")[0].split()
    assert command[:2] == ["python", str(APP)]
    out = tmp_path / "again"
    subprocess.run([sys.executable, *command[1:], f"hydra.run.dir={out}"], env=ENV, check=True,
                   capture_output=True, cwd=tmp_path)
    assert json.loads((out / "record.json").read_text())["x"] == best.params["x"]
    # each job learned it was a trial of this study
    assert json.loads((s / "2" / "record.json").read_text())["trial"] == {
        "study_name": study.study_name, "storage": f"journal:{(s / 'optuna.journal').resolve()}", "number": 2}


def test_resume_continues_numbering_and_fails_stale_trials(tmp_path):
    s = tmp_path / "s"
    sweep(s, "hydra.sweeper.n_trials=3", "hydra.sweeper.seed=0")
    first_runs = {n: json.loads((s / str(n) / "record.json").read_text())["pid"] for n in range(3)}
    # a trial left RUNNING by a sweeper process that no longer exists (a killed sweep)
    study = load(s)
    stale = study.ask()
    stale.set_user_attr("loopwright_owner", {"host": os.uname().nodename, "pid": 2 ** 22 + 12345})
    sweep(s, "hydra.sweeper.n_trials=5", "hydra.sweeper.seed=0")
    study = load(s)
    states = {t.number: t.state for t in study.trials}
    assert states == {0: TrialState.COMPLETE, 1: TrialState.COMPLETE, 2: TrialState.COMPLETE, 3: TrialState.FAIL,
                      4: TrialState.COMPLETE, 5: TrialState.COMPLETE}
    assert "loopwright_stale" in study.trials[3].user_attrs
    # trials 0-2 were not rerun; no second baseline was enqueued
    assert {n: json.loads((s / str(n) / "record.json").read_text())["pid"] for n in range(3)} == first_runs
    assert sum(1 for t in study.trials if t.user_attrs.get("loopwright_baseline")) == 1
    assert "trials [3] were running when the sweep stopped" in (s / "sweep_report.md").read_text()


def test_max_cost_stops_new_trials(tmp_path):
    ledger = tmp_path / "costs.jsonl"
    ledger.write_text(json.dumps({"provider": "runpod", "dollars": 50.0}) + "\n")  # before this sweep: not counted
    sweep(tmp_path / "s", "hydra.sweeper.n_trials=10", "hydra.sweeper.max_cost=1.0",
          f"hydra.sweeper.cost_ledger={ledger}", f"ledger={ledger}")
    assert len(load(tmp_path / "s").trials) == 3  # $0.40 a trial: 0.8 < 1.0, then 1.2 >= 1.0


@pytest.mark.parametrize("setting, ledger, expected", [("wall_s", False, "wall_s"), ("auto", False, "wall_s"),
                                                      ("auto", True, "dollars"), ("dollars", True, "dollars")])
def test_cost_is_the_last_objective_read_from_each_trials_run_dir(tmp_path, setting, ledger, expected):
    """hydra.sweeper.cost: the job returns one value, the sweeper appends the cost the run dir and ledger say."""
    paid = [f"ledger={tmp_path / 'costs.jsonl'}", f"hydra.sweeper.cost_ledger={tmp_path / 'costs.jsonl'}"]
    sweep(tmp_path / "s", "manifest=true", f"hydra.sweeper.cost={setting}",
          "hydra.sweeper.direction=[minimize,minimize]",
          "hydra.sweeper.n_trials=3", "hydra.sweeper.sampler=random", "hydra.sweeper.seed=1", *(paid if ledger else []))
    trials = load(tmp_path / "s").trials
    assert [t.state for t in trials] == [TrialState.COMPLETE] * 3
    for t in trials:
        assert t.values[1] == pytest.approx(0.4 if expected == "dollars" else abs(t.params["x"]) + 1.0)
    report = (tmp_path / "s" / "sweep_report.md").read_text()
    assert f"the last is the cost, hydra.sweeper.cost={setting}: {expected}" in report and "## Pareto front" in report


def test_a_cost_that_cannot_be_read_fails_the_trial_and_a_misfit_setting_the_sweep(tmp_path):
    sweep(tmp_path / "s", "manifest=true", "hydra.sweeper.cost=gpu_hours",
          "hydra.sweeper.direction=[minimize,minimize]",
          "hydra.sweeper.n_trials=1", "hydra.sweeper.max_failure_rate=1.0")
    (failed,) = load(tmp_path / "s").trials
    assert failed.state == TrialState.FAIL and "ran on 'cpu', not a GPU" in failed.user_attrs["loopwright_failure"]
    proc = sweep(tmp_path / "t", "manifest=true", "hydra.sweeper.cost=wall_s", check=False)  # one direction
    assert proc.returncode != 0 and "hydra.sweeper.direction=[maximize,minimize]" in proc.stderr
    proc = sweep(tmp_path / "u", "hydra.sweeper.cost=euros", "hydra.sweeper.direction=[minimize,minimize]",
                 check=False)
    assert proc.returncode != 0 and "hydra.sweeper.cost=euros: expected one of auto" in proc.stderr


def test_bad_sampler_and_pruner_names_fail_clearly(tmp_path):
    proc = sweep(tmp_path / "s", "hydra.sweeper.sampler=annealing", check=False)
    assert proc.returncode != 0 and "hydra.sweeper.sampler='annealing' is not a known sampler" in proc.stderr
    proc = sweep(tmp_path / "t", "hydra.sweeper.pruner=aggressive", check=False)
    assert proc.returncode != 0 and "hydra.sweeper.pruner='aggressive' is not a known pruner" in proc.stderr


def test_pruning_across_processes(tmp_path):
    """Each job reports to the study storage from its own process; a bad trial is pruned mid-run."""
    s = tmp_path / "s"
    from loopwright.sweep.trial import open_storage

    # Users may enqueue their own trials into a study; here it fixes the order: two good, then a bad one.
    study = optuna.create_study(study_name="prune", direction="minimize",
                                storage=open_storage(f"journal:{s / 'optuna.journal'}"))
    for x in (1, 0, 4):
        study.enqueue_trial({"x": x})
    sweep(s, "hydra/launcher=pool", "hydra.launcher.slots=1", "hydra.sweeper.study_name=prune",
          "hydra.sweeper.n_trials=3", "hydra.sweeper.pruner=median", "+hydra.sweeper.pruner_kwargs.n_startup_trials=2",
          "x=choice(1, 0, 4)", "y=-2", "z=foo", "steps=10")
    study = load(s)
    by_x = {t.params["x"]: t for t in study.trials}
    assert by_x[4].state == TrialState.PRUNED and by_x[4].last_step < 10  # (4-1)^2 = 9: worst
    assert json.loads((s / str(by_x[4].number) / "record.json").read_text())["pruned_at"] == by_x[4].last_step
    assert {by_x[0].state, by_x[1].state} == {TrialState.COMPLETE}
    assert json.loads((s / str(by_x[4].number) / "record.json").read_text())["pid"] != os.getpid()


def _inside(s: Path) -> int:
    """How many other trials started and ended while the slow trial (x == 0) ran."""
    records = [json.loads(p.read_text()) for p in s.glob("*/record.json")]
    slow = next(r for r in records if r["x"] == 0)
    return sum(1 for r in records if r is not slow and slow["start"] < r["start"] and r["end"] < slow["end"])


def test_refill_keeps_slots_busy_instead_of_waiting_for_a_batch(tmp_path):
    """A launcher with submit(): a slot freed by a fast trial is refilled while the slow one runs."""
    args = ["hydra.sweeper.sampler=grid", "x=range(0, 5)", "y=0", "z=foo", "sleep=0.5", "slow_x=0"]
    sweep(tmp_path / "refill", "hydra/launcher=pool", *args)
    sweep(tmp_path / "batch", "hydra/launcher=pool_batch", *args)
    assert len(load(tmp_path / "refill").trials) == len(load(tmp_path / "batch").trials) == 5
    assert _inside(tmp_path / "refill") >= 2  # several fast trials came and went meanwhile
    assert _inside(tmp_path / "batch") <= 1  # only the slow trial's batch partner
