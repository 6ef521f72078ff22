"""Transcripts -> graded turns -> curated training rows, a summary and the next commands.

Every assistant turn of every transcript is graded by the reward group exactly as
training grades a rollout: the context before the turn is the prompt, the turn
(tool calls rendered as ``<tool_call>`` blocks) is the completion, and the columns
come from the task's lookup (:func:`loopwright.tasks.columns_for`). A turn is kept when
its score (the weighted mean of the graders) is at least the threshold. Graders that
register a ``breakdown`` (reward=customer_support) add its parts per turn, and their
``summarize`` the per-part figures of the summary.

Files written into the output directory:

    graded.jsonl          every graded turn: score per grader, breakdown, decision
    curated.jsonl         kept turns as training rows {id, prompt, completion, columns, score, source};
                          the union with the rows already there, keyed by the turn's content hash,
                          so rerunning adds nothing twice and reruns are byte-identical
    improve_summary.json  counts kept / dropped and why, score distribution, per-component
                          means, the data's lineage (transcripts, ingest report, raw logs)
    next_steps.md         the exact train.py commands for what was curated, then the ship gate for the new run:
                          against the run the conversations were had with (loopwright.chat's metadata.run,
                          when every transcript names the same one), else against its own base model
"""

from __future__ import annotations

import math
import shlex
import statistics
from pathlib import Path
from typing import Any

from loopwright.ingestion.store import REPORT, TRANSCRIPTS
from loopwright.ingestion.transcripts import canonical, render, render_message, short_hash
from loopwright.runs import reader, writer

CURATED, GRADED, SUMMARY, NEXT_STEPS = "curated.jsonl", "graded.jsonl", "improve_summary.json", "next_steps.md"


class ImproveInputError(ValueError):
    """Unusable transcripts or curated file; the message names the file (and line)."""


# ------------------------------------------------------------------ inputs
def transcripts_file(given: str | Path) -> Path:
    path = Path(given).expanduser().resolve()
    if path.is_dir():
        path = path / TRANSCRIPTS
    if not path.is_file():
        raise ImproveInputError(f"transcripts={given}: no {TRANSCRIPTS} there (run loopwright.ingest first)"
                                if path.name == TRANSCRIPTS else f"transcripts={given}: no such file")
    return path


def read_jsonl(path: Path) -> list[dict]:
    from loopwright.tasks.jsonl import TaskFileError, read_lines

    try:
        return [row for _, row in read_lines(path)]
    except TaskFileError as err:
        raise ImproveInputError(str(err)) from None


def read_transcripts(path: Path) -> list[dict]:
    rows = read_jsonl(path)
    for i, t in enumerate(rows, start=1):
        if not isinstance(t.get("messages"), list) or not isinstance(t.get("source"), dict):
            raise ImproveInputError(f"{path}:{i}: not a transcript (needs 'messages' and 'source'; "
                                    f"make it with loopwright.ingest)")
    return rows


def lineage_of(path: Path) -> dict:
    """Where the transcripts came from: the ingest report next to them and the raw logs it read."""
    out: dict[str, Any] = {"transcripts": {"path": str(path), "sha256": writer.sha256_file(path)}}
    report = path.parent / REPORT
    if report.is_file():
        data = reader.read_json(report)
        out["ingest_report"] = {"path": str(report), "sha256": writer.sha256_file(report)}
        out["raw_logs"] = [{"path": p, "sha256": e["sha256"], "format": e["format"],
                            "formats_found": e.get("formats_found", {}), "kept": e["kept"],
                            "malformed": e["malformed"], "status": e["status"], "runs": e.get("runs", [])}
                           for p, e in data.get("inputs", {}).items()]
    return out


# ----------------------------------------------------------------- grading
def turns_of(t: dict) -> list[dict]:
    """Every assistant turn with the context before it, rendered for the reward and for training."""
    out = []
    for i, m in enumerate(t["messages"]):
        if m.get("role") != "assistant":
            continue
        context = render(t["messages"][:i])
        reply = render_message(m)["content"]
        out.append({"id": short_hash([context, reply], "turn-"), "context": context, "reply": reply,
                    "kind": "tool_call" if m.get("tool_calls") else "reply",
                    "source": {"transcript": t.get("id"), "path": t["source"].get("path"),
                               "line": t["source"].get("line"), "turn": i}})
    return out


def _grader_specs(reward_cfg: Any, graders: list) -> dict[str, Any]:
    """Grader name -> its registry entry (none for a ``_target_`` function)."""
    from loopwright import rewards

    if reward_cfg.get("_target_"):
        return {}
    if reward_cfg.kind == rewards.COMPOSITE:
        return {name: rewards.REGISTRY[comp.kind] for (name, _, _), comp in zip(graders, reward_cfg.components)}
    return {graders[0][0]: rewards.REGISTRY[reward_cfg.kind]}


def grade(turns: list[dict], reward_cfg: Any, task_kind: str | None, transcripts: dict[str, dict],
          task_params: Any = None) -> dict:
    """Add score, per-grader scores, breakdowns and column notes to every turn, in place.

    Returns grader name -> the ``summarize`` of its breakdowns, for the graders that have one.
    """
    from loopwright import rewards
    from loopwright.tasks import columns_for

    graders = rewards.build(reward_cfg)
    specs = {name: spec for name, spec in _grader_specs(reward_cfg, graders).items() if spec.breakdown}
    for turn in turns:
        metadata = transcripts.get(turn["source"]["transcript"], {}).get("metadata")
        turn["columns"], turn["columns_missing"] = columns_for(task_kind, turn["context"], metadata, task_params)
    names = sorted({k for turn in turns for k in turn["columns"]})
    kwargs = {k: [turn["columns"].get(k) for turn in turns] for k in names}
    prompts = [turn["context"] for turn in turns]
    completions = [[{"role": "assistant", "content": turn["reply"]}] for turn in turns]
    total_weight = sum(w for _, _, w in graders) or 1.0
    per_grader = {name: fn(prompts=prompts, completions=completions, **kwargs) for name, fn, _ in graders}
    # A grader's own breakdown (bound to its params, e.g. customer_support's facts_map) wins over the registry's.
    breakdowns = {name: getattr(getattr(fn, "__wrapped__", fn), "breakdown", None) or specs[name].breakdown
                  for name, fn, _ in graders if name in specs}
    for i, turn in enumerate(turns):
        turn["graders"] = {name: round(float(per_grader[name][i]), 6) for name, _, _ in graders}
        turn["score"] = round(sum(w * per_grader[name][i] for name, _, w in graders) / total_weight, 6)
        columns = {**turn["columns"], "prompts": turn["context"]}
        turn["breakdown"] = {name: bd(turn["reply"], columns) for name, bd in breakdowns.items()}
    return {name: spec.summarize for name, spec in specs.items() if spec.summarize}


def decide(turns: list[dict], threshold: float) -> None:
    seen: set[str] = set()
    for turn in turns:
        if turn["id"] in seen:
            turn["decision"] = "duplicate"
        elif not turn["context"]:
            turn["decision"] = "no_context"
        elif turn["score"] >= threshold:
            turn["decision"] = "kept"
        elif turn["columns_missing"]:
            turn["decision"] = "no_ground_truth"
        else:
            turn["decision"] = "below_threshold"
        seen.add(turn["id"])


# ----------------------------------------------------------------- outputs
def curated_row(turn: dict) -> dict:
    return {"id": turn["id"], "prompt": turn["context"],
            "completion": [{"role": "assistant", "content": turn["reply"]}],
            "columns": turn["columns"], "score": turn["score"], "graders": turn["graders"], "source": turn["source"]}


def _row_order(row: dict) -> tuple:
    s = row.get("source") or {}
    return (str(s.get("path")), int(s.get("line") or 0), int(s.get("turn") or 0), row["id"])


def merge_curated(path: Path, fresh: list[dict]) -> list[dict]:
    existing = read_jsonl(path) if path.is_file() else []
    for i, row in enumerate(existing, start=1):
        if "id" not in row or "prompt" not in row or "completion" not in row:
            raise ImproveInputError(f"{path}:{i}: not a curated row (needs id, prompt, completion)")
    by_id = {row["id"]: row for row in existing}
    for row in fresh:
        by_id.setdefault(row["id"], row)
    return sorted(by_id.values(), key=_row_order)


def _distribution(scores: list[float]) -> dict:
    if not scores:
        return {"n": 0}
    bins = [0] * 10
    for s in scores:
        bins[min(9, max(0, int(s * 10)))] += 1
    return {"n": len(scores), "min": min(scores), "mean": round(statistics.fmean(scores), 6),
            "median": statistics.median(scores), "max": max(scores),
            "histogram": {f"[{i / 10:.1f}, {(i + 1) / 10:.1f}{']' if i == 9 else ')'}": c for i, c in enumerate(bins)}}


def _component_means(turns: list[dict], summarizers: dict) -> dict:
    out: dict[str, dict] = {}
    for name in sorted({n for t in turns for n in t["graders"]}):
        values = [t["graders"][name] for t in turns]
        kept = [t["graders"][name] for t in turns if t["decision"] == "kept"]
        out[name] = {"mean": round(statistics.fmean(values), 6),
                     "mean_kept": round(statistics.fmean(kept), 6) if kept else None}
        parts = [t["breakdown"][name] for t in turns if name in t["breakdown"]]
        if parts and name in summarizers:
            out.update({f"{name}.{part}": figures for part, figures in summarizers[name](parts).items()})
    return out


def summarize(turns: list[dict], rows: list[dict], curated_sha: str, threshold: float, config: dict,
              lineage: dict, summarizers: dict | None = None) -> dict:
    graded = [t for t in turns if t["decision"] != "duplicate"]
    decisions: dict[str, int] = {}
    for t in turns:
        decisions[t["decision"]] = decisions.get(t["decision"], 0) + 1
    kept_ids = {t["id"] for t in turns if t["decision"] == "kept"}
    by_kind = {}
    for kind in sorted({t["kind"] for t in graded}):
        mine = [t for t in graded if t["kind"] == kind]
        by_kind[kind] = {"graded": len(mine), "kept": sum(t["decision"] == "kept" for t in mine),
                         "mean_score": round(statistics.fmean(t["score"] for t in mine), 6)}
    missing: dict[str, int] = {}
    for t in graded:
        if t["columns_missing"]:
            missing[t["columns_missing"]] = missing.get(t["columns_missing"], 0) + 1
    return {
        "config": config,
        "threshold": threshold,
        "turns": {"assistant_turns": len(turns), "graded": len(graded), "kept": len(kept_ids),
                  "dropped": {k: v for k, v in sorted(decisions.items()) if k != "kept"}},
        "drop_reasons": {
            "below_threshold": f"score < threshold {threshold}",
            "no_ground_truth": "score < threshold and the task's lookup found no record for the conversation",
            "duplicate": "the same context and reply were already graded (overlapping logs)",
            "no_context": "an assistant turn with nothing before it (no prompt to train on)",
        },
        "columns_not_found": dict(sorted(missing.items())),
        "by_turn_kind": by_kind,
        "scores": _distribution([t["score"] for t in graded]),
        "scores_kept": _distribution([t["score"] for t in graded if t["decision"] == "kept"]),
        "components": _component_means(graded, summarizers or {}),
        "curated": {"path": CURATED, "rows": len(rows), "sha256": curated_sha,
                    "distinct_prompts": len({canonical(r["prompt"]) for r in rows}),
                    "completion_tokens": completion_budget(rows),
                    "rows_from_earlier_gradings": sum(1 for r in rows if r["id"] not in kept_ids)},
        "lineage": lineage,
        "next_steps": NEXT_STEPS,
    }


def completion_budget(rows: list[dict]) -> int:
    """Tokens for the longest curated reply (~3 characters a token, a generous estimate), in steps of 32."""
    longest = max((len(r["completion"][0]["content"]) for r in rows), default=0)
    return min(1024, 32 * max(1, math.ceil(longest / 3 / 32)))


def train_commands(curated: Path, summary: dict, reward_args: list[str], task_kind: str | None,
                   eval_prompts: str | None) -> list[tuple[str, str]]:
    """(what, command) for SFT on the kept turns and GRPO on their prompts with the same reward."""
    rows, prompts = summary["curated"]["rows"], summary["curated"]["distinct_prompts"]
    # the profile's completion length also bounds the held-out replies: room for a whole curated reply
    # held-out "accuracy" = the share of replies that would have been curated
    common = ["task=curated", f"task.path={curated}",
              f"profile.max_completion_length={summary['curated']['completion_tokens']}",
              f"eval.success_threshold={summary['threshold']}"]
    if task_kind and task_kind != "curated":
        common.append(f"task.params.columns_from={task_kind}")
    if eval_prompts:
        common += ["task.n_eval=0", f"eval.prompts={Path(eval_prompts).expanduser().resolve()}"]
        n_eval = 0
    elif prompts >= 2:
        n_eval = min(4, max(1, prompts // 5))
        common.append(f"task.n_eval={n_eval}")
    else:
        n_eval = 0
        common += ["task.n_eval=0", "eval.enabled=false"]
    sft = ["python", "train.py", *common, f"task.n_train={max(1, rows)}", *reward_args, "objective=sft"]
    grpo = ["python", "train.py", *common, f"task.n_train={max(1, prompts - n_eval)}", *reward_args,
            "objective=grpo"]
    return [("SFT on the kept assistant turns (the curated replies are the targets)", shlex.join(sft)),
            ("GRPO on the curated prompts, graded by the same reward", shlex.join(grpo))]


def previous_run(conversations: list[dict]) -> str | None:
    """The run dir every conversation was had with (``python -m loopwright.chat`` records it), else None."""
    runs = {(t.get("metadata") or {}).get("run") for t in conversations}
    return runs.pop() if len(runs) == 1 and None not in runs else None


def gate_command(baseline: str | None) -> str:
    return f"python -m loopwright.gate <new run dir> --baseline {shlex.quote(baseline) if baseline else 'base'}"


def next_steps_text(commands: list[tuple[str, str]], summary: dict) -> str:
    t = summary["turns"]
    lines = ["# Next steps", "",
             f"{t['kept']} of {t['graded']} graded assistant turns scored >= {summary['threshold']}; "
             f"`{CURATED}` holds {summary['curated']['rows']} rows over "
             f"{summary['curated']['distinct_prompts']} distinct prompts.", ""]
    if not summary["curated"]["rows"]:
        lines += ["Nothing was curated, so there is nothing to train on yet: lower `threshold`, or collect "
                  "more conversations and ingest them.", ""]
        return "\n".join(lines)
    for what, cmd in commands:
        lines += [f"{what}:", "", "```bash", cmd, "```", ""]
    lines += ["Append `model=tiny profile=smoke` to either command for a seconds-long wiring check; the run's "
              "manifest.json records this curated file (path and sha256), this improve run and the raw logs "
              "(`python -m loopwright.lineage <run dir>`).", ""]
    against = f"the run these conversations were had with ({summary['baseline_run']})" if summary["baseline_run"] \
        else "its own base model"
    lines += [f"Then ship the new run only if it beats {against} on the held-out prompts and breaks nothing it "
              "passed (`<new run dir>` is the run dir the training prints last; exit 0 SHIP, 5 DON'T SHIP; "
              "docs/EVALUATION.md):", "", "```bash", gate_command(summary["baseline_run"]), "```", ""]
    return "\n".join(lines)


def improve(transcripts: str | Path, output: str | Path, reward_cfg: Any, task_cfg: Any, threshold: float,
            reward_args: list[str], eval_prompts: str | None = None, config: dict | None = None) -> dict:
    """Grade, curate and summarise; return the summary (see the module docstring for the files)."""
    source = transcripts_file(transcripts)
    conversations = read_transcripts(source)
    out = Path(output).expanduser().resolve()
    curated_path = out / CURATED
    turns = [turn for t in conversations for turn in turns_of(t)]
    summarizers = grade(turns, reward_cfg, task_cfg.kind, {t.get("id"): t for t in conversations},
                        task_cfg.get("params"))
    decide(turns, threshold)
    rows = merge_curated(curated_path, [curated_row(t) for t in turns if t["decision"] == "kept"])
    out.mkdir(parents=True, exist_ok=True)
    writer.write_jsonl(out / GRADED, [{k: t[k] for k in ("id", "source", "kind", "score", "graders", "breakdown",
                                                      "columns_missing", "decision", "reply")} for t in turns])
    curated_sha = writer.write_jsonl(curated_path, rows)
    summary = summarize(turns, rows, curated_sha, threshold, config or {}, lineage_of(source), summarizers)
    commands = train_commands(curated_path, summary, reward_args, task_cfg.kind, eval_prompts)
    summary["train_commands"] = [cmd for _, cmd in commands] if rows else []
    summary["baseline_run"] = previous_run(conversations)
    summary["gate_command"] = gate_command(summary["baseline_run"]) if rows else None
    (out / NEXT_STEPS).write_text(next_steps_text(commands, summary), encoding="utf-8")
    writer.write_json_atomic(out / SUMMARY, summary)
    return summary
