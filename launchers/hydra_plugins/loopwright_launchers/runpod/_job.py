"""One Hydra job on one RunPod pod: plan, ship, rent, watch, bring back, terminate, account.

The order is chosen so money is only spent after every check passed, and stops on
every way out:

1. plan: price from RunPod's API, worst case = $/hr x max_hours, printed; refused
   above provider.max_cost or when unpriced (``plan_only`` stops here, nothing rented),
   or when the sweep's worst cases together would pass provider.max_cost_total.
   Then the reaper's check (loopwright.cloud.reaper): pods of this ledger whose launcher
   is gone are removed, with a warning, before anything more is rented.
2. ship: code bundle + run.sh to the network volume through its S3 API.
3. rent: an ``opening`` ledger line (the pod's name, this process) is fsynced, then
   POST /pods, then an ``opened`` line (name + id). From the create on, a ``finally``
   terminates the pod (DELETE, retried on 5xx and lost connections until RunPod
   confirms; by name when the create's answer never came) and appends the cost to the
   ledger, whatever happened: success, job failure, timeout, Ctrl-C, SIGTERM, SIGHUP
   (turned into the same interrupt), an exception. Signals are held during that
   teardown and raised after it. A SIGKILL leaves the ledger lines: ``python -m
   loopwright.reap`` (or the next launch) removes the pod.
4. watch: started.json within ready_timeout_s, then status.json within max_hours.
5. bring back: the pod's run dir from the volume into the local job dir.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any, Callable, Optional

from hydra_plugins.loopwright_launchers.remote._common import (RemoteJobFailed, cfg_get as _get, signals_deferred,
                                                               stops_interrupt)
from hydra_plugins.loopwright_launchers.runpod._pod_script import run_script, start_command
from loopwright.cloud.ledger import append_cost, cost_record, opened_record, opening_record
from loopwright.train.cost_plan import Plan, PlanRefused, SweepBudget
from loopwright.train.dispatch import trained_accuracy
from loopwright.train.exits import PREEMPTED_CODE  # train.py's exit code for a preempted job

# After the pod is gone: how long status.json may take to show through the volume's S3 API.
STATUS_GRACE_S = 30.0


def api_key() -> str:
    key = os.environ.get("RUNPOD_API_KEY", "")
    if not key:
        raise PlanRefused("RUNPOD_API_KEY is not set: the RunPod launcher reads the API key from that "
                          "environment variable only (never from a config file)")
    return key


class RunpodJob:
    provider = "runpod"

    def __init__(self, provider_cfg: Any, *, job_dir: Path, overrides: list[str], code_root: Path,
                 ledger_path: Path, config_yaml: str = "", out: Callable[[str], None] = print,
                 sleep: Callable[[float], None] = time.sleep, budget: Optional[SweepBudget] = None):
        self.p = provider_cfg
        self.job_dir = Path(job_dir)
        self.overrides = overrides
        self.code_root = code_root
        self.ledger_path = ledger_path
        self.config_yaml = config_yaml
        self.out = out
        self.sleep = sleep
        self.name = f"loopwright-{self.job_dir.name}-{uuid.uuid4().hex[:10]}"
        self.job_rel = f"loopwright/{self.name}"
        self.client = None
        self.volume = None
        self.budget = budget or SweepBudget()
        self.strays: list[str] = []  # pods found by name after a create that gave no answer

    # ------------------------------------------------------------------ parts
    def make_client(self):
        from hydra_plugins.loopwright_launchers.runpod._api import RunpodClient

        return RunpodClient(_get(self.p, "api_url"), _get(self.p, "graphql_url"), api_key(),
                            retries=int(_get(self.p, "api_retries", 8)), sleep=self.sleep)

    def make_volume(self):
        from hydra_plugins.loopwright_launchers.runpod._volume import Volume

        missing = [k for k in ("volume_id", "s3_endpoint") if not _get(self.p, k)]
        if missing:
            raise PlanRefused(f"provider.{missing[0]} is not set: the job's code and outputs travel through a "
                              f"RunPod network volume's S3 API (docs/CLOUD.md)")
        return Volume(_get(self.p, "volume_id"), _get(self.p, "s3_endpoint"), _get(self.p, "s3_region"))

    def plan(self, offline: bool = False) -> Plan:
        gpu, count = _get(self.p, "gpu_type"), int(_get(self.p, "gpu_count", 1))
        rate, source = None, "not asked: RUNPOD_API_KEY unset"
        if not gpu:
            source = "provider.gpu_type is not set"
        elif offline:
            source = "not asked: this read-only MCP server makes no network call (--allow-launch asks RunPod)"
        elif os.environ.get("RUNPOD_API_KEY"):
            self.client = self.client or self.make_client()
            rate, source = self.client.gpu_price(gpu, count, str(_get(self.p, "cloud_type", "SECURE")))
        return Plan("runpod", gpu, count, rate, float(_get(self.p, "max_hours")), _get(self.p, "max_cost"), source)

    def pod_body(self) -> dict[str, Any]:
        max_s = int(float(_get(self.p, "max_hours")) * 3600)
        mount = str(_get(self.p, "volume_mount_path", "/workspace"))
        return {
            "name": self.name,
            "imageName": _get(self.p, "image"),
            "gpuTypeIds": [_get(self.p, "gpu_type")],
            "gpuTypePriority": "custom",
            "gpuCount": int(_get(self.p, "gpu_count", 1)),
            "cloudType": str(_get(self.p, "cloud_type", "SECURE")).upper(),
            "networkVolumeId": _get(self.p, "volume_id"),
            "volumeMountPath": mount,
            "containerDiskInGb": int(_get(self.p, "container_disk_gb", 50)),
            "dockerEntrypoint": ["bash", "-c"],
            "dockerStartCmd": [start_command(self.job_rel, mount, max_s)],
            "env": {str(k): str(v) for k, v in (_get(self.p, "env", {}) or {}).items()},
            "ports": [],
        }

    def ship(self) -> None:
        from hydra_plugins.loopwright_launchers.remote._bundle import write_bundle

        from loopwright.runs.writer import redact_override

        mount, setup = str(_get(self.p, "volume_mount_path", "/workspace")), _get(self.p, "setup_cmd")
        script = run_script(self.job_rel, mount, self.overrides, setup)
        # The local copy, for reading what ran: secret-named overrides (+x.hf_token=...) redacted.
        (self.job_dir / "pod").mkdir(parents=True, exist_ok=True)
        (self.job_dir / "pod" / "run.sh").write_text(
            run_script(self.job_rel, mount, [redact_override(o) for o in self.overrides], setup))
        with tempfile.TemporaryDirectory() as tmp:
            tar = Path(tmp) / "bundle.tar.gz"
            n = write_bundle(self.code_root, tar, {".loopwright_job/config.yaml": self.config_yaml.encode(),
                                                   ".loopwright_job/overrides.json":
                                                       json.dumps(self.overrides).encode()})
            self.volume.upload_file(tar, f"{self.job_rel}/bundle.tar.gz")
            self.volume.put_bytes(f"{self.job_rel}/run.sh", script.encode())
            self.out(f"runpod: shipped {n} files ({tar.stat().st_size / 1e6:.2f} MB) to "
                     f"volume {_get(self.p, 'volume_id')}:{self.job_rel}/")

    def create(self) -> dict[str, Any]:
        return self.client.create_pod(self.pod_body())

    def hunt_strays(self) -> None:
        """After a create that gave no pod id (an error, no answer, an interrupt): a pod may exist anyway;
        terminate anything with our unique name. What this cannot remove, the ledger's opening line names."""
        try:
            for pod in self.client.find_pods_by_name(self.name):
                self.client.terminate_pod(pod["id"])
                self.strays.append(pod["id"])
                self.out(f"runpod: terminated pod {pod['id']} ({self.name}), created without an answer")
        except Exception as err:  # noqa: BLE001  the create's own error is the one to raise
            self.out(f"runpod: could not look for a pod named {self.name} ({err}); `python -m loopwright.reap` "
                     f"finds it from the ledger {self.ledger_path}")

    def reap_strays(self) -> None:
        """The reaper's check before renting: pods of this ledger whose launcher is gone are removed."""
        from loopwright.cloud.reaper import reap

        try:
            reaped = reap(self.client, self.ledger_path, out=lambda line: None)
        except Exception as err:  # noqa: BLE001  the check must not stop a launch; say it did not run
            self.out(f"runpod: WARNING: could not check for stray pods ({err}); run `python -m loopwright.reap`")
            return
        for v in reaped:
            self.out(f"runpod: WARNING: reaped stray pod {v.line}")

    def watch(self, pod_id: str, started_at: float) -> dict[str, Any]:
        """Wait for the job to start, then to end; return status.json. Raise on timeout or loss."""
        ready_by = started_at + float(_get(self.p, "ready_timeout_s", 900))
        end_by = started_at + float(_get(self.p, "max_hours")) * 3600
        poll = float(_get(self.p, "poll_s", 10))
        ready = False
        while True:
            status = self.volume.read_json(f"{self.job_rel}/status.json")
            if status is not None:
                return status
            if not ready and self.volume.read_json(f"{self.job_rel}/started.json") is not None:
                ready = True
                self.out(f"runpod: pod {pod_id} started the job")
            pod = self.client.get_pod(pod_id)
            now = time.monotonic()
            if pod is None or pod.get("desiredStatus") in ("TERMINATED", "EXITED"):  # gone, or stopped by hand
                # The pod writes status.json to the volume, then removes itself; what the
                # volume's S3 API shows can lag behind the mount, so give it a moment.
                grace_until = time.monotonic() + STATUS_GRACE_S
                while True:
                    status = self.volume.read_json(f"{self.job_rel}/status.json")
                    if status is not None:
                        return status
                    if time.monotonic() > grace_until:
                        raise RemoteJobFailed(f"pod {pod_id} disappeared before the job reported an exit status "
                                              f"(none on the volume {STATUS_GRACE_S:.0f} s later)")
                    time.sleep(1.0)
            if not ready and now > ready_by:
                raise RemoteJobFailed(f"pod {pod_id} did not start the job within provider.ready_timeout_s="
                                      f"{_get(self.p, 'ready_timeout_s')} s")
            if now > end_by:
                raise RemoteJobFailed(f"pod {pod_id} ran past provider.max_hours={_get(self.p, 'max_hours')}")
            self.sleep(poll)

    def bring_back(self) -> list[Path]:
        files = self.volume.download_prefix(f"{self.job_rel}/out", self.job_dir, skip=(".hydra",))
        log = self.volume.download_prefix(self.job_rel, self.job_dir / "pod",
                                          skip=("out", "bundle.tar.gz", "run.sh"))
        return files + log

    def remove_shipped(self) -> None:
        """The code bundle and run.sh (the overrides, secrets among them) leave the volume after the job; the
        pod removes them too once it wrote status.json (_pod_script.py), this covers a pod that never did."""
        try:
            self.volume.delete([f"{self.job_rel}/bundle.tar.gz", f"{self.job_rel}/run.sh"])
        except Exception as err:  # noqa: BLE001 - said, never hiding the job's own outcome
            self.out(f"runpod: could not remove the code bundle from volume {_get(self.p, 'volume_id')}:"
                     f"{self.job_rel}/ ({err}); delete it by hand")

    # ------------------------------------------------------------------- run
    def run(self) -> Optional[float]:
        plan = self.plan()
        self.out(plan.render())
        (self.job_dir / "plan.txt").write_text(plan.render() + "\n")
        if _get(self.p, "plan_only", False):
            try:
                plan.check()
                verdict = "within provider.max_cost"
            except PlanRefused as err:
                verdict = f"would be refused: {err}"
            self.out(f"runpod: plan_only=true, nothing rented; {verdict}")
            return None
        api_key()  # say "no key" before "no price": the price was not asked without one
        plan.check()
        self.budget.commit(plan, _get(self.p, "max_cost_total"))
        self.client = self.client or self.make_client()
        self.reap_strays()
        self.volume = self.volume or self.make_volume()
        self.ship()
        with stops_interrupt():  # SIGTERM / SIGHUP: the same teardown as Ctrl-C
            return self._rent(plan)

    def _rent(self, plan: Plan) -> Optional[float]:
        pod_id, rate, t0, outcome, rc = None, plan.usd_per_hr, time.monotonic(), "create_failed", -1
        append_cost(self.ledger_path, opening_record(
            provider="runpod", name=self.name, job_dir=str(self.job_dir), max_hours=float(_get(self.p, "max_hours")),
            ready_timeout_s=float(_get(self.p, "ready_timeout_s", 900))))
        try:
            pod = self.create()
            pod_id, t0 = pod["id"], time.monotonic()
            rate = float(pod.get("costPerHr") or rate)  # what RunPod bills this pod, when it says
            append_cost(self.ledger_path, opened_record(provider="runpod", name=self.name, pod_id=pod_id,
                                                        usd_per_hr=rate))
            self.out(f"runpod: pod {pod_id} created ({plan.gpu_count} x {plan.gpu_type}, ${rate:.4f}/hr)")
            outcome = "refused"  # RunPod billed more than it priced: stop before the job starts
            Plan("runpod", plan.gpu_type, plan.gpu_count, rate, plan.max_hours, plan.max_cost,
                 "the created pod's costPerHr").check()
            outcome = "failed"
            status = self.watch(pod_id, t0)
            rc = int(status.get("returncode", -1))
            outcome = {0: "succeeded", 124: "timed_out", PREEMPTED_CODE: "preempted"}.get(rc, "failed")
        except KeyboardInterrupt as err:  # Ctrl-C, or SIGTERM / SIGHUP (Signalled)
            outcome = "interrupted"
            self.out(f"runpod: {err or 'Ctrl-C'}: tearing down")
            raise
        finally:
            with signals_deferred():  # held until the pod is gone and the ledger says so; raised after
                seconds, unconfirmed = 0.0, None
                if pod_id is None:
                    self.hunt_strays()
                else:
                    try:
                        self.out(f"runpod: terminating pod {pod_id} (signals are held until RunPod confirms)")
                        attempts = self.client.terminate_pod(pod_id)
                        self.out(f"runpod: pod {pod_id} terminated ({attempts} attempt(s))")
                    except Exception as err:  # noqa: BLE001  recorded in the ledger, re-raised below
                        unconfirmed, outcome = err, f"{outcome}+terminate_unconfirmed"
                    seconds = time.monotonic() - t0
                append_cost(self.ledger_path, cost_record(
                    provider="runpod", gpu=plan.gpu_type, gpu_count=plan.gpu_count, pod_id=pod_id, seconds=seconds,
                    usd_per_hr=rate, job_dir=str(self.job_dir), status=outcome, name=self.name,
                    **({"strays": self.strays} if self.strays else {})))
            if pod_id is not None:
                try:
                    self.bring_back()
                except Exception as err:  # never hide the job's own error behind a download error
                    self.out(f"runpod: could not download outputs of {self.job_rel}: {err}")
            self.remove_shipped()
            if unconfirmed is not None:
                raise unconfirmed
        if outcome == "preempted":  # a spot pod taken back: the run dir came back with a complete checkpoint
            raise RemoteJobFailed(f"runpod job preempted (exit {rc}): the pod was interrupted; the job wrote a "
                                  f"checkpoint into {self.job_dir} (manifest status 'preempted'); its log: "
                                  f"{self.job_dir / 'pod' / 'pod.log'}")
        if outcome != "succeeded":
            raise RemoteJobFailed(f"runpod job {outcome} (exit {rc}); its log: {self.job_dir / 'pod' / 'pod.log'}")
        return trained_accuracy(self.job_dir)

