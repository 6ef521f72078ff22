"""The runs the serve tests serve: real ``train.py model=tiny profile=smoke`` runs, one full, one LoRA (seconds)."""

from __future__ import annotations

import pytest

from helpers.serving import perturb_adapter, script_tool_call, train_tiny


@pytest.fixture(scope="session")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("served-runs")
    dirs = {"full": root / "full", "lora": root / "lora"}
    procs = {"full": train_tiny([], dirs["full"]),
             "lora": train_tiny(["model.lora.enabled=true", "model.lora.r=4"], dirs["lora"])}
    for name, proc in procs.items():
        _, err = proc.communicate(timeout=900)
        assert proc.returncode == 0, f"{name}: {err[-3000:]}"
    script_tool_call(dirs["full"] / "model")
    perturb_adapter(dirs["lora"] / "model")
    return dirs
