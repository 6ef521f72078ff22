"""pyproject.toml lists packages explicitly (the hydra_plugins namespace spans two
roots); a package missing from that list would work in this checkout but vanish
from a non-editable install, so check the list against the tree."""

from __future__ import annotations

import tomllib

from conftest import ROOT


def _declared() -> tuple[set[str], dict[str, str]]:
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    return set(tool["packages"]), tool["package-dir"]


def test_every_package_on_disk_is_declared():
    declared, _ = _declared()
    on_disk = {".".join(p.parent.relative_to(ROOT / "src").parts)
               for p in (ROOT / "src" / "loopwright").rglob("__init__.py")}
    for root in ("launchers", "sweeps"):
        on_disk |= {".".join(p.parent.relative_to(ROOT / root).parts)
                    for p in (ROOT / root / "hydra_plugins").rglob("__init__.py")}
    on_disk = {p for p in on_disk if "__pycache__" not in p}
    assert on_disk <= declared, f"add to [tool.setuptools] packages: {sorted(on_disk - declared)}"


def test_hydra_discovers_the_plugin_packages():
    import hydra_plugins.loopwright_launchers as launchers
    import hydra_plugins.loopwright_sweeper as sweeper

    _, dirs = _declared()
    assert launchers.__file__.startswith(str(ROOT / dirs["hydra_plugins.loopwright_launchers"]))
    assert sweeper.__file__.startswith(str(ROOT / dirs["hydra_plugins.loopwright_sweeper"]))
