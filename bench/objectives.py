"""Every objective option on the default task, same model and step count, over several seeds.

    python bench/objectives.py --seeds 3               # all options x seeds 0,1,2 (cpu profile: 40 steps each)
    python bench/objectives.py --steps 20 --seeds 3 --objectives grpo dapo gspo
    python bench/objectives.py --seed-list 1 2 3 --objectives rloo
    python bench/objectives.py --seeds 3 --jobs 2      # two runs at once, one torch thread each (2 cores)
    python bench/objectives.py --model tiny --profile smoke --steps 2 --seeds 2 --objectives grpo rloo   # seconds

Runs `python train.py objective=<name> model=<model> profile=<profile> seed=<k> [profile.max_steps=<steps>]`
for each option and seed (arithmetic task; defaults: smollm2, profile=cpu, the profile's max_steps), one after
another, and writes into --out (default bench/results/objectives/):

    objectives.md          one row per option: each seed's base acc, trained acc and held-out delta; the mean
                           delta with its t-interval over the seeds; the pooled paired bootstrap over the
                           prompts (loopwright.evaluation.paired, as loopwright.compare); whether the delta is
                           >= +0.40 on every seed
    objectives.json        every figure above, each run's figures, and the methods
    objectives.png         per option: each seed's delta (dots), the mean with its seed interval (error bar),
                           the pooled bootstrap interval beside it, a dashed line at +0.40
    <name>.png             the option's reward curve for the first seed (copied from its run dir)
    runs/<name>/seed<k>/   the full run dirs (manifest, metrics, eval results)

Two intervals, because they answer different questions:
- over seeds: mean delta +- t(1 - alpha/2, N-1) * sd / sqrt(N), the seeds' deltas as the sample (N >= 2): how
  much the result moves when the training seed changes; with 2-5 seeds it is wide and assumes the deltas
  are roughly normal.
- pooled bootstrap: paired.compare(base of the seeds' runs, the seeds' runs): each held-out prompt's success is
  averaged over the seeds first, trained minus base, then a percentile bootstrap resamples the prompts (plus an
  exact sign test): how much the result depends on which prompts were held out.

Every output is rewritten after every run, so an interrupted bench keeps what it measured. Exit status 1 when
any run failed (its row says why).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from loopwright.runs.reader import read_manifest, read_metrics

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled", "TOKENIZERS_PARALLELISM": "false"}
GOAL = 0.40  # issue 14: held-out accuracy delta on every seed
SMALL_N = 10  # below this many seeds, the output says the seed interval rests on a small sample


# ----------------------------------------------------------------- statistics (pure)
def _t_two_sided(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with integer df >= 1 (Abramowitz & Stegun 26.7.3-4, exact finite sums)."""
    theta = math.atan(t / math.sqrt(df))
    s, c = math.sin(theta), math.cos(theta)
    if df % 2:  # odd
        if df == 1:
            return 2 * theta / math.pi
        term, total = c, c
        for k in range(3, df - 1, 2):  # c + 2/3 c^3 + 2*4/(3*5) c^5 + ... up to c^(df-2)
            term *= (k - 1) / k * c * c
            total += term
        return 2 / math.pi * (theta + s * total)
    term, total = 1.0, 1.0
    for k in range(2, df - 1, 2):  # 1 + 1/2 c^2 + 1*3/(2*4) c^4 + ... up to c^(df-2)
        term *= (k - 1) / k * c * c
        total += term
    return s * total


def t_quantile(p: float, df: int) -> float:
    """The p quantile (p > 0.5) of Student's t with df degrees of freedom: t_quantile(0.975, 2) = 4.303."""
    if not 0.5 < p < 1 or df < 1:
        raise ValueError(f"t_quantile needs 0.5 < p < 1 and df >= 1, got p={p}, df={df}")
    target, lo, hi = 2 * p - 1, 0.0, 1.0
    while _t_two_sided(hi, df) < target:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _t_two_sided(mid, df) < target else (lo, mid)
    return (lo + hi) / 2


def seed_interval(deltas: list[float], confidence: float = 0.95) -> dict:
    """Mean of the seeds' deltas and its t-interval (N >= 2; None for one seed)."""
    n = len(deltas)
    if n == 0:
        return {"n": 0, "mean": None, "sd": None, "t": None, "half_width": None, "interval": None,
                "method": "no completed seed"}
    mean = math.fsum(deltas) / n
    if n == 1:
        return {"n": 1, "mean": mean, "sd": None, "t": None, "half_width": None, "interval": None,
                "method": "one seed: no interval over seeds"}
    sd = statistics.stdev(deltas)
    t = t_quantile(1 - (1 - confidence) / 2, n - 1)
    half = t * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "sd": sd, "t": t, "half_width": half, "interval": [mean - half, mean + half],
            "method": f"t-interval over {n} seeds: mean +- t({1 - (1 - confidence) / 2:g}, {n - 1}) * sd / sqrt({n})"}


def summarize(name: str, runs: list[dict], pooled: dict | None, confidence: float = 0.95,
              goal: float = GOAL) -> dict:
    """One objective's row: the runs (one per seed, some may carry "error"), seed interval, pooled bootstrap, goal."""
    done = [r for r in runs if "error" not in r]
    deltas = [r["accuracy_delta"] for r in done]
    failed = [r["seed"] for r in runs if "error" in r]
    rewards = [r["final_reward"] for r in done if r.get("final_reward") is not None]
    over_seeds = seed_interval(deltas, confidence)
    return {
        "objective": name,
        "seeds": [r["seed"] for r in runs],
        "completed_seeds": [r["seed"] for r in done],
        "failed_seeds": failed,
        "base_accuracy": [r["base_accuracy"] for r in done],
        "trained_accuracy": [r["trained_accuracy"] for r in done],
        "accuracy_delta": deltas,
        "mean_delta": over_seeds["mean"],
        "over_seeds": over_seeds,
        "pooled_bootstrap": pooled,
        "goal": goal,
        # every seed that ran completed and reached the goal (a failed seed is not a yes)
        "goal_on_every_seed": bool(done) and not failed and all(d >= goal - 1e-9 for d in deltas),
        "mean_final_reward": statistics.mean(rewards) if rewards else None,
        "mean_train_s": statistics.mean(r["train_s"] for r in done) if done else None,
        "runs": runs,
    }


def pooled_bootstrap(run_dirs: list[Path], confidence: float, resamples: int) -> dict:
    """paired.compare(base of the runs, the runs) on success: the group averages each prompt over its runs."""
    from loopwright.evaluation import paired

    trained = paired.load_side([str(d) for d in run_dirs])
    result = paired.compare(paired.base_of(trained), trained, confidence=confidence, resamples=resamples, seed=0)
    s = result["metrics"]["success"]
    return {"n_runs": len(run_dirs), "n_prompts": result["n_prompts"], "base": s["a"], "trained": s["b"],
            "delta": s["delta"], "interval": s["interval"], "p_value": s["p_value"],
            "trained_better": s["b_better"], "base_better": s["a_better"], "tied": s["tied"],
            "verdict": result["verdict"], "confidence": confidence, "resamples": resamples,
            "warnings": result["warnings"],
            "method": ("paired percentile bootstrap over the held-out prompts, each prompt's success averaged over "
                       f"the {len(run_dirs)} seed(s) first (trained - base); exact two-sided sign test "
                       "(loopwright.evaluation.paired.compare)")}


# ----------------------------------------------------------------- running
def run_one(name: str, seed: int, model: str, profile: str, steps: int | None, run_dir: Path,
            threads: int | None = None) -> dict:
    if run_dir.exists():
        shutil.rmtree(run_dir)
    run_dir.parent.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "train.py", f"objective={name}", f"model={model}", f"profile={profile}", f"seed={seed}",
           "save_model=false", f"hydra.run.dir={run_dir}"]
    if steps is not None:
        cmd.append(f"profile.max_steps={steps}")
    env = ENV if threads is None else {**ENV, "OMP_NUM_THREADS": str(threads)}
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    if proc.returncode != 0 or not (run_dir / "manifest.json").is_file():
        last = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else f"exit {proc.returncode}"
        return {"objective": name, "seed": seed, "run_dir": str(run_dir), "error": last}
    manifest = read_manifest(run_dir)
    metrics = read_metrics(run_dir)
    rewards = [m["reward"] for m in metrics if "reward" in m]
    result = manifest["result"]
    return {
        "objective": name,
        "seed": seed,
        "run_dir": str(run_dir),
        "base_accuracy": result["base_accuracy"],
        "trained_accuracy": result["trained_accuracy"],
        "accuracy_delta": result["accuracy_delta"],
        "n_prompts": result.get("n_prompts"),
        # mean training reward over the last 5 logged steps that generated
        "final_reward": statistics.mean(rewards[-5:]) if rewards else None,
        "final_loss": metrics[-1].get("loss") if metrics else None,
        "train_s": manifest["timings"]["train_s"],
        "total_s": manifest["timings"]["total_s"],
        "steps": result["global_step"],
    }


# ----------------------------------------------------------------- outputs
def _f(x: float | None, fmt: str = ".3f") -> str:
    return "" if x is None else format(x, fmt)


def _interval(iv: list | None) -> str:
    return "n/a" if iv is None else f"[{iv[0]:+.3f}, {iv[1]:+.3f}]"


def header(config: dict, rows: list[dict] = ()) -> list[str]:
    seeds, conf = config["seeds"], config["confidence"]
    ran = sorted({x["steps"] for r in rows for x in r["runs"] if "error" not in x})
    steps = (f"{config['steps']} steps each" if config["steps"] is not None else
             f"{'/'.join(map(str, ran))} steps each (the profile's max_steps)" if ran else "the profile's max_steps")
    n = len(seeds)
    lines = [f"Default task (arithmetic), model={config['model']}, profile={config['profile']}, {steps}, "
             f"seeds {', '.join(map(str, seeds))}; held-out accuracy is greedy on the same prompts for every run.", "",
             f"- over seeds: mean delta and its {conf:.0%} t-interval, mean +- t({1 - (1 - conf) / 2:g}, N-1) * sd / "
             "sqrt(N) over the seeds' deltas (N >= 2)."]
    if n == 1:
        lines.append("  One seed: no interval over seeds; only the per-prompt bootstrap below.")
    elif n < SMALL_N:
        lines.append(f"  **{n} seeds is a small sample**: t({1 - (1 - conf) / 2:g}, {n - 1}) = "
                     f"{t_quantile(1 - (1 - conf) / 2, n - 1):.3f}, so the interval is wide, and it assumes the "
                     "seeds' deltas are roughly normal; read it as the seed-to-seed spread, not a precise bound.")
    lines += [f"- pooled: the {conf:.0%} paired percentile bootstrap over the held-out prompts "
              f"({config['resamples']} resamples), each prompt's success averaged over the seeds first, trained - "
              "base, and the exact sign test's p (loopwright.evaluation.paired, as `python -m loopwright.compare`).",
              f"- `>= {GOAL:+.2f} on every seed`: yes when every seed completed with a held-out delta >= {GOAL:+.2f}.",
              ""]
    return lines


def table(rows: list[dict], config: dict) -> str:
    conf = f"{config['confidence']:.0%}"
    lines = header(config, rows) + [
        f"| objective | seeds | base acc | trained acc | delta per seed | mean delta | {conf} interval over seeds "
        f"| pooled delta | {conf} bootstrap over prompts | sign test p | >= {GOAL:+.2f} on every seed "
        "| final reward (mean) | train s (mean) |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        done, total = len(r["completed_seeds"]), len(config["seeds"])
        seeds = f"{done}/{total}" + (f" (failed: {', '.join(map(str, r['failed_seeds']))})" if r["failed_seeds"]
                                     else "")
        p = r["pooled_bootstrap"]
        reward = _f(r["mean_final_reward"])
        if r["mean_final_reward"] is None and done:
            losses = [x["final_loss"] for x in r["runs"] if "error" not in x and x.get("final_loss") is not None]
            reward = f"n/a (SFT: loss {statistics.mean(losses):.3f})" if losses else "n/a"
        lines.append(" | ".join([
            f"| `{r['objective']}`", seeds,
            " / ".join(_f(x) for x in r["base_accuracy"]),
            " / ".join(_f(x) for x in r["trained_accuracy"]),
            " / ".join(_f(x, "+.3f") for x in r["accuracy_delta"]),
            _f(r["mean_delta"], "+.3f"),
            _interval(r["over_seeds"]["interval"]),
            _f(p and p["delta"], "+.3f"),
            _interval(p and p["interval"]),
            _f(p and p["p_value"], ".4g"),
            "yes" if r["goal_on_every_seed"] else "no",
            reward,
            _f(r["mean_train_s"], ".0f")]) + " |")
    errors = [x for r in rows for x in r["runs"] if "error" in x]
    if errors:
        lines += ["", "Failed runs:"] + [f"- `{x['objective']}` seed {x['seed']}: {x['error']}" for x in errors]
    return "\n".join(lines) + "\n"


def plot(rows: list[dict], path: Path, confidence: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(max(5.0, 1.1 * len(rows) + 2), 4.2))
    for i, r in enumerate(rows):
        deltas = r["accuracy_delta"]
        if not deltas:
            continue
        jitter = [(k - (len(deltas) - 1) / 2) * 0.06 for k in range(len(deltas))]
        ax.scatter([i - 0.12 + j for j in jitter], deltas, s=18, color="tab:blue", alpha=0.7,
                   label="each seed" if i == 0 else None, zorder=3)
        iv, mean = r["over_seeds"]["interval"], r["mean_delta"]
        yerr = [[mean - iv[0]], [iv[1] - mean]] if iv else None
        ax.errorbar([i], [mean], yerr=yerr, fmt="o", color="black", capsize=4, zorder=4,
                    label=f"mean, {confidence:.0%} t-interval over seeds" if i == 0 else None)
        p = r["pooled_bootstrap"]
        if p:
            lo, hi = p["interval"]
            ax.errorbar([i + 0.16], [p["delta"]], yerr=[[p["delta"] - lo], [hi - p["delta"]]],
                        fmt="s", color="tab:orange", capsize=3, markersize=4, zorder=4,
                        label=f"pooled, {confidence:.0%} bootstrap over prompts" if i == 0 else None)
    ax.axhline(GOAL, linestyle="--", color="tab:red", linewidth=1, label=f"goal {GOAL:+.2f}")
    ax.axhline(0, color="grey", linewidth=0.6)
    ax.set_xticks(range(len(rows)), [r["objective"] for r in rows], rotation=30, ha="right")
    ax.set_ylabel("held-out accuracy delta (trained - base)")
    ax.set_title(f"Objectives over {max((len(r['seeds']) for r in rows), default=0)} seed(s)")
    ax.legend(fontsize=7, loc="best")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_outputs(out: Path, rows: list[dict], config: dict) -> None:
    (out / "objectives.md").write_text(table(rows, config))
    (out / "objectives.json").write_text(json.dumps({"config": config, "objectives": rows}, indent=2))
    plot(rows, out / "objectives.png", config["confidence"])


def _as_completed(pool: ThreadPoolExecutor, fn, items):
    futures = [pool.submit(fn, item) for item in items]
    for future in as_completed(futures):
        yield future.result()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--objectives", nargs="*", default=None, help="options to run (default: all in conf/objective)")
    seeds = parser.add_mutually_exclusive_group()
    seeds.add_argument("--seeds", type=int, default=1, help="run seed=0..N-1 per option (default 1)")
    seeds.add_argument("--seed-list", type=int, nargs="+", default=None, help="these seeds instead of 0..N-1")
    parser.add_argument("--model", default="smollm2", help="model= option (default smollm2)")
    parser.add_argument("--profile", default="cpu", help="profile= option (default cpu)")
    parser.add_argument("--steps", type=int, default=None, help="profile.max_steps (default: the profile's)")
    parser.add_argument("--confidence", type=float, default=0.95)
    parser.add_argument("--resamples", type=int, default=10_000, help="bootstrap resamples (default 10000)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "objectives")
    parser.add_argument("--jobs", type=int, default=1,
                        help="runs at once, each with cores/jobs torch threads "
                             "unless OMP_NUM_THREADS is set (default 1)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be >= 1")
    if args.seed_list is None and args.seeds < 1:
        parser.error("--seeds must be >= 1")
    seed_list = args.seed_list if args.seed_list is not None else list(range(args.seeds))
    names = args.objectives or sorted(p.stem for p in (ROOT / "conf" / "objective").glob("*.yaml"))
    config = {"model": args.model, "profile": args.profile, "steps": args.steps, "seeds": seed_list,
              "objectives": names, "jobs": args.jobs, "confidence": args.confidence, "resamples": args.resamples,
              "goal": GOAL,
              "methods": {"over_seeds": "Student t-interval of the mean of the seeds' held-out deltas (N >= 2)",
                          "pooled_bootstrap": "loopwright.evaluation.paired.compare(base of the seeds' runs, the "
                                              "seeds' runs): paired percentile bootstrap over prompts, prompts "
                                              "averaged over seeds; exact sign test"}}
    args.out.mkdir(parents=True, exist_ok=True)
    # --jobs N: N runs at once, each on cores/N torch threads unless OMP_NUM_THREADS is set (throughput on a
    # small machine: one run does not keep two cores busy while it decodes)
    threads = None if args.jobs == 1 or "OMP_NUM_THREADS" in os.environ else max(1, (os.cpu_count() or 1) // args.jobs)
    pairs = [(name, seed) for name in names for seed in seed_list]
    finished: dict[tuple[str, int], dict] = {}
    rows: list[dict] = []

    def rows_so_far() -> list[dict]:
        out = []
        for name in names:
            runs = [finished[(name, seed)] for seed in seed_list if (name, seed) in finished]
            if not runs:
                continue
            done = [Path(r["run_dir"]) for r in runs if "error" not in r]
            pooled = pooled_bootstrap(done, args.confidence, args.resamples) if done else None
            out.append(summarize(name, runs, pooled, args.confidence))
        return out

    def one(pair: tuple[str, int]) -> tuple[tuple[str, int], dict]:
        name, seed = pair
        run_dir = args.out / "runs" / name / f"seed{seed}"
        run = run_one(name, seed, args.model, args.profile, args.steps, run_dir, threads)
        if seed == seed_list[0] and (run_dir / "reward_curve.png").is_file():
            shutil.copy(run_dir / "reward_curve.png", args.out / f"{name}.png")
        return pair, run

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for pair, run in pool.map(one, pairs) if args.jobs == 1 else _as_completed(pool, one, pairs):
            finished[pair] = run
            rows = rows_so_far()
            write_outputs(args.out, rows, config)  # rewritten after every run: an interrupted bench keeps it
            print(json.dumps({k: run[k] for k in run if k != "run_dir"}), flush=True)
    failed = any("error" in run for run in finished.values())
    print(table(rows, config))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
