"""loopwright training entry point: compose the config, then hand it to loopwright.train.job.

`python train.py --help` lists every config group; `--cfg job` prints the
resolved config. Neither imports torch: the heavy imports happen inside
loopwright.train.job.train, which is only reached when a job actually runs.
"""

import hydra
from omegaconf import DictConfig

import loopwright.config  # noqa: F401  registers the typed schemas before composition


@hydra.main(version_base="1.3", config_path="conf", config_name="train")
def main(cfg: DictConfig) -> float | None:
    # Imported here, not above: --help and --cfg job never run a job (start-up time, bench/overhead.py).
    from loopwright.train.cli import run_job

    return run_job(cfg)


if __name__ == "__main__":
    main()
