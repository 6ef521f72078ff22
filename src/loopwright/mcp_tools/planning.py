"""The plan of a job before anything runs: where, on what, and the worst case in USD; rents nothing.

For the paid providers the plan is the launcher's own (``RemoteLauncher.plan``: ``RunpodJob.plan`` / ``ModalJob.plan`` /
``SkypilotJob.plan``: SkyPilot's catalog price, read only with --allow-launch,
checked by ``loopwright.train.cost_plan``'s ``Plan.check``): RunPod's price comes from its API when
``RUNPOD_API_KEY`` is set and the server was started with ``--allow-launch`` (a price query, no pod; a
read-only server makes no network call, so its RunPod plan is unpriced), Modal publishes no price. The other
providers run on hardware the user already has, so they cost nothing to plan.
"""

from __future__ import annotations

from typing import Any

from loopwright.mcp_tools.composing import checked, provider_kind
from loopwright.mcp_tools.paths import Roots

PAID_PROVIDERS = ("runpod", "modal", "skypilot")
_WHERE = {"local": "this machine, in the training process (Hydra's basic launcher)",
          "local_gpus": "this machine, one process per job on a pool of GPU slots",
          "slurm": "your SLURM cluster (hydra-submitit-launcher)"}


def launcher_class(kind: str) -> Any:
    """provider=<kind>'s launcher class, found as Hydra finds it: the ``_target_`` of its registered
    ``hydra/launcher`` config (loopwright imports no plugin module)."""
    from hydra.core.config_store import ConfigStore
    from hydra.core.plugins import Plugins
    from hydra.utils import get_class

    Plugins.instance()  # Hydra's plugin scan: every launcher registers its config
    return get_class(str(ConfigStore.instance().load(f"hydra/launcher/{kind}.yaml").node._target_))


def launcher_plan(kind: str, provider_cfg: Any, offline: bool = False) -> Any:
    """The paid launcher's own plan of one job (``RemoteLauncher.plan``: GPU, price, worst case); rents nothing;
    ``offline``: no price query either (a read-only server makes no network call)."""
    return launcher_class(kind).plan(provider_cfg, offline=offline)


def paid_plan(kind: str, provider_cfg: Any, jobs: int, offline: bool = False) -> dict[str, Any]:
    from loopwright.train.cost_plan import PlanRefused

    plan = launcher_plan(kind, provider_cfg, offline)
    if kind == "modal" and provider_cfg.get("uncapped"):
        verdict = "the modal launcher would run it uncapped (provider.uncapped=true): no ceiling is checked"
    elif kind == "skypilot" and plan.usd_per_hr == 0.0 and provider_cfg.get("usd_per_hr") is None:
        verdict = "Kubernetes only: your own cluster, which SkyPilot prices at $0; no ceiling applies"
    else:
        try:
            if kind == "modal" and plan.usd_per_hr is None:
                raise PlanRefused("provider.usd_per_hr is not set: Modal's SDK gives no price, so provider.max_cost "
                                  "cannot be checked (or provider.uncapped=true)")
            plan.check()
            total = provider_cfg.get("max_cost_total")
            if jobs > 1 and total is None:
                raise PlanRefused(f"{jobs} jobs in one sweep: provider.max_cost_total is not set")
            if total is not None and (plan.worst_case or 0.0) * jobs > total + 1e-9:
                raise PlanRefused(f"the sweep's worst case ${(plan.worst_case or 0.0) * jobs:.2f} "
                                  f"({jobs} jobs) exceeds "
                                  f"provider.max_cost_total=${total:.2f}; the launcher rents until that is reached")
            verdict = (f"within provider.max_cost: the {kind} launcher would "
                       + ("rent" if kind == "runpod" else "run it"))
        except PlanRefused as err:
            verdict = f"the {kind} launcher would refuse: {err}"
    worst = plan.worst_case
    return {"provider": kind, "rents": True, "gpu_type": plan.gpu_type, "gpu_count": plan.gpu_count,
            "usd_per_hr": plan.usd_per_hr, "price_source": plan.price_source, "max_hours": plan.max_hours,
            "max_cost": plan.max_cost, "worst_case_usd_per_job": worst,
            "worst_case_usd_total": None if worst is None else worst * jobs,
            "max_cost_total": provider_cfg.get("max_cost_total"), "verdict": verdict,
            "text": plan.render()}


def plan_job(overrides: list[str], roots: Roots, multirun: bool = False) -> dict[str, Any]:
    """{ok, problems, command, jobs, plan}: the composed job's provider plan and its worst-case cost."""
    result, cfg = checked(overrides, roots, multirun)
    result.pop("config", None)
    if cfg is None:
        return result
    kind = provider_kind(cfg)
    if kind in PAID_PROVIDERS:
        result["plan"] = paid_plan(kind, cfg.provider, result["jobs"], offline=not roots.allow_launch)
    else:
        result["plan"] = {"provider": kind, "rents": False, "where": _WHERE.get(kind, kind),
                          "worst_case_usd_per_job": 0.0, "worst_case_usd_total": 0.0,
                          "verdict": "nothing is rented: no cost ceiling applies"}
    return result
