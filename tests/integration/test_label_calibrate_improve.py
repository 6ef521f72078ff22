"""The user's path from labels to a grader of their own (issue 44 item 3), end to end with the real commands:
ingest a shop's logs, label 30 replies by single keys in a real terminal (``python -m loopwright.label`` on a pty,
typed as the shop's own labeller decided them), then ``python -m loopwright.improve`` with
``reward.calibration=labels.jsonl reward.calibration_fit=true``: the gate decides on the fit's cross-validated
agreement, improve_summary.json records the fitted grader, and every reply is graded and curated by it.

The shop: tests/data/blind_shop11 (142 replies of one Belgian shop in French, Dutch and English, labelled by a
helper who never read the grader; a fit since its one measurement, docs/REWARDS.md). What the fit is worth on
the 90 replies nobody labelled here is bench/calibration_fit.py's to measure; this test checks the path.
"""

from __future__ import annotations

import json
import sys

from helpers import ROOT
from helpers.loop_apps import NO_AUDIT, run_app
from helpers.terminal import Terminal

SHOP = ROOT / "tests" / "data" / "blind_shop11" / "replies.jsonl"
PROMPT = "k keep   d drop   s skip   u undo   q quit"  # the last line of every labelling screen


def _bare(text: str) -> str:
    return "".join(text.split())  # the screen wraps and indents a reply: compare without any whitespace


def test_thirty_labels_typed_in_a_terminal_fit_the_grader_that_improve_then_grades_with(tmp_path):
    # its single-turn conversations (120 of 142): the label command offers every assistant turn, and the shop's
    # labeller labelled only the last turn of a conversation
    rows = [r for line in SHOP.read_text(encoding="utf-8").splitlines() if len((r := json.loads(line))["prompt"]) == 2]
    logs = tmp_path / "logs.jsonl"
    def line(r: dict) -> str:
        facts = json.dumps(r["facts"], ensure_ascii=False) if r["facts"] else None
        return json.dumps({"messages": [*r["prompt"], {"role": "assistant", "content": r["reply"]}],
                           "metadata": {"columns": {"facts_json": facts}}}, ensure_ascii=False) + "\n"

    logs.write_text("".join(line(r) for r in rows), encoding="utf-8")
    assert run_app("loopwright.ingest", "format=openai", f"input={logs}", "output=t", cwd=tmp_path).returncode == 0
    truth = {_bare(r["reply"]): r["label"] for r in rows}

    term = Terminal([sys.executable, "-m", "loopwright.label", "t", "--out", "labels.jsonl", "--sample", "30",
                     "--seed", "0"], tmp_path)
    term.wait_for(PROMPT)
    typed = []
    for i in range(30):
        screen = term.shown[term.shown.rindex("REPLY TO LABEL:") + len("REPLY TO LABEL:"):]
        shown = _bare(screen[: screen.index("-" * 20)])
        key = "k" if truth[shown] == 1 else "d"
        typed.append(key)
        term.key(key, f"[{i + 2}/30]" if i < 29 else "next: python -m loopwright.improve",
                 screen_end=PROMPT if i < 29 else "")
    assert term.finish() == 0
    assert f"30 labelled ({typed.count('k')} keep, {typed.count('d')} drop)" in term.shown

    proc = run_app("loopwright.improve", "transcripts=t", "output=o", "reward.calibration=labels.jsonl",
                   "reward.calibration_fit=true", "reward.min_agreement=0.5", NO_AUDIT, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    calibration = json.loads((tmp_path / "o" / "improve_summary.json").read_text())["calibration"]
    fit = calibration["fit"]
    assert calibration["passed"] and calibration["agreement"] == fit["cv"]["accuracy"] >= 0.5  # the gate: CV figure
    assert fit["features"][0] == "score" and len(fit["weights"]) == len(fit["features"]) > 1  # the named checks
    assert "agreement" in calibration["shipped"]  # the shipped grader's figure on the same labels, beside it
    graded = [json.loads(line) for line in (tmp_path / "o" / "graded.jsonl").read_text().splitlines()]
    assert len(graded) == len(rows) and {"customer_support_fitted"} == {n for g in graded for n in g["graders"]}
    kept = {_bare(g["reply"]) for g in graded if g["decision"] == "kept"}
    curated = [json.loads(line) for line in (tmp_path / "o" / "curated.jsonl").read_text().splitlines()]
    assert {_bare(c["completion"][0]["content"]) for c in curated} == kept and kept
