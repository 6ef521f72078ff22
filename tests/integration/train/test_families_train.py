"""The model families through the real train.py: a hub id offline and not cached stops at validation;
the tiny Qwen3 and Llama models train end to end."""

from __future__ import annotations

import json
import os

import pytest

from helpers import run_train, run_train_without_torch


def test_a_hub_model_offline_and_not_cached_fails_validation_before_loading_anything(tmp_path):
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_HUB_CACHE": str(tmp_path / "empty-cache")}
    run_dir = tmp_path / "run"
    proc = run_train_without_torch(["model=qwen", f"hydra.run.dir={run_dir}"], cwd=tmp_path, env=env, timeout=300)
    assert proc.returncode == 2, proc.stdout[-2000:] + proc.stderr[-2000:]  # the config-error exit code
    assert "model.name_or_path=Qwen/Qwen3-0.6B" in proc.stderr
    assert "hf download Qwen/Qwen3-0.6B" in proc.stderr and "model.name_or_path=/path/to/model" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert "HEAVY_IMPORTS=\n" in proc.stdout  # no torch, no transformers: nothing was loaded
    assert not run_dir.exists()


@pytest.mark.parametrize("option,architecture", [("tiny_qwen3", "Qwen3ForCausalLM"),
                                                 ("tiny_llama", "LlamaForCausalLM")])
def test_each_tiny_family_trains_end_to_end(tmp_path, option, architecture):
    run_dir = tmp_path / "run"
    proc = run_train([f"model={option}", "profile=smoke", "task.n_eval=4", f"hydra.run.dir={run_dir}"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["status"] == "completed" and manifest["choices"]["model"] == option
    assert json.loads((run_dir / "model" / "config.json").read_text())["architectures"] == [architecture]
    if option == "tiny_qwen3":  # thinking=auto on an 8-token budget: off, recorded, and saved for serve/chat
        assert manifest["model"]["thinking"]["enabled"] is False and manifest["model"]["thinking"]["setting"] == "auto"
        assert manifest["model"]["chat_template_kwargs"] == {"enable_thinking": False}
        assert manifest["trainer"]["config"]["chat_template_kwargs"] == {"enable_thinking": False}
        assert json.loads((run_dir / "model" / "chat_template_kwargs.json").read_text()) == {"enable_thinking": False}
    else:  # Llama 3.2 has no thinking mode: nothing passed, nothing saved
        assert manifest["model"]["thinking"] is None and manifest["model"]["chat_template_kwargs"] == {}
        assert not (run_dir / "model" / "chat_template_kwargs.json").exists()
