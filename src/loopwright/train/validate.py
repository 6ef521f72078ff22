"""Cross-field rules, checked once before anything heavy is loaded.

Single-field checks (unknown keys, types, enum values) already happened at
composition through the schemas in :mod:`loopwright.config`. Every message here
names the full keys involved, so the user knows exactly what to override.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from omegaconf import OmegaConf


class ConfigError(ValueError):
    """One or more config values are inconsistent; the message lists them all."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("invalid config:\n" + "\n".join(f"  - {p}" for p in problems))


def _positive(problems: list[str], cfg: Any, *keys: str) -> None:
    for key in keys:
        value = OmegaConf.select(cfg, key)
        if value is not None and value <= 0:
            problems.append(f"{key}={value} must be > 0")


_GRPO_ONLY = ("loss_type", "scale_rewards", "importance_sampling_level")


def _objective_problems(cfg: Any) -> list[str]:
    """Rules tying the objective to its trainer and to the profile's sizes."""
    problems: list[str] = []
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
    if loss == "sapo" and (o.sapo_temperature_pos <= 0 or o.sapo_temperature_neg <= 0):
        problems.append("objective.sapo_temperature_pos and objective.sapo_temperature_neg must be > 0")
    if not 0 < o.top_p <= 1:
        problems.append(f"objective.top_p={o.top_p} must be in (0, 1]")
    if o.warmup_steps < 0 or (o.warmup_steps >= 1 and o.warmup_steps != int(o.warmup_steps)):
        problems.append(f"objective.warmup_steps={o.warmup_steps} must be a whole number of steps or a fraction in [0, 1)")
    if o.weight_decay < 0:
        problems.append(f"objective.weight_decay={o.weight_decay} must be >= 0")
    if trainer == "sft" and o.max_length < 1:
        problems.append(f"objective.max_length={o.max_length} must be >= 1")
    return problems


def problems_in(cfg: Any) -> list[str]:
    """All rule violations in a composed config (empty when it is valid)."""
    from loopwright import rewards, tasks  # pure python, no torch

    problems: list[str] = []
    p, o, t, m = cfg.profile, cfg.objective, cfg.task, cfg.model

    _positive(problems, cfg,
              "profile.per_device_train_batch_size", "profile.gradient_accumulation_steps",
              "profile.num_generations", "profile.max_completion_length", "profile.max_steps",
              "profile.logging_steps", "profile.eval_batch_size",
              "objective.learning_rate", "objective.epsilon", "objective.num_iterations",
              "objective.temperature", "objective.max_grad_norm",
              "task.n_train")

    problems.extend(_objective_problems(cfg))

    problems.extend(tasks.problems(t))
    # SFT with multi_turn trains on the task's transcripts and evaluates in episodes (the tool-agent recipe's warm-up)
    if t.multi_turn and o.trainer.value not in ("grpo", "sft"):
        problems.append(f"task.multi_turn=true needs objective.trainer=grpo (TRL 1.16's tool-calling episodes "
                        f"are GRPOTrainer-only; objective=sft trains on transcripts; objective={o.name} uses "
                        f"{o.trainer.value})")
    problems.extend(tasks.option_problems(t))  # the task module's own rules (task.path, task.operations, ...)
    from loopwright.episodes.adapter import problems as environment_problems  # task.environment._target_

    problems.extend(environment_problems(t))
    if t.token_check_samples < 1:
        problems.append(f"task.token_check_samples={t.token_check_samples} must be >= 1 (task.token_check=false "
                        f"turns the check off)")
    reward_problems = rewards.problems(cfg.reward)
    problems.extend(reward_problems)
    if not reward_problems:  # the calibration gate scores the labelled set: only with a grader that builds
        from loopwright.rewards._calibration import problems as calibration_problems

        problems.extend(calibration_problems(cfg.reward))
    if cfg.eval.enabled and t.n_eval < 1 and not cfg.eval.get("prompts"):
        problems.append(f"task.n_eval={t.n_eval} must be >= 1 while eval.enabled=true (or give eval.prompts=...)")
    from loopwright.evaluation.prompts import problems as held_out_problems  # eval.prompts, eval.fail_below, task=curated's path

    problems.extend(held_out_problems(cfg))
    if cfg.checkpoint.every is not None and cfg.checkpoint.every < 1:
        problems.append(f"checkpoint.every={cfg.checkpoint.every} must be >= 1 (or null)")
    if cfg.checkpoint.keep < 1:
        problems.append(f"checkpoint.keep={cfg.checkpoint.keep} must be >= 1")
    if cfg.resume not in (None, "auto") and not Path(str(cfg.resume)).expanduser().is_dir():
        problems.append(f"resume={cfg.resume} is neither 'auto' nor an existing checkpoint or run directory")
    g = cfg.guards
    if g.zero_signal_steps is not None and g.zero_signal_steps < 1:
        problems.append(f"guards.zero_signal_steps={g.zero_signal_steps} must be >= 1 (or null to turn it off)")
    if g.max_time is not None and g.max_time <= 0:
        problems.append(f"guards.max_time={g.max_time} must be > 0 seconds (or null)")
    if cfg.eval.every is not None and cfg.eval.every < 1:
        problems.append(f"eval.every={cfg.eval.every} must be >= 1 (or null)")
    if cfg.eval.max_new_tokens is not None and cfg.eval.max_new_tokens < 1:
        problems.append(f"eval.max_new_tokens={cfg.eval.max_new_tokens} must be >= 1 (or null)")
    if m.name_or_path and str(m.name_or_path).startswith(("/", "./", "../", "~")):
        if not Path(str(m.name_or_path)).expanduser().is_dir():
            problems.append(f"model.name_or_path={m.name_or_path} is not a directory")
    if m.source.value in ("smollm2", "random_init") and not m.name_or_path:
        from loopwright.train.assets import AssetMissingError, gguf_path

        try:  # the tiny model borrows SmolLM2's tokenizer, so both need the asset
            gguf_path()
        except AssetMissingError as err:
            problems.append(f"model={m.name} (model.source={m.source.value}): {err}")
    if m.source.value == "pretrained" and not m.name_or_path:
        problems.append("model.source=pretrained needs model.name_or_path (a hub id or local directory)")
    from loopwright.train import hub  # no torch: huggingface_hub's cache lookup, a 3 s probe at most

    problems.extend(hub.problems(m))
    if m.lora.enabled:
        _positive(problems, cfg, "model.lora.r", "model.lora.alpha")
        if not m.lora.target_modules:
            problems.append("model.lora.target_modules must not be empty when model.lora.enabled=true")
        if not 0 <= m.lora.dropout < 1:
            problems.append(f"model.lora.dropout={m.lora.dropout} must be in [0, 1)")
    r = m.random_init
    # With head_dim set the heads need not tile hidden_size (both families project q/k/v to heads x head_dim).
    if m.source.value == "random_init" and r.num_attention_heads > 0 and (
        (r.head_dim is None and r.hidden_size % r.num_attention_heads)
        or r.num_attention_heads % max(r.num_key_value_heads, 1)
    ):
        problems.append(
            "model.random_init.hidden_size must be divisible by model.random_init.num_attention_heads "
            "(unless model.random_init.head_dim is set), and num_attention_heads by "
            "model.random_init.num_key_value_heads"
        )
    if m.source.value == "random_init" and r.head_dim is not None and (r.head_dim < 2 or r.head_dim % 2):
        problems.append(f"model.random_init.head_dim={r.head_dim} must be a positive even number (RoPE rotates pairs)")
    if m.source.value == "random_init" and r.chat_template is not None:
        from loopwright.train.models import chat_template_names  # no torch at import

        if r.chat_template not in chat_template_names():
            problems.append(f"model.random_init.chat_template={r.chat_template} is not one of "
                            f"{', '.join(chat_template_names())} (src/loopwright/train/chat_templates/), or null")
    problems.extend(_logger_problems(cfg.logger))
    problems.extend(_rollout_problems(cfg))
    from loopwright.train.safe_paths import outside_problem  # the cost ledger is written where the config says

    problems.extend(p for p in [outside_problem("provider.ledger", cfg.provider.get("ledger"))] if p)
    if p.device.value == "cpu" and p.precision.value == "fp16":
        problems.append("profile.precision=fp16 is not supported with profile.device=cpu; use fp32 or bf16")
    kernel = p.get("attn_implementation")
    if p.device.value == "cpu" and getattr(kernel, "value", kernel) == "flash_attention_2":
        problems.append("profile.attn_implementation=flash_attention_2 needs a CUDA GPU and profile.device=cpu has "
                        "none; use eager, sdpa or null")
    return problems


def _rollout_problems(cfg: Any) -> list[str]:
    """rollout=: its own rules; with vLLM also the doctor's known-bad combinations and the server's answer."""
    from loopwright import rollout

    problems = rollout.problems(cfg)
    if problems or not rollout.uses_vllm(cfg):
        return problems
    from loopwright.preflight import checks

    problems.extend(checks.problems(cfg))
    if cfg.rollout.mode.value == "server" and cfg.profile.device.value != "cpu":
        from loopwright.rollout import vllm_server
        from loopwright.train.models import weights_source

        source = weights_source(cfg.model)
        problems.extend(vllm_server.problems(cfg, source.get("name_or_path") or source["path"]))
    return problems


# logger.kind -> (module that must be importable, the extra that installs it)
_LOGGER_PACKAGES = {"wandb": ("wandb", "wandb"), "tensorboard": ("tensorboard", "tensorboard")}


def _logger_problems(logger: Any) -> list[str]:
    import importlib.util

    needed = _LOGGER_PACKAGES.get(logger.kind.value)
    if needed and importlib.util.find_spec(needed[0]) is None:
        return [f"logger={logger.name} needs the {needed[0]} package, which is not installed: "
                f"pip install 'loopwright[{needed[1]}]' (or pip install {needed[0]})"]
    if logger.kind.value == "wandb" and not str(logger.project).strip():
        return ["logger.project must not be empty for logger=wandb"]
    return []


def validate(cfg: Any) -> None:
    """Raise :class:`ConfigError` listing every problem in ``cfg``."""
    problems = problems_in(cfg)
    if problems:
        raise ConfigError(problems)
