"""Nothing runs that the user did not ask for: loading a model dir or a run dir executes no code
from it unless ``model.trust_remote_code=true``, pickled weights in a run dir are never unpickled,
and a config path that leaves the project is refused where loopwright writes.

Each case plants code that would leave a marker file if it ran, and checks the marker."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT, compose
from loopwright.train.validate import ConfigError, validate

EVIL_MODULE = '''
from pathlib import Path
Path({marker!r}).write_text("remote code ran")
from transformers import LlamaForCausalLM
class EvilForCausalLM(LlamaForCausalLM):
    pass
'''

LOAD = '''
import sys
from helpers import compose
from loopwright import models
cfg = compose(["model=tiny", "model.name_or_path=" + sys.argv[1], "model.trust_remote_code=" + sys.argv[2]])
model, _ = models.load(cfg.model)
print(type(model).__name__)
'''


def _tiny_model_dir(tmp_path: Path) -> Path:
    from loopwright import models

    target = tmp_path / "model"
    shutil.copytree(models.random_init_dir(compose(["model=tiny"]).model), target)
    return target


def _in_subprocess(code: str, *args: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "HF_MODULES_CACHE": str(tmp_path / "hf_modules"),
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=300,
                          cwd=tmp_path)


def test_code_shipped_with_a_model_runs_only_with_trust_remote_code(tmp_path):
    model_dir = _tiny_model_dir(tmp_path)
    marker = tmp_path / "marker"
    (model_dir / "evil_model.py").write_text(EVIL_MODULE.format(marker=str(marker)))
    config = json.loads((model_dir / "config.json").read_text())
    config["auto_map"] = {"AutoModelForCausalLM": "evil_model.EvilForCausalLM"}
    (model_dir / "config.json").write_text(json.dumps(config))

    refused = _in_subprocess(LOAD, str(model_dir), "false", tmp_path=tmp_path)
    assert not marker.exists(), "loading without trust_remote_code executed the model dir's code"
    assert refused.returncode != 0 or refused.stdout.strip().endswith("LlamaForCausalLM"), refused.stderr[-2000:]

    trusted = _in_subprocess(LOAD, str(model_dir), "true", tmp_path=tmp_path)  # the test can fail: code does run
    assert trusted.returncode == 0, trusted.stderr[-2000:]
    assert marker.read_text() == "remote code ran" and trusted.stdout.strip().endswith("EvilForCausalLM")


def test_a_run_dirs_pickled_weights_are_never_unpickled(tmp_path):
    import torch

    from loopwright.serving.backend_hf import load_run_model

    model_dir = _tiny_model_dir(tmp_path)
    marker = tmp_path / "marker"
    for weights in model_dir.glob("*.safetensors"):
        weights.unlink()

    class Evil:
        def __reduce__(self):
            return (Path(marker).write_text, ("unpickled",))

    torch.save({"model.embed_tokens.weight": Evil()}, model_dir / "pytorch_model.bin")
    with pytest.raises(Exception):
        load_run_model(model_dir)
    assert not marker.exists()


@pytest.mark.parametrize("ledger, refused", [
    ("/etc/loopwright-costs.jsonl", True), ("../../../outside/costs.jsonl", True),
    ("outputs/costs.jsonl", False), ("costs/here.jsonl", False)])
def test_a_ledger_path_outside_the_project_is_refused(ledger, refused, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cfg = compose(["model=tiny", "provider=runpod", f"provider.ledger={ledger}"])
    if not refused:
        validate(cfg)
        return
    with pytest.raises(ConfigError, match=r"provider\.ledger=.* outside the project"):
        validate(cfg)


def test_a_symlink_out_of_the_project_is_refused(tmp_path, monkeypatch):
    from hydra.core.hydra_config import HydraConfig

    # The start dir is this test's cwd: an earlier test of the session may have left Hydra's config set with
    # another runtime cwd (the full suite passed /tmp as the start dir, and the check rightly let it through).
    monkeypatch.setattr(HydraConfig, "initialized", staticmethod(lambda: False))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "costs").symlink_to("/tmp")
    with pytest.raises(ConfigError, match="provider.ledger"):
        validate(compose(["model=tiny", "provider=runpod", "provider.ledger=costs/x.jsonl"]))
