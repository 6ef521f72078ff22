"""python -m loopwright.label driven through a real pseudo-terminal by single keys: label, undo, quit, resume.

No Enter is ever sent: the keys reach the labeller one by one only because it puts the terminal
in cbreak mode, as a user at a terminal would see it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT
from helpers.terminal import Terminal
from loopwright.rewards._calibration import read_labelled

REPLIES = ["Your order W1 has shipped with DPD.", "I've refunded the £20 for the mug.", "Whatever.",
           "I've sent a new charger today.", "Please wait."]


@pytest.fixture
def logs(tmp_path):
    path = tmp_path / "transcripts.jsonl"
    path.write_text("".join(json.dumps({"messages": [{"role": "user", "content": f"Question {i} about my order?"},
                                                     {"role": "assistant", "content": reply}],
                                        "metadata": {"columns": {"facts_json": None}}}) + "\n"
                            for i, reply in enumerate(REPLIES)))
    return tmp_path


def _label(cwd: Path) -> Terminal:
    return Terminal([sys.executable, "-m", "loopwright.label", str(cwd), "--out", "labels.jsonl", "--sample", "4",
                     "--seed", "3"], cwd)


PROMPT = "k keep   d drop   s skip   u undo   q quit"  # the last line of every labelling screen


def _shown_reply(screen: str) -> str:
    tail = screen[screen.rindex("REPLY TO LABEL:"):]
    return next(r for r in REPLIES if r in tail)


def test_keys_label_undo_quit_and_the_same_command_resumes(logs):
    term = _label(logs)
    first = _shown_reply(term.wait_for(PROMPT))
    assert "[1/4]" in term.shown and "Question" in term.shown
    term.key("k", "[2/4]", screen_end=PROMPT)
    second = _shown_reply(term.shown)
    term.key("s", "[3/4]", screen_end=PROMPT)
    third = _shown_reply(term.shown)
    term.key("d", "[4/4]", screen_end=PROMPT)
    term.key("u", "[3/4]", screen_end=PROMPT)  # the drop is undone: the third reply again
    assert _shown_reply(term.shown) == third
    term.key("x", "")  # an unknown key does nothing
    term.key("q", "quit: progress saved")
    assert term.finish() == 0
    rows = [json.loads(line) for line in (logs / "labels.jsonl").read_text().splitlines()]
    assert [(r["reply"], r["label"]) for r in rows] == [(first, 1)]  # the skip is no label, the undone drop gone

    term = _label(logs)  # resume: the first undecided reply, not the start
    term.wait_for("[3/4]")
    term.wait_for(PROMPT)
    assert _shown_reply(term.shown) == third and "kept 1  dropped 0  skipped 1" in term.shown
    term.key("d", "[4/4]", screen_end=PROMPT)
    fourth = _shown_reply(term.shown)
    term.key("k", "next: python -m loopwright.improve")
    assert term.finish() == 0
    assert "2 labelled (1 keep, 1 drop)" not in term.shown and "3 labelled (2 keep, 1 drop), 1 skipped" in term.shown
    labelled = read_labelled(logs / "labels.jsonl")  # what reward.calibration reads
    assert [(r["completion"][0]["content"], r["label"]) for r in labelled] == [(first, 1), (third, 0), (fourth, 1)]
    assert labelled[0]["columns"] == {"facts_json": None} and second not in {first, third, fourth}


def test_bad_input_is_exit_2_naming_the_file_and_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"messages": []}\nnot json\n')
    proc = subprocess.run([sys.executable, "-m", "loopwright.label", str(bad)], cwd=tmp_path, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert proc.returncode == 2 and f"{bad}:2: invalid JSON" in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "loopwright.label", str(tmp_path / "none")], cwd=tmp_path,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert proc.returncode == 2 and "no such file" in proc.stderr
