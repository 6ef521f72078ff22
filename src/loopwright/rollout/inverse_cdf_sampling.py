"""Next-token sampling on the CPU by inverse CDF: the same categorical distribution as ``torch.multinomial``, one
uniform draw per row instead of one exponential draw per vocabulary entry.

Why: ``transformers`` ``generate`` picks each sampled token with ``torch.multinomial(probs, num_samples=1)``. On
the CPU, torch draws an exponential variate for every entry of ``probs`` and takes the arg-max of ``probs / q``:
16.5 ms for 16 rows of SmolLM2's 49,152-token vocabulary on this project's 2-core box, about 15% of a decode step of
SmolLM2-135M at batch 16 (~105 ms) and most of a tiny model's. The inverse CDF draws one uniform ``u`` per row from
torch's global generator and takes the first token whose cumulative probability (float64) exceeds ``u`` times the
row's total: 0.55 ms. Measured: docs/BENCHMARKS.md, "Sampling by inverse CDF".

The distribution is the same: token ``j`` is drawn with probability ``p_j / sum(p)``, and a token of probability 0
(what top-k and top-p masked) is never drawn (its cumulative sum equals its predecessor's, so no ``u`` lands on
it). The draws are not torch's: at a given seed the completions differ from plain TRL's. ``profile.inverse_cdf_
sampling=true`` turns it on. The default (false) keeps torch's own sampler (plain TRL's samples at the same seed):
learning checks measured on torch's draws moved with the new ones (docs/BENCHMARKS.md, "Sampling by inverse CDF").

Only the case ``generate`` uses is taken over: a 2-D CPU floating tensor, one sample per row, no ``generator`` and
no ``out``, every entry finite and >= 0 and every row's sum > 0. Anything else goes to ``torch.multinomial`` itself,
which raises on invalid probabilities as ``generate`` expects ("probability tensor contains either inf, nan or
element < 0"). ``torch.multinomial`` is replaced only while a wrapped rollout runs; a call from another thread in
that window gets a correct draw too, from one sampler or the other.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

import torch

from loopwright.rollout.trl_generation import GENERATION_METHOD, wrap_generation

__all__ = ["GENERATION_METHOD", "multinomial", "sample_by_inverse_cdf", "sampling_by_inverse_cdf"]

_torch_multinomial = torch.multinomial
_lock = threading.Lock()
_depth = 0  # nested or concurrent rollouts under the context: the last one out puts torch's sampler back


def _takes_over(probs: Any, num_samples: Any, replacement: bool, kwargs: dict) -> bool:
    return (not kwargs and num_samples == 1 and not replacement and isinstance(probs, torch.Tensor)
            and probs.device.type == "cpu" and probs.dim() == 2 and probs.is_floating_point() and probs.size(1) > 0)


def multinomial(probs: Any, num_samples: Any = 1, replacement: bool = False, **kwargs: Any) -> Any:
    """``torch.multinomial`` with the inverse CDF for one sample per row of a 2-D CPU tensor (module docstring)."""
    if not _takes_over(probs, num_samples, replacement, kwargs):
        return _torch_multinomial(probs, num_samples, replacement, **kwargs)
    cdf = probs.cumsum(-1, dtype=torch.float64)
    total = cdf[:, -1:]  # with every entry >= 0 (NaN is not), an inf or NaN anywhere in a row reaches its total
    if not ((probs >= 0).all() and torch.isfinite(total).all() and (total > 0).all()):
        return _torch_multinomial(probs, num_samples, replacement)  # torch's own error for invalid probabilities
    u = torch.rand(probs.size(0), 1, dtype=torch.float64) * total
    picked = torch.searchsorted(cdf, u, right=True).clamp_(max=probs.size(1) - 1)
    drawn_zero = probs.gather(1, picked) <= 0
    if drawn_zero.any():  # u * total rounded up to the total: the row's last token of probability > 0 instead
        last = probs.size(1) - 1 - (probs > 0).flip(-1).to(torch.int8).argmax(-1, keepdim=True)
        picked = torch.where(drawn_zero, last, picked)
    return picked


@contextlib.contextmanager
def sampling_by_inverse_cdf() -> Iterator[None]:
    """``torch.multinomial`` is :func:`multinomial` inside the block."""
    global _depth
    with _lock:
        _depth += 1
        torch.multinomial = multinomial
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                torch.multinomial = _torch_multinomial


def sample_by_inverse_cdf(trainer: Any) -> bool:
    """Wrap the trainer's HF rollout in :func:`sampling_by_inverse_cdf`; returns whether it did (not with vLLM,
    which samples on its own)."""
    if getattr(trainer.args, "use_vllm", False):
        return False
    wrap_generation(trainer, sampling_by_inverse_cdf, "loopwright.rollout.inverse_cdf_sampling")
    return True
