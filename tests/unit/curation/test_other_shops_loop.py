"""The loop on other shops' logs: inline facts (metadata.columns) and a records file (task.params.records)."""

from __future__ import annotations

import json
import subprocess
import sys

from helpers import ROOT
from helpers.loop_apps import NO_AUDIT, run_app

SHOW = "reward.params.grounding=show"  # list each claim's verdict, cap nothing (the default caps)

OTHER = ROOT / "tests" / "data" / "support_replies_other_shop.jsonl"
EXAMPLE = ROOT / "examples" / "other_shop"
HARBOUR = ROOT / "tests" / "data" / "harbour_pine"


def _graded(out):
    return [json.loads(line) for line in (out / "graded.jsonl").read_text().splitlines()]


def test_the_other_shop_converted_ingested_and_improved_keeps_exactly_its_keepable_replies(tmp_path):
    converted = tmp_path / "chats.jsonl"
    subprocess.run([sys.executable, str(EXAMPLE / "to_openai.py"), str(OTHER), str(converted)], check=True)
    assert converted.read_bytes() == (EXAMPLE / "chats.jsonl").read_bytes()  # the shipped example is this output
    assert run_app("loopwright.ingest", "format=openai", f"input={converted}", "output=t", cwd=tmp_path).returncode == 0
    args = ["transcripts=t", "output=o", f"eval_prompts={EXAMPLE / 'held_out_prompts.jsonl'}"]
    # another shop's logs: no calibration on them
    refused = run_app("loopwright.improve", *args, NO_AUDIT, cwd=tmp_path)
    assert refused.returncode == 2 and "python -m loopwright.label" in refused.stderr, refused.stderr
    assert "calibration_required=false" in refused.stderr and not (tmp_path / "o" / "curated.jsonl").exists()
    # grounding=show: this checks the loop's plumbing on the shop's own figures, which were labelled before every
    # specific needed a source (under the default cap, one kept reply's booked pickup date is capped)
    proc = run_app("loopwright.improve", *args, f"reward.calibration={OTHER}", SHOW, NO_AUDIT, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "agreement 1.000 (accuracy at threshold 0.7" in proc.stdout and "95% interval 0.89-1.00)" in proc.stdout
    labels = {json.loads(line)["reply"]: json.loads(line)["label"] for line in OTHER.read_text().splitlines()}
    kept = [labels[t["reply"]] for t in _graded(tmp_path / "o") if t["decision"] == "kept"]
    assert kept == [1] * 13
    summary = json.loads((tmp_path / "o" / "improve_summary.json").read_text())
    assert summary["turns"]["dropped"] == {"below_threshold": 15, "no_ground_truth": 2}
    assert "task.n_train=13" in (tmp_path / "o" / "next_steps.md").read_text()
    assert summary["calibration"]["interval_95"][0] > 0.88 and summary["calibration"]["passed"]


def test_a_records_file_and_a_facts_map_join_a_third_shop_through_improve(tmp_path):
    log = tmp_path / "log.jsonl"
    rows = [json.loads(line) for line in (HARBOUR / "conversations.jsonl").read_text().splitlines()]
    log.write_text("".join(json.dumps({"messages": r["messages"]}) + "\n" for r in rows))
    assert run_app("loopwright.ingest", "format=openai", f"input={log}", "output=t", cwd=tmp_path).returncode == 0
    proc = run_app("loopwright.improve", "transcripts=t", "output=o", f"task.params.records={HARBOUR / 'orders.csv'}",
                   "reward.params.facts_map={Haulier: carrier, Promised By: eta, Needs Escalation: escalate}",
                   "calibration_required=false", SHOW, NO_AUDIT, cwd=tmp_path)  # SHOW: as above, three of its
    assert proc.returncode == 0, proc.stderr  # kept replies give a price or date nothing holds
    assert "calibration_required=false" in proc.stderr  # the override is said, and recorded:
    assert json.loads((tmp_path / "o" / "improve_summary.json").read_text())["calibration"]["override"] == \
        "calibration_required=false"
    keep = {r["messages"][-1]["content"]: r["keep"] for r in rows}
    graded = _graded(tmp_path / "o")
    assert sorted(keep[t["reply"]] for t in graded if t["decision"] == "kept") == [True] * 18
    facts = [t["breakdown"]["customer_support"]["facts"] for t in graded]
    assert facts.count(False) == 7  # the conversations that name no order were graded without facts
    bad = run_app("loopwright.improve", "transcripts=t", "output=o2", f"task.params.records={tmp_path / 'none.csv'}",
                  NO_AUDIT, cwd=tmp_path)
    assert bad.returncode == 2 and "task.params.records" in bad.stderr and "none.csv" in bad.stderr
