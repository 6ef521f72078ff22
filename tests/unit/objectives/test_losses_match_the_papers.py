"""TRL's loss for every RL option against the paper's per-token loss: values, gradients, KL estimates.

The harness (fixed batch, trainers, references) is tests/helpers/loss_harness.py."""

from __future__ import annotations

import math
from unittest import mock

import pytest

from helpers import reference_losses as R
from helpers.loss_harness import (
    BATCH,
    EOS,
    KL_IN_LOSS,
    PAPER,
    RL_OPTIONS,
    TRUNCATED,
    T,
    assert_close,
    assert_grads_close,
    reference_advantages,
    reference_loss,
    seq_logp,
    trl_loss,
)


def test_the_rl_options_under_test_are_the_expected_ones():
    """Every option whose trainer is grpo or rloo is covered here, and has paper constants."""
    assert sorted(RL_OPTIONS) == sorted(PAPER)


def test_the_fixed_batch_reaches_every_branch():
    """The fixed batch is not degenerate: it has clipped and unclipped tokens for both signs of
    advantage (PPO and DAPO ranges), GSPO sequences inside and outside the trust region on both
    sides, a ratio above CISPO's cap, a truncated completion, and a zero-advantage group."""
    adv = R.group_advantages(BATCH.rewards, 2, "group")
    seen = set()
    for lo, hi in ((0.2, 0.2), (0.2, 0.28)):
        for i in range(len(BATCH.mask)):
            for t in R.active_tokens(BATCH.mask, i):
                r = math.exp(BATCH.logp[i][t] - BATCH.old[i][t])
                seen.add(("token", adv[i] > 0, r > 1 + hi, r < 1 - lo, adv[i] == 0))
                seen.add(("cap", r > PAPER["cispo"]["cap"]))
    for i in range(len(BATCH.lengths)):
        tokens = R.active_tokens(BATCH.mask, i)
        s = math.exp(sum(BATCH.logp[i][t] - BATCH.old[i][t] for t in tokens) / len(tokens))
        seen.add(("gspo", adv[i] > 0, s > 1 + 4e-4, s < 1 - 3e-4))
    for a_pos in (True, False):
        for side in ((True, False), (False, True), (False, False)):
            assert ("token", a_pos, *side, False) in seen, (a_pos, side)
        for side in ((True, False), (False, True), (False, False)):
            assert ("gspo", a_pos, *side) in seen, (a_pos, side)
    assert ("cap", True) in seen and ("cap", False) in seen
    assert any(adv[i] == 0 for i in range(len(adv)))
    assert BATCH.truncated.count(True) == 1 and BATCH.completion_ids[TRUNCATED][-1] != EOS
    assert len(BATCH.completion_ids[TRUNCATED]) == T and len(set(BATCH.lengths)) == len(BATCH.lengths)


@pytest.mark.parametrize("name", RL_OPTIONS)
def test_trl_loss_matches_the_papers_loss(build, name):
    """For each option, TRL's _compute_loss under the option's resolved trainer config gives the
    paper's loss value and gradient w.r.t. the current per-token log-probs, to 1e-6 in float64
    (fixed batch: old / reference log-probs, grouped rewards, varied lengths, a truncated row)."""
    built = build(name)
    assert int(built.cfg.profile.max_completion_length) == T
    adv = reference_advantages(name, BATCH.rewards, 2, BATCH.old, BATCH.ref, BATCH.mask)
    num_items = sum(map(sum, BATCH.mask))
    loss, grad = trl_loss(built, BATCH.logp, BATCH.mask, adv, old=BATCH.old, ref=BATCH.ref, num_items=num_items,
                          old_seq=seq_logp(BATCH.old, BATCH.mask))
    ref_loss, ref_grad = reference_loss(name, built.cfg, BATCH.logp, BATCH.old, BATCH.ref, BATCH.mask, adv,
                                        num_items=num_items)
    assert any(abs(g) > 1e-4 for row in ref_grad for g in row)
    assert_close(loss, ref_loss, 1e-6, f"objective={name} loss")
    assert_grads_close(grad, ref_grad, 1e-6, f"objective={name}")


@pytest.mark.parametrize("name", sorted(KL_IN_LOSS))
@pytest.mark.parametrize("bias_corrected", [False, True])
def test_kl_options_match_the_reference_for_either_kl_estimate(build, name, bias_corrected):
    """Pins the KL finding down: with TRL's use_bias_correction_kl switched off, TRL's loss for the
    KL-regularised options is 2402.03300 eq. 3 exactly (value and gradient, 1e-6); switched on (TRL's
    default, which our options now override), it is the ratio-weighted r k3 of arXiv:2512.02556
    instead. The difference is that one knob, nothing else."""
    built = build(name)
    adv = reference_advantages(name, BATCH.rewards, 2)
    with mock.patch.object(built.trainer.args, "use_bias_correction_kl", bias_corrected):
        loss, grad = trl_loss(built, BATCH.logp, BATCH.mask, adv, old=BATCH.old, ref=BATCH.ref)
    ref_loss, ref_grad = reference_loss(name, built.cfg, BATCH.logp, BATCH.old, BATCH.ref, BATCH.mask, adv,
                                        kl_ratio_weighted=bias_corrected)
    other_loss, _ = reference_loss(name, built.cfg, BATCH.logp, BATCH.old, BATCH.ref, BATCH.mask, adv,
                                   kl_ratio_weighted=not bias_corrected)
    assert abs(ref_loss - other_loss) > 1e-5  # the two estimates are distinguishable on this batch
    assert_close(loss, ref_loss, 1e-6, f"objective={name} loss, use_bias_correction_kl={bias_corrected}")
    assert_grads_close(grad, ref_grad, 1e-6, f"objective={name}, use_bias_correction_kl={bias_corrected}")


# Clipped objectives without a KL term in the loss, and their token weight w_i at ratio 1.
ON_POLICY_WEIGHT = {
    "dr_grpo": lambda n, batch, items: 1 / (batch * T),
    "dapo": lambda n, batch, items: 1 / items,
    "gspo": lambda n, batch, items: 1 / (batch * n),
    "gspo_token": lambda n, batch, items: 1 / (batch * n),
    "luspo": lambda n, batch, items: 1 / batch,  # the length weight cancels the ratio's 1/|y_i|
    "vespo": lambda n, batch, items: 1 / items,  # phi(1) = 1: on policy, a token-mean policy gradient
    "rloo": lambda n, batch, items: 1 / batch,
}


@pytest.mark.parametrize("name", sorted(ON_POLICY_WEIGHT))
def test_on_policy_gradient_is_the_plain_policy_gradient(build, name):
    """On-policy (old = current: TRL's own default when no old log-probs are passed), each clipped
    objective without a KL term has gradient -A_i w_i on every active token (w_i its aggregation
    weight): for RLOO exactly the paper's REINFORCE leave-one-out estimator -A_i / B
    (2402.14740 eq. 6)."""
    built = build(name)
    adv = reference_advantages(name, BATCH.rewards, 2, BATCH.logp, BATCH.ref, BATCH.mask)
    _, grad = trl_loss(built, BATCH.logp, BATCH.mask, adv, old=None, old_seq=seq_logp(BATCH.logp, BATCH.mask))
    batch, items = len(BATCH.lengths), sum(map(sum, BATCH.mask))
    for i in range(batch):
        weight = ON_POLICY_WEIGHT[name](len(R.active_tokens(BATCH.mask, i)), batch, items)
        for t in range(T):
            expected = -adv[i] * weight if BATCH.mask[i][t] else 0.0
            assert math.isclose(grad[i][t], expected, rel_tol=1e-9, abs_tol=1e-12), (i, t)


