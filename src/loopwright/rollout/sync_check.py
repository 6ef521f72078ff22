"""After training: does vLLM generate from the weights the trainer ended with? (``rollout.verify_sync``)

TRL pushes the policy's weights into its colocated vLLM engine before each generation; a sync
that silently writes nowhere (vLLM's CPU weight repacking, a renamed parameter, a LoRA merge gone
wrong) leaves the run sampling from a stale model while the loss curve looks normal. So the job
pushes the final weights once more and decodes the same held-out prompts greedily on both sides:
the completions must be identical token for token, or the log-probs vLLM reports for its tokens
must match transformers' (teacher-forced) within :func:`tolerance` (16-bit kernels may flip a
near-tie). The result lands in
manifest.json as ``rollout_sync``; a mismatch raises :class:`RolloutSyncError` (exit 6).
"""

from __future__ import annotations

from typing import Any


class RolloutSyncError(RuntimeError):
    """vLLM's greedy completions differ from transformers' on the trained weights."""


def _prompt_ids(tokenizer: Any, row: dict, template_kwargs: dict | None = None) -> list[int]:
    prompt = row["prompt"]
    if isinstance(prompt, str):
        return tokenizer(prompt, add_special_tokens=False)["input_ids"]
    ids = tokenizer.apply_chat_template(prompt, add_generation_prompt=True, tokenize=True, return_dict=False,
                                        **(template_kwargs or {}))
    return list(ids["input_ids"] if hasattr(ids, "keys") else ids)


def _eos_ids(tokenizer: Any, model: Any) -> set[int]:
    """Where both sides stop: the tokenizer's EOS and the model's generation_config ones."""
    ids = {tokenizer.eos_token_id}
    configured = getattr(getattr(model, "generation_config", None), "eos_token_id", None)
    ids.update(configured if isinstance(configured, list) else [configured])
    ids.discard(None)
    return ids


def _until_eos(ids: list[int], eos: set[int]) -> list[int]:
    for i, token in enumerate(ids):
        if token in eos:
            return ids[: i + 1]
    return ids


def _hf_greedy(model: Any, ids: list[int], max_new_tokens: int, pad_id: int) -> list[int]:
    import torch

    inputs = torch.tensor([ids], device=model.device)
    with torch.no_grad():
        out = model.generate(input_ids=inputs, attention_mask=torch.ones_like(inputs), do_sample=False,
                             max_new_tokens=max_new_tokens, pad_token_id=pad_id, top_p=None, top_k=None,
                             temperature=None)
    return out[0, len(ids):].tolist()


def _hf_logprobs(model: Any, prompt: list[int], completion: list[int]) -> list[float]:
    """Teacher-forced log-probs of ``completion`` under the trainer's model."""
    import torch

    ids = torch.tensor([prompt + completion], device=model.device)
    with torch.no_grad():
        logits = model(input_ids=ids).logits[0, len(prompt) - 1:-1].float()
    logp = torch.log_softmax(logits, dim=-1)
    return logp.gather(-1, torch.tensor(completion, device=logp.device)[:, None])[:, 0].tolist()


def _sampled_logprobs(sample: Any) -> list[float]:
    """vLLM's log-prob of each token it emitted (SamplingParams(logprobs=0) returns just that one)."""
    return [next(iter(step.values())).logprob for step in (sample.logprobs or [])]


def verify(trainer: Any, tokenizer: Any, rows: list[dict], max_new_tokens: int,
           template_kwargs: dict | None = None) -> dict[str, Any]:
    """Push the trainer's weights into vLLM, decode ``rows`` greedily on both sides, compare."""
    import torch
    from vllm import SamplingParams

    generation = trainer.vllm_generation
    model = trainer.model
    model.eval()
    eos = _eos_ids(tokenizer, model)
    prompts = [_prompt_ids(tokenizer, row, template_kwargs) for row in rows]
    params = SamplingParams(temperature=0.0, max_tokens=max_new_tokens, logprobs=0)

    def vllm_greedy() -> list:
        return generation.llm.generate([{"prompt_token_ids": p} for p in prompts], sampling_params=params,
                                       use_tqdm=False)

    # Before the push vLLM holds the weights of the last generation (one optimizer step back): when the
    # push changes its answers, the sync demonstrably reached the engine, not just raised no error.
    # Greedy answers can stay the same while the weights moved (a degenerate tiny model repeats one token), so
    # the stale log-probs are kept too: vLLM scoring its own answer differently after the push also shows it.
    stale_outputs = [o.outputs[0] for o in vllm_greedy()]
    stale = [_until_eos(list(o.token_ids), eos) for o in stale_outputs]
    stale_logprobs = [_sampled_logprobs(o) for o in stale_outputs]
    generation.sync_weights()  # TRL syncs lazily, before the next generation; there is none after the last step
    outputs = vllm_greedy()
    # what the trainer computes log-probs in: its autocast dtype when mixed precision is on
    mixed = "bfloat16" if trainer.args.bf16 else ("float16" if trainer.args.fp16 else None)
    weights_dtype = str(next(model.parameters()).dtype).removeprefix("torch.")
    trainer_dtype = mixed or weights_dtype
    per_prompt, gaps = [], []
    limit = tolerance(trainer_dtype)
    for prompt, output, before, before_logprobs in zip(prompts, outputs, stale, stale_logprobs):
        sample = output.outputs[0]
        vllm_ids = _until_eos(list(sample.token_ids), eos)
        vllm_logprobs = _sampled_logprobs(sample)[: len(vllm_ids)]
        # same answer: how far the push moved vLLM's log-probs of it (beyond the comparison's own tolerance)
        shift = (max((abs(a - b) for a, b in zip(vllm_logprobs, before_logprobs)), default=0.0)
                 if vllm_ids == before else None)
        with torch.autocast(model.device.type, dtype=getattr(torch, mixed or "float32"), enabled=mixed is not None):
            hf_ids = _until_eos(_hf_greedy(model, prompt, max_new_tokens, tokenizer.pad_token_id), eos)
            hf_logprobs = _hf_logprobs(model, prompt, vllm_ids) if vllm_ids else []
        gap = max((abs(a - b) for a, b in zip(vllm_logprobs, hf_logprobs)), default=0.0)
        gaps.append(gap)
        per_prompt.append({"identical": vllm_ids == hf_ids,
                           "changed_by_sync": vllm_ids != before or (shift is not None and shift > limit),
                           "answer_changed_by_sync": vllm_ids != before,
                           "logprob_shift_by_sync": None if shift is None else round(shift, 6),
                           "vllm": tokenizer.decode(vllm_ids),
                           "transformers": tokenizer.decode(hf_ids), "max_logprob_gap": round(gap, 6)})
    identical = sum(p["identical"] for p in per_prompt)
    vllm_dtype = str(generation.llm.llm_engine.model_config.dtype).removeprefix("torch.")
    max_gap = max(gaps, default=0.0)
    return {
        "prompts": len(per_prompt), "identical": identical, "max_logprob_gap": round(max_gap, 6),
        "tolerance": limit, "passed": identical == len(per_prompt) or max_gap <= limit,
        # the push reached the engine: vLLM's answer, or its log-probs of an unchanged answer, moved
        "changed_by_sync": sum(p["changed_by_sync"] for p in per_prompt),
        "answers_changed_by_sync": sum(p["answer_changed_by_sync"] for p in per_prompt),
        "dtype": {"trainer": trainer_dtype, "vllm": vllm_dtype, "equal": trainer_dtype == vllm_dtype},
        "weights_dtype": weights_dtype, "torch_threads": torch.get_num_threads(),
        "per_prompt": per_prompt,
    }


def tolerance(dtype: str) -> float:
    """Largest per-token log-prob gap that still counts as "the same weights".

    In fp32 both sides agree to ~1e-6 (measured: docs/ROLLOUT.md), so 1e-3 leaves room for kernel
    order only. In 16-bit, vLLM's kernels and the trainer's autocast round differently (0.03-0.06
    per token measured for bf16) and greedy decoding may flip at near-ties, so identical tokens
    cannot be demanded; a stale engine (weights one or more steps old) still lands far above 0.25.
    """
    return 1e-3 if dtype == "float32" else 0.25
