"""What a sweep optimises (hydra.sweeper.objective, src/loopwright/sweep/objective.py): the held-out check where
one is set, never a graded task's training reward alone in research unless the user says so (recorded).

The configs are train.py's, composed as train.py composes them; the sweeps run the millisecond sweep app
(tests/helpers/sweep_app), which with eval.held_out_check set writes an eval_results.json whose check
(-(x+1)^2, best at x=-1) disagrees with what the job returns ((x-1)^2 + ..., best at x=1).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import optuna
import pytest
from omegaconf import OmegaConf

from helpers import ROOT, compose
from test_research import state
from test_sweeper import sweep

from loopwright.sweep.objective import graded, resolve, trial_value


def test_a_graded_task_without_a_check_is_refused_for_research_and_the_way_out_is_recorded():
    support = compose(["task=customer_support", "reward=customer_support"])
    assert "reward=customer_support grades replies" in graded(support)
    with pytest.raises(ValueError) as err:
        resolve("auto", support, research=True)
    assert "eval.held_out_check" in str(err.value) and "hydra.sweeper.objective=accuracy" in str(err.value)
    plain = resolve("auto", support, research=False)  # a plain sweep keeps what it did: the job's return value
    assert plain["source"] == "accuracy" and "scored by the training reward itself" in plain["line"]
    chosen = resolve("accuracy", support, research=True)
    assert chosen["explicit"] and "chosen explicitly (hydra.sweeper.objective=accuracy)" in chosen["line"]
    checked = resolve("auto", compose(["task=customer_support", "reward=customer_support",
                                       "eval.held_out_check=grounding"]), research=True)
    assert checked["source"] == "held_out_check" and "eval.held_out_check=grounding" in checked["line"]


def test_verifiers_are_trusted_and_graders_are_not():
    assert graded(compose([])) is None  # arithmetic: the answer is checked
    assert graded(compose(["experiment=gsm8k"])) is None  # gsm8k + a little format credit (shaping)
    assert graded(compose(["experiment=tool_agent"])) is None
    assert "grader of yours" in graded(compose(["reward._target_=my_pkg.rewards.fn"]))
    assert graded(OmegaConf.create({"x": 1})) is None  # not train.py: no reward to judge
    assert resolve("auto", compose([]), research=True)["source"] == "accuracy"


def test_bad_settings_name_the_key():
    with pytest.raises(ValueError, match="hydra.sweeper.objective=nope: expected one of auto, accuracy"):
        resolve("nope", compose([]), research=False)
    with pytest.raises(ValueError, match="objective=held_out_check needs eval.held_out_check"):
        resolve("held_out_check", compose([]), research=False)


@pytest.mark.parametrize("written, why", [
    (None, "has no summary.held_out_check.trained_mean"),
    ('{"summary": {"held_out_check": {"trained_mean": "NaN"}}}', "trained_mean is nan"),
    ('{"summary": {"held_out_check": {"trained_mean": 1e999}}}', "trained_mean is inf"),
    ('{"summary": {"held_out_check": {"trained_mean": "ten"}}}', "has no summary.held_out_check"),
    ('{"summary": [1, 2]}', "has no summary.held_out_check"),
    ("[]", "has no summary.held_out_check"),
    ('{"summary": {"held_out_check": {"trained_mean": 0.5', "has no summary.held_out_check"),
])
def test_a_run_dirs_check_that_cannot_be_read_fails_the_trial_naming_the_file(tmp_path, written, why):
    """Each is what a trial's job could leave (it is the job's file, so hostile): a clear ValueError, never a
    number the study would rank."""
    if written is not None:
        (tmp_path / "eval_results.json").write_text(written)
    with pytest.raises(ValueError, match=why):
        trial_value("held_out_check", tmp_path)


def test_a_fifo_for_eval_results_fails_the_trial_instead_of_hanging_the_sweep(tmp_path):
    """A plain open() of a FIFO waits for a writer forever: the sweep would hang on one planted file."""
    os.mkfifo(tmp_path / "eval_results.json")
    with pytest.raises(ValueError, match="not a regular file"):
        trial_value("held_out_check", tmp_path)


def test_research_optimises_the_check_where_one_is_set(tmp_path):
    s = tmp_path / "sw"
    sweep(s, "hydra.sweeper.n_trials=16", "hydra.sweeper.research.rounds=2", "hydra.sweeper.seed=0",
          "hydra.sweeper.direction=maximize", "eval.held_out_check=planted", "hydra.sweeper.research.confirm_seeds=0")
    st = state(s)
    assert st["objective"]["source"] == "held_out_check"
    from loopwright.sweep.trial import open_storage

    storage = open_storage(f"journal:{s / 'optuna.journal'}")
    study = optuna.load_study(study_name=st["rounds"][0]["study"], storage=storage)
    for t in study.get_trials(states=(optuna.trial.TrialState.COMPLETE,)):  # the check, not the return value
        assert t.values[0] == -(t.params["x"] + 1) ** 2
    best = OmegaConf.load(s / "optimization_results.yaml")
    assert best.best_params.x < 0 and best.best_value > -1.0
    assert "- objective: the held-out check `eval.held_out_check=planted`" in (s / "research.md").read_text()


def test_train_py_refuses_research_on_a_graded_task_before_any_trial(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "train.py"), "-m", "hydra/sweeper=loopwright",
                           "task=customer_support", "reward=customer_support", "model=tiny", "profile=smoke",
                           "objective.learning_rate=tag(log, interval(1e-6, 1e-3))",
                           f"hydra.sweep.dir={tmp_path / 'sw'}",
                           "hydra.sweeper.research.rounds=2", "hydra.sweeper.n_trials=4"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled"})
    assert proc.returncode != 0
    assert "research on a graded task would optimise the training reward alone" in proc.stderr
    assert not list((tmp_path / "sw").glob("round_1/*/manifest.json"))  # refused before any trial ran


def test_the_confirmation_compares_on_the_check_when_research_optimised_it(tmp_path):
    """Winner and baseline runs whose training reward says the winner is better while the check says the
    baseline is: on the check (what the research optimised) the winner does not win."""
    from loopwright.evaluation.paired import compare, load_side

    from hydra_plugins.loopwright_sweeper.confirm import _on_check

    def run(name: str, reward: float, check: float) -> str:
        d = tmp_path / name
        d.mkdir()
        records = [{"prompt": f"q{i}", "trained_score": reward, "trained_solved": reward >= 1.0,
                    "held_out_check": {"base": 0.5, "trained": check}} for i in range(30)]
        (d / "eval_results.json").write_text(json.dumps({"summary": {}, "records": records}))
        return str(d)

    baseline, winner = load_side([run("baseline", 0.0, 1.0)]), load_side([run("winner", 1.0, 0.0)])
    assert compare(baseline, winner)["verdict"] == "B better"  # by the training reward
    on_check = compare(_on_check(baseline), _on_check(winner))
    assert on_check["verdict"] == "A better" and on_check["metrics"]["reward"]["delta"] == -1.0
