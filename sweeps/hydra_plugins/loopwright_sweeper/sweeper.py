"""``hydra/sweeper=loopwright``: an Optuna 5 sweeper with pruning across jobs, resume and a report.

Each trial is one Hydra job. The sweeper asks the study for a trial, launches the
job with the trial's params as overrides plus ``++trial.study_name/storage/number``
(so the job can report its periodic held-out eval to the same storage and be
pruned), and tells the study the job's return value. With a launcher that offers
``submit`` (local_gpus), ``slots`` trials stay in flight and a finished one is
replaced at once; other launchers get batches of ``n_jobs`` through ``launch``.

Hydra imports this module at startup: optuna and everything heavy is imported
inside the methods.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import time
from concurrent.futures import FIRST_COMPLETED, wait
from pathlib import Path
from typing import Any, Sequence

from hydra.core.plugins import Plugins
from hydra.plugins.sweeper import Sweeper
from hydra.types import HydraContext, TaskFunction
from omegaconf import DictConfig, OmegaConf

from loopwright.sweep.attrs import (BASELINE_ATTR, COST_ATTR, FAIL_ATTR, LEDGER_ATTR, OVERRIDES_ATTR,
                                                     OWNER_ATTR, PRUNED_ATTR, PRUNER_ATTR, RESUMES_ATTR, RUN_DIR_ATTR)
from hydra_plugins.loopwright_sweeper.config import PRUNERS

log = logging.getLogger(__name__)
MAX_REPEATS = 50  # research rounds: consecutive asks of configurations that already ran before a round ends


def default_study_name(sweep_dir: Path) -> str:
    """Stable for a sweep dir (rerunning with the same hydra.sweep.dir resumes), distinct across sweeps."""
    parts = sweep_dir.resolve().parts[-2:]
    return "loopwright-" + re.sub(r"[^A-Za-z0-9_.-]+", "-", "-".join(parts)).strip("-")


class LoopwrightSweeper(Sweeper):
    def __init__(self, **settings: Any) -> None:
        self.settings = OmegaConf.create(settings)
        if not 0.0 <= float(self.settings.max_failure_rate) <= 1.0:
            raise ValueError(f"hydra.sweeper.max_failure_rate={self.settings.max_failure_rate} must be in [0, 1]")
        if int(self.settings.research.seeds) < 1:
            raise ValueError(f"hydra.sweeper.research.seeds={self.settings.research.seeds} must be >= 1 "
                             "(1: each trial on one seed)")
        if self.settings.pruner not in PRUNERS:
            raise ValueError(f"hydra.sweeper.pruner='{self.settings.pruner}' is not a known pruner; "
                             f"choose from {list(PRUNERS)}")
        self.config: DictConfig | None = None
        self.launcher: Any = None

    def setup(self, *, hydra_context: HydraContext, task_function: TaskFunction, config: DictConfig) -> None:
        self.config = config
        self.hydra_context = hydra_context
        self.launcher = Plugins.instance().instantiate_launcher(
            config=config, hydra_context=hydra_context, task_function=task_function)
        self.sweep_dir = Path(str(config.hydra.sweep.dir))

    # ------------------------------------------------------------------ sweep
    def sweep(self, arguments: list[str]) -> None:
        from loopwright.sweep.trial import storage_url

        from hydra_plugins.loopwright_sweeper import report, study as st
        from hydra_plugins.loopwright_sweeper.space import parse_params

        s = self.settings
        grammar = [f"{k}={v}" for k, v in s.params.items() if not OmegaConf.is_dict(v)]
        dicts = {k: OmegaConf.to_container(v) for k, v in s.params.items() if OmegaConf.is_dict(v)}
        space, fixed = parse_params(grammar + list(arguments), dicts)
        if not space:
            raise ValueError("the loopwright sweeper found no search space: give hydra.sweeper.params "
                             "(e.g. sweep=<name>) or a sweep override such as lr=interval(1e-5,1e-3)")
        self.directions = st.directions_of(s.direction)
        self.cost_kind = s.get("cost")
        from loopwright.sweep import cost  # here, not at import: Hydra's plugin scan imports this module in every run

        problem = cost.check_settings(self.cost_kind, self.directions)
        if problem:
            raise ValueError(problem)
        from loopwright.sweep import objective

        self.objective = objective.resolve(str(s.get("objective", "auto")), self.config,
                                           research=int(s.research.rounds) > 1)
        log.info(f"Objective: {self.objective['line']}")
        self.pruner_name = s.pruner
        if self.pruner_name != "none" and len(self.directions) > 1:
            log.warning("Pruning is off for multi-objective sweeps (one value per step cannot rank them)")
            self.pruner_name = "none"
        self.sweep_dir.mkdir(parents=True, exist_ok=True)
        self.storage_url = storage_url(s.storage, self.sweep_dir)
        self.study_name = s.study_name or default_study_name(self.sweep_dir)
        self.ledger = Path(s.cost_ledger)
        self.cost_measures: set[str] = set()  # what hydra.sweeper.cost=auto used: dollars, gpu_hours, wall_s
        self.failures: list[str] = []
        self.finished_here = 0
        self.started = time.monotonic()
        self.round: Any = None  # research.py's current round: repeats, run dirs, W&B group
        if int(s.research.rounds) > 1:
            from hydra_plugins.loopwright_sweeper import research

            research.run(self, space, fixed)
        else:
            self.space, self.fixed = space, fixed
            study, stale = self.open_study(self.study_name, s.seed)
            if s.baseline and not study.get_trials(deepcopy=False):  # not on resume
                self._enqueue_baseline(study)
            self.run_trials(study, int(s.n_trials))
            report.write_results(study, self.sweep_dir, self.directions)
            if s.report:
                report.write_report(study, self.sweep_dir, self._reproduce_prefix(), list(s.plots),
                                    stale=stale, storage_url=self.storage_url)
        if self._too_many_failures():
            raise RuntimeError(f"{len(self.failures)} of {self.finished_here} trials failed "
                               f"(hydra.sweeper.max_failure_rate={s.max_failure_rate}); first: {self.failures[0]}")

    def open_study(self, name: str, seed: int | None, ledger_start: int | None = None) -> tuple[Any, list[int]]:
        """(the study `name` over self.space, created or resumed; the stale trials it had)."""
        import optuna

        from loopwright.sweep.trial import make_pruner, open_storage

        from hydra_plugins.loopwright_sweeper import study as st

        s = self.settings
        sampler = st.make_sampler(s.sampler, seed, OmegaConf.to_container(s.sampler_kwargs), self.space,
                                  len(self.directions))
        self.sampler = sampler
        study = optuna.create_study(study_name=name, storage=open_storage(self.storage_url), sampler=sampler,
                                    pruner=make_pruner(self.pruner_name, OmegaConf.to_container(s.pruner_kwargs)),
                                    directions=self.directions, load_if_exists=True)
        existing = [d.name.lower() for d in study.directions]
        if existing != self.directions:
            raise ValueError(f"study '{name}' in {self.storage_url} has directions {existing}; "
                             f"hydra.sweeper.direction asks for {self.directions}")
        study.set_user_attr(PRUNER_ATTR, {"name": self.pruner_name,
                                          "kwargs": OmegaConf.to_container(s.pruner_kwargs),
                                          "metric": s.pruning_metric})
        if LEDGER_ATTR not in study.user_attrs:
            study.set_user_attr(LEDGER_ATTR, len(st.ledger_lines(self.ledger)) if ledger_start is None
                                else ledger_start)
        stale = st.fail_stale_trials(study)
        log.info(f"Study {name} ({'resumed: %d trials so far' % st.counted(study) if study.trials else 'new'})"
                 f", storage {self.storage_url}, sampler {s.sampler}, pruner {self.pruner_name}, "
                 f"directions {self.directions}")
        if self.pruner_name != "none" and not self._eval_every():
            log.warning("hydra.sweeper.pruner is set but eval.every is not: jobs report nothing to prune on")
        return study, stale

    def run_trials(self, study: Any, n_trials: int) -> None:
        """Ask, launch and tell until `study` has n_trials counted trials or a budget stops it."""
        self.n_trials = n_trials
        if self.settings.sampler == "grid":
            size = 1
            for choices in self.sampler._search_space.values():
                size *= len(choices)
            self.n_trials = min(self.n_trials, size)
        self.exhausted = False
        if hasattr(self.launcher, "submit"):
            self._run_refilling(study)
        else:
            self._run_batches(study)

    # ------------------------------------------------------------- launching
    def _run_refilling(self, study: Any) -> None:
        """Keep `slots` trials in flight; start the next one as soon as any finishes."""
        slots = max(1, int(getattr(self.launcher, "slots", 1)))
        in_flight: dict[Any, Any] = {}
        while True:
            while len(in_flight) < slots and self._may_start(study, len(in_flight)):
                asked = self._ask(study)
                if asked is None:
                    break
                trial, overrides = asked
                try:
                    future = self.launcher.submit(overrides, trial.number)
                except Exception as err:  # noqa: BLE001 (a launcher error fails the trial, not the sweep)
                    self._fail(study, trial, f"launcher could not submit it: {type(err).__name__}: {err}")
                    continue
                in_flight[future] = trial
            if not in_flight:
                return
            done, _ = wait(list(in_flight), return_when=FIRST_COMPLETED)
            for future in done:
                trial = in_flight.pop(future)
                try:
                    ret = future.result()
                except Exception as err:  # noqa: BLE001
                    self._fail(study, trial, f"{type(err).__name__}: {err}")
                    continue
                self._tell(study, trial, ret)

    def _run_batches(self, study: Any) -> None:
        """Launchers without `submit`: batches of n_jobs through launcher.launch."""
        while self._may_start(study, 0):
            batch = []
            while len(batch) < max(1, int(self.settings.n_jobs)) and self._may_start(study, len(batch)):
                asked = self._ask(study)
                if asked is None:
                    break
                batch.append(asked)
            if not batch:
                return
            try:
                returns = self.launcher.launch([o for _, o in batch], initial_job_idx=batch[0][0].number)
            except (Exception, SystemExit) as err:  # noqa: BLE001 (an in-process job may sys.exit)
                detail = f"exit code {err.code}" if isinstance(err, SystemExit) else f"{type(err).__name__}: {err}"
                for trial, _ in batch:
                    self._fail(study, trial, f"the job stopped the launcher ({detail})")
                continue
            for (trial, _), ret in zip(batch, returns):
                self._tell(study, trial, ret)

    def _may_start(self, study: Any, pending: int) -> bool:
        from hydra_plugins.loopwright_sweeper import study as st

        s = self.settings
        if self._too_many_failures() or self.exhausted:
            return False
        if st.counted(study) + pending >= self.n_trials:
            return False
        if s.timeout is not None and time.monotonic() - self.started >= float(s.timeout):
            log.info(f"Budget: hydra.sweeper.timeout={s.timeout}s reached; no new trials")
            return False
        if s.max_cost is not None:
            cost = st.spent(self.ledger, int(study.user_attrs.get(LEDGER_ATTR, 0)))
            if cost >= float(s.max_cost):
                log.info(f"Budget: ${cost:.2f} spent (ledger {self.ledger}) >= hydra.sweeper.max_cost="
                         f"{s.max_cost}; no new trials")
                return False
        return True

    def _too_many_failures(self) -> bool:
        return bool(self.failures) and len(self.failures) / max(self.finished_here, 1) > float(
            self.settings.max_failure_rate)

    # ------------------------------------------------------------ ask / tell
    def _ask(self, study: Any) -> tuple[Any, list[str]] | None:
        """The next trial and its job's overrides; None when research rounds find only repeats left."""
        from hydra_plugins.loopwright_sweeper import study as st
        from hydra_plugins.loopwright_sweeper.space import override_value

        for _ in range(MAX_REPEATS):
            trial = study.ask(fixed_distributions=self.space)
            if self.round is None or not self.round.is_repeat(study, trial):
                break
        else:
            log.info(f"{MAX_REPEATS} asks in a row were configurations that already ran: the space is exhausted")
            self.exhausted = True
            return None
        params = [f"{key}={override_value(value)}" for key, value in trial.params.items()]
        overrides = [line for key, line in self.fixed.items() if key not in trial.params] + params
        trial.set_user_attr(OVERRIDES_ATTR, overrides)
        trial.set_user_attr(OWNER_ATTR, st.owner())
        trial.set_user_attr(RUN_DIR_ATTR, str(self.sweep_dir / str(trial.number)))
        log.info(f"Trial {trial.number}: {' '.join(params)}")
        placed = self._continuation(trial) or (self.round.placement(trial) if self.round is not None else [])
        return trial, overrides + placed + [f"++trial.study_name={override_value(study.study_name)}",
                                   f"++trial.storage={override_value(self.storage_url)}",
                                   f"++trial.number={trial.number}"]

    def _continuation(self, trial: Any) -> list[str]:
        """A trial enqueued to continue a stale one (study.fail_stale_trials): its run dir and resume=auto."""
        resumes = trial.user_attrs.get(RESUMES_ATTR)
        if not resumes:
            return []
        run_dir = Path(resumes["run_dir"])
        trial.set_user_attr(RUN_DIR_ATTR, str(run_dir))
        log.info(f"Trial {trial.number} continues trial {resumes['trial']} from its checkpoint in {run_dir}")
        subdir = os.path.relpath(run_dir, self.sweep_dir)
        return [f"hydra.sweep.subdir={subdir}", "resume=auto"]

    def _tell(self, study: Any, trial: Any, ret: Any) -> None:
        from hydra.core.utils import JobStatus
        from optuna.trial import TrialState

        run_dir = OmegaConf.select(ret.hydra_cfg, "hydra.runtime.output_dir") if ret.hydra_cfg else None
        if run_dir:
            trial.set_user_attr(RUN_DIR_ATTR, str(run_dir))
        if ret.status == JobStatus.FAILED:
            error = ret._return_value
            self._fail(study, trial, f"{type(error).__name__}: {error}")
            return
        if PRUNED_ATTR in study._storage.get_trial(trial._trial_id).user_attrs:
            study.tell(trial, state=TrialState.PRUNED)
            self.finished_here += 1
            log.info(f"Trial {trial.number} pruned")
            return
        try:
            values = self.objective_values(ret.return_value, run_dir) + self._cost(run_dir)
        except ValueError as err:  # cost.CostUnknown included: a cost that cannot be read fails the trial
            self._fail(study, trial, str(err))
            return
        if self.cost_kind:
            study.set_user_attr(COST_ATTR, {"setting": self.cost_kind, "measures": sorted(self.cost_measures)})
        try:
            study.tell(trial, values)
        except RuntimeError as err:
            # The grid sampler calls study.stop() when the grid is exhausted, which Optuna only
            # allows inside study.optimize; the trial is already recorded as COMPLETE by then.
            if "Study.stop" not in str(err):
                raise
        self.finished_here += 1
        log.info(f"Trial {trial.number} finished: {values}")

    def objective_values(self, returned: Any, run_dir: Any) -> list[float]:
        """The job's objective values (without the cost, which is the sweeper's): what it returned, the first
        replaced by the held-out check's trained mean where hydra.sweeper.objective says so (objective.py)."""
        values = self._values(returned)
        if self.objective["source"] == "held_out_check":
            from loopwright.sweep import objective

            values[0] = objective.trial_value("held_out_check", run_dir)
        return values

    def _values(self, returned: Any) -> list[float]:
        n = len(self.directions) - (1 if self.cost_kind else 0)  # the cost is the sweeper's, not the job's
        raw: Sequence[Any] = returned if isinstance(returned, (list, tuple)) or OmegaConf.is_list(returned) \
            else [returned]
        if len(raw) != n:
            raise ValueError(f"the job returned {returned!r}: expected {n} value(s), one per direction")
        try:
            values = [float(v) for v in raw]
        except (TypeError, ValueError):
            raise ValueError(f"the job returned {returned!r}, which is not a number "
                             "(train.py returns the held-out accuracy; eval.enabled must be true)") from None
        if any(v != v or v in (float("inf"), float("-inf")) for v in values):
            raise ValueError(f"the job returned a non-finite value {values}")
        return values

    def _cost(self, run_dir: Any) -> list[float]:
        """[the trial's cost] (hydra.sweeper.cost), read from its run dir; [] when cost is no objective."""
        if not self.cost_kind:
            return []
        from loopwright.sweep import cost

        if not run_dir:
            raise cost.CostUnknown(f"hydra.sweeper.cost={self.cost_kind}: the job reported no run dir")
        value, measure = cost.trial_cost(self.cost_kind, Path(str(run_dir)), self.ledger)
        self.cost_measures.add(measure)
        return [value]

    def _fail(self, study: Any, trial: Any, reason: str) -> None:
        from optuna.trial import TrialState

        trial.set_user_attr(FAIL_ATTR, reason[:2000])
        study.tell(trial, state=TrialState.FAIL)
        self.failures.append(f"trial {trial.number}: {reason}")
        self.finished_here += 1
        log.warning(f"Trial {trial.number} failed: {reason}")

    # ----------------------------------------------------------------- misc
    def _enqueue_baseline(self, study: Any) -> None:
        from hydra_plugins.loopwright_sweeper import study as st

        if self.settings.sampler == "grid":
            # The grid sampler visits every point anyway, and cannot tell an enqueued trial
            # from an unvisited grid point: the baseline would run twice.
            log.info("Baseline: not enqueued with sampler=grid (the grid covers it)")
            return
        params = st.baseline_params(self.config, self.space)
        if params:
            study.enqueue_trial(params, user_attrs={BASELINE_ATTR: True})
            log.info(f"Baseline trial enqueued: {params}")

    def _eval_every(self) -> Any:
        if "eval.every" in self.fixed:
            return self.fixed["eval.every"].split("=", 1)[1].strip() not in ("null", "0")
        return OmegaConf.select(self.config, "eval.every", default=None)

    def _reproduce_prefix(self) -> str:
        """The report's command, started the way this sweep was: a script, ``python -m`` or a console script."""
        spec = getattr(sys.modules.get("__main__"), "__spec__", None)
        if spec is not None and spec.name:  # python -m loopwright.train: spec.name is "loopwright.train.__main__"
            return f"python -m {spec.name.removesuffix('.__main__')}"
        script = sys.argv[0] if sys.argv and sys.argv[0] else "train.py"
        return f"python {script}" if script.endswith(".py") else script  # loopwright-train runs by itself
