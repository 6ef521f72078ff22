"""One Hydra job as one SkyPilot cluster (or, for spot, one managed job): plan, check, launch, watch, bring
back, down, account. The money order is RunPod's (runpod/_job.py):

1. plan: $/hr of one node from SkyPilot's catalog across the allowed infra (the dearest offer: SkyPilot fails
   over to it when the cheap ones have no capacity) x nodes x the billed hours (setup timeout + max_hours +
   the autodown idle minutes); refused above provider.max_cost, unpriced, or past provider.max_cost_total.
   ``plan_only`` prints the plan and the task YAML as SkyPilot parses it back, and stops. Kubernetes alone is
   your own cluster: SkyPilot prices it at $0, so no ceiling is needed unless provider.usd_per_hr prices it.
2. the reaper's check: loopwright clusters of this ledger whose launcher is gone are downed first.
3. launch: an ``opening`` ledger line (the cluster's unique name, this process), ``sky.launch(..., down=True,
   idle_minutes_to_autostop=idle_minutes)`` (or ``sky.jobs.launch``), an ``opened`` line. From the opening
   line on, a ``finally`` downs the cluster (cancels the managed job) and writes the ``closed`` line, whatever
   happened: success, failure, timeout, Ctrl-C, SIGTERM / SIGHUP (the same interrupt); signals are held during
   it. After a SIGKILL the ledger names the cluster: ``python -m loopwright.reap --provider skypilot``, or the
   next launch. On the node, ``timeout`` and autodown bound the bill without the launcher.
4. watch: the job's status until it ends or the billed hours pass; bring back: the run dir into the job dir.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any, Callable, Optional

from hydra_plugins.loopwright_launchers.remote._common import (RemoteJobFailed, cfg_get as _get, signals_deferred,
                                                               stops_interrupt)
from hydra_plugins.loopwright_launchers.skypilot import _task
from loopwright.cloud.ledger import append_cost, cost_record, opened_record, opening_record
from loopwright.train.cost_plan import Plan, PlanRefused, SweepBudget
from loopwright.train.dispatch import trained_accuracy
from loopwright.train.exits import PREEMPTED_CODE


def billed_hours(p: Any) -> float:
    """What one node can bill without the launcher: setup's timeout, the run's, then the autodown idle time."""
    return (float(_get(p, "setup_timeout_min", 30)) / 60 + float(_get(p, "max_hours"))
            + float(_get(p, "idle_minutes", 5)) / 60)


def stage_workdir(code_root: Path, dest: Path) -> int:
    """The files git lists (the RunPod bundle's, secret-named files never) into ``dest``: the task's workdir.
    Links stay links (src/hydra_plugins and src/loopwright/conf are links into the tree)."""
    from hydra_plugins.loopwright_launchers.remote._bundle import code_files
    from loopwright.runs.secrets import is_secret_file_name

    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=code_root,
                            capture_output=True, check=True).stdout.decode().split("\0")
    links = (n for n in listed if n and os.path.islink(code_root / n) and not is_secret_file_name(n))
    files = sorted({*code_files(code_root), *links})
    for rel in files:
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(code_root / rel, target, follow_symlinks=False)
    return len(files)


class SkypilotJob:
    provider = "skypilot"

    def __init__(self, provider_cfg: Any, *, job_dir: Path, overrides: list[str], code_root: Path,
                 ledger_path: Path, out: Callable[[str], None] = print, budget: Optional[SweepBudget] = None,
                 sleep: Callable[[float], None] = time.sleep, client: Any = None):
        self.p = provider_cfg
        self.job_dir = Path(job_dir)
        self.overrides = overrides
        self.code_root = code_root
        self.ledger_path = ledger_path
        self.out = out
        self.budget = budget or SweepBudget()
        self.sleep = sleep
        self.client = client
        # [a-z0-9-] only: a cluster name is a DNS label on Kubernetes; the job dir's name is Hydra's job number
        safe = "".join(c for c in self.job_dir.name.lower() if c.isalnum())[:12] or "job"
        self.name = f"loopwright-{safe}-{uuid.uuid4().hex[:10]}"
        self.managed = _task.is_managed(self.p)

    def make_client(self) -> Any:
        from loopwright.cloud.skypilot_api import SkyClient

        return SkyClient(out=self.out)

    # ------------------------------------------------------------------ plan
    def plan(self, offline: bool = False) -> Plan:
        from loopwright.cloud.skypilot_api import catalog_rates

        gpu, count = _get(self.p, "gpu_type"), int(_get(self.p, "gpu_count", 1))
        nodes = int(_get(self.p, "num_nodes", 1))
        given = _get(self.p, "usd_per_hr")
        if given is not None:
            rate, source = float(given), "provider.usd_per_hr (as given)"
        elif _task.kubernetes_only(self.p):
            rate, source = 0.0, "Kubernetes only: your own cluster, which SkyPilot prices at $0/hr"
        elif offline:
            rate, source = None, "not asked: this read-only MCP server reads no catalog"
        else:
            clouds = sorted({i.split("/", 1)[0] for i in _task.infra_list(self.p)})
            _cheap, rate, source = catalog_rates(gpu, count, bool(_get(self.p, "use_spot", False)), clouds)
            if rate is not None:
                source += f"; the dearest offer (the cheapest is ${_cheap:.4f}/hr)"
        if rate is not None and nodes > 1:
            rate, source = rate * nodes, f"{source}; x {nodes} nodes"
        return Plan("skypilot", gpu, count, rate, billed_hours(self.p), _get(self.p, "max_cost"),
                    f"{source}; hours = setup {_get(self.p, 'setup_timeout_min')} min + max_hours "
                    f"{_get(self.p, 'max_hours')} + autodown {_get(self.p, 'idle_minutes')} min")

    def free(self, plan: Plan) -> bool:
        """Your own Kubernetes cluster, not priced by provider.usd_per_hr: nothing to cap."""
        return plan.usd_per_hr == 0.0 and _task.kubernetes_only(self.p) and _get(self.p, "usd_per_hr") is None

    def check(self, plan: Plan) -> None:
        if self.free(plan):
            self.out("skypilot: Kubernetes only, priced at $0/hr: no cost ceiling applies (provider.usd_per_hr "
                     "prices it)")
            return
        plan.check()
        self.budget.commit(plan, _get(self.p, "max_cost_total"))

    def task_config(self, workdir: str) -> dict:
        return _task.task_config(self.p, name=self.name, workdir=workdir, overrides=self.overrides)

    def printable(self, config: dict) -> str:
        """The task YAML as SkyPilot parses it back, with secret-named overrides and env values redacted."""
        import shlex

        import yaml

        from loopwright.runs.writer import redact, redact_override

        shown = {k: v for k, v in self.client.task_yaml(config).items() if not k.startswith("_")}
        for o in self.overrides:
            red = redact_override(o)
            if red != o:
                shown["run"] = shown.get("run", "").replace(shlex.quote(o), shlex.quote(red))
        if shown.get("envs"):
            shown["envs"] = redact(shown["envs"])
        return yaml.dump(shown, Dumper=_dumper(), sort_keys=False, default_flow_style=False)

    # ------------------------------------------------------------------ run
    def run(self) -> Any:
        plan = self.plan()
        self.client = self.client or self.make_client()
        self.out(plan.render())
        self.job_dir.mkdir(parents=True, exist_ok=True)
        (self.job_dir / "plan.txt").write_text(plan.render() + "\n")
        if _get(self.p, "plan_only", False):
            text = self.printable(self.task_config(workdir=str(self.code_root)))
            (self.job_dir / "task.yaml").write_text(text)
            try:
                verdict = "no ceiling needed" if self.free(plan) else (plan.check() or "within provider.max_cost")
            except PlanRefused as err:
                verdict = f"would be refused: {err}"
            self.out(f"skypilot task {self.name} (as SkyPilot parses it):\n{text}"
                     f"skypilot: plan_only=true, nothing launched; {verdict}")
            return plan
        self.check(plan)
        if self.managed and not _get(self.p, "bucket"):
            raise PlanRefused("provider.bucket is not set: a managed (spot) job keeps its run dir and checkpoints "
                              "in a bucket, so a recovered job resumes (e.g. provider.bucket=s3://my-bucket/lw)")
        self.reap_strays()
        with tempfile.TemporaryDirectory(prefix="loopwright-sky-") as workdir:
            n = stage_workdir(self.code_root, Path(workdir))
            self.out(f"skypilot: {n} files of the working tree go to the cluster as its workdir")
            task = self.client.task(self.task_config(workdir))
            with stops_interrupt():  # SIGTERM / SIGHUP: the same teardown as Ctrl-C
                return self._launch(plan, task)

    def reap_strays(self) -> None:
        from loopwright.cloud.reaper import reap

        try:
            reaped = reap(self.client, self.ledger_path, out=lambda line: None)
        except Exception as err:  # noqa: BLE001  the check must not stop a launch; say it did not run
            self.out(f"skypilot: WARNING: could not check for stray clusters ({err}); run "
                     f"`python -m loopwright.reap --provider skypilot`")
            return
        for v in reaped:
            self.out(f"skypilot: WARNING: reaped stray cluster {v.line}")

    def _launch(self, plan: Plan, task: Any) -> Optional[float]:
        t0, ref, outcome, rc = time.monotonic(), None, "launch_failed", -1
        append_cost(self.ledger_path, opening_record(
            provider="skypilot", name=self.name, job_dir=str(self.job_dir), max_hours=billed_hours(self.p),
            ready_timeout_s=0.0))
        try:
            self.out(f"skypilot: launching {'managed job' if self.managed else 'cluster'} {self.name}")
            if self.managed:
                ref = f"job:{self.client.jobs_launch(task, self.name)}"
            else:
                job_id = self.client.launch(task, self.name, int(_get(self.p, "idle_minutes", 5)))
                ref = f"cluster:{self.name}:{job_id}"
            append_cost(self.ledger_path, opened_record(provider="skypilot", name=self.name, pod_id=ref,
                                                        usd_per_hr=plan.usd_per_hr))
            outcome = "failed"
            status = self.watch(ref, t0)
            outcome = "succeeded" if status == "SUCCEEDED" else f"failed ({status})"
        except KeyboardInterrupt as err:  # Ctrl-C, or SIGTERM / SIGHUP (Signalled)
            outcome = "interrupted"
            self.out(f"skypilot: {err or 'Ctrl-C'}: tearing down {self.name}")
            raise
        finally:
            with signals_deferred():  # held until SkyPilot confirms the cluster is gone; raised after
                if outcome != "interrupted":
                    self.bring_back()
                unconfirmed = None
                try:
                    if ref and ref.startswith("job:"):
                        self.client.jobs_cancel(int(ref.split(":")[1]))
                    else:  # also when the launch never answered: the name is ours alone
                        self.client.down(self.name)
                    self.out(f"skypilot: {self.name} is down")
                except Exception as err:  # noqa: BLE001  recorded in the ledger, re-raised below
                    unconfirmed, outcome = err, f"{outcome}+down_unconfirmed"
                rc = self.returncode()
                if rc == PREEMPTED_CODE:
                    outcome = "preempted"
                append_cost(self.ledger_path, cost_record(
                    provider="skypilot", gpu=plan.gpu_type, gpu_count=plan.gpu_count, pod_id=ref,
                    seconds=time.monotonic() - t0, usd_per_hr=plan.usd_per_hr, job_dir=str(self.job_dir),
                    status=outcome, name=self.name, nodes=int(_get(self.p, "num_nodes", 1))))
            if unconfirmed is not None:
                raise unconfirmed
        if outcome != "succeeded":
            raise RemoteJobFailed(f"skypilot job {self.name} {outcome} (exit {rc}); its log: "
                                  f"{self.job_dir / 'job.node0.log'}")
        return trained_accuracy(self.job_dir)

    def watch(self, ref: str, t0: float) -> str:
        """Poll the job until it ends; past the billed hours it is stopped (the finally downs it)."""
        end_by = t0 + billed_hours(self.p) * 3600
        while True:
            status = (self.client.jobs_status(int(ref.split(":")[1])) if ref.startswith("job:")
                      else self.client.job_status(self.name, _job_id(ref)))
            done = _done(status, ref)
            if done:
                return str(status)
            if time.monotonic() > end_by:
                raise RemoteJobFailed(f"{self.name} ran past provider.max_hours={_get(self.p, 'max_hours')} "
                                      f"(+ setup and autodown)")
            self.sleep(float(_get(self.p, "poll_s", 15)))

    def bring_back(self) -> None:
        try:
            if self.managed:
                self.client.download_bucket(f"{str(_get(self.p, 'bucket')).rstrip('/')}/{self.name}", self.job_dir)
            else:
                self.client.download(self.name, f"{_task.CLUSTER_OUT}/{self.name}", self.job_dir)
        except Exception as err:  # noqa: BLE001  never hide the job's own outcome behind a download error
            self.out(f"skypilot: could not bring back the run dir of {self.name}: {err}")

    def returncode(self) -> int:
        from loopwright.runs.reader import read_json_object

        try:  # the node's status.json came back with the run dir (a regular file, read bounded)
            return int(read_json_object(self.job_dir / "status.json")["returncode"])
        except Exception:  # noqa: BLE001  missing, damaged, or not a number: the job's exit is unknown
            return -1


def _block(dumper: Any, text: str) -> Any:
    """Multi-line strings (setup, run) as YAML literal blocks: the printed task reads like a hand-written one."""
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|" if "\n" in text else None)


def _dumper() -> Any:
    import yaml

    class BlockDumper(yaml.SafeDumper):
        pass

    BlockDumper.add_representer(str, _block)
    return BlockDumper


def _job_id(ref: str) -> Optional[int]:
    tail = ref.rsplit(":", 1)[-1]
    return int(tail) if tail.isdigit() else None


def _done(status: Optional[str], ref: str) -> bool:
    from loopwright.cloud.skypilot_api import JOB_DONE, MANAGED_DONE

    return status is not None and status in (MANAGED_DONE if ref.startswith("job:") else JOB_DONE)
