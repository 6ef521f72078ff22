"""The grader learns from the user's labels: its named checks reweighted, its cut set, by a small regularised model.

``reward.calibration=labels.jsonl`` with ``reward.calibration_fit=true`` (default false): every labelled reply is
scored by the grader, and its named checks (the grader's breakdown: customer_support's grounded, resolves,
answers_asked, hands_off, refuses_with_rule, tone, specific, contradictions, grounding, ...; a grader without
one gives its score alone) become
the features of an L2-regularised logistic regression whose prior is the shipped grader: a slope on its score
that puts p = 0.5 at its own threshold, every other weight 0. With 30 labels the prior dominates where the
labels say nothing; where they disagree with the shipped weights, the weights move.

What it reports: the fitted weights, the cross-validated precision and recall of "keep" (5 folds, each reply
predicted by a model that never saw its label: the figure the calibration gate decides on) and a 95% interval
for the precision (Wilson's, over the labelled replies the out-of-fold models keep). ``precision_interval``
is the prediction-powered alternative (Angelopoulos et al. 2023: the model's mean over the unlabelled replies
it keeps, corrected by its error on the labelled ones it keeps); it is narrower, and on our sets it held the
measured precision less often than 95% (docs/REWARDS.md), so it is reported by the bench, not recorded.
Only numpy; deterministic.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

PRIOR_SLOPE = 12.0  # the shipped grader as a logistic prior: p = sigmoid(12 (score - threshold))
PENALTY = 1.0  # L2 pull toward the prior, per weight (the features are all in [0, 1])
FOLDS = 5
Z95 = 1.96


def _value(v: Any) -> float | None:
    if isinstance(v, bool):
        return float(v)
    if isinstance(v, (int, float)) and math.isfinite(v):
        return float(v)
    if isinstance(v, (list, tuple, dict)):
        return float(len(v) > 0)
    return None


def feature_names(breakdowns: list[dict]) -> list[str]:
    """The breakdown keys that are a number, a flag or a list (present or not) in every reply: the named checks."""
    if not breakdowns:
        return []
    keys = set.intersection(*(set(b) for b in breakdowns))
    usable = [k for k in keys if all(_value(b[k]) is not None for b in breakdowns)]
    # a check with one value on every labelled reply says nothing the bias does not (and makes the fit singular)
    return sorted(k for k in usable if len({_value(b[k]) for b in breakdowns}) > 1)


def matrix(scores: list[float], breakdowns: list[dict] | None, names: list[str]) -> np.ndarray:
    """Column 0: the grader's score; then one column per named check."""
    cols = [np.asarray(scores, dtype=float)]
    for name in names:
        cols.append(np.asarray([_value(b.get(name)) or 0.0 for b in (breakdowns or [])], dtype=float))
    return np.column_stack(cols)


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


def prior(n_features: int, threshold: float) -> tuple[np.ndarray, float]:
    w = np.zeros(n_features)
    w[0] = PRIOR_SLOPE
    return w, -PRIOR_SLOPE * threshold


def fit(x: np.ndarray, y: np.ndarray, threshold: float, penalty: float = PENALTY) -> tuple[np.ndarray, float]:
    """Weights and bias maximising the log-likelihood minus ``penalty``/2 |w - w_prior|^2 (Newton steps)."""
    w0, b0 = prior(x.shape[1], threshold)
    theta = np.concatenate([w0, [b0]])
    prior_theta = theta.copy()
    xb = np.column_stack([x, np.ones(len(x))])
    reg = np.full(len(theta), penalty)
    reg[-1] = 1e-3  # the bias is almost free: the labels' base rate sets it
    def loss(t: np.ndarray) -> float:
        z = xb @ t
        return float(np.sum(np.logaddexp(0, z) - y * z) + 0.5 * np.sum(reg * (t - prior_theta) ** 2))

    current = loss(theta)
    for _ in range(100):  # Newton's method, each step halved until the penalised loss goes down
        p = _sigmoid(xb @ theta)
        grad = xb.T @ (p - y) + reg * (theta - prior_theta)
        hess = xb.T @ (xb * (p * (1 - p))[:, None]) + np.diag(reg)
        step = np.linalg.solve(hess, grad)
        scale = 1.0
        while scale > 1e-6 and loss(theta - scale * step) > current:
            scale /= 2
        theta, previous, current = theta - scale * step, current, loss(theta - scale * step)
        if previous - current < 1e-10:
            break
    return theta[:-1], float(theta[-1])


def predict(x: np.ndarray, w: np.ndarray, b: float) -> np.ndarray:
    return _sigmoid(x @ w + b)


def out_of_fold(x: np.ndarray, y: np.ndarray, threshold: float, folds: int = FOLDS) -> np.ndarray:
    """Each row's keep-probability from a model fitted without it (rows dealt to folds in order, labels mixed)."""
    order = np.argsort(-y, kind="stable")  # label 1 rows first, then dealt round-robin: every fold mixes labels
    fold_of = np.empty(len(y), dtype=int)
    fold_of[order] = np.arange(len(y)) % max(2, min(folds, len(y)))
    p = np.empty(len(y))
    for f in np.unique(fold_of):
        train = fold_of != f
        w, b = fit(x[train], y[train], threshold)
        p[~train] = predict(x[~train], w, b)
    return p


def keep_figures(kept: np.ndarray, y: np.ndarray) -> dict:
    tp = int(np.sum(kept & (y == 1)))
    return {"precision": round(tp / int(kept.sum()), 6) if kept.any() else None,
            "recall": round(tp / int(y.sum()), 6) if y.any() else None,
            "accuracy": round(float(np.mean(kept == (y == 1))), 6)}


def wilson(agreement: float, n: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson score interval of an agreement measured on ``n`` labels (or ranked pairs)."""
    if n <= 0:
        return [0.0, 1.0]
    centre = (agreement + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (agreement * (1 - agreement) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return [round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6)]


def precision_interval(p_labelled: np.ndarray, y: np.ndarray, p_unlabelled: np.ndarray) -> list[float] | None:
    """95% prediction-powered interval for precision of "keep" (p >= 0.5) over the unlabelled replies.

    theta = E[label | kept] over the unlabelled replies, estimated by the model's mean probability on the ones
    it keeps, rectified by the mean of (label - probability) on the labelled ones it keeps (out-of-fold).
    """
    kept_u, kept_l = p_unlabelled[p_unlabelled >= 0.5], p_labelled >= 0.5
    if len(kept_u) < 2 or kept_l.sum() < 2:
        return None
    rect = y[kept_l] - p_labelled[kept_l]
    centre = float(np.mean(kept_u) + np.mean(rect))
    half = Z95 * math.sqrt(np.var(kept_u, ddof=1) / len(kept_u) + np.var(rect, ddof=1) / len(rect))
    return [round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6)]


def learn(scores: list[float], breakdowns: list[dict] | None, labels: list[int], threshold: float) -> dict:
    """The fitted grader and its cross-validated figures, as calibrate() records them."""
    names = feature_names(breakdowns or [])
    x, y = matrix(scores, breakdowns, names), np.asarray(labels, dtype=float)
    w, b = fit(x, y, threshold)
    oof = out_of_fold(x, y, threshold)
    cv = keep_figures(oof >= 0.5, y)
    kept = oof >= 0.5
    # The interval a user can trust for the fitted grader's precision on their logs: Wilson's, over the labelled
    # replies the out-of-fold models keep (bench/calibration_fit.py measures how often it holds the true figure).
    cv["precision_interval_95"] = wilson(float(y[kept].mean()), int(kept.sum())) if kept.any() else None
    return {"features": ["score", *names], "weights": [round(float(v), 6) for v in w], "bias": round(b, 6),
            "threshold": threshold, "penalty": PENALTY, "folds": FOLDS, "cv": cv,
            "oof": [round(float(v), 6) for v in oof]}


def rescale(p: float, threshold: float) -> float:
    """A keep-probability as a score whose cut is the grader's own threshold: p = 0.5 lands on it, monotone."""
    return p / 0.5 * threshold if p < 0.5 else threshold + (p - 0.5) / 0.5 * (1 - threshold)


def fitted_reward(fn: Callable, breakdown: Callable | None, fitted: dict) -> Callable:
    """A reward fn scoring with the fitted model: the same signature, the grader's threshold kept as the cut."""
    names, w, b = fitted["features"][1:], np.asarray(fitted["weights"]), float(fitted["bias"])
    threshold = float(fitted["threshold"])

    def calibrated(completions: list, **columns: Any) -> list[float]:
        scores = fn(completions=completions, **columns)
        n = len(completions)
        rows = [{k: (v[i] if isinstance(v, list) and len(v) == n else v) for k, v in columns.items()}
                for i in range(n)]
        parts = [breakdown(c, r) if breakdown and names else {} for c, r in zip(completions, rows)]
        p = predict(matrix(list(scores), parts, names), w, b)
        return [round(rescale(float(v), threshold), 6) for v in p]

    return calibrated
