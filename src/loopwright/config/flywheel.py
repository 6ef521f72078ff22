"""Typed config of ``python -m loopwright.flywheel`` (conf/flywheel.yaml; docs/FLYWHEEL.md).

Shares the ``model``, ``reward`` and ``task`` groups with train.py (the same
dataclasses), so ``model=tiny task=arithmetic`` mean what they mean there.
Registered in Hydra's ConfigStore: a misspelt key fails at composition. No torch.
"""

from dataclasses import dataclass, field
from typing import List, Optional

from hydra.core.config_store import ConfigStore
from omegaconf import MISSING

from loopwright.config.model import ModelConfig
from loopwright.config.reward import RewardConfig
from loopwright.config.task import TaskConfig


@dataclass
class HarvestConfig:
    """Best-of-N: ``samples`` replies per training prompt, the best-scoring one kept. ``max_new_tokens`` is also
    the child runs' profile.max_completion_length (training and held-out eval); ``batch_size`` sequences are
    generated at once (prompts per batch = batch_size // samples)."""

    samples: int = 8
    temperature: float = 1.0
    max_new_tokens: int = 12
    batch_size: int = 64


@dataclass
class FlywheelTrainConfig:
    # sft: learn the harvested best replies (rejection-sampling fine-tuning); or an RL objective option
    objective: str = "sft"
    profile: str = "cpu"
    # More train.py overrides for every child run, e.g. [profile.max_steps=20, objective.learning_rate=5e-5]
    overrides: List[str] = field(default_factory=list)


@dataclass
class FlywheelGateConfig:
    confidence: float = 0.95
    min_delta: float = 0.0
    allow_flips: bool = False
    resamples: int = 10_000


@dataclass
class FlywheelStopConfig:
    max_generations: int = 3
    # Plateau: stop after this many generations in a row without progress (no SHIP, or a gain below min_improvement)
    patience: int = 1
    # A shipped generation whose held-out accuracy gain is below this counts as no progress (it still ships)
    min_improvement: float = 0.0
    # Stop once the last shipped model's held-out accuracy reaches this
    perfect: float = 1.0
    # Dollars: stop before a generation once the ledger's lines for this flywheel's runs sum to this; null: off
    max_cost: Optional[float] = None
    # The cost ledger (provider.ledger of the child runs); relative paths are from the working directory
    ledger: str = "outputs/costs.jsonl"


@dataclass
class FlywheelConfig:
    model: ModelConfig = field(default_factory=ModelConfig)
    reward: RewardConfig = field(default_factory=RewardConfig)
    task: TaskConfig = field(default_factory=TaskConfig)
    # The flywheel dir: flywheel.json (the state), held_out.jsonl, gen-<g>/{harvest,improved,run,gate.json}
    output: str = MISSING
    # Held-out prompts .jsonl (eval.prompts of every child run); null: the task's held-out split, written once
    eval_prompts: Optional[str] = None
    # Curation cut for the harvested replies; null: reward.params.threshold, else 0.7 (as loopwright.improve)
    threshold: Optional[float] = None
    # A held-out prompt counts as solved when its reward >= this (eval.success_threshold of the child runs)
    success_threshold: float = 1.0
    seed: int = 0
    harvest: HarvestConfig = field(default_factory=HarvestConfig)
    train: FlywheelTrainConfig = field(default_factory=FlywheelTrainConfig)
    gate: FlywheelGateConfig = field(default_factory=FlywheelGateConfig)
    stop: FlywheelStopConfig = field(default_factory=FlywheelStopConfig)


def register_configs() -> None:
    ConfigStore.instance().store(name="flywheel_schema", node=FlywheelConfig)


register_configs()
