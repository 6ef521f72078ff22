"""rollout=: the TRL fields each option sets, the validation rules, the pinned engine arguments.

No vLLM here (the main environment has none); the real engine runs in tests/integration/rollout/."""

from __future__ import annotations

import pytest

from helpers import compose, free_port
from loopwright import rollout
from loopwright.rollout import sync_check, vllm_engine, vllm_server

VLLM_TINY = ["model=tiny_llama", "profile=smoke", "rollout=vllm"]


def test_hf_is_the_default_and_sets_no_vllm_field():
    cfg = compose()
    assert cfg.rollout.name == "hf" and rollout.trainer_kwargs(cfg) == {"use_vllm": False}


def test_vllm_colocate_sets_every_trl_field_from_the_config():
    cfg = compose([*VLLM_TINY, "rollout.gpu_memory_utilization=0.55", "rollout.max_model_length=1024"])
    assert rollout.trainer_kwargs(cfg) == {
        "use_vllm": True, "vllm_mode": "colocate", "vllm_max_model_length": 1024,
        "vllm_gpu_memory_utilization": 0.55, "vllm_tensor_parallel_size": 1, "vllm_enable_sleep_mode": False,
        "vllm_importance_sampling_correction": True, "vllm_importance_sampling_mode": "sequence_mask",
        "vllm_importance_sampling_clip_max": 3.0}


def test_server_mode_passes_the_url_and_keeps_the_is_correction_on():
    cfg = compose(["model=tiny_llama", "rollout=vllm_server", "rollout.base_url=http://10.0.0.2:8001"])
    kwargs = rollout.trainer_kwargs(cfg)
    assert kwargs["vllm_mode"] == "server" and kwargs["vllm_server_base_url"] == "http://10.0.0.2:8001"
    assert kwargs["vllm_importance_sampling_correction"] is True


def test_rloo_gets_no_importance_sampling_fields_and_sft_no_vllm():
    rloo = rollout.trainer_kwargs(compose([*VLLM_TINY, "objective=rloo"]))
    assert rloo["use_vllm"] and not any("importance" in k for k in rloo)
    assert rollout.trainer_kwargs(compose([*VLLM_TINY, "objective=sft"])) == {"use_vllm": False}


@pytest.mark.parametrize("overrides, expected", [
    (["model=tiny", "profile=smoke", "rollout=vllm"], "has head_dim 16"),
    ([*VLLM_TINY, "rollout.dtype=float64"], "rollout.dtype=float64 must be one of"),
    ([*VLLM_TINY, "rollout.max_model_length=8"], "leaves no room for a prompt"),
    ([*VLLM_TINY, "rollout.gpu_memory_utilization=1.5"], "rollout.gpu_memory_utilization=1.5"),
    (["model=tiny_llama", "profile=smoke", "rollout=vllm_server"], "trains only with CUDA"),
    (["model=tiny_llama", "profile=smoke", "rollout=vllm_server", "rollout.base_url=null"], "needs rollout.base_url"),
])
def test_rules(overrides, expected):
    found = rollout.problems(compose(overrides))
    assert any(expected in p for p in found), found


def test_the_tiny_families_pass_the_rules():
    assert rollout.problems(compose(VLLM_TINY)) == []
    assert rollout.problems(compose(["model=tiny_qwen3", "profile=smoke", "rollout=vllm"])) == []


def test_engine_args_follow_the_model_dtype_and_the_run_seed():
    cfg = compose([*VLLM_TINY, "model.dtype=bfloat16", "seed=7"])
    assert vllm_engine.engine_args(cfg, cpu=True) == {"dtype": "bfloat16", "seed": 7, "enforce_eager": True,
                                                      "kv_cache_memory_bytes": 1024**3}
    assert "kv_cache_memory_bytes" not in vllm_engine.engine_args(cfg, cpu=False)
    assert vllm_engine.engine_args(compose([*VLLM_TINY, "rollout.dtype=float16"]), cpu=False)["dtype"] == "float16"


def test_pinned_engine_args_reach_trls_llm_call_and_are_undone(monkeypatch):
    from trl.generation import vllm_generation

    seen = {}

    def fake_llm(**kwargs):
        seen.update(kwargs)

    monkeypatch.setattr(vllm_generation, "LLM", fake_llm, raising=False)
    with vllm_engine.pinned_engine_args(compose([*VLLM_TINY, "seed=3"]), cpu=False):
        vllm_generation.LLM(model="m", seed=1, gpu_memory_utilization=0.3)  # as TRL calls it (seed = rank)
    assert seen == {"model": "m", "seed": 4, "gpu_memory_utilization": 0.3, "dtype": "float32",
                    "enforce_eager": True}
    assert vllm_generation.LLM is fake_llm


def test_probe_of_a_closed_port_names_the_start_command():
    port = free_port()
    cfg = compose(["model=tiny_llama", "rollout=vllm_server", f"rollout.base_url=http://127.0.0.1:{port}"])
    assert vllm_server.probe(cfg.rollout.base_url, timeout=1)["reachable"] is False
    (problem,) = vllm_server.problems(cfg, "/models/tiny", timeout=1)
    assert "no vLLM server answers" in problem
    assert f"--model /models/tiny --dtype float32 --host 127.0.0.1 --port {port}" in problem


def test_until_eos_keeps_the_eos_and_drops_the_padding():
    assert sync_check._until_eos([5, 6, 2, 2, 2], {2}) == [5, 6, 2]
    assert sync_check._until_eos([5, 6], {2}) == [5, 6]
