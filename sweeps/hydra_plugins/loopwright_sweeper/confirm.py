"""Research rounds' confirmation: the winner and the baseline rerun on fresh seeds, compared paired.

After the last round, ``research.confirm_seeds`` (N) fresh seeds (the config's ``seed`` + S .. + S + N - 1,
S = ``research.seeds``: no trial and no reseed used them) each run two jobs through the sweep's launcher: the
best trial's overrides, and the baseline (the sweep's own overrides without the searched values: the config's
defaults for them), into ``<sweep dir>/confirm/{winner,baseline}_seed<k>/``. loopwright's paired comparison
(``loopwright.evaluation.paired.compare``: the same held-out prompts, a paired bootstrap interval and a sign
test; docs/EVALUATION.md) then says whether the winner is better and by how much. A winner that does not beat
the baseline is reported as such. A job that has a completed manifest already is not rerun (resume).

Optuna and loopwright's evaluation are imported inside the functions (Hydra imports this module at startup).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from omegaconf import OmegaConf

from loopwright.sweep.attrs import OVERRIDES_ATTR

log = logging.getLogger(__name__)


def _done(run_dir: Path) -> bool:
    from loopwright.runs.reader import DamagedFile, read_manifest

    try:
        manifest = read_manifest(run_dir, missing_ok=True)
    except DamagedFile:
        return False
    return bool(manifest) and manifest.get("status") == "completed"


def jobs(sw: Any, best: Any, base_fixed: dict[str, str], seeds: list[int]) -> list[tuple[str, list[str]]]:
    """[(subdir, overrides)] of the confirmation's jobs."""
    from hydra_plugins.loopwright_sweeper.seeds import without_proxy

    winner = [o for o in without_proxy(best.user_attrs.get(OVERRIDES_ATTR) or [], sw.settings)
              if o.lstrip("+").split("=")[0] != "seed"]  # at full fidelity
    baseline = [line for key, line in base_fixed.items() if key.lstrip("+") != "seed"]
    out = []
    for seed in seeds:  # ++: an app without a top-level seed gets one (train.py has it)
        out.append((f"confirm/winner_seed{seed}", winner + [f"++seed={seed}"]))
        out.append((f"confirm/baseline_seed{seed}", baseline + [f"++seed={seed}"]))
    return out


def run(sw: Any, state: dict[str, Any], best: Any, base_fixed: dict[str, str]) -> dict[str, Any]:
    """Run (or resume) the confirmation and return its record for research.json / research.md."""
    from loopwright.evaluation.paired import CompareError, compare, load_side

    n = int(sw.settings.research.confirm_seeds)
    start = int(OmegaConf.select(sw.config, "seed", default=0) or 0)
    used = max(1, int(sw.settings.research.seeds))  # seed .. seed+used-1 ran the trials and their reseeds
    seeds = [start + used - 1 + i for i in range(1, n + 1)]
    record: dict[str, Any] = {"seeds": seeds, "status": "running"}
    todo = [(sub, o) for sub, o in jobs(sw, best, base_fixed, seeds) if not _done(sw.sweep_dir / sub)]
    if todo:
        log.info(f"Confirmation: {len(todo)} jobs (winner and baseline on seeds {seeds})")
        try:
            sw.launcher.launch([o + [f"hydra.sweep.subdir={sub}"] for sub, o in todo], initial_job_idx=10_000)
        except (Exception, SystemExit) as err:  # noqa: BLE001 (a job that stops the launcher: reported)
            log.warning(f"Confirmation: a job stopped the launcher: {type(err).__name__}: {err}")
    winners = [str(sw.sweep_dir / f"confirm/winner_seed{s}") for s in seeds]
    baselines = [str(sw.sweep_dir / f"confirm/baseline_seed{s}") for s in seeds]
    record.update(winner_runs=winners, baseline_runs=baselines)
    on_check = (getattr(sw, "objective", None) or {}).get("source") == "held_out_check"
    try:
        sides = [load_side(baselines), load_side(winners)]
        if on_check:  # the research optimised the check: the confirmation compares on it too
            sides = [_on_check(side) for side in sides]
        result = compare(*sides)
    except (CompareError, OSError, ValueError, KeyError, TypeError) as err:
        record.update(status="not compared", reason=str(err).splitlines()[0][:500])
        return record
    success, reward = result["metrics"]["success"], result["metrics"]["reward"]
    if on_check:
        from loopwright.evaluation.paired import verdict

        result["verdict"] = verdict(reward, result["confidence"])
        record["metric_names"] = ["held-out check = 1", "held-out check"]
    better = result["verdict"] == "B better"
    record.update(status="done", n_prompts=result["n_prompts"], confidence=result["confidence"],
                  success=success, reward={k: reward[k] for k in ("a", "b", "delta", "interval", "p_value")},
                  verdict=("the winner beats the baseline" if better else
                           "the baseline beats the winner" if result["verdict"] == "A better" else
                           "the winner does not beat the baseline (no detectable difference)"))
    return record


def _on_check(side: Any) -> Any:
    """`side` with each record's trained score replaced by its held-out check (eval.held_out_check) value."""
    from dataclasses import replace

    runs = []
    for run in side.runs:
        records = []
        for r in run.records:
            value = float(r["held_out_check"]["trained"])
            records.append({**r, "trained_score": value, "trained_solved": value >= 1.0, "assertions": None})
        runs.append(replace(run, records=records))
    return replace(side, runs=runs)


def lines(record: dict[str, Any] | None) -> list[str]:
    """research.md's confirmation section."""
    head = ["## Confirmation", ""]
    if not record:
        return head + ["Not run (`hydra.sweeper.research.confirm_seeds=0`). By hand: run the recommendation and "
                       "the default with `seed=1,2,3` (`-m`), then `python -m loopwright.compare <default runs> "
                       "<recommended runs>` (docs/EVALUATION.md).", ""]
    if record["status"] != "done":
        return head + [f"Seeds {record['seeds']}: {record['status']}"
                       + (f": {record['reason']}" if record.get("reason") else ""), ""]
    s, r = record["success"], record["reward"]
    names = record.get("metric_names") or ["success", "reward"]
    return head + [f"Winner vs baseline on fresh seeds {record['seeds']}, {record['n_prompts']} held-out prompts, "
                   "paired (prompts matched; each side's runs averaged per prompt first):", "",
                   "| metric | baseline | winner | winner - baseline | interval | sign-test p |",
                   "|---|---|---|---|---|---|",
                   f"| {names[0]} | {s['a']:.4g} | {s['b']:.4g} | {s['delta']:+.4g} | [{s['interval'][0]:+.4g}, "
                   f"{s['interval'][1]:+.4g}] ({record['confidence']:.0%}) | {s['p_value']:.3g} |",
                   f"| {names[1]} | {r['a']:.4g} | {r['b']:.4g} | {r['delta']:+.4g} | [{r['interval'][0]:+.4g}, "
                   f"{r['interval'][1]:+.4g}] | {r['p_value']:.3g} |", "",
                   f"**Verdict: {record['verdict']}.**", ""]
