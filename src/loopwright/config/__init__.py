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

from hydra.core.config_store import ConfigNode, ConfigStore
from omegaconf import DictConfig, OmegaConf

from loopwright.config import help_text, yaml_c
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
    "CheckpointConfig", "CloudProvider", "Device", "Dtype", "Engine", "ImportanceSamplingMode", "EvalConfig",
    "JudgeReward", "GuardsConfig", "ImportanceSamplingLevel",
    "LocalGpusProvider", "LoggerConfig", "LoggerKind", "LoraConfig", "LossType", "ModalProvider",
    "ModelConfig", "ModelSource", "ObjectiveConfig", "OverlongConfig", "PROVIDER_SCHEMAS", "Precision",
    "ProfileConfig", "ProviderConfig", "ProviderKind", "RandomInitConfig", "RewardComponent", "RewardConfig",
    "RayProvider", "RolloutConfig", "RunpodProvider", "ScaleRewards", "SchedulerType", "SlurmProvider",
    "TaskConfig", "TrainConfig", "TrainerKind",
    "TrialConfig", "VllmMode", "WandbMode", "register_configs", "schema_name",
]


class _SchemaOnFirstUse(ConfigNode):
    """A ConfigStore entry whose typed node is built when a config first loads it.

    ``ConfigStore.store`` builds every schema's node up front (``OmegaConf.structured``, ~1 ms each),
    although a run loads one provider schema at most and the judge's only with ``reward=judge``: six
    of the seven schemas were built for nothing on every start (bench/overhead.py, ``--cfg job``).
    Hydra reads an entry's node only in ``ConfigStore.load``, which copies it, so building it there
    changes nothing else; tests/unit/config/test_provider_schema.py composes each one through this path.
    """

    def __init__(self, name: str, schema: type) -> None:
        self._schema, self._built = schema, None
        super().__init__(name=f"{name}.yaml", node=None, group=None, package=None, provider="loopwright")

    @property  # type: ignore[override]  # a dataclass field on ConfigNode, a property here
    def node(self) -> DictConfig:
        if self._built is None:
            self._built = OmegaConf.structured(self._schema)
        return self._built

    @node.setter
    def node(self, value: DictConfig | None) -> None:
        self._built = value


def register_configs() -> None:
    store = ConfigStore.instance()
    store.store(name="train_schema", node=TrainConfig)  # every train.py run loads it: built now
    # plain names, not a group: never listed as options
    lazy = {schema_name(kind): schema for kind, schema in PROVIDER_SCHEMAS.items()}
    lazy.update({reward_schema_name(option): schema for option, schema in REWARD_SCHEMAS.items()})
    for name, schema in lazy.items():
        store.repo[f"{name}.yaml"] = _SchemaOnFirstUse(name, schema)


register_configs()
# conf/train.yaml's --help writes its guard and evaluation sections from the schema: ${loopwright_help:guards}
if not OmegaConf.has_resolver("loopwright_help"):
    OmegaConf.register_new_resolver("loopwright_help", help_text.render)
yaml_c.install()  # OmegaConf's YAML rules on libyaml: every config read and printed (start-up, MCP composes)
