"""Paired comparison of two policies on the same held-out prompts, and the ship gate.

Shared by ``python -m loopwright.compare``, ``python -m loopwright.gate`` and ``eval.gate``
(:func:`loopwright.train.steps.evaluate_trained`); docs/EVALUATION.md has the statistics.

* A side is one run or a group of runs (a multirun dir, or several paths), read as the
  trained policy of each run, or as its ``base`` model (the same eval_results.json).
* Records are matched by prompt identity: the sha256 of the prompt messages (from the
  run's ``data/held_out.jsonl``; the record's prompt text when a side lacks that file),
  numbered when a prompt repeats. Different prompt sets are an error unless ``intersect``.
* Per prompt: success (0/1; every assertion passed when the prompt has assertions, else
  reward >= eval.success_threshold) and reward. A group averages each prompt over its runs
  first, so the prompt stays the unit that is resampled.
* The interval is a paired percentile bootstrap over prompts (seeded, deterministic); the
  p-value an exact two-sided sign test on the prompts whose difference is not zero (for 0/1
  success of single runs: McNemar's exact test on the discordant pairs).
* A difference is "detectable" when the interval excludes 0 (beyond ``min_delta``) *and*
  p < 1 - confidence: a bootstrap over 2 discordant prompts alone would give [1, 1].
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loopwright.runs.reader import EVAL_RESULTS, DamagedFile, read_json, read_jsonl

EVAL_FILE = EVAL_RESULTS
HELD_OUT_ROWS = Path("data") / "held_out.jsonl"
METRICS = ("success", "reward")
SHIP, DONT_SHIP = "SHIP", "DON'T SHIP"
TIE = 1e-12  # differences this small (float noise of averaging) count as ties


class CompareError(ValueError):
    """Unusable inputs (no eval_results.json, different prompt sets); the message names the files."""


class DontShip(RuntimeError):
    """eval.gate: the trained policy did not beat the baseline; every artifact of the run is written."""


# ----------------------------------------------------------------- loading
@dataclass
class Run:
    source: str  # the eval_results.json it came from
    summary: dict
    records: list[dict]
    prompts: list | None  # the held-out rows' prompts (messages), in record order; None when unknown


@dataclass
class Side:
    label: str
    runs: list[Run]
    policy: str = "trained"  # or "base": the runs' base model


def read_run(file: Path) -> Run:
    try:
        data = read_json(file)
        summary, records = data["summary"], data["records"]
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise CompareError(f"{file}: not a readable eval_results.json ({type(err).__name__}: {err})") from None
    prompts = None
    rows = file.parent / HELD_OUT_ROWS
    if rows.is_file():
        try:
            lines = read_jsonl(rows)
        except DamagedFile as err:
            raise CompareError(str(err)) from None
        prompts = [r.get("prompt") for r in lines] if len(lines) == len(records) else None
    return Run(str(file), summary, records, prompts)


def _dir_order(p: Path) -> tuple:
    return (0, int(p.name), "") if p.name.isdigit() else (1, 0, p.name)


def find_runs(given: str | Path) -> list[Run]:
    """A run dir, an eval_results.json, or a multirun dir (every job dir below it with an eval_results.json)."""
    path = Path(given).expanduser()
    if path.is_file():
        return [read_run(path)]
    if (path / EVAL_FILE).is_file():
        return [read_run(path / EVAL_FILE)]
    if not path.is_dir():
        raise CompareError(f"{given}: no such run dir, multirun dir or {EVAL_FILE}")
    jobs = sorted((d for d in path.iterdir() if (d / EVAL_FILE).is_file()), key=_dir_order)
    if not jobs:
        raise CompareError(f"{given}: no {EVAL_FILE} in it or in its job dirs (was evaluation on, did the run end?)")
    return [read_run(d / EVAL_FILE) for d in jobs]


def load_side(paths: list[str] | str, policy: str = "trained") -> Side:
    paths = [paths] if isinstance(paths, (str, Path)) else list(paths)
    return Side(" + ".join(str(p) for p in paths), [run for p in paths for run in find_runs(p)], policy)


def base_of(side: Side) -> Side:
    return Side(f"base of {side.label}", side.runs, "base")


# ----------------------------------------------------------------- matching
@dataclass
class Outcome:
    label: str
    success: float
    reward: float
    assertions: dict[str, float] | None  # "kind 'pattern'" -> pass rate over the side's runs


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def _label(record: dict) -> str:
    if record.get("id"):
        return str(record["id"])
    text = " ".join(str(record.get("prompt", "")).split())
    return text if len(text) <= 48 else text[:45] + "..."


def _run_outcomes(run: Run, policy: str, by_messages: bool) -> dict[str, Outcome]:
    out: dict[str, Outcome] = {}
    for i, record in enumerate(run.records):
        key = _digest(run.prompts[i] if by_messages else record.get("prompt"))
        n = 1
        while f"{key}#{n}" in out:
            n += 1
        checks = record.get("assertions") or None
        passes = {f"{c['kind']} {c['pattern']!r}": float(bool(c[f"{policy}_pass"])) for c in checks} if checks \
            else None
        success = float(all(passes.values())) if passes else float(bool(record[f"{policy}_solved"]))
        out[f"{key}#{n}"] = Outcome(_label(record), success, float(record[f"{policy}_score"]), passes)
    return out


def _mismatch(first: tuple[str, dict], other: tuple[str, dict], intersect: bool, warnings: list[str]) -> None:
    (fa, a), (fb, b) = first, other
    common = a.keys() & b.keys()
    if a.keys() == b.keys():
        return
    only_a = [a[k].label for k in a if k not in b]
    only_b = [b[k].label for k in b if k not in a]
    what = (f"{fa} has {len(a)} held-out prompts, {fb} has {len(b)}; {len(common)} in common "
            f"({len(only_a)} only in the first, e.g. {only_a[:1]}; "
            f"{len(only_b)} only in the second, e.g. {only_b[:1]})")
    if not intersect or not common:
        raise CompareError(f"the held-out prompt sets differ: {what}. Evaluate both on the same prompts "
                           f"(eval.prompts=<file>), or pass --intersect to compare on the common ones")
    warnings.append(f"WARNING: --intersect: comparing on the {len(common)} common prompts only: {what}")


def _aggregate(side: Side, by_messages: bool, intersect: bool, warnings: list[str]) -> dict[str, Outcome]:
    """Each prompt's outcome averaged over the side's runs (checked to share the prompts)."""
    per_run = [(r.source, _run_outcomes(r, side.policy, by_messages)) for r in side.runs]
    for other in per_run[1:]:
        _mismatch(per_run[0], other, intersect, warnings)
    keys = [k for k in per_run[0][1] if all(k in o for _, o in per_run)]
    out = {}
    for k in keys:
        outs = [o[k] for _, o in per_run]
        checks = None
        if all(o.assertions for o in outs):
            names = [n for n in outs[0].assertions if all(n in o.assertions for o in outs)]
            checks = {n: sum(o.assertions[n] for o in outs) / len(outs) for n in names}
        out[k] = Outcome(outs[0].label, sum(o.success for o in outs) / len(outs),
                         sum(o.reward for o in outs) / len(outs), checks)
    return out


def match(a: Side, b: Side, intersect: bool = False) -> tuple[list[str], dict, dict, list[str], str]:
    """(keys, A's outcomes, B's outcomes, warnings, what identifies a prompt)."""
    warnings: list[str] = []
    by_messages = all(r.prompts is not None for r in a.runs + b.runs)
    oa, ob = _aggregate(a, by_messages, intersect, warnings), _aggregate(b, by_messages, intersect, warnings)
    _mismatch((a.runs[0].source, oa), (b.runs[0].source, ob), intersect, warnings)
    thresholds = {r.summary.get("success_threshold") for r in a.runs + b.runs}
    if len(thresholds) > 1:
        warnings.append(f"WARNING: the runs used different eval.success_threshold values {sorted(thresholds, key=str)}"
                        f": 'success' means different things on the two sides")
    keys = [k for k in oa if k in ob]
    if not keys:
        raise CompareError(f"no held-out prompts to compare in {a.runs[0].source} and {b.runs[0].source}")
    return keys, oa, ob, warnings, "the prompt messages" if by_messages else "the prompt text of the records"


# ----------------------------------------------------------------- statistics
def sign_test(wins: int, losses: int) -> float:
    """Exact two-sided sign test: P(a split at least this lopsided | each way equally likely)."""
    n = wins + losses
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(wins, losses) + 1))
    return min(1.0, 2 * tail / 2 ** n)


def bootstrap(columns: dict[str, list[float]], confidence: float, resamples: int, seed: int) -> dict[str, tuple]:
    """Percentile intervals of each column's mean, resampling the same prompt indices for every column."""
    n = len(next(iter(columns.values())))
    rng = random.Random(seed)
    means: dict[str, list[float]] = {name: [] for name in columns}
    for _ in range(resamples):
        idx = rng.choices(range(n), k=n)
        for name, values in columns.items():
            means[name].append(math.fsum(values[i] for i in idx) / n)
    alpha = 1.0 - confidence
    lo_i = min(resamples - 1, int(math.floor(alpha / 2 * resamples)))
    hi_i = max(0, int(math.ceil((1 - alpha / 2) * resamples)) - 1)
    out = {}
    for name, values in means.items():
        values.sort()
        out[name] = (values[lo_i], values[hi_i])
    return out


def _check_args(confidence: float, resamples: int) -> None:
    if not 0 < confidence < 1:
        raise CompareError(f"--confidence {confidence} must be between 0 and 1 (e.g. 0.95)")
    if resamples < 1:
        raise CompareError(f"--resamples {resamples} must be >= 1")


def _paired(a: Side, b: Side, confidence: float, resamples: int, seed: int, intersect: bool) -> tuple:
    _check_args(confidence, resamples)
    keys, oa, ob, warnings, identity = match(a, b, intersect)
    diffs = {m: [getattr(ob[k], m) - getattr(oa[k], m) for k in keys] for m in METRICS}
    intervals = bootstrap(diffs, confidence, resamples, seed)
    metrics = {}
    for m in METRICS:
        wins, losses = sum(d > TIE for d in diffs[m]), sum(d < -TIE for d in diffs[m])
        mean_a, mean_b = (math.fsum(getattr(o[k], m) for k in keys) / len(keys) for o in (oa, ob))
        metrics[m] = {"a": mean_a, "b": mean_b, "delta": math.fsum(diffs[m]) / len(keys),
                      "interval": list(intervals[m]), "p_value": sign_test(wins, losses),
                      "b_better": wins, "a_better": losses, "tied": len(keys) - wins - losses}
    grouped = len(a.runs) > 1 or len(b.runs) > 1
    result = {
        "a": {"label": a.label, "policy": a.policy, "runs": [r.source for r in a.runs]},
        "b": {"label": b.label, "policy": b.policy, "runs": [r.source for r in b.runs]},
        "n_prompts": len(keys), "matched_by": f"sha256 of {identity}",
        "confidence": confidence, "resamples": resamples, "seed": seed,
        "grouped": grouped, "metrics": metrics, "warnings": warnings,
        "per_prompt": [{"prompt": k, "label": oa[k].label, "a_success": oa[k].success, "b_success": ob[k].success,
                        "success_diff": diffs["success"][i], "a_reward": oa[k].reward, "b_reward": ob[k].reward,
                        "reward_diff": diffs["reward"][i]} for i, k in enumerate(keys)],
    }
    if grouped:
        result["note"] = ("groups of runs: each prompt's success and reward are averaged over the runs of its side "
                          "first; the bootstrap resamples prompts, the sign test counts prompts whose averages differ")
    result["verdict"] = verdict(metrics["success"], confidence)
    return result, keys, oa, ob


def compare(a: Side, b: Side, confidence: float = 0.95, resamples: int = 10_000, seed: int = 0,
            intersect: bool = False) -> dict[str, Any]:
    """B - A per prompt, for success and reward: means, bootstrap interval, sign-test p, verdict (on success)."""
    return _paired(a, b, confidence, resamples, seed, intersect)[0]


def detectable(stats: dict, confidence: float, min_delta: float = 0.0) -> int:
    """+1: B is better by more than min_delta; -1: A is better; 0: no detectable difference."""
    lo, hi = stats["interval"]
    significant = stats["p_value"] < 1.0 - confidence
    return 1 if significant and lo > min_delta else -1 if significant and hi < -min_delta else 0


def verdict(stats: dict, confidence: float) -> str:
    return {1: "B better", -1: "A better", 0: "no detectable difference"}[detectable(stats, confidence)]


# ----------------------------------------------------------------- the gate
def regressions(baseline: dict[str, Outcome], candidate: dict[str, Outcome], keys: list[str]) -> list[dict]:
    """What the baseline passed and the candidate fails, per prompt: each assertion (records with assertions),
    else the prompt's success ("flip"). A group passes when at least half of its runs do."""
    found = []
    for k in keys:
        base, cand = baseline[k], candidate[k]
        if base.assertions and cand.assertions:
            for name, rate in base.assertions.items():
                if name in cand.assertions and rate >= 0.5 > cand.assertions[name]:
                    found.append({"prompt": k, "label": base.label, "kind": "assertion", "what": name,
                                  "baseline": rate, "candidate": cand.assertions[name]})
        elif base.success >= 0.5 > cand.success:
            found.append({"prompt": k, "label": base.label, "kind": "flip", "what": "solved -> not solved",
                          "baseline": base.success, "candidate": cand.success})
    return found


def gate(candidate: Side, baseline: Side, confidence: float = 0.95, min_delta: float = 0.0,
         allow_flips: bool = False, resamples: int = 10_000, seed: int = 0, intersect: bool = False) -> dict:
    """SHIP when the candidate beats the baseline on success (interval lower bound > min_delta, sign test
    p < 1 - confidence) and breaks no assertion the baseline passed (nor, without allow_flips, a solved prompt)."""
    result, keys, oa, ob = _paired(baseline, candidate, confidence, resamples, seed, intersect)
    found = regressions(oa, ob, keys)
    stats, alpha = result["metrics"]["success"], 1.0 - confidence
    reasons = []
    if stats["interval"][0] <= min_delta:
        reasons.append(f"the {confidence:.0%} interval's lower bound {stats['interval'][0]:+.3f} is not above "
                       f"min-delta {min_delta:+.3f}")
    if stats["p_value"] >= alpha:
        reasons.append(f"the sign test's p = {stats['p_value']:.4g} is not below {alpha:.4g}")
    broken = [r for r in found if r["kind"] == "assertion" or not allow_flips]
    if broken:
        reasons.append(f"{len(broken)} regression(s): the candidate fails what the baseline passed")
    if candidate.policy == "trained":  # eval.held_out_check recorded by a candidate run (held_out_check.py)
        reasons += [run.summary["held_out_check"]["verdict"] for run in candidate.runs
                    if (run.summary.get("held_out_check") or {}).get("reward_hacking")]
    result.update(regressions=found, min_delta=min_delta, allow_flips=allow_flips,
                  ship=not reasons, decision=DONT_SHIP if reasons else SHIP, reasons=reasons)
    result["table"] = format_gate(result)
    return result


# ----------------------------------------------------------------- tables
def _num(x: float) -> str:
    return f"{x:.3f}"


def format_comparison(result: dict, names: tuple[str, str] = ("A", "B"), top: int = 12) -> str:
    na, nb = names
    conf = f"{result['confidence']:.0%}"
    lines = [f"{na}: {result['a']['label']} ({result['a']['policy']} policy, {len(result['a']['runs'])} run(s))",
             f"{nb}: {result['b']['label']} ({result['b']['policy']} policy, {len(result['b']['runs'])} run(s))",
             f"{result['n_prompts']} held-out prompts, matched by the {result['matched_by']}", ""]
    rows = [("metric", na, nb, f"{nb} - {na}" if len(na + nb) < 6 else "delta", f"{conf} interval", "sign test p",
             f"{nb} better", f"{na} better",
             "tied")]
    for m, s in result["metrics"].items():
        rows.append((m, _num(s["a"]), _num(s["b"]), f"{s['delta']:+.3f}",
                     f"[{s['interval'][0]:+.3f}, {s['interval'][1]:+.3f}]", f"{s['p_value']:.4g}",
                     str(s["b_better"]), str(s["a_better"]), str(s["tied"])))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines += ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
              for r in rows]
    flips = [p for p in result["per_prompt"] if p["success_diff"]]
    if flips:
        lines += ["", f"prompts whose success differs ({nb} - {na}):"]
        lines += [f"  {p['success_diff']:+.2f}  {p['label']}" for p in flips[:top]]
        if len(flips) > top:
            lines.append(f"  ... and {len(flips) - top} more (--json lists every prompt)")
    if result.get("note"):
        lines += ["", f"note: {result['note']}"]
    if result["warnings"]:
        lines += ["", *result["warnings"]]
    return "\n".join(lines)


def format_gate(result: dict) -> str:
    lines = [format_comparison(result, ("baseline", "candidate")), ""]
    found = result["regressions"]
    lines.append(f"regressions (the baseline passed, the candidate fails): {len(found) or 'none'}"
                 + (" (flips allowed: --allow-flips)" if result["allow_flips"] and found else ""))
    lines += [f"  {r['label']}: {r['kind']} {r['what']} (baseline {r['baseline']:.2f}, candidate "
              f"{r['candidate']:.2f})" for r in found]
    lines.append("")
    s = result["metrics"]["success"]
    why = "; ".join(result["reasons"]) if result["reasons"] else (
        f"success {s['delta']:+.3f}, {result['confidence']:.0%} interval lower bound {s['interval'][0]:+.3f} > "
        f"{result['min_delta']:+.3f}, p = {s['p_value']:.4g}, no regressions")
    lines.append(f"{result['decision']}: {why}")
    return "\n".join(lines)


# ----------------------------------------------------------------- eval.gate
def gate_run(results: dict, rows: list[dict], run_dir: Any, baseline: Any) -> dict:
    """eval.gate inside a training run: this run's trained policy (held-out ``rows``) against its base model."""
    baseline = getattr(baseline, "value", baseline)  # the config's GateBaseline enum, or its name
    if baseline != "base":
        raise CompareError(f"eval.gate={baseline}: only 'base' is supported")
    source = str(Path(run_dir) / EVAL_FILE)
    run = Side(source, [Run(source, results["summary"], results["records"], [r["prompt"] for r in rows])])
    result = gate(run, base_of(run))
    kept = ("decision", "ship", "reasons", "n_prompts", "matched_by", "confidence", "resamples", "seed", "min_delta",
            "allow_flips", "metrics", "regressions", "warnings", "table")
    return {"baseline": baseline, **{k: result[k] for k in kept}}


def raise_if_dont_ship(summary: dict) -> None:
    check = summary.get("held_out_check")
    if check and check["reward_hacking"]:  # eval.held_out_check: DON'T SHIP with or without eval.gate
        raise DontShip(f"eval.held_out_check={check['check']}: {check['verdict']} ({EVAL_FILE} summary.held_out_check)")
    ship = summary.get("ship_gate")
    if ship and not ship["ship"]:
        raise DontShip(f"eval.gate={ship['baseline']}: {'; '.join(ship['reasons'])} (the table: {EVAL_FILE} "
                       f"summary.ship_gate)")
