"""Adds the sweeper's `sweep` config group (conf/sweep/*.yaml beside this file) to every app's search path.

``pkg://`` reads the YAMLs through importlib.resources, so the group is found
the same way from a source checkout, an editable install and a wheel (where they
ship as package data). Appended, so an app's own ``conf/sweep/<name>.yaml``
sits beside these in the same group and wins on a name clash.

Hydra imports this module at start-up (``--help`` and ``--cfg job`` too): it
imports only Hydra's plugin base class.
"""

from hydra.core.config_search_path import ConfigSearchPath
from hydra.plugins.search_path_plugin import SearchPathPlugin


class LoopwrightSweepSearchPath(SearchPathPlugin):
    def manipulate_search_path(self, search_path: ConfigSearchPath) -> None:
        search_path.append(provider="loopwright_sweeper", path="pkg://hydra_plugins.loopwright_sweeper.conf")
