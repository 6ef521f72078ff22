"""rollout.decode_casts: a mixed-precision HF rollout casts each weight once, not once per decoded token,
and decodes the same tokens as before."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import torch
from accelerate import Accelerator
from torch.utils._python_dispatch import TorchDispatchMode

from helpers import compose
from loopwright.rollout.decode_casts import GENERATION_METHOD, cast_once_per_rollout
from loopwright import models

NEW_TOKENS = 6


class WeightCasts(TorchDispatchMode):
    """Counts fp32 -> bf16 copies of the model's weights."""

    def __init__(self, model):
        super().__init__()
        self.weights = {p.data_ptr() for p in model.parameters()}
        self.count = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if (func is torch.ops.aten._to_copy.default and kwargs.get("dtype") == torch.bfloat16
                and args[0].data_ptr() in self.weights):
            self.count += 1
        return func(*args, **kwargs)


def _trainer(mixed_precision: str, use_vllm: bool = False):
    """What cast_once_per_rollout reads of a TRL trainer: its accelerator, args.use_vllm and the generation call,
    here greedy decoding of the prepared (autocast-wrapped) model."""
    model, _ = models.load(compose(["model=tiny"]).model)
    accelerator = Accelerator(cpu=True, mixed_precision=mixed_precision)
    prepared = accelerator.prepare_model(model)
    prompt = torch.randint(0, model.config.vocab_size, (2, 5))

    def generate():
        with torch.no_grad():
            return prepared.generate(input_ids=prompt, attention_mask=torch.ones_like(prompt), do_sample=False,
                                     max_new_tokens=NEW_TOKENS, min_new_tokens=NEW_TOKENS)

    trainer = SimpleNamespace(accelerator=accelerator, args=SimpleNamespace(use_vllm=use_vllm), model=model)
    setattr(trainer, GENERATION_METHOD, generate)
    return trainer


def _rollout(trainer):
    with WeightCasts(trainer.model) as casts:
        tokens = getattr(trainer, GENERATION_METHOD)()
    return tokens, casts.count


def test_a_bf16_rollout_casts_each_weight_once_and_decodes_the_same_tokens(fresh_accelerate_state):
    trainer = _trainer("bf16")
    before, casts_before = _rollout(trainer)
    assert cast_once_per_rollout(trainer) is True
    after, casts_after = _rollout(trainer)
    matrices = sum(1 for p in trainer.model.parameters() if p.dim() == 2)
    assert casts_before >= NEW_TOKENS * matrices  # every forward (the prompt, then each token) re-cast them
    assert 0 < casts_after <= len(list(trainer.model.parameters()))  # once for the whole rollout
    assert torch.equal(before, after)


@pytest.mark.parametrize("mixed_precision,use_vllm", [("no", False), ("bf16", True)])
def test_full_precision_and_vllm_rollouts_are_left_alone(fresh_accelerate_state, mixed_precision, use_vllm):
    trainer = _trainer(mixed_precision, use_vllm)
    generate = getattr(trainer, GENERATION_METHOD)
    assert cast_once_per_rollout(trainer) is False
    assert getattr(trainer, GENERATION_METHOD) is generate


def test_a_trainer_without_the_generation_call_names_the_mismatch(fresh_accelerate_state):
    trainer = SimpleNamespace(accelerator=Accelerator(cpu=True, mixed_precision="bf16"),
                              args=SimpleNamespace(use_vllm=False))
    with pytest.raises(RuntimeError, match=f"{GENERATION_METHOD}.*pyproject.toml"):
        cast_once_per_rollout(trainer)
