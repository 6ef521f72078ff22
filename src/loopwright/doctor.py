"""Pre-flight check: do the installed packages, the device and its memory fit this training config?

    python -m loopwright.doctor [overrides ...] [--json]

composes conf/train.yaml with the overrides exactly as train.py does, then prints
one line per check: OK / WARN / FAIL, the value found, the value expected, and for
a WARN or a FAIL the fix (a pip command, or the override to change). ``--json``
prints the same report as one JSON object.

The checks (:mod:`loopwright.preflight`): the version table of
:mod:`loopwright.preflight.versions` (torch, transformers, trl, vllm, peft, accelerate:
TRL's declared ranges read from its metadata, vLLM's pins when ``rollout.engine=vllm``);
the known-bad combinations (vLLM outside TRL's range, transformers outside vLLM's pins,
PyPI's CUDA torchvision / torchaudio / torchcodec beside vllm on a CPU-only machine, the
CUDA vllm build without CUDA, trl not 1.16.x); with ``provider=skypilot`` the SkyPilot release its
launcher is written for (skypilot==0.14.1, else FAIL with the pip command); the device (CUDA, GPU name, compute
capability, bf16 support: capability >= 8.0, on the CPU the avx512_bf16 or amx_bf16 flag);
and the memory estimate of :mod:`loopwright.preflight.footprint` against free memory (FAIL
above it, WARN above 90%). With ``rollout.engine=hf`` (the default) the vLLM checks are
skipped ("not needed for rollout=hf") and vllm is never imported; with ``vllm`` the command
also imports it once in a subprocess. torch is imported only to ask about CUDA (not for
``--help``, nor with ``profile.device=cpu``).

Exit codes: 0 nothing FAILs (WARNs allowed); 9 something FAILs; 2 the overrides do
not compose (or a bad command line). 9 because every lower code already means something
in loopwright: train.py's 1-4 and 6-8 (src/loopwright/train/exits.py: 7 is preempted,
8 a failed token check), the gate's 5 (DON'T SHIP); a script can tell a doctor FAIL
from any of them.

argparse, not Hydra: the overrides are train.py's, composed against conf/train.yaml
inside the command (:func:`compose`), so that a config that does not compose is a
report (exit 2), not Hydra's traceback; the command has no config of its own.

Library: :mod:`loopwright.preflight.checks` (``problems(cfg)``, ``collect(cfg, ...)``).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from importlib import resources
from typing import Any

from loopwright.preflight.checks import Check, collect, message
from loopwright.preflight.device import probe_vllm_import
from loopwright.preflight.footprint import select

EXIT_FAIL = 9
CONF_DIR = str(resources.files("loopwright") / "conf")


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
                                     epilog="exit 0: nothing FAILs; 9: something FAILs; 2: the overrides do not "
                                            "compose. The memory estimate's formula: "
                                            "src/loopwright/preflight/footprint.py.")
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
