"""The normalised transcript: one conversation per JSON line, whatever log it came from.

    {"id": "t-<16 hex>",                       sha256 of the canonical messages
     "format": "openai" | "langchain" | "anthropic",
     "source": {"path": "/abs/raw/log.jsonl", "line": 12, "record": "<the log's own id or null>",
                "merged": [{"line": 9, "record": ..}]},   only when earlier turns were folded in
     "messages": [
        {"role": "system" | "user", "content": str},
        {"role": "assistant", "content": str, "tool_calls": [{"id": str, "name": str, "arguments": {..}}]},
        {"role": "tool", "content": str, "tool_call_id": str | null, "name": str | null}],
     "metadata": {...}}                         the log's metadata, verbatim (JSON)

``tool_calls`` is present only on assistant turns that call tools; ``arguments``
is the parsed JSON object, or the raw string when the model wrote invalid JSON
(a real log of a bad turn is still a log). Parsers raise :class:`RecordError`
with a path inside the record ("messages[2].tool_call_id") and the reason.

:func:`render` turns messages into plain chat messages (string contents) for
training: tool calls become ``<tool_call>{"name": .., "arguments": ..}</tool_call>``
blocks, the format of ``loopwright.episodes.tools`` and ``reward=tool_calling``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

ROLES = ("system", "user", "assistant", "tool")


class RecordError(ValueError):
    """A log record cannot become a transcript: ``where`` inside the record, and why.

    ``record`` is the id of the record (or LangSmith run) at fault when the log gives one;
    ``line`` overrides the record's line when the fault sits on another line of the file
    (a child run of a flat export)."""

    def __init__(self, where: str, reason: str, record: Any = None, line: int | None = None):
        self.where, self.reason, self.record, self.line = where, reason, record, line
        super().__init__(f"{where}: {reason}" if where else reason)


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def short_hash(value: Any, prefix: str) -> str:
    return prefix + hashlib.sha256(canonical(value).encode()).hexdigest()[:16]


def text_content(value: Any, where: str) -> str:
    """A message content: a string, null (empty), or a list of text parts (OpenAI / LangChain)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        parts = []
        for i, part in enumerate(value):
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, dict) and isinstance(part.get("text"), str):
                parts.append(part["text"])
            elif isinstance(part, dict) and part.get("type") not in (None, "text"):
                continue  # images, audio: not text the reward can read
            else:
                raise RecordError(f"{where}[{i}]", "content part without a string 'text'")
        return "".join(parts)
    raise RecordError(where, f"content must be a string, null or a list of text parts, got {type(value).__name__}")


def tool_call(name: Any, arguments: Any, call_id: Any, where: str) -> dict:
    if not isinstance(name, str) or not name:
        raise RecordError(f"{where}.name", "a tool call needs a non-empty string name")
    if isinstance(arguments, str):
        try:
            parsed = json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError:
            parsed = arguments  # kept raw: the model wrote invalid JSON, which is worth grading
        arguments = parsed
    elif arguments is None:
        arguments = {}
    elif not isinstance(arguments, dict):
        raise RecordError(f"{where}.arguments", f"must be a JSON object or a JSON string, got "
                                                f"{type(arguments).__name__}")
    return {"id": None if call_id is None else str(call_id), "name": name, "arguments": arguments}


def message(role: str, content: str, tool_calls: list[dict] | None = None, tool_call_id: Any = None,
            name: Any = None) -> dict:
    out: dict[str, Any] = {"role": role, "content": content}
    if role == "assistant" and tool_calls:
        out["tool_calls"] = tool_calls
    if role == "tool":
        out["tool_call_id"] = None if tool_call_id is None else str(tool_call_id)
        out["name"] = name if isinstance(name, str) else None
    return out


def check_conversation(messages: list[dict], where: str = "messages") -> None:
    """Rules every transcript obeys, whichever parser built it."""
    if not messages:
        raise RecordError(where, "no messages")
    if not any(m["role"] == "assistant" for m in messages):
        raise RecordError(where, "no assistant turn (nothing to grade or train on)")
    open_calls: set[str] | None = None  # ids of the tool calls the latest assistant turn made
    for i, m in enumerate(messages):
        if m["role"] == "assistant":
            open_calls = {c["id"] for c in m["tool_calls"] if c["id"]} if m.get("tool_calls") else None
        elif m["role"] == "tool":
            if open_calls is None or messages[i - 1]["role"] not in ("assistant", "tool"):
                raise RecordError(f"{where}[{i}]", "a tool result must follow an assistant turn that calls a tool")
            call_id = m.get("tool_call_id")
            if call_id and open_calls and call_id not in open_calls:
                raise RecordError(f"{where}[{i}].tool_call_id",
                                  f"'{call_id}' answers no tool call of the assistant turn before it "
                                  f"(calls: {sorted(open_calls)})")
        else:
            open_calls = None


def _check_text(value: Any, where: str) -> None:
    try:
        canonical(value).encode("utf-8")
    except UnicodeEncodeError as err:  # JSON can escape half of a surrogate pair; UTF-8 cannot hold it
        raise RecordError(where, f"holds a lone UTF-16 surrogate ({err.object[err.start:err.end]!r}), "
                                 f"which is not text") from None


def transcript(fmt: str, path: str, line: int, record_id: Any, messages: list[dict], metadata: Any) -> dict:
    check_conversation(messages)
    if metadata is not None and not isinstance(metadata, dict):
        raise RecordError("metadata", f"must be a JSON object, got {type(metadata).__name__}")
    _check_text(messages, "messages")
    _check_text([metadata, None if record_id is None else str(record_id)], "metadata")
    return {"id": short_hash(messages, "t-"), "format": fmt,
            "source": {"path": path, "line": line, "record": None if record_id is None else str(record_id)},
            "messages": messages, "metadata": metadata or {}}


# ----------------------------------------------------------------- rendering
def render_tool_call(call: dict) -> str:
    return "<tool_call>" + json.dumps({"name": call["name"], "arguments": call["arguments"]},
                                      ensure_ascii=False) + "</tool_call>"


def render_message(m: dict) -> dict:
    """One transcript message as a plain chat message (string content) for templates and rewards."""
    content = m["content"]
    if m.get("tool_calls"):
        blocks = "\n".join(render_tool_call(c) for c in m["tool_calls"])
        content = f"{content}\n{blocks}" if content.strip() else blocks
    return {"role": m["role"], "content": content}


def render(messages: list[dict]) -> list[dict]:
    return [render_message(m) for m in messages]
