"""The heavy-import probe, once: run a module, a script or a code string in a fresh interpreter, then say
which heavy modules it loaded (start-up paths such as --help, --cfg job and validation must load none).

    probe = heavy_imports(module="loopwright.doctor", args=["--help"])
    assert probe.exit_code == 0 and probe.heavy == []
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HEAVY = ("torch", "transformers", "trl", "peft", "accelerate", "datasets")
MARK = "HEAVY_IMPORTS="

# argv: kind (module | path | code), target, the watched names (comma-joined), then the target's own argv
PROBE = f"""
import runpy, sys
kind, target, watch = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
sys.argv = [target] + sys.argv[4:]
code = 0
try:
    if kind == "module":
        runpy.run_module(target, run_name="__main__", alter_sys=True)
    elif kind == "path":
        runpy.run_path(target, run_name="__main__")
    else:
        exec(compile(target, "<probe>", "exec"), {{"__name__": "__probe__"}})
except SystemExit as exit_:
    code = exit_.code
if isinstance(code, str):
    print(code, file=sys.stderr)
    code = 1
sys.stdout.flush()
print("\\n{MARK}" + ",".join(sorted(m for m in watch if m in sys.modules)))
sys.exit(code or 0)
"""


@dataclass
class Probe:
    proc: subprocess.CompletedProcess
    heavy: list[str]  # the watched modules that were loaded, sorted

    @property
    def exit_code(self) -> int:
        return self.proc.returncode

    @property
    def stdout(self) -> str:
        """What the probed code printed (the probe's own last line removed)."""
        return self.proc.stdout.rsplit("\n" + MARK, 1)[0]

    @property
    def stderr(self) -> str:
        return self.proc.stderr


def heavy_imports(*, module: str | None = None, path: str | Path | None = None, code: str | None = None,
                  args: list[str] | tuple[str, ...] = (), watch: tuple[str, ...] = HEAVY, cwd: Path | str | None = None,
                  env: dict[str, str] | None = None, timeout: float = 120) -> Probe:
    """Exactly one of module (run as ``python -m``), path (a script) or code, with ``args`` as its argv."""
    (kind, target), = [(k, t) for k, t in (("module", module), ("path", path), ("code", code)) if t is not None]
    proc = subprocess.run([sys.executable, "-c", PROBE, kind, str(target), ",".join(watch), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)
    marker = proc.stdout.rfind(MARK)
    if marker < 0:  # it died before the probe's last line (a crash, a kill): say so, with what it printed
        raise AssertionError(f"the probe did not finish (exit {proc.returncode}):\n{proc.stdout[-2000:]}\n"
                             f"{proc.stderr[-3000:]}")
    loaded = proc.stdout[marker + len(MARK):].strip()
    return Probe(proc, loaded.split(",") if loaded else [])
