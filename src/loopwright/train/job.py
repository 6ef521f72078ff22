"""train(cfg): the training job, as its list of steps (:mod:`loopwright.train.steps`).

The config has been validated by the caller (:mod:`loopwright.train.cli`). Everything
the run produces lands in ``run_dir``:

    .hydra/             Hydra's composed config and overrides
    data/               train.jsonl, held_out.jsonl (hashed in the manifest)
    metrics.jsonl       one JSON line per logged step
    eval_results.json   base vs trained, per prompt + summary
    reward_curve.png    reward per step (loopwright.train.plots)
    model/              trained weights, or the LoRA adapter
    manifest.json       config, versions, git, hashes, timings, result (loopwright.train.record)
"""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Any, Callable

from loopwright.train import exits, steps
from loopwright.train.record import RunRecord
from loopwright.train.steps import Job


def train(cfg: Any, run_dir: Path | None = None, callbacks: list | Callable[[], list] | None = None,
          reward_audit: dict | None = None) -> dict[str, Any]:
    """Run one training job described by ``cfg``; return the evaluation summary. ``reward_audit``: the pre-flight
    gaming audit's record (loopwright.train.reward_audit), written into the manifest.

    An exception ends the manifest with the status the exits table gives it, and is re-raised."""
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    set_omp_wait_policy(cfg)
    release_what_an_earlier_job_froze()
    run_dir = Path(run_dir or Path.cwd()).resolve()
    run_dir.mkdir(parents=True, exist_ok=True)
    from loopwright.train.resume import plan

    resume_plan = plan(cfg, run_dir)  # refuses an incompatible checkpoint before anything here is rewritten
    from loopwright.train.preemption import Preempted, PreemptionWatch  # transformers: after the refusal

    record = RunRecord.start(cfg, run_dir)
    if reward_audit is not None:
        record.reward_audit(reward_audit)
    from loopwright.loggers import create as create_tracker

    watch = PreemptionWatch().install()
    job = Job(cfg, run_dir, record, create_tracker(cfg, run_dir), resume=resume_plan, preemption=watch)
    how = exits.FAILED
    try:
        # A callable is called here, after the resume check: building a sweep's callbacks imports transformers.
        result = _run(job, (callbacks() if callable(callbacks) else callbacks) or [])
        how = exits.COMPLETED
    except BaseException as err:
        if isinstance(err, Preempted):
            err.before_exit = watch.requeue  # after the exit message: a submitit job is requeued
        how = exits.exit_for(err)
        record.finish(how, err)
        raise
    finally:
        watch.restore()
        job.tracker.finish(0 if how.clean else 1)  # every exit path: a multirun's jobs never merge in W&B
    record.finish()
    return result


# Spins before a waiting OpenMP thread sleeps, for profile.omp_wait_policy=brief. Measured on the 2-core box,
# generation of the default job's rollout (docs/BENCHMARKS.md): idle, 2000 spins was 1.78 s against 1.48 s for
# libgomp's default and 2.06 s for passive; with two other busy processes, 2.44 s against 5.49 s and 2.71 s.
BRIEF_SPIN_COUNT = 2000


def set_omp_wait_policy(cfg: Any) -> None:
    """profile.omp_wait_policy -> OMP_WAIT_POLICY, read once when torch loads OpenMP (so: before torch is
    imported; a value already in the environment wins). With libgomp's spinning default, SmolLM2 episode
    generation on the shared 2-core box was >10x slower than with passive waits (docs/EPISODES.md)."""
    import sys

    policy = cfg.profile.get("omp_wait_policy")
    if policy is None or "torch" in sys.modules or "OMP_WAIT_POLICY" in os.environ:
        return
    policy = getattr(policy, "value", str(policy))
    if policy == "brief":  # libgomp's default policy with a short spin (its default spins 300000 times)
        os.environ.setdefault("GOMP_SPINCOUNT", str(BRIEF_SPIN_COUNT))
    else:
        os.environ["OMP_WAIT_POLICY"] = policy.upper()


_froze: list[bool] = []  # a job in this process froze objects (freeze_what_the_job_holds)


def freeze_what_the_job_holds() -> None:
    """Move every object alive now (the imported stack, the model, the data) out of the garbage collector's sight:
    they live to the job's end anyway, and each full collection during training walked them all again
    (accelerate's gc.collect() after training among them). Measured, one-step smoke runs (model=tiny profile=smoke,
    plain processes, 2-core box, two rounds alternated): 6.0 s -> 5.0 s. Not unfrozen when the job ends: the
    collection at the interpreter's exit would walk them all once more (5.7 s). A next job in the same process
    unfreezes them."""
    gc.collect()  # what is garbage already is freed, not kept for the job's length
    gc.freeze()
    _froze.append(True)


def release_what_an_earlier_job_froze() -> None:
    """Hydra's basic launcher runs a multirun's jobs one after another in one process: the objects an earlier job
    froze (its model among them) can be collected again."""
    if _froze:
        gc.unfreeze()
        _froze.clear()
        gc.collect()  # now, before this job loads its model: a GPU's memory held by the last one's cycles goes


def _run(job: Job, extra_callbacks: list) -> dict[str, Any]:
    from loopwright.evaluation.held_out import raise_if_no_gain
    from loopwright.evaluation.paired import raise_if_dont_ship
    from loopwright.evaluation.prompts import raise_if_below_floor

    stop_if_signalled = job.preemption.raise_if_received  # a preemption whose exception a library dropped
    resume_from = steps.prepare(job)
    data = steps.load_data(job)
    model, tokenizer = steps.load_model(job)
    if job.cfg.task.multi_turn:  # episodes: generated == re-rendered tokens (a single-turn run loads none of it)
        from loopwright.episodes import token_report

        token_report.preflight(job, tokenizer, data.train_rows)
    stop_if_signalled()
    held_out = steps.held_out_eval(job, tokenizer, data)
    base = steps.evaluate_base(job, model, held_out)
    stop_if_signalled()
    freeze_what_the_job_holds()
    trainer, watchers = steps.prepare_trainer(job, model, tokenizer, data, held_out, resume_from, extra_callbacks)
    result = steps.run_training(job, trainer, watchers, resume_from)
    step = result["global_step"]
    result.update(steps.verify_rollout_sync(job, trainer, tokenizer, data))
    stop_if_signalled()
    result.update(steps.evaluate_trained(job, trainer.model, held_out, data, base, step))
    stop_if_signalled()
    result.update(steps.plot_rewards(job))
    result.update(steps.save_model(job, trainer.model, tokenizer, step))
    job.record.result(result, job.tracker)
    print(f"[loopwright] run dir: {job.run_dir}", flush=True)
    raise_if_below_floor(result)  # last: every artifact is written, the manifest then says gate_failed
    raise_if_dont_ship(result)  # eval.gate: the manifest then says dont_ship
    raise_if_no_gain(result, bool(job.cfg.eval.get("require_gain")))  # the manifest then says no_gain
    return result
