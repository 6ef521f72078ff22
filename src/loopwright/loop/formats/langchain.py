"""LangChain / LangSmith run exports -> transcript messages.

A run is ``{"id", "name", "run_type": "chain" | "llm" | "tool" | ..., "inputs",
"outputs", "child_runs": [...], "parent_run_id", "dotted_order", "error"}``.
Exports come nested (``child_runs``) or flat (one run per record, linked by
``parent_run_id``); flat runs are attached to their parents first, and each root
run is one conversation, located at the root's file:line.

The conversation of a trace is read from its LLM calls, in order: each one's
``inputs.messages`` plus its generated message (``outputs.generations``). A call
whose input extends the conversation so far replaces it; otherwise its new
messages are appended. A trace without LLM calls (a plain chain) reads
``inputs.input`` / ``question`` (plus ``chat_history``) and
``outputs.output`` / ``answer`` / ``text``.

Messages may be serialised LangChain objects (``{"lc": 1, "type":
"constructor", "id": [..., "AIMessage"], "kwargs": {...}}``), ``messages_to_dict``
output (``{"type": "ai", "data": {...}}``), ``{"type": "human", "content": ...}``
or OpenAI-style ``{"role", "content"}``. AI tool calls are read from
``tool_calls`` (``{"name", "args", "id"}``) or OpenAI-style
``additional_kwargs.tool_calls``.
"""

from __future__ import annotations

from typing import Any

from loopwright.loop.formats import openai as openai_logs
from loopwright.loop.transcripts import RecordError, message, text_content, tool_call

TYPE_ROLES = {"human": "user", "user": "user", "humanmessage": "user", "humanmessagechunk": "user",
              "ai": "assistant", "assistant": "assistant", "aimessage": "assistant", "aimessagechunk": "assistant",
              "system": "system", "systemmessage": "system",
              "tool": "tool", "toolmessage": "tool", "function": "tool", "functionmessage": "tool"}
LLM_RUN_TYPES = ("llm", "chat_model")


def looks_like(obj: dict) -> bool:
    return "run_type" in obj or "child_runs" in obj or ("inputs" in obj and "outputs" in obj)


# -------------------------------------------------------------------- messages
def _fields(raw: dict) -> tuple[str | None, dict]:
    """(type name, the message's fields) across LangChain's serialisations."""
    if raw.get("lc") == 1 and isinstance(raw.get("id"), list) and raw["id"]:
        return str(raw["id"][-1]), raw.get("kwargs") or {}
    if isinstance(raw.get("data"), dict) and "type" in raw:
        return str(raw["type"]), raw["data"]
    if "role" in raw and "type" not in raw:
        return None, raw
    return (str(raw["type"]) if "type" in raw else None), raw


def _ai_tool_calls(fields: dict, where: str) -> list[dict]:
    calls = fields.get("tool_calls")
    if isinstance(calls, list) and calls:
        out = []
        for i, call in enumerate(calls):
            if not isinstance(call, dict):
                raise RecordError(f"{where}.tool_calls[{i}]", "a tool call must be an object")
            if isinstance(call.get("function"), dict):  # OpenAI shape inside LangChain
                fn = call["function"]
                out.append(tool_call(fn.get("name"), fn.get("arguments"), call.get("id"),
                                     f"{where}.tool_calls[{i}].function"))
            else:
                out.append(tool_call(call.get("name"), call.get("args"), call.get("id"), f"{where}.tool_calls[{i}]"))
        return out
    extra = fields.get("additional_kwargs") or {}
    if isinstance(extra, dict) and extra.get("tool_calls"):
        return openai_logs._tool_calls(extra["tool_calls"], f"{where}.additional_kwargs.tool_calls")
    return []


def parse_message(raw: Any, where: str) -> dict:
    if isinstance(raw, str):
        return message("user", raw)
    if isinstance(raw, list) and len(raw) == 2 and all(isinstance(x, str) for x in raw):
        raw = {"type": raw[0], "content": raw[1]}  # ("human", "text") tuples
    if not isinstance(raw, dict):
        raise RecordError(where, f"a message must be an object or a string, got {type(raw).__name__}")
    kind, fields = _fields(raw)
    if kind is None:
        return openai_logs.parse_message(fields, where)
    role = TYPE_ROLES.get(kind.lower())
    if role is None:
        raise RecordError(where, f"unknown message type {kind!r}; expected one of human, ai, system, tool "
                                 f"(or their Message classes)")
    content = text_content(fields.get("content"), f"{where}.content")
    if role == "assistant":
        calls = _ai_tool_calls(fields, where)
        if fields.get("content") is None and not calls:  # "" is a real (empty) reply, worth grading
            raise RecordError(where, "an AI message with neither content nor tool calls")
        return message("assistant", content, calls)
    if role == "tool":
        return message("tool", content, tool_call_id=fields.get("tool_call_id"), name=fields.get("name"))
    return message(role, content)


def _llm_messages(inputs: Any, where: str) -> list[dict]:
    if not isinstance(inputs, dict):
        raise RecordError(where, "an LLM run needs an 'inputs' object")
    raw = inputs.get("messages")
    if raw is None and isinstance(inputs.get("prompts"), list):  # completion-style LLM runs
        raw = [{"type": "human", "content": p} for p in inputs["prompts"][:1]]
    if isinstance(raw, list) and raw and isinstance(raw[0], list):
        raw = raw[0]  # LangSmith records a batch: one list of messages per prompt
    if not isinstance(raw, list) or not raw:
        raise RecordError(f"{where}.messages", "an LLM run needs a non-empty list of input messages")
    return [parse_message(m, f"{where}.messages[{i}]") for i, m in enumerate(raw)]


def _generation(outputs: Any, where: str) -> dict:
    gens = outputs.get("generations") if isinstance(outputs, dict) else None
    if isinstance(gens, list) and gens and isinstance(gens[0], list):
        gens = gens[0]
    if not isinstance(gens, list) or not gens or not isinstance(gens[0], dict):
        raise RecordError(f"{where}.generations", "an LLM run needs outputs.generations with at least one generation")
    gen = gens[0]
    if gen.get("message") is not None:
        reply = parse_message(gen["message"], f"{where}.generations[0].message")
    else:
        reply = message("assistant", text_content(gen.get("text"), f"{where}.generations[0].text"))
    if reply["role"] != "assistant":
        raise RecordError(f"{where}.generations[0]", f"the generation is a {reply['role']} message, not an AI one")
    return reply


# ------------------------------------------------------------------------ runs
def _children(run: dict, where: str) -> list[tuple[dict, str]]:
    kids = run.get("child_runs") or []
    if not isinstance(kids, list):
        raise RecordError(f"{where}child_runs", "must be a list of runs")
    out = []
    for i, kid in enumerate(kids):
        if not isinstance(kid, dict):
            raise RecordError(f"{where}child_runs[{i}]", "a run must be an object")
        out.append((kid, f"{where}child_runs[{i}]."))
    # dotted_order (LangSmith) sorts runs in execution order; without it keep the export's order
    if all(isinstance(k.get("dotted_order"), str) for k, _ in out):
        out.sort(key=lambda kw: kw[0]["dotted_order"])
    return out


def _walk(run: dict, where: str = "") -> list[tuple[dict, str]]:
    found = [(run, where)]
    for kid, kid_where in _children(run, where):
        found.extend(_walk(kid, kid_where))
    return found


def _merge(conversation: list[dict], messages: list[dict]) -> list[dict]:
    common = 0
    while common < min(len(conversation), len(messages)) and conversation[common] == messages[common]:
        common += 1
    return messages if common == len(conversation) else conversation + messages[common:]


def _chain_messages(run: dict) -> list[dict]:
    inputs, outputs = run.get("inputs"), run.get("outputs")
    if not isinstance(inputs, dict) or not isinstance(outputs, dict):
        raise RecordError("", "a run needs 'inputs' and 'outputs' objects")
    history = inputs.get("chat_history") or []
    if not isinstance(history, list):
        raise RecordError("inputs.chat_history", "must be a list of messages")
    msgs = [parse_message(m, f"inputs.chat_history[{i}]") for i, m in enumerate(history)]
    question = next((inputs[k] for k in ("input", "question", "query") if isinstance(inputs.get(k), str)), None)
    answer = next((outputs[k] for k in ("output", "answer", "text", "result") if isinstance(outputs.get(k), str)),
                  None)
    if question is None or answer is None:
        raise RecordError("", "no LLM child run, and no inputs.input/question with outputs.output/answer/text "
                              "to read a conversation from")
    return msgs + [message("user", question), message("assistant", answer)]


def parse_run(run: dict) -> tuple[list[dict], Any, Any]:
    """(messages, metadata, run id) of one root run with its descendants."""
    if run.get("parent_run_id"):
        raise RecordError("parent_run_id", f"run {run.get('id')}'s parent run {run['parent_run_id']} is not in "
                                           f"this export (export whole traces)")
    if run.get("error") and not run.get("outputs"):
        raise RecordError("error", f"the run failed: {str(run['error'])[:200]}")
    conversation: list[dict] = []
    for node, where in _walk(run):
        if node.get("run_type") in LLM_RUN_TYPES:
            msgs = _llm_messages(node.get("inputs"), f"{where}inputs")
            conversation = _merge(conversation, msgs + [_generation(node.get("outputs"), f"{where}outputs")])
    if not conversation:
        conversation = _chain_messages(run)
    extra = run.get("extra") if isinstance(run.get("extra"), dict) else {}
    metadata = run.get("metadata", extra.get("metadata"))
    return conversation, metadata, run.get("id")


def attach_children(records: list[tuple[int, dict]]) -> list[tuple[int, dict]]:
    """Flat exports: nest runs under their ``parent_run_id``; return the roots with their lines."""
    by_id = {str(r["id"]): r for _, r in records if r.get("id") is not None}
    if not any(r.get("parent_run_id") for _, r in records):
        return records
    roots = []
    for line, run in records:
        parent = by_id.get(str(run.get("parent_run_id"))) if run.get("parent_run_id") else None
        if parent is None or parent is run:
            roots.append((line, run))
        else:
            parent.setdefault("child_runs", [])
            if run not in parent["child_runs"]:
                parent["child_runs"].append(run)
    return roots
