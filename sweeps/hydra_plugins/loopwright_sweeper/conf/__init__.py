"""The sweeper's config tree: the `sweep` group (search spaces), found through searchpath.py.

This file makes the folder the package ``hydra_plugins.loopwright_sweeper.conf``:
Hydra opens a ``pkg://`` search-path entry only when it has an ``__init__.py``.
"""
