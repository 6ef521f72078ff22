"""loopwright Optuna sweeper: discovered by Hydra through the hydra_plugins namespace."""
