"""Held-out evaluation (greedy, base vs trained) and held-out prompt files with assertions and gates."""
