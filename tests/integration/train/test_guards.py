"""Guards (zero signal, non-finite loss, time budget), periodic eval, determinism, secrets."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

from helpers import ROOT, run_train, train_fork
from loopwright.train.guards import GuardCallback, RunAborted

TINY = ["model=tiny", "profile=smoke", "task.n_eval=4", "save_model=false"]


def _control():
    return SimpleNamespace(should_training_stop=False)


def test_zero_signal_run_aborts_with_a_clear_message_and_an_aborted_manifest(tmp_path):
    run_dir = tmp_path / "run"
    # The random tiny model never answers right: every reward is 0, every group's std is 0.
    proc = run_train([*TINY, "profile.max_steps=8", "guards.zero_signal_steps=3", f"hydra.run.dir={run_dir}"],
                     cwd=tmp_path)
    assert proc.returncode == 3
    assert "zero reward signal" in proc.stderr and "guards.zero_signal_steps" in proc.stderr
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["status"] == "aborted" and manifest["global_step"] == 3
    assert [json.loads(line)["step"] for line in (run_dir / "metrics.jsonl").read_text().splitlines()] == [1, 2, 3]
    assert not (run_dir / "eval_results.json").exists()


@pytest.mark.parametrize("key", ["loss", "grad_norm"])
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_non_finite_loss_or_grad_norm_stops_training(key, value):
    guard, control = GuardCallback(None, True, None), _control()
    guard.on_log(None, SimpleNamespace(global_step=7), control, logs={key: value})
    assert control.should_training_stop
    with pytest.raises(RunAborted, match=f"non-finite {key}.*step 7"):
        guard.raise_if_aborted()


def test_zero_signal_streak_resets_when_a_group_disagrees():
    guard, control = GuardCallback(3, True, None), _control()
    for std in (0.0, 0.0, 0.5, 0.0, 0.0):
        guard.on_log(None, SimpleNamespace(global_step=1), control, logs={"reward_std": std})
    assert not control.should_training_stop
    guard.on_log(None, SimpleNamespace(global_step=6), control, logs={"reward_std": 0.0})
    assert control.should_training_stop


def test_guards_off_never_stop():
    guard, control = GuardCallback(None, False, None), _control()
    for _ in range(50):
        guard.on_log(None, SimpleNamespace(global_step=1), control, logs={"reward_std": 0.0, "loss": math.nan})
    assert not control.should_training_stop
    guard.raise_if_aborted()


def test_max_time_stops_cleanly_then_still_evaluates(tmp_path):
    run_dir = tmp_path / "run"
    proc = run_train([*TINY, "profile.max_steps=50", "guards.max_time=0.001", f"hydra.run.dir={run_dir}"],
                     cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["status"] == "completed"
    assert manifest["result"]["stopped_by"] == "max_time" and manifest["result"]["global_step"] == 1
    assert (run_dir / "eval_results.json").is_file()


def test_periodic_eval_lands_in_the_metrics_of_its_step(tmp_path):
    run_dir = tmp_path / "run"
    proc = run_train([*TINY, "profile.max_steps=4", "eval.every=2", f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    assert [line["step"] for line in lines] == [1, 2, 3, 4]
    assert [line.get("eval/step") for line in lines] == [None, 2, None, 4]
    assert all(0.0 <= line["eval/accuracy"] <= 1.0 for line in lines if "eval/accuracy" in line)


def test_same_seed_same_config_gives_identical_metrics(tmp_path):
    """Also what the suite's fork server rests on: the first run is forked from it where the suite forks
    (helpers/train_fork.py), the second is a plain ``python train.py`` process, and they write the same metrics."""
    def metrics(name, plain):
        run_dir = tmp_path / name
        proc = run_train([*TINY, "profile.max_steps=3", "guards.zero_signal_steps=null", "objective.temperature=2.0",
                          f"hydra.run.dir={run_dir}"], cwd=tmp_path, plain=plain)
        assert proc.returncode == 0, proc.stderr[-3000:]
        timing = {"elapsed_s", "step_time"}
        return [{k: v for k, v in json.loads(line).items() if k not in timing}
                for line in (run_dir / "metrics.jsonl").read_text().splitlines()]

    assert train_fork.server_for(TINY) is not None or not train_fork.enabled()
    first, second = metrics("a", plain=False), metrics("b", plain=True)
    assert len(first) == 3 and first == second


@pytest.mark.parametrize("logger", ["none", "wandb", "tensorboard"])
def test_planted_secrets_appear_in_no_file_of_the_run_dir(tmp_path, logger):
    secret_env, secret_override = "env-secret-4c1f9", "override-secret-77ab2"
    run_dir = tmp_path / "run"
    # WANDB_MODE=offline: with a (planted) key, logger.mode=auto would otherwise go online.
    env = {**os.environ, "HF_TOKEN": secret_env, "WANDB_API_KEY": secret_env, "RUNPOD_API_KEY": secret_env,
           "MODAL_TOKEN_ID": secret_env, "MODAL_TOKEN_SECRET": secret_env, "WANDB_MODE": "offline"}
    proc = subprocess.run([sys.executable, str(ROOT / "train.py"), *TINY, f"+hf_token={secret_override}",
                           f"+provider_api_key={secret_override}", f"logger={logger}", "eval.every=1",
                           f"hydra.run.dir={run_dir}"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    files = [p for p in run_dir.rglob("*") if p.is_file()]
    assert len(files) >= 6
    if logger != "none":  # the tracker's own files are among those searched
        assert any(logger in p.relative_to(run_dir).parts[0] for p in files)
    for path in files:
        data = path.read_bytes()
        assert secret_env.encode() not in data and secret_override.encode() not in data, path
    assert secret_override not in proc.stdout + proc.stderr
