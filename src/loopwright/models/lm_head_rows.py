"""TRL's fused LM head, on the CPU, scores only the positions whose log-probability the loss reads.

Why: TRL 1.16 computes the policy's and the reference model's per-token log-probabilities with a fused
LM head (``trl.trainer.utils.add_fused_lm_head``; ``ChunkedLogProbFunction``). On devices with Triton
(CUDA, XPU) it projects only the rows with a label, the completion tokens. Everywhere else it projects
every position, prompt included, because on compiled backends (its comment names Neuron) a row count
that changes per batch would recompile the kernel. The CPU runs eagerly and recompiles nothing, so
there that choice only multiplies the LM head's work: on the default job (SmolLM2's 49152-token vocabulary,
44-token prompts, <= 12-token completions) it projected 880 rows where 192 are read, in the forward of
the loss, the forward of the reference model and the backward (whose gradient GEMMs TRL runs in fp32).
Measured: docs/BENCHMARKS.md, "Where a step's time goes".

The loss is unchanged: the rows skipped are the ones TRL masks to zero afterwards, and the rows kept go
through the same kernel. ``tests/unit/models/test_lm_head_rows.py`` checks the log-probabilities and their
gradients against TRL's unpatched path, and fails when the TRL symbol this relies on moves.
"""

from __future__ import annotations

from typing import Any

_applied = False


def apply() -> bool:
    """Patch once per process (idempotent); returns whether the patch is in place."""
    global _applied
    if _applied:
        return True
    from trl.trainer import utils as trl_utils

    triton_only = getattr(trl_utils, "_use_triton", None)
    if triton_only is None:
        raise RuntimeError("trl.trainer.utils._use_triton is gone: the TRL pin in pyproject.toml and "
                           "loopwright.models.lm_head_rows disagree")

    def score_labelled_rows_only(device: Any) -> bool:
        # trl.trainer.utils reads this only to decide whether to drop the unlabelled rows (its `compact`)
        return device.type == "cpu" or triton_only(device)

    score_labelled_rows_only.__wrapped__ = triton_only  # type: ignore[attr-defined]
    trl_utils._use_triton = score_labelled_rows_only
    _applied = True
    return True
