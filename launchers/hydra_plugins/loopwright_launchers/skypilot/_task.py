"""One job as a SkyPilot task (the dict a task YAML holds; SkyPilot parses it: ``sky.Task.from_yaml_config``).

* ``resources``: ``accelerators`` = gpu_type:gpu_count per node, ``use_spot``, cpus / memory / disk, ``image_id``;
  ``provider.infra`` is the task's ``infra`` (one) or ``any_of`` (several: SkyPilot picks the cheapest that
  has capacity, clouds and Kubernetes contexts alike);
* ``workdir``: the working tree as git lists it (the RunPod bundle's files), synced to every node;
* ``setup``: ``provider.setup_cmd`` (the README's install) under ``timeout``;
* ``run``: ``train.py`` with the job's overrides, each shell-quoted (an override is data, never shell), under
  ``timeout max_hours``, into a run dir that comes back; on more than one node every node runs its share under
  ``torchrun``, the rendezvous taken from SkyPilot's environment (SKYPILOT_NODE_IPS' first line is rank 0);
* a managed job (spot): the run dir is on ``provider.bucket`` (mounted at /outputs, MOUNT_CACHED), and train.py
  runs with ``resume=auto``: after a preemption SkyPilot starts the task again elsewhere and the run continues
  from its newest checkpoint (set ``checkpoint.every``); only preemptions are recovered
  (``max_restarts_on_errors: 0``), so a failing job is not paid for twice.
"""

from __future__ import annotations

import shlex
from typing import Any, Optional

from hydra_plugins.loopwright_launchers.remote._common import cfg_get as _get

MANAGED_OUT = "/outputs"  # where a managed job's bucket is mounted
CLUSTER_OUT = "loopwright-out"  # under the node's home: the run dirs a cluster job writes (rsynced back)
MASTER_PORT = 29500
KUBERNETES = ("k8s", "kubernetes")


def is_managed(p: Any) -> bool:
    managed = _get(p, "managed")
    return bool(_get(p, "use_spot", False)) if managed is None else bool(managed)


def infra_list(p: Any) -> list[str]:
    return [str(i) for i in (_get(p, "infra", []) or [])]


def kubernetes_only(p: Any) -> bool:
    infra = infra_list(p)
    return bool(infra) and all(i.split("/", 1)[0].lower() in KUBERNETES for i in infra)


def run_dir(p: Any, name: str) -> str:
    """The job's run dir on the node, as the shell sees it."""
    # LOOPWRIGHT_OUTPUTS is unset on SkyPilot's nodes (the bucket is mounted at /outputs); the local stand-in of
    # SkyPilot in the tests sets it, as it cannot mount anything at /outputs.
    return (f"${{LOOPWRIGHT_OUTPUTS:-{MANAGED_OUT}}}/{name}" if is_managed(p) else f"$HOME/{CLUSTER_OUT}/{name}")


def resources(p: Any) -> dict[str, Any]:
    res: dict[str, Any] = {"use_spot": bool(_get(p, "use_spot", False))}
    gpu = _get(p, "gpu_type")
    if gpu:
        res["accelerators"] = f"{gpu}:{int(_get(p, 'gpu_count', 1))}"
    for key in ("cpus", "memory", "disk_size"):
        if _get(p, key) is not None:
            res[key] = _get(p, key)
    if _get(p, "image"):
        res["image_id"] = str(_get(p, "image"))
    infra = infra_list(p)
    if len(infra) == 1:
        res["infra"] = infra[0]
    elif infra:
        res["any_of"] = [{"infra": i} for i in infra]
    if is_managed(p):
        res["job_recovery"] = {"max_restarts_on_errors": 0}  # preemptions only: a failing job is not re-run
    return res


def run_script(p: Any, name: str, overrides: list[str]) -> str:
    """What every node runs (bash, in the synced working tree)."""
    out = run_dir(p, name)
    args = " ".join(shlex.quote(o) for o in [*overrides, "provider=local"])
    extra = " resume=auto" if is_managed(p) else ""  # a recovered managed job continues from its checkpoint
    max_s = max(1, int(float(_get(p, "max_hours")) * 3600))
    return "\n".join([
        "set -u",
        "if [ -f .venv/bin/activate ]; then . .venv/bin/activate; fi",
        "export LOOPWRIGHT_IN_LAUNCHER=1  # the node trains; it never dispatches again",
        f'OUT="{out}"',
        'RANK="${SKYPILOT_NODE_RANK:-0}"',
        'mkdir -p "$OUT"',
        'if [ "${SKYPILOT_NUM_NODES:-1}" -gt 1 ]; then',
        '  MASTER="$(echo "$SKYPILOT_NODE_IPS" | head -n1)"',
        '  GPUS="${SKYPILOT_NUM_GPUS_PER_NODE:-1}"; [ "$GPUS" -ge 1 ] 2>/dev/null || GPUS=1',
        '  CMD="python -m torch.distributed.run --nnodes=$SKYPILOT_NUM_NODES --node_rank=$RANK '
        f'--nproc_per_node=$GPUS --master_addr=$MASTER --master_port={MASTER_PORT} '
        '--log_dir=$OUT/ranks/node$RANK --tee=3 -m loopwright.train"',
        "else",
        '  CMD="python train.py"',
        "fi",
        f'timeout --kill-after=60 {max_s} $CMD {args} "hydra.run.dir=$OUT"{extra} > "$OUT/job.node$RANK.log" 2>&1',
        "rc=$?",
        'if [ "$RANK" = 0 ]; then printf \'{"returncode": %d}\\n\' "$rc" > "$OUT/status.json"; fi',
        "exit $rc",
    ]) + "\n"


def setup_script(p: Any) -> Optional[str]:
    setup = _get(p, "setup_cmd")
    if not setup:
        return None
    seconds = max(1, int(float(_get(p, "setup_timeout_min", 30)) * 60))
    return f"timeout --kill-after=30 {seconds} bash -c {shlex.quote(str(setup))}\n"


def task_config(p: Any, *, name: str, workdir: str, overrides: list[str]) -> dict[str, Any]:
    """The task YAML (as a dict) of one job."""
    config: dict[str, Any] = {
        "name": name,
        "workdir": workdir,
        "num_nodes": int(_get(p, "num_nodes", 1)),
        "resources": resources(p),
        "envs": {str(k): str(v) for k, v in (_get(p, "env", {}) or {}).items()},
        "run": run_script(p, name, overrides),
    }
    setup = setup_script(p)
    if setup:
        config["setup"] = setup
    if is_managed(p):
        config["file_mounts"] = {MANAGED_OUT: {"source": str(_get(p, "bucket")), "mode": "MOUNT_CACHED"}}
    return config
