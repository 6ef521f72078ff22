"""The house rules of docs/DESIGN.md, checked: every option one hop from its code, small modules, no cycles.

These read the source tree as text (nothing is imported), so they hold for every
module, including the ones no other test imports.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from helpers import CONF, ROOT

DESIGN = ROOT / "docs" / "DESIGN.md"
CODE_ROOTS = {ROOT / "src": "", ROOT / "launchers": "", ROOT / "sweeps": ""}
MAX_LINES = 400
# The top level of loopwright/ holds commands (and packages), and these: the modules of the objective= and
# logger= groups (a group maps to the module named as it, docs/DESIGN.md's rule).
NOT_COMMANDS = {"loopwright.objectives", "loopwright.loggers"}
# Every group of conf/ a user selects with `group=option` (the loop apps' own YAMLs are not groups).
GROUP_DIRS = ("model", "objective", "reward", "task", "provider", "profile", "rollout", "logger", "experiment")
# How code reads a group's keys from a composed config: cfg.model..., cfg["model"], cfg.get("model")
READS = r"\bcfg\.{g}\b|\bcfg\[[\"']{g}[\"']\]|\bcfg\.get\([\"']{g}[\"']"


def _modules() -> dict[str, Path]:
    """Dotted module name -> file, for loopwright and the two plugin packages (symlinks not followed)."""
    found = {}
    for root in CODE_ROOTS:
        for path in root.rglob("*.py"):
            rel = path.relative_to(root)
            if any(p.is_symlink() for p in [root / Path(*rel.parts[:i]) for i in range(1, len(rel.parts))]):
                continue  # src/hydra_plugins/* are links to launchers/ and sweeps/
            parts = list(rel.with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """Project modules that ``name`` imports, at module level or inside functions."""
    is_package = path.name == "__init__.py"
    targets = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            targets.add(base)
            targets.update(f"{base}.{alias.name}" for alias in node.names)
    return {t for t in targets if t in MODULES and t != name}


def test_no_module_is_longer_than_the_limit():
    long = {str(p.relative_to(ROOT)): n for p in MODULES.values() if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_no_import_cycles():
    graph = {name: _imports(name, path) for name, path in MODULES.items()}
    # A package's __init__ importing its own submodules is how a package re-exports: not a cycle.
    for name in graph:
        graph[name] = {t for t in graph[name] if not (t.startswith(name + ".") and MODULES[name].name == "__init__.py")}
    cycles, state = [], {}

    def visit(node: str, stack: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                cycles.append(stack[stack.index(nxt):] + [nxt] if nxt in stack else [node, nxt])
            elif nxt not in state:
                visit(nxt, stack + [nxt])
        state[node] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_every_module_appears_in_the_design_doc():
    text = DESIGN.read_text()
    missing = []
    for name, path in MODULES.items():
        rel = path.relative_to(ROOT)
        # named by path (src/loopwright/train/job.py), by file name in the tree, or as a package (train/)
        if path.name == "__init__.py":
            if f"{path.parent.name}/" not in text:
                missing.append(str(rel))
        elif str(rel) not in text and not re.search(rf"(?<![\w.]){re.escape(path.name)}(?![\w])", text):
            missing.append(str(rel))
    assert not missing, f"modules docs/DESIGN.md does not mention: {missing}"


def _override_table() -> dict[str, list[str]]:
    """`group=option` -> the files its row in docs/DESIGN.md names."""
    rows = {}
    for line in DESIGN.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[0].startswith("`") or "=" not in cells[0]:
            continue
        group, _, opts = cells[0].strip("`").partition("=")
        files = re.findall(r"`([^`]+)`", cells[1])
        for opt in opts.split(","):
            rows[f"{group.strip()}={opt.strip()}"] = files
    return rows


@pytest.mark.parametrize("group", [g for g in GROUP_DIRS if g != "experiment"])  # experiment= only picks options
def test_the_groups_rows_name_every_module_that_reads_its_keys(group):
    table = _override_table()
    named = {name for key, files in table.items() if key.partition("=")[0] == group for name in files}
    pattern = re.compile(READS.format(g=group))
    readers = sorted(str(p.relative_to(ROOT)) for p in MODULES.values() if pattern.search(p.read_text()))
    assert readers, f"no module reads {group}.*: the pattern is stale"
    missing = [r for r in readers if r not in named and not any(n.endswith("/") and r.startswith(n) for n in named)]
    assert not missing, f"docs/DESIGN.md: name these in the `{group}=*` row (they read {group}.*): {missing}"


@pytest.mark.parametrize("group", GROUP_DIRS)
def test_every_option_has_a_row_in_the_override_table_naming_files_that_exist(group):
    table = _override_table()
    options = sorted(p.stem for p in (CONF / group).glob("*.yaml"))
    assert options, f"conf/{group}/ has no options"
    for option in options:
        key = f"{group}={option}"
        assert key in table, f"docs/DESIGN.md's override table has no row for {key}"
        assert f"conf/{group}/{option}.yaml" in table[key], f"{key}: its row does not name conf/{group}/{option}.yaml"
        for name in (n for n in table[key] if "<" not in n):  # `conf/objective/<name>.yaml` is a pattern
            assert (ROOT / name.rstrip("/")).exists(), f"{key}: {name} named in docs/DESIGN.md does not exist"


COMMANDS = sorted(n for n, p in MODULES.items() if n.count(".") == 1 and n.startswith("loopwright.")
                  and p.name != "__init__.py" and n not in NOT_COMMANDS)


def _defines_main(tree: ast.Module) -> bool:
    """``def main`` or ``main = ...`` (the Hydra apps' ``main = hydra_app(...)``) at module level."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "main":
            return True
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "main" for t in node.targets):
            return True
    return False


def test_every_command_has_a_main_and_an_entry_point():
    assert "loopwright.doctor" in COMMANDS and "loopwright.lineage" in COMMANDS
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    for name in COMMANDS:
        short = name.split(".")[1]
        assert not short.startswith("_"), f"{name}: a private helper at the top level; move it into a package"
        text = MODULES[name].read_text()
        assert _defines_main(ast.parse(text)), f"{name} defines no main()"
        assert 'if __name__ == "__main__":' in text, f"{name}: python -m {name} would do nothing"
        assert scripts.get(f"loopwright-{short}") == f"{name}:main", \
            f"pyproject.toml: no loopwright-{short} = {name}:main"


def test_no_module_imports_a_command():
    importers = {name: sorted(set(COMMANDS) & _imports(name, path)) for name, path in MODULES.items()}
    offenders = {name: found for name, found in importers.items() if found}
    assert not offenders, f"commands are entry points, not libraries; these import one: {offenders}"


def _imported_names(path: Path) -> set[str]:
    """Every module name ``path`` imports, at module level or inside functions (absolute imports)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_src_never_imports_the_plugins():
    # Plugins import loopwright; loopwright reaches a plugin only through Hydra (a config's _target_).
    offenders = {}
    for path in MODULES.values():
        if path.is_relative_to(ROOT / "src" / "loopwright"):
            if found := sorted(n for n in _imported_names(path) if n.split(".")[0] == "hydra_plugins"):
                offenders[str(path.relative_to(ROOT))] = found
    assert not offenders, f"src/ modules importing hydra_plugins: {offenders}"


# Each config group's own rules, beside its code: the module whose problems(...) train/validate.py gathers.
GROUP_RULES = {
    "model": "src/loopwright/models/__init__.py",
    "objective": "src/loopwright/objectives.py",
    "reward": "src/loopwright/rewards/__init__.py",
    "task": "src/loopwright/tasks/__init__.py",
    "provider": "src/loopwright/config/provider.py",
    "profile": "src/loopwright/config/profile.py",
    "rollout": "src/loopwright/rollout/__init__.py",
    "logger": "src/loopwright/loggers.py",
}


def test_every_config_group_module_exports_problems():
    groups = set(GROUP_DIRS) - {"experiment"} | {"rollout"}  # experiment= only selects other groups' options
    assert groups <= set(GROUP_RULES), f"groups without a rules module here: {sorted(groups - set(GROUP_RULES))}"
    missing = [path for path in GROUP_RULES.values()
               if not any(isinstance(n, ast.FunctionDef) and n.name == "problems"
                          for n in ast.parse((ROOT / path).read_text()).body)]
    assert not missing, f"config group modules without a top-level problems(): {missing}"


def test_unit_tests_never_start_train_py():
    # A unit test is cheap and says one thing; one that starts train.py (a process, composition, maybe training)
    # belongs in tests/integration/.
    starts = re.compile(r"\brun_train(_without_torch)?\(|ROOT / \"train\.py\"")
    offenders = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "unit").rglob("*.py")
                       if starts.search(p.read_text()))
    assert not offenders, f"unit tests that start train.py (move them to tests/integration/): {offenders}"


# Product files that may parse or write JSON by hand, each with its reason.
HAND_JSON_ALLOWED = {
    # Modal's remote function body: it runs in the container before the checkout's src/ is on its path.
    "launchers/hydra_plugins/loopwright_launchers/modal/_remote.py": "status.json written in the container",
}


def _hand_json(tree: ast.AST) -> list[tuple[int, str]]:
    """Where a module reads a file's JSON or writes JSON to a file itself: json.load / json.dump,
    json.loads(<file>.read_text() | .read() | .read_bytes()), <path>.write_text(json.dumps(...))."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        owner, name = node.func.value, node.func.attr
        if isinstance(owner, ast.Name) and owner.id == "json" and name in ("load", "dump"):
            found.append((node.lineno, f"json.{name}"))
        elif isinstance(owner, ast.Name) and owner.id == "json" and name == "loads" and node.args and any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                and n.func.attr in ("read_text", "read", "read_bytes") for n in ast.walk(node.args[0])):
            found.append((node.lineno, "json.loads of a file's text"))
        elif name in ("write_text", "write_bytes") and node.args and any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "dumps"
                for n in ast.walk(node.args[0])):
            found.append((node.lineno, f"{name}(json.dumps(...))"))
    return found


def test_json_files_are_read_and_written_only_through_runs():
    """Every JSON / JSON lines file of a run, a sweep or the loop goes through runs/reader.py and runs/writer.py
    (bounded regular-file reads, one DamagedFile naming file and line; atomic, fsynced, secret-scrubbed writes).
    An AST walk over the product code, so a parse split over lines or a file name held in a variable is seen."""
    runs = ROOT / "src" / "loopwright" / "runs"
    offenders = []
    for path in MODULES.values():
        rel = str(path.relative_to(ROOT))
        if path.parent == runs or rel in HAND_JSON_ALLOWED:
            continue
        offenders += [f"{rel}:{line} {what}" for line, what in _hand_json(ast.parse(path.read_text()))]
    assert not offenders, f"JSON files handled outside loopwright.runs (use its reader / writer): {offenders}"


def test_the_json_check_sees_a_parse_split_over_lines():
    planted = "import json\ndef f(p):\n    text = p.read_text()\n    return json.loads(\n        p.read_text())\n"
    assert _hand_json(ast.parse(planted)) == [(4, "json.loads of a file's text")]
    assert _hand_json(ast.parse("def g(p, d):\n    p.write_text(json.dumps(d, indent=2))\n")) == \
        [(2, "write_text(json.dumps(...))")]


# ---------------------------------------------------------- the layers (pyproject.toml's import-linter contract)
def _lint_imports(cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("lint-imports")
    return subprocess.run([str(exe), "--no-cache"], cwd=cwd, capture_output=True, text=True, timeout=120, env=env)


def test_the_layers_hold():
    """docs/DESIGN.md's floors, as lint-imports checks them: every import, function-level ones included."""
    done = _lint_imports(ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "1 kept, 0 broken" in done.stdout


def test_an_upward_import_inside_a_function_breaks_the_layers(tmp_path):
    """The contract sees what a same-line regex or a module-level scan would miss: train/ importing the loop
    from inside a function. A copy of the contract over a two-floor package with one such import fails."""
    contract = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert any("train" in c["layers"] for c in contract["contracts"]) and \
        not any(c.get("ignore_imports") for c in contract["contracts"])  # no exception waved through
    pkg = tmp_path / "src" / "shop"
    for floor in ("curation", "train"):
        (pkg / floor).mkdir(parents=True)
        (pkg / floor / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "train" / "steps.py").write_text("def load():\n    from shop.curation import curate\n    return curate\n")
    (pkg / "curation" / "curate.py").write_text("CUT = 0.7\n")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.importlinter]\nroot_package = "shop"\n[[tool.importlinter.contracts]]\nname = "floors"\n'
        'type = "layers"\ncontainers = ["shop"]\nlayers = ["curation", "train"]\n')
    done = _lint_imports(tmp_path, env={**os.environ, "PYTHONPATH": str(pkg.parent)})
    assert done.returncode == 1 and "shop.train.steps -> shop.curation.curate" in done.stdout, done.stdout


def test_ruff_finds_nothing():
    """pyproject.toml's [tool.ruff]: 120 columns, pyflakes and pycodestyle, over the whole tree."""
    done = subprocess.run([str(Path(sys.executable).with_name("ruff")), "check", "--no-cache", "."], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:]
