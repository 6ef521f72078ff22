"""Plots of a run's metrics.jsonl (matplotlib, imported lazily, no display needed)."""

from __future__ import annotations

import logging
from pathlib import Path

from loopwright.runs.reader import read_metrics

# Hydra's job logging sets the root logger to INFO, so matplotlib's own INFO lines
# ("generated new fontManager", on a machine without a font cache) would end a run's
# output and train.log. A level the user set (hydra.job_logging.loggers) is kept.
_MATPLOTLIB_LOG = logging.getLogger("matplotlib")
if _MATPLOTLIB_LOG.level == logging.NOTSET:
    _MATPLOTLIB_LOG.setLevel(logging.WARNING)


def rolling_mean(values: list[float], window: int) -> list[float]:
    """Mean of each value and the ``window - 1`` before it (fewer at the start)."""
    means, total = [], 0.0
    for i, value in enumerate(values):
        total += value
        if i >= window:
            total -= values[i - window]
        means.append(total / min(i + 1, window))
    return means


def smoothing_window(n_points: int) -> int:
    """About a tenth of the run, at least 2 points; 1 (no smoothing) for runs too short to smooth."""
    return 1 if n_points < 5 else max(2, round(n_points / 10))


# TRL's trainer<->sampler gap, logged when vLLM generates (guards.py's rollout drift guard reads the same key)
DRIFT_KEY = "sampling/sampling_logp_difference/mean"


def drift_points(rows: list[dict]) -> list[tuple[int, float]]:
    """(step, gap) of every metrics line with the trainer/sampler log-prob gap."""
    return [(r["step"], float(r[DRIFT_KEY])) for r in rows if isinstance(r.get(DRIFT_KEY), (int, float))]


def reward_curve(run_dir: Path, out_path: Path, title: str) -> Path | None:
    """The run dir's metrics.jsonl as reward per step: the raw per-step means faint, with their +-1 std band, and
    a rolling mean over them in front (or the loss, for runs without a reward); held-out accuracy when measured.

    Returns the PNG path, or None when there is nothing to plot.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = read_metrics(run_dir)
    key = "reward" if any("reward" in r for r in rows) else "loss"
    points = [(r["step"], float(r[key]), float(r.get("reward_std", 0.0) if key == "reward" else 0.0))
              for r in rows if isinstance(r.get(key), (int, float))]
    if not points:
        return None
    steps, values, spreads = zip(*points)
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    window = smoothing_window(len(values))
    raw = {"alpha": 0.35, "linewidth": 0.8} if window > 1 else {}
    ax.plot(steps, values, marker="o", markersize=3, color="tab:blue", **raw,
            label=f"{key} (mean over the step's completions)")
    if key == "reward":
        ax.fill_between(steps, [v - s for v, s in zip(values, spreads)], [v + s for v, s in zip(values, spreads)],
                        color="tab:blue", alpha=0.1 if window > 1 else 0.2, linewidth=0,
                        label="+-1 std within the step")
    if window > 1:
        ax.plot(steps, rolling_mean(list(values), window), color="tab:blue", linewidth=2,
                label=f"rolling mean over {window} steps")
    evals = [(r["eval/step"], float(r["eval/accuracy"])) for r in rows if "eval/accuracy" in r]
    if evals:
        ax.plot(*zip(*evals), marker="s", linestyle="--", color="tab:green", label="held-out accuracy (greedy)")
    stopped = [r["hacking/stopped"] for r in rows if isinstance(r.get("hacking/stopped"), int)]
    if stopped:  # the reward-hacking monitor stopped the run here (loopwright.train.hacking)
        ax.axvline(stopped[0], color="tab:red", linestyle=":", linewidth=2,
                   label=f"reward hacking: run stopped at step {stopped[0]}")
    ax.set_xlabel("step")
    ax.set_ylabel(key)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    handles, labels = ax.get_legend_handles_labels()
    gaps = drift_points(rows)
    if gaps:  # vLLM generated: the trainer/sampler log-prob gap (guards.rollout_drift_max) on its own axis
        gap_ax = ax.twinx()
        gap_ax.plot(*zip(*gaps), marker="^", markersize=3, color="tab:red", linewidth=1)
        gap_ax.set_ylabel("log-prob gap", color="tab:red")
        handles += gap_ax.get_lines()
        labels.append("trainer/sampler log-prob gap (mean)")
    ax.legend(handles, labels, loc="best", fontsize=8)
    fig.tight_layout()
    out_path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out_path)
    plt.close(fig)
    return out_path
