"""Name registries for the options of a config group (``reward=...``, ``task=...``).

Each option registers itself in its own module, beside its code (verl's
``@register_policy_loss("gspo")`` is the model): grep the option's name, land on
the code. A lookup by name imports only the module named as the option
(``reward=customer_support`` -> ``rewards/customer_support``), so a run imports the
options it chose and no other; listing the options, or a name no module carries,
imports every module of the package (modules named with a leading ``_`` are helpers,
not options). Composing a config or ``--help`` imports none of them, and adding an
option is adding a file.

It sits beside the schemas, above ``rewards/`` and ``tasks/``, so that neither
depends on the other for plumbing.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from typing import Any


class Registry(Mapping):
    """name -> spec for one package's options; filled by :meth:`add` as the option modules load."""

    def __init__(self, package: str, what: str) -> None:
        self._package, self._what = package, what
        self._specs: dict[str, Any] = {}
        self._loaded = False

    def add(self, name: str, spec: Any) -> None:
        if name in self._specs:  # two modules claiming one option name: the second would silently win
            raise ValueError(f"{self._what} '{name}' is registered twice")
        self._specs[name] = spec

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True  # first, so that an option module looking names up while it loads does not recurse
        package = importlib.import_module(self._package)
        for module in pkgutil.iter_modules(package.__path__):
            if not module.name.startswith("_"):
                importlib.import_module(f"{self._package}.{module.name}")

    def _load_one(self, name: str) -> None:
        """Import the module named as the option, if there is one: what a run that chose it needs."""
        if self._loaded or not isinstance(name, str) or not name.isidentifier() or name.startswith("_"):
            return
        module = f"{self._package}.{name}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as err:
            if err.name != module:  # the option's module exists and lacks a dependency: say so
                raise

    def __getitem__(self, name: str) -> Any:
        if name not in self._specs:
            self._load_one(name)
        if name not in self._specs:  # an option registered in a module of another name, or none at all
            self._load()
        return self._specs[name]

    def __iter__(self) -> Iterator[str]:
        self._load()
        return iter(self._specs)

    def __len__(self) -> int:
        self._load()
        return len(self._specs)
