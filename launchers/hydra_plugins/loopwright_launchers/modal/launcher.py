"""Hydra launcher ``hydra/launcher=modal``: every job of a multirun as one Modal function call.

Selected by ``provider=modal`` (conf/provider/modal.yaml). The ``modal`` SDK is
imported only when a job runs (hydra_plugins.loopwright_launchers.modal._job): Hydra imports this
module at startup, so its top level imports only stdlib, hydra and omegaconf.
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hydra.core.config_store import ConfigStore
from omegaconf import DictConfig

from hydra_plugins.loopwright_launchers.remote._base import RemoteLauncher, ledger_path


@dataclass
class ModalLauncherConf:
    _target_: str = "hydra_plugins.loopwright_launchers.modal.launcher.ModalLauncher"


ConfigStore.instance().store(group="hydra/launcher", name="modal", node=ModalLauncherConf, provider="loopwright")


class ModalLauncher(RemoteLauncher):
    name = "modal"
    client = None  # a hydra_plugins.loopwright_launchers.modal._job.ModalClient; tests put a fake here

    @staticmethod
    def job_class() -> Any:
        from hydra_plugins.loopwright_launchers.modal._job import ModalJob

        return ModalJob

    def run_remote(self, cfg: DictConfig, job_dir: Path, overrides: list) -> Any:
        from hydra_plugins.loopwright_launchers.modal._job import ModalJob

        from hydra_plugins.loopwright_launchers.runpod.launcher import code_root

        job = ModalJob(cfg.provider, job_dir=job_dir, overrides=overrides, code_root=code_root(),
                       ledger_path=ledger_path(cfg), client=self.client, budget=self.budget)
        return job.run()
