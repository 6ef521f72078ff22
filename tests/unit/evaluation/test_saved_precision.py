"""held_out.saved_precision: an evaluation sees the model as its saved weights run, not through the bf16
autocast forward that accelerate's prepare leaves on it after mixed-precision training."""

from __future__ import annotations

import torch
from accelerate import Accelerator

from helpers import compose
from loopwright.evaluation.held_out import saved_precision
from loopwright import models


def _logits(model, ids):
    with torch.no_grad():
        return model(input_ids=ids).logits


def test_the_trainers_autocast_is_lifted_for_the_evaluation_and_restored_after(fresh_accelerate_state):
    model, _ = models.load(compose(["model=tiny"]).model)
    ids = torch.randint(0, model.config.vocab_size, (2, 16))
    fp32 = _logits(model, ids)
    prepared = Accelerator(cpu=True, mixed_precision="bf16").prepare_model(model)
    autocast = _logits(prepared, ids)
    assert not torch.equal(autocast, fp32)  # what the trained policy's evaluation used to see
    with saved_precision(prepared) as evaluated:
        assert torch.equal(_logits(evaluated, ids), fp32)
    assert torch.equal(_logits(prepared, ids), autocast)  # training goes on under autocast (periodic evals)


def test_a_model_never_prepared_is_left_alone():
    model, _ = models.load(compose(["model=tiny"]).model)
    forward = model.forward
    with saved_precision(model) as evaluated:
        assert evaluated is model and model.forward == forward
    assert "forward" not in model.__dict__
