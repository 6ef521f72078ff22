"""Money: what one command may spend is bounded as a whole, not per job, on every paid provider.

- A RunPod sweep of N jobs under ``provider.max_cost`` alone could rent N x max_cost: a sweep of more
  than one paid job needs ``provider.max_cost_total``, and the jobs' worst cases together stay under it.
- Modal's ``max_cost`` was recorded and never checked: now a priced plan (``provider.usd_per_hr``) is
  checked like RunPod's, or the run is refused unless ``provider.uncapped=true`` says so explicitly.
- ``provider.retries`` multiplies the run time: the worst case is price x max_hours x (retries + 1).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import ROOT, compose

QUICK = "provider.setup_cmd='exit 0'"  # each pod's job "succeeds" at once: the sweep goes on to the next job


def _creates(cloud) -> int:
    return sum(1 for m, p in cloud.standin.received if (m, p) == ("POST", "/pods"))


def test_a_sweep_is_refused_without_a_sweep_wide_ceiling(cloud):
    # 3 jobs x $0.40 worst case each: every one under max_cost=1, together $1.20.
    proc = cloud.launch("seed=1,2,3", QUICK)
    out, err = proc.communicate(timeout=300)
    assert _creates(cloud) == 0, f"{_creates(cloud)} pods rented by a 3-job sweep with no sweep-wide ceiling"
    assert proc.returncode != 0
    assert "provider.max_cost_total" in err, err[-2000:]


def test_a_sweep_stops_renting_at_its_ceiling(cloud):
    proc = cloud.launch("seed=1,2,3", QUICK, "provider.max_cost_total=1")
    out, err = proc.communicate(timeout=300)
    assert _creates(cloud) == 2, f"{_creates(cloud)} pods rented; $1.00 allows two worst cases of $0.40"
    assert "provider.max_cost_total" in out + err
    assert cloud.standin.running() == []


class _Fake:
    """A ModalClient that runs nothing: it only records whether the function was called."""

    def __init__(self):
        self.calls = 0

    def app_context(self, app):
        import contextlib

        return contextlib.nullcontext()

    def call(self, function, **kwargs):
        self.calls += 1

    def download(self, volume, prefix, dest):
        return []


def _modal_run(tmp_path: Path, *overrides: str) -> tuple[_Fake, Exception | None]:
    from hydra_plugins.loopwright_launchers.modal._job import ModalJob

    fake = _Fake()
    job_dir = tmp_path / "job"
    job_dir.mkdir(exist_ok=True)
    p = compose(["provider=modal", "provider.gpu_type=H100", *overrides]).provider
    job = ModalJob(p, job_dir=job_dir, overrides=[], code_root=ROOT, ledger_path=tmp_path / "costs.jsonl",
                   client=fake, out=lambda _: None)
    try:
        job.run()
    except Exception as err:  # noqa: BLE001  the verdict is what the test reads
        return fake, err
    return fake, None


@pytest.mark.parametrize("overrides, key", [
    (["provider.max_cost=0.01", "provider.max_hours=1"], "provider.usd_per_hr"),  # unpriced: refused
    (["provider.max_cost=0.01", "provider.max_hours=1", "provider.usd_per_hr=4"], "provider.max_cost"),
    (["provider.max_cost=2.5", "provider.max_hours=1", "provider.usd_per_hr=1", "provider.retries=2"],
     "provider.retries"),  # $1/hr x 1 h fits; x 3 attempts does not
])
def test_modal_max_cost_is_checked_with_its_retries(tmp_path, overrides, key):
    fake, err = _modal_run(tmp_path, *overrides)
    assert fake.calls == 0, f"Modal ran a job whose worst case is over provider.max_cost ({overrides})"
    assert err is not None and key in str(err)


def test_modal_runs_within_its_ceiling_or_when_explicitly_uncapped(tmp_path):
    fake, err = _modal_run(tmp_path, "provider.max_cost=3.5", "provider.usd_per_hr=1", "provider.retries=2")
    assert err is None and fake.calls == 1
    fake, err = _modal_run(tmp_path, "provider.uncapped=true")
    assert err is None and fake.calls == 1
