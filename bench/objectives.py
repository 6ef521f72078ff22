"""Every objective option on the default task, same model, seed and step count.

    python bench/objectives.py                         # all options, 40 steps each (about 70 min on 2 cores)
    python bench/objectives.py --steps 20 --objectives grpo dapo gspo

Runs `python train.py objective=<name> profile.max_steps=<steps>` for each option
(smollm2, arithmetic, cpu profile, seed 0), one after another, and writes into
--out (default bench/results/objectives/):

    objectives.md          one row per option: base acc, trained acc, delta, final reward, wall time
    <name>.png             the option's reward curve (copied from its run dir)
    runs/<name>/           the full run dirs (manifest, metrics, eval results)

The table is rewritten after every option, so an interrupted bench keeps what it measured.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled", "TOKENIZERS_PARALLELISM": "false"}


def run_option(name: str, steps: int, run_dir: Path) -> dict:
    if run_dir.exists():
        shutil.rmtree(run_dir)
    proc = subprocess.run([sys.executable, "train.py", f"objective={name}", f"profile.max_steps={steps}",
                           "save_model=false", f"hydra.run.dir={run_dir}"], cwd=ROOT, env=ENV,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        return {"objective": name, "error": proc.stderr.strip().splitlines()[-1] if proc.stderr else "failed"}
    manifest = json.loads((run_dir / "manifest.json").read_text())
    metrics = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    rewards = [m["reward"] for m in metrics if "reward" in m]
    result = manifest["result"]
    return {
        "objective": name,
        "base_accuracy": result["base_accuracy"],
        "trained_accuracy": result["trained_accuracy"],
        "accuracy_delta": result["accuracy_delta"],
        # mean training reward over the last 5 logged steps that generated
        "final_reward": statistics.mean(rewards[-5:]) if rewards else None,
        "final_loss": metrics[-1].get("loss") if metrics else None,
        "train_s": manifest["timings"]["train_s"],
        "total_s": manifest["timings"]["total_s"],
        "steps": result["global_step"],
    }


def table(rows: list[dict], steps: int) -> str:
    lines = [f"Default task (arithmetic), model=smollm2, profile=cpu, seed 0, {steps} steps each; "
             "held-out accuracy is greedy on the same 40 prompts.", "",
             "| objective | base acc | trained acc | delta | final reward (last 5 steps) | train s | total s |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        if "error" in r:
            lines.append(f"| `{r['objective']}` | failed: {r['error']} | | | | | |")
            continue
        reward = "n/a (SFT: loss {:.3f})".format(r["final_loss"]) if r["final_reward"] is None else \
            f"{r['final_reward']:.3f}"
        lines.append(f"| `{r['objective']}` | {r['base_accuracy']:.3f} | {r['trained_accuracy']:.3f} | "
                     f"{r['accuracy_delta']:+.3f} | {reward} | {r['train_s']:.0f} | {r['total_s']:.0f} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--objectives", nargs="*", default=None, help="options to run (default: all in conf/objective)")
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "objectives")
    args = parser.parse_args()
    names = args.objectives or sorted(p.stem for p in (ROOT / "conf" / "objective").glob("*.yaml"))
    args.out.mkdir(parents=True, exist_ok=True)
    rows = []
    for name in names:
        run_dir = args.out / "runs" / name
        rows.append(run_option(name, args.steps, run_dir))
        if (run_dir / "reward_curve.png").is_file():
            shutil.copy(run_dir / "reward_curve.png", args.out / f"{name}.png")
        (args.out / "objectives.md").write_text(table(rows, args.steps))
        (args.out / "objectives.json").write_text(json.dumps(rows, indent=2))
        print(json.dumps(rows[-1]), flush=True)
    print(table(rows, args.steps))


if __name__ == "__main__":
    main()
