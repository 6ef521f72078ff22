"""What a finished (or stopped) sweep leaves in its sweep dir.

    optimization_results.yaml  best params/value (one objective) or the Pareto set
                               (several), the same shape as hydra-optuna-sweeper's
    sweep_report.md            best trial, the command that reproduces it, every trial
    history.png importances.png parallel_coordinate.png   optuna.visualization.matplotlib
    best -> <trial number>/    the best trial's run dir (one objective)

Imports optuna and matplotlib inside the functions (Hydra imports this module at startup).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from omegaconf import OmegaConf

from loopwright.sweep.attrs import (BASELINE_ATTR, FAIL_ATTR, OVERRIDES_ATTR, RUN_DIR_ATTR,
                                                     STALE_ATTR)

log = logging.getLogger(__name__)

PLOTS = {
    "history": ("history.png", "plot_optimization_history"),
    "importances": ("importances.png", "plot_param_importances"),
    "parallel_coordinate": ("parallel_coordinate.png", "plot_parallel_coordinate"),
}


def _complete(study: Any) -> list:
    from optuna.trial import TrialState

    return study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))


def write_results(study: Any, sweep_dir: Path, directions: list[str]) -> None:
    results: dict[str, Any] = {"name": "loopwright", "study_name": study.study_name}
    if _complete(study):
        if len(directions) == 1:
            results["best_params"] = dict(study.best_trial.params)
            results["best_value"] = study.best_trial.value
            results["best_trial"] = study.best_trial.number
        else:
            results["solutions"] = [{"number": t.number, "params": dict(t.params), "values": list(t.values)}
                                    for t in study.best_trials]
    OmegaConf.save(OmegaConf.create(results), sweep_dir / "optimization_results.yaml")


def _steps(run_dir: str | None) -> tuple[str, Any]:
    """(status, training steps) from the trial's run manifest, when the job wrote one."""
    from loopwright.runs.reader import DamagedFile, read_manifest

    if not run_dir:
        return "", None
    try:
        manifest = read_manifest(run_dir, missing_ok=True)
    except DamagedFile:
        return "", None
    if manifest is None:
        return "", None
    return manifest.get("status", ""), manifest.get("global_step")


def _fmt(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, (list, tuple)):
        return ", ".join(_fmt(v) for v in value)
    return str(value).replace("|", "\\|")


def _command(prefix: str, trial: Any) -> str:
    from hydra_plugins.loopwright_sweeper.space import override_value

    overrides = trial.user_attrs.get(OVERRIDES_ATTR) or [f"{k}={override_value(v)}" for k, v in trial.params.items()]
    return " ".join([prefix, *overrides])


def _link_best(sweep_dir: Path, trial: Any) -> Path | None:
    target = Path(trial.user_attrs.get(RUN_DIR_ATTR) or sweep_dir / str(trial.number))
    link = sweep_dir / "best"
    if not target.is_dir():
        return None
    if link.is_symlink() or link.exists():
        link.unlink()
    # Relative when inside the sweep dir, so the sweep dir can be moved or copied whole.
    try:
        rel = os.path.relpath(target.resolve(), sweep_dir.resolve())
    except ValueError:
        rel = str(target.resolve())
    link.symlink_to(rel if not rel.startswith("..") else str(target.resolve()), target_is_directory=True)
    return link


def _plots(study: Any, sweep_dir: Path, wanted: list[str], n_objectives: int) -> dict[str, str]:
    """{plot: file name or why it is missing}."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import optuna.visualization.matplotlib as ovm
    import warnings

    out: dict[str, str] = {}
    complete = _complete(study)
    target = {} if n_objectives == 1 else {"target": lambda t: t.values[0], "target_name": "objective 0"}
    for name in wanted:
        if name not in PLOTS:
            out[name] = f"unknown plot (choose from {sorted(PLOTS)})"
            continue
        file_name, function = PLOTS[name]
        if name == "importances" and len(complete) < 2:
            out[name] = "needs at least 2 completed trials"
            continue
        if not complete:
            out[name] = "no completed trial yet"
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # optuna marks its matplotlib backend experimental
                axes = getattr(ovm, function)(study, **target)
            figure = (axes.flat[0] if hasattr(axes, "flat") else axes).get_figure()
            figure.set_size_inches(9, 5.5)
            figure.tight_layout()
            figure.savefig(sweep_dir / file_name, dpi=110)
            plt.close(figure)
            out[name] = file_name
        except Exception as err:  # noqa: BLE001 (a plot never costs the sweep its report)
            out[name] = f"not drawn: {type(err).__name__}: {err}"
    return out


def _cost_note(study: Any) -> str:
    """Which objective is the sweeper's cost (hydra.sweeper.cost) and what it was measured in."""
    from loopwright.sweep.attrs import COST_ATTR

    cost = study.user_attrs.get(COST_ATTR)
    if not cost:
        return ""
    return (f" (the last is the cost, hydra.sweeper.cost={cost['setting']}: "
            f"{', '.join(cost['measures']) or 'no trial measured yet'})")


def write_report(study: Any, sweep_dir: Path, command_prefix: str, plots: list[str], stale: list[int],
                 storage_url: str) -> Path:
    from optuna.trial import TrialState


    trials = study.get_trials(deepcopy=False)
    n_objectives = len(study.directions)
    counts = {state.name: sum(1 for t in trials if t.state == state) for state in TrialState}
    lines = [f"# Sweep report: {study.study_name}", "",
             f"- sweep dir: `{sweep_dir}`",
             f"- storage: `{storage_url}` (open it in optuna-dashboard: docs/SWEEPS.md)",
             f"- directions: {', '.join(d.name.lower() for d in study.directions)}" + _cost_note(study),
             "- trials: " + ", ".join(f"{n} {name.lower()}" for name, n in counts.items() if n), ""]
    if stale:
        lines += [f"Resumed: trials {stale} were running when the sweep stopped and were marked FAIL.", ""]
    complete = _complete(study)
    if not complete:
        lines += ["No trial completed.", ""]
    elif n_objectives == 1:
        best = study.best_trial
        link = _link_best(sweep_dir, best)
        lines += ["## Best trial", "",
                  f"trial {best.number}: value **{best.value:.6g}**" + (" (run dir linked as `best/`)" if link else ""),
                  "", "| param | value |", "|---|---|"]
        lines += [f"| {k} | {_fmt(v)} |" for k, v in best.params.items()]
        lines += ["", "Reproduce it:", "", "```bash", _command(command_prefix, best), "```", ""]
    else:
        lines += ["## Pareto front", "", "| trial | values | params |", "|---|---|---|"]
        lines += [f"| {t.number} | {_fmt(t.values)} | "
                  f"{', '.join(f'{k}={_fmt(v)}' for k, v in t.params.items())} |" for t in study.best_trials]
        lines += ["", "Reproduce one (trial %d):" % study.best_trials[0].number, "", "```bash",
                  _command(command_prefix, study.best_trials[0]), "```", ""]
    drawn = _plots(study, sweep_dir, plots, n_objectives)
    if drawn:
        lines += ["## Plots", ""]
        for name, what in drawn.items():
            lines.append(f"![{name}]({what})" if what.endswith(".png") else f"- {name}: {what}")
        lines.append("")
    params = sorted({k for t in trials for k in t.params})
    lines += ["## Trials", "",
              "| trial | state | value | steps | " + " | ".join(params) + " | run dir | note |",
              "|" + "---|" * (6 + len(params))]
    for t in trials:
        run_dir = t.user_attrs.get(RUN_DIR_ATTR)
        _, steps = _steps(run_dir)
        value = t.values if n_objectives > 1 else t.value
        note = t.user_attrs.get(STALE_ATTR) or t.user_attrs.get(FAIL_ATTR) or (
            "baseline (current config)" if t.user_attrs.get(BASELINE_ATTR) else "")
        if t.state == TrialState.PRUNED and t.last_step is not None:
            note = f"pruned at step {t.last_step}"
        rel = os.path.relpath(run_dir, sweep_dir) if run_dir else ""
        lines.append(f"| {t.number} | {t.state.name} | {_fmt(value)} | {_fmt(steps)} | "
                     + " | ".join(_fmt(t.params.get(p)) for p in params)
                     + f" | {rel} | {_fmt(note.splitlines()[0] if note else '')} |")
    path = sweep_dir / "sweep_report.md"
    path.write_text("\n".join(lines) + "\n")
    log.info(f"Sweep report: {path}")
    return path
