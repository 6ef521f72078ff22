"""The run record: ``manifest.json``, written at the start (status ``running``) and after every step.

The whole shape of the manifest is in this file: each step of the job calls one
named method, which adds its keys and rewrites the file atomically, so a killed
run leaves a manifest that says how far it got. Keys appear in the order the
steps run::

    status run_dir run_name tags seed started_at ended_at overrides choices job_name
    config [calibration] git packages host   start (calibration: reward.calibration's gate result)
    tracking lineage dataset model           begin / data / model steps
    token_check                              episodes: the multi-turn token check (loopwright.episodes.token_report)
    resumed_from trainer device torch_threads
    timings global_step                      after training
    result                                   after evaluation and saving
    error | pruned                           on an early end (loopwright.train.exits)
"""

from __future__ import annotations

import importlib.metadata
import os
import platform
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from loopwright.runs import writer
from loopwright.runs.safe_paths import code_dir
from loopwright.train.exits import COMPLETED, Exit, error_text
from loopwright.train.ranks import is_rank_zero

PACKAGES = ("loopwright", "torch", "transformers", "trl", "peft", "accelerate", "datasets",
            "hydra-core", "omegaconf", "safetensors", "tokenizers", "numpy")



# ------------------------------------------------------------ what the run ran on (the manifest's git, packages, host)
def git_state(directory: Path) -> dict[str, Any]:
    """Commit and dirty flag of the git work tree holding ``directory`` (None outside git)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(directory), *args], capture_output=True, text=True,
                              check=True, timeout=20).stdout.strip()
    try:
        return {"sha": git("rev-parse", "HEAD"), "dirty": bool(git("status", "--porcelain")),
                "root": git("rev-parse", "--show-toplevel")}
    except (OSError, subprocess.SubprocessError):
        return {"sha": None, "dirty": None, "root": None}


def package_versions() -> dict[str, str | None]:
    versions: dict[str, str | None] = {"python": sys.version.split()[0]}
    for name in PACKAGES:
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def host_info() -> dict[str, Any]:
    return {"platform": platform.platform(), "machine": platform.machine(), "cpus": os.cpu_count(),
            "slot": launcher_slot()}


def launcher_slot() -> dict[str, Any] | None:
    """The local_gpus slot this job ran in (set by the launcher), or None outside one."""
    if "LOOPWRIGHT_SLOT" not in os.environ:
        return None
    torch = sys.modules.get("torch")  # only when the job already imported it
    return {"slot": int(os.environ["LOOPWRIGHT_SLOT"]), "slots": int(os.environ.get("LOOPWRIGHT_SLOTS", "0")),
            "cuda_visible_devices": os.environ.get("CUDA_VISIBLE_DEVICES"),
            "omp_num_threads": os.environ.get("OMP_NUM_THREADS"),
            "world_size": int(os.environ.get("WORLD_SIZE", "1")),  # > 1 under `accelerate launch`
            "torch_threads": torch.get_num_threads() if torch is not None else None}


def _hydra_context() -> dict[str, Any]:
    from hydra.core.hydra_config import HydraConfig

    if not HydraConfig.initialized():
        return {}
    hc = HydraConfig.get()
    return {
        "overrides": list(hc.overrides.task),
        "choices": {k: v for k, v in hc.runtime.choices.items() if not k.startswith("hydra/")},
        "job_name": hc.job.name,
    }


def _calibration(cfg: Any) -> dict[str, Any]:
    if cfg.get("reward") is None or not cfg.reward.get("calibration"):
        return {}  # no labels given: nothing to record, and the calibration module stays unloaded
    from loopwright.rewards._calibration import recorded

    result = recorded(cfg.reward)
    return {"calibration": result} if result is not None else {}


class RunRecord:
    """Builds manifest.json step by step; see the module docstring for its keys."""

    def __init__(self, cfg: Any, run_dir: Path):
        self.path = run_dir / "manifest.json"
        self._started = time.monotonic()
        # Step durations; published under "timings" once training ran (a run that fails
        # earlier records only its total, as it always has).
        self.timings: dict[str, float] = {}
        self.data: dict[str, Any] = {
            "status": "running",
            "run_dir": str(run_dir),
            "run_name": cfg.run_name,
            "tags": list(cfg.tags),
            "seed": int(cfg.seed),
            "started_at": writer.now_iso(),
            "ended_at": None,
            **writer.redact(_hydra_context()),
            "config": writer.redacted_config(cfg),
            **_calibration(cfg),
            "git": git_state(code_dir()),
            "packages": package_versions(),
            "host": host_info(),
        }

    @classmethod
    def start(cls, cfg: Any, run_dir: Path) -> RunRecord:
        record = cls(cfg, run_dir)
        record._write()
        return record

    def _write(self, **updates: Any) -> None:
        self.data.update(updates)
        if is_rank_zero():  # a multi-process job has one manifest, rank 0's
            writer.write_json_atomic(self.path, self.data)

    @contextmanager
    def timed(self, name: str) -> Iterator[None]:
        """``with record.timed("train_s"):`` records the block's duration in seconds."""
        t0 = time.monotonic()
        yield
        self.timings[name] = round(time.monotonic() - t0, 3)

    # ------------------------------------------------------------ the job's steps, in order
    def tracking(self, tracker: Any) -> None:
        self._write(tracking=tracker.record())

    def reward_audit(self, report: dict[str, Any]) -> None:
        """``reward_audit``: the pre-flight gaming audit's verdict, or what skipped it
        (loopwright.train.reward_audit)."""
        self._write(reward_audit=report)

    def reward_hacking(self, report: dict[str, Any]) -> None:
        """``reward_hacking``: the runtime monitor's figures per logged step, and the step it stopped at."""
        self._write(reward_hacking=report)

    def lineage(self, lineage: dict[str, Any]) -> None:
        self._write(lineage=lineage)

    def dataset(self, dataset: dict[str, Any]) -> None:
        self._write(dataset=dataset)

    def model(self, source: dict[str, Any], parameters: int, trust_remote_code: bool = False,
              thinking: dict[str, Any] | None = None, chat_template_kwargs: dict[str, Any] | None = None) -> None:
        # What loading may execute: remote code only when the config asked; checkpoints are read with
        # torch.load(weights_only=True) by the Trainer, weights from safetensors. thinking: model.thinking as
        # resolved (models/families.py); chat_template_kwargs: what every prompt of the run was rendered with.
        self._write(model={"source": source, "parameters": parameters, "trust_remote_code": trust_remote_code,
                           "checkpoint_loading": "weights_only", "thinking": thinking,
                           "chat_template_kwargs": chat_template_kwargs or {}})

    def token_check(self, report: dict[str, Any]) -> None:
        """``token_check``: the multi-turn token check's verdict (loopwright.episodes.token_report)."""
        self._write(token_check=report)

    def signal_check(self, report: dict[str, Any]) -> None:
        """``signal_check``: the step-0 batch's figures and verdict, or why it was skipped (train/signal_check.py)."""
        self._write(signal_check=report)

    def resumed(self, checkpoint: Path, plan: dict[str, Any] | None = None) -> None:
        """``resumed_from`` and ``resume`` (requested, implied_by, forced, the previous attempt's end)."""
        self._write(resumed_from=str(checkpoint), resume=plan)

    def trainer(self, trainer: Any, kwargs_from_config: dict[str, Any], torch_threads: int) -> None:
        # The full config TRL ran with (every field, defaults included), secrets redacted.
        config = writer.redact({k: v for k, v in trainer.args.to_dict().items() if not k.startswith("_")})
        self._write(trainer={"class": type(trainer).__name__, "kwargs_from_config": kwargs_from_config,
                             "config": config},
                    device=str(trainer.args.device), torch_threads=torch_threads)

    def objective_scaling(self, record: dict[str, Any]) -> None:
        """The objective's paper values as the profile scaled them (loopwright.objectives.scaling_record)."""
        self._write(objective_scaling=record)

    def rollout(self, **sections: Any) -> None:
        """``rollout`` (engine, TRL fields, pinned engine args) and ``rollout_sync`` (loopwright.rollout.sync_check)."""
        self._write(**sections)

    def trained(self, global_step: int) -> None:
        self.timings["train_s_per_step"] = round(self.timings["train_s"] / max(global_step, 1), 3)
        self._write(timings=self.timings, global_step=global_step)

    def result(self, result: dict[str, Any], tracker: Any) -> None:
        self._write(result=result, timings=self.timings, tracking=tracker.record())

    # ------------------------------------------------------------ the end
    def finish(self, how: Exit = COMPLETED, err: BaseException | None = None) -> None:
        """Status and end time: ``completed``, or the early end the exits table gives ``err``."""
        updates: dict[str, Any] = {"status": how.status, "ended_at": writer.now_iso()}
        if how.status == "pruned":
            updates.update(pruned={"step": err.step, "value": err.value}, global_step=err.step)
        elif err is not None:
            updates["error"] = error_text(how, err)
        total = {"total_s": round(time.monotonic() - self._started, 3)}
        self._write(**updates, timings={**self.data.get("timings", {}), **total})
