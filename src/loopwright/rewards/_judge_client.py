"""reward=judge's HTTP side: the real ``openai`` client, concurrency, retries, the budget and the disk cache.

One :class:`JudgeClient` per endpoint settings and process (:func:`client_for`), so the
calibration gate (run in validation) and the trainer's reward share its budget and counters.

- Cache: one JSON file per request under ``cache_dir/<sha256 of the request>.json``.
  The key is the whole request as sent (judge model, messages: the rubric, the prompt and
  the completion(s) are in them, sampling settings), never the API key; a file holds the
  judge's reply text only, and is written atomically, so reruns and re-grading send nothing.
- Retries: a timeout, a refused connection, a 429/5xx, a body that is not a chat completion
  or a reply the parser rejects is retried ``retries`` times (backoff ``retry_backoff_s`` x 2^k);
  a 4xx other than 429 (bad key, unknown model) is not. Then :class:`JudgeError` names the
  endpoint, the model and the last failure. Every attempt counts against ``max_requests``.
- The API key is read from the environment variable ``api_key_env`` names, only here, and
  scrubbed from every error message.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from loopwright.rewards import GraderError
from loopwright.rewards._judge_prompts import JudgeParseError
from loopwright.runs.reader import read_json
from loopwright.runs.writer import write_bytes_atomic

# What the openai client needs when the endpoint takes no key (vLLM without --api-key, a local server).
NO_KEY = "no-key"


class JudgeError(GraderError):
    """The judge could not grade: down, refusing, over budget, or answering nonsense."""


@dataclass(frozen=True)
class JudgeSettings:
    base_url: str
    model: str
    api_key_env: str | None = None
    timeout_s: float = 60.0
    retries: int = 2
    retry_backoff_s: float = 1.0
    concurrency: int = 8
    max_requests: int | None = 1000
    temperature: float = 0.0
    max_tokens: int = 256
    cache_dir: str | None = None

    def cache_path(self) -> Path:
        if self.cache_dir:
            return Path(self.cache_dir).expanduser()
        from loopwright.models.assets import cache_root  # no torch at import

        return cache_root() / "judge"


class JudgeClient:
    """Sends chat requests to one judge endpoint; see the module docstring."""

    def __init__(self, settings: JudgeSettings):
        import logging

        import openai

        for name in ("httpx", "httpx2"):  # one INFO line per judge request drowns the training log
            logging.getLogger(name).setLevel(logging.WARNING)
        self.settings = settings
        self._key = os.environ.get(settings.api_key_env) if settings.api_key_env else None
        # max_retries=0: this class retries, so that every attempt is counted against the budget
        self._openai = openai.OpenAI(base_url=settings.base_url, api_key=self._key or NO_KEY,
                                     timeout=settings.timeout_s, max_retries=0)
        self._lock = threading.Lock()
        self.requests = 0  # HTTP requests sent, retries included
        self.cache_hits = 0
        self.cache = settings.cache_path()

    # ------------------------------------------------------------------ public
    def ask_many(self, requests: list[tuple[list[dict], Callable[[str], Any]]]) -> list[Any]:
        """Each (messages, parse) answered and parsed, concurrently; the first failure raises."""
        if not requests:
            return []
        if len(requests) == 1 or self.settings.concurrency <= 1:
            return [self.ask(m, p) for m, p in requests]
        pool = ThreadPoolExecutor(max_workers=min(self.settings.concurrency, len(requests)))
        try:
            futures = [pool.submit(self.ask, m, p) for m, p in requests]
            return [f.result() for f in futures]
        finally:  # on a failure the queued requests are dropped; those in flight end within timeout_s
            pool.shutdown(wait=True, cancel_futures=True)

    def ask(self, messages: list[dict], parse: Callable[[str], Any]) -> Any:
        """The parsed answer to one request: from the cache, else from the endpoint (with retries)."""
        body = {"model": self.settings.model, "messages": messages, "temperature": self.settings.temperature,
                "max_tokens": self.settings.max_tokens}
        key = hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
        cached = self._read(key)
        if cached is not None:
            try:
                value = parse(cached)
                with self._lock:
                    self.cache_hits += 1
                return value
            except JudgeParseError:
                pass  # a parser that changed since: ask again
        text, value = self._fetch(body, parse)
        self._write(key, text)
        return value

    # ----------------------------------------------------------------- internals
    def _where(self) -> str:
        return f"the judge at {self.settings.base_url} (model {self.settings.model})"

    def _scrub(self, text: str) -> str:
        return text.replace(self._key, "***") if self._key else text

    def _spend(self) -> None:
        with self._lock:
            budget = self.settings.max_requests
            if budget is not None and self.requests >= budget:
                raise JudgeError(f"{self._where()}: the request budget reward.max_requests={budget} is spent "
                                 f"({self.cache_hits} answers came from the cache {self.cache}); raise it or "
                                 f"grade less")
            self.requests += 1

    def _fetch(self, body: dict, parse: Callable[[str], Any]) -> tuple[str, Any]:
        import openai

        attempts = self.settings.retries + 1
        last = ""
        for attempt in range(attempts):
            if attempt:
                time.sleep(self.settings.retry_backoff_s * 2 ** (attempt - 1))
            self._spend()
            try:
                reply = self._openai.chat.completions.create(**body)
                text = reply.choices[0].message.content if reply.choices else None
            except openai.APITimeoutError:
                last = f"no answer within reward.timeout_s={self.settings.timeout_s}"
                continue
            except openai.APIConnectionError as err:
                last = f"connection failed ({err.__cause__ or err})"
                continue
            except openai.APIStatusError as err:
                last = f"HTTP {err.status_code}: {str(err)[:300]}"
                if err.status_code == 429 or err.status_code >= 500:
                    continue
                raise JudgeError(self._scrub(f"{self._where()} refused the request: {last}")) from None
            except Exception as err:  # noqa: BLE001 - a body that is not a chat completion
                last = f"a malformed response ({type(err).__name__}: {str(err)[:200]})"
                continue
            if not isinstance(text, str):
                last = "a response without message content"
                continue
            try:
                return text, parse(text)
            except JudgeParseError as err:
                last = f"an unusable answer: {err}"
        raise JudgeError(self._scrub(f"{self._where()} failed after {attempts} attempt(s) "
                                     f"(reward.retries={self.settings.retries}): {last}"))

    def _file(self, key: str) -> Path:
        return self.cache / key[:2] / f"{key}.json"

    def _read(self, key: str) -> str | None:
        try:
            data = read_json(self._file(key))
        except (OSError, ValueError):
            return None
        return data.get("reply") if isinstance(data, dict) and isinstance(data.get("reply"), str) else None

    def _write(self, key: str, text: str) -> None:
        record = {"model": self.settings.model, "reply": text}  # never the key, nor the endpoint's credentials
        write_bytes_atomic(self._file(key), json.dumps(record, ensure_ascii=False).encode())


_CLIENTS: dict[JudgeSettings, JudgeClient] = {}
_CLIENTS_LOCK = threading.Lock()


def client_for(settings: JudgeSettings) -> JudgeClient:
    """The process's client for these settings (one budget and one set of counters per endpoint config)."""
    with _CLIENTS_LOCK:
        if settings not in _CLIENTS:
            _CLIENTS[settings] = JudgeClient(settings)
        return _CLIENTS[settings]
