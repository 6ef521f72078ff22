"""Baseline for bench/overhead.py: the smallest Hydra app, for `--cfg job` start-up time."""

import hydra
from omegaconf import DictConfig


@hydra.main(version_base="1.3", config_path=None, config_name=None)
def main(cfg: DictConfig) -> None:
    print(cfg)


if __name__ == "__main__":
    main()
