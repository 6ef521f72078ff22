"""Step 0: before the first training step, one rollout batch from the base model, scored (guards.signal_check).

The batch is shaped as training's: ``num_generations``-sized groups (as many as one generation batch holds,
``per_device_train_batch_size x steps_per_generation / num_generations``, and at least :data:`MIN_GROUPS`) of
training prompts drawn with the run's seed, sampled at the objective's temperature
and top_p, cut at ``profile.max_completion_length``, the prompts rendered with the run's chat-template kwargs
(model.thinking), scored by the run's reward. The run stops with status ``no_signal`` (exit 10) when

* every group has equal rewards (every advantage is 0, so the first policy gradient is 0) and the reward cannot
  be shown to tell answers apart: the task's reference answers score no higher (or the rows have none); or
* at least :data:`CUT_SHARE` of the completions hit the length limit without ending (EOS): the budget is too
  small for what the model writes, and what the reward sees is a cut-off reply.

The message names the likely cause from what was sampled (completions cut at the budget; completions opening
a reasoning block; a reward that returns one value, tried on the task's reference answers too) and the
override that fixes it. Sampling runs under ``torch.random.fork_rng``: training draws the same numbers with
the check on or off. ``guards.signal_check``: true = enforced, false = skipped (recorded), null (the default)
= enforced except on a random-init model (``model.source=random_init``), whose verdict is recorded but does
not stop it: a random model has no signal by construction (it never ends a reply, it never answers) and
exists to test the plumbing.
"""

from __future__ import annotations

from typing import Any

CUT_SHARE = 0.98  # "nearly all completions hit the length limit" (the default job: up to 88%, docs/RUNS.md)
# At least this many groups, although profile=cpu's generation batch has 2: on the default job (SmolLM2, groups
# of 8, 2-6% of sampled completions right) 2 groups came out all-equal on 7 of 10 seeds and 8 groups left 1 or 3
# with a difference; 16 makes a false stop of a run that learns rare (docs/RUNS.md has the measurement). Still one
# generate call.
MIN_GROUPS = 16
THINK_OPEN = "<think>"


class NoSignal(RuntimeError):
    """The step-0 batch shows the run cannot learn; the message says why and what fixes it."""


def enforced(cfg: Any) -> bool | None:
    """True: stop on no signal; False: record only; None: skipped (guards.signal_check=false)."""
    setting = cfg.guards.get("signal_check")
    if setting is False:
        return None
    if setting is True:
        return True
    return cfg.model.source.value != "random_init"


def batch_rows(cfg: Any, rows: list[dict]) -> tuple[list[dict], int]:
    """The batch's prompts (one per group, drawn with the run's seed from the distinct training prompts) and the
    group size: a generation batch's groups, at least :data:`MIN_GROUPS`."""
    import json
    import random

    p, o = cfg.profile, cfg.objective
    group = int(p.num_generations)
    completions = int(p.per_device_train_batch_size) * int(o.steps_per_generation or p.gradient_accumulation_steps)
    distinct = list({json.dumps(r["prompt"], sort_keys=True): r for r in rows}.values())
    n = min(len(distinct), max(MIN_GROUPS, completions // group))
    return random.Random(int(cfg.seed)).sample(distinct, n), group


def sample(model: Any, tokenizer: Any, rows: list[dict], group: int, cfg: Any, template_kwargs: dict
           ) -> tuple[list[str], list[bool]]:
    """``group`` sampled completions per row, in row order, and whether each ended (EOS) within the budget."""
    import torch

    from loopwright.evaluation.held_out import chat_texts

    budget = int(cfg.profile.max_completion_length)
    eos = getattr(model.generation_config, "eos_token_id", None)
    eos_ids = {int(e) for e in ([*eos] if isinstance(eos, list) else [eos]) + [tokenizer.eos_token_id]
               if e is not None}
    texts, ended = [], []
    was_training, side = model.training, tokenizer.padding_side
    model.eval()
    tokenizer.padding_side = "left"
    device = next(model.parameters()).device
    try:
        with torch.random.fork_rng(devices=[device] if device.type == "cuda" else []), torch.no_grad():
            torch.manual_seed(int(cfg.seed))
            enc = tokenizer(chat_texts(tokenizer, rows, template_kwargs), return_tensors="pt", padding=True,
                            add_special_tokens=False).to(device)
            out = model.generate(**enc, max_new_tokens=budget, do_sample=True,
                                 temperature=float(cfg.objective.temperature), top_p=float(cfg.objective.top_p),
                                 top_k=0, num_return_sequences=group, pad_token_id=tokenizer.pad_token_id)
        for ids in out[:, enc["input_ids"].shape[1]:].tolist():
            stop = next((i for i, t in enumerate(ids) if t in eos_ids), None)
            ended.append(stop is not None)
            texts.append(tokenizer.decode(ids[: stop] if stop is not None else ids, skip_special_tokens=True))
    finally:
        model.train(was_training)
        tokenizer.padding_side = side
    return texts, ended


def verdict(cfg: Any, rows: list[dict], group: int, texts: list[str], ended: list[bool], scores: list[float],
            reference_scores: list[float] | None) -> dict[str, Any]:
    """The manifest's ``signal_check``: the figures, whether the run has signal, and if not why and the fix."""
    groups = [scores[i:i + group] for i in range(0, len(scores), group)]
    flat = [len(set(g)) == 1 for g in groups]
    cut = sum(not e for e in ended)
    thinking = sum(THINK_OPEN in t for t in texts)
    budget = int(cfg.profile.max_completion_length)
    record: dict[str, Any] = {
        "prompts": len(rows), "group_size": group, "completions": len(texts), "groups_with_equal_rewards": sum(flat),
        "cut_at_budget": cut, "opened_reasoning_block": thinking, "budget": budget,
        "reward_values": sorted(set(round(s, 6) for s in scores))[:8], "mean_reward": sum(scores) / max(len(scores), 1),
        "thresholds": {"cut_share": CUT_SHARE}, "examples": [t[:120] for t in texts[:3]],
    }
    causes: list[str] = []
    if thinking >= max(1, len(texts) // 2):
        causes.append(f"{thinking} of {len(texts)} completions open a reasoning block ({THINK_OPEN}), which spends "
                      f"the {budget}-token budget before any answer: model.thinking=off")
    if cut >= CUT_SHARE * len(texts):
        causes.append(f"{cut} of {len(texts)} completions were cut at the budget (profile.max_completion_length="
                      f"{budget}) without ending: raise it (profile.max_completion_length={budget * 4})"
                      + (" or use a model that ends its replies (a random-init model never does)"
                         if cfg.model.source.value == "random_init" else ""))
    # Equal groups stop the run only when the reward cannot be shown to tell answers apart: the task's reference
    # answers score no differently (or there are none to try). A working reward on a model that is rarely right
    # at temperature 1 (the default job: 16 of 16 groups all-wrong on one seed in 6) is left to
    # guards.zero_signal_steps, which watches whether any later batch differs.
    blind = reference_scores is None or set(reference_scores) <= set(scores)
    if all(flat) and blind:
        value = f"one value ({scores[0]:g})" if len(set(scores)) == 1 else "one value per prompt"
        tried = " and to the task's reference answers" if reference_scores is not None else ""
        causes.append(f"the reward returns {value} for every completion{tried}: check reward="
                      f"{cfg.reward.name} (its weight, params or _target_) against this task's answers")
    elif all(flat):
        record["warning"] = ("every group's completions scored the same, but the reward scores the task's reference "
                             "answers higher: not stopped (guards.zero_signal_steps watches the next batches); "
                             "objective.temperature or profile.num_generations widen the search")
    stop = (all(flat) and blind) or cut >= CUT_SHARE * len(texts)
    record.update(signal=not stop, causes=causes)
    return record


def message(record: dict[str, Any]) -> str:
    what = (f"{record['groups_with_equal_rewards']} of {record['completions'] // max(record['group_size'], 1)} groups "
            f"had equal rewards, {record['cut_at_budget']} of {record['completions']} completions were cut at the "
            f"budget")
    return (f"no learning signal in the step-0 batch ({what}; rewards seen: {record['reward_values']}). Likely "
            f"cause: " + "; ".join(record["causes"]) + ". guards.signal_check=false runs anyway")


def run(job: Any, model: Any, tokenizer: Any, data: Any) -> dict[str, Any] | None:
    """The job's step: skipped for SFT, multi-turn episodes and a resumed run (recorded); else sample, score,
    record, and raise :class:`NoSignal` when enforced and the batch has no signal."""
    from loopwright.evaluation.held_out import grade
    from loopwright.models import families
    from loopwright.train.reward_audit import bounded, limit_of

    cfg = job.cfg
    mode = enforced(cfg)
    skipped = ("guards.signal_check=false" if mode is None else "objective=sft: no rollouts"
               if cfg.objective.trainer.value == "sft" else "task.multi_turn=true: episodes are not sampled here"
               if cfg.task.multi_turn else "a resumed run (it had its check)" if job.resume is not None
               and job.resume.checkpoint is not None else None)
    if skipped:
        job.record.signal_check({"skipped": skipped})
        return None
    rows, group = batch_rows(cfg, data.train_rows)
    with job.record.timed("signal_check_s"):
        texts, ended = sample(model, tokenizer, rows, group, cfg, families.chat_template_kwargs(cfg))
        expanded = [r for r in rows for _ in range(group)]
        references = [str(r["answer"]) for r in rows] if all("answer" in r for r in rows) else None

        def score() -> tuple[list[float], list[float] | None]:
            return (grade(expanded, texts, data.reward_fn),
                    grade(rows, references, data.reward_fn) if references else None)

        # the hang watchdog is armed in training steps only: a reward that never returns here is bounded too
        scores, reference_scores = bounded(score, limit_of(cfg), job.run_dir / "hang_stacks.txt",
                                           "the step-0 signal check", way_out="")
    record = {**verdict(cfg, rows, group, texts, ended, scores, reference_scores), "enforced": bool(mode)}
    job.record.signal_check(record)
    print(f"[loopwright] signal check (step 0): {'signal' if record['signal'] else 'NO SIGNAL'}: "
          f"{record['groups_with_equal_rewards']}/{len(rows)} groups equal, {record['cut_at_budget']}/"
          f"{len(texts)} cut at the budget" + ("" if record["signal"] or mode else
                                             " (model.source=random_init: recorded, not enforced)")
          + (f" ({record['warning']})" if "warning" in record else ""), flush=True)
    if mode and not record["signal"]:
        raise NoSignal(message(record))
    return record
