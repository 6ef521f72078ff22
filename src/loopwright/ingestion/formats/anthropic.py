"""Anthropic Messages logs -> transcript messages (OpenAI-style ``tool_calls`` + ``tool`` turns).

One record is either

* a request/response pair: ``{"request": {"system": ..., "messages": [...], ...},
  "response": {"type": "message", "role": "assistant", "content": [...]}}`` (the
  Batch API's ``{"params": ..., "result": {"type": "succeeded", "message": ...}}`` and
  ``{"body": ...}`` wrappers are read too); the conversation is the request's messages
  plus the response, or
* a conversation: ``{"system": ..., "messages": [...], "metadata": {...}, "id": ...}``.

The Messages schema: ``system`` is top level (a string or text blocks); message roles
are ``user`` and ``assistant``; ``content`` is a string or a list of blocks. An
assistant's ``tool_use`` blocks (``id``, ``name``, ``input``) become its ``tool_calls``;
a user turn's ``tool_result`` blocks (``tool_use_id``, ``content``, ``is_error``) become
``tool`` messages, in block order, before the turn's text. ``thinking`` /
``redacted_thinking``, images, documents and server-side tool blocks carry no text a
reward reads and are left out. A prefilled last assistant turn is continued by the
response, as the API does.
"""

from __future__ import annotations

from typing import Any

from loopwright.ingestion.transcripts import RecordError, message, text_content, tool_call

TOOL_BLOCKS = ("tool_use", "tool_result", "thinking", "redacted_thinking")
SKIPPED_BLOCKS = ("thinking", "redacted_thinking", "image", "document", "server_tool_use",
                  "web_search_tool_result", "search_result", "container_upload")


def _unwrap(value: Any) -> Any:
    return value["body"] if isinstance(value, dict) and isinstance(value.get("body"), dict) else value


def _has_blocks(messages: Any) -> bool:
    return isinstance(messages, list) and any(
        isinstance(m, dict) and isinstance(m.get("content"), list)
        and any(isinstance(b, dict) and b.get("type") in TOOL_BLOCKS for b in m["content"]) for m in messages)


def _request(obj: dict) -> Any:
    return _unwrap(obj.get("request", obj.get("params")))


def looks_like(obj: dict) -> bool:
    """Anthropic markers only (a plain user/assistant list reads the same as OpenAI's)."""
    request, response = _request(obj), _unwrap(obj.get("response"))
    if isinstance(request, dict) and ("system" in request or "anthropic_version" in request
                                      or _has_blocks(request.get("messages"))):
        return True
    if isinstance(response, dict) and (response.get("type") == "message" or "stop_reason" in response):
        return True
    if isinstance(obj.get("result"), dict) and "custom_id" in obj:
        return True
    return "messages" in obj and ("system" in obj or _has_blocks(obj["messages"]))


def has_shape(obj: dict) -> bool:
    """What ``format=anthropic`` accepts: any record with messages or a request."""
    return "messages" in obj or "request" in obj or "params" in obj


def _system(raw: Any, where: str) -> list[dict]:
    if raw is None:
        return []
    text = text_content(raw, where)
    return [message("system", text)] if text else []


def _tool_result(block: dict, where: str, names: dict[str, str]) -> dict:
    call_id = block.get("tool_use_id")
    if not isinstance(call_id, str) or not call_id:
        raise RecordError(f"{where}.tool_use_id", "a tool_result block needs the 'tool_use_id' it answers")
    raw = block.get("content")
    content = text_content([b for b in raw if not (isinstance(b, dict) and b.get("type") in SKIPPED_BLOCKS)]
                           if isinstance(raw, list) else raw, f"{where}.content")
    return message("tool", content, tool_call_id=call_id, name=names.get(call_id))


def _blocks(raw: Any, where: str) -> list[dict]:
    if not isinstance(raw, list):
        raise RecordError(where, f"content must be a string or a list of blocks, got {type(raw).__name__}")
    for i, block in enumerate(raw):
        if not isinstance(block, dict) or not isinstance(block.get("type"), str):
            raise RecordError(f"{where}[{i}]", "a content block must be an object with a string 'type'")
    return raw


def _user(raw: dict, where: str, names: dict[str, str]) -> list[dict]:
    content = raw.get("content")
    if isinstance(content, str):
        return [message("user", content)]
    out: list[dict] = []
    text: list[str] | None = None  # the text blocks since the last tool result, one user turn
    for i, block in enumerate(_blocks(content, f"{where}.content")):
        here = f"{where}.content[{i}]"
        if block["type"] == "tool_result":
            out.append(_tool_result(block, here, names))
            text = None
        elif block["type"] == "text":
            if text is None:
                text = []
                out.append(message("user", ""))
            text.append(text_content([block], here))
            out[-1]["content"] = "".join(text)
    if not out:
        raise RecordError(f"{where}.content", "a user turn with neither text nor tool results")
    return out


def _assistant(raw: dict, where: str, names: dict[str, str]) -> dict:
    content = raw.get("content")
    if isinstance(content, str):
        return message("assistant", content)
    text, calls = [], []
    for i, block in enumerate(_blocks(content, f"{where}.content")):
        here = f"{where}.content[{i}]"
        if block["type"] == "text":
            text.append(text_content([block], here))
        elif block["type"] == "tool_use":
            if not isinstance(block.get("id"), str) or not block["id"]:
                raise RecordError(f"{here}.id", "a tool_use block needs an 'id' its result can name")
            calls.append(tool_call(block.get("name"), block.get("input"), block["id"], here))
            names[block["id"]] = block["name"]
    if not text and not calls:
        raise RecordError(f"{where}.content", "an assistant turn with neither text nor tool_use blocks")
    return message("assistant", "".join(text), calls)


def _messages(raw: Any, where: str, names: dict[str, str]) -> list[dict]:
    if not isinstance(raw, list) or not raw:
        raise RecordError(where, "must be a non-empty list of messages")
    out: list[dict] = []
    for i, m in enumerate(raw):
        here = f"{where}[{i}]"
        if not isinstance(m, dict):
            raise RecordError(here, f"a message must be an object, got {type(m).__name__}")
        if "content" not in m:
            raise RecordError(here, "a message needs 'content'")
        if m.get("role") == "user":
            out.extend(_user(m, here, names))
        elif m.get("role") == "assistant":
            out.append(_assistant(m, here, names))
        else:
            raise RecordError(f"{here}.role", f"unknown role {m.get('role')!r}; Anthropic messages are 'user' or "
                                              f"'assistant' (the system prompt is the top-level 'system')")
    return out


def _response(obj: dict) -> tuple[Any, str]:
    if "response" in obj:
        return _unwrap(obj["response"]), "response"
    result = obj.get("result")
    if not isinstance(result, dict):
        raise RecordError("response", "a request needs its 'response' (or a Batch API 'result')")
    if result.get("type") != "succeeded":
        error = result.get("error")
        raise RecordError("result", f"the batch request did not succeed ({result.get('type')}: "
                                    f"{error.get('message', error) if isinstance(error, dict) else error})")
    return result.get("message"), "result.message"


def _reply(response: Any, where: str, names: dict[str, str]) -> dict:
    if not isinstance(response, dict):
        raise RecordError(where, "must be a Messages API message object")
    if response.get("type") == "error" or ("error" in response and "content" not in response):
        error = response.get("error")
        raise RecordError(f"{where}.error", f"the request failed "
                                            f"({error.get('message', error) if isinstance(error, dict) else error})")
    if response.get("role", "assistant") != "assistant":
        raise RecordError(f"{where}.role", f"expected 'assistant', got {response.get('role')!r}")
    if "content" not in response:
        raise RecordError(where, "the response has no 'content'")
    return _assistant(response, where, names)


def _continue(prompt: list[dict], reply: dict) -> list[dict]:
    """A request ending in an assistant turn is a prefill: the response continues that turn."""
    last = prompt[-1]
    if last["role"] == "assistant" and not last.get("tool_calls"):
        return prompt[:-1] + [message("assistant", last["content"] + reply["content"], reply.get("tool_calls"))]
    return prompt + [reply]


def record_id(obj: dict) -> Any:
    response = _unwrap(obj.get("response"))
    result = obj.get("result") if isinstance(obj.get("result"), dict) else {}
    message_obj = result.get("message") if isinstance(result.get("message"), dict) else {}
    return (obj.get("id") or (response.get("id") if isinstance(response, dict) else None)
            or message_obj.get("id") or obj.get("custom_id"))


def parse_record(obj: dict) -> tuple[list[dict], Any, Any]:
    """(messages, metadata, the record's own id) of one Anthropic log record."""
    names: dict[str, str] = {}  # tool_use id -> tool name, to name the tool messages
    metadata = obj.get("metadata")
    if "messages" in obj:
        return (_system(obj.get("system"), "system") + _messages(obj["messages"], "messages", names),
                metadata, obj.get("id"))
    if "request" not in obj and "params" not in obj:
        raise RecordError("", "not an Anthropic Messages record: expected 'messages', or 'request' and 'response'")
    key = "request" if "request" in obj else "params"
    request = _request(obj)
    if not isinstance(request, dict):
        raise RecordError(key, "must be an object with 'messages'")
    prompt = _system(request.get("system"), f"{key}.system") + _messages(request.get("messages"),
                                                                         f"{key}.messages", names)
    response, where = _response(obj)
    return _continue(prompt, _reply(response, where, names)), metadata, record_id(obj)
