"""Hydra launcher ``hydra/launcher=runpod``: every job of a multirun on its own RunPod pod.

Selected by ``provider=runpod`` (conf/provider/runpod.yaml). The work happens in
hydra_plugins.loopwright_launchers.runpod._job, imported when a job runs: Hydra imports this module at
startup, so its top level imports only stdlib, hydra and omegaconf.
"""


import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hydra.core.config_store import ConfigStore
from omegaconf import DictConfig

from hydra_plugins.loopwright_launchers.remote._base import RemoteLauncher, job_config_yaml, ledger_path


@dataclass
class RunpodLauncherConf:
    _target_: str = "hydra_plugins.loopwright_launchers.runpod.launcher.RunpodLauncher"


ConfigStore.instance().store(group="hydra/launcher", name="runpod", node=RunpodLauncherConf, provider="loopwright")


def code_root() -> Path:
    from hydra_plugins.loopwright_launchers.remote._bundle import project_root

    return project_root(Path(sys.argv[0]).resolve().parent)


class RunpodLauncher(RemoteLauncher):
    name = "runpod"

    @staticmethod
    def job_class() -> Any:
        from hydra_plugins.loopwright_launchers.runpod._job import RunpodJob

        return RunpodJob

    def run_remote(self, cfg: DictConfig, job_dir: Path, overrides: list[str]) -> Any:
        from hydra_plugins.loopwright_launchers.runpod._job import RunpodJob

        job = RunpodJob(cfg.provider, job_dir=job_dir, overrides=overrides, code_root=code_root(),
                        ledger_path=ledger_path(cfg), config_yaml=job_config_yaml(cfg), budget=self.budget)
        return job.run()
