"""The plan printed before anything is rented, and the cost ceiling it must pass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


_RENTED = {"runpod": "the pod", "skypilot": "a node", "modal": "the function"}  # what usd_per_hr pays for


class PlanRefused(RuntimeError):
    """The job would (or might) cost more than ``provider.max_cost``; nothing was rented."""


@dataclass(frozen=True)
class Plan:
    provider: str
    gpu_type: Optional[str]
    gpu_count: int
    usd_per_hr: Optional[float]  # as the provider's API prices it; None: the API gave no price
    max_hours: float
    max_cost: Optional[float]
    price_source: str  # where usd_per_hr came from, printed so a reader can check it
    attempts: int = 1  # runs the provider may make of the job: provider.retries + 1 (Modal)

    @property
    def worst_case(self) -> Optional[float]:
        return None if self.usd_per_hr is None else self.usd_per_hr * self.max_hours * max(1, self.attempts)

    def render(self) -> str:
        rate = "unpriced" if self.usd_per_hr is None else f"${self.usd_per_hr:.4f}/hr"
        worst = "unknown" if self.worst_case is None else f"${self.worst_case:.2f}"
        ceiling = "not set" if self.max_cost is None else f"${self.max_cost:.2f}"
        return "\n".join([
            f"{self.provider} plan:",
            f"  gpu          {self.gpu_count} x {self.gpu_type}",
            f"  price        {rate} for {_RENTED.get(self.provider, 'the job')} ({self.price_source})",
            f"  max hours    {self.max_hours:g}" + (f" x {self.attempts} attempts (provider.retries="
                                                     f"{self.attempts - 1})" if self.attempts > 1 else ""),
            f"  worst case   {worst}",
            f"  max_cost     {ceiling}",
        ])

    def check(self) -> None:
        """Raise :class:`PlanRefused` unless the worst case is priced and within ``max_cost``."""
        if self.max_cost is None:
            raise PlanRefused(
                f"provider.max_cost is not set: a {self.provider} job rents paid hardware, so it needs a "
                f"ceiling in USD (e.g. provider.max_cost=5). provider.plan_only=true prints the plan only.")
        if self.usd_per_hr is None or self.usd_per_hr <= 0:
            raise PlanRefused(
                f"provider.gpu_type={self.gpu_type!r}: the {self.provider} API gives no price for "
                f"{self.gpu_count} of it ({self.price_source}); refusing to rent an unpriced GPU.")
        if self.max_hours <= 0:
            raise PlanRefused(f"provider.max_hours={self.max_hours} must be > 0")
        assert self.worst_case is not None
        if self.worst_case > self.max_cost:
            tries = (f" x {self.attempts} attempts (provider.retries={self.attempts - 1} + 1)"
                     if self.attempts > 1 else "")
            raise PlanRefused(
                f"worst case ${self.worst_case:.2f} ({self.gpu_count} x {self.gpu_type} at "
                f"${self.usd_per_hr:.4f}/hr for provider.max_hours={self.max_hours:g}{tries}) exceeds "
                f"provider.max_cost=${self.max_cost:.2f}; lower max_hours or raise max_cost.")


@dataclass
class SweepBudget:
    """What one launcher process has committed so far: the worst cases of the paid jobs it rented.

    ``provider.max_cost`` bounds one job; ``provider.max_cost_total`` bounds them all together (a
    sweep of N jobs could otherwise spend N x max_cost). A paid launch of more than one job needs it."""

    jobs: int = 0
    committed: float = 0.0

    def check_launch(self, n_jobs: int, max_cost_total: Optional[float], provider: str) -> None:
        """Before a batch: more than one paid job in this process needs ``provider.max_cost_total``."""
        if max_cost_total is None and self.jobs + n_jobs > 1:
            raise PlanRefused(
                f"{self.jobs + n_jobs} {provider} jobs in one sweep: provider.max_cost_total is not set. "
                f"provider.max_cost bounds each job only; set provider.max_cost_total=<USD> for the sweep "
                f"(e.g. jobs x max_cost), which its jobs' worst cases together may not pass.")

    def commit(self, plan: Plan, max_cost_total: Optional[float]) -> None:
        """Count ``plan``'s worst case against ``max_cost_total``; PlanRefused (nothing rented) past it."""
        worst = plan.worst_case or 0.0
        if max_cost_total is not None and self.committed + worst > max_cost_total + 1e-9:
            raise PlanRefused(
                f"provider.max_cost_total=${max_cost_total:.2f} reached: {self.jobs} job(s) of this sweep already "
                f"committed ${self.committed:.2f} (worst cases), this one adds ${worst:.2f}; nothing more is rented.")
        self.jobs += 1
        self.committed += worst
