"""Any JSONL file as a task: ``task.path``, with ``task.field_map`` naming the file's fields.

``task.field_map`` maps our names to the file's field names:

* ``prompt``: a string field, sent as one user message; or ``messages``: a
  list of chat messages ``{"role": str, "content": str}`` sent as they are.
  Map one of the two; unmapped, ``prompt`` is read from the field ``prompt``.
* ``answer``: the reference answer (a string or a number, passed to the reward
  as a string). Unmapped, read from the field ``answer``.
* any other name: an extra column handed to the reward as a keyword argument
  under our name, e.g. ``field_map: {prompt: question, answer: label,
  extra_context: context}``. Strings, numbers, booleans and lists of those pass
  through; other values (objects, nested lists) travel as JSON strings. A
  column must keep one type across the file (ints and floats mix, as floats);
  ``null`` is allowed anywhere.

On the command line the map is given with ``++`` (it starts empty, and Hydra
only adds keys with ``+``/``++``)::

    python train.py task=jsonl task.path=my.jsonl '++task.field_map={prompt: question, answer: label}'

``task.system_prompt``, when set, becomes a system message in front of every
prompt (unless a ``messages`` prompt already starts with one).

Every line is checked before anything is trained: a line that is not a JSON
object, lacks a mapped field, or has a value of the wrong type raises
:class:`TaskFileError` naming ``file:line`` and the reason. Blank lines are
skipped. Rows with the same prompt are kept once (the first), so the split
cannot put one prompt on both sides. The distinct rows are shuffled with
``task.seed``; the first ``task.n_eval`` are held out and the next
``task.n_train`` are the train split. A file with too few distinct rows is an
error (no row is repeated).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any, Callable, Iterator

from loopwright.runs.reader import DamagedFile, jsonl_lines
from loopwright.tasks import register

# Keyword arguments TRL or loopwright already passes to reward functions; a column may not take them.
RESERVED_COLUMNS = frozenset({"prompt", "prompts", "completion", "completions", "completion_ids", "trainer_state",
                              "log_extra", "log_metric", "environments"})
FILE_KINDS = ("gsm8k", "jsonl")


class TaskFileError(ValueError):
    """A task file cannot be used; the message names the file (and line) and the reason."""


def read_lines(path: str | Path) -> Iterator[tuple[int, dict]]:
    """(line number, object) for every non-blank line; TaskFileError at the first bad one."""
    path = Path(path).expanduser()
    try:
        for line in jsonl_lines(path):
            yield line.number, line.row
    except OSError as err:
        raise TaskFileError(f"{path}: cannot read the task file ({err.strerror or err})") from None
    except DamagedFile as err:
        raise TaskFileError(str(err)) from None


def required_path(cfg: Any, needs: str) -> str:
    """``task.path``, expanded; TaskFileError saying what the task needs there when it is unset."""
    if not cfg.get("path"):
        raise TaskFileError(needs)
    return str(Path(str(cfg.path)).expanduser())


def system_messages(cfg: Any) -> list[dict]:
    prompt = cfg.get("system_prompt")
    return [{"role": "system", "content": str(prompt)}] if prompt else []


def prompt_key(row: dict) -> str:
    return json.dumps(row["prompt"], sort_keys=True, ensure_ascii=False)


def dedupe(rows: list[dict]) -> list[dict]:
    """Rows with distinct prompts, the first of each kept, order preserved."""
    seen: set[str] = set()
    out = []
    for row in rows:
        key = prompt_key(row)
        if key not in seen:
            seen.add(key)
            out.append(row)
    return out


def split(rows: list[dict], cfg: Any, source: str) -> tuple[list[dict], list[dict]]:
    """Seeded shuffle; held out = the first task.n_eval, train = the next task.n_train."""
    n_eval, n_train = int(cfg.n_eval), int(cfg.n_train)
    rows = dedupe(rows)
    if n_eval + n_train > len(rows):
        raise TaskFileError(
            f"task.n_train ({n_train}) + task.n_eval ({n_eval}) = {n_train + n_eval} rows needed, but {source} has "
            f"only {len(rows)} distinct prompts; lower task.n_train or task.n_eval")
    order = list(range(len(rows)))
    random.Random(int(cfg.seed)).shuffle(order)
    shuffled = [rows[i] for i in order]
    return shuffled[n_eval:n_eval + n_train], shuffled[:n_eval]


# ------------------------------------------------------------------ field map
def mapping(cfg: Any) -> dict[str, str]:
    """Our name -> the file's field, defaults filled in."""
    given = {str(k): str(v) for k, v in (cfg.get("field_map") or {}).items()}
    out = {"answer": "answer"}
    if "messages" not in given:
        out["prompt"] = "prompt"
    out.update(given)
    return out


def _map_problems(field_map: dict[str, str]) -> list[str]:
    found = []
    if "prompt" in field_map and "messages" in field_map:
        found.append("task.field_map maps both 'prompt' and 'messages'; map one (a string field, or a list of "
                     "chat messages)")
    bad = sorted(k for k in field_map if k in RESERVED_COLUMNS and k != "prompt")
    if bad:
        found.append(f"task.field_map: {bad} cannot be column names (TRL passes those to reward functions itself)")
    empty = sorted(k for k, v in field_map.items() if not v)
    if empty:
        found.append(f"task.field_map: {empty} map to an empty field name")
    return found


def _is_scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool))


def column_value(value: Any) -> Any:
    """Arrow-friendly: scalars and flat lists of one scalar type pass; the rest travels as JSON."""
    if value is None or _is_scalar(value):
        return value
    if isinstance(value, list) and all(_is_scalar(v) for v in value) and len({_kind(v) for v in value}) <= 1:
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, list):
        return "list of " + (_kind(value[0]) if value else "?")
    return type(value).__name__


def parse_messages(value: Any, where: str, name: str) -> list[dict]:
    """A field that holds chat messages: a non-empty list of {role, content} strings, not ending on the assistant."""
    if not isinstance(value, list) or not value:
        raise TaskFileError(f"{where}: field '{name}' must be a non-empty list of chat messages, got "
                            f"{type(value).__name__}")
    out = []
    for i, m in enumerate(value):
        if not (isinstance(m, dict) and isinstance(m.get("role"), str) and isinstance(m.get("content"), str)):
            raise TaskFileError(f"{where}: field '{name}'[{i}] must be an object with string 'role' and 'content'")
        out.append({"role": m["role"], "content": m["content"]})
    if out[-1]["role"] == "assistant":
        raise TaskFileError(f"{where}: field '{name}' ends with an assistant message; the prompt must end with the "
                            f"turn the model answers (user or tool)")
    return out


def parse_row(obj: dict, field_map: dict[str, str], system: list[dict], where: str) -> dict:
    """One file object -> one task row, or TaskFileError naming ``where`` (file:line)."""
    def get(ours: str) -> Any:
        theirs = field_map[ours]
        if theirs not in obj:
            raise TaskFileError(f"{where}: missing field '{theirs}' (task.field_map.{ours})")
        return obj[theirs]

    if "messages" in field_map:
        messages = parse_messages(get("messages"), where, field_map["messages"])
        prompt = messages if messages[0]["role"] == "system" or not system else system + messages
    else:
        text = get("prompt")
        if not isinstance(text, str) or not text.strip():
            raise TaskFileError(f"{where}: field '{field_map['prompt']}' must be a non-empty string, got "
                                f"{type(text).__name__ if not isinstance(text, str) else 'an empty string'}")
        prompt = system + [{"role": "user", "content": text}]
    answer = get("answer")
    if isinstance(answer, bool) or not isinstance(answer, (str, int, float)):
        raise TaskFileError(f"{where}: field '{field_map['answer']}' must be a string or a number, got "
                            f"{type(answer).__name__}")
    row = {"prompt": prompt, "answer": str(answer)}
    for ours in field_map:
        if ours not in ("prompt", "messages", "answer"):
            row[ours] = column_value(get(ours))
    return row


def _unify_columns(rows: list[dict], linenos: list[int], columns: list[str], path: str) -> None:
    """One type per extra column across the file (ints and floats mix, as floats)."""
    for col in columns:
        first: tuple[str, int] | None = None
        for row, lineno in zip(rows, linenos):
            value = row[col]
            if value is None:
                continue
            kind = _kind(value)
            if first is None or first[0] == "list of ?" and kind.startswith("list of "):
                first = (kind, lineno)
            elif kind != first[0] and not (kind == "list of ?" and first[0].startswith("list of ")):
                raise TaskFileError(f"{path}:{lineno}: column '{col}' is a {kind} here but a {first[0]} on line "
                                    f"{first[1]}; a column must keep one type")
        if first and first[0] == "number" and any(isinstance(r[col], float) for r in rows):
            for row in rows:
                if row[col] is not None:
                    row[col] = float(row[col])


def load(path: str | Path, field_map: dict[str, str], system: list[dict],
         parse: Callable[[dict, dict[str, str], list[dict], str], dict] = parse_row) -> list[dict]:
    """Every row of the file, in file order; TaskFileError at the first bad line."""
    found = _map_problems(field_map)
    if found:
        raise TaskFileError("; ".join(found))
    rows, linenos = [], []
    for lineno, obj in read_lines(path):
        rows.append(parse(obj, field_map, system, f"{path}:{lineno}"))
        linenos.append(lineno)
    if not rows:
        raise TaskFileError(f"{path}: the task file has no rows")
    _unify_columns(rows, linenos, [k for k in field_map if k not in ("prompt", "messages", "answer")], str(path))
    return rows


# ----------------------------------------------------------------- validation
def path_problems(path: Any) -> list[str]:
    """A set task.path that is not a readable file. (An unset path is the builder's error: task=jsonl
    composes and validates without one, so that `--cfg job task=jsonl` and option listings work.)"""
    if not path:
        return []
    p = Path(str(path)).expanduser()
    if not p.exists():
        return [f"task.path={path} does not exist"]
    if not p.is_file():
        return [f"task.path={path} is not a file"]
    if not os.access(p, os.R_OK):
        return [f"task.path={path} is not readable"]
    return []


def problems(cfg: Any) -> list[str]:
    """The file tasks' checks for validation, registered by task=jsonl and task=gsm8k (cheap: the file is
    opened, not parsed); [] for other task kinds."""
    kind = cfg.get("kind")
    if kind not in FILE_KINDS:
        return []
    found = path_problems(cfg.get("path"))
    if kind == "jsonl":
        found += _map_problems(mapping(cfg))
    elif cfg.get("field_map"):
        found.append("task.field_map is not used by task=gsm8k (its files have 'question' and 'answer'); "
                     "use task=jsonl to map other field names")
    if cfg.get("n_eval") is not None and int(cfg.n_eval) < 0:
        found.append(f"task.n_eval={cfg.n_eval} must be >= 0")
    return found


@register("jsonl", problems=problems,
          summary="any JSONL file (task.path), fields mapped by task.field_map, deduped disjoint splits")
def build(cfg: Any) -> tuple[list[dict], list[dict]]:
    """Return (train_rows, held_out_rows) from ``task.path`` (see the module docstring)."""
    path = required_path(cfg, "task=jsonl needs task.path (a JSONL file, one JSON object per line)")
    rows = load(path, mapping(cfg), system_messages(cfg))
    return split(rows, cfg, path)
