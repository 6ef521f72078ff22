"""``python -m loopwright.chat run=outputs/runs/<date>/<time>``: talk to a trained run.

Reads one user message per line from stdin (a terminal or a pipe) and answers
greedily, either with the run's ``model/`` in this process (the transformers
backend of ``loopwright.serve``, so the chat template and tool parsing are the
server's) or, with ``base_url=http://127.0.0.1:8000/v1``, through an
OpenAI-compatible server (``python -m loopwright.serve``) with the ``openai``
client. With ``task=tool_use`` (or ``customer_support``) the model is offered that
task's tools; when it calls them they run here and the results go back to it,
up to ``max_tool_rounds`` rounds per message.

Every finished conversation is appended to ``<run>/chats/chats.jsonl`` (or
``output``) as one OpenAI-format line ``{"id", "messages", "metadata": {"source":
"loopwright.chat", "run", "model", "started_at", "base_url"}}``, the shape
``loopwright.ingest`` reads, tool calls and results included. ``/new`` saves and
starts over; ``/quit`` or end of input saves and exits. Exit 2 for an unusable
config (no model, no server, an unknown task). The session, the two model clients and
the tool loop are :mod:`loopwright.serving.chat`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from omegaconf import DictConfig

from loopwright.config.app_entry import hydra_app
from loopwright.serving.chat import Session, connect, converse


def run(cfg: DictConfig) -> int:
    from loopwright.serving.tool_calls import task_tools

    run_dir = Path(str(cfg.run)).expanduser().resolve() if cfg.run else None
    try:
        tools = task_tools(cfg.task.kind, (cfg.task.get("params") or {}).get("tools")) if cfg.get("task") else []
    except ValueError as err:
        print(f"loopwright.chat: {err}", file=sys.stderr)
        return 2
    model = connect(cfg, run_dir)
    if isinstance(model, str):
        print(f"loopwright.chat: {model}", file=sys.stderr)
        return 2
    default_output = (run_dir / "chats" if run_dir else Path("chats").resolve()) / "chats.jsonl"
    output = Path(str(cfg.output)).expanduser().resolve() if cfg.output else default_output
    session = Session(output, run_dir, model.name, cfg.system_prompt, cfg.base_url)
    interactive = sys.stdin.isatty()
    tool_note = f", tools {[t['function']['name'] for t in tools]}" if tools else ""
    print(f"chatting with {model.name}{' at ' + str(cfg.base_url) if cfg.base_url else ''} (greedy, "
          f"{cfg.max_new_tokens} new tokens{tool_note}); /new starts over, /quit ends. Conversations go to {output}",
          file=sys.stderr)
    try:
        converse(model, session, tools, cfg, interactive)
    finally:
        model.close()  # the in-process engine's worker ends before the interpreter does
    session.save()
    print(f"saved {session.saved} conversation(s) to {output}", file=sys.stderr)
    return 0


main = hydra_app("chat", run)


if __name__ == "__main__":
    main()
