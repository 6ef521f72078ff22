"""loopwright against plain TRL on one GPU, two tasks, in one invocation (bench/gpu.sh runs it).

    python bench/gpu_bench.py                  # both tasks, 30 steps each, profile=gpu rollout=hf
    python bench/gpu_bench.py --dry-run        # print the commands and check that they compose; trains nothing
    python bench/gpu_bench.py --steps 20 --tasks default --budget 300

For each task, on the same chip, one after the other:
 1. loopwright: ``python train.py profile=gpu rollout=hf task=arithmetic [task overrides] profile.max_steps=N
    save_model=false guards.zero_signal_steps=null hydra.run.dir=<dir>`` (guards off so both sides run N steps);
 2. plain TRL: bench/plain_trl_grpo.py on that run's GRPOConfig kwargs, training rows and weights
    (the run's model dtype; bf16/fp16 from the kwargs), saving its trained model;
 3. that model's held-out accuracy, graded by loopwright's evaluator on the run's held-out prompts.
Both trainings run under bench/gen_timer.py, which records the seconds TRL spends inside its
generate blocks. Before anything trains, every loopwright command is composed (``--cfg job``): an
override that does not compose (profile=gpu or rollout=hf missing) stops the benchmark with Hydra's
message, exit 2.

Figures per side: s/step (wall around trainer.train() / steps, as bench/overhead.py), the median of
TRL's per-step ``step_time``, generation tokens/s (completion tokens, from TRL's logged
``completions/mean_length`` x completions per step, over the seconds inside TRL's generate blocks),
held-out accuracy; and the ratios loopwright / plain TRL. A figure that was not recorded is printed
as n/a with the reason, never estimated. All figures go to $OUT/gpu-<date>.json when $OUT is set
(the device tool), else bench/results/gpu-<date>.json.

Measured on an H200 (2026-12-04, docs/BENCHMARKS.md): HF generation ran at ~900 tokens/s for 32 sequences of a
24-layer random-init model, 5-13 s/step at 256 tokens; the estimate below, written before, was far too low for
--shapes. Time estimate (H200, SmolLM2-135M, not yet measured): a process start (Python, torch, TRL, CUDA
init) about 15 s; HF generation of one step's completions (64 x 32 tokens, kernel-launch bound)
about 0.5 s plus the policy and reference passes about 0.2 s: about 0.7 s/step, so 30 steps about
20 s. Per task: loopwright about 50 s (start, base and trained eval, training), plain TRL about 40 s,
its evaluation about 20 s; two tasks about 4 min, plus about 30 s for the one-off SmolLM2 GGUF
conversion. The default --budget (420 s) leaves room for steps 2x slower than estimated; phases
that would start with under 45 s left are skipped and reported as such.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from loopwright.runs import reader as runs_reader

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
MIN_PHASE_S = 45  # a phase that would start with less left than this is skipped

# Harder task: 0-15 addition and subtraction (512 distinct questions, 472 left for training). The
# base model's last number is right on 39% of these against 67% on 0-9 addition (probe in
# docs/BENCHMARKS.md): harder, with negative answers, yet still arithmetic it can do, so GRPO has
# reward signal. 0-50 addition and subtraction gave a non-zero reward in 3 of 27 steps: too hard.
TASKS: dict[str, dict[str, Any]] = {
    "default": {"label": "0-9 addition (task=arithmetic, the default)", "overrides": []},
    "hard": {"label": "0-15 addition and subtraction (task=arithmetic)",
             "overrides": ["task.operations=[+,-]", "task.max_operand=15", "task.n_train=472"]},
}
# Random-init models of real shapes (issue 27, call 1): no weights to carry, so they run on a lent machine that
# cannot download. Qwen2ForCausalLM with Qwen2.5's layer sizes and chat template, but SmolLM2's vocabulary (49152
# rows, not 151936: the tokenizer is the one loopwright ships), so the embedding is smaller than the real model's.
# Random weights never emit EOS: every completion runs to the length budget, so the token count per step is fixed.
# They learn nothing, so no held-out evaluation is run on them (accuracy is n/a with that reason).
_QWEN2 = ["model=tiny_qwen3", "model.random_init.architecture=qwen2", "model.random_init.head_dim=null",
          "model.random_init.chat_template=qwen2_5", "model.thinking=null"]
SHAPES: dict[str, dict[str, Any]] = {
    "qwen2.5-0.5b": {"label": "random-init Qwen2.5-0.5B shape (24 layers, hidden 896; SmolLM2 vocabulary)",
                     "overrides": [*_QWEN2, "model.random_init.num_hidden_layers=24",
                                   "model.random_init.hidden_size=896",
                                   "model.random_init.intermediate_size=4864",
                                   "model.random_init.num_attention_heads=14",
                                   "model.random_init.num_key_value_heads=2"]},
    "qwen2.5-1.5b": {"label": "random-init Qwen2.5-1.5B shape (28 layers, hidden 1536; SmolLM2 vocabulary)",
                     "overrides": [*_QWEN2, "model.random_init.num_hidden_layers=28",
                                   "model.random_init.hidden_size=1536",
                                   "model.random_init.intermediate_size=8960",
                                   "model.random_init.num_attention_heads=12",
                                   "model.random_init.num_key_value_heads=2"]},
    # the same path at a size the CPU tests can afford
    "qwen2-tiny": {"label": "random-init 2-layer Qwen2 (the CPU test's stand-in for the shapes above)",
                   "overrides": [*_QWEN2, "model.random_init.num_hidden_layers=2", "model.random_init.hidden_size=64",
                                 "model.random_init.intermediate_size=128", "model.random_init.num_attention_heads=2",
                                 "model.random_init.num_key_value_heads=1"]},
}
NO_EVAL_WHY = "random-init weights learn nothing: not evaluated"
GENERATE_MARK = "generate"  # TRL's profiled generation blocks: transformers.generate(_batch), vLLM.generate
PEAK_MARK = "peak_cuda_memory_train"  # bench/gen_timer.py: torch.cuda.max_memory_allocated() over trainer.train()


# ---------------------------------------------------------------- pure pieces (tested on CPU)

def read_jsonl(path: Path) -> list[dict]:
    """JSON lines of a file; a missing file is no lines, a torn last line or a damaged one is dropped (and
    logged with its file and line: loopwright.runs.reader, the project's one reader of run files)."""
    return runs_reader.read_jsonl(path, missing_ok=True, skip_damaged=True)


def step_rows(rows: list[dict]) -> list[dict]:
    """The per-step training logs (metrics.jsonl or TRL's log_history), in step order, summaries dropped."""
    return sorted((r for r in rows if "step" in r and "train_runtime" not in r), key=lambda r: r["step"])


def completions_per_step(kwargs: dict) -> float:
    """Completions generated per optimizer step on one device (GRPO counts completions in the batch)."""
    return (float(kwargs["per_device_train_batch_size"]) * float(kwargs.get("gradient_accumulation_steps", 1))
            / float(kwargs.get("num_iterations", 1) or 1))


def completion_tokens(rows: list[dict], per_step: float) -> float | None:
    """Completion tokens generated: each log line's mean length x completions x the steps it covers."""
    total, previous, seen = 0.0, 0, False
    for row in step_rows(rows):
        length = row.get("completions/mean_length")
        steps = int(row["step"]) - previous
        previous = int(row["step"])
        if isinstance(length, (int, float)) and steps > 0:
            total += float(length) * per_step * steps
            seen = True
    return total if seen else None


def generation_seconds(timer_rows: list[dict]) -> tuple[float | None, int]:
    """(seconds inside TRL's generate blocks, number of blocks); None when none was recorded."""
    times = [float(r["s"]) for r in timer_rows if GENERATE_MARK in str(r.get("name", ""))]
    return (sum(times) if times else None), len(times)


def median_step_time(rows: list[dict]) -> float | None:
    times = [float(r["step_time"]) for r in step_rows(rows) if isinstance(r.get("step_time"), (int, float))]
    return statistics.median(times) if times else None


def ratio(a: float | None, b: float | None) -> float | None:
    return a / b if isinstance(a, (int, float)) and isinstance(b, (int, float)) and b else None


def side_figures(*, s_per_step: float | None, steps: int | None, rows: list[dict], kwargs: dict | None,
                 timer_rows: list[dict], trained_accuracy: float | None, accuracy_why: str | None) -> dict:
    """One side's figures, with a reason for every one that is missing (``missing``: figure -> why)."""
    missing: dict[str, str] = {}
    tokens = completion_tokens(rows, completions_per_step(kwargs)) if kwargs else None
    if tokens is None:
        missing["completion_tokens"] = "no completions/mean_length in the step logs"
    gen_s, gen_calls = generation_seconds(timer_rows)
    if gen_s is None:
        missing["generation_s"] = "no generate block timed (bench/gen_timer.py recorded none)"
    tps = ratio(tokens, gen_s)
    if tps is None:
        missing["gen_tokens_per_s"] = missing.get("generation_s") or missing.get("completion_tokens") or "n/a"
    step_med = median_step_time(rows)
    if step_med is None:
        missing["step_time_median_s"] = "no step_time in the step logs"
    if s_per_step is None:
        missing["s_per_step"] = "the training did not finish"
    if trained_accuracy is None:
        missing["trained_accuracy"] = accuracy_why or "not measured"
    peaks = [float(r["bytes"]) for r in timer_rows if r.get("name") == PEAK_MARK]
    if not peaks:
        missing["peak_gpu_memory_gb"] = "no peak recorded (no CUDA, or the training did not finish)"
    lengths = [float(r["completions/mean_length"]) for r in step_rows(rows)
               if isinstance(r.get("completions/mean_length"), (int, float))]
    return {"s_per_step": s_per_step, "steps": steps, "step_time_median_s": step_med,
            "completion_tokens": tokens, "generation_s": gen_s, "generation_calls": gen_calls,
            "gen_tokens_per_s": tps, "mean_completion_length": statistics.mean(lengths) if lengths else None,
            "peak_gpu_memory_gb": max(peaks) / 2**30 if peaks else None,
            "trained_accuracy": trained_accuracy, "missing": missing}


RATIO_KEYS = ("s_per_step", "step_time_median_s", "gen_tokens_per_s", "peak_gpu_memory_gb", "trained_accuracy")
TABLE_ROWS = (("s/step (train wall / steps)", "s_per_step", "{:.3f}"),
              ("s/step (median TRL step_time)", "step_time_median_s", "{:.3f}"),
              ("generation tokens/s", "gen_tokens_per_s", "{:.0f}"),
              ("peak GPU memory in train (GiB)", "peak_gpu_memory_gb", "{:.2f}"),
              ("held-out accuracy (trained)", "trained_accuracy", "{:.3f}"))


def ratios(lw: dict, plain: dict) -> dict[str, float | None]:
    return {k: ratio(lw.get(k), plain.get(k)) for k in RATIO_KEYS}


def accuracy_difference(lw: dict, plain: dict) -> float | None:
    """Trained accuracy, loopwright minus plain TRL (the ratio is undefined when plain TRL scores 0)."""
    a, b = lw.get("trained_accuracy"), plain.get("trained_accuracy")
    return a - b if isinstance(a, (int, float)) and isinstance(b, (int, float)) else None


def _cell(value: Any, fmt: str) -> str:
    return fmt.format(value) if isinstance(value, (int, float)) else "n/a"


def format_table(title: str, lw: dict, plain: dict, base_accuracy: float | None = None) -> str:
    """The per-task table: figures of both sides and loopwright / plain TRL, then why any cell is n/a."""
    rat = ratios(lw, plain)
    rows = [("figure", "loopwright", "plain TRL", "loopwright/plain")]
    rows += [(label, _cell(lw.get(key), fmt), _cell(plain.get(key), fmt), _cell(rat[key], "{:.3f}"))
             for label, key, fmt in TABLE_ROWS]
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = [f"== {title} =="]
    lines += ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
              for r in rows]
    lines.insert(2, "  ".join("-" * w for w in widths))
    if base_accuracy is not None:
        lines.append(f"base held-out accuracy {base_accuracy:.3f} (one base model, the same prompts for both sides)")
    diff = accuracy_difference(lw, plain)
    if diff is not None:
        lines.append(f"trained accuracy, loopwright - plain TRL: {diff:+.3f}")
    shown = {key for _, key, _ in TABLE_ROWS}
    for side, figures in (("loopwright", lw), ("plain TRL", plain)):
        lines += [f"n/a {key} ({side}): {why}" for key, why in figures.get("missing", {}).items() if key in shown]
    return "\n".join(lines)


def split_case(case: str) -> tuple[str, str | None]:
    """A case is a task, or ``task@shape`` (a random-init model of that shape, SHAPES)."""
    task, _, shape = case.partition("@")
    return task, shape or None


def case_label(case: str) -> str:
    task, shape = split_case(case)
    return TASKS[task]["label"] + (f", {SHAPES[shape]['label']}" if shape else "")


def task_overrides(task: str, profile: str, rollout: str | None, model: str | None, steps: int,
                   extra: list[str]) -> list[str]:
    task, shape = split_case(task)
    model_over = SHAPES[shape]["overrides"] + ["eval.enabled=false"] if shape else (
        [f"model={model}"] if model else [])
    return [f"profile={profile}", *([f"rollout={rollout}"] if rollout else []), *model_over,
            "task=arithmetic", *TASKS[task]["overrides"], f"profile.max_steps={steps}", "save_model=false",
            "guards.zero_signal_steps=null", *extra]


def commands(task: str, work: Path, args: argparse.Namespace, python: str = sys.executable) -> dict[str, list[str]]:
    """The four commands of one case (a task, or task@shape): compose check, loopwright, plain TRL, plain TRL's
    evaluation."""
    over = task_overrides(task, args.profile, args.rollout, args.model, args.steps, args.override)
    run_dir, plain_dir = work / task / "loopwright", work / task / "plain"
    return {
        "compose": [python, str(ROOT / "train.py"), "--cfg", "job", *over],
        "loopwright": [python, str(BENCH / "gen_timer.py"), str(ROOT / "train.py"), *over, f"hydra.run.dir={run_dir}"],
        "plain": [python, str(BENCH / "gen_timer.py"), str(BENCH / "plain_trl_grpo.py"), str(run_dir),
                  str(plain_dir), *([] if split_case(task)[1] else ["--save-model"])],
        "plain_eval": [python, str(BENCH / "gpu_bench.py"), "--eval-saved", str(plain_dir / "model"),
                       "--run-dir", str(run_dir), "--eval-out", str(plain_dir / "eval.json")],
    }


def results_path(out_env: str | None, now: _dt.datetime) -> Path:
    folder = Path(out_env) if out_env else BENCH / "results"
    path = folder / f"gpu-{now:%Y-%m-%d}.json"
    return path if not path.exists() else folder / f"gpu-{now:%Y-%m-%d-%H%M%S}.json"


# ---------------------------------------------------------------- running (GPU machine)

ENV = {**os.environ, "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled", "TOKENIZERS_PARALLELISM": "false",
       "PYTHONUNBUFFERED": "1"}


def run(cmd: list[str], log: Path, timeout: float, env: dict | None = None) -> dict:
    """Run ``cmd`` with stdout+stderr into ``log``, killed after ``timeout`` s.

    The child stays in our process group (no new session): gpu.sh's ``timeout`` signals the whole
    group, and the device tool ends what a command leaves behind only if it did not start a session.
    """
    log.parent.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    with open(log, "w") as handle:
        proc = subprocess.Popen(cmd, cwd=ROOT, env={**ENV, **(env or {})}, stdout=handle, stderr=subprocess.STDOUT)
        try:
            rc, timed_out = proc.wait(timeout=timeout), False
        except subprocess.TimeoutExpired:
            proc.kill()
            rc, timed_out = proc.wait(), True
    return {"rc": rc, "timed_out": timed_out, "wall_s": round(time.monotonic() - start, 2), "log": str(log)}


def tail(path: str | Path, chars: int = 3000) -> str:
    text = Path(path).read_text(errors="replace") if Path(path).is_file() else ""
    return text[-chars:]


def check_composes(cmds: dict[str, dict[str, list[str]]], timeout: float = 120) -> list[str]:
    """Problems: each loopwright command whose overrides do not compose, with Hydra's own message."""
    problems = []
    for task, cmd in cmds.items():
        proc = subprocess.run(cmd["compose"], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0:
            problems.append(f"task {task}: `{shlex.join(cmd['compose'][1:])}` does not compose (exit "
                            f"{proc.returncode}):\n{(proc.stderr or proc.stdout).strip()[-1500:]}")
    return problems


def _load_json(path: Path) -> Any:
    """A JSON file of a side (an object, or TRL's log_history list), or None when it is missing or damaged: that
    side's figures then read n/a."""
    try:
        return runs_reader.read_json(path)
    except (OSError, runs_reader.DamagedFile):
        return None


def bench_task(task: str, cmd: dict[str, list[str]], work: Path, deadline: float, cap: float) -> dict:
    run_dir, plain_dir = work / task / "loopwright", work / task / "plain"
    name, shape = split_case(task)
    out: dict[str, Any] = {"label": case_label(task), "phases": {},
                           "overrides": (SHAPES[shape]["overrides"] if shape else []) + TASKS[name]["overrides"]}

    def phase(name: str, env: dict | None = None) -> dict | None:
        left = deadline - time.monotonic()
        if left < MIN_PHASE_S:
            out["phases"][name] = {"skipped": f"time budget: {left:.0f} s left"}
            print(f"[gpu_bench] {task}/{name}: skipped ({left:.0f} s of the budget left)", flush=True)
            return None
        print(f"[gpu_bench] {task}/{name}: {shlex.join(cmd[name][1:])}", flush=True)
        result = run(cmd[name], work / task / f"{name}.log", min(cap, left - 5), env)
        out["phases"][name] = result
        status = "timed out" if result["timed_out"] else f"exit {result['rc']}"
        print(f"[gpu_bench] {task}/{name}: {status} after {result['wall_s']} s", flush=True)
        if result["rc"] != 0:
            print(tail(result["log"]), flush=True)
        return result

    phase("loopwright", {"GEN_TIMER_OUT": str(work / task / "lw_gen.jsonl")})
    manifest = _load_json(run_dir / "manifest.json") or {}
    kwargs = (manifest.get("trainer") or {}).get("kwargs_from_config")
    evals = (_load_json(run_dir / "eval_results.json") or {}).get("summary", {})
    timings = manifest.get("timings", {})
    out["loopwright"] = side_figures(
        s_per_step=timings.get("train_s_per_step"), steps=manifest.get("global_step"),
        rows=read_jsonl(run_dir / "metrics.jsonl"), kwargs=kwargs,
        timer_rows=read_jsonl(work / task / "lw_gen.jsonl"), trained_accuracy=evals.get("trained_accuracy"),
        accuracy_why=NO_EVAL_WHY if shape else "no eval_results.json in the run dir")
    out["base_accuracy"] = evals.get("base_accuracy")
    out["manifest"] = {k: manifest.get(k) for k in ("status", "device", "packages", "host", "timings", "choices")}
    out["trainer_kwargs"] = kwargs
    if manifest.get("status") == "completed" and kwargs:
        phase("plain", {"GEN_TIMER_OUT": str(work / task / "plain_gen.jsonl")})
        if (plain_dir / "model").is_dir():
            phase("plain_eval")
        elif shape:
            out["phases"]["plain_eval"] = {"skipped": NO_EVAL_WHY}
    else:
        out["phases"]["plain"] = {"skipped": "the loopwright run did not complete: no config to copy"}
    plain_result = _load_json(plain_dir / "result.json")
    plain_eval = _load_json(plain_dir / "eval.json") or {}
    history = _load_json(plain_dir / "log_history.json") or []
    out["plain_trl"] = side_figures(
        s_per_step=(plain_result or {}).get("s_per_step"), steps=(plain_result or {}).get("steps"),
        rows=history if isinstance(history, list) else [], kwargs=kwargs,
        timer_rows=read_jsonl(work / task / "plain_gen.jsonl"), trained_accuracy=plain_eval.get("accuracy"),
        accuracy_why=NO_EVAL_WHY if shape else "its saved model was not evaluated (see phases.plain_eval)")
    out["plain_trl"]["precision"] = {k: (plain_result or {}).get(k) for k in ("dtype", "bf16", "fp16")}
    out["ratios_loopwright_over_plain"] = ratios(out["loopwright"], out["plain_trl"])
    out["trained_accuracy_difference"] = accuracy_difference(out["loopwright"], out["plain_trl"])
    return out


def write_logs(path: Path, work: Path, chars: int = 20000) -> None:
    """The end of every child's log, in one file (the device tool brings back at most 8 files)."""
    parts = [f"===== {log.relative_to(work)} (last {chars} characters)\n{tail(log, chars)}"
             for log in sorted(work.glob("*/*.log"))]
    path.write_text("\n".join(parts))


def eval_saved(model_dir: Path, run_dir: Path, out: Path) -> None:
    """Held-out accuracy of a saved model, exactly as loopwright grades its own run (same rows, reward, lengths)."""
    import torch
    from omegaconf import OmegaConf
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from loopwright import rewards
    from loopwright.evaluation.held_out import evaluate_policy, summarize
    from loopwright.models import fill_tokenizer_defaults

    cfg = runs_reader.read_manifest(run_dir)["config"]
    rows = read_jsonl(run_dir / "data" / "held_out.jsonl")
    reward_fn = rewards.combined(rewards.build(OmegaConf.create(cfg["reward"])))
    dtype = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}[cfg["model"]["dtype"]]
    model = AutoModelForCausalLM.from_pretrained(str(model_dir), dtype=dtype)
    model.to("cuda" if torch.cuda.is_available() else "cpu")
    tokenizer = fill_tokenizer_defaults(AutoTokenizer.from_pretrained(str(model_dir)),
                                        getattr(model.config, "max_position_embeddings", None))
    max_new = int(cfg["eval"]["max_new_tokens"] or cfg["profile"]["max_completion_length"])
    _, scores = evaluate_policy(model, tokenizer, rows, reward_fn, max_new, int(cfg["profile"]["eval_batch_size"]))
    summary = summarize(scores, float(cfg["eval"]["success_threshold"]))
    out.write_text(json.dumps({**summary, "n_prompts": len(rows), "max_new_tokens": max_new}))
    print(json.dumps(summary))


def _gpu_info() -> str | None:
    try:
        proc = subprocess.run(["nvidia-smi", "--query-gpu=name,compute_cap,driver_version,memory.total",
                               "--format=csv,noheader"], capture_output=True, text=True, timeout=15)
        return proc.stdout.strip() or None
    except (OSError, subprocess.TimeoutExpired):
        return None


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--steps", type=int, default=30, help="training steps per run (default 30)")
    p.add_argument("--tasks", default="default,hard", help=f"comma list of {sorted(TASKS)} (default: both)")
    p.add_argument("--profile", default="gpu", help="profile= option (default gpu)")
    p.add_argument("--rollout", default="hf", help="rollout= option; '' leaves the group out (default hf)")
    p.add_argument("--model", default=None, help="model= option (default: the config's, smollm2)")
    p.add_argument("--shapes", default=None, help=f"comma list of {sorted(SHAPES)}: random-init models of those "
                   "shapes instead of --model, each with every task (no weights needed, no evaluation)")
    p.add_argument("--override", action="append", default=[], help="extra train.py override (repeatable)")
    p.add_argument("--budget", type=float, default=420, help="seconds for everything (default 420)")
    p.add_argument("--per-run-timeout", type=float, default=240, help="seconds at most per child (default 240)")
    p.add_argument("--work-dir", default=None, help="run dirs and logs (default: a new temp dir)")
    p.add_argument("--dry-run", action="store_true", help="print the commands, check they compose, run nothing")
    p.add_argument("--eval-saved", default=None, help=argparse.SUPPRESS)
    p.add_argument("--run-dir", default=None, help=argparse.SUPPRESS)
    p.add_argument("--eval-out", default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    unknown = [t for t in args.tasks.split(",") if t not in TASKS]
    if unknown:
        p.error(f"--tasks: unknown {unknown}; choose from {sorted(TASKS)}")
    unknown = [s for s in (args.shapes or "").split(",") if s and s not in SHAPES]
    if unknown:
        p.error(f"--shapes: unknown {unknown}; choose from {sorted(SHAPES)}")
    return args


def main(argv: list[str] | None = None) -> int:
    started = time.monotonic()
    args = parse_args(argv)
    if args.eval_saved:
        eval_saved(Path(args.eval_saved), Path(args.run_dir), Path(args.eval_out))
        return 0
    tasks = [f"{t}@{shape}" if shape else t for shape in (args.shapes.split(",") if args.shapes else [None])
             for t in args.tasks.split(",")]
    if args.work_dir:
        work = Path(args.work_dir)
    else:  # a dry run creates nothing
        work = Path(tempfile.gettempdir()) / "gpu_bench-DRYRUN" if args.dry_run else Path(
            tempfile.mkdtemp(prefix="gpu_bench-"))
    cmds = {t: commands(t, work, args) for t in tasks}
    for task, cmd in cmds.items():
        print(f"# case {task}: {case_label(task)}")
        for name in ("loopwright", "plain", "plain_eval"):
            print(f"{name}: {shlex.join(cmd[name])}")
    problems = check_composes(cmds)
    if problems:
        print("FAIL: the loopwright config does not compose; nothing was run.\n" + "\n".join(problems) +
              f"\n(profile={args.profile}"
              + (f" / rollout={args.rollout}" if args.rollout else "") + " must exist in conf/; "
              "--profile/--rollout choose others)", file=sys.stderr)
        return 2
    print("compose check: every loopwright command composes", flush=True)
    if args.dry_run:
        return 0
    deadline = started + args.budget
    report: dict[str, Any] = {
        "date": _dt.datetime.now().isoformat(timespec="seconds"), "gpu": _gpu_info(),
        "settings": {"steps": args.steps, "profile": args.profile, "rollout": args.rollout, "model": args.model,
                     "shapes": args.shapes,
                     "overrides": args.override, "budget_s": args.budget, "tasks": tasks},
        "tasks": {}}
    out_path = results_path(os.environ.get("OUT"), _dt.datetime.now())
    out_path.parent.mkdir(parents=True, exist_ok=True)
    for task in tasks:
        report["tasks"][task] = result = bench_task(task, cmds[task], work, deadline, args.per_run_timeout)
        out_path.write_text(json.dumps(report, indent=1))  # after every task: a later kill keeps what was measured
        if os.environ.get("OUT"):
            write_logs(out_path.with_name(out_path.stem + "-logs.txt"), work)
        print(format_table(f"{task}: {result['label']}, {args.steps} steps, profile={args.profile}"
                           + (f" rollout={args.rollout}" if args.rollout else ""),
                           result["loopwright"], result["plain_trl"], result.get("base_accuracy")), flush=True)
    report["total_s"] = round(time.monotonic() - started, 1)
    out_path.write_text(json.dumps(report, indent=1))
    if os.environ.get("OUT"):
        write_logs(out_path.with_name(out_path.stem + "-logs.txt"), work)
    print(f"[gpu_bench] figures: {out_path} (work dir {work}; {report['total_s']} s)", flush=True)
    failed = [f"{t}/{n}" for t, r in report["tasks"].items() for n, ph in r["phases"].items()
              if ph.get("rc") not in (0, None) or ph.get("timed_out")]
    if failed:
        print(f"[gpu_bench] phases that failed: {failed}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
