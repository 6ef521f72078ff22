"""Two trainings at once, as the suite's two xdist workers run them: torch's default threads against one thread each.

    python bench/suite_threads.py                 # 2 rounds, the default model, 6 steps (~6 min on 2 cores)
    python bench/suite_threads.py --rounds 3 --steps 4

tests/conftest.py sets OMP_NUM_THREADS=1 when xdist runs more than one worker; this is the measurement behind it.
Each round starts two identical `train.py` runs side by side, once with the inherited thread count and once with
OMP_NUM_THREADS=1, alternated (one-thread first on odd rounds), and times the pair (wall clock until both end)
and the CPU seconds both used. Prints each round and the ratios one-thread / default (below 1: one thread wins).
Run it on an otherwise idle machine: the two sides share the cores with nothing else.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def pair(threads: str | None, steps: int, work: Path) -> tuple[float, float]:
    """(wall s until both runs end, CPU s of both) for two identical trainings started together."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled", "TOKENIZERS_PARALLELISM": "false"}
    if threads:
        env["OMP_NUM_THREADS"] = threads
    else:
        env.pop("OMP_NUM_THREADS", None)
    cmd = [sys.executable, str(ROOT / "train.py"), f"profile.max_steps={steps}", "task.n_eval=16", "save_model=false"]
    cpu0, start = _cpu_s(), time.perf_counter()
    procs = [subprocess.Popen([*cmd, f"hydra.run.dir={work / f'{threads}-{i}-{time.time_ns()}'}"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for i in range(2)]
    for proc in procs:
        _, err = proc.communicate()
        if proc.returncode:
            raise SystemExit(f"train.py failed ({proc.returncode}):\n{err[-2000:]}")
    return time.perf_counter() - start, _cpu_s() - cpu0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--steps", type=int, default=6)
    args = parser.parse_args()
    walls: dict[str, list[float]] = {"default": [], "one": []}
    cpus: dict[str, list[float]] = {"default": [], "one": []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            for side in (("one", "default") if r % 2 else ("default", "one")):
                wall, cpu = pair("1" if side == "one" else None, args.steps, Path(tmp))
                walls[side].append(wall)
                cpus[side].append(cpu)
                print(f"round {r + 1} {side:>7} threads: pair wall {wall:6.1f} s, CPU {cpu:6.1f} s", flush=True)
    wall_ratio = statistics.median(walls["one"]) / statistics.median(walls["default"])
    cpu_ratio = statistics.median(cpus["one"]) / statistics.median(cpus["default"])
    print(f"one thread / default: wall {wall_ratio:.2f}, CPU {cpu_ratio:.2f}")


if __name__ == "__main__":
    main()
