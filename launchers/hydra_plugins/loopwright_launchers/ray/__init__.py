"""``hydra/launcher=ray``: each Hydra job a Ray task (docs/LAUNCHERS.md#ray)."""
