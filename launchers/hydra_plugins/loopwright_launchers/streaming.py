"""The loopwright streaming-launcher protocol: refill a slot the moment a job ends.

Hydra's ``Launcher.launch(batch)`` returns only when the whole batch has finished, so
a sweeper that hands out batches leaves slots idle while the slowest trial of a batch
runs. A launcher that also speaks this protocol lets a sweeper (loopwright's Optuna
sweeper) keep every slot busy: ask one trial, ``submit`` it, and ask the next trial as
soon as any future completes.

Contract (after ``Launcher.setup(...)`` has been called):

- ``slots``: how many jobs this launcher runs at once. Submitting more is allowed;
  the extra jobs queue until a slot frees up.
- ``submit(overrides, job_idx)`` starts one job as soon as a slot is free and
  returns at once with a ``concurrent.futures.Future`` that resolves to the job's
  ``hydra.core.utils.JobReturn``. The job gets exactly what ``launch()`` would give
  it: the sweep config composed from ``overrides``, ``hydra.job.num = job_idx``, and
  its run dir ``<hydra.sweep.dir>/<hydra.sweep.subdir>``. ``job_idx`` must be unique
  within the sweep. A job that fails comes back as a JobReturn with status FAILED
  (reading ``return_value`` re-raises its error). A job that cannot even be prepared
  (an override names an unknown key) makes ``submit`` itself raise, before anything
  starts. Call ``submit`` from one thread: composing a job's config is not thread-safe.
- ``launch(job_overrides, initial_job_idx)`` stays Hydra's batch call and is built on
  ``submit`` (same results, same order).

Detect support with ``isinstance(launcher, StreamingLauncher)`` (runtime-checkable);
fall back to ``launch()`` batches otherwise.

Kept to the standard library: Hydra imports every ``hydra_plugins`` module at start-up.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any, Protocol, Sequence, runtime_checkable


@runtime_checkable
class StreamingLauncher(Protocol):
    @property
    def slots(self) -> int:
        """Jobs that can run at the same time."""
        ...

    def submit(self, overrides: Sequence[str], job_idx: int) -> "Future[Any]":
        """Start one job when a slot frees up; the future resolves to its JobReturn."""
        ...
