"""The harness of tests/unit/objectives/: each RL objective option computes its paper's loss: TRL's own loss code,
run with the
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

import torch
from omegaconf import OmegaConf

from helpers import CONF, compose, options
from helpers import reference_losses as R

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
    "luspo": {"eps_low": 3e-4, "eps_high": 4e-4},  # 2602.05261 builds on GSPO's clip (2507.18071 section 5.1)
    "vespo": {"k_pos": 2.0, "lambda_pos": 3.0, "k_neg": 3.0, "lambda_neg": 2.0},  # 2602.10693, TRL's defaults
    "rloo": {"eps_low": 0.2, "eps_high": 0.2, "beta": 0.05},  # TRL's clip; KL coefficient in the reward
}
# Found by these tests and fixed in objectives.py: TRL 1.16 defaults GRPOConfig.use_bias_correction_kl to True,
# which multiplies the k3 KL term by the importance ratio (DeepSeek-V3.2, arXiv:2512.02556); our KL-regularised
# options now pass False, so they compute 2402.03300 eq. 3.
KL_IN_LOSS = {"grpo", "bnpo"}  # GRPO-trainer options with beta != 0


# A = (r - mean) / (std + 1e-4)
GROUP_SCALED = {"grpo", "bnpo", "dapo", "gspo", "gspo_token", "cispo", "sapo", "luspo", "vespo"}


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

    from loopwright import objectives
    from loopwright import models
    # The losses are checked against the papers' values as written (PAPER above); the short smoke budget would
    # scale them (dapo's eq. 13 ramp off, gspo's clip widened: tests/unit/objectives/test_profile_scaling.py).
    as_written = {"dapo": ["objective.overlong.min_budget=0"], "gspo": ["objective.clip_reference_length=null"],
                  "gspo_token": ["objective.clip_reference_length=null"],
                  "luspo": ["objective.clip_reference_length=null"]}.get(name, [])
    cfg = compose(["model=tiny", "profile=smoke", f"objective={name}", *as_written, *extra])
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
    if name == "luspo":
        return R.luspo_loss(logp, old, mask, adv, p["eps_low"], p["eps_high"])
    if name == "vespo":
        return R.vespo_loss(logp, old, mask, adv, p["k_pos"], p["lambda_pos"], p["k_neg"], p["lambda_neg"], num_items)
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
