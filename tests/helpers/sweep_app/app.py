"""A task function that takes milliseconds, for the sweeper's grammar/direction/storage tests.

``value`` = (x - 1)^2 + (y + 2)^2 (+ z as a penalty when z is "bar"); returns a list
when ``objectives=2`` (value and x). ``error=true`` raises; ``sleep`` seconds of
wall time, ten times that when x == slow_x (refill tests); ``ledger``: append a
$0.40 cost line per job (max_cost tests); ``steps`` > 0 plays a training loop that reports ``value``
each step through the same trial storage train.py jobs use (pruning tests); ``manifest``: write a run dir's
manifest.json as train.py does, with timings.total_s = |x| + 1 (cost tests), and ledger lines name the run dir.
``eval.held_out_check`` set: write eval_results.json as train.py does, with the check's trained mean
-(x + 1)^2 (its optimum at x = -1, the returned value's at x = 1): hydra.sweeper.objective tests.
``proxy=true``: the job's cheap proxy, off by 0.5 |x - 0.5| (research.proxy tests).
``lucky`` > 0: the lucky-seed case (research across seeds): on seed 0, z == "bar" is ``lucky`` better than its
mean, on seeds 1 and 2 ``lucky`` worse, so seed 0 alone favours bar while the seed average favours foo.
"""

import json
import os
import time
from pathlib import Path

import hydra
from hydra.core.hydra_config import HydraConfig
from omegaconf import DictConfig


def _pruned_at(cfg: DictConfig, value: float) -> int | None:
    """Report value * step/steps each step; the step at which the study's pruner said stop."""
    from loopwright.sweep.attrs import PRUNED_ATTR
    from loopwright.sweep.trial import load_trial

    study, trial = load_trial(cfg.trial.study_name, cfg.trial.storage, int(cfg.trial.number))
    for step in range(1, int(cfg.steps) + 1):
        trial.report(value * step / cfg.steps, step)
        if trial.should_prune():
            trial.set_user_attr(PRUNED_ATTR, {"step": step, "value": value * step / cfg.steps})
            return step
    return None


@hydra.main(version_base="1.3", config_path="conf", config_name="config")
def main(cfg: DictConfig) -> object:
    out = Path(HydraConfig.get().runtime.output_dir)
    record = {"x": cfg.x, "y": cfg.y, "z": cfg.z, "start": time.time(), "pid": os.getpid(),
              "trial": dict(cfg.get("trial") or {})}
    if cfg.sleep:
        time.sleep(float(cfg.sleep) * (10 if cfg.x == cfg.slow_x else 1))
    if cfg.ledger:  # a paid job: one cost line per job, as the cloud launchers write
        with open(cfg.ledger, "a") as handle:
            handle.write(json.dumps({"provider": "runpod", "gpu": "A40", "pod_id": f"pod-{os.getpid()}",
                                     "seconds": 60, "usd_per_hr": 24.0, "dollars": 0.4, "event": "closed",
                                     "job_dir": str(out)}) + "\n")
    if cfg.manifest:
        (out / "manifest.json").write_text(json.dumps({"status": "completed", "device": "cpu",
                                                        "timings": {"total_s": abs(float(cfg.x)) + 1.0}}))
    if cfg.error:
        raise RuntimeError("cfg.error is True")
    value = (cfg.x - 1) ** 2 + (cfg.y + 2) ** 2 + (0.5 if cfg.z == "bar" else 0.0)
    if cfg.proxy:  # a cheap proxy of the job (research.proxy): roughly right, ranks near-ties wrongly
        value += 0.5 * abs(cfg.x - 0.5)
    if cfg.lucky:  # seeds 0, 1, 2, ...: bar -1, +1, +1 (x lucky); foo a little noise around its mean
        value += float(cfg.lucky) * ({"bar": (-1.0, 1.0, 1.0)}.get(cfg.z, (0.1, -0.1, 0.0)))[int(cfg.seed) % 3]
    record["seed"], record["proxy"] = cfg.get("seed"), cfg.proxy  # None when a test deletes the key (~seed)
    if cfg.steps and cfg.get("trial") and cfg.trial.study_name:
        record["pruned_at"] = _pruned_at(cfg, value)
    if cfg.eval.held_out_check:
        (out / "eval_results.json").write_text(json.dumps({"summary": {"held_out_check": {
            "check": cfg.eval.held_out_check, "trained_mean": -(cfg.x + 1) ** 2}}, "records": []}))
    record["end"] = time.time()
    (out / "record.json").write_text(json.dumps(record))
    return [value, float(cfg.x)] if cfg.objectives == 2 else value


if __name__ == "__main__":
    main()
