"""Where a trained run came from, back to the raw log files.

At training time :func:`record` (manifest.json's ``lineage``) notes the data's path
and sha256; when the data is a curated file, the improve run beside it
(improve_summary.json: reward, threshold, counts) and, through it, the transcripts,
the ingest report and every raw log with its sha256 and the runs its conversations
were had with (``loopwright.serve``'s traffic.jsonl, ``loopwright.chat``'s logs:
``metadata.run``), followed recursively like parents; the held-out prompts file;
and the parent model (a hub id, the shipped/random weights, or an earlier run's
``model/`` directory, which is followed recursively).

:func:`tree` prints that chain (``python -m loopwright.lineage <run dir>``, the
MCP server's ``lineage`` tool) and marks each file ``[unchanged]``, ``[CHANGED]``
(its sha256 differs from the one recorded) or ``[MISSING]``. Pure python, no torch.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from loopwright.runs import writer
from loopwright.runs.reader import MANIFEST, read_json, read_manifest

IMPROVE_SUMMARY = "improve_summary.json"
# Runs followed back from one run (parents, and runs a raw log's conversations were had with): each is a level of
# recursion, and a planted chain of 1,500 parents ended in a RecursionError (tests/security/blind4).
MAX_RUNS_DEEP = 100
# A file named by a manifest is hashed to say whether it changed; past this size it is not (blind set 5 named a
# 40 GB sparse file and the reply took minutes). A data set this large is checked by its size and time instead.
MAX_HASH_BYTES = 1 << 30


def _hash_or_none(p: Path) -> str | None:
    return writer.sha256_file(p) if p.stat().st_size <= MAX_HASH_BYTES else None


def _file(path: str | Path) -> dict:
    p = Path(path).expanduser().resolve()
    return {"path": str(p), "sha256": _hash_or_none(p) if p.is_file() else None}


def _improve_of(data_path: Path) -> dict | None:
    summary_path = data_path.parent / IMPROVE_SUMMARY
    if not summary_path.is_file():
        return None
    summary = read_json(summary_path)
    config = summary.get("config") or {}
    return {"dir": str(summary_path.parent), "summary": _file(summary_path),
            "reward": (config.get("reward") or {}).get("name"), "task": (config.get("task") or {}).get("name"),
            "threshold": summary.get("threshold"), "turns": summary.get("turns"),
            "curated": summary.get("curated"), **summary.get("lineage", {})}


def _parent_of(model_cfg: Any) -> dict:
    from omegaconf import OmegaConf

    path = model_cfg.get("name_or_path")
    out: dict[str, Any] = {"model": model_cfg.get("name"), "source": OmegaConf.select(model_cfg, "source"),
                           "name_or_path": path}
    if hasattr(out["source"], "value"):
        out["source"] = out["source"].value
    if path and Path(str(path)).expanduser().is_dir():
        model_dir = Path(str(path)).expanduser().resolve()
        out["adapter"] = (model_dir / "adapter_config.json").is_file()
        for candidate in (model_dir, model_dir.parent):
            if (candidate / MANIFEST).is_file():
                out["run_dir"] = str(candidate)
                break
    return out


def record(cfg: Any) -> dict:
    """The manifest's lineage section for a run about to train on ``cfg``."""
    task = cfg.task
    data: dict[str, Any] = {"task": task.name, "kind": task.kind}
    out: dict[str, Any] = {"data": data}
    if task.get("path"):
        data.update(_file(task.path))
        improve = _improve_of(Path(data["path"]))
        if improve is not None:
            out["improve"] = improve
    if cfg.eval.get("prompts"):
        out["eval_prompts"] = _file(cfg.eval.prompts)
    out["parent"] = _parent_of(cfg.model)
    return out


# -------------------------------------------------------------------- printing
def _state(entry: dict | None, tree: _Tree) -> str:
    if not entry or not entry.get("path"):
        return ""
    p = Path(entry["path"])
    if not tree.may_read(p):
        return "[not read: outside what this reader may read]"
    if not p.is_file():
        return "[MISSING]"
    if entry.get("sha256") and p.stat().st_size > MAX_HASH_BYTES:
        return f"[not hashed: over {MAX_HASH_BYTES >> 30} GiB]"
    if entry.get("sha256") and writer.sha256_file(p) != entry["sha256"]:
        return "[CHANGED since recorded]"
    return "[unchanged]"


def _sha(entry: dict) -> str:
    return f"sha256 {entry['sha256'][:12]}" if entry.get("sha256") else ""


def _line(*parts: Any) -> str:
    return "  ".join(str(p) for p in parts if p not in (None, ""))


class _Tree:
    def __init__(self, may_read: Callable[[Path], bool]) -> None:
        self.lines: list[str] = []
        self.may_read = may_read  # the MCP server reads only inside its roots (a recorded path may be anywhere)
        self.depth = 0  # runs followed back so far on the current branch (at most MAX_RUNS_DEEP)

    def follow(self, prefix: str, run_dir: Path, seen: set[str]) -> None:
        """The branch of an earlier run, unless the chain is already MAX_RUNS_DEEP runs deep (then a line says so)."""
        if self.depth >= MAX_RUNS_DEEP:
            self.lines.append(prefix + f"└── (not followed further: more than {MAX_RUNS_DEEP} runs deep)")
            return
        self.depth += 1
        try:
            _run_branch(self, prefix, run_dir, seen)
        finally:
            self.depth -= 1

    def add(self, prefix: str, last: bool, text: str) -> str:
        self.lines.append(prefix + ("└── " if last else "├── ") + text)
        return prefix + ("    " if last else "│   ")


def _run_title(run_dir: Path, manifest: dict) -> str:
    cfg = manifest.get("config", {})
    return _line(f"run {run_dir}", f"[{manifest.get('status')}]",
                 f"objective={cfg.get('objective', {}).get('name')} task={cfg.get('task', {}).get('name')} "
                 f"reward={cfg.get('reward', {}).get('name')} model={cfg.get('model', {}).get('name')}",
                 manifest.get("started_at"))


def _result_text(manifest: dict) -> str:
    result = manifest.get("result") or {}
    if "trained_mean_reward" not in result:
        return f"result: {manifest.get('error') or 'no evaluation'}"
    text = (f"result: held-out mean reward {result['base_mean_reward']:.3f} -> {result['trained_mean_reward']:.3f}, "
            f"accuracy {result['base_accuracy']:.3f} -> {result['trained_accuracy']:.3f}")
    a = result.get("assertions")
    if a and a.get("total"):
        text += f", assertions passed {a['base_passed']}/{a['total']} -> {a['trained_passed']}/{a['total']}"
    floor = result.get("floor") or result.get("gate")  # "gate": the same record in runs made before the rename
    if floor and "fail_below" in floor:
        text += f", floor {floor['metric']} >= {floor['fail_below']}: {'passed' if floor['passed'] else 'FAILED'}"
    return text


def _served_runs(tree: _Tree, prefix: str, runs: list[str], seen: set[str]) -> None:
    """The runs a raw log's conversations were had with (loopwright.serve's traffic, loopwright.chat's logs)."""
    for i, where in enumerate(runs):
        last = i == len(runs) - 1
        manifest = Path(where) / MANIFEST
        if where in seen or not (tree.may_read(manifest) and manifest.is_file()):
            tree.add(prefix, last, f"conversations with run {where}" + ("" if where in seen else "  [MISSING]"))
            continue
        seen.add(where)
        sub = tree.add(prefix, last, "conversations with " + _run_title(Path(where), read_manifest(where)))
        tree.follow(sub, Path(where), seen)


def _improve_branch(tree: _Tree, prefix: str, improve: dict, seen: set[str]) -> None:
    turns = improve.get("turns") or {}
    prefix = tree.add(prefix, True, _line(
        f"improve {improve['dir']}", f"reward={improve.get('reward')} task={improve.get('task')}",
        f"threshold {improve.get('threshold')}: {turns.get('kept')} of {turns.get('graded')} assistant turns kept",
        _state(improve.get("summary"), tree)))
    transcripts = improve.get("transcripts")
    if not transcripts:
        return
    prefix = tree.add(prefix, True, _line(f"transcripts {transcripts['path']}", _sha(transcripts),
                                          _state(transcripts, tree)))
    report = improve.get("ingest_report")
    if not report:
        return
    prefix = tree.add(prefix, True, _line(f"ingest report {report['path']}", _state(report, tree)))
    raws = improve.get("raw_logs") or []
    for i, raw in enumerate(raws):
        found = ",".join(raw.get("formats_found") or {}) or raw.get("format")
        sub = tree.add(prefix, i == len(raws) - 1, _line(
            f"raw log {raw['path']}", f"format {found}: {raw['kept']} conversations, {raw['malformed']} malformed",
            _sha(raw), _state(raw, tree)))
        _served_runs(tree, sub, raw.get("runs") or [], seen)


def _run_branch(tree: _Tree, prefix: str, run_dir: Path, seen: set[str]) -> None:
    manifest = read_manifest(run_dir)
    lin = manifest.get("lineage") or {}
    items: list[tuple[str, Any]] = []
    parent = lin.get("parent") or {}
    items.append(("parent", parent))
    if lin.get("data"):
        items.append(("data", lin["data"]))
    if lin.get("eval_prompts"):
        items.append(("eval_prompts", lin["eval_prompts"]))
    items.append(("result", manifest))
    for i, (kind, value) in enumerate(items):
        last = i == len(items) - 1
        if kind == "parent":
            where = value.get("run_dir")
            readable = bool(where) and tree.may_read(Path(where) / MANIFEST)
            if readable and where not in seen and (Path(where) / MANIFEST).is_file():
                seen.add(where)
                sub = tree.add(prefix, last, _line("parent model: " + ("adapter of " if value.get("adapter") else "")
                                                   + _run_title(Path(where), read_manifest(where))))
                tree.follow(sub, Path(where), seen)
            else:
                origin = value.get("name_or_path") or f"model.source={value.get('source')}"
                tree.add(prefix, last, f"parent model: {value.get('model')} ({origin})")
        elif kind == "data":
            if not value.get("path"):
                tree.add(prefix, last, f"data: task={value.get('task')} (generated or shipped with loopwright)")
                continue
            sub = tree.add(prefix, last, _line(f"data {value['path']}", f"task={value.get('task')}", _sha(value),
                                               _state(value, tree)))
            improve = lin.get("improve")
            if improve:
                _improve_branch(tree, sub, improve, seen)
        elif kind == "eval_prompts":
            tree.add(prefix, last, _line(f"held-out prompts {value['path']}", _sha(value), _state(value, tree)))
        else:
            tree.add(prefix, last, _result_text(value))


def tree(run_dir: str | Path, may_read: Callable[[Path], bool] = lambda path: True) -> list[str]:
    """The lineage of ``run_dir``, a line each; a recorded path for which ``may_read`` is false is named, not
    opened (neither its manifest nor its sha256)."""
    run_dir = Path(run_dir).expanduser().resolve()
    manifest = read_manifest(run_dir)
    t = _Tree(may_read)
    try:
        t.lines.append(_run_title(run_dir, manifest))
        _run_branch(t, "", run_dir, {str(run_dir)})
    except (AttributeError, KeyError, TypeError) as err:  # a manifest not written by loopwright, or damaged
        raise ValueError(f"{run_dir / MANIFEST}: its lineage record is not what loopwright writes "
                         f"({type(err).__name__}: {str(err)[:200]})") from None
    return t.lines
