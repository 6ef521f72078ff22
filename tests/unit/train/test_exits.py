"""The exits table: one place maps how a job ended to its manifest status and exit code."""

from __future__ import annotations

import importlib

import pytest

from loopwright.train import exits
from helpers.imports import heavy_imports


@pytest.mark.parametrize("name", sorted(exits.EXITS))
def test_every_table_entry_names_an_exception_class_that_exists(name):
    # The table names classes by module:Class (so importing it stays torch-free); a move must update it.
    module, _, attr = name.partition(":")
    cls = getattr(importlib.import_module(module), attr)
    assert issubclass(cls, BaseException)


def test_each_exception_maps_to_its_status_and_code():
    from loopwright.evaluation.prompts import BelowFloor
    from loopwright.sweep.trial import TrialPruned
    from loopwright.train.guards import RolloutDrift, RunAborted, RunHung
    from loopwright.train.resume import ResumeRefused
    from loopwright.train.validate import ConfigError

    cases = [(TrialPruned(3, 5, 0.25), "pruned", None), (RunAborted("x"), "aborted", 3),
             (RolloutDrift("x"), "rollout_drift", 11), (RunHung("x"), "hung", 12),
             (ResumeRefused("x"), "resume_refused", 2),
             (BelowFloor("x"), "gate_failed", 4), (ConfigError(["x"]), "failed", 2),
             (OSError("x"), "failed", 1), (KeyboardInterrupt(), "failed", 1)]
    for err, status, code in cases:
        how = exits.exit_for(err)
        assert (how.status, how.code) == (status, code), type(err).__name__
    assert exits.error_text(exits.FAILED, OSError("disk full")) == "OSError: disk full"
    assert exits.error_text(exits.exit_for(RunAborted("zero signal")), RunAborted("zero signal")) == "zero signal"


def test_the_cli_prints_the_message_and_exits_with_the_code(capsys, tmp_path):
    from loopwright.evaluation.prompts import BelowFloor
    from loopwright.sweep.trial import TrialPruned

    with pytest.raises(SystemExit) as stop:
        exits.leave(BelowFloor("eval.fail_below: trained_accuracy = 0.100 is below 0.5"), tmp_path)
    assert stop.value.code == 4
    assert capsys.readouterr().err == ("loopwright: below the floor: eval.fail_below: trained_accuracy = 0.100 is "
                                      f"below 0.5\n  run dir (complete, manifest status 'gate_failed'): {tmp_path}\n")
    assert exits.leave(TrialPruned(1, 10, 0.5), tmp_path) == 0.5  # the sweeper's value, no exit
    with pytest.raises(OSError):  # no message in the table: re-raised, Hydra prints the traceback
        exits.leave(OSError("x"), tmp_path)


def test_importing_the_table_imports_no_torch():
    probe = heavy_imports(code="import loopwright.train.cli", watch=("torch", "transformers"))
    assert probe.exit_code == 0, probe.stderr
    assert probe.heavy == []
