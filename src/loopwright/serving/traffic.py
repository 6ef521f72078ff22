"""``<serve dir>/traffic.jsonl``: every answered request, one OpenAI request/response record a line.

    {"id": "chatcmpl-...", "request": {<the body the client sent>}, "response": {<chat.completion>},
     "metadata": {"source": "loopwright.serve", "run": "<run dir>", "run_id": "<date>/<time>",
                  "model": "<the served model id>", "model_dir": "<run>/model", "adapter": false,
                  "backend": "hf", "stream": false, "served_at": "...", "latency_s": 0.12}}

is the request/response shape ``python -m loopwright.ingest format=openai`` reads
(ingestion/formats/openai.py): the conversation is the request's messages plus the reply,
and ``metadata.run`` is what ingest reports per raw log (``runs``) and what
``loopwright.lineage`` follows back to the served run. A streamed reply is logged as
the chat.completion it adds up to. Headers (the API key among them) are never
written; neither are failed requests (nothing was served) nor streams the client
dropped before the end (no whole reply). Lines are appended under a lock and
flushed, so a crash loses at most the request in flight. The file is created
readable by its owner only (0600; an existing one is narrowed to that): it holds
every prompt sent to the model.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

TRAFFIC = "traffic.jsonl"
SOURCE = "loopwright.serve"


def run_id(run_dir: Path) -> str:
    """``<date>/<time>`` of ``outputs/runs/<date>/<time>``: the run dir's last two parts."""
    return "/".join(run_dir.parts[-2:])


class TrafficLog:
    def __init__(self, path: Path | None, metadata: dict[str, Any]):
        self.path, self.metadata, self.lines = path, dict(metadata), 0
        self._lock = threading.Lock()
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():
                os.chmod(path, 0o600)

    def append(self, request: dict, response: dict, **extra: Any) -> None:
        if self.path is None:
            return
        from loopwright.runs.writer import now_iso

        line = {"id": response["id"], "request": request, "response": response,
                "metadata": {"source": SOURCE, **self.metadata, **extra, "served_at": now_iso()}}
        text = json.dumps(line, ensure_ascii=False) + "\n"
        with self._lock, open(os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600), "a",
                                   encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            self.lines += 1
