"""GSPO and GSPO-token (sequence-level importance ratios): same gradient, and not vacuously so.

The harness (fixed batch, trainers, references) is tests/helpers/loss_harness.py."""

from __future__ import annotations

from unittest import mock

from helpers import compose
from helpers import reference_losses as R
from helpers.loss_harness import (
    BATCH,
    PAPER,
    assert_close,
    assert_grads_close,
    t64,
    trl_loss,
)


def test_gspo_token_is_gspo_with_the_same_gradient(build, tmp_path):
    """gspo_token resolves to GSPO's TRL fields, and an explicit GSPO-token loss (2507.18071
    eq. 13-14: s_{i,t} = sg[s_i] pi(y_t)/sg[pi(y_t)], A_{i,t} = A_i) has the same value and the same
    gradient w.r.t. every per-token log-prob as TRL's sequence-level loss for the option."""
    from loopwright.objectives import trainer_config_kwargs

    def fields(name):
        return trainer_config_kwargs(compose(["model=tiny", "profile=smoke", f"objective={name}"]), tmp_path)

    assert fields("gspo_token") == fields("gspo")
    built = build("gspo_token")
    adv = R.group_advantages(BATCH.rewards, 2, "group")
    loss, grad = trl_loss(built, BATCH.logp, BATCH.mask, adv, old=BATCH.old)

    logp = t64(BATCH.logp).requires_grad_(True)
    p = PAPER["gspo_token"]
    token_loss = R.gspo_token_loss_torch(logp, t64(BATCH.old), BATCH.mask, adv, p["eps_low"], p["eps_high"])
    token_loss.backward()
    assert any(abs(g) > 1e-4 for row in logp.grad.tolist() for g in row)
    assert_close(loss, token_loss.item(), 1e-9, "gspo_token loss")
    assert_grads_close(grad, logp.grad.tolist(), 1e-9, "gspo_token")


def test_gspo_token_equality_is_not_vacuous(build):
    """On the same batch, a *token*-level ratio (GRPO's) with GSPO's clip range gives a different
    gradient from GSPO-token's: the equality above depends on the sequence-level ratio."""
    built = build("gspo_token")
    adv = R.group_advantages(BATCH.rewards, 2, "group")
    with mock.patch.object(built.trainer, "importance_sampling_level", "token"):
        _, token_grad = trl_loss(built, BATCH.logp, BATCH.mask, adv, old=BATCH.old)
    logp = t64(BATCH.logp).requires_grad_(True)
    R.gspo_token_loss_torch(logp, t64(BATCH.old), BATCH.mask, adv, 3e-4, 4e-4).backward()
    diff = max(abs(a - b) for ra, rb in zip(token_grad, logp.grad.tolist()) for a, b in zip(ra, rb))
    assert diff > 1e-3


