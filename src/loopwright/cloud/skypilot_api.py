"""The one boundary to SkyPilot (``skypilot``, imported as ``sky``): launch, watch, down, price, list.

Everything loopwright asks SkyPilot goes through :class:`SkyClient`, built on the module :func:`sdk`
returns; tests put a stand-in of that module there (``SDK``), speaking the SDK's own calling
convention (a request id from each call, its result from ``sky.get`` / ``sky.stream_and_get``), and
keep SkyPilot's real ``Task`` / ``Resources`` for the task parsing. Plugin-free (the reaper uses it too),
and ``sky`` is imported on first use only: its import takes about a second and ``train.py --help``
never pays it.

Prices come from SkyPilot's own catalog (``sky.catalog.list_accelerators``, the CSVs SkyPilot keeps
under ``~/.sky/catalogs``): no credentials needed; SkyPilot fetches a missing catalog once, and its AWS catalog
asks AWS for the account's zone names once where AWS credentials are configured (a read-only call, cached).
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any, Callable, Optional

PREFIX = "loopwright-"  # every cluster / managed job loopwright launches is named so (the reaper's filter)
REQUIRED = "0.14.1"  # the SkyPilot release the launcher is written and tested against (pyproject's extra)
INSTALL = f"pip install 'skypilot=={REQUIRED}'"
SDK: Optional[Any] = None  # tests: a stand-in of the ``sky`` module; None: the real one
# terminal states of a cluster job (sky.JobStatus) and a managed job (sky.jobs.ManagedJobStatus), by name
JOB_DONE = {"SUCCEEDED", "FAILED", "FAILED_SETUP", "FAILED_DRIVER", "CANCELLED"}
MANAGED_DONE = {"SUCCEEDED", "FAILED", "FAILED_SETUP", "FAILED_PRECHECKS", "FAILED_NO_RESOURCE",
                "FAILED_CONTROLLER", "CANCELLED"}


class SkyMissing(RuntimeError):
    """skypilot is not installed (or not the version this launcher was written for)."""


def sdk() -> Any:
    if SDK is not None:
        return SDK
    import os

    # SkyPilot's usage messages go to its own servers; a loopwright launch sends none unless the user asks
    # (SKYPILOT_DISABLE_USAGE_COLLECTION=0): a plan_only run contacts nothing.
    os.environ.setdefault("SKYPILOT_DISABLE_USAGE_COLLECTION", "1")
    import logging

    # SkyPilot's database migrations log at INFO while it imports: set before the import, or a plan's output
    # opens with a dozen "setup plugin alembic..." lines
    logging.getLogger("alembic").setLevel(logging.WARNING)
    try:
        import sky
    except ImportError as err:
        raise SkyMissing(f"provider=skypilot needs SkyPilot: {INSTALL} (or pip install -e '.[skypilot]'); "
                         f"then `sky check` finds your clouds ({err})") from None
    return sky


def _name(value: Any) -> str:
    """An enum member's name (``JobStatus.SUCCEEDED`` -> ``SUCCEEDED``), or the string itself."""
    return str(getattr(value, "name", None) or getattr(value, "value", None) or value).upper()


def _field(record: Any, key: str) -> Any:
    return record.get(key) if isinstance(record, dict) else getattr(record, key, None)


class SkyClient:
    provider = "skypilot"  # the reaper writes it into the ledger's closing line

    def __init__(self, sky: Any = None, out: Callable[[str], None] = print):
        self.sky = sky or sdk()
        self.out = out
        self.pending: Optional[Any] = None  # the request in flight (a launch): cancelled on an interrupt

    # ------------------------------------------------------------------ tasks
    def task(self, config: dict) -> Any:
        """SkyPilot's own parse of a task YAML dict (schema-checked by SkyPilot: a bad key raises here)."""
        return self.sky.Task.from_yaml_config(config)

    def task_yaml(self, config: dict) -> dict:
        """The task as SkyPilot writes it back: what a `sky launch task.yaml` of the printed YAML would run."""
        return self.task(config).to_yaml_config()

    # ------------------------------------------------------------------ requests
    def _wait(self, request_id: Any, stream: bool = False) -> Any:
        self.pending = request_id
        try:
            return (self.sky.stream_and_get if stream else self.sky.get)(request_id)
        except KeyboardInterrupt:
            try:  # the API server would go on provisioning: ask it to stop that request
                self.sky.api_cancel(request_id)
            except Exception:  # noqa: BLE001  the caller downs the cluster by name anyway
                pass
            raise
        finally:
            self.pending = None

    def launch(self, task: Any, name: str, idle_minutes: int) -> Optional[int]:
        """A cluster named ``name`` running ``task``; autodown after ``idle_minutes`` idle. The job id."""
        job_id, _handle = self._wait(self.sky.launch(task, cluster_name=name, idle_minutes_to_autostop=idle_minutes,
                                                     down=True), stream=True)
        return job_id

    def job_status(self, name: str, job_id: Optional[int]) -> Optional[str]:
        statuses = self._wait(self.sky.job_status(name, [job_id] if job_id is not None else None))
        value = (statuses or {}).get(job_id) if job_id is not None else next(iter((statuses or {}).values()), None)
        return None if value is None else _name(value)

    def down(self, name: str) -> None:
        """Tear ``name`` down, confirmed by SkyPilot; a cluster that does not exist is already down."""
        try:
            self._wait(self.sky.down(name))
        except Exception as err:  # noqa: BLE001  sky.exceptions.ClusterDoesNotExist: nothing to do
            if type(err).__name__ != "ClusterDoesNotExist":
                raise

    def clusters(self) -> list[dict[str, Any]]:
        """This user's clusters named loopwright-*: name, status."""
        rows = self._wait(self.sky.status(all_users=False)) or []
        return [{"name": _field(r, "name"), "status": _name(_field(r, "status"))} for r in rows
                if str(_field(r, "name") or "").startswith(PREFIX)]

    # ------------------------------------------------------------------ managed jobs (spot recovery)
    def jobs_launch(self, task: Any, name: str) -> int:
        job_ids, _handle = self._wait(self.sky.jobs.launch(task, name=name), stream=True)
        return int((job_ids or [None])[0])

    def jobs_status(self, job_id: int) -> Optional[str]:
        rows = self._managed(job_ids=[job_id])
        return rows[0]["status"] if rows else None

    def _managed(self, job_ids: Optional[list[int]] = None) -> list[dict[str, Any]]:
        got = self._wait(self.sky.jobs.queue(refresh=False, skip_finished=False, job_ids=job_ids, version=2))
        rows = got[0] if isinstance(got, tuple) else got  # version 2 answers (records, total, counts, ...)
        return [{"job_id": _field(r, "job_id"), "name": _field(r, "job_name"), "status": _name(_field(r, "status"))}
                for r in rows or []]

    def jobs_cancel(self, job_id: int) -> None:
        self._wait(self.sky.jobs.cancel(job_ids=[job_id]))

    # ------------------------------------------------------------------ outputs
    def download(self, name: str, remote_dir: str, local_dir: Path) -> None:
        """The cluster's ``remote_dir`` (relative to its home) into ``local_dir``, as a tar stream over the ssh host
        entry SkyPilot writes for every cluster (``ssh <cluster>`` reaches VMs and Kubernetes pods alike). The
        stream is the cluster's: unpacked with tarfile's ``data`` filter (no member outside ``local_dir``, no
        links out of it, no devices); ``.hydra`` stays behind (the local job dir has its own)."""
        import shlex
        import tarfile

        local_dir.mkdir(parents=True, exist_ok=True)
        remote = f"tar --exclude=./.hydra -C {shlex.quote(remote_dir)} -cf - ."
        with subprocess.Popen(["ssh", "-o", "BatchMode=yes", name, remote], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE) as proc:
            assert proc.stdout is not None
            with tarfile.open(fileobj=proc.stdout, mode="r|") as tar:
                tar.extractall(local_dir, filter="data")
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        if proc.returncode:
            raise RuntimeError(f"ssh {name} tar exited {proc.returncode}: {err.strip()[-500:]}")

    def download_bucket(self, url: str, local_dir: Path) -> None:
        """A bucket prefix into ``local_dir`` with the sync command SkyPilot's cloud stores give for it."""
        local_dir.mkdir(parents=True, exist_ok=True)
        store = self.sky.cloud_stores.get_storage_from_path(url)
        command = store.make_sync_dir_command(url, str(local_dir))
        subprocess.run(command, shell=True, check=True, capture_output=True, timeout=3600)  # SkyPilot's own command

    # ------------------------------------------------------------------ the reaper's client
    def list_pods(self) -> list[dict[str, Any]]:
        """Live loopwright clusters and managed jobs, shaped as the reaper reads RunPod's pods."""
        pods = [{"id": f"cluster:{c['name']}", "name": c["name"], "desiredStatus": c["status"]}
                for c in self.clusters()]
        try:
            managed = self._managed()
        except Exception as err:  # noqa: BLE001  no jobs controller yet: no managed job to reap
            if type(err).__name__ != "ClusterNotUpError":
                raise
            managed = []
        pods += [{"id": f"job:{j['job_id']}", "name": j["name"], "desiredStatus": j["status"]}
                 for j in managed if str(j["name"] or "").startswith(PREFIX) and j["status"] not in MANAGED_DONE]
        return pods

    def terminate_pod(self, pod_id: str) -> int:
        kind, _, ref = pod_id.partition(":")
        if kind == "job":
            self.jobs_cancel(int(ref))
        else:
            self.down(ref)
        return 1


# Clouds priced live (their "catalog" is the cluster itself) or user-provided machines: never asked for a price.
LIVE = {"kubernetes", "k8s", "ssh", "slurm"}


def cached_catalog_clouds(sky: Any) -> list[str]:
    """Clouds whose catalog SkyPilot already holds on disk (so asking it fetches nothing)."""
    from sky.catalog import common

    return [c for c in sorted(sky.catalog.constants.ALL_CLOUDS) if c not in LIVE
            and Path(common.get_catalog_path(f"{c}/vms.csv")).is_file()]


def catalog_rates(gpu: Optional[str], count: int, use_spot: bool, clouds: list[str],
                  sky: Any = None) -> tuple[Optional[float], Optional[float], str]:
    """:func:`_catalog_rates`, asked once per launcher process for the same question (a sweep's jobs share a
    resource request; the catalog does not change under a launch)."""
    key = (gpu, count, use_spot, tuple(clouds), id(sky or sdk()))
    if key not in _RATES:
        _RATES[key] = _catalog_rates(gpu, count, use_spot, clouds, sky)
    return _RATES[key]


_RATES: dict[tuple, tuple[Optional[float], Optional[float], str]] = {}


def _catalog_rates(gpu: Optional[str], count: int, use_spot: bool, clouds: list[str],
                   sky: Any = None) -> tuple[Optional[float], Optional[float], str]:
    """(cheapest, dearest) $/hr of one node with ``count`` x ``gpu`` on ``clouds`` and their regions, from
    SkyPilot's catalog; (None, None, why) when it cannot tell. No clouds named: the catalogs SkyPilot has cached
    (a plan fetches nothing it was not asked to); a named cloud's missing catalog SkyPilot fetches once."""
    sky = sky or sdk()
    if not gpu:
        return None, None, "a CPU-only node: give provider.usd_per_hr (SkyPilot prices GPUs here)"
    asked = [c for c in clouds if c.lower() not in LIVE] if clouds else cached_catalog_clouds(sky)
    if not asked:
        return None, None, ("no SkyPilot catalog cached (`sky show-gpus` fetches them) and no provider.infra "
                            "named; or give provider.usd_per_hr")
    rates, failed = [], []
    for cloud in asked:
        try:
            found = sky.catalog.list_accelerators(gpus_only=True, name_filter=f"^{gpu}$", quantity_filter=count,
                                                  clouds=cloud, case_sensitive=False, all_regions=True)
        except Exception as err:  # noqa: BLE001  one cloud's catalog unreadable (offline): said, the rest count
            failed.append(f"{cloud}: {type(err).__name__}")
            continue
        rates += [float(r) for infos in found.values() for i in infos
                  if (r := (i.spot_price if use_spot else i.price)) is not None and r == r and r > 0]
    where = ", ".join(asked) + (f" (unreadable: {'; '.join(failed)})" if failed else "")
    if not rates:
        kind = "spot price" if use_spot else "price"
        return None, None, f"SkyPilot's catalog has no {kind} for {count} x {gpu} on {where}"
    return min(rates), max(rates), f"SkyPilot's catalog, {len(rates)} offers on {where}"
