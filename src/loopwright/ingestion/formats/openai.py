"""OpenAI chat-completions logs -> transcript messages.

One record (a JSONL line, or an element of a JSON array) is either

* a conversation: ``{"messages": [...], "metadata": {...}, "id": ...}`` (the
  fine-tuning / stored-completions shape), or
* a request/response pair: ``{"request": {"messages": [...], ...}, "response":
  {"choices": [{"message": {...}}], ...}}``; the Batch API's ``{"body": ...}``
  wrappers are unwrapped. The conversation is the request's messages plus the
  first choice's message.

Messages follow the chat-completions schema: roles ``system`` / ``developer``
(read as system), ``user``, ``assistant`` (``content`` may be null when it has
``tool_calls``: ``[{"id", "type": "function", "function": {"name",
"arguments": "<JSON string>"}}]``; the legacy ``function_call`` is read too),
``tool`` (needs ``tool_call_id``) and the legacy ``function``.
"""

from __future__ import annotations

from typing import Any

from loopwright.ingestion.transcripts import RecordError, message, text_content, tool_call

ROLE_MAP = {"system": "system", "developer": "system", "user": "user", "assistant": "assistant", "tool": "tool",
            "function": "tool"}


def looks_like(obj: dict) -> bool:
    return "messages" in obj or "request" in obj or "response" in obj


def _tool_calls(raw: Any, where: str) -> list[dict]:
    if not isinstance(raw, list):
        raise RecordError(where, f"tool_calls must be a list, got {type(raw).__name__}")
    calls = []
    for i, call in enumerate(raw):
        here = f"{where}[{i}]"
        if not isinstance(call, dict) or not isinstance(call.get("function"), dict):
            raise RecordError(here, "a tool call must be an object with a 'function' object")
        fn = call["function"]
        calls.append(tool_call(fn.get("name"), fn.get("arguments"), call.get("id"), f"{here}.function"))
    return calls


def parse_message(raw: Any, where: str) -> dict:
    if not isinstance(raw, dict):
        raise RecordError(where, f"a message must be an object, got {type(raw).__name__}")
    role = raw.get("role")
    if not isinstance(role, str) or role not in ROLE_MAP:
        raise RecordError(f"{where}.role", f"unknown role {role!r}; expected one of {sorted(ROLE_MAP)}")
    role = ROLE_MAP[role]
    if "content" not in raw and role != "assistant":
        raise RecordError(where, f"a {raw['role']} message needs 'content'")
    content = text_content(raw.get("content"), f"{where}.content")
    if role == "assistant":
        calls = _tool_calls(raw["tool_calls"], f"{where}.tool_calls") if raw.get("tool_calls") else []
        if isinstance(raw.get("function_call"), dict):
            fc = raw["function_call"]
            calls.append(tool_call(fc.get("name"), fc.get("arguments"), None, f"{where}.function_call"))
        if raw.get("content") is None and not calls:  # "" is a real (empty) reply, worth grading
            raise RecordError(where, "an assistant message with neither content nor tool calls")
        return message("assistant", content, calls)
    if role == "tool":
        if raw["role"] == "tool" and not raw.get("tool_call_id"):
            raise RecordError(where, "a tool message needs 'tool_call_id'")
        return message("tool", content, tool_call_id=raw.get("tool_call_id"), name=raw.get("name"))
    return message(role, content)


def _messages(raw: Any, where: str) -> list[dict]:
    if not isinstance(raw, list) or not raw:
        raise RecordError(where, "must be a non-empty list of messages")
    return [parse_message(m, f"{where}[{i}]") for i, m in enumerate(raw)]


def _unwrap(value: Any) -> Any:
    """The Batch API wraps request and response bodies in {"body": ...}."""
    return value["body"] if isinstance(value, dict) and isinstance(value.get("body"), dict) else value


def parse_record(obj: dict) -> tuple[list[dict], Any, Any]:
    """(messages, metadata, the record's own id) of one log record."""
    metadata = obj.get("metadata")
    if "messages" in obj:
        return _messages(obj["messages"], "messages"), metadata, obj.get("id")
    if "request" not in obj or "response" not in obj:
        raise RecordError("", "not an OpenAI chat log record: expected 'messages', or 'request' and 'response'")
    request, response = _unwrap(obj["request"]), _unwrap(obj["response"])
    if not isinstance(request, dict):
        raise RecordError("request", "must be an object with 'messages'")
    prompt = _messages(request.get("messages"), "request.messages")
    if not isinstance(response, dict):
        raise RecordError("response", "must be a chat.completion object")
    choices = response.get("choices")
    if not isinstance(choices, list) or not choices:
        error = response.get("error")
        reason = f"the request failed ({error.get('message', error) if isinstance(error, dict) else error})" \
            if error else "has no choices"
        raise RecordError("response.choices", reason)
    first = choices[0]
    if not isinstance(first, dict) or "message" not in first:
        raise RecordError("response.choices[0]", "needs a 'message'")
    reply = parse_message(first["message"], "response.choices[0].message")
    if reply["role"] != "assistant":
        raise RecordError("response.choices[0].message.role", f"expected 'assistant', got {reply['role']!r}")
    return prompt + [reply], metadata, record_id(obj)


def record_id(obj: dict) -> Any:
    response = _unwrap(obj.get("response"))
    return obj.get("id") or (response.get("id") if isinstance(response, dict) else None) or obj.get("custom_id")
