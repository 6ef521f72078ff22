"""The job freezes what it holds before training (train/job.py) and a next job in the same process releases it."""

from __future__ import annotations

import gc
import weakref

from loopwright.train import job


class _Cyclic:
    """Freed only by the cycle collector, as a model held in a reference cycle would be."""

    def __init__(self) -> None:
        self.me = self


def test_what_a_job_froze_is_collected_once_the_next_job_in_the_process_starts():
    held = _Cyclic()
    alive = weakref.ref(held)
    try:
        job.freeze_what_the_job_holds()
        assert gc.get_freeze_count() > 0
        del held
        gc.collect()
        assert alive() is not None  # frozen: training's collections do not walk it
        job.release_what_an_earlier_job_froze()  # Hydra's basic launcher starting the multirun's next job
        assert alive() is None and gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()
        job._froze.clear()


def test_a_freeze_the_job_did_not_make_is_left_alone():
    # e.g. the suite's fork server freezes its imports before it forks a run: a run's start must not unfreeze them
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        job.release_what_an_earlier_job_froze()
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
