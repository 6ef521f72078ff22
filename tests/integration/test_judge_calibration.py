"""The calibration gate: reward.calibration is scored before anything loads; below reward.min_agreement, exit 2.

The judge behind the loopback stand-in is an oracle (it knows the labels of
tests/data/support_replies_other_shop.jsonl) or its mirror image, so the agreement is known
exactly: 1.0 or 0.0. The rule-based side runs through ``python -m loopwright.improve calibrate=true``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from helpers import ROOT, compose, run_train_without_torch
from helpers.judge_standin import JudgeStandin
from helpers.loop_apps import run_app
from loopwright.rewards._calibration import calibrate, problems

LABELLED = ROOT / "tests" / "data" / "support_replies_other_shop.jsonl"
LABELS = {json.loads(line)["reply"]: json.loads(line)["label"] for line in LABELLED.read_text().splitlines()}
KEY = "sk-calibration-secret-9876"


def replies_in(body: dict) -> list[tuple[str, str]]:
    """(item id or '', reply text) for every reply in a judge request."""
    user = body["messages"][-1]["content"]
    items = re.findall(r'<item id="(\d+)">.*?<reply>\n(.*?)\n</reply>', user, re.S) or \
        [("", re.search(r"<reply>\n(.*?)\n</reply>", user, re.S).group(1))]
    return [(i, text.removeprefix("[assistant] ")) for i, text in items]


def oracle(right: bool):
    """A judge that agrees with the labels (right) or with their opposite; unlabelled text scores 5."""

    def answer(body: dict) -> str:
        items = replies_in(body)
        good = [LABELS.get(text, 0.5) if right else 1 - LABELS.get(text, 0.5) for _, text in items]
        if items[0][0]:
            ranked = sorted(zip(items, good), key=lambda pair: -pair[1])
            return json.dumps({"ranking": [int(i) for (i, _), _ in ranked]})
        return json.dumps({"score": round(10 * good[0])})

    return answer


def judge_args(url: str, cache: Path, *extra: str) -> list[str]:
    return ["reward=judge", f"reward.base_url={url}", "reward.model=judge-model", f"reward.cache_dir={cache}",
            f"reward.calibration={LABELLED}", "reward.retry_backoff_s=0.01", *extra]


def test_a_judge_below_min_agreement_is_refused_before_any_model_loads(tmp_path):
    run_dir = tmp_path / "run"
    with JudgeStandin(oracle(right=False)) as judge:
        proc = run_train_without_torch([*judge_args(judge.base_url, tmp_path / "cache"), "model=tiny",
                                        "profile=smoke", f"hydra.run.dir={run_dir}"], cwd=tmp_path)
        assert judge.count == 30
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "reward.calibration: agreement 0.000 (accuracy at threshold 0.5" in proc.stderr
    assert "95% interval 0.00-0.11)" in proc.stderr  # 0 of 30: the agreement's 95% Wilson interval
    assert "reward.min_agreement=0.8" in proc.stderr and str(LABELLED) in proc.stderr
    assert proc.stdout.strip().endswith("HEAVY_IMPORTS=")  # nothing heavy imported: no model was loaded
    assert not run_dir.exists()


def test_a_calibrated_judge_trains_and_the_manifest_records_the_agreement(tmp_path, monkeypatch):
    import subprocess
    import sys

    run_dir, cache = tmp_path / "run", tmp_path / "cache"
    monkeypatch.setenv("CAL_JUDGE_KEY", KEY)
    with JudgeStandin(oracle(right=True)) as judge:
        proc = subprocess.run([sys.executable, str(ROOT / "train.py"),
                               *judge_args(judge.base_url, cache, "reward.api_key_env=CAL_JUDGE_KEY"),
                               # the stand-in scores every unlabelled reply 5/10, the threshold itself: the
                               # pre-flight gaming audit refuses it (the test below), so this run skips it
                               "reward.audit=false",
                               "model=tiny", "profile=smoke", "profile.max_steps=1", "task.n_eval=2",
                               "save_model=false", f"hydra.run.dir={run_dir}"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=600)
        sent = judge.count
        assert set(judge.auth) == {f"Bearer {KEY}"}
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    manifest = json.loads((run_dir / "manifest.json").read_text())
    cal = manifest["calibration"]
    assert cal["passed"] and cal["agreement"] == 1.0 and cal["rows"] == 30 and cal["positives"] == 13
    assert cal["metric"] == "accuracy" and cal["file"] == str(LABELLED) and len(cal["sha256"]) == 64
    assert sent > 30  # the labelled set, then the training and held-out completions
    written = [p for p in [*run_dir.rglob("*"), *cache.rglob("*")] if p.is_file()]
    assert written and not [p for p in written if KEY.encode() in p.read_bytes()]
    assert manifest["config"]["reward"]["api_key_env"] == "CAL_JUDGE_KEY"  # the variable's name only


def test_a_judge_that_keeps_any_reply_is_refused_by_the_preflight_gaming_audit(tmp_path):
    """Issue 26 item 2 for reward=judge: the stand-in gives every reply it has no label for 5/10 (the threshold)."""
    with JudgeStandin(oracle(right=True)) as judge:
        proc = run_train_without_torch([*judge_args(judge.base_url, tmp_path / "cache"), "model=tiny",
                                        "profile=smoke", f"hydra.run.dir={tmp_path / 'run'}"], cwd=tmp_path)
        assert judge.count > 30  # the labelled set (validation), then the pre-flight's replies
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "the pre-flight gaming audit (reward=judge" in proc.stderr and "- templates:" in proc.stderr
    assert not (tmp_path / "run").exists()


def test_a_judge_that_fails_during_training_stops_the_run_with_its_message(tmp_path):
    from helpers import run_train
    from helpers.judge_standin import Fault

    run_dir = tmp_path / "run"
    with JudgeStandin(lambda body: Fault(status=503)) as judge:
        proc = run_train(["reward=judge", f"reward.base_url={judge.base_url}", "reward.model=judge-model",
                          f"reward.cache_dir={tmp_path / 'cache'}", "reward.retries=1", "reward.retry_backoff_s=0.01",
                          "model=tiny", "profile=smoke", f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr[-2000:]
    message = (f"the judge at {judge.base_url} (model judge-model) failed after 2 attempt(s) "
               "(reward.retries=1): HTTP 503")
    assert f"loopwright: the reward could not grade: {message}" in proc.stderr
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["status"] == "failed" and manifest["error"].startswith(f"JudgeError: {message}")
    assert "HTTP Request:" not in proc.stdout + proc.stderr  # no log line per request


def test_group_mode_calibrates_on_ranked_pairs(tmp_path):
    with JudgeStandin(oracle(right=True)) as judge:
        result = calibrate(compose(judge_args(judge.base_url, tmp_path / "c1", "reward.mode=group")).reward)
        assert judge.count == 8  # 30 rows dealt into 8 groups of 3-4, one request each
    assert result["metric"] == "pairwise" and result["agreement"] == 1.0 and result["passed"]
    assert result["pairs"] > 0 and all(len(g) in (3, 4) for g in result["groups"])
    with JudgeStandin(oracle(right=False)) as judge:
        found = problems(compose(judge_args(judge.base_url, tmp_path / "c2", "reward.mode=group")).reward)
    assert len(found) == 1 and "agreement 0.000 (pairwise over" in found[0]


def test_a_judge_that_is_down_during_calibration_is_a_config_problem_naming_it(tmp_path):
    from helpers import free_port

    url = f"http://127.0.0.1:{free_port()}/v1"
    found = problems(compose(judge_args(url, tmp_path, "reward.retries=0")).reward)
    assert len(found) == 1 and found[0].startswith("reward.calibration: the grader could not score the labelled set")
    assert url in found[0]


def test_a_bad_labelled_file_names_its_line(tmp_path):
    bad = tmp_path / "labels.jsonl"
    bad.write_text('{"prompt": "q", "reply": "a", "label": 1}\n{"prompt": "q", "reply": "b", "label": "yes"}\n')
    found = problems(compose(["reward=format", f"reward.calibration={bad}"]).reward)
    assert found == [f"reward.calibration: {bad.resolve()}:2: 'label' must be 0 or 1, got 'yes'"]


def labelled_format_set(path: Path, flip: bool) -> Path:
    rows = [("<think>a</think><answer>b</answer>", 1), ("<think>x</think><answer>42</answer>", 1),
            ("just an answer", 0), ("<answer>b", 0)]
    path.write_text("".join(json.dumps({"prompt": "q", "reply": r, "label": int(lab != flip)}) + "\n"
                            for r, lab in rows))
    return path


@pytest.mark.parametrize("flip,code,agreement", [(False, 0, "1.000"), (True, 2, "0.000")])
def test_improve_calibrate_checks_a_rule_based_grader(tmp_path, flip, code, agreement):
    labelled = labelled_format_set(tmp_path / "labels.jsonl", flip)
    proc = run_app("loopwright.improve", "reward=format", f"reward.calibration={labelled}", "calibrate=true",
                   f"output={tmp_path / 'out'}", cwd=tmp_path)
    assert proc.returncode == code, proc.stderr
    assert (f"calibration of reward=format: agreement {agreement} (accuracy at threshold 0.7"
            in proc.stdout + proc.stderr)
    result = json.loads((tmp_path / "out" / "calibration.json").read_text())
    assert result["rows"] == 4 and result["passed"] is (not flip)


def test_improve_calibrate_on_the_other_shop_set_reports_customer_supports_agreement(tmp_path):
    proc = run_app("loopwright.improve", "reward=customer_support", f"reward.calibration={LABELLED}",
                   "calibrate=true", f"output={tmp_path}", cwd=tmp_path)
    result = json.loads((tmp_path / "calibration.json").read_text())
    assert result["rows"] == 30 and result["threshold"] == 0.7 and len(result["scores"]) == 30
    assert proc.returncode == (0 if result["agreement"] >= 0.8 else 2), proc.stderr
    assert f"agreement {result['agreement']:.3f}" in proc.stdout + proc.stderr


def test_improve_calibrate_needs_a_labelled_file(tmp_path):
    proc = run_app("loopwright.improve", "reward=format", "calibrate=true", f"output={tmp_path}", cwd=tmp_path)
    assert proc.returncode == 2 and "calibrate=true needs reward.calibration" in proc.stderr


@pytest.mark.parametrize("flip", [False, True])
def test_improve_curates_only_after_the_grader_passes_its_calibration(tmp_path, flip):
    from loopwright.ingestion import store as ing

    labelled = tmp_path / "labels.jsonl"  # the arithmetic grader's columns (answer) travel with each row
    labelled.write_text("".join(json.dumps({"prompt": "What is 6 * 7?", "reply": reply, "answer": "42",
                                            "label": int(good != flip)}) + "\n"
                                for reply, good in (("42", True), ("It is 42.", True), ("41", False), ("", False))))
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"messages": [{"role": "user", "content": "What is 6 * 7?"},
                                            {"role": "assistant", "content": "42"}],
                               "metadata": {"columns": {"answer": "42"}}}) + "\n")
    ing.ingest([str(log)], "openai", tmp_path / "t")
    proc = run_app("loopwright.improve", "transcripts=t", "output=o", "reward=arithmetic", "task=arithmetic",
                   f"reward.calibration={labelled}", "calibrate=true", cwd=tmp_path)
    if flip:
        assert proc.returncode == 2 and "agreement 0.000" in proc.stderr
        assert not (tmp_path / "o" / "curated.jsonl").exists()  # nothing curated by an untrusted grader
    else:
        assert proc.returncode == 0, proc.stderr
        summary = json.loads((tmp_path / "o" / "improve_summary.json").read_text())
        assert summary["calibration"]["agreement"] == 1.0 and summary["turns"]["kept"] == 1
