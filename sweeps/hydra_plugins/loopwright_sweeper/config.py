"""The sweeper's config schema, registered as ``hydra/sweeper=loopwright``.

Hydra imports every module under ``hydra_plugins`` at startup (``--help`` too),
so this module imports only the standard library, hydra and omegaconf.
"""


from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from hydra.core.config_store import ConfigStore

SAMPLERS = ("tpe", "gp", "cmaes", "random", "grid", "nsga2")
PRUNERS = ("none", "median", "successive_halving", "hyperband")


@dataclass
class ResearchConf:
    # Research rounds (docs/SWEEPS.md, "Research rounds"): rounds > 1 splits n_trials over up to `rounds`
    # studies; after each, the next round's space is narrowed from this round's trials (narrow.py).
    rounds: int = 1
    # Stop early when a round improves the best value by less than this (absolute, in the objective's units).
    epsilon: float = 0.001
    # The top trials: this share of a round's completed trials (at least 2) sets the narrowed spans.
    top_fraction: float = 0.25
    # Margin around the top trials' span, as a share of the current range (log scale where the space is log).
    margin: float = 0.1
    # A float/int parameter whose importance (Optuna's PED-ANOVA) is below this is fixed at the best trial's value.
    # 0 (default): never fixed on importance alone, only narrowed: the estimate from one round's few trials is
    # noisy, and a fix cannot be undone (bench seed 12 fixed the warm-up at importance 0.049, capping the value).
    min_importance: float = 0.0
    # Fewer completed trials than this in a round: the space is kept as it is.
    min_complete: int = 4
    # Each round after the first opens with the best trial so far once per other categorical choice (one factor
    # changed at a time): every choice compared where the other parameters are best. false: the sampler alone.
    compare_choices: bool = True
    # Earlier rounds' completed trials inside the new space are added to the new round's study.
    warm_start: bool = True
    # After the last round: the winner and the baseline (the space's defaults) rerun on this many fresh seeds
    # and compared paired on the held-out prompts (confirm.py); 0: no confirmation.
    confirm_seeds: int = 3
    # Seeds per decision (seeds.py): after each round its top trials and each categorical choice's best rerun
    # on seed+1 .. seed+seeds-1, and narrowing, fixing a choice and the recommendation read the seed-averaged
    # values against the pooled noise. 1: one seed per trial (no reseeding). A seed-free objective costs 2 jobs.
    seeds: int = 3
    # Cheap proxies (seeds.py): overrides every round trial runs with (fewer steps, a smaller eval: e.g.
    # [profile.max_steps=10, eval.limit=20]); each round's candidates are then promoted, rerun without them, and
    # decisions and the recommendation read the full-fidelity values. []: every trial at full fidelity.
    proxy: List[str] = field(default_factory=list)


@dataclass
class LoopwrightSweeperConf:
    _target_: str = "hydra_plugins.loopwright_sweeper.sweeper.LoopwrightSweeper"

    # Search space: `key: <Hydra sweep grammar>` (choice, range, interval, tag(log, ...)),
    # or `key: {type: float|int|categorical, low, high, step, log, choices}`.
    params: Dict[str, Any] = field(default_factory=dict)
    # One of SAMPLERS; its constructor's keyword arguments in sampler_kwargs.
    sampler: str = "tpe"
    seed: Optional[int] = None
    sampler_kwargs: Dict[str, Any] = field(default_factory=dict)
    # "maximize" / "minimize", or a list of them: one per value the job returns (and one more for cost).
    direction: Any = "maximize"
    # What the first objective is (src/loopwright/sweep/objective.py): auto (the held-out check's trained mean
    # when eval.held_out_check is set, else the held-out accuracy; research on a graded reward without a check
    # is refused), accuracy (the held-out accuracy, on purpose), held_out_check.
    objective: str = "auto"
    # Cost as the last objective, read from each trial's run dir (src/loopwright/sweep/cost.py): null (off),
    # auto, dollars (the cost ledger), gpu_hours, wall_s. Needs direction=[maximize, minimize].
    cost: Optional[str] = None
    # null: <sweep dir>/optuna.journal. "journal" / "sqlite": that kind of file in the
    # sweep dir. Anything else: an Optuna storage URL (sqlite:///..., postgresql://...)
    # or journal:<path>.
    storage: Optional[str] = None
    # null: derived from the sweep dir, so rerunning with the same hydra.sweep.dir resumes.
    study_name: Optional[str] = None
    # Budget. n_trials counts every trial the study has finished (resumes included).
    n_trials: int = 20
    timeout: Optional[float] = None  # seconds of this invocation; running trials finish
    max_cost: Optional[float] = None  # dollars, summed from cost_ledger lines written since the study began
    cost_ledger: str = "outputs/costs.jsonl"
    # Trials in flight at once when the launcher cannot refill slots itself (no `submit`).
    n_jobs: int = 1
    # Share of failed trials tolerated before the sweep stops and raises.
    max_failure_rate: float = 0.0
    # Enqueue the current config's values of the searched keys as the first trial.
    baseline: bool = True
    # Pruning across processes (single objective only); jobs report eval/<pruning_metric>
    # every `eval.every` steps.
    pruner: str = "none"
    pruner_kwargs: Dict[str, Any] = field(default_factory=dict)
    pruning_metric: str = "accuracy"
    # sweep_report.md, plots, best/ in the sweep dir.
    report: bool = True
    plots: List[str] = field(default_factory=lambda: ["history", "importances", "parallel_coordinate"])
    # Research rounds: read the study, narrow the space, run again (research.py); rounds=1 is one plain sweep.
    research: ResearchConf = field(default_factory=ResearchConf)


ConfigStore.instance().store(group="hydra/sweeper", name="loopwright", node=LoopwrightSweeperConf,
                             provider="loopwright_sweeper")
