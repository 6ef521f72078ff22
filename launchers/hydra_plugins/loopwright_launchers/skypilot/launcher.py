"""Hydra launcher ``hydra/launcher=skypilot``: every job of a multirun as its own SkyPilot cluster (or managed job).

Selected by ``provider=skypilot`` (conf/provider/skypilot.yaml). ``sky`` is imported only when a job runs
(hydra_plugins.loopwright_launchers.skypilot._job, loopwright.cloud.skypilot_api): Hydra imports this module at
startup, so its top level imports only stdlib, hydra and omegaconf.

One cluster per job, not the sweep's jobs queued on one cluster: each job then has its own cost ceiling, ledger
lines and teardown (the reaper's unit is the cluster, as RunPod's is the pod), a spot job can be a managed job
(SkyPilot recovers managed jobs one task per cluster), and a failed or preempted job never takes a sibling down.
The price: every job provisions and installs anew (minutes), and jobs run one after another, as on RunPod.
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from hydra.core.config_store import ConfigStore
from hydra.core.utils import JobReturn
from omegaconf import DictConfig

from hydra_plugins.loopwright_launchers.remote._base import RemoteLauncher, ledger_path


@dataclass
class SkypilotLauncherConf:
    _target_: str = "hydra_plugins.loopwright_launchers.skypilot.launcher.SkypilotLauncher"


ConfigStore.instance().store(group="hydra/launcher", name="skypilot", node=SkypilotLauncherConf,
                             provider="loopwright")


class SkypilotLauncher(RemoteLauncher):
    name = "skypilot"
    client = None  # a loopwright.cloud.skypilot_api.SkyClient; None: built on the real `sky`

    @staticmethod
    def job_class() -> Any:
        from hydra_plugins.loopwright_launchers.skypilot._job import SkypilotJob

        return SkypilotJob

    def needs_budget(self, provider_cfg: Any) -> bool:
        from hydra_plugins.loopwright_launchers.skypilot._task import kubernetes_only

        return not (kubernetes_only(provider_cfg) and provider_cfg.get("usd_per_hr") is None)

    def run_remote(self, cfg: DictConfig, job_dir: Path, overrides: list) -> Any:
        from hydra_plugins.loopwright_launchers.runpod.launcher import code_root
        from hydra_plugins.loopwright_launchers.skypilot._job import SkypilotJob

        job = SkypilotJob(cfg.provider, job_dir=job_dir, overrides=overrides, code_root=code_root(),
                          ledger_path=ledger_path(cfg), budget=self.budget, client=self.client)
        result = job.run()
        if cfg.provider.get("plan_only", False):
            self.plans.append(result)
            return None
        return result

    def launch(self, job_overrides: Sequence[Sequence[str]], initial_job_idx: int) -> Sequence[JobReturn]:
        self.plans: list = []
        runs = super().launch(job_overrides, initial_job_idx)
        if self.plans:  # plan_only: the sweep's worst case, what provider.max_cost_total must cover
            worst = [p.worst_case for p in self.plans]
            total = "unknown (a job is unpriced)" if None in worst else f"${sum(worst):.2f}"
            cap = self.config.provider.get("max_cost_total") if self.config is not None else None
            print(f"skypilot sweep: {len(self.plans)} job(s), worst case {total} in all; provider.max_cost_total "
                  + ("not set" if cap is None else f"${float(cap):.2f}"), flush=True)
        return runs
