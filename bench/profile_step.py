"""Where a training step's time goes, measured on a real `train.py` run.

    python bench/profile_step.py                          # the default job, 10 steps (~2 min on 2 idle cores)
    python bench/profile_step.py --steps 40 -- profile.precision=bf16
    python bench/profile_step.py --model tiny --profile smoke --steps 2 --out /tmp/p.json

Runs train.py in this process with timers around the pieces of a GRPO step:
TRL's own profiled blocks (trl.extras.profiling: `_prepare_inputs`, the generate call,
`_get_per_token_logps_and_entropies`, `_calculate_rewards`, `compute_loss`, vLLM's
`sync_weights`), plus accelerate's `backward` and the optimizer step, which TRL does not
time. Each block is attributed to its innermost enclosing block, so nothing is counted
twice; what no timer covers (scheduler, logging, callbacks, data loading) is "rest" =
trainer.train() wall time minus the timed parts. Prints a table (seconds per step, share)
and writes it as JSON with --out. The first step (warm-up) is reported separately.
"""

from __future__ import annotations

import argparse
import json
import os
import runpy
import sys
import time
from collections import defaultdict
from pathlib import Path

from loopwright.runs.reader import read_manifest

ROOT = Path(__file__).resolve().parents[1]

# TRL block name (ProfilingContext.name's last part) -> the category it is reported under
CATEGORIES = {
    "transformers.generate": "generation", "transformers.generate_batch": "generation",
    "vLLM.generate": "generation", "sync_weights": "weight sync to vLLM",
    "_calculate_rewards": "reward", "compute_loss": "loss forward (policy log-probs)",
    "_prepare_inputs": "other rollout bookkeeping",
    "backward": "backward", "optimizer.step": "optimizer step",
    # episodes (task.multi_turn): what the tool loop does between its generate calls (running the tools,
    # the tool-result suffix tokens, parsing), and rendering + tokenising the prompts with the tools
    "_tool_call_loop": "tool loop (tools, suffix tokens, parsing)", "_tokenize_prompts": "prompt rendering",
}
LOGPS = "_get_per_token_logps_and_entropies"  # old/ref log-probs under _prepare_inputs, policy under compute_loss


class Recorder:
    """Exclusive time per block: a block's own time minus its timed children's."""

    def __init__(self) -> None:
        self.stack: list[list] = []  # [name, start, children_s]
        self.blocks: list[dict] = []
        self.step = 0

    def enter(self, name: str) -> None:
        self.stack.append([name, time.perf_counter(), 0.0])

    def exit(self) -> None:
        name, start, children = self.stack.pop()
        total = time.perf_counter() - start
        parent = self.stack[-1][0] if self.stack else None
        if self.stack:
            self.stack[-1][2] += total
        self.blocks.append({"name": name, "parent": parent, "s": total - children, "step": self.step})


def category(block: dict) -> str:
    if block["name"] == LOGPS:
        return "old/ref log-probs" if block["parent"] == "_prepare_inputs" else "loss forward (policy log-probs)"
    return CATEGORIES.get(block["name"], "reward" if block["parent"] == "_calculate_rewards" else "other timed")


def install(recorder: Recorder) -> None:
    import accelerate
    from accelerate.optimizer import AcceleratedOptimizer
    from transformers import TrainerCallback
    from transformers import trainer as hf_trainer
    from trl.extras import profiling

    cls = profiling.ProfilingContext
    original_enter, original_exit = cls.__enter__, cls.__exit__

    def __enter__(self):
        recorder.enter(self.name.rsplit(".", 1)[-1] if "generate" not in self.name else
                       self.name.split(".", 1)[-1])
        return original_enter(self)

    def __exit__(self, *exc):
        out = original_exit(self, *exc)
        recorder.exit()
        return out

    cls.__enter__, cls.__exit__ = __enter__, __exit__

    def timed(name, fn):
        def wrapper(*a, **kw):
            recorder.enter(name)
            try:
                return fn(*a, **kw)
            finally:
                recorder.exit()
        return wrapper

    from trl import GRPOTrainer

    for name in ("_tool_call_loop", "_tokenize_prompts"):
        setattr(GRPOTrainer, name, timed(name, getattr(GRPOTrainer, name)))
    accelerate.Accelerator.backward = timed("backward", accelerate.Accelerator.backward)
    AcceleratedOptimizer.step = timed("optimizer.step", AcceleratedOptimizer.step)

    class StepCounter(TrainerCallback):
        def on_step_end(self, args, state, control, **kw):
            recorder.step = state.global_step

    original_init = hf_trainer.Trainer.__init__

    def init_with_counter(self, *a, **kw):
        original_init(self, *a, **kw)
        self.add_callback(StepCounter())

    hf_trainer.Trainer.__init__ = init_with_counter


def summarize(blocks: list[dict], train_s: float, steps: int) -> dict:
    """Per category: seconds per step (steps after the first) and share; the first step apart."""
    per: dict[str, float] = defaultdict(float)
    first: dict[str, float] = defaultdict(float)
    for block in blocks:
        (first if block["step"] == 0 else per)[category(block)] += block["s"]
    first_total = sum(first.values())
    later_wall = max(train_s - first_total, 1e-9)  # the first step's untimed part is small; counted as rest
    later_steps = max(steps - 1, 1)
    rows = {name: s / later_steps for name, s in sorted(per.items(), key=lambda kv: -kv[1])}
    rows["rest (scheduler, logging, callbacks, data)"] = max(later_wall - sum(per.values()), 0.0) / later_steps
    step_s = sum(rows.values())
    return {"steps": steps, "train_s": round(train_s, 3), "s_per_step_after_first": round(step_s, 4),
            "first_step_timed_s": round(first_total, 3),
            "first_step_rows": {k: round(v, 4) for k, v in sorted(first.items(), key=lambda kv: -kv[1])},
            "rows": {k: {"s_per_step": round(v, 4), "share": round(v / step_s, 4) if step_s else 0.0}
                     for k, v in rows.items()}}


def _omp_wait_policy(args: argparse.Namespace) -> None:
    """profile.omp_wait_policy of the composed config -> OMP_WAIT_POLICY, as loopwright.train.job sets it."""
    from hydra import compose, initialize_config_dir

    import loopwright.config  # noqa: F401  (the schema)
    from loopwright.train.job import set_omp_wait_policy

    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        cfg = compose("train", overrides=[f"model={args.model}", f"profile={args.profile}", *args.overrides])
    set_omp_wait_policy(cfg)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="smollm2")
    parser.add_argument("--profile", default="cpu")
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("overrides", nargs="*", help="more train.py overrides (after --)")
    args = parser.parse_args()
    os.environ.update(HF_HUB_OFFLINE="1", WANDB_MODE="disabled", TOKENIZERS_PARALLELISM="false")
    import tempfile

    run_dir = Path(tempfile.mkdtemp(prefix="profile-step-"))
    _omp_wait_policy(args)  # before install() imports torch: as train.py's job does
    recorder = Recorder()
    install(recorder)
    sys.argv = ["train.py", f"model={args.model}", f"profile={args.profile}", f"profile.max_steps={args.steps}",
                "eval.enabled=false", "save_model=false", "guards.zero_signal_steps=null", *args.overrides,
                f"hydra.run.dir={run_dir}"]
    try:
        runpy.run_path(str(ROOT / "train.py"), run_name="__main__")
    except SystemExit as exit_:
        if exit_.code not in (0, None):
            raise
    manifest = read_manifest(run_dir)
    result = summarize(recorder.blocks, manifest["timings"]["train_s"], manifest["global_step"])
    result["overrides"] = sys.argv[1:-1]
    print(f"\n{'block':46}{'s/step':>9}{'share':>8}")
    for name, row in result["rows"].items():
        print(f"{name:46}{row['s_per_step']:>9.3f}{row['share']:>8.1%}")
    result["omp_wait_policy"] = os.environ.get("OMP_WAIT_POLICY")
    result["s_per_step_wall"] = round(manifest["timings"]["train_s"] / max(manifest["global_step"], 1), 3)
    print(f"{'total (steps 2..N)':46}{result['s_per_step_after_first']:>9.3f}"
          f"\nfirst step, timed blocks: {result['first_step_timed_s']:.2f} s; {result['steps']} steps, "
          f"train {result['train_s']:.1f} s")
    if args.out:
        args.out.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
