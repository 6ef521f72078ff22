"""Objective + profile config -> TRL trainer and trainer-config keyword arguments.

Every knob handed to TRL is listed here and comes from the resolved config; the
run records the full trainer config TRL ended up with in ``manifest.json``, so
nothing the trainer did depends on a default the user cannot see.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def _device_kwargs(profile: Any) -> dict[str, Any]:
    import torch

    use_cpu = profile.device.value == "cpu" or (profile.device.value == "auto" and not torch.cuda.is_available())
    return {
        "use_cpu": use_cpu,
        "bf16": profile.precision.value == "bf16",
        "fp16": profile.precision.value == "fp16",
    }


def grpo_config_kwargs(cfg: Any, output_dir: Path) -> dict[str, Any]:
    """Keyword arguments for ``trl.GRPOConfig``, from the objective and profile groups."""
    o, p = cfg.objective, cfg.profile
    return {
        # where TRL may write (checkpointing is off: the run saves the final model itself)
        "output_dir": str(output_dir),
        "save_strategy": "no",
        "report_to": [],
        "seed": int(cfg.seed),
        "data_seed": int(cfg.seed),
        # algorithm: objective group
        "loss_type": o.loss_type.value,
        "beta": float(o.beta),
        "epsilon": float(o.epsilon),
        "epsilon_high": None if o.epsilon_high is None else float(o.epsilon_high),
        "scale_rewards": o.scale_rewards.value,
        "importance_sampling_level": o.importance_sampling_level.value,
        "num_iterations": int(o.num_iterations),
        "mask_truncated_completions": bool(o.mask_truncated_completions),
        "temperature": float(o.temperature),
        "top_p": float(o.top_p),
        "learning_rate": float(o.learning_rate),
        "lr_scheduler_type": o.lr_scheduler_type.value,
        "warmup_steps": float(o.warmup_steps),
        "weight_decay": float(o.weight_decay),
        "max_grad_norm": float(o.max_grad_norm),
        "reward_weights": [float(cfg.reward.weight)],
        # resources: profile group
        "per_device_train_batch_size": int(p.per_device_train_batch_size),
        "gradient_accumulation_steps": int(p.gradient_accumulation_steps),
        "num_generations": int(p.num_generations),
        "max_completion_length": int(p.max_completion_length),
        "max_steps": int(p.max_steps),
        "logging_steps": int(p.logging_steps),
        "gradient_checkpointing": bool(p.gradient_checkpointing),
        **_device_kwargs(p),
    }


def build_trainer(
    cfg: Any,
    model: Any,
    tokenizer: Any,
    reward_fn: Any,
    train_rows: list[dict],
    output_dir: Path,
    callbacks: list | None = None,
    peft_config: Any = None,
) -> tuple[Any, dict[str, Any]]:
    """Return (trainer, the kwargs its config was built from)."""
    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer

    kind = cfg.objective.trainer.value
    if kind != "grpo":  # the schema enum lists only what is implemented
        raise ValueError(f"objective.trainer={kind} is not implemented")
    kwargs = grpo_config_kwargs(cfg, output_dir)
    trainer = GRPOTrainer(
        model=model,
        processing_class=tokenizer,
        reward_funcs=[reward_fn],
        args=GRPOConfig(**kwargs),
        train_dataset=Dataset.from_list(train_rows),
        callbacks=callbacks,
        peft_config=peft_config,
    )
    return trainer, kwargs
