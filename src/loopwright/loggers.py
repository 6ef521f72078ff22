"""Experiment trackers behind ``logger=none|wandb|tensorboard``.

One tracker per job. ``loopwright.train.job.train`` creates it, ``begin()``s it before the trainer
exists (so TRL's ``report_to=["wandb"]`` finds the W&B run and reuses it instead of
opening its own) and ``finish()``es it in a ``finally``: exceptions, guard aborts
and Ctrl-C included, so the jobs of a multirun never merge into one W&B run.
``metrics.jsonl`` is written by every kind; trackers add a dashboard on top.
"""

from __future__ import annotations

import netrc
import os
import re
from pathlib import Path
from typing import Any

from omegaconf import OmegaConf

from loopwright.runs import writer

# Remembers the W&B run of a run dir, so that a resumed run continues the same W&B run.
WANDB_RECORD = "wandb_run.json"


class Tracker:
    """logger=none: nothing beyond metrics.jsonl."""

    kind = "none"

    def begin(self, resume_from: Path | None) -> None:
        pass

    def callbacks(self) -> list:
        return []

    def log_data(self, data_dir: Path, dataset: dict[str, Any]) -> None:
        pass

    def log_eval_step(self, step: int, summary: dict[str, float]) -> None:
        pass

    def log_eval_results(self, results: dict[str, Any], step: int) -> None:
        pass

    def log_model(self, model_dir: Path, step: int) -> None:
        pass

    def finish(self, exit_code: int) -> None:
        pass

    def record(self) -> dict[str, Any]:
        """What the manifest says about this tracker."""
        return {"kind": self.kind}


def create(cfg: Any, run_dir: Path) -> Tracker:
    kind = cfg.logger.kind.value if hasattr(cfg.logger.kind, "value") else str(cfg.logger.kind)
    if kind == "wandb":
        return WandbTracker(cfg, run_dir)
    if kind == "tensorboard":
        return TensorBoardTracker(cfg, run_dir)
    return Tracker()


def _artifact_name(text: str) -> str:
    # W&B artifact names allow letters, digits, '-', '_' and '.'
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-")[:120] or "run"


# ------------------------------------------------------------------- W&B
def wandb_mode(setting: str) -> tuple[str, str]:
    """(mode, why) for logger.mode; ``auto`` never goes online without credentials."""
    if setting != "auto":
        return setting, f"logger.mode={setting}"
    env = os.environ.get("WANDB_MODE", "").strip().lower()
    if env:
        return {"dryrun": "offline", "run": "online"}.get(env, env), f"WANDB_MODE={env}"
    if os.environ.get("WANDB_API_KEY"):
        return "online", "WANDB_API_KEY is set"
    if _netrc_has_wandb():
        return "online", "~/.netrc has api.wandb.ai (wandb login)"
    return "offline", "no WANDB_API_KEY and no `wandb login`"


def _netrc_has_wandb() -> bool:
    try:
        return netrc.netrc().authenticators("api.wandb.ai") is not None
    except (FileNotFoundError, netrc.NetrcParseError, OSError):
        return False


def _hydra_job_identity() -> tuple[str | None, str | None]:
    """(group, name) for a multirun job: the sweep dir and the job's own overrides."""
    from hydra.core.hydra_config import HydraConfig

    if not HydraConfig.initialized():
        return None, None
    hc = HydraConfig.get()
    if hc.mode is None or hc.mode.name != "MULTIRUN":
        return None, None
    return str(hc.sweep.dir), writer.redact_override(hc.job.override_dirname) or None


def _previous_wandb_id(run_dir: Path, resume_from: Path) -> str | None:
    """The W&B run id of the run a checkpoint belongs to (<run>/checkpoints/checkpoint-N), else this run dir's."""
    for directory in (resume_from.parent.parent, run_dir):
        path = directory / WANDB_RECORD
        if path.is_file():
            from loopwright.runs.reader import read_json

            return read_json(path).get("id")
    return None


class WandbTracker(Tracker):
    kind = "wandb"

    def __init__(self, cfg: Any, run_dir: Path):
        self.cfg = cfg
        self.run_dir = run_dir
        self.mode, self.mode_reason = wandb_mode(cfg.logger.mode.value)
        self.run = None
        self.resumed = False

    def begin(self, resume_from: Path | None) -> None:
        import wandb

        cfg = self.cfg
        sweep_group, job_name = _hydra_job_identity()
        # A sweep (the Optuna study when there is one) is one W&B group; the job's
        # overrides name it inside the group.
        # research rounds: one group for the whole research run, one job type per round (trial.group, job_type)
        group = (OmegaConf.select(cfg, "trial.group", default=None)
                 or OmegaConf.select(cfg, "trial.study_name", default=None) or sweep_group)
        name = cfg.run_name or job_name or "/".join(self.run_dir.parts[-2:])
        previous = _previous_wandb_id(self.run_dir, resume_from) if resume_from is not None else None
        self.resumed = previous is not None
        self.run = wandb.init(
            project=cfg.logger.project,
            entity=cfg.logger.entity,
            name=name,
            group=group,
            job_type=OmegaConf.select(cfg, "trial.job_type", default=None) or "train",
            tags=[str(t) for t in cfg.tags],
            notes=cfg.notes,
            config=writer.redacted_config(cfg),
            dir=str(self.run_dir),
            mode=self.mode,
            id=previous,  # None: W&B picks a new id
            resume="allow" if previous else None,
            reinit="finish_previous",  # a multirun's jobs share a process: never one run
            settings=wandb.Settings(
                # W&B's system metadata includes sys.argv, and an override can carry a
                # secret; host, git and package versions are in manifest.json instead.
                x_disable_meta=True,
                disable_git=True,
                save_code=False,
            ),
        )
        # Every metric is plotted against the trainer's step (TRL also sets this up;
        # doing it here covers what loopwright logs before and after training).
        self.run.define_metric("train/global_step")
        self.run.define_metric("*", step_metric="train/global_step", step_sync=True)
        writer.write_json_atomic(self.run_dir / WANDB_RECORD, self.record())
        print(f"[loopwright] W&B run {self.run.id} ({self.mode}: {self.mode_reason})"
              f"{', resumed' if self.resumed else ''}", flush=True)

    def log_data(self, data_dir: Path, dataset: dict[str, Any]) -> None:
        if self.run is None or not self.cfg.logger.log_artifacts:
            return
        import wandb

        artifact = wandb.Artifact(_artifact_name(f"{self.cfg.task.name}-data"), type="dataset",
                                  metadata={split: {k: v for k, v in info.items() if k != "path"}
                                            for split, info in dataset.items()})
        for info in dataset.values():
            artifact.add_file(str(data_dir.parent / info["path"]))
        if self.mode == "online":
            self.run.use_artifact(artifact)  # an input of this run: lineage data -> model
        else:
            # W&B refuses use_artifact offline; logging it keeps the exact data in the
            # run (as an output) until it is synced.
            self.run.log_artifact(artifact)

    def log_eval_step(self, step: int, summary: dict[str, float]) -> None:
        if self.run is not None:
            self.run.log({**{f"eval/{k}": v for k, v in summary.items()}, "train/global_step": step})

    def log_eval_results(self, results: dict[str, Any], step: int) -> None:
        if self.run is None:
            return
        import wandb

        columns = ["index", "prompt", "answer", "base_completion", "base_score", "trained_completion",
                   "trained_score"]
        table = wandb.Table(columns=columns, data=[[r.get(c) if c != "answer" else str(r.get(c))
                                                    for c in columns] for r in results["records"]])
        summary = results["summary"]
        self.run.log({"eval/held_out": table, "train/global_step": step})
        self.run.summary.update({f"eval/{k}": v for k, v in summary.items() if isinstance(v, (int, float))})

    def log_model(self, model_dir: Path, step: int) -> None:
        if self.run is None or not self.cfg.logger.log_artifacts:
            return
        import wandb

        kind = "adapter" if self.cfg.model.lora.enabled else "weights"
        artifact = wandb.Artifact(_artifact_name(f"model-{self.run.id}"), type="model",
                                  metadata={"base_model": self.cfg.model.name, "contents": kind,
                                            "objective": self.cfg.objective.name, "global_step": step})
        artifact.add_dir(str(model_dir))
        self.run.log_artifact(artifact, aliases=["latest", f"step-{step}"])

    def finish(self, exit_code: int) -> None:
        if self.run is None:
            return
        offline_dir = Path(self.run.dir).parent if self.mode == "offline" else None
        self.run.finish(exit_code=exit_code)
        self.run = None
        if offline_dir is not None:
            print(f"[loopwright] W&B ran offline ({self.mode_reason}); upload it with:\n"
                  f"  wandb sync {offline_dir}", flush=True)

    def record(self) -> dict[str, Any]:
        run = self.run
        return {"kind": "wandb", "id": run.id if run else None, "project": self.cfg.logger.project,
                "entity": self.cfg.logger.entity, "name": run.name if run else None,
                "group": run.group if run else None, "mode": self.mode, "mode_reason": self.mode_reason,
                "url": (run.url if run and self.mode == "online" else None),
                "dir": str(Path(run.dir).parent) if run and self.mode != "disabled" else None}


# ------------------------------------------------------------- TensorBoard
def _cell(text: Any) -> str:
    """One markdown table cell: no pipes or newlines, at most 200 characters."""
    return str(text).replace("|", "\\|").replace("\n", " ")[:200]


class TensorBoardTracker(Tracker):
    """Event files in <run dir>/tensorboard: TRL's step logs, periodic and final eval, config."""

    kind = "tensorboard"

    def __init__(self, cfg: Any, run_dir: Path):
        self.cfg = cfg
        self.log_dir = run_dir / "tensorboard"
        self.writer = None

    def begin(self, resume_from: Path | None) -> None:
        from torch.utils.tensorboard import SummaryWriter

        self.writer = SummaryWriter(log_dir=str(self.log_dir))
        config_yaml = OmegaConf.to_yaml(OmegaConf.create(writer.redacted_config(self.cfg)))
        self.writer.add_text("config", "```\n" + config_yaml + "\n```", 0)

    def callbacks(self) -> list:
        from transformers.integrations import TensorBoardCallback

        # Shares our writer; it closes it at the end of training, and the writer
        # reopens a new event file in the same directory on the next add_*.
        return [TensorBoardCallback(tb_writer=self.writer)]

    def log_eval_step(self, step: int, summary: dict[str, float]) -> None:
        for key, value in summary.items():
            self.writer.add_scalar(f"eval/{key}", value, step)

    def log_eval_results(self, results: dict[str, Any], step: int) -> None:
        summary = results["summary"]
        for key in ("base_accuracy", "trained_accuracy", "base_mean_reward", "trained_mean_reward"):
            self.writer.add_scalar(f"eval/{key}", summary[key], step)
        lines = ["| # | prompt | base | trained |", "|---|---|---|---|"]
        for r in results["records"]:
            lines.append(f"| {r['index']} | {_cell(r['prompt'])} | {r['base_score']:.2f} {_cell(r['base_completion'])} "
                         f"| {r['trained_score']:.2f} {_cell(r['trained_completion'])} |")
        self.writer.add_text("eval/held_out", "\n".join(lines), step)

    def finish(self, exit_code: int) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    def record(self) -> dict[str, Any]:
        return {"kind": "tensorboard", "dir": str(self.log_dir)}


# logger.kind -> (module that must be importable, the extra that installs it)
_LOGGER_PACKAGES = {"wandb": ("wandb", "wandb"), "tensorboard": ("tensorboard", "tensorboard")}


def problems(cfg: Any) -> list[str]:
    """logger=: its package is installed; W&B has a project."""
    import importlib.util

    logger = cfg.logger
    needed = _LOGGER_PACKAGES.get(logger.kind.value)
    if needed and importlib.util.find_spec(needed[0]) is None:
        return [f"logger={logger.name} needs the {needed[0]} package, which is not installed: "
                f"pip install 'loopwright[{needed[1]}]' (or pip install {needed[0]})"]
    if logger.kind.value == "wandb" and not str(logger.project).strip():
        return ["logger.project must not be empty for logger=wandb"]
    return []
