"""logger= through train.py: the trackers' files and records (moved from tests/unit)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT
from helpers.wandb_records import offline_runs
from loopwright import loggers as trackers


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("WANDB_MODE", "WANDB_API_KEY")}
    # HOME without a ~/.netrc: logger.mode=auto must fall back to offline, not go online.
    env.update(HOME=str(tmp_path / "home"), **extra)
    (tmp_path / "home").mkdir(exist_ok=True)
    return env


TINY = ["model=tiny", "profile=smoke", "task.n_eval=4", "guards.zero_signal_steps=null"]



def _train(args: list[str], tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "train.py"), *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)



@pytest.fixture(scope="module")
def wandb_run(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("wandb")
    run_dir = tmp_path / "run"
    proc = _train([*TINY, "logger=wandb", "eval.every=1", "tags=[smoke,ci]", "+provider.api_token=tok-5e2b9",
                   f"hydra.run.dir={run_dir}"], tmp_path, _env(tmp_path))
    assert proc.returncode == 0, proc.stderr[-3000:]
    (offline,) = offline_runs(run_dir)
    return run_dir, proc, offline



def test_wandb_without_a_key_runs_offline_and_prints_the_sync_command(wandb_run):
    run_dir, proc, offline = wandb_run
    assert f"wandb sync {offline.dir}" in proc.stdout
    record = json.loads((run_dir / trackers.WANDB_RECORD).read_text())
    assert record["mode"] == "offline" and "no WANDB_API_KEY" in record["mode_reason"]
    assert record["id"] == offline.id
    assert json.loads((run_dir / "manifest.json").read_text())["tracking"]["id"] == offline.id



def test_wandb_run_carries_project_name_tags_and_the_redacted_config(wandb_run):
    run_dir, _, offline = wandb_run
    assert offline.project == "loopwright" and offline.tags == ["smoke", "ci"]
    assert offline.name == "/".join(run_dir.parts[-2:])
    assert offline.group == ""  # a single run is in no group
    assert offline.config["objective"]["name"] == "grpo" and offline.config["model"]["name"] == "tiny"
    assert offline.config["provider"]["api_token"] == "***REDACTED***"
    assert "tok-5e2b9" not in offline.path.read_bytes().decode("latin-1")
    # TRL's WandbCallback reused loopwright's run (one run in the dir) and added its args to it.
    assert offline.config["num_generations"] == offline.config["profile"]["num_generations"] == 2



def test_wandb_metrics_use_the_global_step_axis_including_periodic_eval(wandb_run):
    _, _, offline = wandb_run
    assert ("train/global_step", "") in offline.metric_definitions
    assert ("*", "train/global_step") in offline.metric_definitions
    history = offline.history
    reward_steps = [row["train/global_step"] for row in history if "train/reward" in row]
    assert reward_steps == [1, 2]
    eval_steps = [row["train/global_step"] for row in history if "eval/accuracy" in row]
    assert eval_steps == [1, 2]
    assert all("eval/mean_reward" in row for row in history if "eval/accuracy" in row)



def test_wandb_logs_the_held_out_table_the_data_and_the_model_as_artifacts(wandb_run):
    run_dir, _, offline = wandb_run
    (table_file,) = (offline.dir / "files" / "media" / "table" / "eval").glob("held_out_*.table.json")
    table = json.loads(table_file.read_text())
    eval_results = json.loads((run_dir / "eval_results.json").read_text())
    assert len(table["data"]) == eval_results["summary"]["n_prompts"] == 4
    assert table["columns"][:3] == ["index", "prompt", "answer"]
    assert [row[5] for row in table["data"]] == [r["trained_completion"] for r in eval_results["records"]]
    kinds = dict(offline.artifacts)
    assert kinds["dataset"] == "arithmetic-data"
    assert kinds["model"] == f"model-{offline.id}"
    assert offline.exit_codes == [0]



def test_multirun_jobs_are_separate_wandb_runs_grouped_by_the_sweep(tmp_path):
    sweep_dir = tmp_path / "sweep"
    proc = _train(["-m", *TINY, "logger=wandb", "logger.log_artifacts=false", "save_model=false",
                   "eval.enabled=false", "seed=1,2", f"hydra.sweep.dir={sweep_dir}"], tmp_path,
                  _env(tmp_path, WANDB_MODE="offline"))
    assert proc.returncode == 0, proc.stderr[-3000:]
    runs = [offline_runs(sweep_dir / str(n)) for n in (0, 1)]
    assert [len(r) for r in runs] == [1, 1]  # never merged into one run
    first, second = runs[0][0], runs[1][0]
    assert first.id != second.id
    assert first.group == second.group == str(sweep_dir)
    # named by the job's overrides (Hydra's override_dirname)
    assert "seed=1" in first.name.split(",") and "seed=2" in second.name.split(",")
    assert first.name.replace("seed=1", "seed=2") == second.name
    assert first.exit_codes == second.exit_codes == [0]



def test_a_research_rounds_job_is_in_the_research_group_with_its_rounds_job_type(tmp_path):
    """hydra.sweeper.research.rounds > 1 passes trial.group (one per research run) and trial.job_type (per round)."""
    run_dir = tmp_path / "run"
    proc = _train([*TINY, "logger=wandb", "logger.log_artifacts=false", "save_model=false", "eval.enabled=false",
                   "trial.group=loopwright-research-x", "trial.job_type=round_2", f"hydra.run.dir={run_dir}"],
                  tmp_path, _env(tmp_path, WANDB_MODE="offline"))
    assert proc.returncode == 0, proc.stderr[-3000:]
    (offline,) = offline_runs(run_dir)
    assert offline.group == "loopwright-research-x" and offline.job_type == "round_2"


def test_an_aborted_job_still_finishes_its_wandb_run_with_a_failure_code(tmp_path):
    run_dir = tmp_path / "run"
    proc = _train(["model=tiny", "profile=smoke", "profile.max_steps=6", "guards.zero_signal_steps=2",
                   "logger=wandb", f"hydra.run.dir={run_dir}"], tmp_path, _env(tmp_path, WANDB_MODE="offline"))
    assert proc.returncode == 3, proc.stderr[-3000:]
    (offline,) = offline_runs(run_dir)
    assert offline.exit_codes == [1]
    assert json.loads((run_dir / "manifest.json").read_text())["status"] == "aborted"



def test_tensorboard_writes_train_and_eval_scalars_on_the_step_axis(tmp_path):
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    run_dir = tmp_path / "run"
    proc = _train([*TINY, "logger=tensorboard", "eval.every=1", "+hf_token=hf-77c1a",
                   f"hydra.run.dir={run_dir}"], tmp_path, _env(tmp_path))
    assert proc.returncode == 0, proc.stderr[-3000:]
    scalars: dict[str, list[int]] = {}
    texts: dict[str, str] = {}
    for events in sorted((run_dir / "tensorboard").glob("events.out.tfevents.*")):
        acc = EventAccumulator(str(events), size_guidance={"scalars": 0, "tensors": 0})
        acc.Reload()
        for tag in acc.Tags()["scalars"]:
            scalars.setdefault(tag, []).extend(e.step for e in acc.Scalars(tag))
        for tag in acc.Tags()["tensors"]:
            texts[tag] = " ".join(t.tensor_proto.string_val[0].decode() for t in acc.Tensors(tag))
    assert sorted(scalars["train/reward"]) == [1, 2]
    assert sorted(scalars["eval/accuracy"]) == [1, 2]
    assert scalars["eval/trained_accuracy"] == [2]
    assert "objective:" in texts["config/text_summary"] and "hf-77c1a" not in texts["config/text_summary"]
    assert "eval/held_out/text_summary" in texts
    assert json.loads((run_dir / "manifest.json").read_text())["tracking"]["kind"] == "tensorboard"
