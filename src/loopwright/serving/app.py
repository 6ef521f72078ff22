"""The HTTP front (Starlette, run by uvicorn): OpenAI's Chat Completions and model list over either backend.

    GET  /health                 200 "ok" (no key needed: it says nothing about the model)
    GET  /v1/models              the one served model
    POST /v1/chat/completions    streaming (SSE) or not, tools= parsed back into tool_calls

Every request first passes guard.py: an allowed Host (421), a JSON Content-Type
on POSTs (415), the bound on concurrent completions (503). Then every /v1
request passes, in order: the API key (401), the body size (413), the JSON and
its fields (400, protocol.py; stop strings bounded in total length), the prompt
and ``max_tokens`` against the context left (400), the queue bound (503). Errors carry OpenAI's body, so
the ``openai`` client raises the matching exception with the message.
"""

from __future__ import annotations

import hmac
import json
import time
from dataclasses import dataclass
from typing import Any, AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from loopwright.serving import protocol as p
from loopwright.serving.backend_hf import Outcome, Sampling
from loopwright.serving.guard import Guard
from loopwright.serving.tool_calls import HeldBack, assistant_message, prompt_ids
from loopwright.serving.traffic import TrafficLog

# A body over the limit is read on (and dropped) up to this many times the limit, so the client
# finishes sending and reads the 413 instead of a reset connection; beyond that the connection closes.
_DRAIN_FACTOR = 8


@dataclass
class Limits:
    max_request_bytes: int = 1_000_000
    max_tokens: int = 1024
    default_max_tokens: int = 256
    max_stop_chars: int = 256


def _error(err: p.ApiError) -> JSONResponse:
    headers = {"WWW-Authenticate": "Bearer"} if err.status == 401 else None
    return JSONResponse(err.body(), status_code=err.status, headers=headers)


async def _read_body(request: Request, limit: int) -> bytes:
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit * _DRAIN_FACTOR:
            break
        if size <= limit:
            chunks.append(chunk)
    if size > limit:
        raise p.ApiError(413, f"the request body is over this server's bound of {limit} bytes "
                              f"(serve max_request_bytes)", code="request_too_large")
    return b"".join(chunks)


class Front:
    """The routes' shared state: the engine, its tokenizer, the bounds, the key and the traffic log."""

    def __init__(self, engine: Any, model_id: str, limits: Limits, api_key: str | None, traffic: TrafficLog):
        self.engine, self.model_id, self.limits, self.traffic = engine, model_id, limits, traffic
        self._key = api_key.encode() if api_key else None
        self.created = p.now()

    def check_key(self, request: Request) -> None:
        if self._key is None:
            return
        given = request.headers.get("authorization", "")
        scheme, _, token = given.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(token.strip().encode(), self._key):
            raise p.ApiError(401, "missing or wrong API key (send 'Authorization: Bearer <key>')",
                             code="invalid_api_key")

    # ------------------------------------------------------------------ routes
    async def health(self, request: Request) -> Response:
        return PlainTextResponse("ok")

    async def models(self, request: Request) -> Response:
        try:
            self.check_key(request)
        except p.ApiError as err:
            return _error(err)
        return JSONResponse(p.models_list(self.model_id, self.created))

    async def chat(self, request: Request) -> Response:
        try:
            self.check_key(request)
            body = await _read_body(request, self.limits.max_request_bytes)
            try:
                data = json.loads(body)
            except ValueError as err:
                raise p.ApiError(400, f"the request body is not JSON: {err}") from None
            req = p.parse_request(data, self.model_id, self.limits.max_tokens, self.limits.max_stop_chars)
            prompt, sampling = self._prepare(req)
            if self.engine.busy():
                raise p.ApiError(503, "the server is saturated (serve batch.max_pending requests waiting); "
                                      "retry shortly")
        except p.ApiError as err:
            return _error(err)
        if req.stream:
            return StreamingResponse(self._stream(req, prompt, sampling), media_type="text/event-stream",
                                     headers={"Cache-Control": "no-cache"})
        return await self._complete(req, prompt, sampling)

    # ------------------------------------------------------------------ helpers
    def _prepare(self, req: p.ChatRequest) -> tuple[list[int], Sampling]:
        try:
            prompt = prompt_ids(self.engine.tokenizer, req.messages, req.tools,
                                getattr(self.engine, "template_kwargs", None))
        except Exception as err:  # noqa: BLE001 - a template that refuses these messages: the client's to fix
            raise p.ApiError(400, f"messages: the model's chat template cannot render them: {err}",
                             param="messages") from None
        room = self.engine.context - len(prompt)
        if room < 1:
            raise p.ApiError(400, f"messages: the prompt is {len(prompt)} tokens, the model's context is "
                                  f"{self.engine.context}", param="messages", code="context_length_exceeded")
        if req.max_tokens is not None and req.max_tokens > room:
            raise p.ApiError(400, f"max_tokens: {req.max_tokens} does not fit: the prompt is {len(prompt)} tokens "
                                  f"of the model's {self.engine.context}", param="max_tokens",
                             code="context_length_exceeded")
        limit = req.max_tokens or min(self.limits.default_max_tokens, room)
        return prompt, Sampling(limit, req.temperature, req.top_p, tuple(req.stop))

    def _log(self, req: p.ChatRequest, response: dict, started: float, outcome: Outcome) -> None:
        extra = {"batch": outcome.batch} if outcome.batch is not None else {}
        self.traffic.append(req.raw, response, stream=req.stream, latency_s=round(time.monotonic() - started, 4),
                            **extra)

    async def _complete(self, req: p.ChatRequest, prompt: list[int], sampling: Sampling) -> Response:
        started, outcome = time.monotonic(), Outcome()
        try:
            text = "".join([piece async for piece in self.engine.generate(prompt, sampling, outcome)])
        except Exception as err:  # noqa: BLE001 - the client gets a 500 with the reason, the server serves on
            return _error(p.ApiError(500, f"generation failed: {type(err).__name__}: {err}"))
        message, calls = assistant_message(text, req.tools)
        response = p.completion(p.completion_id(), self.model_id, p.now(), message,
                                "tool_calls" if calls else outcome.finish, p.usage(len(prompt), outcome.tokens))
        self._log(req, response, started, outcome)
        return JSONResponse(response)

    async def _stream(self, req: p.ChatRequest, prompt: list[int], sampling: Sampling) -> AsyncIterator[str]:
        started, outcome = time.monotonic(), Outcome()
        cid, created, held = p.completion_id(), p.now(), HeldBack(req.tools)

        def event(delta: dict, finish: str | None = None, used: dict | None = None) -> str:
            return "data: " + json.dumps(p.chunk(cid, self.model_id, created, delta, finish, used)) + "\n\n"

        yield event({"role": "assistant", "content": ""})
        pieces = self.engine.generate(prompt, sampling, outcome)
        try:
            async for piece in pieces:
                text = held.feed(piece)
                if text:
                    yield event({"content": text})
        except Exception as err:  # noqa: BLE001 - the stream ends with the reason instead of a reply
            yield "data: " + json.dumps(p.ApiError(500, f"generation failed: {err}").body()) + "\n\n"
            return
        finally:
            await pieces.aclose()
        rest, calls, message = held.finish()
        finish, used = ("tool_calls" if calls else outcome.finish), p.usage(len(prompt), outcome.tokens)
        # logged before the last events: a client may hang up as soon as it has the reply
        self._log(req, p.completion(cid, self.model_id, created, message, finish, used), started, outcome)
        if rest:
            yield event({"content": rest})
        if calls:
            yield event({"tool_calls": [{"index": i, **call} for i, call in enumerate(calls)]})
        yield event({}, finish)
        if req.include_usage:
            yield event({}, None, used)
        yield "data: [DONE]\n\n"


def build_app(front: Front, allowed_names: set[str] | None = None, max_concurrent: int = 64) -> Guard:
    """The routes behind guard.py; ``allowed_names``: the Host names answered (None: any)."""
    async def not_found(request: Request, exc: HTTPException) -> Response:
        return _error(p.ApiError(exc.status_code, f"{request.method} {request.url.path}: {exc.detail}"))

    app = Starlette(routes=[Route("/health", front.health), Route("/v1/models", front.models),
                            Route("/v1/chat/completions", front.chat, methods=["POST"])],
                    exception_handlers={HTTPException: not_found})
    return Guard(app, allowed_names, max_concurrent)
