"""Connecting to a Ray cluster, or starting a small local one (and stopping it) when none is named.

``address``: ``auto`` (the cluster this machine belongs to: ``ray start`` / KubeRay /
Ray-on-SLURM), ``ray://host:10001`` (Ray Client, from outside the cluster) or a GCS
``host:port``; RAY_ADDRESS in the environment counts as one.
None: a local cluster sized by ``cluster_cpus`` / ``cluster_gpus``
without the dashboard or usage stats, stopped when the launcher closes it (and by
Ray's own exit hook otherwise). A process that already called ``ray.init()`` keeps
its connection: the launcher uses it and does not stop it.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass
from typing import Any, Dict, Optional

log = logging.getLogger(__name__)


@dataclass
class Connection:
    owned: bool  # this launcher started the cluster (so it stops it)
    address: str
    session_dir: Optional[str]
    start_s: float


def connect(address: Optional[str], cluster_cpus: Optional[int], cluster_gpus: Optional[int],
            runtime_env: Optional[Dict[str, Any]]) -> Connection:
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # before ray is imported: no usage report
    import ray

    started = time.monotonic()
    if ray.is_initialized():
        return Connection(False, _address(ray), _session_dir(ray), 0.0)
    kwargs: Dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": logging.WARNING,
                              "configure_logging": False}
    if runtime_env:
        kwargs["runtime_env"] = dict(runtime_env)
    address = address or os.environ.get("RAY_ADDRESS")  # Ray's own convention for "this cluster"
    if address:
        ray.init(address=address, **kwargs)
        owned = False
    else:
        cpus = cluster_cpus or len(os.sched_getaffinity(0))
        ray.init(num_cpus=cpus, num_gpus=cluster_gpus, **kwargs)
        owned = True
    conn = Connection(owned, _address(ray), _session_dir(ray), time.monotonic() - started)
    log.info(f"ray: {'started a local cluster' if owned else 'connected to ' + address} in {conn.start_s:.1f} s "
             f"({conn.address}, session {conn.session_dir}); resources {ray.cluster_resources()}")
    return conn


def disconnect(conn: Optional[Connection]) -> None:
    if conn is None or not conn.owned:
        return
    import ray

    if ray.is_initialized():
        ray.shutdown()  # a cluster ray.init() started goes with it: GCS, raylet, workers


def total(resource: str) -> float:
    import ray

    return float(ray.cluster_resources().get(resource, 0.0))


def _address(ray: Any) -> str:
    try:
        return str(ray.get_runtime_context().gcs_address)
    except Exception:  # Ray Client connections have no GCS address of their own
        return "ray-client"


def _session_dir(ray: Any) -> Optional[str]:
    node = getattr(ray._private.worker, "_global_node", None)
    return node.get_session_dir_path() if node is not None else None
