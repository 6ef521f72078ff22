"""The plan printed before anything is rented, and the cost ceiling it must pass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


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

    @property
    def worst_case(self) -> Optional[float]:
        return None if self.usd_per_hr is None else self.usd_per_hr * self.max_hours

    def render(self) -> str:
        rate = "unpriced" if self.usd_per_hr is None else f"${self.usd_per_hr:.4f}/hr"
        worst = "unknown" if self.worst_case is None else f"${self.worst_case:.2f}"
        ceiling = "not set" if self.max_cost is None else f"${self.max_cost:.2f}"
        return "\n".join([
            f"{self.provider} plan:",
            f"  gpu          {self.gpu_count} x {self.gpu_type}",
            f"  price        {rate} for the pod ({self.price_source})",
            f"  max hours    {self.max_hours:g}",
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
            raise PlanRefused(
                f"worst case ${self.worst_case:.2f} ({self.gpu_count} x {self.gpu_type} at "
                f"${self.usd_per_hr:.4f}/hr for provider.max_hours={self.max_hours:g}) exceeds "
                f"provider.max_cost=${self.max_cost:.2f}; lower max_hours or raise max_cost.")
