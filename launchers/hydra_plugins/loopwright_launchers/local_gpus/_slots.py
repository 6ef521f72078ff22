"""Slot planning for the local_gpus launcher: which GPUs, threads and env each job gets.

Torch-free on purpose (Hydra imports plugin modules at start-up): GPUs are found
with ``nvidia-smi``, not ``torch.cuda``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence


class SlotConfigError(ValueError):
    """A local_gpus setting that cannot be satisfied; the message names the key."""


@dataclass(frozen=True)
class Slot:
    index: int
    gpus: tuple  # GPU ids pinned to this slot; () on a CPU pool
    threads: int  # OMP/MKL (and so torch intra-op) threads for the job
    processes: int  # >1: the job runs under `accelerate launch`

    def env(self, total_slots: int) -> Dict[str, str]:
        # Under `accelerate launch` the slot's threads are shared by its processes.
        per_process = str(max(1, self.threads // self.processes))
        return {
            "LOOPWRIGHT_SLOT": str(self.index),
            "LOOPWRIGHT_SLOTS": str(total_slots),
            "OMP_NUM_THREADS": per_process,
            "MKL_NUM_THREADS": per_process,
            # A CPU slot hides every GPU, so a CPU pool never grabs one by accident.
            "CUDA_VISIBLE_DEVICES": ",".join(str(g) for g in self.gpus),
            **(loopback_gloo() if self.processes > 1 else {}),
        }


def loopback_gloo() -> Dict[str, str]:
    """A one-host job's ranks talk over loopback. Without GLOO_SOCKET_IFNAME, gloo binds to the address the
    host name resolves to, which in containers and sandboxes can be one the ranks cannot reach each other
    on: init then waits for its 30-minute timeout instead of failing. A value the user set is kept."""
    if os.environ.get("GLOO_SOCKET_IFNAME"):
        return {}
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        return {}
    loopback = next((n for n in names if n.startswith("lo")), None)  # lo on Linux, lo0 on macOS
    return {"GLOO_SOCKET_IFNAME": loopback} if loopback else {}


def detect_gpus() -> List[int]:
    """GPU indices from ``nvidia-smi`` (empty when there is none or it fails)."""
    exe = shutil.which("nvidia-smi")
    if exe is None:
        return []
    try:
        out = subprocess.run([exe, "--query-gpu=index", "--format=csv,noheader"], capture_output=True,
                             text=True, timeout=30, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [int(line) for line in out.split() if line.strip().isdigit()]


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def plan_slots(gpus: Optional[Sequence[int]], gpus_per_job: int, slots: Optional[int],
               threads_per_job: Optional[int], processes_per_job: Optional[int],
               detected: Optional[List[int]] = None, cores: Optional[int] = None) -> List[Slot]:
    """The pool: one Slot per concurrently running job.

    gpus: GPU ids (null: detect with nvidia-smi; []: CPU only). With GPUs, slot i owns
    gpus[i*gpus_per_job:(i+1)*gpus_per_job]; ``slots`` may cap that number. Without GPUs,
    ``slots`` (default 1) CPU slots. Threads per job default to cores // slots.
    """
    if gpus_per_job < 1:
        raise SlotConfigError(f"gpus_per_job must be >= 1, got {gpus_per_job}")
    if slots is not None and slots < 1:
        raise SlotConfigError(f"slots must be >= 1, got {slots}")
    pool = list(gpus) if gpus is not None else (detected if detected is not None else detect_gpus())
    if len(set(pool)) != len(pool):
        raise SlotConfigError(f"gpus lists a GPU twice: {pool}")
    cores = cores or usable_cores()
    if pool:
        groups = [tuple(pool[i:i + gpus_per_job]) for i in range(0, len(pool) - gpus_per_job + 1, gpus_per_job)]
        if not groups:
            raise SlotConfigError(f"gpus_per_job={gpus_per_job} but the pool has only {len(pool)} GPU(s): {pool}")
        if slots is not None:
            if slots > len(groups):
                raise SlotConfigError(f"slots={slots} but {len(pool)} GPU(s) {pool} at gpus_per_job={gpus_per_job} "
                                      f"make only {len(groups)} slot(s)")
            groups = groups[:slots]
        default_processes = gpus_per_job
    else:
        groups = [()] * (slots or 1)
        default_processes = 1
    n = len(groups)
    threads = threads_per_job or max(1, cores // n)
    processes = processes_per_job or default_processes
    if processes < 1:
        raise SlotConfigError(f"processes_per_job must be >= 1, got {processes}")
    return [Slot(index=i, gpus=g, threads=threads, processes=processes) for i, g in enumerate(groups)]
