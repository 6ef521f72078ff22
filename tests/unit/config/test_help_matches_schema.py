"""`python train.py --help`'s guard and after-training sections are written from the schema (config/help_text.py):
each key of GuardsConfig and EvalConfig with its default, the first line of its comment as the summary, and
"-> exit N (status)" where the key can end the run. These tests hold the source of that text to its rules: every
key documented once, a summary short enough for a terminal, and each promised exit the exit table's own pair
(src/loopwright/train/exits.py)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from loopwright.config import help_text
from loopwright.config.train import EvalConfig, GuardsConfig
from loopwright.train.exits import COMPLETED, EXITS


@pytest.mark.parametrize("cls", [GuardsConfig, EvalConfig])
def test_every_key_is_documented_by_a_short_summary_or_grouped_under_the_one_before(cls):
    comments = help_text.field_comments(cls)
    fields = [f.name for f in dataclasses.fields(cls)]
    assert comments.get(fields[0]), f"{cls.__name__}.{fields[0]} has no comment"
    for name in fields:
        block = comments.get(name) or []
        summary = help_text.split_exit(block[0])[0] if block else ""
        assert len(summary) <= help_text.SUMMARY_CHARS, f"{cls.__name__}.{name}: summary too long"
    shown = help_text.section(cls)
    assert all(f"{name}=" in shown for name in fields)


def test_every_exit_the_help_promises_is_the_exit_tables_own():
    text = help_text.render("guards") + "\n" + help_text.render("eval")
    pairs = re.findall(r"-> exit (\d+) \((\w+)", text)
    table = {(str(e.code), e.status) for e in EXITS.values()} | {(str(COMPLETED.code), COMPLETED.status)}
    assert len(pairs) >= 10
    assert set(pairs) <= table, f"--help exit codes not in train/exits.py: {sorted(set(pairs) - table)}"


def test_an_unknown_section_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="choose one of guards, eval"):
        help_text.render("nonsense")
