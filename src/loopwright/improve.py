"""``python -m loopwright.improve transcripts=transcripts/ reward=customer_support output=improved/``

Grades every assistant turn of ingested transcripts with a reward group option,
curates the turns at or above the threshold into training rows and writes the
exact train.py commands for them (src/loopwright/loop/curate.py). Exit 0 when
curated rows exist, 1 when nothing was curated, 2 for unusable arguments.
``calibrate=true`` (or ``reward.calibration`` set) first scores that labelled file and
stops with exit 2 below ``reward.min_agreement`` (loopwright.rewards._calibration);
without ``transcripts`` it is only that check. Imports no torch.
"""

from __future__ import annotations

import sys
from pathlib import Path

from omegaconf import DictConfig, OmegaConf

from loopwright.loop.app import hydra_app
from loopwright.loop.curate import DEFAULT_THRESHOLD, NEXT_STEPS, ImproveInputError, improve


def threshold_of(cfg: DictConfig) -> float:
    """threshold, else the reward's own curation cut (reward.params.threshold), else 0.7."""
    if cfg.threshold is not None:
        return float(cfg.threshold)
    params = cfg.reward.get("params") or {}
    return float(params.get("threshold", DEFAULT_THRESHOLD))


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


def run(cfg: DictConfig) -> int:
    found = problems(cfg)
    if found:
        print("loopwright.improve: invalid config:\n" + "\n".join(f"  - {p}" for p in found), file=sys.stderr)
        return 2
    from loopwright.runs.writer import redacted_config

    threshold = threshold_of(cfg)
    calibration = None
    if cfg.reward.get("calibration"):
        calibration = calibration_check(cfg, threshold)
        if not calibration or not calibration["passed"] or OmegaConf.is_missing(cfg, "transcripts"):
            return 0 if calibration and calibration["passed"] else 2
    config = redacted_config(cfg)
    try:
        summary = improve(cfg.transcripts, cfg.output, cfg.reward, cfg.task, threshold, reward_args(cfg),
                          cfg.eval_prompts, config)
    except ImproveInputError as err:
        print(f"loopwright.improve: {err}", file=sys.stderr)
        return 2
    if calibration:
        summary = add_calibration(cfg, summary, calibration)
    t, c = summary["turns"], summary["curated"]
    out = Path(str(cfg.output)).expanduser().resolve()
    print(f"graded {t['graded']} assistant turns with reward={cfg.reward.name}: {t['kept']} kept "
          f"(score >= {threshold}), dropped {t['dropped'] or 'none'}")
    print(f"{out / 'curated.jsonl'}: {c['rows']} rows, {c['distinct_prompts']} distinct prompts")
    print(f"next steps: {out / NEXT_STEPS}")
    return 0 if c["rows"] else 1


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


def add_calibration(cfg: DictConfig, summary: dict, calibration: dict) -> dict:
    """improve_summary.json records the gate's result beside the curation figures."""
    from loopwright.loop.curate import SUMMARY
    from loopwright.runs.writer import write_json_atomic

    summary = {**summary, "calibration": calibration}
    write_json_atomic(Path(str(cfg.output)).expanduser().resolve() / SUMMARY, summary)
    return summary


main = hydra_app("improve", run)


if __name__ == "__main__":
    main()
