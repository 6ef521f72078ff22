"""Baseline for bench/overhead.py and bench/gpu_bench.py: the same GRPO run written directly against TRL.

    python bench/plain_trl_grpo.py RUN_DIR OUT_DIR [--save-model] [--fp32]

Reads the GRPOConfig keyword arguments, the training rows and the model path from a
finished loopwright run dir, so both sides train with an identical configuration: the
weights are loaded in the run's ``model.dtype`` (manifest config), and mixed precision
(``bf16`` / ``fp16``, from ``profile.precision``) comes with the GRPOConfig kwargs.
``--fp32`` turns the run's mixed precision off (bf16=False, fp16=False): the configuration of the
baseline issue 14's speed goal is stated against (10.64 s/step, fp32, before bf16 autocast was the default).
Writes TRL's own per-step logs (``trainer.state.log_history``) to OUT_DIR/log_history.json,
the printed line to OUT_DIR/result.json, and with ``--save-model`` the trained weights and tokenizer to OUT_DIR/model.
Prints one JSON line: {"train_wall_s": s, "steps": n, "s_per_step": s, "dtype": ..., "bf16": ..., "fp16": ...}.
"""

import json
import sys
import time
from pathlib import Path

import torch
from datasets import Dataset
from transformers import AutoModelForCausalLM, AutoTokenizer
from trl import GRPOConfig, GRPOTrainer

from loopwright.runs.reader import read_jsonl, read_manifest

DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}


def first_number_reward(completions, answer, **_):
    import re

    out = []
    for completion, expected in zip(completions, answer):
        match = re.search(r"-?\d+(?:\.\d+)?", completion[-1]["content"][:4096])
        out.append(1.0 if match and float(match.group()) == float(expected) else 0.0)
    return out


def main(run_dir: Path, out_dir: Path, save_model: bool = False, fp32: bool = False) -> None:
    manifest = read_manifest(run_dir)
    config = manifest.get("config", {})
    reward = config.get("reward", {}).get("kind", "arithmetic")
    if reward != "arithmetic":
        sys.exit(f"plain_trl_grpo.py implements only the arithmetic (first-number) reward; the run used {reward}")
    kwargs = dict(manifest["trainer"]["kwargs_from_config"], output_dir=str(out_dir))
    if fp32:
        kwargs.update(bf16=False, fp16=False)
    rows = read_jsonl(run_dir / "data" / "train.jsonl")
    model_path = manifest["model"]["source"]["path"]
    dtype = config.get("model", {}).get("dtype", "float32")
    torch.manual_seed(kwargs["seed"])
    model = AutoModelForCausalLM.from_pretrained(model_path, dtype=DTYPES[dtype])
    tokenizer = AutoTokenizer.from_pretrained(model_path)
    trainer = GRPOTrainer(model=model, processing_class=tokenizer, reward_funcs=[first_number_reward],
                          args=GRPOConfig(**kwargs), train_dataset=Dataset.from_list(rows))
    start = time.monotonic()
    trainer.train()
    wall = time.monotonic() - start
    steps = trainer.state.global_step
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "log_history.json").write_text(json.dumps(trainer.state.log_history))
    if save_model:
        trainer.save_model(str(out_dir / "model"))
        tokenizer.save_pretrained(str(out_dir / "model"))
    result = json.dumps({"train_wall_s": wall, "steps": steps, "s_per_step": wall / steps, "dtype": dtype,
                         "bf16": bool(kwargs.get("bf16")), "fp16": bool(kwargs.get("fp16"))})
    (out_dir / "result.json").write_text(result)
    print(result)


if __name__ == "__main__":
    flags = {"--save-model", "--fp32"}
    args = [a for a in sys.argv[1:] if a not in flags]
    main(Path(args[0]), Path(args[1]), save_model="--save-model" in sys.argv[1:], fp32="--fp32" in sys.argv[1:])
