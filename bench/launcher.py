"""local_gpus at 2 slots against Hydra's basic launcher (and provider=ray): the same N-job sweep, wall time.

    python bench/launcher.py                    # 4 jobs of model=tiny profile=smoke, 1 round
    python bench/launcher.py --jobs 6 --rounds 2 --slots 2
    python bench/launcher.py --ray              # + provider=ray on a local cluster of `slots` CPUs

Both sides run the identical command (`train.py -m model=tiny profile=smoke seed=1..N
save_model=false`), differing only in the provider: `provider=local` (Hydra's basic
launcher: one process, jobs one after another, torch's default threads) and
`provider=local_gpus provider.slots=S` (a fresh process per job, S at a time,
cores // S threads each). The sides alternate per round; each side's time is the
whole command, start-up included. Prints each time, the machine load, and the ratio
basic / local_gpus (goal >= 1.7 at 2 slots on 2 cores).

``--ray`` adds a third side, ``provider=ray provider.cluster_cpus=S`` (each job a Ray
task asking for one CPU, on a local cluster the launcher starts and stops), and
prints the Ray launcher's overhead per job against local_gpus: (ray - local_gpus) /
jobs, with and without the cluster's start-up (the launcher logs how long it took),
and the ratio of their per-job wall times.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from loopwright.runs.reader import read_manifest

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled", "TOKENIZERS_PARALLELISM": "false"}


CLUSTER_START = re.compile(r"ray: started a local cluster in ([0-9.]+) s")


def sweep_seconds(provider_args: list[str], jobs: int, sweep_dir: Path, steps: int) -> tuple[float, str]:
    cmd = [sys.executable, "train.py", "-m", *provider_args, "model=tiny", "profile=smoke", "save_model=false",
           f"profile.max_steps={steps}", "guards.zero_signal_steps=null",
           "seed=" + ",".join(str(i) for i in range(1, jobs + 1)), f"hydra.sweep.dir={sweep_dir}"]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, env=ENV, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"command failed: {' '.join(cmd)}\n{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")
    done = [read_manifest(p.parent)["status"] for p in sweep_dir.glob("*/manifest.json")]
    if done != ["completed"] * jobs:
        sys.exit(f"expected {jobs} completed jobs in {sweep_dir}, found {done}")
    return elapsed, proc.stdout + proc.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=4)
    parser.add_argument("--slots", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=1)
    # profile=smoke's 2 steps take ~1 s in-process; a fresh process per job costs ~4 s of
    # imports, so short jobs measure start-up, longer ones the parallelism.
    parser.add_argument("--steps", type=int, default=2, help="profile.max_steps of each job")
    parser.add_argument("--ray", action="store_true", help="also provider=ray on a local cluster of --slots CPUs")
    args = parser.parse_args()

    sides = {"basic": ["provider=local"], "local_gpus": ["provider=local_gpus", f"provider.slots={args.slots}"]}
    if args.ray:
        sides["ray"] = ["provider=ray", f"provider.cluster_cpus={args.slots}", "provider.num_cpus=1"]
    times: dict[str, list[float]] = {name: [] for name in sides}
    cluster_start: list[float] = []
    print(f"load before: {os.getloadavg()}  cores: {len(os.sched_getaffinity(0))}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            order = list(sides) if r % 2 == 0 else list(reversed(sides))
            for name in order:
                seconds, output = sweep_seconds(sides[name], args.jobs, Path(tmp) / f"{name}-{r}", args.steps)
                times[name].append(seconds)
                if name == "ray":
                    cluster_start += [float(m) for m in CLUSTER_START.findall(output)]
                print(f"round {r + 1}: {name:<10} {args.jobs} jobs in {seconds:7.1f} s   load {os.getloadavg()}",
                      flush=True)
    basic, pooled = statistics.median(times["basic"]), statistics.median(times["local_gpus"])
    per_round = [round(b / p, 2) for b, p in zip(times["basic"], times["local_gpus"])]  # paired: same load
    result = {"jobs": args.jobs, "steps": args.steps, "slots": args.slots, "rounds": args.rounds,
              "basic_s": round(basic, 1),
              "local_gpus_s": round(pooled, 1), "speedup": round(basic / pooled, 2), "speedup_per_round": per_round,
              "load_after": os.getloadavg()}
    if args.ray:
        result.update(_ray_row(times, cluster_start, args.jobs, pooled))
    print(json.dumps(result))
    print(f"local_gpus at {args.slots} slots is {basic / pooled:.2f}x faster than the basic launcher (goal >= 1.7)")
    if args.ray:
        print(f"ray: {result['ray_overhead_per_job_s']:+.1f} s per job against local_gpus "
              f"({result['ray_overhead_per_job_without_start_s']:+.1f} s without the {result['ray_cluster_start_s']} s "
              f"cluster start); per-job wall time ray / local_gpus = {result['ray_vs_local_gpus']:.2f}")


def _ray_row(times: dict[str, list[float]], cluster_start: list[float], jobs: int, pooled: float) -> dict:
    ray_s = statistics.median(times["ray"])
    start = statistics.median(cluster_start) if cluster_start else 0.0
    return {"ray_s": round(ray_s, 1), "ray_cluster_start_s": round(start, 1),
            "ray_overhead_per_job_s": round((ray_s - pooled) / jobs, 2),
            "ray_overhead_per_job_without_start_s": round((ray_s - start - pooled) / jobs, 2),
            "ray_vs_local_gpus": round(ray_s / pooled, 2),
            "ray_vs_local_gpus_per_round": [round(r / p, 2) for r, p in zip(times["ray"], times["local_gpus"])]}


if __name__ == "__main__":
    main()
