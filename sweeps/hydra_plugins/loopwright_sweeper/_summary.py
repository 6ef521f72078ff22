"""Multirun summary: one table and one plot comparing the jobs of a sweep.

Registered as a Hydra callback in conf/train.yaml (``hydra.callbacks``); at the end
of a ``-m`` run it reads every job's manifest.json and metrics.jsonl and writes into
the sweep dir:

    summary.md    a table: job, overrides, status, final reward, held-out accuracy, wall time
    summary.csv   the same rows
    comparison.png  every job's reward curve on one plot

Failed or aborted jobs are listed with their status, so a sweep never hides them.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from hydra.experimental.callback import Callback

COLUMNS = ("job", "overrides", "status", "final_reward", "base_accuracy", "trained_accuracy", "accuracy_delta",
           "steps", "wall_s")


def _final_reward(job_dir: Path) -> float | None:
    from loopwright.runs.reader import read_metrics

    rewards = [r["reward"] for r in read_metrics(job_dir) if isinstance(r.get("reward"), (int, float))]
    return sum(rewards[-5:]) / len(rewards[-5:]) if rewards else None


def _job_dirs(sweep_dir: Path) -> list[Path]:
    """<sweep dir>/<N>/, and research rounds' <sweep dir>/round_<r>/<N>/ (links such as best/ left out)."""
    def numbered(parent: Path) -> list[Path]:
        found = [p for p in parent.iterdir() if p.is_dir() and not p.is_symlink() and p.name.isdigit()]
        return sorted(found, key=lambda p: int(p.name))

    rounds = sorted((p for p in sweep_dir.iterdir() if p.is_dir() and p.name.startswith("round_")
                     and p.name[6:].isdigit()), key=lambda p: int(p.name[6:]))
    return numbered(sweep_dir) + [job for r in rounds for job in numbered(r)]


def collect(sweep_dir: Path) -> list[dict[str, Any]]:
    from loopwright.runs.reader import read_manifest

    rows = []
    for job_dir in _job_dirs(sweep_dir):
        job = job_dir.relative_to(sweep_dir).as_posix()
        m = read_manifest(job_dir, missing_ok=True)
        if m is None:
            rows.append({"job": job, "status": "no manifest (failed before training)"})
            continue
        result = m.get("result") or {}
        rows.append({
            "job": job,
            "overrides": " ".join(m.get("overrides", [])),
            "status": m.get("status"),
            "final_reward": _final_reward(job_dir),
            "base_accuracy": result.get("base_accuracy"),
            "trained_accuracy": result.get("trained_accuracy"),
            "accuracy_delta": result.get("accuracy_delta"),
            "steps": result.get("global_step", m.get("global_step")),
            "wall_s": (m.get("timings") or {}).get("total_s"),
        })
    return rows


def _fmt(value: Any) -> str:
    if value is None:
        return ""
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def write(sweep_dir: Path) -> list[dict[str, Any]]:
    rows = collect(sweep_dir)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    (sweep_dir / "summary.csv").write_text(buffer.getvalue())
    lines = [f"# Sweep summary: {sweep_dir}", "", "| " + " | ".join(COLUMNS) + " |",
             "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(_fmt(r.get(c)) for c in COLUMNS) + " |" for r in rows]
    (sweep_dir / "summary.md").write_text("\n".join(lines) + "\n")
    _plot(sweep_dir, rows)
    return rows


def _plot(sweep_dir: Path, rows: list[dict[str, Any]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from loopwright.runs.reader import read_metrics

    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    plotted = False
    for row in rows:
        points = [(r["step"], r["reward"]) for r in read_metrics(sweep_dir / row["job"])
                  if isinstance(r.get("reward"), (int, float))]
        if points:
            ax.plot(*zip(*points), marker="o", markersize=2, label=f"{row['job']}: {row.get('overrides', '')}"[:60])
            plotted = True
    if not plotted:
        plt.close(fig)
        return
    ax.set_xlabel("step")
    ax.set_ylabel("training reward (mean)")
    ax.set_title("reward per job")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="best")
    fig.tight_layout()
    fig.savefig(sweep_dir / "comparison.png")
    plt.close(fig)


class MultirunSummary(Callback):
    """Hydra callback: write the sweep summary when a multirun ends."""

    def on_multirun_end(self, config: Any, **kwargs: Any) -> None:
        from loopwright.runs.writer import redact_sweep_files

        sweep_dir = Path(config.hydra.sweep.dir)
        if sweep_dir.is_dir():
            # every job redacts it when it starts (train/cli.py); a launcher whose jobs run elsewhere
            # (RunPod, Modal, Ray) never runs one here, so the sweep's end does it too
            redact_sweep_files(sweep_dir)
            rows = write(sweep_dir)
            print(f"[loopwright] sweep summary ({len(rows)} jobs): {sweep_dir / 'summary.md'}", flush=True)
