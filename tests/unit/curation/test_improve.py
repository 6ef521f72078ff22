"""Improve: grade every assistant turn of the ingested example logs, curate, summarise, write next steps."""

from __future__ import annotations

import json
import os
import re

import pytest

from helpers import ROOT
from loopwright.ingestion import store as ing
from loopwright.rewards import customer_support as cs
from loopwright.tasks.customer_support import load_scenarios
from loopwright.tasks.customer_support import facts_json
from helpers.loop_apps import (EXAMPLES, HELD_OUT, LANGCHAIN, NO_AUDIT, OPENAI, improve_the_example_logs, run_app,
                               snapshot)

LABELLED = ROOT / "bench" / "data" / "labelled_support_replies.jsonl"


@pytest.fixture(scope="module")
def improved(tmp_path_factory):
    return improve_the_example_logs(tmp_path_factory.mktemp("improve"))


def test_every_assistant_turn_is_graded_and_the_counts_add_up(improved):
    s, graded = improved["summary"], improved["graded"]
    transcripts = [json.loads(line) for line in (improved["cwd"] / "transcripts" / "transcripts.jsonl").open()]
    assistant_turns = sum(m["role"] == "assistant" for t in transcripts for m in t["messages"])
    assert len(graded) == s["turns"]["assistant_turns"] == assistant_turns
    assert s["turns"]["kept"] + sum(s["turns"]["dropped"].values()) == assistant_turns
    assert s["turns"]["kept"] == len(improved["curated"]) == s["curated"]["rows"] == 38
    assert sum(s["scores"]["histogram"].values()) == s["turns"]["graded"]
    assert f"{s['turns']['kept']} kept" in improved["proc"].stdout


def test_curated_scores_are_the_rewards_own_and_clear_the_threshold(improved):
    by_order = {s["order_id"]: s for s in load_scenarios()}
    threshold = improved["summary"]["threshold"]
    assert threshold == 0.7  # conf/reward/customer_support.yaml's params.threshold
    for row in improved["curated"]:
        said = [m["content"] for m in row["prompt"] if m["role"] == "user"] + [m["content"] for m in row["prompt"]]
        order = re.search(r"W\d{7}", " ".join(said))[0]  # the customer's order number, else the order record's
        expected = cs.score(row["completion"][0]["content"], facts_json(by_order[order]))
        assert row["score"] == pytest.approx(expected) and row["score"] >= threshold
        assert row["columns"]["facts_json"] == facts_json(by_order[order])
    for turn in improved["graded"]:
        if turn["decision"] in ("below_threshold", "no_ground_truth"):
            assert turn["score"] < threshold


def test_no_reply_a_human_would_reject_is_curated(improved):
    """bench/data's hand labels: every curated reply is one a reviewer marked keepable."""
    labels = {json.loads(line)["reply"]: json.loads(line) for line in LABELLED.open()}
    curated = [r["completion"][0]["content"] for r in improved["curated"]]
    labelled = [labels[c] for c in curated if c in labels]
    assert len(labelled) == len(curated)  # every kept reply is one of the hand-labelled ones
    assert all(case["kept"] for case in labelled), [c["type"] for c in labelled if not c["kept"]]
    rude = [c["reply"] for c in labels.values() if c["type"] == "rude"]
    assert not set(rude) & set(curated)


def test_rows_are_training_ready_and_duplicates_are_dropped(improved):
    ids = [r["id"] for r in improved["curated"]]
    assert len(ids) == len(set(ids))
    for row in improved["curated"]:
        assert row["prompt"][-1]["role"] in ("user", "tool")
        assert all(isinstance(m["content"], str) for m in row["prompt"])
        assert row["completion"][0]["role"] == "assistant"
    dropped = improved["summary"]["turns"]["dropped"]
    # 6 chats open with the same greeting turn (the 2 requests that repeat their first turn are merged by ingest)
    assert dropped["duplicate"] == 6
    tool_turns = improved["summary"]["by_turn_kind"]["tool_call"]
    assert tool_turns["graded"] == 52 and tool_turns["kept"] == 0  # the support reward grades replies, not calls
    rendered = next(t for t in improved["graded"] if t["kind"] == "tool_call")["reply"]
    assert rendered.startswith('<tool_call>{"name": "lookup_order"')


def test_summary_has_the_distribution_breakdown_and_the_lineage(improved):
    s = improved["summary"]
    assert set(s["components"]) >= {"customer_support", "customer_support.resolves", "customer_support.tone",
                                     "customer_support.hands_off", "customer_support.specific"}
    assert s["components"]["customer_support"]["mean_kept"] >= 0.7
    assert s["scores_kept"]["min"] >= 0.7
    raw = {r["path"]: r for r in s["lineage"]["raw_logs"]}
    assert set(raw) == {str(p) for p in OPENAI + LANGCHAIN}
    assert all(r["sha256"] == ing.writer.sha256_file(EXAMPLES / p.rsplit("/", 1)[1]) for p, r in raw.items())
    assert s["lineage"]["transcripts"]["path"].endswith("transcripts/transcripts.jsonl")


def test_rerunning_improve_changes_no_byte(improved):
    before = snapshot(improved["out"])
    proc = run_app("loopwright.improve", "transcripts=transcripts", "reward=customer_support", NO_AUDIT,
                   "output=improved", f"eval_prompts={HELD_OUT}", cwd=improved["cwd"])
    assert proc.returncode == 0
    assert snapshot(improved["out"]) == before


def test_a_gameable_reward_is_refused_before_grading_and_the_override_is_recorded(improved, tmp_path, monkeypatch):
    """Issue 26 item 2: a reward the pre-flight gaming audit can game curates nothing (a planted politeness grader);
    the rebuilt customer_support passes it (tests/unit/train/test_reward_audit_preflight.py)."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]))
    proc = run_app("loopwright.improve", f"transcripts={improved['cwd'] / 'transcripts'}", "output=o",
                   "+reward._target_=helpers.gameable_rewards.politeness_only", cwd=tmp_path)
    assert proc.returncode == 2 and "loopwright.improve: the reward can be gamed" in proc.stderr, proc.stderr[-2000:]
    assert "- templates:" in proc.stderr and "reward.audit=false" in proc.stderr and not (tmp_path / "o").exists()
    summary = json.loads((improved["out"] / "improve_summary.json").read_text())
    assert summary["reward_audit"] == {"ran": False, "skipped_by": "reward.audit=false"}
    assert "reward.audit=false" in (improved["out"] / "next_steps.md").read_text()  # the train.py commands carry it


def test_reruns_with_other_thresholds_add_rows_but_never_twice(improved, tmp_path):
    out = tmp_path / "improved"
    transcripts = improved["cwd"] / "transcripts"
    run_app("loopwright.improve", f"transcripts={transcripts}", f"output={out}", NO_AUDIT, cwd=tmp_path)
    first = (out / "curated.jsonl").read_text().splitlines()
    assert first == (improved["out"] / "curated.jsonl").read_text().splitlines()
    proc = run_app("loopwright.improve", f"transcripts={transcripts}", f"output={out}", "threshold=0.5", NO_AUDIT,
                   cwd=tmp_path)
    assert proc.returncode == 0
    second = (out / "curated.jsonl").read_text().splitlines()
    assert set(first) < set(second) and len(second) == len(set(second))
    run_app("loopwright.improve", f"transcripts={transcripts}", f"output={out}", "threshold=0.9", NO_AUDIT,
            cwd=tmp_path)
    assert (out / "curated.jsonl").read_text().splitlines() == second  # the union: nothing lost, nothing doubled
    summary = json.loads((out / "improve_summary.json").read_text())
    assert summary["curated"]["rows"] == len(second) > summary["turns"]["kept"]
    assert summary["curated"]["rows_from_earlier_gradings"] == len(second) - summary["turns"]["kept"]


def test_the_shipped_scenarios_need_no_calibration_and_the_summary_says_why(improved):
    calibration = improved["summary"]["calibration"]
    assert calibration["required"] is False and "the shipped scenarios" in calibration["reason"]


def test_the_gate_line_names_the_run_the_conversations_were_had_with(tmp_path):
    from loopwright.curation.curate import previous_run

    chats = [{"metadata": {"source": "loopwright.chat", "run": str(tmp_path / "run 1")}}] * 2
    assert previous_run(chats) == str(tmp_path / "run 1")
    assert previous_run(chats + [{"metadata": {}}]) is None  # mixed sources: the base model
    log = tmp_path / "chats.jsonl"
    log.write_text("".join(json.dumps({"messages": [{"role": "user", "content": "What is 6 * 7?"},
                                                    {"role": "assistant", "content": "42"}],
                                       "metadata": {"source": "loopwright.chat", "run": "/runs/a b",
                                                    "columns": {"answer": "42"}}}) + "\n"))
    ing.ingest([str(log)], "openai", tmp_path / "t")
    proc = run_app("loopwright.improve", "transcripts=t", "output=o", "reward=arithmetic", "task=arithmetic",
                   "calibration_required=false", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "o" / "next_steps.md").read_text()
    assert text.rstrip().endswith("```bash\npython -m loopwright.gate <new run dir> --baseline '/runs/a b'\n```")


def test_a_conversation_without_an_order_number_has_no_ground_truth(tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"messages": [{"role": "user", "content": "Where is my parcel?"},
                                            {"role": "assistant", "content": "It has shipped."}]}) + "\n")
    ing.ingest([str(log)], "openai", tmp_path / "t")
    proc = run_app("loopwright.improve", "transcripts=t", "output=o", "calibration_required=false", NO_AUDIT,
                   cwd=tmp_path)
    assert proc.returncode == 1  # nothing curated
    summary = json.loads((tmp_path / "o" / "improve_summary.json").read_text())
    assert summary["turns"]["dropped"] == {"no_ground_truth": 1}
    assert "no order number" in next(iter(summary["columns_not_found"]))
    assert "Nothing was curated" in (tmp_path / "o" / "next_steps.md").read_text()


def test_metadata_columns_feed_any_reward(tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps({"messages": [{"role": "user", "content": "What is 6 * 7?"},
                                                    {"role": "assistant", "content": reply}],
                                       "metadata": {"columns": {"answer": "42"}}}) + "\n" for reply in ("42", "41")))
    ing.ingest([str(log)], "openai", tmp_path / "t")
    proc = run_app("loopwright.improve", "transcripts=t", "output=o", "reward=arithmetic", "task=arithmetic",
                   "calibration_required=false", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in (tmp_path / "o" / "curated.jsonl").open()]
    assert [(r["completion"][0]["content"], r["columns"]) for r in rows] == [("42", {"answer": "42"})]
    summary = json.loads((tmp_path / "o" / "improve_summary.json").read_text())
    assert summary["threshold"] == 0.7 and summary["turns"]["dropped"] == {"below_threshold": 1}
    assert "reward=arithmetic" in (tmp_path / "o" / "next_steps.md").read_text()


def test_threshold_comes_from_the_reward_and_bad_input_names_file_and_line(improved, tmp_path):
    transcripts = improved["cwd"] / "transcripts"
    proc = run_app("loopwright.improve", f"transcripts={transcripts}", "output=o", "reward=tool_calling",
                   cwd=tmp_path)
    assert json.loads((tmp_path / "o" / "improve_summary.json").read_text())["threshold"] == 0.9
    (tmp_path / "o" / "curated.jsonl").write_text('{"id": "x", "prompt": [], "completion": []}\nnot json\n')
    proc = run_app("loopwright.improve", f"transcripts={transcripts}", "output=o", NO_AUDIT, cwd=tmp_path)
    assert proc.returncode == 2 and f"{tmp_path / 'o' / 'curated.jsonl'}:2: invalid JSON" in proc.stderr
    proc = run_app("loopwright.improve", "transcripts=nowhere", "output=o2", NO_AUDIT, cwd=tmp_path)
    assert proc.returncode == 2 and "transcripts=nowhere" in proc.stderr and not (tmp_path / "o2").exists()
    proc = run_app("loopwright.improve", f"transcripts={transcripts}", "output=o2", "reward.kind=nope", cwd=tmp_path)
    assert proc.returncode == 2 and "reward.kind='nope'" in proc.stderr
