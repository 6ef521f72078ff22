"""Mixed-precision rollouts that cast the weights once per rollout, not once per decoded token.

Why: with bf16 (or fp16) mixed precision, accelerate's ``prepare`` wraps the policy's ``forward`` in
``torch.autocast``. Autocast caches the low-precision copy of each weight only until the outermost
autocast region exits, and ``transformers`` ``generate`` calls ``forward`` once per new token, so every
decoded token re-cast all 135M weights of the default model from fp32. Entering one autocast region
around TRL's whole generation call makes the per-token forwards nested regions that share one cast.
Measured on the default job (SmolLM2-135M, 16 completions of 12 tokens, 2 cores): generation
1.9 s -> see docs/BENCHMARKS.md "Where a step's time goes".

The values are the same as before: autocast's cache holds exactly the casts it would recompute, and it
only holds leaf weights that require grad, which do not change during a rollout. Held-out evaluation
is untouched: it calls ``generate`` directly, outside this wrapper, in fp32
(``loopwright.evaluation.held_out.saved_precision``).
"""

from __future__ import annotations

from typing import Any

from loopwright.rollout.trl_generation import GENERATION_METHOD, wrap_generation

__all__ = ["GENERATION_METHOD", "cast_once_per_rollout"]


def cast_once_per_rollout(trainer: Any) -> bool:
    """Wrap the trainer's generation call in its accelerator's autocast; returns whether it did.

    Nothing to do in full precision (no autocast) or when vLLM generates (its own dtype, no autocast)."""
    accelerator = trainer.accelerator
    if accelerator.mixed_precision not in ("bf16", "fp16") or getattr(trainer.args, "use_vllm", False):
        return False
    wrap_generation(trainer, accelerator.autocast, "loopwright.rollout.decode_casts")
    return True
