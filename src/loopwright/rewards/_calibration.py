"""The calibration gate: score a labelled set with the reward group, refuse the grader below an agreement.

``reward.calibration=<file.jsonl>``: one labelled example a line,

    {"prompt": <text or chat messages>, "reply": <text>, "label": 0 or 1, ...}

(``completion`` may replace ``reply``: text or a list of assistant messages; ``messages``
may replace ``prompt``). The row's ``columns`` object, else every other field, is handed to
the grader as its columns, as training hands a task row's; a ``facts`` object also arrives
as ``facts_json`` (the column reward=customer_support reads), unless the row has one.

The agreement, by the grader:

- any grader but reward=judge's group mode: accuracy, the share of rows where
  ``score >= threshold`` equals the label (threshold: reward.params.threshold, else 0.7;
  loopwright.improve's ``threshold=`` wins there); precision and recall of "keep" come with it;
- reward=judge mode=group: ranks are relative, so the rows are dealt round-robin (label 1
  rows first) into groups of ``reward.calibration_group_size``, each group is ranked in one
  request, and the agreement is the share of (label 1, label 0) pairs within a group ranked
  the right way round.

Used by train.py's validation (exit 2 below ``reward.min_agreement``, before any model
loads; the result goes into manifest.json as ``calibration``) and by
``python -m loopwright.improve ... calibrate=true``. Results are kept per process, keyed by
the file's hash and the reward config, so validation and the manifest score the set once.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from loopwright.runs import writer

_RESERVED = {"prompt", "messages", "reply", "completion", "label", "columns"}
_RESULTS: dict[tuple[str, str, float | None], dict] = {}


class CalibrationError(ValueError):
    """The labelled file is unusable; the message names the file and line."""


def read_labelled(path: str | Path) -> list[dict]:
    """The labelled rows: line, prompt, completion (assistant messages), columns, label (0/1)."""
    from loopwright.tasks.jsonl import TaskFileError, read_lines

    rows = []
    try:
        for line, obj in read_lines(path):
            where = f"{path}:{line}"
            prompt = obj.get("prompt", obj.get("messages"))
            if not isinstance(prompt, (str, list)):
                raise CalibrationError(f"{where}: needs 'prompt' (text or chat messages) or 'messages'")
            completion = obj.get("completion", obj.get("reply"))
            if isinstance(completion, str):
                completion = [{"role": "assistant", "content": completion}]
            if not isinstance(completion, list):
                raise CalibrationError(f"{where}: needs 'reply' (text) or 'completion' (text or messages)")
            label = obj.get("label")
            if isinstance(label, bool):
                label = int(label)
            if label not in (0, 1):
                raise CalibrationError(f"{where}: 'label' must be 0 or 1, got {label!r}")
            columns = obj["columns"] if isinstance(obj.get("columns"), dict) else \
                {k: v for k, v in obj.items() if k not in _RESERVED}
            if isinstance(columns.get("facts"), dict) and "facts_json" not in columns:
                columns["facts_json"] = json.dumps(columns["facts"], ensure_ascii=False)
            rows.append({"line": line, "prompt": prompt, "completion": completion, "columns": columns,
                         "label": label})
    except TaskFileError as err:
        raise CalibrationError(str(err)) from None
    if not rows:
        raise CalibrationError(f"{path}: no labelled rows")
    if len({r["label"] for r in rows}) < 2:
        raise CalibrationError(f"{path}: every row has label {rows[0]['label']}; agreement needs both labels")
    return rows


def threshold_of(reward_cfg: Any) -> float:
    from loopwright import rewards

    return rewards.threshold_of(reward_cfg)


def _is_group_judge(reward_cfg: Any) -> bool:
    mode = reward_cfg.get("mode")
    return not reward_cfg.get("_target_") and reward_cfg.kind == "judge" and \
        getattr(mode, "value", mode) == "group"


def _accuracy(rows: list[dict], reward_cfg: Any, threshold: float) -> dict:
    from loopwright import rewards

    names = sorted({k for r in rows for k in r["columns"]})
    columns = {k: [r["columns"].get(k) for r in rows] for k in names}
    scores = rewards.combined(rewards.build(reward_cfg, fitted=False))(
        prompts=[r["prompt"] for r in rows], completions=[r["completion"] for r in rows], **columns)
    kept = [s >= threshold for s in scores]
    tp = sum(k and r["label"] == 1 for k, r in zip(kept, rows))
    positives, predicted = sum(r["label"] for r in rows), sum(kept)
    wrong = [r["line"] for k, r in zip(kept, rows) if int(k) != r["label"]]
    return {"metric": "accuracy", "threshold": threshold, "agreement": round(1 - len(wrong) / len(rows), 6),
            "precision": round(tp / predicted, 6) if predicted else None,
            "recall": round(tp / positives, 6), "disagreements": wrong,
            "scores": [round(float(s), 6) for s in scores]}


def _fitted(found: dict, rows: list[dict], reward_cfg: Any) -> dict:
    """The labels fit the grader (rewards/_fitting.py); the agreement becomes its cross-validated accuracy."""
    from loopwright import rewards
    from loopwright.rewards import _fitting

    spec = rewards.REGISTRY.get(reward_cfg.kind) if not reward_cfg.get("_target_") else None
    parts = None
    if spec is not None and spec.breakdown is not None:
        parts = [spec.breakdown(r["completion"], {**r["columns"], "prompts": r["prompt"]}) for r in rows]
    fit = _fitting.learn(found["scores"], parts, [r["label"] for r in rows], found["threshold"])
    cv, oof = fit["cv"], fit.pop("oof")
    return {**found, "shipped": {k: found[k] for k in ("agreement", "precision", "recall")}, "fit": fit,
            "agreement": cv["accuracy"], "precision": cv["precision"], "recall": cv["recall"],
            "disagreements": [r["line"] for p, r in zip(oof, rows) if int(p >= 0.5) != r["label"]]}


def deal(rows: list[dict], size: int) -> list[list[dict]]:
    """Rows dealt round-robin into ceil(n / size) groups, label 1 rows first: every group mixes labels."""
    ordered = [r for r in rows if r["label"] == 1] + [r for r in rows if r["label"] == 0]
    count = max(1, -(-len(rows) // size))
    groups: list[list[dict]] = [[] for _ in range(count)]
    for i, row in enumerate(ordered):
        groups[i % count].append(row)
    return [g for g in groups if g]


def _pairwise(rows: list[dict], reward_cfg: Any) -> dict:
    from loopwright import rewards

    judge = rewards.make("judge", rewards.option_params(reward_cfg)).judge
    groups = deal(rows, judge.calibration_group_size)
    ranked = judge.rank([[(r["prompt"], r["completion"]) for r in g] for g in groups])
    right = pairs = 0.0
    wrong: set[int] = set()
    for group, scores in zip(groups, ranked):
        for a, sa in zip(group, scores):
            for b, sb in zip(group, scores):
                if a["label"] == 1 and b["label"] == 0:
                    pairs += 1
                    right += 1.0 if sa > sb else 0.5 if sa == sb else 0.0
                    if sa <= sb:
                        wrong.update((a["line"], b["line"]))
    return {"metric": "pairwise", "groups": [[r["line"] for r in g] for g in groups],
            "pairs": int(pairs), "agreement": round(right / pairs, 6) if pairs else 0.0,
            "disagreements": sorted(wrong)}


def calibrate(reward_cfg: Any, threshold: float | None = None) -> dict:
    """Score the labelled set ``reward.calibration``; the result (agreement, passed, ...) for the manifest."""
    from omegaconf import OmegaConf

    path = Path(str(reward_cfg.calibration)).expanduser().resolve()
    if not path.is_file():
        raise CalibrationError(f"{reward_cfg.calibration}: no such file")
    sha = writer.sha256_file(path)
    memo = (sha, json.dumps(writer.redact(OmegaConf.to_container(reward_cfg, resolve=True)), sort_keys=True), threshold)
    if memo in _RESULTS:
        return _RESULTS[memo]
    rows = read_labelled(path)
    found = _pairwise(rows, reward_cfg) if _is_group_judge(reward_cfg) else \
        _accuracy(rows, reward_cfg, threshold_of(reward_cfg) if threshold is None else threshold)
    if found["metric"] == "accuracy" and reward_cfg.get("calibration_fit"):
        found = _fitted(found, rows, reward_cfg)
    from loopwright.rewards import _fitting

    minimum = float(reward_cfg.min_agreement)
    result = {"file": str(path), "sha256": sha, "rows": len(rows), "positives": sum(r["label"] for r in rows),
              "reward": reward_cfg.name, **found, "min_agreement": minimum,
              "interval_95": _fitting.wilson(found["agreement"], found["pairs"] if "pairs" in found else len(rows)),
              "passed": found["agreement"] >= minimum}
    _RESULTS[memo] = result
    return result


def summary_line(result: dict) -> str:
    def figure(value: float | None) -> str:
        return "n/a (nothing kept)" if value is None else f"{value:.3f}"

    extra = f" at threshold {result['threshold']}, precision {figure(result['precision'])}, recall " \
        f"{figure(result['recall'])}" if result["metric"] == "accuracy" else f" over {result['pairs']} ranked pairs"
    low, high = result.get("interval_95", (0.0, 1.0))
    fitted = f"; fitted to the labels and cross-validated, as shipped {result['shipped']['agreement']:.3f}" \
        if result.get("fit") else ""
    return (f"agreement {result['agreement']:.3f} ({result['metric']}{extra}; 95% interval {low:.2f}-{high:.2f}"
            f"{fitted}) with the {result['rows']} labels of "
            f"{result['file']}; reward.min_agreement={result['min_agreement']}")


def problems(reward_cfg: Any) -> list[str]:
    """Validation's side: the gate's refusal, or why the set could not be scored (empty when it passes)."""
    from loopwright.rewards import GraderError

    if not reward_cfg.get("calibration"):
        return []
    if not 0 <= float(reward_cfg.min_agreement) <= 1:
        return [f"reward.min_agreement={reward_cfg.min_agreement} must be in [0, 1]"]
    try:
        result = calibrate(reward_cfg)
    except CalibrationError as err:
        return [f"reward.calibration: {err}"]
    except GraderError as err:
        return [f"reward.calibration: the grader could not score the labelled set: {err}"]
    if result["passed"]:
        return []
    return [f"reward.calibration: {summary_line(result)}: the grader disagrees with the labels too often to train "
            f"on (rows that disagree: lines {result['disagreements'][:20]})"]


def recorded(reward_cfg: Any) -> dict | None:
    """The manifest's ``calibration``: the gate's result for this config (computed once per process)."""
    if not reward_cfg.get("calibration"):
        return None
    try:
        return calibrate(reward_cfg)
    except Exception as err:  # noqa: BLE001 - the manifest records why rather than failing the run twice
        return {"file": str(reward_cfg.calibration), "error": f"{type(err).__name__}: {err}"}
