"""The steps of a training job, in the order :func:`loopwright.train.job.train` runs them.

Each step takes the :class:`Job` (config, run dir, run record, tracker), does one
thing, records it in the manifest and returns what later steps need. Heavy imports
(torch, transformers, TRL) stay inside the steps.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from loopwright.runs import writer
from loopwright.train.ranks import is_rank_zero, tag, world_size
from loopwright.train.record import RunRecord


@dataclass
class Job:
    cfg: Any
    run_dir: Path
    record: RunRecord
    tracker: Any  # loopwright.loggers.Tracker
    resume: Any = None  # loopwright.train.resume.ResumePlan: the checkpoint to continue from, checked
    preemption: Any = None  # loopwright.train.preemption.PreemptionWatch


@dataclass
class Data:
    train_rows: list[dict]
    held_out: list[dict]
    held_out_file: Any  # loopwright.evaluation.prompts.HeldOutFile, or None
    graders: list
    reward_fn: Callable[..., list[float]]  # held-out score: weighted mean of the graders


@dataclass
class HeldOut:
    """Greedy evaluation of a policy on the held-out rows (before, during and after training)."""

    tokenizer: Any
    rows: list[dict]
    reward_fn: Callable[..., list[float]]
    max_new_tokens: int
    batch_size: int
    threshold: float
    environment: Any = None  # task.multi_turn: the training environment class; evaluation then runs episodes
    template_kwargs: Any = None  # model.thinking's chat-template kwargs: the prompt bytes training renders

    def evaluate(self, policy: Any) -> tuple:
        """(completions, scores), plus the per-episode records (every turn) when in episodes. Base and trained
        alike run as their saved weights do (held_out.saved_precision), not under the trainer's autocast."""
        from loopwright.evaluation.held_out import evaluate_policy, saved_precision

        with saved_precision(policy):
            if self.environment is not None:
                from loopwright.evaluation.in_episodes import evaluate_episodes

                return evaluate_episodes(policy, self.tokenizer, self.rows, self.environment, self.reward_fn,
                                         self.max_new_tokens, self.batch_size, self.template_kwargs)
            return evaluate_policy(policy, self.tokenizer, self.rows, self.reward_fn, self.max_new_tokens,
                                   self.batch_size, self.template_kwargs)

    def summary(self, policy: Any) -> dict[str, float]:
        from loopwright.evaluation.held_out import summarize

        return summarize(self.evaluate(policy)[1], self.threshold)


def _say(text: str) -> None:
    print(f"[loopwright] {tag()}{text}", flush=True)


def _distinct(rows: list[dict]) -> int:
    return len({json.dumps(r["prompt"], sort_keys=True) for r in rows})


def _remove_if_empty(directory: Path, wait_for_every_rank: Callable[[], None]) -> None:
    """TRL creates its output_dir even with checkpointing off; drop it when unused.

    In a multi-process job rank 0 alone removes it, once every rank has left ``trainer.train``:
    transformers' ``_finalize_training`` globs the dir, and a rank still there crashed with FileNotFoundError
    when a faster rank removed it (profile=multi_gpu's stand-in, fresh-ci on 5000b5b)."""
    if world_size() > 1:
        wait_for_every_rank()
        if not is_rank_zero():
            return
    try:
        if not any(directory.iterdir()):
            directory.rmdir()
    except OSError:  # gone already (FileNotFoundError) or no longer empty
        pass


def prepare(job: Job) -> Path | None:
    """Seed, quiet a known warning, find the checkpoint to resume from, start the tracker."""
    import warnings

    import numpy as np
    import torch

    # transformers 5 renamed gradient_checkpointing; TRL 1.16 still only has the old
    # name (and defaults it to True), so we must pass it and the warning is noise.
    warnings.filterwarnings("ignore", message=r"`(is_)?gradient_checkpointing` is deprecated", category=FutureWarning)
    seed = int(job.cfg.seed)
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    resume_from = job.resume.checkpoint if job.resume is not None else None
    if job.resume is not None and job.resume.implied_by:
        _say(f"resume=auto implied: {job.resume.implied_by}")
    job.tracker.begin(resume_from)  # before the trainer: TRL's report_to reuses this W&B run
    job.record.tracking(job.tracker)
    return resume_from


def load_data(job: Job) -> Data:
    """Task rows (the held-out prompts file replaces the task's held-out split), graders, data/ files."""
    from loopwright import rewards
    from loopwright.episodes import demonstrations
    from loopwright.evaluation import prompts
    from loopwright.runs import lineage

    cfg = job.cfg
    train_rows, held_out = demonstrations.build(cfg.task)
    held_out_file = prompts.load(cfg.eval.prompts, cfg.task) if cfg.eval.enabled and cfg.eval.prompts else None
    if held_out_file is not None:
        held_out = held_out_file.rows
    limit = cfg.eval.get("limit")  # a config saved before eval.limit existed has none
    if limit and limit < len(held_out):
        _say(f"eval.limit={limit}: evaluating the first {limit} of {len(held_out)} held-out prompts")
        held_out = held_out[:limit]
        if held_out_file is not None:  # its assertions and prompt count cover only what is evaluated
            held_out_file = held_out_file.first(limit)
    job.record.lineage(lineage.record(cfg))
    data_dir = job.run_dir / "data"
    distinct_train = _distinct(train_rows)
    dataset = {
        "train": {"path": "data/train.jsonl", "rows": len(train_rows), "distinct_prompts": distinct_train,
                  "sha256": writer.write_jsonl(data_dir / "train.jsonl", train_rows)},
        "held_out": {"path": "data/held_out.jsonl", "rows": len(held_out), "distinct_prompts": _distinct(held_out),
                     "sha256": writer.write_jsonl(data_dir / "held_out.jsonl", held_out)},
    }
    job.record.dataset(dataset)
    job.tracker.log_data(data_dir, dataset)
    if distinct_train < len(train_rows):
        _say(f"task.n_train={len(train_rows)} rows repeat {distinct_train} distinct "
             f"training prompts (the task has no more outside the held-out split)")
    graders = rewards.build(cfg.reward)
    return Data(train_rows, held_out, held_out_file, graders, rewards.combined(graders))


def load_model(job: Job) -> tuple[Any, Any]:
    from loopwright.models import families
    from loopwright import models

    with job.record.timed("load_model_s"):
        kernel = job.cfg.profile.get("attn_implementation")
        model, tokenizer = models.load(job.cfg.model, getattr(kernel, "value", kernel))
    kwargs = families.chat_template_kwargs(job.cfg)
    if kwargs and "enable_thinking" not in str(tokenizer.chat_template or ""):
        raise ValueError(f"model.thinking={job.cfg.model.thinking.value}: the chat template of "
                         f"{job.cfg.model.name_or_path or job.cfg.model.name} takes no enable_thinking (not a Qwen3 "
                         "template); set model.thinking=null")
    job.record.model(models.weights_source(job.cfg.model), sum(p.numel() for p in model.parameters()),
                     trust_remote_code=bool(job.cfg.model.trust_remote_code), thinking=families.thinking(job.cfg),
                     chat_template_kwargs=kwargs)
    if job.cfg.model.get("thinking") is not None:
        _say(f"thinking: {families.thinking(job.cfg)['why']} -> chat_template_kwargs {kwargs}")
    return model, tokenizer


def held_out_eval(job: Job, tokenizer: Any, data: Data) -> HeldOut:
    from loopwright.models import families

    cfg = job.cfg
    environment = None
    if cfg.task.multi_turn:  # the same environment and tools as training (loopwright.evaluation.in_episodes)
        from loopwright.episodes import environment_class

        environment = environment_class(cfg)
    return HeldOut(tokenizer, data.held_out, data.reward_fn,
                   max_new_tokens=int(cfg.eval.max_new_tokens or cfg.profile.max_completion_length),
                   batch_size=int(cfg.profile.eval_batch_size), threshold=float(cfg.eval.success_threshold),
                   environment=environment, template_kwargs=families.chat_template_kwargs(cfg))


def evaluate_base(job: Job, model: Any, held_out: HeldOut) -> tuple[list[str], list[float]] | None:
    if not job.cfg.eval.enabled or not is_rank_zero():  # a multi-process job evaluates once, on rank 0
        return None
    _say(f"evaluating the base model on {len(held_out.rows)} held-out prompts ...")
    with job.record.timed("eval_base_s"):
        return held_out.evaluate(model)


@dataclass
class Watchers:
    """The callbacks whose state the job reads after training."""

    metrics: Any  # MetricsFileCallback: metrics.jsonl, steps logged, TRL's end-of-run summary
    guard: Any  # GuardCallback: why training stopped early
    preemption: Any = None  # PreemptionCallback: the step a preemption signal stopped training at
    hang: list = field(default_factory=list)  # HangWatchdog (guards.hang_*): stopped however training ends
    hacking: Any = None  # HackingMonitor (train/hacking.py): the step it stopped a gamed run at


def prepare_trainer(job: Job, model: Any, tokenizer: Any, data: Data, held_out: HeldOut, resume_from: Path | None,
                  extra_callbacks: list) -> tuple[Any, Watchers]:
    """The objective's trainer with our callbacks: metrics file, guards, tracker, periodic eval, progress bar."""
    import torch
    from transformers.trainer_callback import ProgressCallback

    from loopwright import objectives
    from loopwright.train import checkpoints, resume, signal_check
    from loopwright import models
    from loopwright.train.callbacks import (MetricsFileCallback, PeriodicEvalCallback, ProgressBarCallback,
                                            ResumedHorizonCallback)
    from loopwright.train.guards import GuardCallback, ResumeProgress, hang_watchdog
    from loopwright.train.preemption import PreemptionCallback

    cfg, run_dir = job.cfg, job.run_dir
    metrics = MetricsFileCallback(run_dir / "metrics.jsonl")
    g = cfg.guards
    guard = GuardCallback(g.zero_signal_steps, bool(g.stop_on_nonfinite), g.max_time,
                          drift_max=g.rollout_drift_max, drift_steps=int(g.rollout_drift_steps))
    hang = hang_watchdog(g, run_dir, job.record)
    from loopwright.train.hacking import monitor_for

    graders, hacking = monitor_for(cfg, data.graders, data.reward_fn, metrics)  # before metrics: one line per step
    callbacks = [*([hacking] if hacking else []), metrics, guard, *hang, *job.tracker.callbacks(), *extra_callbacks]
    if cfg.eval.enabled and cfg.eval.every:
        # after each periodic eval: the dashboard first, then a sweep trial's pruning hook
        listeners = [lambda step, summary, control: job.tracker.log_eval_step(step, summary),
                     *(cb.on_periodic_eval for cb in extra_callbacks if hasattr(cb, "on_periodic_eval"))]
        callbacks.append(PeriodicEvalCallback(int(cfg.eval.every), held_out.summary, metrics, listeners))
    if resume_from is not None:
        kept = checkpoints.truncate_metrics(run_dir / "metrics.jsonl", checkpoints.step_of(resume_from))
        # the line this resume leaves (an explicit resume from an older checkpoint): never preferred again
        aside = checkpoints.set_aside_newer(run_dir, checkpoints.step_of(resume_from))
        _say(f"resuming from {resume_from} ({kept} metrics lines kept"
             + (f"; newer checkpoints set aside in {aside[0].parent}" if aside else "") + ")")
        job.record.resumed(resume_from, job.resume.record())
        if g.resume_progress:
            callbacks.append(ResumeProgress(resume_from, checkpoints.step_of(resume_from), int(cfg.profile.max_steps)))
        if job.resume.saved_max_steps is not None:  # a changed max_steps: the LR follows the new schedule at once
            callbacks.append(ResumedHorizonCallback(int(job.resume.saved_max_steps)))
    elif job.resume is not None and job.resume.requested:  # resume=auto, nothing saved yet: a fresh start
        checkpoints.truncate_metrics(run_dir / "metrics.jsonl", 0)  # lines of an attempt killed before its first save
        checkpoints.set_aside_newer(run_dir, 0)  # incomplete saves of that attempt: out of the next resume's way
    preemption = PreemptionCallback(job.preemption) if job.preemption is not None else None
    callbacks += [preemption] if preemption is not None else []
    trainer, trainer_kwargs = objectives.build_trainer(
        cfg, model, tokenizer, graders, data.train_rows, output_dir=run_dir / checkpoints.CHECKPOINT_DIR,
        callbacks=callbacks, peft_config=models.lora_config(cfg.model))
    # Always: a preemption saves a checkpoint even when checkpoint.every is null.
    fingerprint = resume.fingerprint(cfg, job.record.data["dataset"]["train"]["sha256"])
    checkpoints.make_saves_atomic(trainer, run_dir, int(cfg.checkpoint.keep), fingerprint)
    signal_check.attach(job, data, trainer)  # step 1's rollouts judged before its optimizer step: exit 10 if none
    trainer.remove_callback(ProgressCallback)
    trainer.add_callback(ProgressBarCallback(f"{cfg.objective.name} on {cfg.task.name}"))
    job.record.trainer(trainer, trainer_kwargs, torch_threads=torch.get_num_threads())
    if cfg.objective.trainer.value != "sft":
        job.record.objective_scaling(objectives.scaling_record(cfg))
    job.record.rollout(rollout=_rollout_record(cfg, trainer, trainer_kwargs))
    return trainer, Watchers(metrics, guard, preemption, hang, hacking)


def _rollout_record(cfg: Any, trainer: Any, trainer_kwargs: dict[str, Any]) -> dict[str, Any]:
    """Which engine generated, every vllm_* field TRL got, and what the engine itself reports."""
    from loopwright import rollout

    record: dict[str, Any] = {"option": cfg.rollout.name, "engine": "vllm" if rollout.uses_vllm(cfg) else "hf",
                              "trainer_fields": {k: v for k, v in trainer_kwargs.items() if "vllm" in k}}
    if rollout.uses_vllm(cfg) and trainer_kwargs["vllm_mode"] == "colocate":
        from loopwright.rollout import cpu_weights, vllm_engine

        record.update(mode="colocate", engine_args=vllm_engine.engine_args(cfg, vllm_engine.on_cpu(trainer_kwargs)),
                      served=vllm_engine.engine_record(trainer), cpu_weight_patch=cpu_weights.applied())
    elif rollout.uses_vllm(cfg):
        record.update(mode="server", base_url=str(cfg.rollout.base_url))
    return record


def verify_rollout_sync(job: Job, trainer: Any, tokenizer: Any, data: Data) -> dict[str, Any]:
    """rollout.verify_sync: vLLM's greedy completions on the trained weights equal transformers'."""
    from loopwright import rollout

    cfg = job.cfg
    if not (rollout.uses_vllm(cfg) and cfg.rollout.mode.value == "colocate" and cfg.rollout.verify_sync):
        return {}
    from loopwright.rollout.sync_check import RolloutSyncError, verify
    from loopwright.models import families

    rows = (data.held_out or data.train_rows)[: int(cfg.rollout.verify_sync_prompts)]
    with job.record.timed("rollout_sync_s"):
        result = verify(trainer, tokenizer, rows, int(cfg.profile.max_completion_length),
                        families.chat_template_kwargs(cfg))
    job.record.rollout(rollout_sync=result)
    _say(f"rollout sync: vLLM == transformers greedy on {result['identical']}/{result['prompts']} prompts, "
         f"max log-prob gap {result['max_logprob_gap']:.2g}, dtype {result['dtype']['vllm']} / "
         f"{result['dtype']['trainer']}")
    if not result["passed"] or not result["dtype"]["equal"]:
        raise RolloutSyncError(f"{result['prompts'] - result['identical']} of {result['prompts']} greedy completions "
                               f"differ, max log-prob gap {result['max_logprob_gap']:.3g} (tolerance "
                               f"{result['tolerance']}); dtype vLLM {result['dtype']['vllm']}, trainer "
                               f"{result['dtype']['trainer']}")
    return {"rollout_sync": {k: result[k] for k in ("prompts", "identical", "max_logprob_gap")}}


def run_training(job: Job, trainer: Any, watchers: Watchers, resume_from: Path | None) -> dict[str, Any]:
    """Train; raise RunAborted when a guard stopped it. Returns the result's training part."""
    from loopwright.train import checkpoints

    cfg = job.cfg
    _say(f"training: {cfg.objective.name} on {cfg.task.name}, {cfg.profile.max_steps} steps, "
         f"device {trainer.args.device}")
    try:
        with job.record.timed("train_s"):
            trainer.train(resume_from_checkpoint=str(resume_from) if resume_from else None)
    finally:  # an exception out of a step leaves no watchdog armed behind it (an in-process sweep runs on)
        for watchdog in watchers.hang:
            watchdog.stop()
    _remove_if_empty(job.run_dir / checkpoints.CHECKPOINT_DIR, trainer.accelerator.wait_for_everyone)
    step = trainer.state.global_step
    job.record.trained(step)
    if watchers.guard.abort_reason and watchers.guard.abort_kind.__name__ == "RolloutDrift":
        plot_rewards(job)  # the gap curve beside the reward: what the message points to
    watchers.guard.raise_if_aborted()
    if watchers.hacking is not None:  # the curve marks the step; the manifest keeps the monitor's figures
        job.record.reward_hacking(watchers.hacking.report)
        watchers.hacking.raise_if_tripped(before=lambda: plot_rewards(job))
    if watchers.preemption is not None and watchers.preemption.stopped_at is not None:
        from loopwright.train.preemption import Preempted

        saved = checkpoints.complete_checkpoints(job.run_dir)
        raise Preempted(job.preemption.received, step, saved[-1] if saved else None)
    return {"global_step": step, "steps_logged": watchers.metrics.steps_logged,
            "train_summary": watchers.metrics.summary, "stopped_by": watchers.guard.stopped_by}


def evaluate_trained(job: Job, policy: Any, held_out: HeldOut, data: Data, base: Any, step: int) -> dict[str, Any]:
    """Trained vs base on the held-out rows -> eval_results.json, the eval.fail_below gate recorded
    (raised only at the very end, once every artifact is written). Returns the summary."""
    if not job.cfg.eval.enabled or not is_rank_zero():
        return {}
    from loopwright.evaluation import held_out as evaluation, prompts

    _say("evaluating the trained policy ...")
    with job.record.timed("eval_trained_s"):
        trained = held_out.evaluate(policy)
    results = evaluation.base_vs_trained(held_out.rows, base, trained, held_out.threshold)
    if data.held_out_file is not None:
        prompts.annotate(results, data.held_out_file)
    prompts.apply_fail_below(results["summary"], job.cfg.eval.fail_below)
    if job.cfg.eval.gate is not None:  # eval.gate=base: the ship gate against this run's base model
        from loopwright.evaluation.paired import gate_run

        results["summary"]["ship_gate"] = gate_run(results, held_out.rows, job.run_dir, job.cfg.eval.gate)
    if job.cfg.eval.get("held_out_check"):  # a signal training never saw: reward up while it falls = hacking
        from loopwright.evaluation.held_out_check import compare

        results["summary"]["held_out_check"] = compare(job.cfg.eval.held_out_check, held_out.rows, results["records"])
    writer.write_json_atomic(job.run_dir / "eval_results.json", results)
    job.tracker.log_eval_results(results, step)
    print("\n" + evaluation.format_table(results["summary"]) + "\n", flush=True)
    if data.held_out_file is not None:
        print(prompts.format_assertions(results["summary"]) + "\n", flush=True)
    for key, text in (("ship_gate", "table"), ("held_out_check", "verdict")):
        if key in results["summary"]:
            print(results["summary"][key][text] + "\n", flush=True)
    return results["summary"]


def plot_rewards(job: Job) -> dict[str, Any]:
    from loopwright.train.plots import reward_curve

    cfg = job.cfg
    if reward_curve(job.run_dir, job.run_dir / "reward_curve.png",
                    f"{cfg.objective.name} / {cfg.task.name} / {cfg.model.name}"):
        return {"reward_curve": "reward_curve.png"}
    return {}


def save_model(job: Job, policy: Any, tokenizer: Any, step: int) -> dict[str, Any]:
    """Weights (or the LoRA adapter) and tokenizer into model/, when save_model is set."""
    if not job.cfg.save_model:
        return {}
    model_dir = job.run_dir / "model"
    with job.record.timed("save_model_s"):
        policy.save_pretrained(model_dir, safe_serialization=True)
        tokenizer.save_pretrained(model_dir)
        from loopwright.models import families

        if families.chat_template_kwargs(job.cfg):  # serve and chat render prompts as training did
            families.save_kwargs(model_dir, families.chat_template_kwargs(job.cfg))
    job.tracker.log_model(model_dir, step)
    return {"model_dir": "model", "adapter": bool(job.cfg.model.lora.enabled)}
