"""What every request to ``python -m loopwright.serve`` passes before a route sees it (an ASGI middleware).

    Host          a name this server answers to, else 421 (400 when there is none): the loopback names,
                  the bound ``host`` and ``allowed_hosts``. A web page whose own name was rebound to
                  127.0.0.1 (DNS rebinding) sends its own name, so it is not answered.
    Content-Type  ``application/json`` on every POST, else 415: the "simple" requests any web page can
                  send without a CORS preflight (text/plain, forms) are refused, so a page the operator
                  has open cannot write conversations into traffic.jsonl (CSRF).
    concurrency   at most ``max_concurrent`` chat completions in flight (a stream counts until its last
                  byte), else 503 with Retry-After, whatever the backend.

Also :func:`non_loopback_without_key`, the start-up check that refuses an open server on the network.
"""

from __future__ import annotations

import ipaddress
import json
from typing import Any, Awaitable, Callable

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARDS = ("0.0.0.0", "::", "")
CHAT = "/v1/chat/completions"

Scope = dict[str, Any]
Asgi = Callable[[Scope, Callable, Callable], Awaitable[None]]


def is_loopback(host: str) -> bool:
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def non_loopback_without_key(host: str, port: int, api_key_env: str | None) -> str | None:
    """The start-up refusal of an open server reachable from other machines, naming the two ways out."""
    if api_key_env or is_loopback(host):
        return None
    return (f"host={host} without api_key_env: every machine that reaches port {port} could use the model "
            f"and write conversations into traffic.jsonl (the next training set). Either set "
            f"api_key_env=<NAME of an environment variable holding a key> (clients then send "
            f"'Authorization: Bearer <key>'), or bind loopback (host=127.0.0.1, the default)")


def host_name(header: str) -> str:
    """``example.org:8000`` -> ``example.org``; ``[::1]:8000`` -> ``::1``."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    return header.rpartition(":")[0] if header.count(":") == 1 else header


def allowed_names(bound_host: str, allowed_hosts: list[str]) -> set[str] | None:
    """The Host names answered; None: any (``allowed_hosts`` holds ``*``)."""
    extra = [host_name(h) if h != "*" else "*" for h in allowed_hosts]
    if "*" in extra:
        return None
    bound = bound_host.strip().strip("[]").lower()
    return {*LOOPBACK_NAMES, *extra, *([bound] if bound not in WILDCARDS else [])}


def _error_body(status: int, message: str, code: str) -> bytes:
    kind = "server_error" if status >= 500 else "invalid_request_error"
    return json.dumps({"error": {"message": message, "type": kind, "param": None, "code": code}}).encode()


class Guard:
    def __init__(self, app: Asgi, names: set[str] | None, max_concurrent: int):
        self.app, self.names, self.max_concurrent = app, names, max(1, int(max_concurrent))
        self.in_flight = 0

    async def _refuse(self, send: Callable, status: int, message: str, code: str, retry: bool = False) -> None:
        body = _error_body(status, message, code)
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        headers += [(b"retry-after", b"1")] if retry else []
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def _problem(self, scope: Scope) -> tuple[int, str, str] | None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host")
        if host is None:
            return 400, "the request has no Host header", "missing_host"
        if self.names is not None and host_name(host) not in self.names:
            return 421, (f"Host {host!r} is not a name this server answers to ({sorted(self.names)}); a client "
                         f"reaching it by another name: add that name to serve allowed_hosts"), "host_not_allowed"
        if scope.get("method") == "POST":
            media = headers.get("content-type", "").partition(";")[0].strip().lower()
            if media != "application/json":
                return 415, (f"Content-Type {media or '(none)'!r}: this server accepts application/json only"
                             ), "unsupported_media_type"
        return None

    async def __call__(self, scope: Scope, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        problem = self._problem(scope)
        if problem is not None:
            return await self._refuse(send, *problem)
        if scope.get("path") != CHAT:
            return await self.app(scope, receive, send)
        if self.in_flight >= self.max_concurrent:
            return await self._refuse(send, 503, f"the server is at its bound of {self.max_concurrent} concurrent "
                                                 f"requests (serve max_concurrent); retry shortly",
                                      "too_many_requests", retry=True)
        self.in_flight += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.in_flight -= 1
