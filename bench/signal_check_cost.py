"""What the step-0 signal check costs each shipped GRPO experiment (issue 46 item 1; issue 45's 2%).

    python bench/signal_check_cost.py                       # every shipped experiment that samples, 1 step each
    python bench/signal_check_cost.py --runs RUN [RUN ...]  # finished runs: the check's share of their wall time

One training step of each experiment that trains on rollouts (the default job, experiment=support_agent,
support_agent_grpo, tool_agent, gsm8k; SFT stages and multi-turn episodes are skipped by the check and listed
as such), on SmolLM2 as shipped, evaluation off. From each manifest: ``timings.signal_check_s`` (what the check
took: reading the first step's batch, scoring the reference answers, any top-up), ``looked_at`` (completions read
from the training batch and sampled on top), the verdict, and the first step's own time, printed as the check's
share of that step; the share of a whole run is that over its step count and evaluations, smaller still.
``--runs`` reads finished runs instead and gives the check's share of their whole wall time (manifest
``started_at`` to ``ended_at``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXPERIMENTS = {"default job": [], "support_agent": ["experiment=support_agent"],
               "support_agent_grpo": ["experiment=support_agent_grpo"], "tool_agent": ["experiment=tool_agent"],
               "gsm8k": ["experiment=gsm8k"]}
NOT_CHECKED = {"support_agent_sft": "objective=sft: no rollouts", "tool_agent_sft": "objective=sft: no rollouts",
               "tool_agent_grpo": "task.multi_turn=true: episodes are not checked"}


def _row(name: str, manifest: dict, whole: float | None) -> str:
    check, t = manifest.get("signal_check", {}), manifest.get("timings", {})
    if "skipped" in check:
        return f"| {name} | skipped: {check['skipped']} | | | |"
    cost = check.get("seconds") or t.get("signal_check_s", 0.0)  # a stopped run has no timings section
    seen = check.get("looked_at", {})
    base = whole if whole is not None else t.get("train_s")
    share = f"{100 * cost / base:.2f}% of {'the run' if whole is not None else 'step 1'} ({base:.0f} s)" \
        if base else "n/a"
    return (f"| {name} | {'signal' if check.get('signal') else 'NO SIGNAL'} | {seen.get('training_batch')} read, "
            f"{seen.get('top_up')} sampled | {cost:.3f} s | {share} |")


def _wall(manifest: dict) -> float | None:
    try:
        return (datetime.fromisoformat(manifest["ended_at"]) - datetime.fromisoformat(manifest["started_at"])
                ).total_seconds()
    except (KeyError, ValueError):
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", nargs="*", type=Path, default=None, help="finished run dirs to read instead")
    parser.add_argument("--only", nargs="*", default=None, help="a subset of the experiments")
    args = parser.parse_args(argv)
    print("| run | verdict | completions | signal_check_s | share |\n|---|---|---|---|---|")
    if args.runs:
        for run in args.runs:
            manifest = json.loads((run / "manifest.json").read_text())
            print(_row(str(run), manifest, _wall(manifest)), flush=True)
        return 0
    for name, overrides in EXPERIMENTS.items():
        if args.only and name not in args.only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            run = Path(tmp) / "run"
            if name == "support_agent_grpo" and not (ROOT / "outputs/support_agent/sft/model").is_dir():
                print(f"| {name} | not run: no outputs/support_agent/sft/model (run experiment=support_agent_sft) "
                      "| | | |", flush=True)
                continue
            one_step = ["profile.max_steps=1", "eval.enabled=false", "eval.held_out_check=null", "save_model=false"]
            proc = subprocess.run([sys.executable, str(ROOT / "train.py"), *overrides, *one_step,
                                   f"hydra.run.dir={run}"], cwd=ROOT, capture_output=True, text=True, timeout=1800)
            if not (run / "manifest.json").is_file():
                print(f"| {name} | failed (exit {proc.returncode}): {proc.stderr.strip()[-300:]} | | | |")
                continue
            print(_row(name, json.loads((run / "manifest.json").read_text()), None), flush=True)
    for name, why in NOT_CHECKED.items():
        print(f"| {name} | skipped: {why} | | | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
