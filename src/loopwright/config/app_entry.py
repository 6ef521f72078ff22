"""The loop's command-line apps share one Hydra entry shape: conf/<name>.yaml, run(cfg) -> exit code.

Hydra (ingest, improve, chat, audit, serve, flywheel), where the other commands use argparse: these
compose config groups shared with train.py (reward/, task/, model/), with their overrides and --cfg job.
"""

from __future__ import annotations

import sys
from importlib import resources
from typing import Callable

import hydra
from omegaconf import DictConfig

from loopwright.config import apps as schemas  # noqa: F401  registers the apps' schemas before composition

# The config tree inside the package (a link to the repository's conf/ in a checkout, a copy in a
# wheel), next to conf/train.yaml: the apps share its reward/ and task/ groups.
CONF_DIR = str(resources.files("loopwright") / "conf")


def hydra_app(config_name: str, run: Callable[[DictConfig], int]) -> Callable[[], None]:
    """A ``@hydra.main`` entry point that exits with ``run``'s code (0 returns normally)."""

    @hydra.main(version_base="1.3", config_path=CONF_DIR, config_name=config_name)
    def main(cfg: DictConfig) -> None:
        code = run(cfg)
        if code:
            sys.exit(code)

    return main
