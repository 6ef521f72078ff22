"""Each RL objective option computes its paper's loss: TRL's own loss code, run with the
trainer config the option resolves to, against explicit per-token references
(tests/helpers/reference_losses.py), in float64, values and gradients.

How TRL's code is reached without generating or running the model: a real
``trl.GRPOTrainer`` / ``trl.RLOOTrainer`` is built for each option (the tiny random
model, ``loopwright.objectives.build_trainer``); then

* ``_compute_loss(model, inputs)`` runs with the instance's
  ``_get_per_token_logps_and_entropies`` returning a fixed float64 leaf tensor of
  per-token log-probs, so every line of loss math that runs is TRL's, and the
  gradient w.r.t. those log-probs is read off the leaf;
* ``_generate_and_score_completions(inputs)`` runs with ``_generate`` returning fixed
  token ids and ``_get_per_token_logps_and_entropies`` returning fixed old / reference
  log-probs, so TRL's reward weighting, advantage code, truncation masking and token
  count run on known numbers.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from unittest import mock

import pytest
import torch
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from omegaconf import OmegaConf

from helpers import reference_losses as R
from helpers import CONF, compose, options

F64 = torch.float64
EOS = 2  # the SmolLM2 tokenizer's eos (= pad); asserted against the trainer below

RL_OPTIONS = [o for o in options("objective") if OmegaConf.load(CONF / "objective" / f"{o}.yaml").trainer in
              ("grpo", "rloo")]

# The constants each paper (or, where the paper leaves it open, TRL's documentation) prescribes. The references
# take these, not the config, so a drifted config value fails here as well.
PAPER = {
    "grpo": {"eps_low": 0.2, "eps_high": 0.2, "beta": 0.04},  # 2402.03300 section 4.2
    "bnpo": {"eps_low": 0.2, "eps_high": 0.2, "beta": 0.04},  # as grpo; only the aggregation differs
    "dr_grpo": {"eps_low": 0.2, "eps_high": 0.2, "beta": 0.0},  # 2503.20783: GRPO's clip, no KL
    "dapo": {"eps_low": 0.2, "eps_high": 0.28, "beta": 0.0},  # 2503.14476 section 3.1 (clip-higher), 2.3 (no KL)
    "gspo": {"eps_low": 3e-4, "eps_high": 4e-4},  # 2507.18071 section 5.1
    "gspo_token": {"eps_low": 3e-4, "eps_high": 4e-4},
    "cispo": {"cap": 5.0},  # TRL's documented epsilon_high for cispo (ScaleRL 2510.13786)
    "sapo": {"tau_pos": 1.0, "tau_neg": 1.05},  # 2511.20347
    "rloo": {"eps_low": 0.2, "eps_high": 0.2, "beta": 0.05},  # TRL's clip; KL coefficient in the reward
}
# Found by these tests and fixed in objectives.py: TRL 1.16 defaults GRPOConfig.use_bias_correction_kl to True,
# which multiplies the k3 KL term by the importance ratio (DeepSeek-V3.2, arXiv:2512.02556); our KL-regularised
# options now pass False, so they compute 2402.03300 eq. 3.
KL_IN_LOSS = {"grpo", "bnpo"}  # GRPO-trainer options with beta != 0


GROUP_SCALED = {"grpo", "bnpo", "dapo", "gspo", "gspo_token", "cispo", "sapo"}  # A = (r - mean) / (std + 1e-4)


# ------------------------------------------------------------------ the fixed batch
@dataclass
class Batch:
    """Per-token log-probs of B completions (padding positions hold garbage on purpose)."""

    logp: list[list[float]]
    old: list[list[float]]
    ref: list[list[float]]
    mask: list[list[int]]
    lengths: list[int]
    completion_ids: list[list[int]]
    rewards: list[float]
    truncated: list[bool]


T = 8  # = profile smoke max_completion_length (asserted)
LENGTHS = [3, 8, 5, 2, 6, 4, 7, 1]
TRUNCATED = 1  # 8 tokens and no EOS: hit the length limit
REWARDS = [1.0, 0.0, 0.25, 1.0, 0.75, 0.0, 0.5, 0.5]  # groups of 2: (+,-), (-,+), (+,-), identical
# Per completion: (offset, spread, {token: fixed log-ratio}) of log pi - log pi_old, chosen so the batch
# reaches every branch of the clipped losses (see test_the_fixed_batch_reaches_every_branch).
LOG_RATIO_PLAN = [
    (0.0, 5e-5, {}),  # A>0, inside even GSPO's 3e-4 trust region
    (-0.5, 0.4, {}),  # A<0, ratios below 1 - eps: clipped
    (0.15, 0.4, {1: 1.9}),  # A<0, ratios above 1 + eps: unclipped branch; one ratio above CISPO's cap
    (0.3, 0.05, {1: 1.8}),  # A>0, ratios above 1 + eps: clipped
    (-0.4, 0.1, {}),  # A>0, ratios below 1 - eps: unclipped branch
    (0.0, 5e-5, {}),  # A<0, inside GSPO's trust region
    (0.0, 0.3, {}),  # A=0
    (0.0, 0.3, {}),  # A=0
]


def make_batch() -> Batch:
    rng = random.Random(1234)
    logp, old, ref, mask, ids = [], [], [], [], []
    for i, (length, (offset, spread, fixed)) in enumerate(zip(LENGTHS, LOG_RATIO_PLAN)):
        row_logp = [-0.05 - 2.95 * rng.random() for _ in range(T)]
        ratio = [fixed.get(t, offset + spread * (2 * rng.random() - 1)) for t in range(T)]
        logp.append(row_logp)
        old.append([lp - lr for lp, lr in zip(row_logp, ratio)])
        ref.append([lp + 0.3 * (2 * rng.random() - 1) for lp in row_logp])
        mask.append([1 if t < length else 0 for t in range(T)])
        body = [100 + 10 * i + t for t in range(length)]
        ids.append(body if i == TRUNCATED else body[:-1] + [EOS])
    return Batch(logp, old, ref, mask, list(LENGTHS), ids, list(REWARDS), [i == TRUNCATED for i in range(len(LENGTHS))])


BATCH = make_batch()


def masked_truncated(mask: list[list[int]], truncated: list[bool]) -> list[list[int]]:
    return [[0] * len(row) if cut else list(row) for row, cut in zip(mask, truncated)]


# ------------------------------------------------------------------ trainers
REWARD_TABLE: list[float] = []


def table_reward(completions, **_):
    """The task reward: whatever the test put in REWARD_TABLE, in completion order."""
    assert len(completions) == len(REWARD_TABLE)
    return list(REWARD_TABLE)


@dataclass
class Built:
    cfg: object
    trainer: object


def _build(name: str, extra: list[str], out) -> Built:
    import trl

    from loopwright.train import models


    from loopwright import objectives
    cfg = compose(["model=tiny", "profile=smoke", f"objective={name}", *extra])
    model, tokenizer = models.load(cfg.model)
    rows = [{"prompt": f"What is {k} + 1?"} for k in range(8)]
    graders = [("table_reward", table_reward, float(cfg.reward.weight))]  # the task reward, one grader
    trainer, kwargs = objectives.build_trainer(cfg, model, tokenizer, graders, rows, out)
    assert kwargs == objectives.trainer_config_kwargs(cfg, out)
    expected = trl.RLOOTrainer if cfg.objective.trainer.value == "rloo" else trl.GRPOTrainer
    assert type(trainer) is expected
    assert trainer.eos_token_ids == [EOS] and trainer._tokenizer.pad_token_id == EOS
    # What the Trainer's loop sets before each step: train mode, the accumulation count.
    trainer.model.train()
    trainer.current_gradient_accumulation_steps = trainer.args.gradient_accumulation_steps
    return Built(cfg, trainer)


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """build(option, *overrides): a real trainer for the option, built once per module."""
    cache: dict = {}

    def get(name: str, *extra: str) -> Built:
        key = (name, extra)
        if key not in cache:
            cache[key] = _build(name, list(extra), tmp_path_factory.mktemp(name))
        return cache[key]

    return get


# --------------------------------------------------------- running TRL's code
def t64(rows) -> torch.Tensor:
    return torch.tensor(rows, dtype=F64)


def trl_loss(built: Built, logp, mask, adv, old=None, ref=None, num_items=None, old_seq=None):
    """TRL's _compute_loss on the given numbers: (loss, d loss / d logp as nested lists)."""
    trainer = built.trainer
    current = t64(logp).requires_grad_(True)
    batch, width = current.shape
    inputs = {
        "prompt_ids": torch.full((batch, 3), 7, dtype=torch.long),
        "prompt_mask": torch.ones((batch, 3), dtype=torch.long),
        "completion_ids": torch.full((batch, width), 9, dtype=torch.long),
        "completion_mask": torch.tensor(mask, dtype=torch.long),
        "advantages": t64(adv),
    }
    if built.cfg.objective.trainer.value == "rloo":
        inputs["old_logps"] = t64(old_seq)
    else:
        inputs["num_items_in_batch"] = torch.tensor(num_items if num_items is not None else sum(map(sum, mask)))
        if old is not None:
            inputs["old_per_token_logps"] = t64(old)
        if ref is not None:
            inputs["ref_per_token_logps"] = t64(ref)

    def fixed_logps(model, input_ids, attention_mask, logits_to_keep, **_):
        assert logits_to_keep == width
        return current, torch.zeros_like(current.detach()), None

    with mock.patch.object(trainer, "_get_per_token_logps_and_entropies", fixed_logps):
        loss = trainer._compute_loss(trainer.model, inputs)
    loss.backward()
    return loss.item(), current.grad.tolist()


def group_prompts(batch_size: int, group_size: int) -> list[str]:
    return [f"prompt {i // group_size}" for i in range(batch_size)]


def trl_generate_and_score(built: Built, batch: Batch, rewards: list[float], group_size: int) -> dict:
    """TRL's _generate_and_score_completions with generation and log-prob forwards replaced by
    the batch's token ids and old / reference log-probs."""
    trainer = built.trainer
    prompts = group_prompts(len(batch.lengths), group_size)
    prompt_ids = [[11 + int(p.split()[-1])] * (1 + int(p.split()[-1]) % 3) for p in prompts]
    completions = [f"completion {i}" for i in range(len(prompts))]
    width = max(batch.lengths)
    old, ref = t64(batch.old)[:, :width], t64(batch.ref)[:, :width]

    def fixed_logps(model, input_ids, attention_mask, logits_to_keep, *_, **__):
        assert logits_to_keep == width
        return (ref if model is trainer.ref_model else old), None, None

    if built.cfg.objective.trainer.value == "rloo":
        def generate(prompts_in):
            return prompt_ids, batch.completion_ids, completions
    else:
        def generate(prompts_in):
            return prompt_ids, batch.completion_ids, None, completions, None, {}, None, []

    REWARD_TABLE[:] = rewards
    with mock.patch.object(trainer, "_generate", generate), \
            mock.patch.object(trainer, "_get_per_token_logps_and_entropies", fixed_logps):
        return trainer._generate_and_score_completions([{"prompt": p} for p in prompts])


# ------------------------------------------------------------------ references
def reference_loss(name: str, cfg, logp, old, ref, mask, adv, num_items=None, kl_ratio_weighted=False):
    """The paper's loss for option ``name`` (see PAPER for the constants). ``kl_ratio_weighted``
    swaps GRPO's k3 penalty for DeepSeek-V3.2's ratio-weighted one (R.kl_term)."""
    p = PAPER[name]
    if name == "grpo":
        return R.grpo_loss(logp, old, ref, mask, adv, p["eps_low"], p["eps_high"], p["beta"], kl_ratio_weighted)
    if name == "bnpo":
        return R.bnpo_loss(logp, old, ref, mask, adv, p["eps_low"], p["eps_high"], p["beta"], kl_ratio_weighted)
    if name == "dr_grpo":
        return R.dr_grpo_loss(logp, old, ref, mask, adv, p["eps_low"], p["eps_high"], p["beta"],
                              int(cfg.profile.max_completion_length))
    if name == "dapo":
        return R.dapo_loss(logp, old, ref, mask, adv, p["eps_low"], p["eps_high"], p["beta"], num_items)
    if name in ("gspo", "gspo_token"):
        return R.gspo_loss(logp, old, mask, adv, p["eps_low"], p["eps_high"])
    if name == "cispo":
        return R.cispo_loss(logp, old, mask, adv, p["cap"], num_items)
    if name == "sapo":
        return R.sapo_loss(logp, old, mask, adv, p["tau_pos"], p["tau_neg"])
    if name == "rloo":
        return R.rloo_loss(logp, seq_logp(old, mask), mask, adv, p["eps_low"], p["eps_high"])
    raise AssertionError(f"no reference for objective={name}")


def seq_logp(rows, mask) -> list[float]:
    return [sum(v for v, m in zip(row, mrow) if m) for row, mrow in zip(rows, mask)]


def reference_advantages(name: str, rewards, group_size: int, old=None, ref=None, mask=None) -> list[float]:
    if name in GROUP_SCALED:
        return R.group_advantages(rewards, group_size, "group")
    if name == "dr_grpo":
        return R.group_advantages(rewards, group_size, "none")
    if name == "rloo":
        seq_kl = [sum(o - r for o, r, m in zip(orow, rrow, mrow) if m) for orow, rrow, mrow in zip(old, ref, mask)]
        return R.rloo_advantages(rewards, group_size, seq_kl, PAPER["rloo"]["beta"])
    raise AssertionError(f"no reference advantage for objective={name}")


def assert_close(actual, expected, tol, what):
    assert math.isclose(actual, expected, rel_tol=tol, abs_tol=tol), f"{what}: TRL {actual!r} != reference {expected!r}"


def assert_grads_close(actual, expected, tol, what):
    for i, (arow, erow) in enumerate(zip(actual, expected)):
        for t, (a, e) in enumerate(zip(arow, erow)):
            assert math.isclose(a, e, rel_tol=tol, abs_tol=tol), f"{what}: d loss/d logp[{i}][{t}]: TRL {a!r} != {e!r}"


# ======================================================================= tests
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


# ------------------------------------------------------------ DAPO overlong
@pytest.mark.parametrize("length", [0, 1, 16384, 16385, 17408, 18432, 20479, 20480, 20481, 30000])
def test_overlong_penalty_is_eq13_at_the_papers_lengths(length):
    """loopwright's overlong_penalty with DAPO's L_max = 20480, L_cache = 4096 (buffer_fraction 0.2)
    is eq. 13 of 2503.14476: 0 up to 16384 tokens, linear to -1 at 20480, -1 beyond."""
    from loopwright.objectives import overlong_penalty

    reward = overlong_penalty(20480, 0.2, 1.0)
    assert reward(completion_ids=[[0] * length]) == [pytest.approx(R.overlong_reward(length, 20480, 4096), abs=1e-12)]


@settings(max_examples=60, deadline=None)
@given(limit=st.integers(2, 4096), cache_share=st.floats(0.01, 0.99), penalty=st.floats(0.0, 5.0),
       lengths=st.lists(st.integers(0, 5000), min_size=1, max_size=8))
def test_overlong_penalty_is_eq13_for_any_whole_token_cache(limit, cache_share, penalty, lengths):
    """For any L_max and any L_cache = buffer_fraction L_max that is a whole number of tokens, the
    reward is eq. 13 scaled by the penalty, for every completion length."""
    from loopwright.objectives import overlong_penalty

    cache = max(1, min(limit - 1, round(cache_share * limit)))
    fraction = cache / limit
    assume(round(fraction * limit) == cache)
    got = overlong_penalty(limit, fraction, penalty)(completion_ids=[[0] * n for n in lengths])
    want = [R.overlong_reward(n, limit, cache, penalty) for n in lengths]
    assert got == pytest.approx(want, abs=1e-12)


# ------------------------------------------------------------ property tests
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


ZERO_KL_IN_LOSS = ["dr_grpo", "dapo", "gspo", "gspo_token", "cispo", "sapo", "rloo"]


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
    """The reference k3 estimator exp(ref - logp) - (ref - logp) - 1 is >= 0 for any pair."""
    assert R.k3(logp, ref) >= 0.0


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
