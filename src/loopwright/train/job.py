"""train(cfg): task -> model -> trainer -> train -> evaluate -> manifest.

The config has been validated by the caller (:mod:`loopwright.train.cli`). Everything
the run produces lands in ``run_dir``:

    .hydra/             Hydra's composed config and overrides
    data/               train.jsonl, held_out.jsonl (hashed in the manifest)
    metrics.jsonl       one JSON line per logged step
    eval_results.json   base vs trained, per prompt + summary
    model/              trained weights, or the LoRA adapter
    manifest.json       config, versions, git, hashes, timings, result
"""

from __future__ import annotations

import json
import os
import random
import time
import warnings
from pathlib import Path
from typing import Any


from loopwright.train import manifest as mf

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def _seed_everything(seed: int) -> None:
    import numpy as np
    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def _hydra_context() -> dict[str, Any]:
    from hydra.core.hydra_config import HydraConfig

    if not HydraConfig.initialized():
        return {}
    hc = HydraConfig.get()
    return {
        "overrides": list(hc.overrides.task),
        "choices": {k: v for k, v in hc.runtime.choices.items() if not k.startswith("hydra/")},
        "job_name": hc.job.name,
    }


def _trainer_config_record(trainer: Any) -> dict[str, Any]:
    """The full config TRL ran with (every field, defaults included), secrets redacted."""
    return mf.redact({k: v for k, v in trainer.args.to_dict().items() if not k.startswith("_")})


def _distinct(rows: list[dict]) -> int:
    return len({json.dumps(r["prompt"], sort_keys=True) for r in rows})


def _remove_if_empty(directory: Path) -> None:
    """TRL creates its output_dir even with checkpointing off; drop it when unused.

    Every rank of a multi-process job gets here; another rank may have removed (or
    written into) the directory between our look and our rmdir, which is fine."""
    try:
        if not any(directory.iterdir()):
            directory.rmdir()
    except OSError:  # gone already (FileNotFoundError) or no longer empty
        pass


class _Manifest:
    """Builds manifest.json incrementally; written at start (running) and at the end."""

    def __init__(self, cfg: Any, run_dir: Path):
        self.path = run_dir / "manifest.json"
        self.data: dict[str, Any] = {
            "status": "running",
            "run_dir": str(run_dir),
            "run_name": cfg.run_name,
            "tags": list(cfg.tags),
            "seed": int(cfg.seed),
            "started_at": mf.now_iso(),
            "ended_at": None,
            **mf.redact(_hydra_context()),
            "config": mf.redacted_config(cfg),
            "git": mf.git_state(PROJECT_ROOT),
            "packages": mf.package_versions(),
            "host": mf.host_info(),
        }

    def write(self, **updates: Any) -> None:
        self.data.update(updates)
        mf.write_json_atomic(self.path, self.data)


def train(cfg: Any, run_dir: Path | None = None, callbacks: list | None = None) -> dict[str, Any]:
    """Run one training job described by ``cfg``; return the evaluation summary."""
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    run_dir = Path(run_dir or Path.cwd()).resolve()
    run_dir.mkdir(parents=True, exist_ok=True)
    t_start = time.monotonic()
    record = _Manifest(cfg, run_dir)
    record.write()
    from loopwright.train.guards import RunAborted
    from loopwright.evaluation.prompts import GateFailed
    from loopwright.loggers import create as create_tracker
    from hydra_plugins.loopwright_sweeper._trial import TrialPruned

    tracker = create_tracker(cfg, run_dir)
    exit_code = 1
    try:
        summary = _train(cfg, run_dir, record, callbacks or [], tracker)
        exit_code = 0
    except TrialPruned as err:  # a clean stop decided by the sweep's pruner
        exit_code = 0
        record.write(status="pruned", ended_at=mf.now_iso(), pruned={"step": err.step, "value": err.value},
                     global_step=err.step,
                     timings={**record.data.get("timings", {}), "total_s": round(time.monotonic() - t_start, 3)})
        raise
    except GateFailed as err:  # every artifact is written; the result failed the eval.fail_below gate
        record.write(status="gate_failed", ended_at=mf.now_iso(), error=str(err),
                     timings={**record.data.get("timings", {}), "total_s": round(time.monotonic() - t_start, 3)})
        raise
    except RunAborted as err:
        record.write(status="aborted", ended_at=mf.now_iso(), error=str(err),
                     timings={**record.data.get("timings", {}), "total_s": round(time.monotonic() - t_start, 3)})
        raise
    except BaseException as err:
        record.write(status="failed", ended_at=mf.now_iso(), error=f"{type(err).__name__}: {err}",
                     timings={**record.data.get("timings", {}), "total_s": round(time.monotonic() - t_start, 3)})
        raise
    finally:
        tracker.finish(exit_code)  # every exit path: a multirun's jobs never merge in W&B
    record.write(status="completed", ended_at=mf.now_iso(),
                 timings={**record.data["timings"], "total_s": round(time.monotonic() - t_start, 3)})
    return summary


def _train(cfg: Any, run_dir: Path, record: _Manifest, extra_callbacks: list, tracker: Any) -> dict[str, Any]:
    import torch

    # transformers 5 renamed gradient_checkpointing; TRL 1.16 still only has the old
    # name (and defaults it to True), so we must pass it and the warning is noise.
    warnings.filterwarnings("ignore", message=r"`(is_)?gradient_checkpointing` is deprecated", category=FutureWarning)

    from loopwright.train import checkpoints, models

    from loopwright.evaluation import held_out as evaluate, prompts as heldout

    from loopwright import lineage, objectives, rewards, tasks
    from transformers.trainer_callback import ProgressCallback

    from loopwright.train.guards import GuardCallback
    from loopwright.train.callbacks import MetricsFileCallback, PeriodicEvalCallback, ProgressBarCallback

    _seed_everything(int(cfg.seed))
    timings: dict[str, float] = {}
    resume_from = checkpoints.resolve_resume(cfg.resume, run_dir)
    tracker.begin(resume_from)  # before the trainer: TRL's report_to reuses this W&B run
    record.write(tracking=tracker.record())

    train_rows, held_out = tasks.build(cfg.task)
    held_out_file = heldout.load(cfg.eval.prompts, cfg.task) if cfg.eval.enabled and cfg.eval.prompts else None
    if held_out_file is not None:  # the held-out prompts file replaces the task's held-out split
        held_out = held_out_file.rows
    record.write(lineage=lineage.record(cfg))
    distinct_train = _distinct(train_rows)
    data_dir = run_dir / "data"
    dataset = {
        "train": {"path": "data/train.jsonl", "rows": len(train_rows), "distinct_prompts": distinct_train,
                  "sha256": mf.write_jsonl(data_dir / "train.jsonl", train_rows)},
        "held_out": {"path": "data/held_out.jsonl", "rows": len(held_out), "distinct_prompts": _distinct(held_out),
                     "sha256": mf.write_jsonl(data_dir / "held_out.jsonl", held_out)},
    }
    record.write(dataset=dataset)
    tracker.log_data(data_dir, dataset)
    if distinct_train < len(train_rows):
        print(f"[loopwright] task.n_train={len(train_rows)} rows repeat {distinct_train} distinct "
              f"training prompts (the task has no more outside the held-out split)", flush=True)
    graders = rewards.build(cfg.reward)
    reward_fn = rewards.combined(graders)  # held-out score: weighted mean of the graders

    t0 = time.monotonic()
    model, tokenizer = models.load(cfg.model)
    timings["load_model_s"] = round(time.monotonic() - t0, 3)
    record.write(model={"source": models.weights_source(cfg.model),
                        "parameters": sum(p.numel() for p in model.parameters())})

    max_new_tokens = int(cfg.eval.max_new_tokens or cfg.profile.max_completion_length)
    eval_batch = int(cfg.profile.eval_batch_size)
    base = None
    if cfg.eval.enabled:
        print(f"[loopwright] evaluating the base model on {len(held_out)} held-out prompts ...", flush=True)
        t0 = time.monotonic()
        base = evaluate.evaluate_policy(model, tokenizer, held_out, reward_fn, max_new_tokens, eval_batch)
        timings["eval_base_s"] = round(time.monotonic() - t0, 3)

    metrics = MetricsFileCallback(run_dir / "metrics.jsonl")
    g = cfg.guards
    guard = GuardCallback(g.zero_signal_steps, bool(g.stop_on_nonfinite), g.max_time)
    callbacks = [metrics, guard, *tracker.callbacks(), *extra_callbacks]
    threshold = float(cfg.eval.success_threshold)
    if cfg.eval.enabled and cfg.eval.every:
        def periodic(policy_now: Any) -> dict[str, float]:
            _, scores = evaluate.evaluate_policy(policy_now, tokenizer, held_out, reward_fn, max_new_tokens,
                                                 eval_batch)
            return evaluate.summarize(scores, threshold)

        # after each periodic eval: the dashboard first, then a sweep trial's pruning hook
        listeners = [lambda step, summary, control: tracker.log_eval_step(step, summary),
                     *(cb.on_periodic_eval for cb in extra_callbacks if hasattr(cb, "on_periodic_eval"))]
        callbacks.append(PeriodicEvalCallback(int(cfg.eval.every), periodic, metrics, listeners))
    if resume_from is not None:
        kept = checkpoints.truncate_metrics(run_dir / "metrics.jsonl", checkpoints.step_of(resume_from))
        print(f"[loopwright] resuming from {resume_from} ({kept} metrics lines kept)", flush=True)
        record.write(resumed_from=str(resume_from))
    trainer, trainer_kwargs = objectives.build_trainer(
        cfg, model, tokenizer, graders, train_rows, output_dir=run_dir / checkpoints.CHECKPOINT_DIR,
        callbacks=callbacks, peft_config=models.lora_config(cfg.model),
    )
    if cfg.checkpoint.every:
        checkpoints.make_saves_atomic(trainer, run_dir, int(cfg.checkpoint.keep))
    trainer.remove_callback(ProgressCallback)
    trainer.add_callback(ProgressBarCallback(f"{cfg.objective.name} on {cfg.task.name}"))
    record.write(trainer={"class": type(trainer).__name__, "kwargs_from_config": trainer_kwargs,
                          "config": _trainer_config_record(trainer)},
                 device=str(trainer.args.device), torch_threads=torch.get_num_threads())

    print(f"[loopwright] training: {cfg.objective.name} on {cfg.task.name}, "
          f"{cfg.profile.max_steps} steps, device {trainer.args.device}", flush=True)
    t0 = time.monotonic()
    trainer.train(resume_from_checkpoint=str(resume_from) if resume_from else None)
    timings["train_s"] = round(time.monotonic() - t0, 3)
    timings["train_s_per_step"] = round(timings["train_s"] / max(trainer.state.global_step, 1), 3)
    policy = trainer.model
    _remove_if_empty(run_dir / checkpoints.CHECKPOINT_DIR)
    record.write(timings=timings, global_step=trainer.state.global_step)
    guard.raise_if_aborted()

    result: dict[str, Any] = {"global_step": trainer.state.global_step, "steps_logged": metrics.steps_logged,
                              "train_summary": metrics.summary, "stopped_by": guard.stopped_by}
    if cfg.eval.enabled:
        print("[loopwright] evaluating the trained policy ...", flush=True)
        t0 = time.monotonic()
        trained = evaluate.evaluate_policy(policy, tokenizer, held_out, reward_fn, max_new_tokens, eval_batch)
        timings["eval_trained_s"] = round(time.monotonic() - t0, 3)
        results = evaluate.compare(held_out, base, trained, threshold)
        if held_out_file is not None:
            heldout.annotate(results, held_out_file)
        heldout.apply_gate(results["summary"], cfg.eval.fail_below)
        mf.write_json_atomic(run_dir / "eval_results.json", results)
        tracker.log_eval_results(results, trainer.state.global_step)
        result.update(results["summary"])
        print("\n" + evaluate.format_table(results["summary"]) + "\n", flush=True)
        if held_out_file is not None:
            print(heldout.format_assertions(results["summary"]) + "\n", flush=True)

    from loopwright.train.plots import reward_curve

    if reward_curve(run_dir / "metrics.jsonl", run_dir / "reward_curve.png",
                    f"{cfg.objective.name} / {cfg.task.name} / {cfg.model.name}"):
        result["reward_curve"] = "reward_curve.png"

    if cfg.save_model:
        t0 = time.monotonic()
        model_dir = run_dir / "model"
        policy.save_pretrained(model_dir, safe_serialization=True)
        tokenizer.save_pretrained(model_dir)
        timings["save_model_s"] = round(time.monotonic() - t0, 3)
        result["model_dir"] = "model"
        result["adapter"] = bool(cfg.model.lora.enabled)
        tracker.log_model(model_dir, trainer.state.global_step)

    record.write(result=result, timings=timings, tracking=tracker.record())
    print(f"[loopwright] run dir: {run_dir}", flush=True)
    heldout.raise_if_gate_failed(result)
    return result
