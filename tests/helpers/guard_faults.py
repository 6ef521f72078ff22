"""Faults the runtime guards must catch, planted in a real training through ``reward._target_``
(tests/integration/train/test_runtime_guards.py): a reward that stops returning, and a stand-in for
TRL's trainer/sampler log-prob gap where no vLLM generates."""

from __future__ import annotations

import os
import time
from pathlib import Path

_calls = 0


def hangs_after_two_calls(prompts, completions, **kwargs):
    """Scores like a length reward twice, then never returns (a grader waiting on a dead endpoint). The moment it
    starts waiting goes into $GUARD_FAULT_MARK, so the test can time the watchdog from the fault."""
    global _calls
    _calls += 1
    if _calls > 2:
        Path(os.environ["GUARD_FAULT_MARK"]).write_text(repr(time.time()))
        while True:
            time.sleep(3600)
    return [min(len(str(c)), 50) / 50 for c in completions]


def varied(prompts, completions, **kwargs):
    return [min(len(str(c)), 50) / 50 for c in completions]


def _plant_drift() -> None:
    """Stand-in for a weight sync that stopped: TRL logs the gap only when vLLM generates, so this wraps
    GRPOTrainer.log to add it: $GUARD_DRIFT_GAPS (comma-separated), one per logged step, the last one repeated."""
    gaps = [float(g) for g in os.environ.get("GUARD_DRIFT_GAPS", "").split(",") if g]
    if not gaps:
        return
    from trl import GRPOTrainer

    original = GRPOTrainer.log

    def log(self, logs, *args, **kwargs):
        if "loss" in logs:
            logs["sampling/sampling_logp_difference/mean"] = gaps[min(self.state.global_step, len(gaps)) - 1]
        return original(self, logs, *args, **kwargs)

    GRPOTrainer.log = log


_plant_drift()
