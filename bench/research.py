"""Research rounds vs one flat sweep of the same budget, on a synthetic job with a known optimum.

    python bench/research.py                              # 5 sampler seeds, 100 trials, 4 rounds: ~6 min
    python bench/research.py --seeds 0 1 2 3 4 5 6 7 8 9 --trials 100 --rounds 4 --out bench/results/research

Both arms run bench/research_app.py (bench/research_app.py's docstring has the objective; optimum 1.0)
through ``hydra/sweeper=loopwright`` with TPE (``hydra.sweeper.seed`` = the seed), successive-halving
pruning and the same ``n_trials``; the research arm adds ``hydra.sweeper.research.rounds``. Trial-steps
are the steps each job ran (a pruned one stops where it was pruned), summed in the order the jobs started.
For each arm and seed: the trial-steps until the first trial within 1% of the optimum (value >= 0.99).
An arm that never gets there is charged every trial-step it ran (a lower bound: it is marked). Prints
the ratio research / flat of the summed trial-steps-to-target over the seeds (goal: <= 0.60, i.e.
>= 40% fewer); writes research.json and research.md to --out.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from loopwright.runs.reader import read_json_object

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "bench" / "research_app.py"
ENV = {**os.environ, "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled",
       "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
TARGET = 0.99  # within 1% of the optimum (1.0)


def run_arm(sweep_dir: Path, seed: int, trials: int, rounds: int, extra: list[str]) -> dict:
    cmd = [sys.executable, str(APP), "-m", f"hydra.sweep.dir={sweep_dir}", f"hydra.sweeper.seed={seed}",
           f"hydra.sweeper.n_trials={trials}", "hydra.sweeper.pruner=successive_halving", *extra]
    if rounds > 1:
        # no confirmation jobs: this job has no held-out prompts to compare, and they would add trial-steps
        cmd += [f"hydra.sweeper.research.rounds={rounds}", "hydra.sweeper.research.confirm_seeds=0"]
    proc = subprocess.run(cmd, cwd=ROOT, env=ENV, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"sweep failed: {' '.join(cmd)}\n{proc.stderr[-4000:]}")
    records = sorted((read_json_object(p) for p in sweep_dir.rglob("record.json")), key=lambda r: r["start"])
    steps, to_target, best = 0, None, 0.0
    for record in records:
        steps += record["steps"]
        if not record["pruned"]:
            best = max(best, record["value"])
            if to_target is None and record["value"] >= TARGET:
                to_target = steps
    return {"seed": seed, "jobs": len(records), "trial_steps": steps, "best": round(best, 5),
            "reached": to_target is not None, "steps_to_target": to_target if to_target is not None else steps,
            "command": " ".join(cmd[1:])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "research")
    parser.add_argument("--work", type=Path,
                        default=ROOT / "outputs" / "bench_research" / time.strftime("%Y%m%d-%H%M%S"))
    parser.add_argument("extra", nargs="*", help="overrides for both arms (hydra.sweeper.research.margin=0.2)")
    args = parser.parse_args()
    rows = []
    for seed in args.seeds:
        flat = run_arm(args.work / f"flat_{seed}", seed, args.trials, 1, args.extra)
        research = run_arm(args.work / f"research_{seed}", seed, args.trials, args.rounds, args.extra)
        rows.append({"seed": seed, "flat": flat, "research": research})
        print(f"seed {seed}: flat {flat['steps_to_target']}{'' if flat['reached'] else '+'} steps to target "
              f"(best {flat['best']}, {flat['trial_steps']} in all); research {research['steps_to_target']}"
              f"{'' if research['reached'] else '+'} (best {research['best']}, {research['trial_steps']} in all)",
              flush=True)
    flat_sum = sum(r["flat"]["steps_to_target"] for r in rows)
    research_sum = sum(r["research"]["steps_to_target"] for r in rows)
    ratio = research_sum / flat_sum
    reached = {arm: sum(r[arm]["reached"] for r in rows) for arm in ("flat", "research")}
    met = ratio <= 0.6 and reached["research"] >= reached["flat"]
    summary = {"seeds": args.seeds, "trials": args.trials, "rounds": args.rounds, "extra": args.extra,
               "target": TARGET, "flat_steps_to_target": flat_sum, "research_steps_to_target": research_sum,
               "ratio": round(ratio, 3), "reached": reached, "goal_met": met, "rows": rows}
    print(f"trial-steps to within 1% of the optimum, summed over {len(rows)} seeds: research {research_sum} / "
          f"flat {flat_sum} = {ratio:.3f} ({1 - ratio:.0%} fewer); reached: research {reached['research']}/"
          f"{len(rows)}, flat {reached['flat']}/{len(rows)}; goal (>= 40% fewer) {'met' if met else 'NOT met'}")
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "research.json").write_text(json.dumps(summary, indent=2) + "\n")
    lines = ["# bench/research.py", "",
             f"{args.trials} trials per arm, research in up to {args.rounds} rounds, TPE + successive halving, "
             f"seeds {args.seeds}; extra overrides: {' '.join(args.extra) or 'none'}", "",
             "| seed | flat: steps to 1% | flat best | research: steps to 1% | research best |",
             "|---|---|---|---|---|"]
    for r in rows:
        f, q = r["flat"], r["research"]
        lines.append(f"| {r['seed']} | {f['steps_to_target']}{'' if f['reached'] else ' (not reached)'} | "
                     f"{f['best']} | {q['steps_to_target']}{'' if q['reached'] else ' (not reached)'} | {q['best']} |")
    lines += ["", f"ratio research / flat = {ratio:.3f} ({1 - ratio:.0%} fewer trial-steps); goal "
              f"{'met' if met else 'NOT met'}", ""]
    (args.out / "research.md").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
