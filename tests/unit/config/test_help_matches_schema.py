"""`python train.py --help`'s guard and after-training lines agree with what they describe: every ``guards.*`` key
of the schema is named there and every key named there is the schema's, and each "-> exit N (status)" is the exit
table's own pair (src/loopwright/train/exits.py). The lines are written once, in conf/train.yaml's help template;
this keeps them from drifting away from the schema and the exit codes a run really ends with."""

from __future__ import annotations

import dataclasses
import re

from omegaconf import OmegaConf

from helpers import ROOT
from loopwright.config.train import EvalConfig, GuardsConfig
from loopwright.train.exits import COMPLETED, EXITS


def _section(template: str, title: str) -> str:
    start = template.index(f"== {title}")
    end = template.index("==", template.index("\n", start))
    return template[template.index("\n", start):end]


def _template() -> str:
    return OmegaConf.load(ROOT / "conf" / "train.yaml").hydra.help.template


def _named(section: str) -> set[str]:
    """The keys each line names before its colon: "hang_factor, hang_floor_s:", "gate=base:" (gate), and
    "reward_hacking(_steps, _sample):" (reward_hacking, reward_hacking_steps, reward_hacking_sample)."""
    names, base = set(), ""
    for line in section.strip().splitlines():
        for token in re.findall(r"\w+", re.sub(r"=\w+", "", line.split(":", 1)[0])):
            if token.startswith("_") and base:
                names.add(base + token)
            else:
                base = token
                names.add(token)
    return names


def test_every_guard_of_the_schema_is_in_the_help_and_the_help_names_no_other():
    named = _named(_section(_template(), "Guards"))
    fields = {f.name for f in dataclasses.fields(GuardsConfig)}
    assert fields - named == set(), f"guards.* keys --help does not show: {sorted(fields - named)}"
    assert named - fields == set(), f"--help names guards that do not exist: {sorted(named - fields)}"


def test_the_after_training_lines_name_eval_keys():
    named = _named(_section(_template(), "After training"))
    fields = {f.name for f in dataclasses.fields(EvalConfig)}
    assert named and named <= fields, f"--help names eval keys that do not exist: {sorted(named - fields)}"


def test_every_exit_the_help_promises_is_the_exit_tables_own():
    pairs = re.findall(r"exit (\d+) \((\w+)", _template())
    table = {(str(e.code), e.status) for e in EXITS.values()} | {(str(COMPLETED.code), COMPLETED.status)}
    assert pairs, "no exit named in the help template"
    assert set(pairs) <= table, f"--help exit codes not in train/exits.py: {sorted(set(pairs) - table)}"
