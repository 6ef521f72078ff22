"""A sweep trial's side of a sweep, in the job's process: the study/trial attribute names every side shares
(:mod:`.attrs`), the study storage and pruner (:mod:`.trial`), the pruning callback (:mod:`.pruning`).

The sweeper plugin (sweeps/hydra_plugins/loopwright_sweeper) imports these; they import nothing from it.
Outside ``hydra_plugins``, Hydra's plugin scan never executes them a second time, so ``TrialPruned`` is one class.
"""
