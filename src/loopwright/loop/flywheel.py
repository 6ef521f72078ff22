"""The flywheel's generations (``python -m loopwright.flywheel``): inputs, the four steps, one step at a time.

Generation g: ``step_harvest`` (best-of-N replies of the shipped model, :mod:`loopwright.loop.harvest`),
``step_improve`` (curated with :func:`loopwright.curation.curate.improve`), ``step_train`` (a child
``python -m loopwright.train`` run on them from the shipped model's weights) and ``step_gate`` (the
child against its base, the shipped model). ``one_step`` runs the step the state names and advances it;
the state and the stop rules are :mod:`loopwright.loop.flywheel_state`. docs/FLYWHEEL.md.
"""

from __future__ import annotations

import ctypes
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from omegaconf import DictConfig, OmegaConf

from loopwright.loop import flywheel_state as fs
from loopwright.curation.curate import CURATED
from loopwright.runs import writer
from loopwright.runs.reader import EVAL_RESULTS, DamagedFile, read_eval_results, read_manifest

HELD_OUT = "held_out.jsonl"


# ------------------------------------------------------------------ inputs
def problems(cfg: DictConfig) -> list[str]:
    from loopwright.curation.improve_checks import grading_problems

    found = grading_problems(cfg)  # the reward, the task, eval_prompts: as improve checks them
    for key in ("harvest.samples", "harvest.max_new_tokens", "harvest.batch_size", "stop.max_generations",
                "stop.patience"):
        if OmegaConf.select(cfg, key) < 1:
            found.append(f"{key}={OmegaConf.select(cfg, key)} must be at least 1")
    if cfg.model.lora.enabled:
        found.append("model.lora.enabled=true: a child run's model/ would be an adapter, which the next "
                     "generation cannot start from yet; train full weights")
    return found


def group_args(cfg: DictConfig, group: str) -> list[str]:
    """``group=<option>`` plus the ``group.*`` overrides this command was given, for the child runs."""
    from hydra.core.hydra_config import HydraConfig

    if not HydraConfig.initialized():
        return [f"{group}={cfg[group].name}"]
    hc = HydraConfig.get()
    extra = [o for o in hc.overrides.task if o.lstrip("+~").startswith(f"{group}.")]
    return [f"{group}={hc.runtime.choices.get(group) or cfg[group].name}", *extra]


def held_out_file(cfg: DictConfig, out: Path) -> Path:
    """The held-out prompts every gate uses: eval_prompts, else the task's held-out split written once."""
    if cfg.eval_prompts:
        return Path(str(cfg.eval_prompts)).expanduser().resolve()
    path = out / HELD_OUT
    if not path.is_file():
        from loopwright import tasks

        _, held = tasks.build(cfg.task)
        writer.write_jsonl(path, [{"id": f"held-{i}", "messages": row["prompt"],
                               "columns": {k: v for k, v in row.items() if k != "prompt"}}
                              for i, row in enumerate(held)])
    return path


# ------------------------------------------------------------------ steps
def step_harvest(cfg: DictConfig, state: dict, record: dict, gen_dir: Path) -> None:
    from loopwright import tasks
    from loopwright.loop.harvest import harvest

    shipped = state["shipped"]
    model_cfg = cfg.model
    if shipped["model_dir"]:
        model_cfg = OmegaConf.merge(cfg.model, {"name_or_path": shipped["model_dir"]})
    label = shipped["run_dir"] or f"base ({cfg.model.name})"
    train_rows, _ = tasks.build(cfg.task)
    h = cfg.harvest
    print(f"[flywheel] generation {state['generation']}: harvest, best of {h.samples} from {label}", flush=True)
    report = harvest(model_cfg, cfg.reward, train_rows, gen_dir / "harvest", samples=h.samples,
                     max_new_tokens=h.max_new_tokens, temperature=h.temperature, batch_size=h.batch_size,
                     seed=cfg.seed + state["generation"], generation=state["generation"], label=label)
    record["harvest"] = {k: report[k] for k in ("prompts", "samples_per_prompt", "mean_score", "mean_best_score",
                                                "pass_at_n", "transcripts")}
    print(f"[flywheel]   {report['prompts']} prompts: mean score {report['mean_score']}, "
          f"best-of-{h.samples} mean {report['mean_best_score']}, pass@{h.samples} {report['pass_at_n']}", flush=True)


def step_improve(cfg: DictConfig, state: dict, record: dict, gen_dir: Path, held_out: Path) -> int:
    from loopwright.curation.curate import improve
    from loopwright.curation.improve_checks import threshold_of
    from loopwright.runs.writer import redacted_config

    summary = improve(gen_dir / "harvest", gen_dir / "improved", cfg.reward, cfg.task, threshold_of(cfg),
                      group_args(cfg, "reward"), str(held_out), redacted_config(cfg))
    rows = summary["curated"]["rows"]
    record["improve"] = {"dir": str(gen_dir / "improved"), "threshold": summary["threshold"], "rows": rows,
                         "dropped": summary["turns"]["dropped"]}
    print(f"[flywheel]   curated {rows} rows (score >= {summary['threshold']})", flush=True)
    return rows


def train_command(cfg: DictConfig, state: dict, gen_dir: Path, held_out: Path, rows: int) -> list[str]:
    shipped = state["shipped"]["model_dir"]
    return [sys.executable, "-m", "loopwright.train", *group_args(cfg, "model"),
            *([f"model.name_or_path={shipped}"] if shipped else []),
            "task=curated", f"task.path={gen_dir / 'improved' / CURATED}", "task.n_eval=0", f"task.n_train={rows}",
            f"eval.prompts={held_out}", f"eval.success_threshold={cfg.success_threshold}",
            *group_args(cfg, "reward"), f"objective={cfg.train.objective}", f"profile={cfg.train.profile}",
            f"profile.max_completion_length={cfg.harvest.max_new_tokens}", f"seed={cfg.seed}",
            f"run_name=flywheel-gen{state['generation']}", f"hydra.run.dir={gen_dir / 'run'}",
            *cfg.train.overrides]


def _die_with_parent() -> None:
    """A child run ends when the flywheel is killed (Linux), so a resumed flywheel never races an orphan."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def _completed(run_dir: Path) -> bool:
    try:
        status = read_manifest(run_dir).get("status")
    except (OSError, DamagedFile):
        return False
    return status == "completed" and (run_dir / EVAL_RESULTS).is_file()


def step_train(cfg: DictConfig, state: dict, record: dict, gen_dir: Path, held_out: Path) -> None:
    run_dir = gen_dir / "run"
    cmd = train_command(cfg, state, gen_dir, held_out, record["improve"]["rows"])
    record["train"] = {"run_dir": str(run_dir), "command": cmd[1:]}
    if _completed(run_dir):  # killed after the child finished, before the state said so: keep it
        print(f"[flywheel]   the child run {run_dir} is complete already", flush=True)
        record["train"]["exit"] = 0
        return
    if run_dir.exists():  # a run the flywheel was killed in: start it over
        shutil.rmtree(run_dir)
    print(f"[flywheel]   train: python {' '.join(cmd[1:])}", flush=True)
    code = subprocess.call(cmd, preexec_fn=_die_with_parent if sys.platform == "linux" else None)
    record["train"]["exit"] = code
    if code != 0:
        raise fs.FlywheelError(f"generation {state['generation']}: the child run exited {code} ({run_dir})")


def step_gate(cfg: DictConfig, record: dict, gen_dir: Path) -> bool:
    from loopwright.evaluation.paired import base_of, gate, load_side

    run_dir = record["train"]["run_dir"]
    candidate = load_side([run_dir])
    g = cfg.gate
    result = gate(candidate, base_of(candidate), g.confidence, g.min_delta, g.allow_flips, g.resamples, cfg.seed)
    writer.write_json_atomic(gen_dir / "gate.json", result)
    summary = read_eval_results(run_dir)["summary"]
    record["held_out"] = {k: summary.get(k) for k in ("n_prompts", "base_accuracy", "trained_accuracy",
                                                      "base_mean_reward", "trained_mean_reward", "fixed", "broken")}
    record["gate"] = {"decision": result["decision"], "ship": result["ship"], "reasons": result["reasons"],
                      "file": str(gen_dir / "gate.json"),
                      "command": f"python -m loopwright.gate {run_dir} --baseline base"}
    print(result["table"], flush=True)
    return bool(result["ship"])


# ------------------------------------------------------------------ the loop
def one_step(cfg: DictConfig, state: dict, out: Path, held_out: Path) -> None:
    """Run the step the state names, then advance the state (the caller saves it)."""
    record = fs.current(state)
    gen_dir = out / f"gen-{state['generation']}"
    step = state["step"]
    if step == "harvest":
        step_harvest(cfg, state, record, gen_dir)
        state["step"] = "improve"
    elif step == "improve":
        if step_improve(cfg, state, record, gen_dir, held_out):
            state["step"] = "train"
        else:  # nothing scored high enough to learn from: no child, the shipped model stays
            record["gate"] = {"decision": "NOTHING CURATED", "ship": False, "reasons": ["no harvested reply "
                              f"scored >= {record['improve']['threshold']}"]}
            fs.conclude(state, record, False, cfg.stop.min_improvement)
    elif step == "train":
        step_train(cfg, state, record, gen_dir, held_out)
        state["step"] = "gate"
    else:
        ship = step_gate(cfg, record, gen_dir)
        fs.conclude(state, record, ship, cfg.stop.min_improvement)
        kept = state["shipped"]["run_dir"] or "the base model"
        print(f"[flywheel] generation {record['generation']}: {record['gate']['decision']}; "
              f"the model now: {kept}", flush=True)


def report_lines(state: dict) -> list[str]:
    lines = ["gen  curated  held-out base -> child  gate       shipped"]
    for r in state["generations"]:
        held = r.get("held_out") or {}
        acc = (f"{held['base_accuracy']:.3f} -> {held['trained_accuracy']:.3f}" if held.get("trained_accuracy")
               is not None else "-")
        lines.append(f"{r['generation']:>3}  {(r.get('improve') or {}).get('rows', '-'):>7}  {acc:>20}  "
                     f"{(r.get('gate') or {}).get('decision', '-'):<9}  {'yes' if r.get('shipped') else 'no'}")
    return lines
