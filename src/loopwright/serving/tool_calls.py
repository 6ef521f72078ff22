"""Tool calls both ways: ``tools=`` rendered with the model's chat template, ``<tool_call>`` blocks parsed back.

The format is the project's (rewards/tool_calling.py, episodes/chat_template.py):
``<tool_call>{"name": ..., "arguments": {...}}</tool_call>``, what SmolLM2's patched
template asks for and what the Qwen family writes. A SmolLM2-template tokenizer
(``model=tiny``, ``model=smollm2``) gets the tool-capable template first, as training
does; any other template renders ``tools`` itself. A block that is not well-formed
JSON stays in the reply's text, so the client sees what the model wrote.

Also the client side of ``python -m loopwright.chat``: a task's tools as OpenAI
schemas and running the calls the model makes (episodes/tools.py).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from loopwright.rewards.tool_calling import _BLOCK, OPEN, parse_calls


def tool_ready(tokenizer: Any) -> Any:
    """SmolLM2's template swapped for its tool-calling twin (byte-identical without tools); in place."""
    from loopwright.episodes.chat_template import SMOLLM2_CHAT_TEMPLATE, SMOLLM2_TOOL_CHAT_TEMPLATE

    if tokenizer.chat_template == SMOLLM2_CHAT_TEMPLATE:
        tokenizer.chat_template = SMOLLM2_TOOL_CHAT_TEMPLATE
    return tokenizer


def _for_template(message: dict) -> dict:
    """Tool-call arguments as objects: templates render them with ``tojson`` (a string would be quoted twice)."""
    if not message.get("tool_calls"):
        return message
    calls = []
    for call in message["tool_calls"]:
        args = call["function"]["arguments"]
        try:
            args = json.loads(args) if isinstance(args, str) else args
        except ValueError:
            pass  # not JSON: rendered as the client sent it
        calls.append({**call, "function": {"name": call["function"]["name"], "arguments": args}})
    return {**message, "tool_calls": calls}


def prompt_ids(tokenizer: Any, messages: list[dict], tools: list[dict] | None,
               template_kwargs: dict | None = None) -> list[int]:
    """The token ids the model continues from: the chat template with the generation prompt, and the
    run's chat-template kwargs (model.thinking, saved beside the weights: models/families.py)."""
    text = tokenizer.apply_chat_template([_for_template(m) for m in messages], tools=tools,
                                         add_generation_prompt=True, tokenize=False, **(template_kwargs or {}))
    return tokenizer(text, add_special_tokens=False)["input_ids"]


def split_tool_calls(text: str) -> tuple[str, list[dict]]:
    """(the text without its well-formed ``<tool_call>`` blocks, those calls in OpenAI's shape)."""
    calls = []
    rest = text
    for match in list(_BLOCK.finditer(text)):
        parsed, malformed = parse_calls(match.group(0))
        if malformed or not parsed:
            continue  # left in the text as the model wrote it
        call = parsed[0]
        calls.append({"id": "call_" + uuid.uuid4().hex[:16], "type": "function",
                      "function": {"name": call["name"], "arguments": json.dumps(call["arguments"])}})
        rest = rest.replace(match.group(0), "", 1)
    return (rest.strip() if calls else text), calls


def assistant_message(text: str, tools: list[dict] | None) -> tuple[dict, bool]:
    """(the reply as an OpenAI assistant message, whether it calls tools)."""
    if not tools:
        return {"role": "assistant", "content": text}, False
    content, calls = split_tool_calls(text)
    if not calls:
        return {"role": "assistant", "content": text}, False
    return {"role": "assistant", "content": content or None, "tool_calls": calls}, True


class HeldBack:
    """Streamed text minus what may be the start of a tool call, which waits for the end of the reply."""

    def __init__(self, tools: list[dict] | None):
        self.tools, self.text, self.sent = tools, "", 0

    def feed(self, piece: str) -> str:
        """The part of the text so far that can be sent now."""
        self.text += piece
        if not self.tools:
            safe = len(self.text)
        else:
            at = self.text.find(OPEN)
            if at >= 0:
                safe = at
            else:  # a suffix that could grow into "<tool_call>" waits
                keep = next((k for k in range(min(len(OPEN) - 1, len(self.text)), 0, -1)
                             if OPEN.startswith(self.text[-k:])), 0)
                safe = len(self.text) - keep
        safe = max(safe, self.sent)
        out, self.sent = self.text[self.sent:safe], safe
        return out

    def finish(self) -> tuple[str, list[dict], dict]:
        """(text still to send, tool calls, the whole reply as a message)."""
        message, calls = assistant_message(self.text, self.tools)
        if not calls:
            out, self.sent = self.text[self.sent:], len(self.text)
            return out, [], message
        content, _ = split_tool_calls(self.text[self.sent:])  # the held part holds every block
        self.sent = len(self.text)
        return content, message["tool_calls"], message


# ------------------------------------------------------------- the chat client's side
def task_tools(task: str | None, subset: Any = None) -> list[dict]:
    """The OpenAI tool schemas of a task's episode environment (none for a task without one);
    ``subset`` (the task's ``params.tools``) keeps only those named."""
    if not task:
        return []
    from loopwright import tasks
    from loopwright.episodes.environment import tool_names
    from loopwright.episodes.tools import TOOL_SCHEMAS

    spec = tasks.REGISTRY.get(task)
    if spec is None:
        raise ValueError(f"task={task} is not a task; choose from {sorted(tasks.REGISTRY)}")
    if spec.environment is None:
        return []
    names = set(tool_names(spec.environment))
    if subset:
        names &= {str(n) for n in subset}
    return [{"type": "function", "function": {k: v for k, v in s["function"].items() if k != "return"}}
            for s in TOOL_SCHEMAS if s["function"]["name"] in names]


def run_tool_calls(calls: list[dict]) -> list[dict]:
    """The ``tool`` messages answering each call (errors come back as values, never raised)."""
    from loopwright.episodes.tools import call_tool

    out = []
    for call in calls:
        try:
            args = json.loads(call["function"]["arguments"] or "{}")
        except ValueError as err:
            result: Any = {"error": f"arguments are not JSON: {err}"}
        else:
            result = call_tool(call["function"]["name"], args)
        out.append({"role": "tool", "tool_call_id": call["id"],
                    "content": result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)})
    return out
