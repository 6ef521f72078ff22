"""The environment packages loopwright adapts, the exact versions it was built and tested against, and the fix.

``task=verifiers`` drives a verifiers environment through verifiers' own classes (``Taskset``, ``Task``,
its ``@vf.reward`` methods and ``Trace``; tasks/_verifiers.py), and ``task.environment._target_`` accepts an
OpenEnv environment (episodes/openenv.py). Both APIs moved fast between releases (verifiers 0.4 is a new
stack, ``verifiers.v1``; 0.3 had ``SingleTurnEnv`` and ``Rubric``), so each is pinned to the release tested
here: another version is refused at validation and by ``python -m loopwright.doctor``, with the pip command
that installs the tested one. Nothing here imports either package: versions come from distribution metadata.
"""

from __future__ import annotations

import importlib.metadata as md

# distribution -> (the tested version, the import name, the pyproject extra that installs it)
PINS = {
    "verifiers": ("0.4.0", "verifiers", "verifiers"),
    "openenv-core": ("0.3.0", "openenv", "openenv"),
}


def installed(dist: str) -> str | None:
    try:
        return md.version(dist)
    except md.PackageNotFoundError:
        return None


def fix(dist: str) -> str:
    version, _, extra = PINS[dist]
    return f"pip install '{dist}=={version}' (or pip install -e '.[{extra}]')"


def version_problem(dist: str, why: str) -> str | None:
    """None when ``dist`` is installed at the tested version; else what is wrong and the command that fixes it."""
    want = PINS[dist][0]
    have = installed(dist)
    if have == want:
        return None
    found = "is not installed" if have is None else f"is {have}"
    return f"{why} needs {dist}=={want} (the version loopwright adapts and tests); {dist} {found}; fix: {fix(dist)}"
