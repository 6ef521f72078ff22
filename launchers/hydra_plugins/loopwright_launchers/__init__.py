"""loopwright Hydra launchers (local_gpus, runpod, modal): discovered by Hydra through the hydra_plugins namespace."""
