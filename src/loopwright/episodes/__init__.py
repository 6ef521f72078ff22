"""Multi-turn tool-calling episodes on TRL 1.16's ``environment_factory``: the plumbing.

With ``task.multi_turn=true`` the ``customer_support`` and ``tool_use`` tasks train
the agent in episodes: it may call tools, TRL runs them against a per-rollout
environment, appends the results to the conversation and lets the agent continue
until it answers without a tool call (or the completion budget runs out).

    episodes.chat_template   SmolLM2's template with tool calling (prepare_tokenizer)
    episodes.environment     the environment base class, episode_answer_reward
    episodes.tools           the callable tools (lookup_order, calculator, convert_units)
    tasks/<task>.py          each task's own environment (registered with the task)

How TRL drives an environment (trl/trainer/grpo_trainer.py, 1.16):

- ``environment_factory`` is called once per concurrent rollout; instances are
  pooled and ``reset(**row)`` is called before every rollout with *every* column of
  the dataset row (``prompt`` included). A string returned by ``reset`` would be
  appended to the last user message; ours return ``None`` (the prompt says it all).
- every public method other than ``reset`` / ``get_reward`` is a tool. Its schema
  comes from the type hints and the Google-style docstring
  (``transformers.utils.get_json_schema``), rendered into the system prompt.
- ``get_reward()`` takes no argument: TRL calls it once per finished rollout and
  adds it as one more reward column (weight 1, named after the class). It does
  **not** see the final answer, so the environment scores what it can observe,
  the tool calls, and the run's ``reward`` group scores the final answer (TRL hands
  reward functions the whole episode as ``completions``: assistant turns with
  ``tool_calls``, ``tool`` messages, then the final assistant reply last; the
  graders read the last message).
- tool-result tokens are spliced into the completion but masked out of the loss:
  ``_tool_call_loop`` builds ``tool_mask`` (0 on tool tokens) and the loss uses
  ``completion_mask * tool_mask`` (tested in tests/integration/test_episodes.py).

See docs/EPISODES.md.
"""

from __future__ import annotations

import importlib
from typing import Any

# Re-exported lazily (PEP 562): a single-turn run that imports episodes.token_report or episodes.adapter for
# their cheap checks does not load the chat templates and the environment contract with them.
_LAZY = {"SMOLLM2_CHAT_TEMPLATE": "chat_template", "SMOLLM2_TOOL_CHAT_TEMPLATE": "chat_template",
         "prepare_tokenizer": "chat_template", "EpisodeEnvironment": "environment", "answer_score": "environment",
         "episode_answer_reward": "environment", "tool_names": "environment"}

__all__ = ["SMOLLM2_CHAT_TEMPLATE", "SMOLLM2_TOOL_CHAT_TEMPLATE", "EpisodeEnvironment", "answer_score",
           "environment_class", "episode_answer_reward", "prepare_tokenizer", "tool_names", "trainer_extras"]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def environment_class(cfg: Any) -> Any:
    """The episode environment of ``cfg.task``: ``task.environment._target_`` when set (loopwright.episodes.adapter),
    else the one the task registered, narrowed to its params (tool_use's tool set). Training (:func:`trainer_extras`)
    and held-out evaluation (loopwright.evaluation.in_episodes) both use it."""
    from loopwright.episodes.adapter import environment_factory, target

    environment = environment_factory(cfg.task)
    narrow = getattr(environment, "_for_task", None) if target(cfg.task) is None else None
    return narrow(cfg.task) if callable(narrow) else environment


def trainer_extras(cfg: Any, train_rows: list[dict], tokenizer: Any = None) -> dict[str, Any]:
    """Extra ``trl.GRPOTrainer`` kwargs for a multi-turn task: its environment factory.

    The environment is :func:`environment_class`. ``tokenizer`` (the trainer's processing class) is
    patched in place by :func:`prepare_tokenizer` when given; without it the caller must have done so.
    """
    environment = environment_class(cfg)
    trainer = cfg.objective.trainer
    trainer = getattr(trainer, "value", trainer)
    if trainer != "grpo":
        raise ValueError(f"task.multi_turn=true needs a GRPO-family objective (TRL's GRPOTrainer runs tools); "
                         f"objective.trainer={trainer}")
    if tokenizer is not None:
        from loopwright.episodes.chat_template import prepare_tokenizer

        prepare_tokenizer(tokenizer)
    return {"environment_factory": environment}
