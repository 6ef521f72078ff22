"""Step 0: the first training step's rollouts, judged before its optimizer step (guards.signal_check).

TRL generates and scores the first generation batch for step 1 as it always does; before the optimizer steps,
:class:`SignalCheck` reads that batch (the completions, their total reward, how many were cut at
``profile.max_completion_length``), scores the task's reference answers (no generation) and decides. The run
stops with status ``no_signal`` (exit 10), its weights never updated, when

* every group has equal rewards (every advantage is 0, so the first policy gradient is 0) and the reward cannot
  be shown to tell answers apart: the task's reference answers score no higher (or the rows have none); or
* at least :data:`CUT_SHARE` of the completions hit the length limit without ending (EOS): the budget is too
  small for what the model writes, and what the reward sees is a cut-off reply.

A healthy run pays only for scoring the reference answers. A batch of fewer than :data:`MIN_GROUPS` groups whose
verdict would stop the run on what the model happened to sample is topped up to :data:`MIN_GROUPS` groups from
the same weights (under ``torch.random.fork_rng``: training draws the same numbers) before deciding. The message
names the likely cause from what was sampled (completions cut at the budget; completions opening a reasoning
block; a reward that returns one value, tried on the task's reference answers too) and the override that fixes
it. ``guards.signal_check``: true = enforced, false = skipped (recorded), null (the default) = enforced except
on a random-init model (``model.source=random_init``), whose verdict is recorded but does not stop it (a random
model never ends a reply and never answers: it exists to test the plumbing). The manifest's ``signal_check``
records the verdict and ``looked_at``: the training batch's size and the top-up's.
"""

from __future__ import annotations

from typing import Any

from transformers import TrainerCallback

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
    """Prompts for the reference answers and the top-up (one per group, drawn with the run's seed from the
    distinct training prompts) and the group size: a generation batch's groups, at least :data:`MIN_GROUPS`."""
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
    """The top-up: ``group`` sampled completions per row, in row order, and whether each ended (EOS) in budget."""
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
                      f"{cfg.reward.name} (its weight, params or _target_) against this task's answers"
                      + ("" if reference_scores is not None else "; or, the rows having no reference answer to try "
                         "it on, the model never earns it: warm the model up with SFT first (the tool and support "
                         "agents' recipes: experiment=tool_agent_sft, experiment=support_agent_sft)"))
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


def attach(job: Any, data: Any, trainer: Any) -> SignalCheck | None:
    """The check for this job, added to the trainer's callbacks; None (recorded) where it does not apply: SFT,
    multi-turn episodes, a resumed run, guards.signal_check=false."""
    cfg = job.cfg
    mode = enforced(cfg)
    skipped = ("guards.signal_check=false" if mode is None else "objective=sft: no rollouts"
               if cfg.objective.trainer.value == "sft" else "task.multi_turn=true: episodes are not checked"
               if cfg.task.multi_turn else "a resumed run (it had its check)" if job.resume is not None
               and job.resume.checkpoint is not None else None)
    if skipped:
        job.record.signal_check({"skipped": skipped})
        return None
    check = SignalCheck(job, data, bool(mode), trainer)
    trainer.add_callback(check)
    return check


def training_batch(trainer: Any) -> tuple[list[str], list[float], int, int]:
    """The first generation batch as TRL's GRPO/RLOO trainer scored it (its completions table, sized to one
    generation batch, and its metrics): completion texts, the weighted total reward of each (the advantage's
    input), completions cut at the budget, the group size."""
    from loopwright.rewards import completion_text

    logs, metrics = trainer._logs, trainer._metrics["train"]
    texts = [completion_text(c) for c in logs["completion"]]
    weights = [float(w) for w in trainer.reward_weights.tolist()]
    per_func = [list(logs["rewards"][name]) for name in trainer.reward_func_names]
    scores = [sum(w * (v if v == v else 0.0) for w, v in zip(weights, values)) for values in zip(*per_func)]
    cut = round(float(metrics["completions/clipped_ratio"][-1]) * len(texts))  # the batch the table holds: the last
    return texts, scores, cut, int(trainer.num_generations)


class SignalCheck(TrainerCallback):
    """Step 0's verdict from the first training step's own rollouts, before its optimizer step.

    TRL generated and scored the first generation batch for the first step; this reads it (the completions table
    and metrics TRL keeps for its logs), scores the task's reference answers (no generation), and decides. When
    that batch has fewer than :data:`MIN_GROUPS` groups and its verdict would stop the run on what the model
    sampled, a top-up sample brings it to :data:`MIN_GROUPS` groups before deciding (a 2-group batch is all-equal
    on 7 seeds in 10 of the default job, docs/RUNS.md): only a run that looks like it has no signal pays for
    generation. No top-up when the reward gave one value to every completion and every reference answer: no
    sample could change that verdict."""

    def __init__(self, job: Any, data: Any, enforce: bool, trainer: Any) -> None:
        self.job, self.data, self.enforce, self.trainer = job, data, enforce, trainer
        self.done = False

    def on_pre_optimizer_step(self, args: Any, state: Any, control: Any, **kwargs: Any) -> Any:
        if self.done:
            return control
        self.done = True
        self.decide()
        return control

    def on_step_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> Any:
        """A trainer that never called the pre-optimizer hook still gets its verdict, one step late and said so,
        rather than none."""
        if not self.done:
            self.done = True
            self.decide(late=True)
        return control

    def decide(self, late: bool = False) -> dict[str, Any]:
        from loopwright.evaluation.held_out import grade
        from loopwright.train.reward_audit import bounded, limit_of

        job, cfg = self.job, self.job.cfg
        with job.record.timed("signal_check_s"):
            texts, scores, cut, group = training_batch(self.trainer)
            if not texts:  # nothing to judge is no verdict, said so: never "no signal" on an empty table
                job.record.signal_check({"skipped": "the trainer's first step held no scored completions"})
                return {}
            rows, _ = batch_rows(cfg, self.data.train_rows)
            references = [str(r["answer"]) for r in rows] if rows and all("answer" in r for r in rows) else None
            reference_scores = None
            if references:  # the hang watchdog times steps only: a reward that never returns here is bounded too
                reference_scores = bounded(lambda: grade(rows, references, self.data.reward_fn), limit_of(cfg),
                                           job.run_dir / "hang_stacks.txt", "the step-0 signal check", way_out="")
            ended = [True] * (len(texts) - cut) + [False] * cut
            groups = len(texts) // max(group, 1)
            record = verdict(cfg, [None] * groups, group, texts, ended, scores, reference_scores)
            looked_at = {"training_batch": len(texts), "top_up": 0}
            one_value = _one_value_everywhere(scores, reference_scores)
            if not record["signal"] and groups < MIN_GROUPS and not one_value:
                extra_texts, extra_ended, extra_scores = self._top_up(rows, group, groups)
                looked_at["top_up"] = len(extra_texts)
                record = verdict(cfg, [None] * (groups + len(extra_texts) // group), group, texts + extra_texts,
                                 ended + extra_ended, scores + extra_scores, reference_scores)
        # One value for every completion and every reference answer: recorded, but not a stop on a random-init
        # model. A format reward scores raw reference answers 0 as it scores the random model's text, and a judge
        # stand-in answers one value by design: both are wiring runs that must train (CI, session 23).
        record.update(looked_at=looked_at, enforced=self.enforce, one_value_everywhere=one_value,
                      seconds=job.record.timings.get("signal_check_s"))
        if late:
            record["late"] = "judged after step 1's optimizer step: the trainer called no pre-optimizer hook"
        job.record.signal_check(record)
        print(f"[loopwright] signal check (step 0, on the first step's {len(texts)} rollouts"
              + (f" and {looked_at['top_up']} more" if looked_at["top_up"] else "") + "): "
              f"{'signal' if record['signal'] else 'NO SIGNAL'}: {record['groups_with_equal_rewards']}/"
              f"{record['prompts']} groups equal, {record['cut_at_budget']}/{record['completions']} cut at the budget"
              + ("" if record["signal"] or record["enforced"] else " (model.source=random_init: recorded, not "
                 "enforced)") + (f" ({record['warning']})" if "warning" in record else ""), flush=True)
        if record["enforced"] and not record["signal"]:
            raise NoSignal(message(record))
        return record

    def _top_up(self, rows: list[dict], group: int, have: int) -> tuple[list[str], list[bool], list[float]]:
        """MIN_GROUPS - have more groups, sampled from the weights the first step started from (no optimizer
        step yet), on prompts drawn with the run's seed."""
        from loopwright.evaluation.held_out import grade
        from loopwright.models import families

        trainer = self.trainer
        picked = rows[: max(MIN_GROUPS - have, 0)]
        model = trainer.accelerator.unwrap_model(trainer.model)
        texts, ended = sample(model, trainer.processing_class, picked, group, self.job.cfg,
                              families.chat_template_kwargs(self.job.cfg))
        expanded = [r for r in picked for _ in range(group)]
        return texts, ended, grade(expanded, texts, self.data.reward_fn)


def _one_value_everywhere(scores: list[float], reference_scores: list[float] | None) -> bool:
    """One value for every sampled completion and every reference answer: no sample could change the verdict."""
    return bool(reference_scores) and len({round(s, 9) for s in [*scores, *reference_scores]}) == 1
