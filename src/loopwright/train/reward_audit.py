"""The reward's pre-flight gaming audit (issue 26 item 2): before anything heavy, is the reward gameable?

``check(cfg)`` runs the fast subset of the gaming audit (reward_audit/audit.py ``preflight``) on the task's rows
whenever the run trains on its reward (every objective but SFT, which learns the rows and not the
reward): a reward that keeps templates, replies moved to other questions or a dump of the facts is
refused with the probe and its worst example (:class:`GameableReward`: exit 2, before the model loads).
``reward.audit=false`` skips it; the manifest's ``reward_audit`` records either. Imports no torch.

The audit calls the user's reward before the hang watchdog is armed, so it has its own bound: past
``guards.hang_floor_s`` (600 s without a guards group) every thread's stack goes to ``hang_stacks.txt`` and
the run ends with :class:`RewardHung` (status hung, exit 12), never a silent wait.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

from loopwright.train.validate import ConfigError

DEFAULT_LIMIT_S = 600.0


class GameableReward(ConfigError):
    """The pre-flight found replies that do not answer the question scoring at or above the threshold."""

    def __init__(self, message: str, report: dict):
        self.report = report
        self.problems = [message]
        ValueError.__init__(self, message)


class RewardHung(ConfigError):
    """The reward, called before the hang watchdog is armed (this audit, the step-0 signal check), did not return
    within the limit (the exits table: status hung, exit 12)."""

    def __init__(self, message: str):
        self.problems = [message]
        ValueError.__init__(self, message)


def limit_of(cfg: Any) -> float:
    guards = cfg.get("guards") if hasattr(cfg, "get") else None
    return float(guards.get("hang_floor_s", DEFAULT_LIMIT_S)) if guards is not None else DEFAULT_LIMIT_S


def bounded(run: Callable[[], Any], limit_s: float, stacks_path: Path | None, what: str = "the pre-flight gaming audit",
            way_out: str = ", or reward.audit=false to skip the audit") -> Any:
    """``run()`` on a thread of its own, waited on for ``limit_s``: its value or its exception, else RewardHung
    naming ``what`` and ``way_out`` (the thread is a daemon: a reward stuck in it cannot keep the process alive)."""
    done: dict[str, Any] = {}

    def target() -> None:
        try:
            done["value"] = run()
        except BaseException as err:  # handed to the caller's thread as it is
            done["error"] = err

    thread = threading.Thread(target=target, name="loopwright-reward-audit", daemon=True)
    thread.start()
    thread.join(limit_s)
    if thread.is_alive():
        from loopwright.runs.writer import write_thread_stacks

        failed = "no run directory" if stacks_path is None else write_thread_stacks(
            stacks_path, f"loopwright: {what}'s reward did not return within {limit_s:g} s")
        where = f"the stacks could not be written: {failed}" if failed else f"every thread's stack is in {stacks_path}"
        raise RewardHung(
            f"hung: {what}'s reward has not returned in {limit_s:g} s (guards.hang_floor_s); {where}: look there "
            f"for what the reward waits on. Raise guards.hang_floor_s for a reward that is slow on purpose{way_out}")
    if "error" in done:
        raise done["error"]
    return done.get("value")


def threshold_of(cfg: Any) -> float:
    """The reward's own curation cut (reward.params.threshold), else 0.7: the cut improve and audit use."""
    from loopwright import rewards

    return rewards.threshold_of(cfg.reward)


def skipped_because(cfg: Any) -> str | None:
    if not bool(cfg.reward.get("audit", True)):
        return "reward.audit=false"
    trainer = (cfg.get("objective") or {}).get("trainer")
    if getattr(trainer, "value", trainer) == "sft":
        return "objective trains on the rows, not on the reward (sft)"
    return None


def check(cfg: Any, run_dir: Path | None = None) -> dict:
    """The manifest's ``reward_audit``; raises :class:`GameableReward` when the reward is gameable and
    :class:`RewardHung` when the reward does not return (its stacks in ``run_dir/hang_stacks.txt``)."""
    why = skipped_because(cfg)
    if why:
        return {"ran": False, "skipped_by": why}
    from loopwright.reward_audit.audit import preflight, record, refusal
    from loopwright.rewards import GraderError

    try:
        stacks = run_dir / "hang_stacks.txt" if run_dir is not None else None
        report = bounded(lambda: preflight(cfg.reward, cfg.task, threshold_of(cfg)), limit_of(cfg), stacks)
    except RewardHung:
        raise
    except GraderError as err:  # a judge that is down: the run itself fails on it, as it always has
        return {"ran": False, "skipped_by": f"the reward could not grade: {err}"}
    except (OSError, ValueError) as err:  # the task's rows: the data step fails on them with the file and line
        return {"ran": False, "skipped_by": f"the task's rows could not be built: {err}"}
    if report["gameable"]:
        raise GameableReward(refusal(report), report)
    return {"ran": True, **record(report)}
