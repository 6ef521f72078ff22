"""The MCP tools' pure parts: option summaries, the path roots, and composition without torch.
(The tools themselves are tested through the real MCP client: tests/integration/mcp_server/.)"""

from __future__ import annotations


import pytest

from helpers import CONF, ROOT
from helpers.imports import heavy_imports
from loopwright.mcp_tools.catalog import summary_of
from loopwright.mcp_tools.paths import Refused, Roots


@pytest.mark.parametrize("header, summary", [
    ("# @package _global_\n# One GPU, a model (x, y): bf16. More here.\n", "One GPU, a model (x, y): bf16."),
    ("# Dr. GRPO: a paper (eq. 3). Removes the\n# length term.\nname: x\n", "Dr. GRPO: a paper (eq. 3)."),
    ("# DAPO: a paper, section 3 (eq. 8) and Algorithm 1.\n# Maps onto\n",
     "DAPO: a paper, section 3 (eq. 8) and Algorithm 1."),
    ("# Seconds, end to end: proves the\n# wiring, not the learning.\n#   python train.py\n",
     "Seconds, end to end: proves the wiring, not the learning."),
    ("name: x\n", ""),
])
def test_summary_is_the_first_sentence_of_the_header_comment(header, summary):
    assert summary_of(header) == summary


def test_every_shipped_option_has_a_summary():
    missing = [str(p) for p in CONF.glob("*/*.yaml") if not summary_of(p.read_text())]
    assert not missing


def test_roots_refuse_absolute_dotdot_and_symlinked_paths_out(tmp_path):
    project, outputs, outside = tmp_path / "project", tmp_path / "out", tmp_path / "elsewhere"
    for d in (project, outputs, outside):
        d.mkdir()
    (outputs / "link").symlink_to(outside, target_is_directory=True)
    roots = Roots.make(project, outputs)
    assert roots.readable("conf/x.yaml") == project / "conf" / "x.yaml"
    assert roots.readable(outputs / "run") == outputs / "run"
    assert roots.writable(outputs / "new" / "dir") == outputs / "new" / "dir"
    for bad in (str(outside), f"{outputs}/../elsewhere", str(outputs / "link" / "run"), "../elsewhere"):
        with pytest.raises(Refused, match="outside the project dir"):
            roots.readable(bad, what="run_dir")
    with pytest.raises(Refused, match="outside the outputs dir"):
        roots.writable(project / "src", what="output")  # readable, but never written


def test_composing_and_validating_imports_no_torch(tmp_path):
    code = ("from loopwright.mcp_tools.paths import Roots; from loopwright.mcp_tools.composing import checked;"
            f"r, cfg = checked(['model=tiny', 'profile=smoke'], Roots.make({str(ROOT)!r}, {str(tmp_path)!r}));"
            "assert r['ok'], r['problems']")
    probe = heavy_imports(code=code, watch=("torch", "transformers", "trl"))
    assert probe.exit_code == 0, probe.stderr
    assert probe.heavy == []


def test_readers_may_open_only_plain_files_inside_the_roots(tmp_path):
    """A hard link is the outside file under an inside name, a FIFO blocks: lineage hashed one, list_runs hung on
    the other (tests/security/blind4)."""
    import os

    from loopwright.mcp_tools.paths import not_plain_file

    roots = Roots.make(tmp_path / "p", tmp_path / "o")
    roots.outputs.mkdir(parents=True)
    (tmp_path / "outside.txt").write_text("x")
    os.link(tmp_path / "outside.txt", roots.outputs / "hard.txt")
    os.mkfifo(roots.outputs / "fifo")
    (roots.outputs / "plain.txt").write_text("x")
    assert "hard link" in not_plain_file(roots.outputs / "hard.txt")
    assert "not a regular file" in not_plain_file(roots.outputs / "fifo")
    assert not_plain_file(roots.outputs / "plain.txt") is None and not_plain_file(roots.outputs / "absent") is None
    assert [roots.may_open(roots.outputs / n) for n in ("hard.txt", "fifo", "plain.txt", "absent")] == [
        False, False, True, True]
    assert not roots.may_open(tmp_path / "outside.txt")


def test_run_metrics_says_how_many_damaged_lines_it_skipped(tmp_path):
    """A torn last line is a run still writing (no word); a damaged middle line is a lost record: counted in the
    reply, never skipped silently."""
    from loopwright.mcp_tools.runs import run_metrics

    roots = Roots.make(tmp_path / "p", tmp_path / "o")
    run = roots.outputs / "run"
    run.mkdir(parents=True)
    (run / "manifest.json").write_text('{"status": "running"}')
    (run / "metrics.jsonl").write_text('{"step": 1, "loss": 1.0}\n{"step": 2, "lo\n{"step": 3, "loss": 0.5}\n{"st')
    reply = run_metrics(roots, str(run))
    assert [r["step"] for r in reply["rows"]] == [1, 3] and reply["rows_total"] == 2
    assert reply["damaged_lines"] == 1 and "1 damaged line(s) of metrics.jsonl skipped" in reply["note"]
    (run / "metrics.jsonl").write_text('{"step": 1, "loss": 1.0}\n{"st')
    reply = run_metrics(roots, str(run))
    assert "damaged_lines" not in reply and "note" not in reply and reply["rows_total"] == 1


@pytest.mark.parametrize("version", [(3, 10), (3, 11)])
def test_commands_the_server_runs_do_not_import_from_the_project_dir(tmp_path, monkeypatch, version):
    """tests/security/blind6: ingest/improve ran in the project dir with it on sys.path, and Hydra's plugin scan
    imported a planted hydra_plugins/ module. A module of the cwd is not importable in them (both Python forms)."""
    import subprocess
    import sys

    from loopwright.mcp_tools import loop

    (tmp_path / "shadow_probe.py").write_text("print('imported from the cwd')\n")
    monkeypatch.setattr(sys, "version_info", version)
    args = loop._without_cwd("shadow_probe")
    monkeypatch.undo()
    proc = subprocess.run([sys.executable, *args], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and "imported from the cwd" not in proc.stdout and "shadow_probe" in proc.stderr
    proc = subprocess.run([sys.executable, *loop._without_cwd("json.tool"), "--help"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "usage" in proc.stdout


def test_the_option_catalog_is_built_again_when_a_config_file_changes(tmp_path, monkeypatch):
    """list_options keeps what it built until a file on the search path changes: an edited summary and a new
    option show at the next call, and what one caller does to its reply is not in the next."""
    import os
    import shutil

    from loopwright.config import app_entry as app
    from loopwright.mcp_tools import catalog

    conf = tmp_path / "conf"
    shutil.copytree(app.CONF_DIR, conf)
    monkeypatch.setattr(app, "CONF_DIR", str(conf))
    monkeypatch.setattr(catalog, "_built", None)
    first = catalog.list_options("logger")
    assert first == catalog.list_options("logger") and catalog._built is not None
    first["logger"]["options"].clear()  # a caller's reply is its own
    assert catalog.list_options("logger")["logger"]["options"]

    none = conf / "logger" / "none.yaml"
    before = none.stat()
    none.write_text("# Edited: a new first sentence. More.\n" + none.read_text())
    os.utime(none, ns=(before.st_atime_ns, before.st_mtime_ns + 1))  # a change within the clock's tick still shows
    (conf / "logger" / "planted.yaml").write_text("# Planted option.\n")
    options = {o["name"]: o["summary"] for o in catalog.list_options("logger")["logger"]["options"]}
    assert options["none"] == "Edited: a new first sentence." and options["planted"] == "Planted option."
