"""A catcher: an HTTP server on loopback that stands for "any host" an attacker names.

It records every request (method, path, headers, body) and answers 401 with a JSON body, which
every loopwright client treats as final (no retry), so an attack that reaches it ends fast.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class Catcher:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        catcher = self

        class Handler(BaseHTTPRequestHandler):
            def _any(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
                catcher.requests.append({"method": self.command, "path": self.path,
                                         "headers": dict(self.headers.items()), "body": body})
                data = json.dumps({"error": {"message": "caught"}}).encode()
                self.send_response(401)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = _any

            def log_message(self, *args: Any) -> None:  # quiet: pytest shows stderr of failures
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, name="catcher", daemon=True)

    def start(self) -> "Catcher":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def under(self, prefix: str) -> list[dict[str, Any]]:
        """The requests whose path starts with ``prefix`` (each attack gets a path of its own)."""
        return [r for r in self.requests if r["path"].startswith(prefix)]

    def seen(self, text: str) -> bool:
        """``text`` arrived anywhere: a header or a body."""
        return any(text in json.dumps(r) for r in self.requests)
