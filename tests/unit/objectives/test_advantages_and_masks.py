"""TRL's advantages, truncation masks and token counts for every RL option against the references.

The harness (fixed batch, trainers, references) is tests/helpers/loss_harness.py."""

from __future__ import annotations

import math
from dataclasses import dataclass
from unittest import mock

import pytest

from helpers import reference_losses as R
from helpers.loss_harness import (
    BATCH,
    PAPER,
    RL_OPTIONS,
    TRUNCATED,
    Built,
    T,
    assert_close,
    assert_grads_close,
    masked_truncated,
    reference_advantages,
    reference_loss,
    seq_logp,
    trl_generate_and_score,
    trl_loss,
)

PIPELINE_CASES = [(n, 2) for n in RL_OPTIONS] + [(n, 4) for n in ("grpo", "dr_grpo", "dapo", "rloo")]


@dataclass
class Scored:
    built: Built
    out: dict  # TRL's _generate_and_score_completions output
    advantages: list[float]  # the reference's
    mask: list[list[int]]  # the loss mask the option should end up with
    old: list[list[float]]  # the old log-probs the reference loss should use


def score(build, name: str, group_size: int) -> Scored:
    """Run TRL's scoring step on the fixed batch and work out what the reference expects of it."""
    extra = () if group_size == 2 else (f"profile.num_generations={group_size}",)
    built = build(name, *extra)
    o = built.cfg.objective
    out = trl_generate_and_score(built, BATCH, BATCH.rewards, group_size)
    rewards = list(BATCH.rewards)
    if o.overlong.enabled:
        limit = int(built.cfg.profile.max_completion_length)
        cache = round(0.2 * limit)  # L_cache = 0.2 L_max in whole tokens (2503.14476 uses 4096 / 20480)
        rewards = [r + R.overlong_reward(n, limit, cache) for r, n in zip(rewards, BATCH.lengths)]
    mask = masked_truncated(BATCH.mask, BATCH.truncated) if o.mask_truncated_completions else BATCH.mask
    if o.trainer.value == "grpo":
        gas = built.cfg.profile.gradient_accumulation_steps
        off_policy = (o.steps_per_generation or gas) * o.num_iterations > gas
        old = BATCH.old if off_policy else BATCH.logp  # on-policy: TRL uses the current log-probs
    else:
        old = BATCH.old  # RLOO always scores the old policy at generation time
    advantages = reference_advantages(name, rewards, group_size, BATCH.old, BATCH.ref, BATCH.mask)
    return Scored(built, out, advantages, mask, old)


@pytest.mark.parametrize("name,group_size", PIPELINE_CASES)
def test_trl_advantages_and_masks_match_the_reference(build, name, group_size):
    """TRL's _generate_and_score_completions under the option's config: the advantages equal the
    reference (group mean / std + 1e-4, Dr. GRPO's mean only, RLOO's leave-one-out with the KL in
    the reward; DAPO's rewards include the eq. 13 overlong term), the truncated completion's mask is
    zeroed exactly for DAPO (and num_items_in_batch counts what is left), and old / reference
    log-probs are passed on exactly when the config needs them."""
    case = score(build, name, group_size)
    o, out = case.built.cfg.objective, case.out
    assert bool(o.overlong.enabled) == bool(o.mask_truncated_completions) == (name == "dapo")
    for i, (a, e) in enumerate(zip(out["advantages"].tolist(), case.advantages)):
        # TRL holds rewards in float32: 1e-6 relative is its rounding, not a formula difference.
        assert math.isclose(a, e, rel_tol=1e-6, abs_tol=1e-6), f"objective={name} A[{i}]: TRL {a} != {e}"
    if name == "dapo":
        assert case.mask[TRUNCATED] == [0] * T and sum(case.mask[TRUNCATED - 1]) > 0
    assert out["completion_mask"].tolist() == case.mask
    if o.trainer.value == "grpo":
        assert int(out["num_items_in_batch"]) == sum(map(sum, case.mask))
        assert ("ref_per_token_logps" in out) == (PAPER[name].get("beta", 0.0) != 0.0)
        assert ("old_per_token_logps" in out) == (case.old is BATCH.old)
    else:
        assert out["old_logps"].tolist() == pytest.approx(seq_logp(BATCH.old, BATCH.mask), abs=1e-12)


@pytest.mark.parametrize("name,group_size", PIPELINE_CASES)
def test_trl_loss_on_its_own_scored_batch_matches_the_reference(build, name, group_size):
    """End to end: TRL's loss on the output of its own scoring step equals the reference loss
    computed from the raw rewards (reference advantages, the option's loss mask and old policy),
    value and gradient, to 2e-6 (TRL's advantages carry float32 rounding)."""
    case = score(build, name, group_size)
    out = case.out

    def passed_on(key):
        return out[key].tolist() if key in out else None

    loss, grad = trl_loss(case.built, BATCH.logp, out["completion_mask"].tolist(), out["advantages"].tolist(),
                          old=passed_on("old_per_token_logps"), ref=passed_on("ref_per_token_logps"),
                          num_items=int(out["num_items_in_batch"]) if "num_items_in_batch" in out else None,
                          old_seq=passed_on("old_logps"))
    ref_loss, ref_grad = reference_loss(name, case.built.cfg, BATCH.logp, case.old, BATCH.ref, case.mask,
                                        case.advantages, num_items=sum(map(sum, case.mask)))
    assert_close(loss, ref_loss, 2e-6, f"objective={name} end-to-end loss")
    assert_grads_close(grad, ref_grad, 2e-6, f"objective={name} end-to-end")


@pytest.mark.parametrize("name,attribute,value,expected", [
    ("grpo", "scale_rewards", "batch", lambda r, g: R.group_advantages(r, g, "batch")),
    ("grpo", "scale_rewards", "none", lambda r, g: R.group_advantages(r, g, "none")),
    ("rloo", "normalize_advantages", True, None),
])
def test_reference_advantage_variants_match_trls_code(build, name, attribute, value, expected):
    """The reference's other advantage settings (batch-std scaling, no scaling, RLOO's batch
    normalisation), which no option uses today, agree with TRL's code for them (the trainer
    attribute switched for this call only), on groups of 4."""
    built = build(name, "profile.num_generations=4")
    with mock.patch.object(built.trainer, attribute, value):
        out = trl_generate_and_score(built, BATCH, BATCH.rewards, 4)
    if expected is None:
        seq_kl = [sum(o - r for o, r, m in zip(orow, rrow, mrow) if m)
                  for orow, rrow, mrow in zip(BATCH.old, BATCH.ref, BATCH.mask)]
        want = R.rloo_advantages(BATCH.rewards, 4, seq_kl, PAPER["rloo"]["beta"], normalize=True)
    else:
        want = expected(BATCH.rewards, 4)
    assert out["advantages"].tolist() == pytest.approx(want, rel=1e-6, abs=1e-6)


