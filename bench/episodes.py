"""Episode speed: docs/EPISODES.md's SmolLM2 episode configuration, before and after, in one invocation.

    python bench/episodes.py                    # 1 step a side, each side's training capped at 300 s
    python bench/episodes.py --steps 2 --limit 900 --out /tmp/episodes.json

The configuration is the one measured at 166-291 s per step (``task=customer_support
task.multi_turn=true task.params.include_facts=false reward=customer_support``, batch 4 = one
prompt x 4 episodes, 128 completion tokens, SmolLM2-135M, ``profile=cpu``). Each side is a fresh
``bench/profile_step.py`` process (OMP_WAIT_POLICY is read once, when torch loads OpenMP), run
back to back: ``before`` = libgomp's default waits (``profile.omp_wait_policy=null``), ``after``
= loopwright's default (``passive``); ``after`` runs first. A side whose training has not finished
``--limit`` seconds after it started is stopped: its per-step time is then reported as a lower
bound (limit / steps) and so is the ratio. Prints each side's per-step wall time and breakdown
and the ratio before / after. On a shared machine both sides see its load; say so with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ["task=customer_support", "task.multi_turn=true", "task.params.include_facts=false",
          "reward=customer_support", "profile.per_device_train_batch_size=4", "profile.num_generations=4",
          "profile.max_completion_length=128", "task.n_eval=8"]
SIDES = {"after": [], "before": ["profile.omp_wait_policy=null"]}
TRAINING_STARTS = "[loopwright] training:"


def _run_capped(cmd: list[str], env: dict, limit: float) -> tuple[int | None, float | None]:
    """Run ``cmd``; stop it ``limit`` s after its training starts. (exit code or None if stopped, start time)."""
    log = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, text=True)
    started = None
    while proc.poll() is None:
        time.sleep(2)
        if started is None:
            log.seek(0)
            started = time.monotonic() if TRAINING_STARTS in log.read() else None
        elif time.monotonic() - started > limit:
            proc.terminate()
            proc.wait(30)
            return None, started
    if proc.returncode != 0:
        log.seek(0)
        sys.exit(f"profile_step failed\n{log.read()[-3000:]}")
    return proc.returncode, started


def run_side(name: str, extra: list[str], steps: int, model: str, profile: str, limit: float) -> dict:
    out = Path(tempfile.mkdtemp(prefix=f"bench-episodes-{name}-")) / "profile.json"
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}  # the side's config decides
    cmd = [sys.executable, str(ROOT / "bench" / "profile_step.py"), "--model", model, "--profile", profile,
           "--steps", str(steps), "--out", str(out), "--", *CONFIG, *extra]
    code, _ = _run_capped(cmd, env, limit)
    if code is None:
        print(f"\n== {name}: stopped {limit:.0f} s into training before {steps} step(s) finished: "
              f"> {limit / steps:.0f} s/step", flush=True)
        return {"stopped_after_s": limit, "steps": steps, "s_per_step_wall": limit / steps, "lower_bound": True}
    result = json.loads(out.read_text())
    print(f"\n== {name}: OMP_WAIT_POLICY={result['omp_wait_policy']}, {result['s_per_step_wall']:.1f} s/step "
          f"(train {result['train_s']:.1f} s / {result['steps']} steps)", flush=True)
    if steps == 1:  # the one step is the first: its timed blocks, the rest untimed
        result["rows"] = {k: {"s_per_step": v, "share": v / result["train_s"]} for k, v in
                          result["first_step_rows"].items()}
        rest = result["train_s"] - sum(result["first_step_rows"].values())
        result["rows"]["rest (untimed)"] = {"s_per_step": rest, "share": rest / result["train_s"]}
    for block, row in result["rows"].items():
        print(f"   {block:46}{row['s_per_step']:>9.2f} s{row['share']:>8.1%}", flush=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=1)
    parser.add_argument("--limit", type=float, default=300.0, help="seconds of training a side may take")
    parser.add_argument("--model", default="smollm2")
    parser.add_argument("--profile", default="cpu")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    results = {name: run_side(name, extra, args.steps, args.model, args.profile, args.limit)
               for name, extra in SIDES.items()}
    ratio = results["before"]["s_per_step_wall"] / max(results["after"]["s_per_step_wall"], 1e-9)
    load = os.getloadavg()
    bound = ">= " if results["before"].get("lower_bound") else ""
    print(f"\nbefore / after (s per step, wall): {bound}{ratio:.2f}x   (load average now {load[0]:.1f} on "
          f"{os.cpu_count()} cores)")
    if args.out:
        args.out.write_text(json.dumps({"sides": results, "ratio": ratio, "loadavg": load}, indent=2))


if __name__ == "__main__":
    main()
