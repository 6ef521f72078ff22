"""A local OpenAI-compatible judge on loopback: POST /v1/chat/completions, GET /v1/models (http.server).

``JudgeStandin(answer)`` serves in a thread; ``answer(request_body) -> str | Fault`` decides the
reply's message content, or a fault to inject: ``Fault(status=503)``, ``Fault(sleep=2.0)`` (longer
than the client's timeout), ``Fault(raw=b"not json")`` (a 200 whose body is not a chat completion).
It records every request (body and Authorization header) so tests can count what was sent.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import Callable

from helpers.listener import LoopbackHTTP


@dataclass
class Fault:
    status: int | None = None
    sleep: float = 0.0
    raw: bytes | None = None


def completion_body(content: str, model: str) -> dict:
    return {"id": "chatcmpl-standin", "object": "chat.completion", "created": int(time.time()), "model": model,
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}


class JudgeStandin:
    def __init__(self, answer: Callable[[dict], "str | Fault"]):
        self.answer = answer
        self.requests: list[dict] = []
        self.auth: list[str | None] = []
        self._lock = threading.Lock()
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def _send(self, status: int, body: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                self._send(200, json.dumps({"object": "list", "data": [{"id": "standin", "object": "model"}]})
                           .encode())

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                with standin._lock:
                    standin.requests.append(body)
                    standin.auth.append(self.headers.get("Authorization"))
                if not self.path.endswith("/chat/completions"):
                    return self._send(404, b'{"error": {"message": "not found"}}')
                reply = standin.answer(body)
                if isinstance(reply, Fault):
                    if reply.sleep:
                        time.sleep(reply.sleep)
                    if reply.status:
                        return self._send(reply.status, json.dumps({"error": {"message": "injected"}}).encode())
                    if reply.raw is not None:
                        return self._send(200, reply.raw)
                    return None
                self._send(200, json.dumps(completion_body(reply, body.get("model", "standin"))).encode())

        self.http = LoopbackHTTP(Handler)
        self.base_url = f"{self.http.url}/v1"

    def __enter__(self) -> "JudgeStandin":
        self.http.start()
        return self

    def __exit__(self, *exc) -> None:
        self.http.stop()

    @property
    def count(self) -> int:
        with self._lock:
            return len(self.requests)


class ModelAnswer:
    """A real causal LM behind the stand-in: the request's messages through its chat template, generated.

    temperature 0 is greedy; above it samples, seeded by the request and how often it was asked, so a
    retry gets a new draw while a whole run stays reproducible. One generation at a time (a lock).
    """

    def __init__(self, model_dir, max_new_tokens: int = 48):
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer

        self.torch = torch
        self.tokenizer = AutoTokenizer.from_pretrained(model_dir)
        self.model = AutoModelForCausalLM.from_pretrained(model_dir, dtype=torch.float32).eval()
        self.max_new_tokens = max_new_tokens
        self.seen: dict[str, int] = {}
        self._lock = threading.Lock()

    def __call__(self, body: dict) -> str:
        key = json.dumps(body["messages"], sort_keys=True)
        temperature = float(body.get("temperature") or 0.0)
        with self._lock:
            attempt = self.seen[key] = self.seen.get(key, -1) + 1
            ids = self.tokenizer.apply_chat_template(body["messages"], add_generation_prompt=True,
                                                     return_tensors="pt", return_dict=True)
            sampling = {"do_sample": True, "temperature": temperature} if temperature > 0 else {"do_sample": False}
            self.torch.manual_seed(int(hashlib.sha256(f"{key}{attempt}".encode()).hexdigest()[:8], 16))
            with self.torch.no_grad():
                out = self.model.generate(**ids, max_new_tokens=min(self.max_new_tokens, body.get("max_tokens") or 48),
                                          pad_token_id=self.tokenizer.eos_token_id, **sampling)
            return self.tokenizer.decode(out[0, ids["input_ids"].shape[1]:], skip_special_tokens=True)
