"""Typed schemas for every config group, registered in Hydra's ConfigStore.

One module per group, named as the group: ``model.py``, ``objective.py``,
``reward.py``, ``task.py``, ``provider.py``, ``profile.py``, ``logger.py``;
``train.py`` holds the top-level ``TrainConfig`` (eval, guards, checkpoint,
trial, ...) and ``apps.py`` the loop apps' schemas (imported by those apps only);
``registry.py`` the name registries the reward= and task= options register in.

``conf/train.yaml`` starts its defaults list with ``train_schema`` (the
``TrainConfig``), so every group option merges into a typed node: a misspelt
key, a value of the wrong type or a value outside an enum fails at composition,
before any model is loaded. Rules that involve more than one field live in
:mod:`loopwright.train.validate`.

Every option YAML says ``name: <option>``; ``kind`` (the registered code) defaults
to the name, so the old ``name: X`` / ``kind: X`` pair is one line.

This package must stay importable without torch: ``train.py --help`` and
``--cfg job`` import it. The modules skip ``from __future__ import annotations``:
OmegaConf reads the field types at registration, and real annotations spare it
evaluating strings (start-up time, bench/overhead.py).
"""

from hydra.core.config_store import ConfigStore

from loopwright.config.logger import LoggerConfig, LoggerKind, WandbMode
from loopwright.config.model import Dtype, LoraConfig, ModelConfig, ModelSource, RandomInitConfig
from loopwright.config.objective import (ImportanceSamplingLevel, LossType, ObjectiveConfig, OverlongConfig,
                                         ScaleRewards, SchedulerType, TrainerKind)
from loopwright.config.profile import Device, Precision, ProfileConfig
from loopwright.config.provider import (PROVIDER_SCHEMAS, CloudProvider, LocalGpusProvider, ModalProvider,
                                        ProviderConfig, ProviderKind, RayProvider, RunpodProvider, SlurmProvider,
                                        schema_name)
from loopwright.config.reward import REWARD_SCHEMAS, JudgeReward, RewardComponent, RewardConfig, reward_schema_name
from loopwright.config.rollout import Engine, ImportanceSamplingMode, RolloutConfig, VllmMode
from loopwright.config.task import TaskConfig
from loopwright.config.train import CheckpointConfig, EvalConfig, GuardsConfig, TrainConfig, TrialConfig

__all__ = [
    "CheckpointConfig", "CloudProvider", "Device", "Dtype", "Engine", "ImportanceSamplingMode", "EvalConfig", "JudgeReward", "GuardsConfig", "ImportanceSamplingLevel",
    "LocalGpusProvider", "LoggerConfig", "LoggerKind", "LoraConfig", "LossType", "ModalProvider",
    "ModelConfig", "ModelSource", "ObjectiveConfig", "OverlongConfig", "PROVIDER_SCHEMAS", "Precision",
    "ProfileConfig", "ProviderConfig", "ProviderKind", "RandomInitConfig", "RewardComponent", "RewardConfig",
    "RayProvider", "RolloutConfig", "RunpodProvider", "ScaleRewards", "SchedulerType", "SlurmProvider", "TaskConfig", "TrainConfig", "TrainerKind",
    "TrialConfig", "VllmMode", "WandbMode", "register_configs", "schema_name",
]


def register_configs() -> None:
    store = ConfigStore.instance()
    store.store(name="train_schema", node=TrainConfig)
    for kind, schema in PROVIDER_SCHEMAS.items():  # plain names, not a group: never listed as options
        store.store(name=schema_name(kind), node=schema)
    for option, node in REWARD_SCHEMAS.items():
        store.store(name=reward_schema_name(option), node=node)


register_configs()
