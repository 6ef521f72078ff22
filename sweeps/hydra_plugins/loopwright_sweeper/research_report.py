"""What a research run (research.py) leaves in its sweep dir, besides each round's own sweep report.

    research.md                    per round: the space, what ran, what was pruned, importances, each
                                   narrowing decision with its reason; why it stopped; the confirmation
                                   table (confirm.py); the recommendation
    experiment/recommended.yaml    the best trial as an ``experiment=`` option:
                                   python train.py hydra.searchpath=[file://<sweep dir>] experiment=recommended
    optimization_results.yaml      the best value and params over every round
    research_best_so_far.png       best value so far over the trials of every round, rounds coloured
    research_spaces.png            each round's range of every parameter, drawn over the previous one

Optuna and matplotlib are imported inside the functions (Hydra imports this module at startup).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Mapping

from omegaconf import OmegaConf

from loopwright.sweep.attrs import CONFIG_ATTR, OVERRIDES_ATTR, RUN_DIR_ATTR

log = logging.getLogger(__name__)
EXPERIMENT = "recommended"


def describe(dist: Any) -> str:
    from optuna.distributions import CategoricalDistribution

    if isinstance(dist, CategoricalDistribution):
        return "choice(" + ", ".join(map(str, dist.choices)) + ")"
    kind = "int" if isinstance(dist.low, int) and isinstance(dist.high, int) else "float"
    return f"{kind} [{dist.low:.4g}, {dist.high:.4g}]" + (" log" if dist.log else "") + \
        (f" step {dist.step:g}" if getattr(dist, "step", None) not in (None, 1) else "")


def experiment_yaml(overrides: list[str], groups: Mapping[str, Any], origin: str) -> str:
    """A trial's overrides as an ``experiment=`` option: group choices in its defaults, values as keys."""
    from hydra.core.override_parser.overrides_parser import OverridesParser

    defaults, body, skipped = [], OmegaConf.create({}), []
    for override in OverridesParser.create().parse_overrides(overrides):
        key = override.get_key_element().lstrip("+~")
        if override.is_delete() or key.startswith(("hydra.", "hydra/", "trial.")) or key in ("sweep", "experiment"):
            skipped.append(override.input_line)
            continue
        if key in groups:
            defaults.append({f"override /{key}": override.get_value_element_as_str()})
        else:
            OmegaConf.update(body, key, override.value(), force_add=True)
    head = ["# @package _global_", f"# Written by a research run: {origin}",
            "#   python train.py hydra.searchpath=[file://<this file's sweep dir>] experiment=recommended"]
    if skipped:
        head.append("# Left out (the sweep's own settings, not the training's): " + " ".join(skipped))
    text = OmegaConf.to_yaml(OmegaConf.create({"defaults": defaults}) if defaults else OmegaConf.create({}))
    return "\n".join(head) + "\n" + (text if defaults else "") + OmegaConf.to_yaml(body)


def _trials_in_order(studies: list[Any]) -> list[tuple[int, Any]]:
    from hydra_plugins.loopwright_sweeper.narrow import original

    ran = [(r, t) for r, s in enumerate(studies, start=1) for t in s.get_trials(deepcopy=False) if original(t)]
    return sorted(ran, key=lambda rt: (rt[1].datetime_start is None, rt[1].datetime_start or 0, rt[0]))


def _plot_best(studies: list[Any], direction: str, out: Path) -> None:
    import matplotlib.pyplot as plt
    from optuna.trial import TrialState

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    best, xs, ys = None, [], []
    for i, (r, t) in enumerate(_trials_in_order(studies)):
        if t.state == TrialState.COMPLETE:
            ax.scatter([i], [t.values[0]], s=12, color=f"C{r - 1}", label=f"round {r}")
            best = t.values[0] if best is None else (max if direction == "maximize" else min)(best, t.values[0])
        if best is not None:
            xs.append(i)
            ys.append(best)
    ax.step(xs, ys, where="post", color="black", label="best so far")
    handles, labels = ax.get_legend_handles_labels()
    unique = dict(zip(labels, handles))
    ax.legend(unique.values(), unique.keys(), fontsize=8)
    ax.set_xlabel("trial (in the order they started, every round)")
    ax.set_ylabel("value")
    ax.set_title("best value so far across rounds")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)


def _plot_spaces(state: dict[str, Any], out: Path) -> None:
    import matplotlib.pyplot as plt
    from optuna.distributions import CategoricalDistribution

    from hydra_plugins.loopwright_sweeper.narrow import load_space

    base = load_space(state["base"]["space"])
    rounds = [(e["round"], load_space(e["space"]), e["fixed_values"]) for e in state["rounds"]]
    fig, axes = plt.subplots(len(base), 1, figsize=(8, 1.2 + 1.1 * len(base)), dpi=100, squeeze=False)
    for ax, (key, dist) in zip(axes[:, 0], base.items()):
        categorical = isinstance(dist, CategoricalDistribution)
        labels = [str(c) for c in dist.choices] if categorical else None
        for r, space, fixed in rounds:
            y = -r
            if key in space and categorical:
                xs = [labels.index(str(c)) for c in space[key].choices]
                ax.scatter(xs, [y] * len(xs), color=f"C{r - 1}", s=40)
            elif key in space:
                ax.plot([space[key].low, space[key].high], [y, y], color=f"C{r - 1}", linewidth=6)
            elif key in fixed:
                x = labels.index(str(fixed[key])) if categorical else fixed[key]
                ax.scatter([x], [y], color=f"C{r - 1}", marker="x", s=60)
        if categorical:
            ax.set_xticks(range(len(labels)), labels)
        elif dist.log:
            ax.set_xscale("log")
        ax.set_yticks([-r for r, _, _ in rounds], [f"round {r}" for r, _, _ in rounds])
        ax.set_title(f"{key} (bar / dot: searched, x: fixed)", fontsize=9)
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)


def _plots(sw: Any, state: dict[str, Any], studies: list[Any]) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    lines = []
    for name, draw, args in (("research_best_so_far.png", _plot_best, (studies, state["direction"])),
                             ("research_spaces.png", _plot_spaces, (state,))):
        try:
            draw(*args, sw.sweep_dir / name)
            lines.append(f"![{name}]({name})")
        except Exception as err:  # noqa: BLE001 (a plot never costs the research its write-up)
            lines.append(f"- {name}: not drawn: {type(err).__name__}: {err}")
    return lines


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, list):
        return "[" + ", ".join(_fmt(v) for v in value) + "]"
    return str(value).replace("|", "\\|")


def _round_lines(entry: dict[str, Any], direction: str) -> list[str]:
    from hydra_plugins.loopwright_sweeper.narrow import load_space

    space = load_space(entry["space"])
    lines = [f"## Round {entry['round']}", "",
             f"- study `{entry.get('study')}`, budget {entry.get('budget')} trials, status {entry['status']}"]
    if entry["status"] != "done":
        return lines + [""]
    ran = entry.get("ran", 0)
    lines += [f"- ran {ran} trials: {entry.get('pruned', 0)} pruned ({entry.get('pruned', 0) / max(ran, 1):.0%}), "
              f"{entry.get('failed', 0)} failed; {entry.get('warm', 0)} earlier trials copied in (warm start); "
              f"{entry.get('repeats', 0)} repeats told, not run",
              f"- best value after this round: {_fmt(entry.get('best'))} (before it: {_fmt(entry.get('best_before'))})"
              + (f"; {entry['best_judged']}" if entry.get("best_judged") else "")]
    if entry.get("choice_trials"):
        lines.append(f"- its first {entry['choice_trials']} trials: the best trial so far with each other categorical "
                     "choice (research.compare_choices)")
    if entry["fixed_values"]:
        lines.append("- fixed by earlier rounds: " + ", ".join(f"`{k}={_fmt(v)}`"
                                                               for k, v in entry["fixed_values"].items()))
    if entry.get("front") is not None:
        lines.append(f"- Pareto front (the top trials the narrowing read): trials {entry['front']}")
    if entry.get("importances_note"):
        lines.append(f"- importances: {entry['importances_note']}")
    lines += _seed_lines(entry, direction)
    lines += ["", "| param | space this round | importance | decision | next round | reason |",
              "|---|---|---|---|---|---|"]
    imp = entry.get("importances", {})
    for d in entry.get("decisions", []):
        key = d["param"]
        lines.append(f"| {key} | {describe(space[key]) if key in space else ''} | "
                     f"{_fmt(imp[key]) if key in imp else ''} | {d['action']} | {_fmt(d.get('after', ''))} | "
                     f"{d['reason']} |")
    return lines + [""]


def _seed_lines(entry: dict[str, Any], direction: str) -> list[str]:
    """The seeds behind the round's decisions: the noise, and each reseeded trial's mean and interval."""
    noise, fid = entry.get("noise"), entry.get("fidelity")
    if not noise:
        return []
    lines = [f"- {noise['line']}"]
    if fid:
        rho = "not computed (fewer than 3 promoted trials, or a constant side)" if fid["spearman"] is None \
            else f"{fid['spearman']:+.3f}"
        lines.append(f"- proxy vs full fidelity (research.proxy): Spearman rank correlation {rho} over {fid['n']} "
                     "promoted trials (proxy value, full value): " + ", ".join(f"({p:.4g}, {f:.4g})"
                                                                               for p, f in fid["pairs"]))
    if entry.get("seed_jobs"):
        lines.append(f"- reseeded: trials {entry.get('seed_candidates', [])} (the top trials and each choice's best), "
                     f"{entry['seed_jobs']} jobs" + (f"; failed: {entry['seed_failures']}" if entry.get(
                         "seed_failures") else ""))
    judged = entry.get("judged") or {}
    if judged:
        top = set(entry.get("top", []))
        lines += ["", "| trial | params | own run | seeds | mean | 95% interval | top |",
                  "|---|---|---|---|---|---|---|"]
        rows = sorted(judged.items(), key=lambda kv: kv[1]["mean"], reverse=direction == "maximize")
        for number, j in rows:
            params = ", ".join(f"{k}={_fmt(v)}" for k, v in j["params"].items())
            own = f"{j['own']:.4g}" if "own" in j else ""
            lines.append(f"| {number} | {params} | {own} | {j['n']} | {j['mean']:.4g} | "
                         f"[{j['mean'] - j['halfwidth']:.4g}, "
                         f"{j['mean'] + j['halfwidth']:.4g}] | {'yes' if int(number) in top else ''} |")
        lines.append("")
    return lines


def write(sw: Any, state: dict[str, Any], studies: list[Any]) -> Path:
    from hydra_plugins.loopwright_sweeper import confirm, seeds

    sweep_dir: Path = sw.sweep_dir
    best, best_value, how = seeds.best(studies, state)
    results: dict[str, Any] = {"name": "loopwright", "research": True, "study_name": state["study_name"]}
    rec: list[str] = []
    if best is not None:
        results.update(best_value=best_value, best_params=dict(best.user_attrs.get(CONFIG_ATTR, best.params)),
                       best_run_dir=best.user_attrs.get(RUN_DIR_ATTR))
        groups = OmegaConf.to_container(OmegaConf.select(sw.config, "hydra.runtime.choices") or {})
        overrides = seeds.without_proxy(best.user_attrs.get(OVERRIDES_ATTR) or [], sw.settings)  # full fidelity
        target = sweep_dir / "experiment" / f"{EXPERIMENT}.yaml"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(experiment_yaml(overrides, groups, f"{sweep_dir}, best trial "
                                                           f"{best.user_attrs.get(RUN_DIR_ATTR)}"))
        rec = ["## Recommendation", "",
               f"Best value **{best_value:.6g}**{' (first objective)' if len(best.values) > 1 else ''}, {how} "
               f"({best.user_attrs.get(RUN_DIR_ATTR)}), written as "
               f"`experiment/{EXPERIMENT}.yaml`; run it as it is:", "", "```bash",
               f"{sw._reproduce_prefix()} hydra.searchpath=[file://{sweep_dir.resolve()}] experiment={EXPERIMENT}",
               "```", "", "```yaml", target.read_text().rstrip(), "```", ""]
    OmegaConf.save(OmegaConf.create(results), sweep_dir / "optimization_results.yaml")
    done = [e for e in state["rounds"] if e["status"] == "done"]
    lines = [f"# Research: {state['study_name']}", "",
             f"- sweep dir: `{sweep_dir}`; storage: `{sw.storage_url}` (one study per round)",
             f"- direction: {', '.join(state.get('directions') or [state['direction']])}; "
             f"budget: n_trials={state['n_trials']} over up to "
             f"{state['rounds_planned']} rounds",
             f"- objective: {(state.get('objective') or {}).get('line', 'what the job returns')}",
             "- fidelity: " + (f"every trial cheap ({' '.join(state['proxy'])}), each round's candidates promoted "
                                "to full fidelity (research.proxy)" if state.get("proxy") else "every trial at full "
                                "fidelity"),
             f"- rounds run: {len(done)}; trials run: {sum(e.get('ran', 0) for e in done)}",
             f"- stopped: {state.get('stopped') or 'not yet (rerun the same command to resume)'}", ""]
    lines += rec
    lines += confirm.lines(state.get("confirmation"))
    for entry in state["rounds"]:
        lines += _round_lines(entry, state["direction"])
    if sw.settings.report:
        lines += ["## Plots", "", *_plots(sw, state, studies), ""]
    path = sweep_dir / "research.md"
    path.write_text("\n".join(lines) + "\n")
    log.info(f"Research write-up: {path}")
    return path
