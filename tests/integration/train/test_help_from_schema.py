"""`python train.py --help` as a user prints it: the guard and after-training sections are the schema's
(config/help_text.py renders them; tests/unit/config/test_help_matches_schema.py holds their source to its rules),
and printing them imports no torch."""

from __future__ import annotations

from helpers import run_train_without_torch
from loopwright.config import help_text


def test_the_help_a_user_prints_shows_the_schemas_sections_and_its_defaults():
    proc = run_train_without_torch(["--help"])
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.rstrip().endswith("HEAVY_IMPORTS="), proc.stdout[-300:]  # no torch, no transformers
    assert help_text.render("guards") in proc.stdout and help_text.render("eval") in proc.stdout
    assert "zero_signal_steps=20" in proc.stdout and "hang_floor_s=600.0" in proc.stdout
