"""``python -m loopwright.chat run=outputs/runs/<date>/<time>``: talk to a trained run.

Reads one user message per line from stdin (a terminal or a pipe), answers with
the run's ``model/`` (greedy, like the held-out evaluation), and appends every
finished conversation to ``<run>/chats/chats.jsonl`` (or ``output``) as one
OpenAI-format line ``{"id", "messages", "metadata": {"source": "loopwright.chat",
"run", "model", "started_at"}}``, the shape ``loopwright.ingest`` reads, so a
chat session becomes the next round's training data. ``/new`` saves and starts
over; ``/quit`` or end of input saves and exits. Exit 2 when the run has no model.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from omegaconf import DictConfig

from loopwright.loop.app import hydra_app


def load_run_model(model_dir: Path) -> tuple[Any, Any]:
    """The run's saved weights, or its LoRA adapter on top of the base it names."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from loopwright.train.models import fill_tokenizer_defaults

    # A run dir is data: safetensors weights only (no pickle), no code from its config's auto_map.
    safe = {"trust_remote_code": False, "use_safetensors": True}
    if (model_dir / "adapter_config.json").is_file():
        from peft import AutoPeftModelForCausalLM

        model = AutoPeftModelForCausalLM.from_pretrained(str(model_dir), **safe)
    else:
        model = AutoModelForCausalLM.from_pretrained(str(model_dir), **safe)
    tokenizer = AutoTokenizer.from_pretrained(str(model_dir), trust_remote_code=False)
    return model, fill_tokenizer_defaults(tokenizer, getattr(model.config, "max_position_embeddings", None))


class Session:
    """The conversation in progress and where finished ones go."""

    def __init__(self, output: Path, run_dir: Path, model_dir: Path, system_prompt: str | None):
        self.output, self.run_dir, self.model_dir, self.system = output, run_dir, model_dir, system_prompt
        self.saved = 0
        self.reset()

    def reset(self) -> None:
        from loopwright.train.manifest import now_iso

        self.messages = [{"role": "system", "content": self.system}] if self.system else []
        self.started_at = now_iso()

    def save(self) -> None:
        """Append the conversation (when it has a reply) as one line; flushed, so a crash loses at most this one."""
        if not any(m["role"] == "assistant" for m in self.messages):
            return
        from loopwright.loop.transcripts import short_hash

        line = {"id": short_hash([self.messages, self.started_at], "chat-"), "messages": self.messages,
                "metadata": {"source": "loopwright.chat", "run": str(self.run_dir), "model": str(self.model_dir),
                             "started_at": self.started_at}}
        self.output.parent.mkdir(parents=True, exist_ok=True)
        with self.output.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(line, ensure_ascii=False) + "\n")
            handle.flush()
        self.saved += 1


def run(cfg: DictConfig) -> int:
    run_dir = Path(str(cfg.run)).expanduser().resolve()
    model_dir = run_dir / "model"
    if not model_dir.is_dir():
        print(f"loopwright.chat: run={cfg.run} has no model/ directory (train with save_model=true)", file=sys.stderr)
        return 2
    from loopwright.evaluation.held_out import generate_greedy

    model, tokenizer = load_run_model(model_dir)
    output = Path(str(cfg.output)).expanduser().resolve() if cfg.output else run_dir / "chats" / "chats.jsonl"
    session = Session(output, run_dir, model_dir, cfg.system_prompt)
    interactive = sys.stdin.isatty()
    print(f"chatting with {model_dir} (greedy, {cfg.max_new_tokens} new tokens); /new starts over, /quit ends. "
          f"Conversations go to {output}", file=sys.stderr)
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
        reply = generate_greedy(model, tokenizer, [{"prompt": session.messages}], int(cfg.max_new_tokens), 1)[0]
        session.messages.append({"role": "assistant", "content": reply})
        shown = reply.strip() or f"(an empty reply: {len(reply)} whitespace characters, saved as they are)"
        print(f"assistant> {shown}", flush=True)
    session.save()
    print(f"saved {session.saved} conversation(s) to {output}", file=sys.stderr)
    return 0


main = hydra_app("chat", run)


if __name__ == "__main__":
    main()
