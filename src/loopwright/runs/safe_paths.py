"""Where loopwright may write when a path comes from a config value or a log.

A path typed into a config (``provider.ledger=...``) or read back from a file another
process wrote can point anywhere: ``../../etc/cron.d/x`` or a symlink out of the tree. The
project writes only inside the directory it was started from (Hydra's original cwd, where
``outputs/`` lives) and the code checkout; anything else is refused, naming the key.
The run dir itself (``hydra.run.dir``) is the user's explicit choice and Hydra creates it
before any of our code runs, so it is not checked here.
"""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parents[1]  # .../loopwright


def code_dir() -> Path:
    """The directory whose git state the manifest records.

    From a source checkout (``src/loopwright`` beside ``pyproject.toml``, editable
    install or PYTHONPATH) it is the checkout, as it always was. Installed from a
    wheel, the package sits in site-packages, whose git state says nothing about
    the run: then it is the directory holding the user's train.py, else the
    directory the command was started from (Hydra's original cwd).
    """
    checkout = PACKAGE_DIR.parents[1]
    if PACKAGE_DIR.parent.name == "src" and (checkout / "pyproject.toml").is_file():
        return checkout
    script = Path(sys.argv[0]).resolve() if sys.argv and sys.argv[0].endswith(".py") else None
    installed = Path(sys.prefix).resolve()
    if script is not None and script.is_file() and installed not in script.parents:
        return script.parent  # not a module of an installed package (python -m ..., a launcher's child)
    from hydra.core.hydra_config import HydraConfig

    return Path(HydraConfig.get().runtime.cwd) if HydraConfig.initialized() else Path.cwd()


def allowed_roots() -> list[Path]:
    from hydra.core.hydra_config import HydraConfig

    start = Path(HydraConfig.get().runtime.cwd) if HydraConfig.initialized() else Path.cwd()
    return [start.resolve(), code_dir().resolve()]


def outside_problem(key: str, value: object) -> str | None:
    """A validation problem when ``value`` (relative to the start dir) resolves outside the allowed roots."""
    if value in (None, ""):
        return None
    roots = allowed_roots()
    path = Path(str(value)).expanduser()
    resolved = (path if path.is_absolute() else roots[0] / path).resolve()  # follows symlinks and ..
    if any(resolved == root or root in resolved.parents for root in roots):
        return None
    return (f"{key}={value} resolves to {resolved}, outside the project ({roots[1]}) and the directory the job "
            f"was started from ({roots[0]}, where outputs/ is): loopwright writes nowhere else")
