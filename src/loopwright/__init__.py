"""loopwright: configuration-driven RL post-training runs (Hydra + TRL)."""

__version__ = "0.1.0"
