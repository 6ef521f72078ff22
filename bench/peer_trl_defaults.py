"""The peer row: the same task through TRL's own GRPO defaults, for the same training wall time.

    python bench/peer_trl_defaults.py RUN_DIR [--seconds S]     # RUN_DIR: a finished loopwright run

`GRPOConfig()` with only what a TRL user must give (output_dir; on a CPU-only machine also
use_cpu=True, without which TRL refuses to start) and no dashboards (report_to=[]);
the model, the reward (the same first-number grader plain_trl_grpo.py uses,
which is the arithmetic reward's rule) and the training rows come from RUN_DIR. Training
stops after --seconds of trainer.train() wall time (default: RUN_DIR's own train_s), then
the model is graded on RUN_DIR's held-out prompts exactly as loopwright grades its runs
(bench/gpu_bench.py's eval_saved). Prints one JSON line with both sides' accuracy.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from loopwright.runs.reader import read_eval_results, read_json_object, read_jsonl, read_manifest

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from gpu_bench import eval_saved  # noqa: E402  (same grading as the GPU bench)
from plain_trl_grpo import first_number_reward  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path)
    parser.add_argument("--seconds", type=float, default=None)
    args = parser.parse_args()
    from datasets import Dataset
    from transformers import AutoModelForCausalLM, AutoTokenizer, TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    manifest = read_manifest(args.run_dir)
    seconds = args.seconds or manifest["timings"]["train_s"]
    rows = read_jsonl(args.run_dir / "data" / "train.jsonl")
    model_path = manifest["model"]["source"]["path"]
    out = Path(tempfile.mkdtemp(prefix="peer-trl-"))

    class WallClock(TrainerCallback):
        def on_train_begin(self, a, state, control, **kw):
            self.start = time.monotonic()

        def on_step_end(self, a, state, control, **kw):
            control.should_training_stop = time.monotonic() - self.start >= seconds

    import torch

    # GRPOConfig() alone refuses a CPU-only machine ("Your setup doesn't support bf16/gpu. You need to
    # assign use_cpu"): use_cpu is the one more field a TRL user must set there.
    extra = {} if torch.cuda.is_available() else {"use_cpu": True}
    config = GRPOConfig(output_dir=str(out / "trainer"), report_to=[], **extra)
    trainer = GRPOTrainer(model=AutoModelForCausalLM.from_pretrained(model_path),
                          processing_class=AutoTokenizer.from_pretrained(model_path),
                          reward_funcs=[first_number_reward], args=config, train_dataset=Dataset.from_list(rows),
                          callbacks=[WallClock()])
    start = time.monotonic()
    trainer.train()
    wall = time.monotonic() - start
    trainer.save_model(str(out / "model"))
    trainer.processing_class.save_pretrained(str(out / "model"))
    eval_saved(out / "model", args.run_dir, out / "eval.json")
    peer = read_json_object(out / "eval.json")
    ours = read_eval_results(args.run_dir)["summary"]
    print(json.dumps({"seconds_budget": round(seconds, 1), "peer_train_s": round(wall, 1),
                      "peer_steps": trainer.state.global_step,
                      "peer_defaults": {k: getattr(config, k) for k in ("learning_rate", "beta", "num_generations",
                                                                        "per_device_train_batch_size",
                                                                        "max_completion_length", "bf16",
                                                                        "temperature")},
                      "peer_accuracy": peer["accuracy"], "base_accuracy": ours["base_accuracy"],
                      "loopwright_accuracy": ours["trained_accuracy"],
                      "loopwright_train_s": manifest["timings"]["train_s"]}))


if __name__ == "__main__":
    main()
