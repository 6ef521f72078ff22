"""train.lm_head_rows: on the CPU, TRL's fused LM head projects only the labelled (completion) rows, and the
log-probabilities, entropies and gradients are TRL's own."""

from __future__ import annotations

import pytest
import torch
from trl.trainer import utils as trl_utils

from helpers import compose
from loopwright.models import lm_head_rows
from loopwright import models

PROMPT, COMPLETION = 9, 4


class RowCounter:
    """Stands in for TRL's ChunkedLogProbFunction inside trl.trainer.utils, recording the rows it projects."""

    def __init__(self, real):
        self.real, self.rows = real, []

    def apply(self, hidden, *args):
        self.rows.append(hidden.shape[0])
        return self.real.apply(hidden, *args)


@pytest.fixture
def fused_model(monkeypatch):
    model, _ = models.load(compose(["model=tiny"]).model)
    trl_utils.add_fused_lm_head(model, outputs=("log_probs", "entropy"))
    counter = RowCounter(trl_utils._ChunkedLogProbFunction)
    monkeypatch.setattr(trl_utils, "_ChunkedLogProbFunction", counter)
    return model, counter


def _scored(model):
    torch.manual_seed(0)
    ids = torch.randint(0, model.config.vocab_size, (3, PROMPT + COMPLETION))
    mask = torch.ones_like(ids)
    mask[0, :3] = 0  # a left-padded prompt
    labels = ids.masked_fill(mask == 0, -100)
    labels[:, :PROMPT] = -100  # only the completion is scored, as GRPOTrainer asks
    model.zero_grad(set_to_none=True)
    out = model(input_ids=ids, attention_mask=mask, labels=labels, fused_lm_head=True)
    (out.log_probs.sum() + out.entropy.sum()).backward()
    grads = {n: p.grad.clone() for n, p in model.named_parameters() if p.grad is not None}
    return out.log_probs.detach(), out.entropy.detach(), grads


def test_only_the_completion_rows_are_projected_and_nothing_else_changes(fused_model, monkeypatch):
    model, counter = fused_model
    lm_head_rows.apply()
    patched = trl_utils._use_triton
    monkeypatch.setattr(trl_utils, "_use_triton", patched.__wrapped__)  # TRL as shipped, for the reference
    ref_logps, ref_entropy, ref_grads = _scored(model)
    monkeypatch.setattr(trl_utils, "_use_triton", patched)
    logps, entropy, grads = _scored(model)

    assert counter.rows == [3 * (PROMPT + COMPLETION - 1), 3 * COMPLETION]  # every position, then the labelled
    torch.testing.assert_close(logps, ref_logps)
    torch.testing.assert_close(entropy, ref_entropy)
    assert grads.keys() == ref_grads.keys()
    for name, grad in grads.items():
        torch.testing.assert_close(grad, ref_grads[name], msg=name)


def test_applying_twice_wraps_once():
    assert lm_head_rows.apply() and lm_head_rows.apply()
    assert not hasattr(trl_utils._use_triton.__wrapped__, "__wrapped__")
    assert trl_utils._use_triton(torch.device("cpu")) is True
