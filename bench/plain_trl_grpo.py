"""Baseline for bench/overhead.py: the same GRPO run written directly against TRL.

Reads the GRPOConfig keyword arguments, the training rows and the model path from a
finished loopwright run dir, so both sides train with an identical configuration.
Prints one JSON line: {"train_runtime": s, "steps": n, "s_per_step": s}.
"""

import json
import sys
import time
from pathlib import Path

import torch
from datasets import Dataset
from transformers import AutoModelForCausalLM, AutoTokenizer
from trl import GRPOConfig, GRPOTrainer


def first_number_reward(completions, answer, **_):
    import re

    out = []
    for completion, expected in zip(completions, answer):
        match = re.search(r"-?\d+(?:\.\d+)?", completion[-1]["content"][:4096])
        out.append(1.0 if match and float(match.group()) == float(expected) else 0.0)
    return out


def main(run_dir: Path, out_dir: Path) -> None:
    manifest = json.loads((run_dir / "manifest.json").read_text())
    kwargs = dict(manifest["trainer"]["kwargs_from_config"], output_dir=str(out_dir))
    rows = [json.loads(line) for line in (run_dir / "data" / "train.jsonl").read_text().splitlines()]
    model_path = manifest["model"]["source"]["path"]
    torch.manual_seed(kwargs["seed"])
    model = AutoModelForCausalLM.from_pretrained(model_path, dtype=torch.float32)
    tokenizer = AutoTokenizer.from_pretrained(model_path)
    trainer = GRPOTrainer(model=model, processing_class=tokenizer, reward_funcs=[first_number_reward],
                          args=GRPOConfig(**kwargs), train_dataset=Dataset.from_list(rows))
    start = time.monotonic()
    trainer.train()
    wall = time.monotonic() - start
    steps = trainer.state.global_step
    print(json.dumps({"train_wall_s": wall, "steps": steps, "s_per_step": wall / steps}))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
