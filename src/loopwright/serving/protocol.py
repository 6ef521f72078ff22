"""The Chat Completions wire format: a request checked field by field, and the objects sent back.

Only what the server does is accepted: an unknown field, ``n`` > 1, a forced
``tool_choice`` or a ``max_tokens`` over the server's bound is a 400 naming the
field (OpenAI's error shape, so the ``openai`` client raises ``BadRequestError``
with the message), never silently ignored. Pure python.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

# Fields clients send that change nothing here when left at these values.
NEUTRAL = {"user": None, "seed": None, "metadata": None, "store": None, "parallel_tool_calls": None,
           "logprobs": False, "frequency_penalty": 0, "presence_penalty": 0, "response_format": None}
KNOWN = {"model", "messages", "tools", "tool_choice", "stream", "stream_options", "max_tokens",
         "max_completion_tokens", "temperature", "top_p", "stop", "n", *NEUTRAL}


class ApiError(Exception):
    """An HTTP error with OpenAI's body: {"error": {"message", "type", "param", "code"}}."""

    TYPES = {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error",
             413: "invalid_request_error", 415: "invalid_request_error", 421: "invalid_request_error",
             503: "server_error", 500: "server_error"}

    def __init__(self, status: int, message: str, param: str | None = None, code: str | None = None):
        super().__init__(message)
        self.status, self.message, self.param, self.code = status, message, param, code

    def body(self) -> dict:
        return {"error": {"message": self.message, "type": self.TYPES.get(self.status, "server_error"),
                          "param": self.param, "code": self.code}}


def _bad(param: str, message: str) -> ApiError:
    return ApiError(400, f"{param}: {message}", param=param)


@dataclass
class ChatRequest:
    """A checked request; ``raw`` keeps what the client sent (logged with the traffic)."""

    model: str
    messages: list[dict]
    tools: list[dict] | None
    stream: bool
    include_usage: bool
    max_tokens: int | None
    temperature: float
    top_p: float
    stop: list[str]
    raw: dict = field(repr=False, default_factory=dict)


def _tool_calls(raw: Any, where: str) -> list[dict]:
    if not isinstance(raw, list):
        raise _bad(where, "must be a list")
    calls = []
    for i, call in enumerate(raw):
        fn = call.get("function") if isinstance(call, dict) else None
        if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
            raise _bad(f"{where}[{i}]", "a tool call needs a 'function' object with a 'name'")
        args = fn.get("arguments", "{}")
        calls.append({"id": str(call.get("id") or f"call_{i}"), "type": "function",
                      "function": {"name": fn["name"],
                                   "arguments": args if isinstance(args, str) else json.dumps(args)}})
    return calls


def _message(raw: Any, where: str) -> dict:
    """A message checked as ingest checks logged ones (ingestion/formats/openai.py), kept in OpenAI's shape."""
    from loopwright.ingestion.formats.openai import parse_message
    from loopwright.ingestion.transcripts import RecordError

    content = raw.get("content") if isinstance(raw, dict) else None
    if isinstance(content, list):
        for i, part in enumerate(content):
            if not isinstance(part, dict) or part.get("type", "text") != "text":
                raise _bad(f"{where}.content[{i}]", "only text parts are served (this model reads text)")
    try:
        parsed = parse_message(raw, where)
    except RecordError as err:
        raise _bad(err.where or where, err.reason) from None
    out: dict[str, Any] = {"role": parsed["role"], "content": parsed["content"]}
    if parsed["role"] == "assistant" and raw.get("tool_calls"):
        out["tool_calls"] = _tool_calls(raw["tool_calls"], f"{where}.tool_calls")
    if parsed["role"] == "tool":
        if not raw.get("tool_call_id"):
            raise _bad(where, "a tool message needs 'tool_call_id'")
        out["tool_call_id"] = str(raw["tool_call_id"])
    return out


def _tools(raw: Any) -> list[dict] | None:
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise _bad("tools", "must be a list of {'type': 'function', 'function': {...}}")
    for i, tool in enumerate(raw):
        fn = tool.get("function") if isinstance(tool, dict) else None
        if not isinstance(tool, dict) or tool.get("type") != "function" or not isinstance(fn, dict) \
                or not isinstance(fn.get("name"), str) or not fn["name"]:
            raise _bad(f"tools[{i}]", "must be {'type': 'function', 'function': {'name': ..., 'parameters': ...}}")
    return raw or None


def _number(body: dict, key: str, default: float, low: float, high: float) -> float:
    value = body.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise _bad(key, f"must be a number in [{low}, {high}], got {value!r}")
    return float(value)


def parse_request(body: Any, served_model: str, max_tokens_bound: int, max_stop_chars: int = 256) -> ChatRequest:
    """Check a decoded request body; :class:`ApiError` (400 or 404) names the first problem."""
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object")
    unknown = sorted(set(body) - KNOWN)
    if unknown:
        raise _bad(unknown[0], f"unsupported field(s) {unknown}; this server accepts {sorted(KNOWN)}")
    for key, neutral in NEUTRAL.items():
        value = body.get(key)
        if value is not None and neutral is not None and value != neutral:
            raise _bad(key, f"only {neutral!r} is supported")
    if body.get("response_format") not in (None, {"type": "text"}):
        raise _bad("response_format", "only {'type': 'text'} is supported")
    model = body.get("model")
    if model != served_model:
        raise ApiError(404, f"model {model!r} is not served here; this server serves {served_model!r}",
                       param="model", code="model_not_found")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise _bad("messages", "must be a non-empty list of messages")
    parsed = [_message(m, f"messages[{i}]") for i, m in enumerate(messages)]
    tools = _tools(body.get("tools"))
    choice = body.get("tool_choice")
    if choice not in (None, "auto", "none"):
        raise _bad("tool_choice", f"only 'auto' and 'none' are supported, got {choice!r}")
    if choice == "none":
        tools = None
    if body.get("n") not in (None, 1):
        raise _bad("n", "only n=1 is supported")
    limit = body.get("max_completion_tokens", body.get("max_tokens"))
    key = "max_completion_tokens" if "max_completion_tokens" in body else "max_tokens"
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise _bad(key, f"must be a positive integer, got {limit!r}")
        if limit > max_tokens_bound:
            raise _bad(key, f"{limit} is over this server's bound of {max_tokens_bound} completion tokens "
                            f"(serve max_tokens)")
    stop = body.get("stop")
    stops = [stop] if isinstance(stop, str) else list(stop or [])
    if len(stops) > 4 or not all(isinstance(s, str) and s for s in stops):
        raise _bad("stop", "must be a non-empty string or a list of at most 4 of them")
    if sum(len(s) for s in stops) > max_stop_chars:
        raise _bad("stop", f"{sum(len(s) for s in stops)} characters in all, over this server's bound of "
                           f"{max_stop_chars} (serve max_stop_chars)")
    options = body.get("stream_options") or {}
    if not isinstance(options, dict):
        raise _bad("stream_options", "must be an object")
    return ChatRequest(model=model, messages=parsed, tools=tools, stream=bool(body.get("stream")),
                       include_usage=bool(options.get("include_usage")), max_tokens=limit,
                       temperature=_number(body, "temperature", 1.0, 0.0, 2.0),
                       top_p=_number(body, "top_p", 1.0, 0.0, 1.0), stop=stops, raw=body)


# --------------------------------------------------------------------- replies
def completion_id() -> str:
    return "chatcmpl-" + uuid.uuid4().hex[:24]


def usage(prompt_tokens: int, completion_tokens: int) -> dict:
    return {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens}


def completion(cid: str, model: str, created: int, message: dict, finish: str, used: dict) -> dict:
    return {"id": cid, "object": "chat.completion", "created": created, "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
            "usage": used}


def chunk(cid: str, model: str, created: int, delta: dict, finish: str | None = None,
          used: dict | None = None) -> dict:
    choices = [] if used is not None and not delta and finish is None else \
        [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}]
    out = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model, "choices": choices}
    if used is not None:
        out["usage"] = used
    return out


def models_list(model: str, created: int, owner: str = "loopwright") -> dict:
    return {"object": "list", "data": [{"id": model, "object": "model", "created": created, "owned_by": owner}]}


def now() -> int:
    return int(time.time())
