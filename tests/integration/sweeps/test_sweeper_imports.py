"""The sweeper package's import graph: no cycle, and nothing heavy where Hydra's plugin scan looks.

Imports inside functions count too: a cycle hidden in a function body still
ties two modules together (sweeper.py and report.py once imported each other
that way). The names both sides share live in src/loopwright/sweep/attrs.py, which imports nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import ROOT
from helpers.imports import heavy_imports

PACKAGE = "hydra_plugins.loopwright_sweeper"
HOME = ROOT / "sweeps" / "hydra_plugins" / "loopwright_sweeper"


def _imports(path: Path) -> set[str]:
    """Every sweeper module `path` imports, at top level or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return {name.rsplit(".", 1)[-1] for name in found if name.startswith(PACKAGE + ".")}


def _graph() -> dict[str, set[str]]:
    modules = {p.stem: p for p in HOME.glob("*.py") if p.stem != "__init__"}
    return {name: _imports(path) & set(modules) - {name} for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path of module names, or None (depth-first search)."""
    state: dict[str, str] = {}

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [node, nxt] if nxt in path else [node, nxt]
            if nxt not in state and (found := visit(nxt, path + [node])):
                return found
        state[node] = "done"
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start, [])):
            return found
    return None


def test_the_sweeper_modules_import_no_cycle():
    graph = _graph()
    assert {"sweeper", "report", "study", "space"} <= set(graph)
    assert _cycle(graph) is None, " -> ".join(_cycle(graph))
    attrs = ast.parse((ROOT / "src" / "loopwright" / "sweep" / "attrs.py").read_text())
    # the shared names depend on nothing
    assert not [n for n in ast.walk(attrs) if isinstance(n, (ast.Import, ast.ImportFrom))]


def test_the_cycle_finder_finds_one():
    assert _cycle({"sweeper": {"report"}, "report": {"sweeper"}}) in (["report", "sweeper", "report"],
                                                                     ["sweeper", "report", "sweeper"])
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_hydras_plugin_scan_imports_no_optuna_torch_or_matplotlib():
    # Hydra imports every non-`_` module of hydra_plugins at start-up, --help and --cfg job included.
    probe = heavy_imports(code="from hydra.core.plugins import Plugins; Plugins.instance()",
                          watch=("optuna", "torch", "matplotlib", "transformers"))
    assert probe.exit_code == 0, probe.stderr
    assert probe.heavy == []
