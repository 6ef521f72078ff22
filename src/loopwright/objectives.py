"""Objective + profile config -> TRL trainer and trainer-config keyword arguments.

Every knob handed to TRL is listed here and comes from the resolved config; the
run records the full trainer config TRL ended up with in ``manifest.json``, so
nothing the trainer did depends on a default the user cannot see.

One function per trainer kind (``objective.trainer``): the GRPO family
(GRPO, Dr. GRPO, BNPO, DAPO, GSPO, CISPO, SAPO: all ``trl.GRPOTrainer`` with
different fields), RLOO (``trl.RLOOTrainer``) and SFT (``trl.SFTTrainer``).
"""

from __future__ import annotations

import contextlib
import math
from pathlib import Path
from typing import Any, Callable

from loopwright import rollout
from loopwright.models.families import chat_template_kwargs


def resolved_precision(profile: Any, device: dict | None = None) -> str:
    """``profile.precision``, with ``auto`` decided by the device: bf16 autocast where it has native bf16
    (CUDA capability >= 8.0; on the CPU the avx512_bf16 or amx_bf16 flag), else fp32. On this project's
    2-core AVX512-BF16 machine bf16 made the default step 0.57x as long at the same held-out accuracy
    (docs/BENCHMARKS.md, "Where a step's time goes")."""
    if profile.precision.value != "auto":
        return profile.precision.value
    from loopwright.preflight.device import probe_device

    facts = device or probe_device(profile.device.value)
    return "bf16" if facts["bf16"] else "fp32"


def _device_kwargs(profile: Any) -> dict[str, Any]:
    import torch

    use_cpu = profile.device.value == "cpu" or (profile.device.value == "auto" and not torch.cuda.is_available())
    precision = resolved_precision(profile)
    return {
        "use_cpu": use_cpu,
        "bf16": precision == "bf16",
        "fp16": precision == "fp16",
    }


def _common_kwargs(cfg: Any, output_dir: Path) -> dict[str, Any]:
    """Fields every trainer (TrainingArguments) takes: optimisation, run length, device."""
    o, p = cfg.objective, cfg.profile
    return {
        # checkpoints (made atomic by loopwright.train.checkpoints; it also rotates them)
        "output_dir": str(output_dir),
        "save_strategy": "steps" if cfg.checkpoint.every else "no",
        **({"save_steps": int(cfg.checkpoint.every)} if cfg.checkpoint.every else {}),
        # W&B: TRL's WandbCallback reuses the run loopwright.loggers opened;
        # TensorBoard is wired as a callback sharing the tracker's writer.
        "report_to": ["wandb"] if cfg.logger.kind.value == "wandb" else [],
        "seed": int(cfg.seed),
        "data_seed": int(cfg.seed),
        "learning_rate": float(o.learning_rate),
        "lr_scheduler_type": o.lr_scheduler_type.value,
        "warmup_steps": float(o.warmup_steps),
        "weight_decay": float(o.weight_decay),
        "max_grad_norm": float(o.max_grad_norm),
        "per_device_train_batch_size": int(p.per_device_train_batch_size),
        "gradient_accumulation_steps": int(p.gradient_accumulation_steps),
        "max_steps": int(p.max_steps),
        "logging_steps": int(p.logging_steps),
        "gradient_checkpointing": bool(p.gradient_checkpointing),
        **_device_kwargs(p),
    }


def _online_rl_kwargs(cfg: Any, output_dir: Path) -> dict[str, Any]:
    """Fields GRPOConfig and RLOOConfig share: sampling, clipping, KL, group size."""
    o, p = cfg.objective, cfg.profile
    weights = reward_weights(cfg)
    return {
        **_common_kwargs(cfg, output_dir),
        "beta": float(o.beta),
        **dict(zip(("epsilon", "epsilon_high"), sequence_clip(o, int(p.max_completion_length)))),
        "num_iterations": int(o.num_iterations),
        # Resolved here (TRL's own fallback is the same) so the manifest shows the value used.
        "steps_per_generation": int(o.steps_per_generation or p.gradient_accumulation_steps),
        "mask_truncated_completions": truncation_filter_active(cfg),
        "temperature": float(o.temperature),
        "top_p": float(o.top_p),
        "reward_weights": weights,
        "num_generations": int(p.num_generations),
        "max_completion_length": int(p.max_completion_length),
        "chat_template_kwargs": chat_template_kwargs(cfg) or None,  # model.thinking (models/families.py)
        **rollout.trainer_kwargs(cfg),  # rollout=: use_vllm and the vllm_* fields
    }


def grpo_config_kwargs(cfg: Any, output_dir: Path) -> dict[str, Any]:
    """Keyword arguments for ``trl.GRPOConfig``."""
    o = cfg.objective
    return {
        **_online_rl_kwargs(cfg, output_dir),
        "loss_type": o.loss_type.value,
        "scale_rewards": o.scale_rewards.value,
        "importance_sampling_level": o.importance_sampling_level.value,
        "sapo_temperature_pos": float(o.sapo_temperature_pos),
        "sapo_temperature_neg": float(o.sapo_temperature_neg),
        **{f"vespo_{k}": float(o[f"vespo_{k}"]) for k in ("k_pos", "lambda_pos", "k_neg", "lambda_neg")},
        # Always passed: TRL's default (True) would silently change the KL gradient.
        "use_bias_correction_kl": bool(o.use_bias_correction_kl),
    }


def rloo_config_kwargs(cfg: Any, output_dir: Path) -> dict[str, Any]:
    """Keyword arguments for ``trl.RLOOConfig``."""
    return {
        **_online_rl_kwargs(cfg, output_dir),
        "normalize_advantages": bool(cfg.objective.normalize_advantages),
    }


def sft_config_kwargs(cfg: Any, output_dir: Path) -> dict[str, Any]:
    """Keyword arguments for ``trl.SFTConfig``."""
    o = cfg.objective
    return {
        **_common_kwargs(cfg, output_dir),
        "completion_only_loss": bool(o.completion_only_loss),
        "max_length": int(o.max_length),
    }


CONFIG_KWARGS: dict[str, Callable[[Any, Path], dict[str, Any]]] = {
    "grpo": grpo_config_kwargs,
    "rloo": rloo_config_kwargs,
    "sft": sft_config_kwargs,
}


def trainer_config_kwargs(cfg: Any, output_dir: Path) -> dict[str, Any]:
    """The TRL config kwargs for ``cfg.objective.trainer``."""
    return CONFIG_KWARGS[cfg.objective.trainer.value](cfg, output_dir)


# ------------------------------------------------- paper values sized for long budgets, scaled to the profile
# GRPO's token clip (arXiv:2402.03300) and DAPO's Clip-Higher (arXiv:2503.14476 section 3.1): the anchors at a
# reply length of one token, where a length-normalised sequence ratio *is* the token ratio.
TOKEN_CLIP = (0.2, 0.28)


def sequence_clip(o: Any, max_completion_length: int) -> tuple[float, float | None]:
    """``(epsilon, epsilon_high)`` handed to TRL.

    GSPO's 3e-4 / 4e-4 (arXiv:2507.18071 section 5.1) bound the geometric mean of the per-token ratios of
    replies thousands of tokens long. The shorter the reply, the less the mean averages out, so the same
    update moves a 12-token reply's sequence ratio far past 4e-4 and clips nearly every mini-batch after the
    first (measured: docs/BENCHMARKS.md). With ``objective.clip_reference_length`` = L_ref set, the clip is
    interpolated log-linearly in the length, from the token clip at L = 1 to the paper's value at L_ref:
    eps(L) = eps_token * (eps_paper / eps_token) ** (ln L / ln L_ref), with L = profile.max_completion_length
    (capped at L_ref, so long budgets get the paper's values unchanged).
    """
    eps, high = float(o.epsilon), None if o.epsilon_high is None else float(o.epsilon_high)
    ref = o.clip_reference_length
    if not ref or max_completion_length >= ref:
        return eps, high
    f = math.log(max(1, max_completion_length)) / math.log(ref)
    scaled = TOKEN_CLIP[0] * (eps / TOKEN_CLIP[0]) ** f
    return scaled, None if high is None else TOKEN_CLIP[1] * (high / TOKEN_CLIP[1]) ** f


def overlong_active(cfg: Any) -> bool:
    """DAPO's soft overlong punishment applies: enabled, and the budget is at least ``overlong.min_budget``.

    The paper's ramp (the last 4096 of 20480 tokens) sits beyond what replies need: it punishes the rare reply
    that runs past the expected maximum. On a short budget ordinary replies reach the limit (69% of the base
    model's at the default 12 tokens), the ramp becomes a length reward that outweighs the task's, and the
    model learns to stop instead of to answer (held-out 0.175 -> 0.075, docs/BENCHMARKS.md). The same floor
    governs DAPO's overlong *filtering* (:func:`truncation_filter_active`).
    """
    o = cfg.objective.overlong
    return bool(o.enabled) and int(cfg.profile.max_completion_length) >= int(o.min_budget)


def truncation_filter_active(cfg: Any) -> bool:
    """``mask_truncated_completions`` as handed to TRL: DAPO's overlong filtering (arXiv:2503.14476 section 3.4).

    The filter drops truncated replies from the loss, which the paper can afford because at 20480 tokens
    truncation is rare. On a budget under ``overlong.min_budget`` most replies are truncated (69-75% of the base
    model's at 12 tokens), so the loss rests on the few short ones, and once a policy drifts to replies that all
    run to the limit nothing is left to train: on the default job, seed 0, every completion was truncated from
    step 8 on, entropy 0, held-out 0.125 -> 0.150 (docs/BENCHMARKS.md). So with the overlong treatment enabled,
    both of its parts (filter and ramp) apply from ``min_budget`` up; an objective without it
    (``overlong.enabled=false``) gets ``mask_truncated_completions`` as written."""
    o = cfg.objective
    if not o.mask_truncated_completions:
        return False
    return not o.overlong.enabled or int(cfg.profile.max_completion_length) >= int(o.overlong.min_budget)


def scaling_record(cfg: Any) -> dict[str, Any]:
    """What the profile changed in the objective's paper values, for the manifest (``objective_scaling``)."""
    o, length = cfg.objective, int(cfg.profile.max_completion_length)
    eps, high = sequence_clip(o, length)
    return {"max_completion_length": length,
            "clip": {"paper": [float(o.epsilon), o.epsilon_high], "used": [eps, high],
                     "reference_length": o.clip_reference_length},
            "overlong": {"enabled": bool(o.overlong.enabled), "min_budget": int(o.overlong.min_budget),
                         "active": overlong_active(cfg),
                         "filter": {"configured": bool(o.mask_truncated_completions),
                                    "active": truncation_filter_active(cfg)}}}


def overlong_penalty(max_completion_length: int, buffer_fraction: float, penalty: float) -> Callable[..., list]:
    """DAPO's soft overlong punishment (arXiv:2503.14476 eq. 13) as a TRL reward function.

    With L_max = max_completion_length and L_cache = buffer: 0 while |y| <= L_max - L_cache,
    then linear from 0 down to -penalty at |y| = L_max (and -penalty beyond). The curve is
    TRL's (loopwright.rewards.length.curve, shared with reward=length), scaled by ``penalty``;
    the function keeps its own name, the ``rewards/overlong_penalty/*`` metrics.
    """
    from loopwright.rewards.length import curve

    soft_overlong = curve(max_completion_length, max(1, round(buffer_fraction * max_completion_length)))

    def overlong_penalty(completion_ids: list, **_: Any) -> list[float]:
        return [score * penalty for score in soft_overlong(completion_ids)]

    return overlong_penalty


def reward_weights(cfg: Any) -> list[float]:
    """Weights of the reward functions, in the order :func:`reward_functions` returns them."""
    r = cfg.reward
    if r.get("_target_") or r.kind != "composite":
        weights = [float(r.weight)]
    else:
        weights = [float(c.weight) for c in r.components]
    return weights + ([1.0] if overlong_active(cfg) else [])


def reward_functions(cfg: Any, graders: list[tuple[str, Callable[..., list], float]]) -> list[Callable[..., list]]:
    """The reward group's graders plus the objective's shaping terms, in ``reward_weights`` order."""
    funcs = [fn for _, fn, _ in graders]
    o = cfg.objective
    if overlong_active(cfg):
        funcs.append(overlong_penalty(int(cfg.profile.max_completion_length), float(o.overlong.buffer_fraction),
                                      float(o.overlong.penalty)))
    return funcs


def sft_rows(rows: list[dict], template_kwargs: dict | None = None) -> list[dict]:
    """Prompt-completion rows for SFT: a row's ``completion``, else its ``answer`` as the reply; a row's
    ``tools`` (JSON schemas, rendered by the chat template as in episodes) is kept; ``template_kwargs``
    (model.thinking) ride in each row's ``chat_template_kwargs``, which is where SFTTrainer reads them."""
    out = []
    for row in rows:
        completion = row.get("completion")
        if completion is None:
            completion = [{"role": "assistant", "content": str(row["answer"])}]
        out.append({"prompt": row["prompt"], "completion": completion,
                    **({"tools": row["tools"]} if row.get("tools") else {}),
                    **({"chat_template_kwargs": template_kwargs} if template_kwargs else {})})
    return out


def build_trainer(
    cfg: Any,
    model: Any,
    tokenizer: Any,
    graders: list[tuple[str, Callable[..., list], float]],
    train_rows: list[dict],
    output_dir: Path,
    callbacks: list | None = None,
    peft_config: Any = None,
) -> tuple[Any, dict[str, Any]]:
    """Return (trainer, the kwargs its config was built from)."""
    import trl
    from datasets import Dataset

    from loopwright.models import lm_head_rows

    lm_head_rows.apply()  # TRL's fused LM head, on the CPU, projects only the rows the loss reads
    kind = cfg.objective.trainer.value
    kwargs = trainer_config_kwargs(cfg, output_dir)
    common = {"model": model, "processing_class": tokenizer, "callbacks": callbacks, "peft_config": peft_config}
    if kind == "sft":
        if cfg.task.multi_turn:  # tool-use transcripts: the template must render tools and tool calls
            from loopwright.episodes import prepare_tokenizer

            prepare_tokenizer(tokenizer)
        trainer = trl.SFTTrainer(args=trl.SFTConfig(**kwargs), train_dataset=Dataset.from_list(
                                     sft_rows(train_rows, chat_template_kwargs(cfg))),
                                 **common)
    else:
        trainer_cls, config_cls = {"grpo": (trl.GRPOTrainer, trl.GRPOConfig),
                                   "rloo": (trl.RLOOTrainer, trl.RLOOConfig)}[kind]
        extras: dict[str, Any] = {}
        if cfg.task.multi_turn:  # tool-calling episodes: TRL's tools= / environment_factory=
            from loopwright.episodes import trainer_extras

            extras = trainer_extras(cfg, train_rows, tokenizer)
        engine = contextlib.nullcontext()
        if kwargs.get("use_vllm") and kwargs["vllm_mode"] == "colocate":
            from loopwright.rollout.vllm_engine import on_cpu, pinned_engine_args

            engine = pinned_engine_args(cfg, on_cpu(kwargs))  # dtype, seed, eager, CPU KV cache + weight patch
        with engine:
            trainer = trainer_cls(reward_funcs=reward_functions(cfg, graders), args=config_cls(**kwargs),
                                  train_dataset=Dataset.from_list(train_rows), **common, **extras)
        from loopwright.rollout.decode_casts import cast_once_per_rollout
        from loopwright.rollout.inverse_cdf_sampling import sample_by_inverse_cdf
        from loopwright.rollout.prompt_sharing import share_prompts

        cast_once_per_rollout(trainer)
        if cfg.profile.get("share_prompts", True):  # a config saved before the key existed shares them
            share_prompts(trainer)
        if cfg.profile.get("inverse_cdf_sampling", False):
            sample_by_inverse_cdf(trainer)
    return trainer, kwargs


_GRPO_ONLY = ("loss_type", "scale_rewards", "importance_sampling_level")


def problems(cfg: Any) -> list[str]:
    """objective=: its values, and the rules tying the objective to its trainer and to the profile's sizes."""
    from loopwright.config.checks import positive

    problems = positive(cfg, "objective.learning_rate", "objective.epsilon", "objective.num_iterations",
                        "objective.temperature", "objective.max_grad_norm")
    o, p = cfg.objective, cfg.profile
    trainer = o.trainer.value
    if trainer == "grpo":
        for key in _GRPO_ONLY:
            if o[key] is None:
                problems.append(f"objective.{key} must be set for objective.trainer=grpo")
    else:
        for key in _GRPO_ONLY:
            if o[key] is not None:
                problems.append(f"objective.{key}={o[key].value} has no effect with objective.trainer={trainer} "
                                f"(only trl.GRPOTrainer has it); set it to null")

    if trainer in ("grpo", "rloo"):
        # The group is the baseline: a group of one compares a completion with itself.
        if p.num_generations is not None and p.num_generations < 2:
            problems.append(f"profile.num_generations={p.num_generations} must be >= 2 "
                            f"(objective.trainer={trainer} needs a group to compare)")
        steps = o.steps_per_generation or p.gradient_accumulation_steps
        source = ("objective.steps_per_generation" if o.steps_per_generation
                  else "profile.gradient_accumulation_steps")
        generation_batch = p.per_device_train_batch_size * steps
        if p.num_generations and p.num_generations > 0 and steps > 0 and generation_batch % p.num_generations:
            problems.append(
                f"profile.per_device_train_batch_size ({p.per_device_train_batch_size}) x {source} ({steps}) = "
                f"{generation_batch} completions per generation batch, not divisible by "
                f"profile.num_generations ({p.num_generations})"
            )
        if o.steps_per_generation is not None and o.steps_per_generation < p.gradient_accumulation_steps:
            problems.append(f"objective.steps_per_generation={o.steps_per_generation} must be >= "
                            f"profile.gradient_accumulation_steps={p.gradient_accumulation_steps}")
    if o.overlong.enabled:
        if trainer == "sft":
            problems.append("objective.overlong.enabled=true needs an RL trainer (objective.trainer=grpo or rloo)")
        if not 0 < o.overlong.buffer_fraction < 1:
            problems.append(f"objective.overlong.buffer_fraction={o.overlong.buffer_fraction} must be in (0, 1)")
        if o.overlong.penalty < 0:
            problems.append(f"objective.overlong.penalty={o.overlong.penalty} must be >= 0")
        if o.overlong.min_budget < 0:
            problems.append(f"objective.overlong.min_budget={o.overlong.min_budget} must be >= 0")
    if o.clip_reference_length is not None:
        level = o.importance_sampling_level.value if o.importance_sampling_level is not None else None
        if level != "sequence":
            problems.append("objective.clip_reference_length scales a sequence-level clip range: it needs "
                            f"objective.importance_sampling_level=sequence (got {level})")
        if o.clip_reference_length < 2:
            problems.append(f"objective.clip_reference_length={o.clip_reference_length} must be >= 2 (tokens)")
    if o.beta < 0:
        problems.append(f"objective.beta={o.beta} must be >= 0")
    loss = o.loss_type.value if o.loss_type is not None else None
    if loss == "cispo":
        # TRL's cispo loss caps the IS weight at epsilon_high itself; unset, that is epsilon (0.2).
        if o.epsilon_high is None:
            problems.append("objective.loss_type=cispo needs objective.epsilon_high (the cap on the IS weight; "
                            "unset, TRL caps it at objective.epsilon)")
    elif o.epsilon_high is not None and o.epsilon_high < o.epsilon:
        problems.append(f"objective.epsilon_high={o.epsilon_high} must be >= objective.epsilon={o.epsilon}")
    if loss == "luspo" and o.importance_sampling_level is not None and o.importance_sampling_level.value != "sequence":
        problems.append("objective.loss_type=luspo requires objective.importance_sampling_level=sequence")
    if loss == "vespo" and any(o[f"vespo_{k}"] < 0 for k in ("k_pos", "lambda_pos", "k_neg", "lambda_neg")):
        problems.append("objective.vespo_k_pos, vespo_lambda_pos, vespo_k_neg and vespo_lambda_neg must be >= 0")
    if loss == "sapo" and (o.sapo_temperature_pos <= 0 or o.sapo_temperature_neg <= 0):
        problems.append("objective.sapo_temperature_pos and objective.sapo_temperature_neg must be > 0")
    if not 0 < o.top_p <= 1:
        problems.append(f"objective.top_p={o.top_p} must be in (0, 1]")
    if o.warmup_steps < 0 or (o.warmup_steps >= 1 and o.warmup_steps != int(o.warmup_steps)):
        problems.append(f"objective.warmup_steps={o.warmup_steps} "
                        "must be a whole number of steps or a fraction in [0, 1)")
    if o.weight_decay < 0:
        problems.append(f"objective.weight_decay={o.weight_decay} must be >= 0")
    if trainer == "sft" and o.max_length < 1:
        problems.append(f"objective.max_length={o.max_length} must be >= 1")
    return problems
