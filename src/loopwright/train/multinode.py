"""``provider.nodes=N`` (N > 1): the job on each node becomes one ``torchrun`` node of an N-node job.

The scheduler starts the job once per node (SLURM: ``#SBATCH --nodes=N``, one task
per node; submitit runs the Hydra job in each). Here, before anything is trained, that
per-node process re-runs the same job under ``torchrun`` with the rendezvous taken
from the scheduler's environment:

    --nnodes      SLURM_NNODES (or provider.nodes)
    --node_rank   SLURM_NODEID (or NODE_RANK)
    --master_addr MASTER_ADDR, else the first host of SLURM_JOB_NODELIST / SLURM_NODELIST
    --master_port MASTER_PORT, else 29500 + SLURM_JOB_ID % 1000 (the same on every node)
    --nproc_per_node  provider.gpus_per_node, at least 1 (a CPU node: one gloo rank)

Each rank runs ``python -m loopwright.train`` (train.py's app) as a plain run into the same job dir (a cluster's shared
filesystem), with ``LOOPWRIGHT_IN_LAUNCHER=1`` so it trains instead of dispatching;
rank 0 alone writes the manifest, the metrics and the evaluation (``ranks.py``).
torchrun writes each rank's output to ``ranks/node<R>/`` in the job dir and tees it to
the console prefixed with the rank. Stdlib only: imported before torch.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Mapping

UNDER_TORCHRUN = ("TORCHELASTIC_RUN_ID", "LOCAL_RANK")  # set by torchrun / accelerate launch for every rank


def wanted(cfg: Any, env: Mapping[str, str] = os.environ) -> bool:
    """A multi-node job whose per-node process has not been wrapped in torchrun yet."""
    nodes = int(cfg.provider.get("nodes", 1) or 1) if "provider" in cfg else 1
    return nodes > 1 and not any(k in env for k in UNDER_TORCHRUN)


def first_host(nodelist: str) -> str:
    """The first host of a SLURM node list: ``gpu[03-05,07],cpu1`` -> ``gpu03``
    (what ``scontrol show hostnames`` gives first)."""
    head = re.match(r"([^,\[]+)(\[([^\]]+)\])?", nodelist.strip())
    if head is None:
        raise ValueError(f"cannot read a host from the SLURM node list {nodelist!r}")
    prefix, _, ranges = head.groups()
    if not ranges:
        return prefix
    return prefix + ranges.split(",")[0].split("-")[0]


def rendezvous(nodes: int, env: Mapping[str, str] = os.environ) -> dict[str, str]:
    """torchrun's --nnodes/--node_rank/--master_addr/--master_port from the scheduler's environment."""
    nodelist = env.get("SLURM_JOB_NODELIST") or env.get("SLURM_NODELIST")
    addr = env.get("MASTER_ADDR") or (first_host(nodelist) if nodelist else None)
    node_rank = env.get("SLURM_NODEID") or env.get("NODE_RANK")
    if addr is None or node_rank is None:
        raise RuntimeError(f"provider.nodes={nodes}: no rendezvous in the environment (need SLURM_JOB_NODELIST "
                           "and SLURM_NODEID, as sbatch sets them, or MASTER_ADDR and NODE_RANK)")
    port = env.get("MASTER_PORT") or str(29500 + int(env.get("SLURM_JOB_ID", "0")) % 1000)
    return {"nnodes": env.get("SLURM_NNODES") or str(nodes), "node_rank": node_rank, "master_addr": addr,
            "master_port": port}


def torchrun_command(argv: list[str], run_dir: Path, rdzv: Mapping[str, str], nproc_per_node: int) -> list[str]:
    node_logs = run_dir / "ranks" / f"node{rdzv['node_rank']}"
    return [sys.executable, "-m", "torch.distributed.run", f"--nnodes={rdzv['nnodes']}",
            f"--node_rank={rdzv['node_rank']}", f"--nproc_per_node={nproc_per_node}",
            f"--master_addr={rdzv['master_addr']}", f"--master_port={rdzv['master_port']}",
            f"--log_dir={node_logs}", "--tee=3", *argv]


def job_argv(cfg: Any, run_dir: Path) -> list[str]:
    """The same job as a plain run into ``run_dir`` (its overrides, minus Hydra's own); torchrun's script args."""
    from hydra.core.hydra_config import HydraConfig

    overrides = [o for o in HydraConfig.get().overrides.task if not o.lstrip("+~").startswith("hydra.")]
    return ["--module", "loopwright.train", *overrides, f"hydra.run.dir={run_dir}"]


def run(cfg: Any, run_dir: Path) -> int:
    """Run this node's share of the job under torchrun; its exit code."""
    nodes = int(cfg.provider.nodes)
    rdzv = rendezvous(nodes)
    nproc = max(1, int(cfg.provider.get("gpus_per_node") or 0))
    cmd = torchrun_command(job_argv(cfg, run_dir), run_dir, rdzv, nproc)
    print(f"[loopwright] node {rdzv['node_rank']} of {rdzv['nnodes']}: {nproc} rank(s), rendezvous "
          f"{rdzv['master_addr']}:{rdzv['master_port']}", flush=True)
    env = {**os.environ, "LOOPWRIGHT_IN_LAUNCHER": "1"}
    return subprocess.run(cmd, env=env).returncode
