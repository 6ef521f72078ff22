"""provider=<kind>: one typed node per kind, so each option carries only its own settings."""

from __future__ import annotations

import pytest
from omegaconf import OmegaConf

from helpers import compose, options
from loopwright.config import PROVIDER_SCHEMAS, ProviderConfig, ProviderKind

RUNPOD_ONLY = {"api_url", "graphql_url", "volume_id", "s3_endpoint", "setup_cmd", "poll_s", "ready_timeout_s"}
CLOUD = {"plan_only", "max_cost", "max_hours", "gpu_type"}
POOL = {"gpus", "gpus_per_job", "slots", "job_timeout_s"}
SLURM = {"partition", "account", "timeout_min"}


def _keys(provider: str) -> set[str]:
    return set(compose([f"provider={provider}"]).provider)


def test_local_carries_only_name_and_kind():
    assert _keys("local") == {"name", "kind"}
    assert OmegaConf.get_type(compose().provider) is ProviderConfig


@pytest.mark.parametrize("provider,own,foreign", [
    ("local_gpus", POOL, CLOUD | SLURM),
    ("slurm", SLURM, CLOUD | POOL),
    ("runpod", CLOUD | RUNPOD_ONLY, POOL | SLURM),
    ("modal", CLOUD | {"app_name", "volume_name", "secrets"}, RUNPOD_ONLY | POOL | SLURM),
])
def test_each_kind_carries_its_own_settings_only(provider, own, foreign):
    keys = _keys(provider)
    assert own <= keys and not keys & foreign
    assert OmegaConf.get_type(compose([f"provider={provider}"]).provider) is PROVIDER_SCHEMAS[ProviderKind(provider)]


def test_every_schema_is_a_provider_config_with_its_kind_fixed():
    assert set(PROVIDER_SCHEMAS) | {ProviderKind.local} == set(ProviderKind)
    for kind, schema in PROVIDER_SCHEMAS.items():
        assert issubclass(schema, ProviderConfig) and OmegaConf.structured(schema).kind == kind
    assert {k.value for k in ProviderKind} == set(options("provider"))


def test_the_documented_overrides_still_work():
    assert compose(["provider=runpod", "provider.plan_only=true"]).provider.plan_only is True
    assert compose(["provider=local_gpus", "provider.slots=2"]).provider.slots == 2
    assert compose(["provider=modal", "provider.gpu_type=H100"]).provider.gpu_type == "H100"
    assert compose(["provider=slurm", "provider.partition=gpu"]).provider.partition == "gpu"


def test_a_wrong_type_is_refused_too():
    with pytest.raises(Exception, match="provider.slots"):
        compose(["provider=local_gpus", "provider.slots=many"])


@pytest.mark.parametrize("overrides,schema_file", [
    (["provider=ray"], "provider_ray_schema.yaml"),
    (["reward=judge", "reward.base_url=http://127.0.0.1:9/v1", "reward.model=m"], "reward_judge_schema.yaml"),
])
def test_a_schema_built_on_first_use_types_its_node_and_refuses_a_typo(overrides, schema_file):
    """The provider and judge schemas are stored unbuilt (start-up time) and built when a config loads one:
    the node they type is the same as an eagerly stored schema's, typos included."""
    from hydra.core.config_store import ConfigStore

    from loopwright.config import JudgeReward, RayProvider

    entry = ConfigStore.instance().repo[schema_file]
    group = overrides[0].split("=")[0]
    assert OmegaConf.get_type(compose(overrides)[group]) is {"provider": RayProvider, "reward": JudgeReward}[group]
    assert OmegaConf.get_type(entry.node) in (RayProvider, JudgeReward)  # built once, kept for the next load
    with pytest.raises(Exception, match=f"{group}.no_such_knob"):
        compose(overrides + [f"{group}.no_such_knob=1"])
