"""Pruning's saving: the same 12-trial sweep on model=tiny, without and with the median pruner.

    python bench/sweep.py                         # ~10-25 min on 2 shared cores
    python bench/sweep.py --trials 12 --steps 30 --out bench/results/sweep

Both sweeps: train.py -m with hydra/sweeper=loopwright, TPE (seed 0), the same
search space (learning rate, KL weight), the same baseline trial, 30 GRPO steps
per trial, held-out eval every 10 steps. The reward is bench/sweep_reward.py
(reply length vs. a per-prompt target): the random-init tiny model cannot learn
arithmetic, but it learns this within 30 steps when the learning rate is right.
The pruned sweep adds hydra.sweeper.pruner=median (n_startup_trials=3).

Trial-steps = the sum over trials of the optimizer steps each job ran (its
manifest's global_step; a pruned job stops at the eval that pruned it). Prints
both sweeps' trial-steps, best value, wall time, and the ratios (goal: >= 40%
fewer steps at an equal best value); writes sweep.json and sweep.md to --out.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from loopwright.runs.reader import read_manifest

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled", "TOKENIZERS_PARALLELISM": "false",
       "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "launchers"), str(ROOT / "sweeps"),
                                      str(ROOT / "bench"), os.environ.get("PYTHONPATH", "")])}
SPACE = ["objective.learning_rate=tag(log, interval(1e-3, 2e-2))", "objective.beta=choice(0.0, 0.04)"]


def run_sweep(sweep_dir: Path, trials: int, steps: int, pruned: bool, eval_every: int,
              pruner: str = "median") -> dict:
    cmd = [sys.executable, str(ROOT / "train.py"), "-m", f"hydra.sweep.dir={sweep_dir}",
           "hydra/sweeper=loopwright", "hydra.sweeper.sampler=tpe", "hydra.sweeper.seed=0",
           f"hydra.sweeper.n_trials={trials}", *SPACE,
           "model=tiny", "profile=smoke", f"profile.max_steps={steps}", f"eval.every={eval_every}",
           "reward._target_=sweep_reward.long_enough", "guards.zero_signal_steps=null",
           # long_enough rewards length (gameable by design): no gaming audit, no hacking monitor (issue 26)
           "reward.audit=false", "guards.reward_hacking=null", "save_model=false"]
    if pruned and pruner == "median":
        cmd += ["hydra.sweeper.pruner=median", "+hydra.sweeper.pruner_kwargs.n_startup_trials=3"]
    elif pruned:  # Optuna's defaults for the others (successive_halving: min_resource from the first trial)
        cmd += [f"hydra.sweeper.pruner={pruner}"]
    t0 = time.monotonic()
    proc = subprocess.run(cmd, cwd=ROOT, env=ENV, capture_output=True, text=True)
    wall = time.monotonic() - t0
    if proc.returncode != 0:
        sys.exit(f"sweep failed: {' '.join(cmd)}\n{proc.stderr[-4000:]}")
    rows = []
    for job in sorted((p for p in sweep_dir.iterdir() if p.name.isdigit()), key=lambda p: int(p.name)):
        m = read_manifest(job)
        rows.append({"trial": int(job.name), "status": m["status"], "steps": m.get("global_step"),
                     "lr": m["config"]["objective"]["learning_rate"], "beta": m["config"]["objective"]["beta"],
                     "accuracy": (m.get("result") or {}).get("trained_accuracy")})
    from omegaconf import OmegaConf

    results = OmegaConf.to_container(OmegaConf.load(sweep_dir / "optimization_results.yaml"))
    return {"sweep_dir": str(sweep_dir), "pruned": pruned, "wall_s": round(wall, 1),
            "trial_steps": sum(r["steps"] or 0 for r in rows), "best_value": results.get("best_value"),
            "best_params": results.get("best_params"), "n_pruned": sum(r["status"] == "pruned" for r in rows),
            "trials": rows, "command": " ".join(cmd[1:])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=12)
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--eval-every", type=int, default=10,
                        help="periodic held-out eval (the pruner's signal) every N steps, in both sweeps")
    parser.add_argument("--pruner", default="median", choices=["median", "successive_halving", "hyperband"])
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "sweep")
    parser.add_argument("--work", type=Path, default=ROOT / "outputs" / "bench_sweep" / time.strftime("%Y%m%d-%H%M%S"))
    args = parser.parse_args()
    plain = run_sweep(args.work / "no_pruning", args.trials, args.steps, pruned=False,
                      eval_every=args.eval_every)
    print(f"without pruning: {plain['trial_steps']} trial-steps, best {plain['best_value']}, {plain['wall_s']} s",
          flush=True)
    pruned = run_sweep(args.work / f"{args.pruner}_pruning", args.trials, args.steps, pruned=True,
                       eval_every=args.eval_every, pruner=args.pruner)
    print(f"{args.pruner} pruning:  {pruned['trial_steps']} trial-steps ({pruned['n_pruned']} pruned), "
          f"best {pruned['best_value']}, {pruned['wall_s']} s", flush=True)
    saved = 1 - pruned["trial_steps"] / plain["trial_steps"]
    summary = {"trials": args.trials, "steps_per_trial": args.steps, "eval_every": args.eval_every,
               "steps_saved": round(saved, 3),
               "steps_ratio": round(pruned["trial_steps"] / plain["trial_steps"], 3),
               "wall_ratio": round(pruned["wall_s"] / plain["wall_s"], 3),
               "best_equal": pruned["best_value"] == plain["best_value"],
               "goal_met": saved >= 0.4 and pruned["best_value"] >= plain["best_value"],
               "pruner": args.pruner, "no_pruning": plain, f"{args.pruner}_pruning": pruned}
    print(f"steps: pruned/unpruned = {summary['steps_ratio']} ({saved:.0%} fewer); wall ratio "
          f"{summary['wall_ratio']}; best value {pruned['best_value']} vs {plain['best_value']}; "
          f"goal (>= 40% fewer steps at an equal best value) {'met' if summary['goal_met'] else 'NOT met'}")
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "sweep.json").write_text(json.dumps(summary, indent=2) + "\n")
    lines = ["# bench/sweep.py", "",
             f"{args.trials} trials x {args.steps} steps, eval every {args.eval_every} steps, "
             "model=tiny, TPE seed 0", "",
             "| sweep | trial-steps | pruned trials | best value | wall s |", "|---|---|---|---|---|"]
    for name, r in (("no pruning", plain), (f"{args.pruner} pruning", pruned)):
        lines.append(f"| {name} | {r['trial_steps']} | {r['n_pruned']} | {r['best_value']} | {r['wall_s']} |")
    lines += ["", f"steps ratio {summary['steps_ratio']} ({saved:.0%} fewer), wall ratio {summary['wall_ratio']}", ""]
    for name, r in (("no pruning", plain), (f"{args.pruner} pruning", pruned)):
        lines += [f"## {name}", "", "| trial | status | steps | lr | beta | accuracy |", "|---|---|---|---|---|---|"]
        lines += [f"| {t['trial']} | {t['status']} | {t['steps']} | {t['lr']:.3g} | {t['beta']} | "
                  f"{'' if t['accuracy'] is None else t['accuracy']} |" for t in r["trials"]]
        lines.append("")
    (args.out / "sweep.md").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
