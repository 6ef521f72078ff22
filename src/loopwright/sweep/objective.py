"""What a sweep optimises (``hydra.sweeper.objective``): a trusted signal, not the training reward alone.

train.py returns the held-out accuracy: the share of held-out prompts whose reply the **training reward**
scores at ``eval.success_threshold`` or more. Where the reward is a verifier (arithmetic, gsm8k, tool_calling:
the reply checked against the row's reference; ``verifies`` in the reward registry) that is a trusted
objective. Where it is a grader (a rubric, a judge, a function of yours), the held-out accuracy is the
grader's own score on new prompts, and a search that maximises it looks for settings that game the grader as
readily as settings that help (docs/EVALUATION.md, ``eval.held_out_check``). So:

* ``auto`` (default): with ``eval.held_out_check`` set, the check's mean on the trained model's held-out
  replies (``eval_results.json`` ``summary.held_out_check.trained_mean``, a signal training never saw);
  else the held-out accuracy, except that a **research** run (``research.rounds`` > 1) on a graded reward is
  refused: set a check, or choose the accuracy explicitly;
* ``accuracy``: the held-out accuracy (what the job returns), chosen explicitly; research.md records it;
* ``held_out_check``: the check's trained mean; refused without ``eval.held_out_check``.

The sweeper reads the value from the trial's run dir through :mod:`loopwright.runs.reader`; a run that wrote
no check fails the trial with the file named. Only the first objective is replaced; the pruner still reads the
periodic held-out eval (the check is scored once, at the end).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

KINDS = ("auto", "accuracy", "held_out_check")
CHECK = "held_out_check"


def _select(config: Any, key: str) -> Any:
    from omegaconf import OmegaConf

    return OmegaConf.select(config, key, default=None) if config is not None else None


def graded(config: Any) -> str | None:
    """Why the held-out accuracy of this config is its training grader's own score; None where a verifier scores
    it (or the app is not train.py: no ``reward``)."""
    from loopwright import rewards

    reward = _select(config, "reward")
    if reward is None:
        return None
    if reward.get("_target_"):
        return f"reward._target_={reward.get('_target_')} is a grader of yours, not a verifier"
    kind = reward.get("kind") or reward.get("name")
    kinds = [c.get("kind") for c in (reward.get("components") or [])] if kind == rewards.COMPOSITE else [kind]
    specs = {k: rewards.REGISTRY.get(k) for k in kinds}
    graders = [k for k, spec in specs.items() if spec is None or not (spec.verifies or spec.shaping)]
    if graders or not any(spec is not None and spec.verifies for spec in specs.values()):
        return (f"reward={reward.get('name') or kind} grades replies ({', '.join(graders or kinds)}: no reference "
                "answer checked)")
    return None


def resolve(kind: str, config: Any, research: bool) -> dict[str, Any]:
    """{"source": "accuracy" | "held_out_check", "explicit": bool, "line": what research.md says}; ValueError
    naming the keys when the setting cannot be met."""
    if kind not in KINDS:
        raise ValueError(f"hydra.sweeper.objective={kind}: expected one of {', '.join(KINDS)}")
    check = _select(config, "eval.held_out_check")
    if kind == CHECK and not check:
        raise ValueError("hydra.sweeper.objective=held_out_check needs eval.held_out_check (e.g. "
                         "eval.held_out_check=grounding): there is no check to optimise")
    if kind == CHECK or (kind == "auto" and check):
        return {"source": CHECK, "explicit": kind == CHECK,
                "line": f"the held-out check `eval.held_out_check={check}` (its mean on the trained model's held-out "
                        f"replies, a signal training never saw)" + (" (hydra.sweeper.objective=held_out_check)"
                                                                    if kind == CHECK else " (auto)")}
    why = graded(config)
    if kind == "auto" and why and research:
        raise ValueError(f"research on a graded task would optimise the training reward alone: {why}. Set "
                         "eval.held_out_check=<a signal training never saw> (grounding, another reward option, "
                         "a function of yours) to optimise it, or hydra.sweeper.objective=accuracy to optimise "
                         "the grader's own held-out score on purpose (research.md records the choice)")
    line = "the held-out accuracy (train.py's return value)"
    if why:
        line += f", scored by the training reward itself: {why}; chosen explicitly (hydra.sweeper.objective=accuracy)"
    elif kind == "accuracy":
        line += " (hydra.sweeper.objective=accuracy)"
    return {"source": "accuracy", "explicit": kind == "accuracy", "line": line}


def trial_value(source: str, run_dir: Any) -> float:
    """The check's trained mean from the trial's run dir (source held_out_check); ValueError naming the file."""
    from loopwright.runs.reader import DamagedFile, read_eval_results

    if not run_dir:
        raise ValueError("hydra.sweeper.objective: the job reported no run dir to read the held-out check from")
    try:
        summary = read_eval_results(Path(str(run_dir))).get("summary") or {}
        value = float(summary[CHECK]["trained_mean"])
    except (OSError, DamagedFile, KeyError, TypeError, ValueError) as err:
        raise ValueError(f"hydra.sweeper.objective={source}: {run_dir}/eval_results.json has no "
                         f"summary.held_out_check.trained_mean ({type(err).__name__}: {err})") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{run_dir}/eval_results.json: held_out_check.trained_mean is {value}")
    return value
