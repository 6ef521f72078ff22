"""``objective=``: the algorithm (conf/objective/*.yaml; mapped onto TRL's trainers by loopwright.objectives)."""

from dataclasses import field
from enum import Enum
from typing import Optional

from omegaconf import MISSING

from loopwright.config._schema import schema


class TrainerKind(str, Enum):
    grpo = "grpo"  # trl.GRPOTrainer (every GRPO-family loss)
    rloo = "rloo"  # trl.RLOOTrainer
    sft = "sft"  # trl.SFTTrainer


class LossType(str, Enum):
    """TRL 1.16 ``GRPOConfig.loss_type`` values (trl/trainer/grpo_config.py)."""

    grpo = "grpo"
    dr_grpo = "dr_grpo"
    dapo = "dapo"
    bnpo = "bnpo"
    cispo = "cispo"
    sapo = "sapo"
    luspo = "luspo"
    vespo = "vespo"


class ScaleRewards(str, Enum):
    group = "group"
    batch = "batch"
    none = "none"


class ImportanceSamplingLevel(str, Enum):
    token = "token"
    sequence = "sequence"


class SchedulerType(str, Enum):
    constant = "constant"
    constant_with_warmup = "constant_with_warmup"
    linear = "linear"
    cosine = "cosine"


@schema
class OverlongConfig:
    """DAPO's soft overlong punishment (arXiv:2503.14476 eq. 13), added as a reward term."""

    enabled: bool = False
    # L_cache as a fraction of profile.max_completion_length (DAPO: 4096 of 20480 = 0.2).
    buffer_fraction: float = 0.2
    # Reward at the hard length limit is -penalty.
    penalty: float = 1.0
    # The punishment is active only when profile.max_completion_length >= min_budget (0: always).
    # objective=dapo sets it: below it the budget is a cap ordinary replies hit, not the paper's
    # "expected maximum" (loopwright.objectives.overlong_active, docs/OBJECTIVES.md).
    min_budget: int = 0


@schema
class ObjectiveConfig:
    """The algorithm. Hardware-driven sizes live in ``profile``."""

    name: str = MISSING
    trainer: TrainerKind = TrainerKind.grpo
    # GRPO-trainer only (null for rloo / sft, which have no such fields).
    loss_type: Optional[LossType] = None
    scale_rewards: Optional[ScaleRewards] = None
    importance_sampling_level: Optional[ImportanceSamplingLevel] = None
    sapo_temperature_pos: float = 1.0
    sapo_temperature_neg: float = 1.05
    # loss_type=vespo's Gamma weight phi(w) = e^lambda w^k e^(-lambda w) of the sequence ratio w, per advantage sign
    # (arXiv:2602.10693; TRL 1.16's defaults).
    vespo_k_pos: float = 2.0
    vespo_lambda_pos: float = 3.0
    vespo_k_neg: float = 3.0
    vespo_lambda_neg: float = 2.0
    # Weight the k3 KL term by the importance ratio (DeepSeek-V3.2, arXiv:2512.02556).
    # TRL 1.16 defaults it to True; GRPO's own k3 term (arXiv:2402.03300 eq. 4) is False.
    use_bias_correction_kl: bool = False
    # RLOO-trainer only: standardise advantages over the batch.
    normalize_advantages: bool = False
    beta: float = MISSING
    epsilon: float = MISSING
    epsilon_high: Optional[float] = None
    # Sequence-level objectives: epsilon / epsilon_high are the paper's values at this reply length
    # (tokens); the trainer gets them scaled to profile.max_completion_length, towards the token clip
    # at length 1 (loopwright.objectives.sequence_clip). null: used as written.
    clip_reference_length: Optional[int] = None
    num_iterations: int = 1
    # Optimizer steps per generation batch (null: profile.gradient_accumulation_steps).
    steps_per_generation: Optional[int] = None
    mask_truncated_completions: bool = False
    overlong: OverlongConfig = field(default_factory=OverlongConfig)
    # SFT-trainer only.
    completion_only_loss: bool = True
    max_length: int = 512
    temperature: float = 1.0
    top_p: float = 1.0
    learning_rate: float = MISSING
    lr_scheduler_type: SchedulerType = SchedulerType.linear
    # transformers semantics: >= 1 is a step count, a float in [0, 1) a fraction of max_steps
    warmup_steps: float = 0.0
    weight_decay: float = 0.0
    max_grad_norm: float = 1.0
