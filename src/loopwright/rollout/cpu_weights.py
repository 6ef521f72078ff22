"""The one patch loopwright applies to vLLM, and only on the CPU: keep weights where TRL writes them.

Why: after loading a checkpoint, vLLM 0.31's CPU backend repacks each linear layer's weight
into a oneDNN / sgl-kernel handle and replaces the parameter with an empty one
(``dispatch_cpu_unquantized_gemm(layer, remove_weight=True)`` in
vllm/model_executor/layers/utils.py). TRL's colocated weight sync then calls
``model.load_weights`` after every step, and there is nothing left to write into:
``AttributeError: 'Parameter' object has no attribute 'weight_loader'``. The embedding /
lm_head keeps its parameter but computes from a packed copy, so a sync would silently not
reach the logits. Keeping every 2-D weight as a plain tensor and computing with
``torch.nn.functional.linear`` makes the sync land; the cost is vLLM's packed-GEMM speed-up.

tests/integration/rollout/test_vllm_cpu.py fails when vLLM stops needing this (sync works
unpatched, plain TRL) and when the patch stops working (the colocated run's sync check fails).
"""

from __future__ import annotations

_applied = False


def needed() -> bool:
    """The CPU backend is what runs: GPUs keep their weights as plain parameters."""
    from vllm.platforms import current_platform

    return current_platform.is_cpu()


def applied() -> bool:
    """Whether this process runs vLLM with the patch (the manifest's rollout.cpu_weight_patch)."""
    return _applied


def apply() -> bool:
    """Patch once per process; returns whether the patch is (now) in place."""
    global _applied
    if _applied:
        return True
    if not needed():
        return False
    import torch
    from vllm.model_executor.layers import utils

    repack = utils.dispatch_cpu_unquantized_gemm

    def keep_plain_weights(layer: torch.nn.Module, remove_weight: bool) -> None:
        weight = layer.weight
        if weight.ndim == 2 and not weight.is_meta:
            layer.cpu_linear = torch.nn.functional.linear  # computes from layer.weight, which TRL updates
            return
        repack(layer, remove_weight)  # MoE / conv weights: not synced by TRL's dense path, keep vLLM's kernels

    keep_plain_weights.__wrapped__ = repack  # type: ignore[attr-defined]
    utils.dispatch_cpu_unquantized_gemm = keep_plain_weights
    _applied = True
    return True
