"""Money: the RunPod launcher SIGTERMed or SIGKILLed at each stage leaves no pod alive, the reaper included.

Against the loopback stand-in of RunPod's API (tests/helpers/runpod_standin.py) and moto as the network
volume, through the real ``python train.py -m provider=runpod``. Each stage is reached by holding one
request in the stand-in (``delays``) and signalling the launcher process once that request arrived:

  before_create    the price query (POST /graphql) is held: nothing is rented yet
  during_create    POST /pods is held after the pod exists, before the answer (the launcher has no pod id)
  while_running    the pod runs its job (``setup_cmd='sleep 120'``: started.json, then a long job)
  during_teardown  the pod never starts; the first DELETE is held, then answers 503 (the pod is still up)

SIGTERM must tear down like Ctrl-C (0 pods, with no reaper); after SIGKILL the launcher can do nothing,
so ``python -m loopwright.reap`` must find what it left from the ledger (0 pods after it). The figures
(pods alive after the signal, after the reaper) are printed per case: ``pytest -s`` shows them.
"""

from __future__ import annotations

import signal
import subprocess
import time

import pytest
from helpers.runpod_cloud import Cloud

STAGES = ("before_create", "during_create", "while_running", "during_teardown")



def _set_up(cloud: Cloud, stage: str) -> list[str]:
    s = cloud.standin
    if stage == "before_create":
        s.delays[("POST", "/graphql")] = 30.0
    elif stage == "during_create":
        s.delays[("POST", "/pods")] = 30.0
    elif stage == "while_running":
        return ["provider.setup_cmd='sleep 120'"]
    elif stage == "during_teardown":
        s.never_ready, s.terminate_5xx = True, 1
        s.delays[("DELETE", "/pods/")] = 2.0
        return ["provider.ready_timeout_s=0.5"]
    return []


def _reached(cloud: Cloud, stage: str) -> bool:
    s = cloud.standin
    if stage == "before_create":
        return ("POST", "/graphql") in s.received
    if stage == "during_create":
        return bool(s.pods)
    if stage == "while_running":
        return any(list(p.mount.rglob("started.json")) for p in list(s.pods.values()) if p.mount.is_dir())
    return any(m == "DELETE" for m, _ in s.received)


def _wait_until(predicate, proc: subprocess.Popen, what: str, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if proc.poll() is not None:
            out, err = proc.communicate()
            pytest.fail(f"the launcher ended before {what}: {err[-3000:]}")
        assert time.monotonic() < deadline, f"not {what} within {timeout} s"
        time.sleep(0.05)


def _alive(cloud: Cloud) -> list[str]:
    return cloud.standin.running()


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_no_pod_outlives_a_killed_launcher(cloud, stage, sig):
    proc = cloud.launch(*_set_up(cloud, stage))
    _wait_until(lambda: _reached(cloud, stage), proc, f"stage {stage}")
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode != 0
    time.sleep(0.5)  # a create the launcher never saw the answer of has landed by now
    after_signal = _alive(cloud)
    if sig == signal.SIGTERM:
        # The same teardown as Ctrl-C, by the launcher itself: nothing left, and the ledger closes what it opened.
        assert after_signal == [], f"SIGTERM at {stage}: pods left running {after_signal}\n{err[-3000:]}"
        opened = {r["pod_id"] for r in cloud.ledger_rows() if r.get("event") == "opened"}
        closed = {r["pod_id"] for r in cloud.ledger_rows() if r.get("event") == "closed"}
        assert opened <= closed, f"ledger: opened {opened}, closed {closed}"
    elif stage != "before_create":
        assert after_signal, f"SIGKILL at {stage} left no pod: the stage was not reached"
        # The ledger line naming the pod was written (and fsynced) before the kill could land.
        named = {(r.get("name"), r.get("pod_id")) for r in cloud.ledger_rows()}
        assert any(name == cloud.standin.pods[after_signal[0]].body["name"] for name, _ in named), named
    if stage == "while_running" and sig == signal.SIGKILL:  # --dry-run lists the stray and removes nothing
        dry = cloud.reap("--dry-run")
        assert dry.returncode == 0, dry.stderr
        assert after_signal[0] in dry.stdout and _alive(cloud) == after_signal
    reaped = cloud.reap()
    assert reaped.returncode == 0, reaped.stderr
    left = _alive(cloud)
    print(f"\n[money] {sig.name} at {stage}: pods alive after the signal {len(after_signal)}, "
          f"after loopwright.reap {len(left)}")
    assert left == [], f"{sig.name} at {stage}: pods alive after the reaper {left}\n{reaped.stdout}"
    assert cloud.standin.live_processes() == []
    if after_signal and sig == signal.SIGKILL:
        assert {r["pod_id"] for r in cloud.ledger_rows() if r.get("status") == "reaped"} == set(after_signal)


def test_every_launch_reaps_what_a_killed_launcher_left(cloud):
    proc = cloud.launch("provider.setup_cmd='sleep 120'")
    _wait_until(lambda: _reached(cloud, "while_running"), proc, "the pod running")
    proc.kill()
    proc.communicate(timeout=60)
    (stray,) = _alive(cloud)
    cloud.standin.create_failures = 1  # the next launch gets as far as renting, then fails: quick
    again = cloud.launch()
    out, err = again.communicate(timeout=120)
    assert again.returncode != 0 and "no longer any instances available" in err
    assert _alive(cloud) == [], "the launch left the stray of the killed launcher running"
    assert stray in out + err and "reaped" in out + err
