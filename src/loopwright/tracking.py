"""metrics.jsonl: one JSON line per logged training step, flushed as it happens."""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

from transformers import TrainerCallback

# Keys of the end-of-training summary that the Trainer logs at the last step; they
# describe the run, not a step, and go into the manifest instead.
_SUMMARY_KEYS = {"train_runtime", "train_samples_per_second", "train_steps_per_second", "train_loss"}


def _jsonable(value: Any) -> Any:
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)  # JSON has no NaN/inf; keep them visible as strings
    return value


class MetricsFileCallback(TrainerCallback):
    """Append ``{"step": N, ...logs}`` to ``metrics.jsonl`` on every Trainer log event."""

    def __init__(self, path: Path):
        self.path = path
        self.summary: dict[str, Any] = {}
        self.steps_logged = 0
        self._started = time.monotonic()

    def on_log(self, args, state, control, logs=None, **kwargs):  # noqa: D401 (Trainer API)
        logs = dict(logs or {})
        if _SUMMARY_KEYS & logs.keys():
            self.summary.update({k: _jsonable(v) for k, v in logs.items()})
            return
        line = {"step": state.global_step, "elapsed_s": round(time.monotonic() - self._started, 3)}
        line.update({k: _jsonable(v) for k, v in logs.items()})
        with open(self.path, "a") as handle:
            handle.write(json.dumps(line) + "\n")
        self.steps_logged += 1
