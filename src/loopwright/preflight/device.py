"""The probes of the pre-flight check: the device training will use, and whether vllm imports.

Each is replaceable in :func:`loopwright.preflight.checks.collect` (tests pass fake
devices). torch is imported only to ask about CUDA, never for ``profile.device=cpu``.
"""

from __future__ import annotations

import os
import subprocess
import sys


def _proc(path: str) -> str:
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def cpu_flags(info: str | None = None) -> set[str]:
    """The CPU's feature flags (``/proc/cpuinfo``'s first ``flags`` line); empty where there is none."""
    info = _proc("/proc/cpuinfo") if info is None else info
    return next((set(ln.split(":", 1)[1].split()) for ln in info.splitlines() if ln.startswith("flags")), set())


def cpu_facts() -> dict:
    info, mem = _proc("/proc/cpuinfo"), _proc("/proc/meminfo")
    name = next((ln.split(":", 1)[1].strip() for ln in info.splitlines() if ln.startswith("model name")), "cpu")
    flags = cpu_flags(info)
    kib = {ln.split(":")[0]: int(ln.split()[1]) for ln in mem.splitlines()
           if len(ln.split()) > 1 and ln.split()[1].isdigit()}
    bf16 = sorted(flags & {"avx512_bf16", "amx_bf16"})
    return {"kind": "cpu", "cuda": None, "name": f"{name}, {os.cpu_count()} cores", "capability": None,
            "bf16": bool(bf16), "bf16_why": ", ".join(bf16) or "no avx512_bf16 / amx_bf16 in /proc/cpuinfo",
            "free": kib.get("MemAvailable", 0) * 1024 or None, "total": kib.get("MemTotal", 0) * 1024 or None}


def probe_device(want: str = "auto") -> dict:
    """The device training will use: ``profile.device`` (auto: CUDA when available)."""
    if want == "cpu":
        return cpu_facts()
    import torch  # only here: CUDA's availability needs it

    if not torch.cuda.is_available():
        return {**cpu_facts(), "cuda": False}
    major, minor = torch.cuda.get_device_capability(0)
    free, total = torch.cuda.mem_get_info(0)
    return {"kind": "cuda", "cuda": True, "name": torch.cuda.get_device_name(0), "capability": f"{major}.{minor}",
            "bf16": major >= 8, "bf16_why": f"compute capability {major}.{minor} {'>=' if major >= 8 else '<'} 8.0",
            "free": free, "total": total}


def probe_vllm_import() -> str | None:
    """Import vllm in a child interpreter (slow, and a broken install may crash it): None, or the error's last line."""
    try:
        r = subprocess.run([sys.executable, "-c", "import vllm"], capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return "import vllm did not finish in 600 s"
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    return None if r.returncode == 0 else (lines[-1] if lines else f"exit code {r.returncode}")

