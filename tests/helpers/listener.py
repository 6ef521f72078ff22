"""Listeners on loopback: raw TCP for the blind attack sets' catchers (tests/security/blind*/), HTTP for the
stand-ins (tests/helpers/*_standin.py).

Each set records what reaches "any host" in its own way (first bytes, whole requests, counts); what they
share is here: a socket on 127.0.0.1 with a free port, accepting in a daemon thread, each connection handed to
the set's handler in a thread of its own, and reading a request's head with a time and size limit.
"""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable


class Received:
    """What a catcher got, one entry per connection, read by position: ``count()`` before a call, ``since(n)``
    after it."""

    def __init__(self) -> None:
        self.received: list[bytes] = []
        self.lock = threading.Lock()

    def add(self, data: bytes) -> None:
        with self.lock:
            self.received.append(data or b"<connection, no bytes>")

    def count(self) -> int:
        with self.lock:
            return len(self.received)

    def since(self, n: int) -> list[bytes]:
        with self.lock:
            return list(self.received[n:])


def listen_on_loopback(handle: Callable[[socket.socket], None]) -> socket.socket:
    """A listening socket on 127.0.0.1 (port: ``getsockname()[1]``); closing it ends the accept loop."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)

    def accept_forever() -> None:
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:  # closed
                return
            threading.Thread(target=handle, args=(conn,), daemon=True).start()

    threading.Thread(target=accept_forever, daemon=True).start()
    return sock


def read_head(conn: socket.socket, timeout: float, chunk: int = 65536, limit: int = 65536) -> bytes:
    """What the peer sends until an HTTP header's end, ``limit`` bytes, its close or ``timeout`` s of silence."""
    data = b""
    conn.settimeout(timeout)
    try:
        while len(data) < limit:
            part = conn.recv(chunk)
            if not part:
                break
            data += part
            if b"\r\n\r\n" in data:
                break
    except OSError:
        pass
    return data


class LoopbackHTTP:
    """A threading HTTP server on 127.0.0.1 (a free port) serving ``handler`` from a daemon thread:
    ``start()``, then ``url``; ``stop()`` shuts it down and closes the socket."""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
