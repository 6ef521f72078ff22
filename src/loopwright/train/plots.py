"""Plots of a run's metrics.jsonl (matplotlib, imported lazily, no display needed)."""

from __future__ import annotations

import json
from pathlib import Path


def read_metrics(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def reward_curve(metrics_path: Path, out_path: Path, title: str) -> Path | None:
    """Reward mean per step with a +-1 std band (or the loss, for runs without a reward).

    Returns the PNG path, or None when there is nothing to plot.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = read_metrics(metrics_path)
    key = "reward" if any("reward" in r for r in rows) else "loss"
    points = [(r["step"], float(r[key]), float(r.get("reward_std", 0.0) if key == "reward" else 0.0))
              for r in rows if isinstance(r.get(key), (int, float))]
    if not points:
        return None
    steps, values, spreads = zip(*points)
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    ax.plot(steps, values, marker="o", markersize=3, label=f"{key} (mean over the step's completions)")
    if key == "reward":
        ax.fill_between(steps, [v - s for v, s in zip(values, spreads)], [v + s for v, s in zip(values, spreads)],
                        alpha=0.2, label="+-1 std within the step")
    evals = [(r["eval/step"], float(r["eval/accuracy"])) for r in rows if "eval/accuracy" in r]
    if evals:
        ax.plot(*zip(*evals), marker="s", linestyle="--", color="tab:green", label="held-out accuracy (greedy)")
    ax.set_xlabel("step")
    ax.set_ylabel(key)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    out_path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out_path)
    plt.close(fig)
    return out_path
