"""The reward's pre-flight gaming audit (issue 26 item 2): before anything heavy, is the reward gameable?

``check(cfg)`` runs the fast subset of the gaming audit (loop/audit.py ``preflight``) on the task's rows
whenever the run trains on its reward (every objective but SFT, which learns the rows and not the
reward): a reward that keeps templates, replies moved to other questions or a dump of the facts is
refused with the probe and its worst example (:class:`GameableReward`: exit 2, before the model loads).
``reward.audit=false`` skips it; the manifest's ``reward_audit`` records either. Imports no torch.
"""

from __future__ import annotations

from typing import Any

from loopwright.train.validate import ConfigError


class GameableReward(ConfigError):
    """The pre-flight found replies that do not answer the question scoring at or above the threshold."""

    def __init__(self, message: str, report: dict):
        self.report = report
        self.problems = [message]
        ValueError.__init__(self, message)


def threshold_of(cfg: Any) -> float:
    """The reward's own curation cut (reward.params.threshold), else 0.7: the cut improve and audit use."""
    from loopwright.loop.curate import DEFAULT_THRESHOLD

    return float((cfg.reward.get("params") or {}).get("threshold", DEFAULT_THRESHOLD))


def skipped_because(cfg: Any) -> str | None:
    if not bool(cfg.reward.get("audit", True)):
        return "reward.audit=false"
    trainer = (cfg.get("objective") or {}).get("trainer")
    if getattr(trainer, "value", trainer) == "sft":
        return "objective trains on the rows, not on the reward (sft)"
    return None


def check(cfg: Any) -> dict:
    """The manifest's ``reward_audit``; raises :class:`GameableReward` when the reward is gameable."""
    why = skipped_because(cfg)
    if why:
        return {"ran": False, "skipped_by": why}
    from loopwright.loop.audit import preflight, record, refusal
    from loopwright.rewards import GraderError

    try:
        report = preflight(cfg.reward, cfg.task, threshold_of(cfg))
    except GraderError as err:  # a judge that is down: the run itself fails on it, as it always has
        return {"ran": False, "skipped_by": f"the reward could not grade: {err}"}
    except (OSError, ValueError) as err:  # the task's rows: the data step fails on them with the file and line
        return {"ran": False, "skipped_by": f"the task's rows could not be built: {err}"}
    if report["gameable"]:
        raise GameableReward(refusal(report), report)
    return {"ran": True, **record(report)}
