"""A Hydra Launcher that runs each job's body somewhere else.

Hydra's own ``run_job`` still does the local bookkeeping (job dir, .hydra/ configs,
callbacks, JobReturn with COMPLETED/FAILED); only the task function is swapped for
one that ships the job to a provider. Imports only stdlib, hydra and omegaconf:
Hydra imports every plugin module at startup (``python train.py --help`` included).
"""

from __future__ import annotations

import logging
import sys
import tempfile
from pathlib import Path
from typing import Any, List, Optional, Sequence

from hydra.core.utils import JobReturn, configure_log, filter_overrides, run_job, setup_globals
from hydra.plugins.launcher import Launcher
from hydra.types import HydraContext, TaskFunction
from omegaconf import DictConfig, OmegaConf, open_dict

log = logging.getLogger(__name__)


def remote_overrides(task_overrides: Sequence[str]) -> list[str]:
    """The job's own overrides minus the provider choice: the remote side trains locally."""
    keep = []
    for o in task_overrides:
        key = o.split("=", 1)[0].lstrip("+~")
        if key == "provider" or key.startswith("provider.") or key.startswith("hydra."):
            continue
        keep.append(o)
    return keep


class RemoteLauncher(Launcher):
    name = "remote"

    def __init__(self, **_: Any) -> None:
        super().__init__()
        self.config: Optional[DictConfig] = None
        self.hydra_context: Optional[HydraContext] = None
        self.task_function: Optional[TaskFunction] = None
        from loopwright.train.cost_plan import SweepBudget  # plain python, no torch

        self.budget = SweepBudget()  # the worst cases this process has committed, against provider.max_cost_total

    def setup(self, *, hydra_context: HydraContext, task_function: TaskFunction, config: DictConfig) -> None:
        self.config, self.hydra_context, self.task_function = config, hydra_context, task_function

    def run_remote(self, cfg: DictConfig, job_dir: Path, overrides: list[str]) -> Any:
        raise NotImplementedError

    @staticmethod
    def job_class() -> Any:
        """The class that runs one job (``RunpodJob``, ``ModalJob``): built from the provider's config, it plans."""
        raise NotImplementedError

    @classmethod
    def plan(cls, provider_cfg: Any, offline: bool = False) -> Any:
        """One job's plan (a :class:`loopwright.train.cost_plan.Plan`) as this launcher would check it; rents and
        writes nothing; ``offline``: asks no API for a price either (a read-only MCP server). The public way in
        for loopwright.mcp_tools.planning, which finds the class by its ``hydra/launcher`` config's ``_target_``."""
        with tempfile.TemporaryDirectory() as tmp:  # the job objects only remember their dir; nothing is written
            return cls.job_class()(provider_cfg, job_dir=Path(tmp), overrides=[], code_root=Path(tmp),
                                   ledger_path=Path(tmp) / "costs.jsonl").plan(offline=offline)

    def needs_budget(self, provider_cfg: Any) -> bool:
        """Whether a launch must pass provider.max_cost_total (not for hardware the user already pays for)."""
        return not provider_cfg.get("uncapped", False)

    def _task(self, cfg: DictConfig) -> Any:
        from hydra.core.hydra_config import HydraConfig

        from loopwright.runs.writer import redact_hydra_dir
        from loopwright.train.validate import validate

        validate(cfg)  # a config error fails here, before anything is planned, shipped or rented
        hc = HydraConfig.get()
        job_dir = Path(hc.runtime.output_dir)
        redact_hydra_dir(job_dir / ".hydra")  # what train.py's own job does before anything else
        return self.run_remote(cfg, job_dir, remote_overrides(list(hc.overrides.task)))

    def launch(self, job_overrides: Sequence[Sequence[str]], initial_job_idx: int) -> Sequence[JobReturn]:
        setup_globals()
        assert self.config is not None and self.hydra_context is not None
        configure_log(self.config.hydra.hydra_logging, self.config.hydra.verbose)
        Path(str(self.config.hydra.sweep.dir)).mkdir(parents=True, exist_ok=True)
        p = self.config.provider
        if not p.get("plan_only", False) and self.needs_budget(p):  # before any job is planned or rented
            self.budget.check_launch(len(job_overrides), p.get("max_cost_total"), self.name)
        log.info(f"Launching {len(job_overrides)} jobs on {self.name}")
        runs: List[JobReturn] = []
        for idx, overrides in enumerate(job_overrides):
            idx = initial_job_idx + idx
            log.info(f"\t#{idx} : {' '.join(filter_overrides(overrides))}")
            sweep_config = self.hydra_context.config_loader.load_sweep_config(self.config, list(overrides))
            with open_dict(sweep_config):
                sweep_config.hydra.job.id = idx
                sweep_config.hydra.job.num = idx
            ret = run_job(hydra_context=self.hydra_context, task_function=self._task, config=sweep_config,
                          job_dir_key="hydra.sweep.dir", job_subdir_key="hydra.sweep.subdir")
            if ret.status.name == "FAILED":
                print(f"loopwright: job #{idx} on {self.name} failed: {ret.return_value}", file=sys.stderr)
            runs.append(ret)
            configure_log(self.config.hydra.hydra_logging, self.config.hydra.verbose)
        return runs


def job_config_yaml(cfg: DictConfig) -> str:
    """The job's resolved config, secrets redacted, for the bundle (the pod recomposes it from overrides)."""
    from loopwright.runs.writer import redacted_config

    return OmegaConf.to_yaml(OmegaConf.create(redacted_config(cfg)))


def ledger_path(cfg: DictConfig) -> Path:
    from hydra.utils import to_absolute_path

    return Path(to_absolute_path(str(cfg.provider.get("ledger") or "outputs/costs.jsonl")))
