"""The names a sweep stores on its Optuna study and trials, shared by every side of a sweep.

The sweeper writes them (sweeper.py, study.py), the report reads them back
(report.py), and a job writes one of them from its own process (trial.py,
pruning.py). They live here, in a module that imports nothing, so that no two of
those modules need to import each other for a string.
"""

# Study user attributes
PRUNER_ATTR = "loopwright_pruner"  # {"name", "kwargs", "metric"}: every process builds the same pruner
LEDGER_ATTR = "loopwright_cost_ledger_start"  # cost-ledger lines already there when the study began

# Trial user attributes, set by the sweeper
OVERRIDES_ATTR = "loopwright_overrides"  # the job's overrides (without ++trial.*): the report's "reproduce it"
COST_ATTR = "loopwright_cost"  # study: hydra.sweeper.cost and the measures it used (the report names them)
RUN_DIR_ATTR = "loopwright_run_dir"  # the job's run dir: the report's table and its best/ link
BASELINE_ATTR = "loopwright_baseline"  # the enqueued trial that holds the current config's values
OWNER_ATTR = "loopwright_owner"  # {"host", "pid"} of the sweeper that asked it
STALE_ATTR = "loopwright_stale"  # why a RUNNING trial was marked FAIL on resume
RESUMES_ATTR = "loopwright_resumes"  # {"trial", "run_dir"}: an enqueued trial that continues a stale one's checkpoint
FAIL_ATTR = "loopwright_failure"  # why a trial failed

# Trial user attribute, set by the job
PRUNED_ATTR = "loopwright_pruned"  # {"step", "value"}: the pruner stopped this job there

# Research rounds (the sweeper's research.py / narrow.py)
WARM_ATTR = "loopwright_warm"  # {"round", "trial"}: a finished trial of an earlier round, copied in (not run)
REPEAT_ATTR = "loopwright_repeat_of"  # {"round", "trial"}: the sampler asked a configuration that already ran
CONFIG_ATTR = "loopwright_config"  # every searched or research-fixed value of a trial: what "a repeat" compares
