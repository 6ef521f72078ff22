"""A manifest whose lineage record loopwright did not write (a planted or damaged run dir): the lineage command
exits 2 naming the file, instead of a bare AttributeError (found by tests/security/blind3/)."""

from __future__ import annotations

import json

import pytest

from loopwright.lineage import main


@pytest.mark.parametrize("lineage", [{"parent": "not-a-record"}, {"data": ["a", "list"]}, "a string"])
def test_a_lineage_record_not_ours_exits_2_naming_the_manifest(tmp_path, capsys, lineage):
    (tmp_path / "manifest.json").write_text(json.dumps({"status": "completed", "lineage": lineage}))
    assert main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'manifest.json'}: its lineage record is not what loopwright writes" in err


def test_a_chain_of_parents_deeper_than_the_cap_ends_in_a_line_not_a_recursion_error(tmp_path):
    """A planted chain of 1,500 parent runs ended in RecursionError (tests/security/blind4)."""
    from loopwright.runs.lineage import MAX_RUNS_DEEP, tree

    prev = None
    for i in range(MAX_RUNS_DEEP + 50):
        run = tmp_path / f"r{i}"
        run.mkdir()
        lineage = {"parent": {"run_dir": str(prev), "model": "m"}} if prev else {}
        (run / "manifest.json").write_text(json.dumps({"status": "completed", "lineage": lineage}))
        prev = run
    lines = tree(prev)
    assert any(f"not followed further: more than {MAX_RUNS_DEEP} runs deep" in line for line in lines)
