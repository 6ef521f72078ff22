"""The cost ledger, where the launchers have always found it; it lives in loopwright.cloud.ledger
(the reaper reads it too, and loopwright never imports a plugin)."""

from loopwright.cloud.ledger import append_cost, cost_record, read_costs

__all__ = ["append_cost", "cost_record", "read_costs"]
