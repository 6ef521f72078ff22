"""The config's rules, checked once before anything heavy is loaded.

Single-field checks (unknown keys, types, enum values) already happened at
composition through the schemas in :mod:`loopwright.config`. Each group's own
rules live beside its code, as that module's ``problems(cfg)`` (:func:`group_rules`
lists them); this module gathers them and keeps the rules that span groups and the
top-level keys' (eval, checkpoint, resume, guards). Every message names the full
keys involved, so the user knows exactly what to override.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable


class ConfigError(ValueError):
    """One or more config values are inconsistent; the message lists them all."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("invalid config:\n" + "\n".join(f"  - {p}" for p in problems))


def group_rules() -> list[Callable[[Any], list[str]]]:
    """Each config group's ``problems(cfg)``, in the order their messages are listed (none imports torch)."""
    from loopwright import loggers, objectives, rewards, rollout, tasks
    from loopwright.config import profile, provider
    from loopwright import models

    return [profile.problems, objectives.problems, tasks.train_problems, rewards.train_problems, models.problems,
            loggers.problems, rollout.train_problems, provider.problems]


def problems_in(cfg: Any) -> list[str]:
    """All rule violations in a composed config (empty when it is valid)."""
    problems = [problem for rules in group_rules() for problem in rules(cfg)]
    problems.extend(_spanning_problems(cfg))
    problems.extend(_top_level_problems(cfg))
    return problems


def _spanning_problems(cfg: Any) -> list[str]:
    """Rules that tie two groups together."""
    from loopwright.episodes.adapter import problems as environment_problems  # task.environment._target_

    problems = environment_problems(cfg.task)
    o, t = cfg.objective, cfg.task
    # SFT with multi_turn trains on the task's transcripts and evaluates in episodes (the tool-agent recipe's warm-up)
    if t.multi_turn and o.trainer.value not in ("grpo", "sft"):
        problems.append(f"task.multi_turn=true needs objective.trainer=grpo (TRL 1.16's tool-calling episodes "
                        f"are GRPOTrainer-only; objective=sft trains on transcripts; objective={o.name} uses "
                        f"{o.trainer.value})")
    if t.environment.get("demonstrations") and (o.trainer.value != "sft" or not t.multi_turn):
        problems.append(f"task.environment.demonstrations=true writes SFT transcripts of the episodes: it needs "
                        f"objective=sft and task.multi_turn=true (objective={o.name}, "
                        f"task.multi_turn={t.multi_turn})")
    if cfg.eval.enabled and t.n_eval < 1 and not cfg.eval.get("prompts"):
        problems.append(f"task.n_eval={t.n_eval} must be >= 1 while eval.enabled=true (or give eval.prompts=...)")
    return problems


def _top_level_problems(cfg: Any) -> list[str]:
    """The top-level keys' rules: eval.*, checkpoint.*, resume, guards.*."""
    # eval.prompts, eval.fail_below, task=curated's path
    from loopwright.evaluation.prompts import problems as held_out_problems

    problems = held_out_problems(cfg)
    if cfg.eval.get("held_out_check") is not None:  # the module imports the graders: only when asked for
        from loopwright.evaluation.held_out_check import problems as check_problems

        problems += check_problems(cfg)
    if cfg.checkpoint.every is not None and cfg.checkpoint.every < 1:
        problems.append(f"checkpoint.every={cfg.checkpoint.every} must be >= 1 (or null)")
    if cfg.checkpoint.keep < 1:
        problems.append(f"checkpoint.keep={cfg.checkpoint.keep} must be >= 1")
    if cfg.resume not in (None, "auto") and not Path(str(cfg.resume)).expanduser().is_dir():
        problems.append(f"resume={cfg.resume} is neither 'auto' nor an existing checkpoint or run directory")
    g = cfg.guards
    if g.zero_signal_steps is not None and g.zero_signal_steps < 1:
        problems.append(f"guards.zero_signal_steps={g.zero_signal_steps} must be >= 1 (or null to turn it off)")
    if g.max_time is not None and g.max_time <= 0:
        problems.append(f"guards.max_time={g.max_time} must be > 0 seconds (or null)")
    if g.rollout_drift_max is not None and not g.rollout_drift_max > 0:
        problems.append(f"guards.rollout_drift_max={g.rollout_drift_max} must be > 0 (or null to turn it off)")
    if g.rollout_drift_steps < 1:
        problems.append(f"guards.rollout_drift_steps={g.rollout_drift_steps} must be >= 1")
    if g.hang_factor is not None and not g.hang_factor >= 1:
        problems.append(f"guards.hang_factor={g.hang_factor} must be >= 1 (times the median step; null: off)")
    if not g.hang_floor_s > 0:
        problems.append(f"guards.hang_floor_s={g.hang_floor_s} must be > 0 seconds")
    if g.reward_hacking is not None and not 0 < g.reward_hacking <= 1:
        problems.append(f"guards.reward_hacking={g.reward_hacking} must be in (0, 1] (or null to turn it off)")
    if g.reward_hacking_steps < 1 or g.reward_hacking_sample < 2:
        problems.append(f"guards.reward_hacking_steps={g.reward_hacking_steps} must be >= 1 and "
                        f"guards.reward_hacking_sample={g.reward_hacking_sample} >= 2")
    if cfg.eval.every is not None and cfg.eval.every < 1:
        problems.append(f"eval.every={cfg.eval.every} must be >= 1 (or null)")
    if cfg.eval.get("limit") is not None and cfg.eval.limit < 1:
        problems.append(f"eval.limit={cfg.eval.limit} must be >= 1 (or null)")
    if cfg.eval.max_new_tokens is not None and cfg.eval.max_new_tokens < 1:
        problems.append(f"eval.max_new_tokens={cfg.eval.max_new_tokens} must be >= 1 (or null)")
    return problems


def validate(cfg: Any) -> None:
    """Raise :class:`ConfigError` listing every problem in ``cfg``."""
    problems = problems_in(cfg)
    if problems:
        raise ConfigError(problems)
