"""The grader learns from the user's labels (reward.calibration_fit=true, rewards/_fitting.py)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from helpers import ROOT, compose
from loopwright import rewards
from loopwright.rewards import _calibration, _fitting

LABELLED = ROOT / "tests" / "data" / "support_replies_other_shop.jsonl"


def test_a_check_the_shipped_weights_ignore_is_learned_from_the_labels():
    """The score says nothing (every reply 0.8); a named check the shipped grader does not weigh decides the
    label. The fit finds it, cross-validated, and leaves an uninformative check near its prior (0)."""
    rng = np.random.default_rng(1)
    rude = rng.integers(0, 2, 40).astype(bool)
    noise = rng.random(40)
    parts = [{"rude": bool(r), "noise": float(n)} for r, n in zip(rude, noise)]
    fit = _fitting.learn([0.8] * 40, parts, [int(not r) for r in rude], threshold=0.7)
    weights = dict(zip(fit["features"], fit["weights"]))
    assert fit["cv"]["accuracy"] == 1.0 and weights["rude"] < -3 and abs(weights["noise"]) < 1.0
    low, high = fit["cv"]["precision_interval_95"]
    assert low < 1.0 == high  # Wilson's interval over the kept labels: all right, yet not certain


def test_labels_that_agree_with_the_grader_leave_it_as_shipped():
    scores = [0.1, 0.2, 0.3, 0.4, 0.5, 0.75, 0.8, 0.9, 0.95, 1.0] * 3
    fit = _fitting.learn(scores, None, [int(s >= 0.7) for s in scores], threshold=0.7)
    assert fit["features"] == ["score"] and fit["cv"]["accuracy"] == 1.0 and fit["weights"][0] > 5


def test_a_check_with_one_value_on_every_labelled_reply_is_no_feature():
    assert _fitting.feature_names([{"a": 1.0, "b": True, "c": []}, {"a": 0.5, "b": True, "c": []}]) == ["a"]


@pytest.mark.parametrize("threshold", [0.5, 0.7, 0.9])
def test_the_fitted_score_keeps_the_graders_own_cut(threshold):
    probs = np.linspace(0, 1, 101)
    scores = [_fitting.rescale(float(p), threshold) for p in probs]
    assert scores == sorted(scores) and scores[0] == 0.0 and scores[-1] == 1.0
    assert all((s >= threshold) == (p >= 0.5) for s, p in zip(scores, probs))


def test_calibrate_records_the_fit_and_the_gate_decides_on_the_cross_validated_agreement():
    cfg = compose(["reward=customer_support", f"reward.calibration={LABELLED}", "reward.calibration_fit=true",
                   "reward.min_agreement=0.5"])
    result = _calibration.calibrate(cfg.reward)
    fit = result["fit"]
    assert fit["features"][0] == "score" and "resolves" in fit["features"] and len(fit["weights"]) == \
        len(fit["features"])
    assert result["agreement"] == fit["cv"]["accuracy"] and "agreement" in result["shipped"]
    assert result["passed"] == (result["agreement"] >= 0.5)
    # training and improve score with the fitted grader: one reward, keeping exactly what the fit keeps
    (name, fn, weight), = rewards.build(cfg.reward)
    rows = [json.loads(line) for line in LABELLED.read_text().splitlines()]
    out = fn(prompts=[r["prompt"] for r in rows], completions=[r["reply"] for r in rows],
             facts_json=[json.dumps(r["facts"]) if r.get("facts") else None for r in rows])
    assert name == "customer_support_fitted" and weight == 1.0 and len(out) == len(rows)
    assert all(0.0 <= s <= 1.0 for s in out)
    fitted_accuracy = np.mean([(s >= 0.7) == (r["label"] == 1) for s, r in zip(out, rows)])
    assert fitted_accuracy >= result["shipped"]["agreement"] - 1e-6  # on its own labels it does no worse (the
    # recorded agreement is rounded to 6 places)
    unfitted = compose(["reward=customer_support", f"reward.calibration={LABELLED}"])
    assert [n for n, _, _ in rewards.build(unfitted.reward)] == ["customer_support"]  # opt-in: default as shipped
