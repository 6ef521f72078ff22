"""scripts/gpu_carry.py's list, offline: every distribution loopwright needs at run time is either on the lent
machine (its listed packages and what they require) or carried, and nothing carried is already there.
(The build and its clean-venv check need the package index: their figures are in docs/BENCHMARKS.md.)"""

from __future__ import annotations

import importlib.metadata as md
import re
import subprocess

from packaging.requirements import Requirement

from helpers import ROOT, load_script

carry = load_script(ROOT / "scripts" / "gpu_carry.py")
DEVICE = ("torch", "transformers", "accelerate", "peft", "safetensors", "pandas", "pyarrow")


def _name(spec: str) -> str:
    return re.split(r"[<>=!~ \[;]", spec, maxsplit=1)[0].lower().replace("_", "-")


def _needs(dist: str) -> list[str]:
    """The run-time requirements of ``dist`` as installed here (extras and other platforms' markers left out)."""
    out = []
    for line in md.requires(dist) or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate({"extra": "", "python_version": "3.12"}):
            out.append(_name(req.name))
    return out


def _closure(roots, stop=frozenset()) -> set[str]:
    seen, todo = set(), [_name(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen or name in stop:
            continue
        seen.add(name)
        todo += _needs(name)
    return seen


def test_the_carry_is_exactly_what_the_device_lacks():
    on_device = _closure(DEVICE)
    needed = _closure(["loopwright"], stop=frozenset(on_device))
    carried = {_name(s) for s in carry.CARRY + carry.SDIST_ONLY} | {"loopwright"}
    assert needed - carried == set(), f"needed, neither on the device nor carried: {sorted(needed - carried)}"
    pinned = {"fsspec"}  # there with torch, carried for datasets' upper bound (see the script)
    assert carried & on_device == pinned, f"carried, already on the device: {sorted(carried & on_device - pinned)}"
    assert carried - needed - pinned == set(), f"carried for nothing: {sorted(carried - needed - pinned)}"


def test_the_folder_is_ignored_and_its_command_is_what_gpu_sh_reads():
    ignored = subprocess.run(["git", "check-ignore", "-q", ".gpu/wheels/x.whl"], cwd=ROOT)
    assert ignored.returncode == 0
    assert "GPU_BENCH_WHEELS" in (ROOT / "bench" / "gpu.sh").read_text() and "GPU_BENCH_WHEELS=" in carry.COMMAND
    assert "LOOPWRIGHT_CACHE" in (ROOT / "src" / "loopwright" / "models" / "assets.py").read_text()
    assert carry.LIMIT == 64 * 2**20
