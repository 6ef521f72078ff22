"""rollout=vllm against rollout=hf on the same job, same seed, in one invocation.

    python bench/rollout.py                         # the default job (SmolLM2, 40 steps): ~20 min on 2 cores
    python bench/rollout.py --steps 10 --model tiny_llama --profile smoke

The hf side runs in this interpreter; the vllm side in the vLLM environment
(scripts/make_vllm_env.py, built if missing). Each side is one `train.py` run; per-step time is
the manifest's timings.train_s_per_step (wall time around trainer.train() / steps; vLLM's engine
start happens at trainer construction, outside it, and is reported separately as the trainer
build time), held-out accuracy is eval_results.json's. Prints both and the vllm/hf ratios, plus
the vllm run's after-training sync check. --order vllm-first swaps who runs first.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from loopwright.runs.reader import read_eval_results, read_manifest

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled", "TOKENIZERS_PARALLELISM": "false",
       "PYTHONPATH": str(ROOT / "src")}


def _vllm_python() -> Path:
    spec = importlib.util.spec_from_file_location("make_vllm_env", ROOT / "scripts" / "make_vllm_env.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build(module.default_dir())


def _train(python: str, overrides: list[str], run_dir: Path) -> dict:
    start = time.monotonic()
    proc = subprocess.run([python, str(ROOT / "train.py"), *overrides, f"hydra.run.dir={run_dir}"], cwd=ROOT,
                          env=ENV, capture_output=True, text=True)
    wall = time.monotonic() - start
    if proc.returncode != 0:
        sys.exit(f"train.py {' '.join(overrides)} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")
    manifest = read_manifest(run_dir)
    summary = read_eval_results(run_dir)["summary"]
    t = manifest["timings"]
    return {"wall_s": round(wall, 1), "s_per_step": t["train_s_per_step"], "steps": manifest["global_step"],
            "base_accuracy": summary["base_accuracy"], "trained_accuracy": summary["trained_accuracy"],
            "rollout": manifest.get("rollout", {}), "rollout_sync": {k: v for k, v in
                                                                    manifest.get("rollout_sync", {}).items()
                                                                    if k != "per_prompt"}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="smollm2")
    parser.add_argument("--profile", default="cpu")
    parser.add_argument("--steps", type=int, default=None, help="profile.max_steps (default: the profile's)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--order", choices=["hf-first", "vllm-first"], default="hf-first")
    parser.add_argument("--out", type=Path, default=None, help="write the figures as JSON here")
    args = parser.parse_args()
    common = [f"model={args.model}", f"profile={args.profile}", f"seed={args.seed}", "save_model=false",
              "guards.zero_signal_steps=null"]
    if args.steps:
        common.append(f"profile.max_steps={args.steps}")
    sides = {"hf": (sys.executable, ["rollout=hf"]), "vllm": (str(_vllm_python()), ["rollout=vllm"])}
    order = ["hf", "vllm"] if args.order == "hf-first" else ["vllm", "hf"]
    results = {}
    with tempfile.TemporaryDirectory(prefix="bench-rollout-") as tmp:
        for name in order:
            python, extra = sides[name]
            print(f"running rollout={name} ...", flush=True)
            results[name] = _train(python, [*common, *extra], Path(tmp) / name)
    hf, vllm = results["hf"], results["vllm"]
    print(f"\n{'':24}{'hf':>10}{'vllm':>10}{'vllm/hf':>10}")
    for key in ("s_per_step", "wall_s"):
        print(f"{key:24}{hf[key]:>10}{vllm[key]:>10}{vllm[key] / hf[key]:>10.2f}")
    for key in ("base_accuracy", "trained_accuracy"):
        print(f"{key:24}{hf[key]:>10.3f}{vllm[key]:>10.3f}{vllm[key] - hf[key]:>+10.3f} (difference)")
    print(f"\nvllm sync check: {vllm['rollout_sync']}")
    print(f"vllm engine: {vllm['rollout'].get('served')} args {vllm['rollout'].get('engine_args')}")
    if args.out:
        args.out.write_text(json.dumps({"args": vars(args) | {"out": str(args.out)}, **results}, indent=2))


if __name__ == "__main__":
    main()
