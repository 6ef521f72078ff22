"""``python -m loopwright.improve transcripts=transcripts/ reward=customer_support output=improved/``

Grades every assistant turn of ingested transcripts with a reward group option,
curates the turns at or above the threshold into training rows and writes the
exact train.py commands for them (src/loopwright/curation/curate.py). Exit 0 when
curated rows exist, 1 when nothing was curated, 2 for unusable arguments.
``calibrate=true`` (or ``reward.calibration`` set) first scores that labelled file and
stops with exit 2 below ``reward.min_agreement`` (loopwright.rewards._calibration);
without ``transcripts`` it is only that check. Without a calibration, logs that are not
the shipped scenarios are refused (exit 2, naming ``python -m loopwright.label``) unless
``calibration_required=false``, which improve_summary.json records. Imports no torch. The checks, the
threshold and the calibration gate are :mod:`loopwright.curation.improve_checks`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from omegaconf import DictConfig, OmegaConf

from loopwright.config.app_entry import hydra_app
from loopwright.curation.curate import NEXT_STEPS, ImproveInputError, improve
from loopwright.curation.improve_checks import (add_calibration, add_reward_audit, calibration_check, problems,
                                     reward_args, threshold_of, uncalibrated)


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
    else:
        refused, calibration = uncalibrated(cfg)
        if refused:
            print(f"loopwright.improve: {refused}", file=sys.stderr)
            return 2
        if calibration.get("override"):
            print(f"loopwright.improve: {calibration['override']}: {calibration['note']}", file=sys.stderr)
    from loopwright.train.reward_audit import check
    from loopwright.train.validate import ConfigError

    try:
        reward_audit = check(cfg)  # the pre-flight gaming audit: a gameable reward does not curate (exit 2)
    except ConfigError as err:  # GameableReward: the probe and its example
        print(f"loopwright.improve: {err}", file=sys.stderr)
        return 2
    config = redacted_config(cfg)
    try:
        summary = improve(cfg.transcripts, cfg.output, cfg.reward, cfg.task, threshold, reward_args(cfg),
                          cfg.eval_prompts, config)
    except ImproveInputError as err:
        print(f"loopwright.improve: {err}", file=sys.stderr)
        return 2
    if calibration:
        summary = add_calibration(cfg, summary, calibration)
    summary = add_reward_audit(cfg, summary, reward_audit)
    t, c = summary["turns"], summary["curated"]
    out = Path(str(cfg.output)).expanduser().resolve()
    print(f"graded {t['graded']} assistant turns with reward={cfg.reward.name}: {t['kept']} kept "
          f"(score >= {threshold}), dropped {t['dropped'] or 'none'}")
    print(f"{out / 'curated.jsonl'}: {c['rows']} rows, {c['distinct_prompts']} distinct prompts")
    print(f"next steps: {out / NEXT_STEPS}")
    return 0 if c["rows"] else 1


main = hydra_app("improve", run)


if __name__ == "__main__":
    main()
