"""A GRPO group's shared prompt read once: in the rollout's prefill and in the log-probability passes.

Why: GRPO puts each prompt in the batch ``num_generations`` times (the default job: 2 prompts x 8). TRL's HF
rollout prefills all 16 copies of the ~44-token prompts, and its policy and reference log-probability passes run
the model over every copy's prompt again, although only the 12 completion tokens differ. On the CPU that prompt
work is most of the step. Here each distinct prompt (its tokens and padding) runs once, without its last token,
into a KV cache; the cache is repeated to the batch's rows (``index_select``: the backward sums each copy's
gradient into the one prompt pass, as the chain rule does for a shared input); then each row runs from its
prompt's last token on with that cache: the same positions, the same attention, the same tokens scored.

What is the same and what is not: the same model calls on the same tokens at the same positions, split in two
at the prompt's last token; the numbers differ only by the rounding of matrix products of another shape (under
bf16 autocast, about as much as a change of batch size moves them). The greedy rollouts of a group of copies
are token for token those of the unshared path (tests/unit/rollout/test_prompt_sharing.py), and the default job's
learning is compared in docs/BENCHMARKS.md.

Used only where it is sound, plain and measured: the CPU (a GPU's kernels with a repeated cache have no run behind
them yet), one process (DDP would see two forwards before one backward), no gradient checkpointing (it turns the
cache off), no multimodal inputs, the log-probability pass in one chunk, and a batch with at least one repeated
prompt. Everywhere else TRL's own path runs, unchanged.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from typing import Any

from loopwright.rollout.trl_generation import GENERATION_METHOD, wrap_generation

# TRL 1.16's GRPOTrainer methods this wraps besides the generation call (pinned with trl in pyproject.toml)
LOGPS_METHOD = "_get_per_token_logps_and_entropies"


def _distinct(ids: Any, mask: Any) -> tuple[Any, Any] | None:
    """(the distinct (ids, mask) rows, each row's index among them), or None when no row repeats."""
    import torch

    rows = torch.cat([ids, mask.to(ids.dtype)], dim=1)
    distinct, inverse = torch.unique(rows, dim=0, return_inverse=True)
    return None if distinct.size(0) == rows.size(0) else (distinct, inverse)


def _prompt_cache(model: Any, ids: Any, mask: Any, positions_from_mask: bool = False) -> Any | None:
    """The KV cache of each row's prompt but its last token, computed once per distinct prompt and repeated to the
    rows; None when no prompt repeats (or the prompt is one token). ``positions_from_mask``: position ids counted
    over the mask, as ``generate`` counts them (TRL's log-prob pass gives none: the model counts every column)."""
    from transformers import DynamicCache

    found = _distinct(ids, mask) if ids.size(1) > 1 else None
    if found is None:
        return None
    distinct, inverse = found
    width = ids.size(1)
    d_ids, d_mask = distinct[:, :width], distinct[:, width:].to(mask.dtype)
    cache = DynamicCache()
    extra = {"position_ids": (d_mask.long().cumsum(-1) - 1).clamp(min=0)[:, :-1]} if positions_from_mask else {}
    model(input_ids=d_ids[:, :-1], attention_mask=d_mask[:, :-1], cache=cache, use_cache=True, logits_to_keep=1,
          **extra)
    cache.reorder_cache(inverse)  # index_select on every layer's keys and values: one prompt pass per distinct row
    return cache


def _usable(trainer: Any) -> bool:
    args = trainer.args
    # the CPU only for now: measured and tested there; a GPU's attention kernels (flash, a static cache) with a
    # repeated cache have no run behind them yet (no GPU was lent), so a GPU run keeps TRL's path
    return (trainer.accelerator.device.type == "cpu" and trainer.accelerator.num_processes == 1
            and not getattr(args, "gradient_checkpointing", False) and not getattr(args, "use_vllm", False))


def shared_generate(model: Any) -> Any:
    """``model.generate`` that prefills each distinct prompt once (see the module docstring)."""
    generate = model.generate

    @functools.wraps(generate)
    def generate_sharing_prompts(*args: Any, **kwargs: Any) -> Any:
        ids, mask = kwargs.get("input_ids"), kwargs.get("attention_mask")
        config = kwargs.get("generation_config")
        plain = (args or ids is None or mask is None or set(kwargs) - {"input_ids", "attention_mask",
                                                                         "generation_config"}
                 or getattr(config, "cache_implementation", None) is not None)  # a static cache: its own layout
        cache = None if plain else _prompt_cache(model, ids, mask, positions_from_mask=True)
        if cache is None:
            return generate(*args, **kwargs)
        return generate(*args, cache=cache, **kwargs)

    return generate_sharing_prompts


@contextlib.contextmanager
def _generate_sharing_prompts(model: Any) -> Iterator[None]:
    """``model.generate`` is :func:`shared_generate` inside the block: a rollout only, held-out evaluation generates
    as before."""
    before = vars(model).get("generate")  # another wrapper of this instance's generate, if any, comes back after
    model.generate = shared_generate(model)
    try:
        yield
    finally:
        if before is None:
            del model.generate
        else:
            model.generate = before


def share_prompts(trainer: Any) -> bool:
    """Wrap the trainer's HF rollout and its log-probability pass; returns whether it did."""
    if not _usable(trainer):
        return False
    for name in (GENERATION_METHOD, LOGPS_METHOD):
        if getattr(trainer, name, None) is None:
            raise RuntimeError(f"{type(trainer).__name__} has no {name}: the TRL pin in pyproject.toml and "
                               f"loopwright.rollout.prompt_sharing disagree")
    logps = getattr(trainer, LOGPS_METHOD)
    from trl.extras.profiling import profiling_context

    @functools.wraps(logps)
    def logps_sharing_prompts(model: Any, input_ids: Any, attention_mask: Any, logits_to_keep: int,
                              batch_size: int | None = None, compute_entropy: bool = False,
                              compute_aux_loss: bool = False, **multimodal: Any) -> Any:
        one_chunk = batch_size is None or batch_size >= input_ids.size(0)
        start = input_ids.size(1) - logits_to_keep - 1  # the prompt's last token: where the completion's scoring starts
        out = None
        if one_chunk and not compute_aux_loss and start > 0 and all(v is None for v in multimodal.values()):
            with profiling_context(trainer, LOGPS_METHOD), trainer.accelerator.autocast():  # TRL's timer, as before
                cache = _prompt_cache(model, input_ids[:, :start + 1], attention_mask[:, :start + 1])
                if cache is not None:
                    tail = input_ids[:, start:]
                    labels = tail.masked_fill(attention_mask[:, start:] == 0, -100)
                    labels[:, :-logits_to_keep] = -100  # as TRL: only the completion tokens are scored
                    out = model(input_ids=tail, attention_mask=attention_mask, cache=cache, labels=labels,
                                fused_lm_head=True, use_cache=False)
        if out is None:
            return logps(model, input_ids, attention_mask, logits_to_keep, batch_size=batch_size,
                         compute_entropy=compute_entropy, compute_aux_loss=compute_aux_loss, **multimodal)
        entropies = out.entropy[:, -logits_to_keep:] if compute_entropy else None
        return out.log_probs[:, -logits_to_keep:], entropies, None

    wrap_generation(trainer, lambda: _generate_sharing_prompts(trainer.model), "loopwright.rollout.prompt_sharing")
    setattr(trainer, LOGPS_METHOD, logps_sharing_prompts)
    return True
