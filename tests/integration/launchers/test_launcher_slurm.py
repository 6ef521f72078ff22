"""provider=slurm: hydra-submitit-launcher fed from provider.*; real tiny jobs through submitit's local executor."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from helpers import compose, run_train


def test_slurm_provider_selects_submitits_slurm_launcher_with_provider_knobs() -> None:
    overrides = ["provider=slurm", "provider.partition=gpu", "provider.account=my_lab", "provider.gpus_per_node=4",
                 "provider.timeout_min=90"]
    assert compose(overrides).provider.kind.value == "slurm"
    launcher = _hydra_launcher(overrides)
    assert launcher["_target_"].endswith("submitit_launcher.SlurmLauncher")
    assert (launcher["partition"], launcher["account"], launcher["gpus_per_node"], launcher["timeout_min"]) == (
        "gpu", "my_lab", 4, 90)


def _hydra_launcher(overrides: list[str]) -> dict:
    from hydra import compose as hydra_compose
    from hydra import initialize_config_dir
    from omegaconf import OmegaConf

    import loopwright.config  # noqa: F401
    from helpers import CONF

    with initialize_config_dir(config_dir=str(CONF), version_base="1.3"):
        cfg = hydra_compose(config_name="train", overrides=overrides, return_hydra_config=True)
    return OmegaConf.to_container(cfg.hydra.launcher, resolve=True)


def _fake_slurm_bin(tmp_path: Path) -> Path:
    """`srun` (submitit checks it exists) and an `sbatch` that keeps the script and refuses it."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "srun").write_text("#!/bin/sh\nexit 0\n")
    (bin_dir / "sbatch").write_text(f"#!/bin/sh\ncp \"$1\" {tmp_path}/submitted.sbatch\n"
                                    "echo 'sbatch: error: no cluster here (test stand-in)' >&2\nexit 1\n")
    for exe in bin_dir.iterdir():
        exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return bin_dir


def test_slurm_launcher_writes_the_sbatch_script_from_provider_config(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PATH", f"{_fake_slurm_bin(tmp_path)}{os.pathsep}{os.environ['PATH']}")
    proc = run_train(["-m", "provider=slurm", "provider.partition=gpu", "provider.account=my_lab",
                      "provider.gpus_per_node=2", "provider.timeout_min=30", "model=tiny", "profile=smoke",
                      f"hydra.sweep.dir={tmp_path / 'sweep'}"], timeout=300)
    assert proc.returncode != 0 and "no cluster here" in proc.stderr + proc.stdout
    script = (tmp_path / "submitted.sbatch").read_text()
    for line in ("#SBATCH --partition=gpu", "#SBATCH --account=my_lab", "#SBATCH --gpus-per-node=2",
                 "#SBATCH --time=30", "#SBATCH --cpus-per-task=8", "#SBATCH --mem=64GB"):
        assert line in script, script
    assert "submitit.core._submit" in script  # srun runs the pickled Hydra job


def test_tiny_jobs_through_submitits_local_executor(tmp_path: Path) -> None:
    sweep = tmp_path / "sweep"
    proc = run_train(["-m", "provider=slurm", "hydra/launcher=slurm_local", "provider.gpus_per_node=0",
                      "provider.timeout_min=10", "model=tiny", "profile=smoke", "seed=3",
                      f"hydra.sweep.dir={sweep}"], timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    for job, seed in (("0", 3),):
        manifest = json.loads((sweep / job / "manifest.json").read_text())
        assert manifest["status"] == "completed" and manifest["config"]["seed"] == seed
        assert manifest["config"]["provider"]["kind"] == "slurm"
    assert list((sweep / ".submitit").glob("*/*_log.out"))  # submitit's own per-job logs
    assert (sweep / "summary.md").is_file()
