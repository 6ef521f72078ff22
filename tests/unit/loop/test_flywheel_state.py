"""The flywheel's stop rules, progress counting and ledger reading (pure python, no model)."""

from __future__ import annotations

import json

import pytest
from omegaconf import OmegaConf

from loopwright.config.flywheel import FlywheelStopConfig
from loopwright.loop import flywheel_state as fs


def stop(**kw):
    return OmegaConf.merge(OmegaConf.structured(FlywheelStopConfig), kw)


def record(g, base, trained, run="/f/gen-1/run"):
    return {"generation": g, "train": {"run_dir": run},
            "held_out": {"base_accuracy": base, "trained_accuracy": trained}}


def test_a_fresh_state_starts_generation_one_at_harvest():
    state = fs.new_state({})
    assert (state["generation"], state["step"], state["shipped"]["generation"]) == (1, "harvest", 0)
    assert fs.stop_before(state, stop(), 0.0) is None


def test_ship_moves_the_base_and_dont_ship_keeps_it():
    state = fs.new_state({})
    rec = fs.current(state)
    fs.conclude(state, {**rec, **record(1, 0.2, 0.8)}, True, 0.0)
    assert state["shipped"] == {"generation": 1, "run_dir": "/f/gen-1/run", "model_dir": "/f/gen-1/run/model",
                                "held_out_accuracy": 0.8}
    assert (state["generation"], state["step"], state["no_progress"]) == (2, "harvest", 0)
    rec = fs.current(state)
    assert rec["parent"]["run_dir"] == "/f/gen-1/run"
    fs.conclude(state, {**rec, **record(2, 0.8, 0.7, "/f/gen-2/run")}, False, 0.0)
    assert state["shipped"]["run_dir"] == "/f/gen-1/run" and state["no_progress"] == 1


@pytest.mark.parametrize("kw, no_progress, shipped_acc, generation, rule", [
    ({"patience": 1}, 1, 0.5, 2, "plateau"),
    ({"patience": 2}, 1, 0.5, 2, None),
    ({}, 0, 1.0, 2, "perfect"),
    ({"perfect": 0.9}, 0, 0.95, 2, "perfect"),
    ({"max_generations": 3}, 0, 0.5, 4, "max_generations"),
    ({"max_generations": 3}, 0, 0.5, 3, None),
])
def test_stop_rules(kw, no_progress, shipped_acc, generation, rule):
    state = {**fs.new_state({}), "no_progress": no_progress, "generation": generation}
    state["shipped"]["held_out_accuracy"] = shipped_acc
    found = fs.stop_before(state, stop(**kw), 0.0)
    assert (found or {}).get("rule") == rule


def test_a_ship_below_min_improvement_ships_but_is_no_progress():
    state = fs.new_state({})
    rec = fs.current(state)
    fs.conclude(state, {**rec, **record(1, 0.5, 0.55)}, True, 0.1)
    assert state["shipped"]["generation"] == 1 and state["no_progress"] == 1
    assert fs.stop_before(state, stop(patience=1, min_improvement=0.1), 0.0)["rule"] == "plateau"


def test_the_ledger_counts_only_this_flywheels_runs(tmp_path):
    fly = tmp_path / "fly"
    ledger = tmp_path / "costs.jsonl"
    lines = [{"job_dir": str(fly / "gen-1" / "run"), "dollars": 0.75},
             {"job_dir": str(fly / "gen-2" / "run"), "dollars": 0.5},
             {"job_dir": str(tmp_path / "fly-other" / "run"), "dollars": 9.0},
             {"job_dir": str(fly / "gen-3" / "run"), "dollars": None}]
    ledger.write_text("".join(json.dumps(x) + "\n" for x in lines))
    assert fs.spent(ledger, fly) == 1.25
    assert fs.spent(tmp_path / "absent.jsonl", fly) == 0.0
    state = fs.new_state({})
    assert fs.stop_before(state, stop(max_cost=1.0), 1.25)["rule"] == "max_cost"
    assert fs.stop_before(state, stop(max_cost=2.0), 1.25) is None
    ledger.write_text("{not json\n" + json.dumps(lines[0]) + "\n")  # a damaged line: reported, skipped
    assert fs.spent(ledger, fly) == 0.75


def test_a_state_file_that_is_not_one_is_refused_by_name(tmp_path):
    (tmp_path / fs.STATE).write_text("{}")
    with pytest.raises(fs.FlywheelError, match="flywheel.json: not a flywheel state"):
        fs.load(tmp_path)
    fs.save(tmp_path, fs.new_state({"a": 1}))
    assert fs.load(tmp_path)["config"] == {"a": 1}


def test_a_child_run_counts_as_done_only_when_complete(tmp_path):
    from loopwright.loop.flywheel import _completed

    run = tmp_path / "run"
    assert not _completed(run)
    run.mkdir()
    (run / "manifest.json").write_text(json.dumps({"status": "running"}))
    (run / "eval_results.json").write_text("{}")
    assert not _completed(run)  # killed mid-training: the flywheel trains it again
    (run / "manifest.json").write_text(json.dumps({"status": "completed"}))
    assert _completed(run)  # killed after it finished, before the state said so: kept
    (run / "eval_results.json").unlink()
    assert not _completed(run)
