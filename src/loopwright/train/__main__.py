"""``python -m loopwright.train`` and the ``loopwright-train`` command: train.py for an installed loopwright.

The same app as the repository's ``train.py`` (the same config, the same
``run_job``), but its config tree is the one inside the package: in a checkout
``src/loopwright/conf`` is a link to the repository's ``conf/``, in a wheel a
copy (package data). So it works wherever loopwright is installed, with no
checkout around it. Like train.py it imports no torch for ``--help`` or ``--cfg``.
"""

from importlib import resources

import hydra
from omegaconf import DictConfig

import loopwright.config  # noqa: F401  registers the typed schemas before composition

CONF_DIR = str(resources.files("loopwright") / "conf")


@hydra.main(version_base="1.3", config_path=CONF_DIR, config_name="train")
def main(cfg: DictConfig) -> float | None:
    from loopwright.train.cli import run_job  # as in train.py: --help and --cfg job run no job

    return run_job(cfg)


if __name__ == "__main__":
    main()
