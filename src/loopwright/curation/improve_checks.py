"""What ``python -m loopwright.improve`` decides before and after curating: the threshold, the checks, calibration.

    threshold_of        threshold=, else the reward's own cut (reward.params.threshold), else 0.7
    reward_args         the reward as the next train.py command should be given it
    grading_problems    what any app that grades with reward= / task= checks first (improve, flywheel)
    problems            improve's own config checks
    calibration_check   the gate on reward.calibration (loopwright.rewards._calibration); calibration.json
    uncalibrated        why curating without a calibration is refused: logs that are not the shipped scenarios
                        (the grader was never checked on them); calibration_required=false overrides it
    add_calibration     improve_summary.json records the gate's result, or the override / why none was needed

The grading and curation themselves are :mod:`loopwright.curation.curate`. Imports no torch.
"""

from __future__ import annotations

import sys
from pathlib import Path

from omegaconf import DictConfig, OmegaConf

from loopwright import rewards


def threshold_of(cfg: DictConfig) -> float:
    """threshold, else the reward's own curation cut (reward.params.threshold), else 0.7."""
    if cfg.threshold is not None:
        return float(cfg.threshold)
    return rewards.threshold_of(cfg.reward)


def reward_args(cfg: DictConfig) -> list[str]:
    """The reward as train.py should be given it: the same option plus the same reward.* overrides."""
    from hydra.core.hydra_config import HydraConfig

    if not HydraConfig.initialized():
        return [f"reward={cfg.reward.name}"]
    hc = HydraConfig.get()
    choice = hc.runtime.choices.get("reward") or cfg.reward.name
    extra = [o for o in hc.overrides.task if o.lstrip("+~").startswith("reward.")]
    return [f"reward={choice}", *extra]


def grading_problems(cfg: DictConfig) -> list[str]:
    """What any app that grades with ``reward`` / ``task`` checks first (improve, flywheel): the reward, the task,
    the task option's own rules, ``eval_prompts``."""
    from loopwright import rewards, tasks

    found = rewards.problems(cfg.reward) + tasks.problems(cfg.task)
    if not found:
        found = tasks.option_problems(cfg.task)  # e.g. task.params.records must be readable
    if cfg.eval_prompts and not Path(str(cfg.eval_prompts)).expanduser().is_file():
        found.append(f"eval_prompts={cfg.eval_prompts} is not a file")
    return found


def problems(cfg: DictConfig) -> list[str]:
    found = grading_problems(cfg)
    if cfg.calibrate and not cfg.reward.get("calibration"):
        found.append("calibrate=true needs reward.calibration=<labelled .jsonl> (prompt, reply, label 0/1 per line)")
    if OmegaConf.is_missing(cfg, "transcripts") and not cfg.calibrate:
        found.append("transcripts is required (an ingest output dir or a transcripts .jsonl)")
    return found


def calibration_check(cfg: DictConfig, threshold: float) -> dict | None:
    """The gate on reward.calibration: print the agreement, write <output>/calibration.json; None if unusable."""
    from loopwright.rewards import GraderError
    from loopwright.rewards._calibration import CalibrationError, calibrate, summary_line
    from loopwright.runs.writer import write_json_atomic

    try:
        result = calibrate(cfg.reward, threshold)
    except (CalibrationError, GraderError) as err:
        print(f"loopwright.improve: reward.calibration: {err}", file=sys.stderr)
        return None
    verdict = "passed" if result["passed"] else "FAILED: this grader is not trusted to curate"
    print(f"calibration of reward={cfg.reward.name}: {summary_line(result)}: {verdict}",
          file=sys.stdout if result["passed"] else sys.stderr)
    if not OmegaConf.is_missing(cfg, "output"):
        out = Path(str(cfg.output)).expanduser().resolve()
        out.mkdir(parents=True, exist_ok=True)
        write_json_atomic(out / "calibration.json", result)
    return result


LABEL_COMMAND = "python -m loopwright.label"
SHIPPED_SHARE = 0.8  # the share of assistant turns joined to a shipped scenario that makes logs "the shipped scenarios"


def shipped_share(cfg: DictConfig) -> float | None:
    """The share of the logs' assistant turns that are the shipped support scenarios' (task=customer_support's
    own lookup, no task.params.records): 0 for any other task or for a user's own records; None when the
    transcripts cannot be read (improve names the file)."""
    from loopwright.curation.curate import ImproveInputError, read_transcripts, transcripts_file, turns_of
    from loopwright.tasks import columns_for

    params = dict(cfg.task.get("params") or {})
    if cfg.task.kind != "customer_support" or params.get("records"):
        return 0.0
    try:
        conversations = read_transcripts(transcripts_file(str(cfg.transcripts)))
    except ImproveInputError:
        return None  # improve itself names the unusable file
    joined = total = 0
    for t in conversations:
        for turn in turns_of(t):
            columns, _ = columns_for("customer_support", turn["context"], t.get("metadata"), params)
            total += 1
            joined += '"must_state"' in str(columns.get("facts_json") or "")
    return joined / total if total else 0.0


def uncalibrated(cfg: DictConfig) -> tuple[str | None, dict]:
    """(why curating is refused or None, what improve_summary.json's ``calibration`` records) without a
    reward.calibration: logs that are not the shipped scenarios need one, unless calibration_required=false."""
    share = shipped_share(cfg)
    if share is None:
        return None, {}
    if share >= SHIPPED_SHARE:
        return None, {"required": False, "reason": f"the shipped scenarios ({share:.0%} of the turns)"}
    if not cfg.calibration_required:
        return None, {"required": True, "override": "calibration_required=false",
                      "note": "curated with a grader never checked against labels on these logs"}
    return (f"reward={cfg.reward.name} has no calibration on these logs (they are not the shipped scenarios), so "
            f"its scores are not trusted to curate them. Label about 30 of their replies: `{LABEL_COMMAND} "
            f"{cfg.transcripts} --out labels.jsonl`, then rerun with reward.calibration=labels.jsonl (the gate: "
            f"reward.min_agreement), or override with calibration_required=false (recorded in "
            f"improve_summary.json)."), {}


def add_reward_audit(cfg: DictConfig, summary: dict, reward_audit: dict) -> dict:
    """improve_summary.json records the pre-flight gaming audit (loopwright.train.reward_audit), or what skipped it."""
    return add_calibration(cfg, summary, reward_audit, key="reward_audit")


def add_calibration(cfg: DictConfig, summary: dict, calibration: dict, key: str = "calibration") -> dict:
    """improve_summary.json records the gate's result beside the curation figures."""
    from loopwright.curation.curate import SUMMARY
    from loopwright.runs.writer import write_json_atomic

    summary = {**summary, key: calibration}
    write_json_atomic(Path(str(cfg.output)).expanduser().resolve() / SUMMARY, summary)
    return summary
