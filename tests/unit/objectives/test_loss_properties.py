"""Property tests over random batches: zero advantages, clipping regions, CISPO, KL sign, identical rewards.

The harness (fixed batch, trainers, references) is tests/helpers/loss_harness.py."""

from __future__ import annotations

import math
from unittest import mock

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from helpers import reference_losses as R
from helpers.loss_harness import (
    BATCH,
    PAPER,
    assert_grads_close,
    reference_loss,
    seq_logp,
    trl_generate_and_score,
    trl_loss,
)

PROPERTY_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def random_batch(draw, log_ratio_scale: float, group_size: int = 2, signed: int | None = None):
    """A small random float64 batch: B = group_size x groups, lengths >= 1, log-ratios up to
    +-log_ratio_scale, advantages of the given sign (or any) with |A| >= 0.05."""
    groups = draw(st.integers(1, 3))
    batch = groups * group_size
    width = draw(st.integers(1, 6))
    lengths = draw(st.lists(st.integers(1, width), min_size=batch, max_size=batch))
    value = st.floats(-4.0, -0.01)
    logp = [draw(st.lists(value, min_size=width, max_size=width)) for _ in range(batch)]
    ratio = st.floats(-log_ratio_scale, log_ratio_scale)
    old = [[lp - draw(ratio) for lp in row] for row in logp]
    ref = [[lp + draw(st.floats(-2.0, 2.0)) for lp in row] for row in logp]
    magnitude = st.floats(0.05, 3.0)
    adv = [(signed if signed is not None else draw(st.sampled_from([-1, 1]))) * draw(magnitude) for _ in range(batch)]
    mask = [[1 if t < n else 0 for t in range(width)] for n in lengths]
    return logp, old, ref, mask, adv


ZERO_KL_IN_LOSS = ["dr_grpo", "dapo", "gspo", "gspo_token", "cispo", "sapo", "luspo", "vespo", "rloo"]


@pytest.mark.parametrize("name", ZERO_KL_IN_LOSS)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_zero_advantages_give_zero_policy_gradient(build, name, data):
    """With every advantage 0, TRL's loss for each option without a KL term in the loss gives
    exactly zero gradient w.r.t. every per-token log-prob, whatever the ratios."""
    built = build(name)
    logp, old, ref, mask, _ = data.draw(random_batch(1.0))
    zeros = [0.0] * len(logp)
    _, grad = trl_loss(built, logp, mask, zeros, old=old, ref=ref, old_seq=seq_logp(old, mask))
    assert all(g == 0.0 for row in grad for g in row)


@pytest.mark.parametrize("name", ["grpo", "bnpo"])
@PROPERTY_SETTINGS
@given(data=st.data())
def test_zero_advantages_leave_only_the_kl_gradient(build, name, data):
    """With every advantage 0, the gradient of the KL-regularised options is the KL term's alone
    (beta times the estimate's derivative, with the option's token weight), for the KL estimate the
    trainer is configured with (see test_kl_options_match_the_reference_for_either_kl_estimate)."""
    built = build(name)
    logp, old, ref, mask, _ = data.draw(random_batch(1.0))
    zeros = [0.0] * len(logp)
    _, grad = trl_loss(built, logp, mask, zeros, old=old, ref=ref)
    _, want = reference_loss(name, built.cfg, logp, old, ref, mask, zeros,
                             kl_ratio_weighted=built.trainer.args.use_bias_correction_kl)
    assert_grads_close(grad, want, 1e-9, f"objective={name}, A = 0")


def _policy_gradient(built, logp, old, ref, mask, adv):
    """TRL's gradient minus its gradient at A = 0: the part the clipped surrogate contributes."""
    _, with_adv = trl_loss(built, logp, mask, adv, old=old, ref=ref, old_seq=seq_logp(old, mask))
    _, without = trl_loss(built, logp, mask, [0.0] * len(adv), old=old, ref=ref, old_seq=seq_logp(old, mask))
    return [[a - b for a, b in zip(ra, rb)] for ra, rb in zip(with_adv, without)]


@pytest.mark.parametrize("sign", [1, -1])
@pytest.mark.parametrize("name", ["grpo", "bnpo", "dr_grpo", "dapo"])
@PROPERTY_SETTINGS
@given(data=st.data())
def test_token_clip_blocks_the_gradient_only_outside_the_trust_region(build, name, sign, data):
    """Token-level clip (TRL, the option's eps_low / eps_high): a token whose ratio left the trust
    region in its advantage's direction (r > 1+eps_high with A > 0, r < 1-eps_low with A < 0) gets
    no policy gradient; every other active token gets a nonzero one. Both signs of advantage."""
    built = build(name)
    lo, hi = PAPER[name]["eps_low"], PAPER[name]["eps_high"]
    logp, old, ref, mask, adv = data.draw(random_batch(0.6, signed=sign))
    ratios = [[math.exp(a - b) for a, b in zip(ra, rb)] for ra, rb in zip(logp, old)]
    assume(all(abs(r - (1 + hi)) > 1e-6 and abs(r - (1 - lo)) > 1e-6 for row in ratios for r in row))
    policy = _policy_gradient(built, logp, old, ref, mask, adv)
    for i, row in enumerate(policy):
        for t, g in enumerate(row):
            outside = (adv[i] > 0 and ratios[i][t] > 1 + hi) or (adv[i] < 0 and ratios[i][t] < 1 - lo)
            if not mask[i][t] or outside:
                assert abs(g) < 1e-12, (i, t, ratios[i][t], adv[i], g)
            else:
                assert abs(g) > 1e-9, (i, t, ratios[i][t], adv[i], g)


@pytest.mark.parametrize("sign", [1, -1])
@pytest.mark.parametrize("name,scale", [("gspo", 1.5e-3), ("gspo_token", 1.5e-3), ("rloo", 0.15)])
@PROPERTY_SETTINGS
@given(data=st.data())
def test_sequence_clip_blocks_the_whole_sequence_outside_the_trust_region(build, name, scale, sign, data):
    """Sequence-level clip (GSPO: s_i = exp(mean log ratio); RLOO: exp(sum log ratio)): a sequence
    whose ratio left the trust region in its advantage's direction gets no gradient on any token;
    every other sequence gets a nonzero gradient on each active token. Both signs of advantage."""
    built = build(name)
    lo, hi = PAPER[name]["eps_low"], PAPER[name]["eps_high"]
    logp, old, ref, mask, adv = data.draw(random_batch(scale, signed=sign))
    seq = []
    for i in range(len(logp)):
        log_ratios = [logp[i][t] - old[i][t] for t in R.active_tokens(mask, i)]
        seq.append(math.exp(sum(log_ratios) / (len(log_ratios) if name != "rloo" else 1)))
    assume(all(abs(s - (1 + hi)) > 1e-9 and abs(s - (1 - lo)) > 1e-9 for s in seq))
    _, grad = trl_loss(built, logp, mask, adv, old=old, old_seq=seq_logp(old, mask))
    for i, row in enumerate(grad):
        outside = (adv[i] > 0 and seq[i] > 1 + hi) or (adv[i] < 0 and seq[i] < 1 - lo)
        for t, g in enumerate(row):
            if not mask[i][t] or outside:
                assert g == 0.0, (i, t, seq[i], adv[i], g)
            else:
                assert abs(g) > 1e-12, (i, t, seq[i], adv[i], g)


@PROPERTY_SETTINGS
@given(data=st.data())
def test_cispo_keeps_every_tokens_gradient(build, data):
    """CISPO never drops a token: even with ratios far beyond its cap, each active token's gradient
    is -min(r, cap) A / N, nonzero."""
    built = build("cispo")
    logp, old, ref, mask, adv = data.draw(random_batch(3.0))
    _, grad = trl_loss(built, logp, mask, adv, old=old)
    for i, row in enumerate(grad):
        for t, g in enumerate(row):
            assert (abs(g) > 0.0) == bool(mask[i][t]), (i, t, g)


@settings(max_examples=200, deadline=None)
@given(logp=st.floats(-30.0, 0.0), ref=st.floats(-30.0, 0.0))
def test_k3_kl_estimate_is_never_negative(logp, ref):
    """The reference k3 estimator exp(ref - logp) - (ref - logp) - 1 is >= 0 for any pair (up to the float
    rounding of 1 + x - x - 1 near x = 0: hypothesis found -1.1e-16 at x = 4e-12)."""
    assert R.k3(logp, ref) >= -1e-15


@PROPERTY_SETTINGS
@given(data=st.data())
def test_trls_kl_term_is_never_negative(build, data):
    """In TRL's grpo loss with zero advantages only the beta KL term is left: the loss and the
    logged per-token KL mean are >= 0, and the logged KL is the reference's token mean of the
    estimate the trainer is configured with (k3, or r k3 with use_bias_correction_kl)."""
    built = build("grpo")
    logp, old, ref, mask, _ = data.draw(random_batch(1.0))
    loss, _ = trl_loss(built, logp, mask, [0.0] * len(logp), old=old, ref=ref)
    logged = built.trainer._metrics["train"]["kl"][-1]
    weighted = built.trainer.args.use_bias_correction_kl
    kls = [R.kl_term(logp[i][t], old[i][t], ref[i][t], weighted)[0]
           for i in range(len(logp)) for t in R.active_tokens(mask, i)]
    assert loss >= 0.0 and logged >= 0.0
    assert logged == pytest.approx(sum(kls) / len(kls), rel=1e-9, abs=1e-12)


DYADIC = st.integers(-2560, 2560).map(lambda k: k / 256)  # exact in float32, and so are their sums


@pytest.mark.parametrize("name,group_size,value", [("grpo", 2, st.floats(-10.0, 10.0, width=32)),
                                                   ("dr_grpo", 2, st.floats(-10.0, 10.0, width=32)),
                                                   ("rloo", 2, st.floats(-10.0, 10.0, width=32)),
                                                   ("grpo", 8, DYADIC), ("rloo", 8, DYADIC)])
@PROPERTY_SETTINGS
@given(data=st.data())
def test_identical_rewards_give_zero_advantage_not_nan(build, name, group_size, value, data):
    """A group whose completions all get the same reward gets advantage exactly 0 (not NaN) from
    TRL's advantage code under the option's config; with groups of 2 next to a group that is not
    constant. Groups of 8 draw rewards whose float32 sums are exact: for other values TRL's float32
    group mean of 8 equal rewards can miss them by an ulp, which the +1e-4 denominator turns into
    |A| of about ulp / 1e-4 (1.2e-3 for a reward of 1.05), a TRL rounding effect, not tested here.
    RLOO's reward also carries -beta KL(y), different per completion, so its constant-reward group
    is checked with beta = 0 too."""
    extra = () if group_size == 2 else (f"profile.num_generations={group_size}",
                                        f"profile.per_device_train_batch_size={group_size}")
    built = build(name, *extra)
    same = data.draw(value)
    rewards = [same] * len(BATCH.lengths)
    if group_size == 2:
        rewards[0], rewards[1] = same + 1.0, same - 1.0  # one group that is not constant
    constant = range(2, len(rewards)) if group_size == 2 else range(len(rewards))
    beta = 0.0 if name == "rloo" else built.trainer.beta
    out = trl_generate_and_score(built, BATCH, rewards, group_size)
    assert all(math.isfinite(a) for a in out["advantages"].tolist())
    with mock.patch.object(built.trainer, "beta", beta):
        out = trl_generate_and_score(built, BATCH, rewards, group_size)
    adv = out["advantages"].tolist()
    assert all(math.isfinite(a) for a in adv)
    assert [adv[i] for i in constant] == [0.0] * len(constant)
    if group_size == 2:
        assert adv[0] > 0 > adv[1]
    ref = R.group_advantages(rewards, group_size, "group") if name != "rloo" else R.rloo_advantages(rewards,
                                                                                                   group_size)
    assert all(abs(ref[i]) < 1e-9 for i in constant)
