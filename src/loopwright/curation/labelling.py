"""``python -m loopwright.label``'s library: sample replies from logs, label them by single keys, resume.

Input: an ingest output dir (its transcripts.jsonl), a transcripts .jsonl, or any JSONL whose lines
are conversations (``messages``: every assistant reply is one item, with the messages before it as
its prompt) or labelled-style rows (``prompt`` + ``reply`` / ``completion``). The items are
shuffled with ``seed`` and the first ``sample`` kept: the same command shows the same items in the
same order, which is what lets a session resume.

Output: ``out`` is the calibration JSONL that ``reward.calibration`` reads
(loopwright.rewards._calibration): one line per labelled item, ``{"prompt": [...], "reply": "...",
"label": 1 | 0, "columns": {...}, "id": ..., "source": {...}}`` (``columns``: the conversation's
``metadata.columns``, what the grader gets; id and source are not handed to it). Skips are not
labels: they live, with every decision in order, in ``<out>.progress.jsonl``, from which ``out`` is
rewritten after each key. Keys: k keep (label 1), d drop (label 0), s skip, u undo the last
decision, q quit (the decisions so far are kept; the same command resumes at the next item).
"""

from __future__ import annotations

import json
import random
import textwrap
from pathlib import Path
from typing import Callable, Iterable, TextIO

from loopwright.ingestion.transcripts import render, render_message, short_hash
from loopwright.runs import writer

KEYS = {"k": "keep", "d": "drop", "s": "skip", "u": "undo", "q": "quit"}
LABEL = {"keep": 1, "drop": 0}
SHOWN_MESSAGES = 6  # the last messages of a long conversation before the reply
WIDTH = 100


class LabelInputError(ValueError):
    """An unusable input or progress file; the message names the file (and line)."""


def _item(prompt: list | str, reply: str, columns: dict, source: dict) -> dict:
    return {"id": short_hash([prompt, reply], "label-"), "prompt": prompt, "reply": reply, "columns": columns,
            "source": source}


def read_items(given: str | Path) -> list[dict]:
    """Every reply of the input, in file order (see the module docstring for the shapes read)."""
    path = Path(given).expanduser()
    if path.is_dir():
        path = path / "transcripts.jsonl"
    if not path.is_file():
        raise LabelInputError(f"{given}: no such file" + (" (an ingest output dir holds transcripts.jsonl)"
                                                          if path.name == "transcripts.jsonl" else ""))
    items = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip():
            continue
        where = f"{path}:{number}"
        try:
            obj = json.loads(raw)
        except ValueError as err:
            raise LabelInputError(f"{where}: invalid JSON ({err.msg})") from None
        if not isinstance(obj, dict):
            raise LabelInputError(f"{where}: a line must be a JSON object")
        meta = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
        columns = dict(meta.get("columns")) if isinstance(meta.get("columns"), dict) else {}
        if isinstance(obj.get("messages"), list):
            messages = obj["messages"]
            for i, m in enumerate(messages):
                if not isinstance(m, dict) or "role" not in m:
                    raise LabelInputError(f"{where}: messages[{i}] needs a 'role'")
                if m["role"] == "assistant" and not m.get("tool_calls") and isinstance(m.get("content"), str):
                    items.append(_item(render(messages[:i]), render_message(m)["content"], columns,
                                       {"path": str(path), "line": number, "turn": i}))
        elif isinstance(obj.get("prompt"), (str, list)) and isinstance(obj.get("reply", obj.get("completion")), str):
            cols = obj["columns"] if isinstance(obj.get("columns"), dict) else columns
            items.append(_item(obj["prompt"], obj.get("reply", obj.get("completion")), cols,
                               {"path": str(path), "line": number}))
        else:
            raise LabelInputError(f"{where}: needs 'messages' (a conversation) or 'prompt' and 'reply'")
    if not items:
        raise LabelInputError(f"{path}: no assistant replies to label")
    return items


def sample(items: list[dict], size: int, seed: int) -> list[dict]:
    """``size`` distinct items (by id) in a seeded order: the same arguments give the same list."""
    unique = list({it["id"]: it for it in items}.values())
    random.Random(seed).shuffle(unique)
    return unique[:size]


class Progress:
    """The decisions so far (``<out>.progress.jsonl``, one line per decision) and ``out`` rewritten from them."""

    def __init__(self, out: Path):
        self.out = out
        self.path = out.with_name(out.name + ".progress.jsonl")
        self.decisions: list[dict] = []
        if self.path.is_file():
            for number, raw in enumerate(self.path.read_text(encoding="utf-8").splitlines(), start=1):
                try:
                    entry = json.loads(raw)
                except ValueError:
                    raise LabelInputError(f"{self.path}:{number}: invalid JSON (delete the file to start over)") \
                        from None
                if not isinstance(entry, dict) or entry.get("decision") not in ("keep", "drop", "skip"):
                    raise LabelInputError(f"{self.path}:{number}: not a decision (delete the file to start over)")
                self.decisions.append(entry)

    def decided(self) -> set[str]:
        return {d["id"] for d in self.decisions}

    def counts(self) -> dict[str, int]:
        return {k: sum(d["decision"] == k for d in self.decisions) for k in ("keep", "drop", "skip")}

    def record(self, item: dict, decision: str) -> None:
        self.decisions.append({"id": item["id"], "decision": decision, "item": item})
        self._save()

    def undo(self) -> dict | None:
        if not self.decisions:
            return None
        last = self.decisions.pop()
        self._save()
        return last

    def _save(self) -> None:
        self.out.parent.mkdir(parents=True, exist_ok=True)
        writer.write_jsonl(self.path, self.decisions)
        writer.write_jsonl(self.out, [{"prompt": d["item"]["prompt"], "reply": d["item"]["reply"],
                                       "label": LABEL[d["decision"]], "columns": d["item"]["columns"],
                                       "id": d["id"], "source": d["item"]["source"]}
                                      for d in self.decisions if d["decision"] in LABEL])


def _wrap(text: str, indent: str) -> str:
    lines = []
    for para in str(text).splitlines() or [""]:
        lines += textwrap.wrap(para, WIDTH - len(indent)) or [""]
    return "\n".join(indent + line for line in lines)


def screen(item: dict, position: int, total: int, counts: dict) -> str:
    """One item as the terminal shows it: progress, the conversation's tail, the reply, the keys."""
    prompt = item["prompt"]
    messages = [{"role": "user", "content": prompt}] if isinstance(prompt, str) else prompt
    shown = messages[-SHOWN_MESSAGES:]
    lines = [f"[{position}/{total}]  kept {counts['keep']}  dropped {counts['drop']}  skipped {counts['skip']}",
             "=" * WIDTH]
    if len(messages) > len(shown):
        lines.append(f"  ... {len(messages) - len(shown)} earlier message(s)")
    for m in shown:
        lines += [f"{m.get('role', '?')}:", _wrap(m.get("content", ""), "    ")]
    lines += ["-" * WIDTH, "REPLY TO LABEL:", _wrap(item["reply"], "    "), "-" * WIDTH,
              "Would you train on this reply?  k keep   d drop   s skip   u undo   q quit"]
    return "\n".join(lines)


def session(items: list[dict], progress: Progress, keys: Iterable[str], show: TextIO,
            clear: Callable[[], None] = lambda: None) -> str:
    """Label ``items`` in order from the first undecided one; returns 'done' or 'quit'.

    ``keys`` yields one key at a time (a raw terminal, or any iterable in tests); an unknown key
    is ignored; the end of the keys is a quit.
    """
    keys = iter(keys)
    while True:
        decided = progress.decided()
        pending = [i for i, it in enumerate(items) if it["id"] not in decided]
        if not pending:
            return "done"
        index = pending[0]
        clear()
        show.write(screen(items[index], index + 1, len(items), progress.counts()) + "\n")
        show.flush()
        action = None
        for key in keys:
            action = KEYS.get(key.lower())
            if action:
                break
        if action in (None, "quit"):
            return "quit"
        if action == "undo":
            undone = progress.undo()
            show.write("undone\n" if undone else "nothing to undo\n")
            continue
        progress.record(items[index], action)


def summary(progress: Progress, total: int) -> str:
    c = progress.counts()
    return (f"{c['keep'] + c['drop']} labelled ({c['keep']} keep, {c['drop']} drop), {c['skip']} skipped, "
            f"of {total}; labels: {progress.out}")
