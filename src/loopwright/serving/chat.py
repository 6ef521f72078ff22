"""``python -m loopwright.chat``'s parts: the session, the model (in process or a server), the tool loop.

``Session`` holds the conversation and appends each finished one to chats.jsonl (the
OpenAI format ``loopwright.ingest`` reads); ``LocalModel`` answers with the run's
``model/`` through the server's transformers engine, ``RemoteModel`` through an
OpenAI-compatible server; ``connect`` picks one for a chat config (or says why none);
``answer`` runs the tools the model calls; ``converse`` reads stdin until /quit.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from omegaconf import DictConfig


class Session:
    """The conversation in progress and where finished ones go."""

    def __init__(self, output: Path, run_dir: Path | None, model: str, system_prompt: str | None,
                 base_url: str | None = None):
        self.output, self.run_dir, self.model, self.system = output, run_dir, model, system_prompt
        self.base_url = base_url
        self.saved = 0
        self.reset()

    def reset(self) -> None:
        from loopwright.runs.writer import now_iso

        self.messages: list[dict] = [{"role": "system", "content": self.system}] if self.system else []
        self.started_at = now_iso()

    def save(self) -> None:
        """Append the conversation (when it has a reply) as one line; flushed, so a crash loses at most this one."""
        if not any(m["role"] == "assistant" for m in self.messages):
            return
        from loopwright.ingestion.transcripts import short_hash

        metadata: dict[str, Any] = {"source": "loopwright.chat", "model": self.model, "started_at": self.started_at}
        if self.run_dir is not None:
            metadata["run"] = str(self.run_dir)
        if self.base_url:
            metadata["base_url"] = self.base_url
        line = {"id": short_hash([self.messages, self.started_at], "chat-"), "messages": self.messages,
                "metadata": metadata}
        self.output.parent.mkdir(parents=True, exist_ok=True)
        with self.output.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(line, ensure_ascii=False) + "\n")
            handle.flush()
        self.saved += 1


class LocalModel:
    """The run's model in this process, through the server's transformers engine (one request at a time)."""

    def __init__(self, model_dir: Path):
        from loopwright.serving.backend_hf import HFEngine

        self.engine = HFEngine(model_dir, max_batch=1, wait_ms=0)
        self.name = str(model_dir)

    def reply(self, messages: list[dict], tools: list[dict], max_tokens: int) -> dict:
        from loopwright.serving.backend_hf import Sampling
        from loopwright.serving.tool_calls import assistant_message, prompt_ids

        prompt = prompt_ids(self.engine.tokenizer, messages, tools or None, self.engine.template_kwargs)
        room = max(1, self.engine.context - len(prompt))
        text, _ = self.engine.generate_text(prompt, Sampling(min(max_tokens, room), temperature=0.0))
        return assistant_message(text, tools or None)[0]

    def close(self) -> None:
        self.engine.close()


class RemoteModel:
    """An OpenAI-compatible server, through the ``openai`` client."""

    def __init__(self, base_url: str, api_key: str | None, model: str | None):
        import openai

        self.client = openai.OpenAI(base_url=base_url, api_key=api_key or "no-key", max_retries=1)
        self.name = model or self.client.models.list().data[0].id

    def reply(self, messages: list[dict], tools: list[dict], max_tokens: int) -> dict:
        extra = {"tools": tools} if tools else {}
        choice = self.client.chat.completions.create(model=self.name, messages=messages, max_tokens=max_tokens,
                                                     temperature=0, **extra).choices[0]
        message: dict[str, Any] = {"role": "assistant", "content": choice.message.content}
        if choice.message.tool_calls:
            message["tool_calls"] = [{"id": c.id, "type": "function", "function": {
                "name": c.function.name, "arguments": c.function.arguments}} for c in choice.message.tool_calls]
        elif message["content"] is None:
            message["content"] = ""
        return message

    def close(self) -> None:
        self.client.close()


def answer(model: Any, session: Session, tools: list[dict], max_tokens: int, rounds: int) -> None:
    """The model's reply to the last message, running the tools it calls (printed as they happen)."""
    from loopwright.serving.tool_calls import run_tool_calls

    for round_ in range(rounds + 1):
        message = model.reply(session.messages, tools, max_tokens)
        session.messages.append(message)
        calls = message.get("tool_calls") or []
        if not calls or round_ == rounds:
            text = message.get("content") or ""
            shown = text.strip() or f"(an empty reply: {len(text)} whitespace characters, saved as they are)"
            print(f"assistant> {shown}", flush=True)
            return
        for call, result in zip(calls, run_tool_calls(calls)):
            print(f"tool call> {call['function']['name']}({call['function']['arguments']}) -> {result['content']}",
                  flush=True)
            session.messages.append(result)


def connect(cfg: DictConfig, run_dir: Path | None) -> Any:
    """The model to talk to, or an error message."""
    if cfg.base_url:
        key = os.environ.get(str(cfg.api_key_env)) if cfg.api_key_env else None
        if cfg.api_key_env and not key:
            return f"api_key_env={cfg.api_key_env}: the environment variable {cfg.api_key_env} is unset or empty"
        import openai

        try:
            return RemoteModel(str(cfg.base_url), key, cfg.model)
        except openai.APIError as err:
            return f"base_url={cfg.base_url}: {type(err).__name__}: {err}"
    if run_dir is None:
        return "run= (a run directory with model/) or base_url= (a server) is needed"
    if not (run_dir / "model").is_dir():
        return f"run={cfg.run} has no model/ directory (train with save_model=true)"
    return LocalModel(run_dir / "model")


def converse(model: Any, session: Session, tools: list[dict], cfg: DictConfig, interactive: bool) -> None:
    while True:
        if interactive:
            print("you> ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            break
        text = line.rstrip("\n")
        if not text.strip():
            continue
        if text.strip() in ("/quit", "/exit"):
            break
        if text.strip() == "/new":
            session.save()
            session.reset()
            continue
        session.messages.append({"role": "user", "content": text})
        answer(model, session, tools, int(cfg.max_new_tokens), int(cfg.max_tool_rounds))
