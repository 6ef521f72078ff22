"""Every option YAML names itself once: `name: <option>`; `kind` defaults to it, so no YAML repeats it."""

from __future__ import annotations

import pytest

from helpers import CONF, GROUPS, compose, options

ALL = [(g, o) for g in GROUPS for o in options(g)]


@pytest.mark.parametrize("group,option", ALL, ids=[f"{g}={o}" for g, o in ALL])
def test_no_option_repeats_its_name_as_its_kind(group, option):
    lines = (CONF / group / f"{option}.yaml").read_text().splitlines()
    assert not [line for line in lines if line.split("#")[0].strip() in (f"kind: {option}", f"  kind: {option}")]


@pytest.mark.parametrize("group", ["reward", "task", "logger", "provider"])
def test_kind_is_the_options_name(group):
    for option in options(group):
        node = compose([f"{group}={option}"])[group]
        assert str(getattr(node.kind, "value", node.kind)) == node.name == option
