"""LangChain / LangSmith run exports -> transcript messages.

A run is ``{"id", "name", "run_type": "chain" | "llm" | "tool" | ..., "inputs",
"outputs", "child_runs": [...], "parent_run_id", "dotted_order", "error"}``.
Exports come nested (``child_runs``) or flat (one run per record, linked by
``parent_run_id``, rebuilt by langsmith_tree.py); each root run is one
conversation, located at the root's file:line.

The conversation of a trace is read from its runs in execution order:

* an LLM run adds its ``inputs.messages`` plus its generated message
  (``outputs.generations``, or an OpenAI-style ``outputs.choices``); a call whose input
  extends the conversation so far replaces it, otherwise its new messages are appended;
* a ``tool`` run becomes a tool call of the assistant turn before it plus a ``tool``
  message with its output, linked by the call id (the id the assistant's call or the
  logged ToolMessage carries; else the tool run's own id). A result the next LLM run's
  input already holds is not added twice.

A trace without LLM runs (a plain chain, a LangGraph root) reads ``outputs.messages``
(the graph's state), or ``inputs.input`` / ``question`` (plus ``chat_history``) and
``outputs.output`` / ``answer`` / ``text``, with its tool runs before the answer.

Messages may be serialised LangChain objects (``{"lc": 1, "type":
"constructor", "id": [..., "AIMessage"], "kwargs": {...}}``), ``messages_to_dict``
output (``{"type": "ai", "data": {...}}``), ``{"type": "human", "content": ...}``
or OpenAI-style ``{"role", "content"}``. AI tool calls are read from
``tool_calls`` (``{"name", "args", "id"}``) or OpenAI-style
``additional_kwargs.tool_calls``.
"""

from __future__ import annotations

import ast
import json
from typing import Any

from loopwright.ingestion.formats import openai as openai_logs
from loopwright.ingestion.formats.langsmith_tree import Node, walk
from loopwright.ingestion.transcripts import RecordError, canonical, message, text_content, tool_call

TYPE_ROLES = {"human": "user", "user": "user", "humanmessage": "user", "humanmessagechunk": "user",
              "ai": "assistant", "assistant": "assistant", "aimessage": "assistant", "aimessagechunk": "assistant",
              "system": "system", "systemmessage": "system",
              "tool": "tool", "toolmessage": "tool", "function": "tool", "functionmessage": "tool"}
LLM_RUN_TYPES = ("llm", "chat_model")
RUNTIME_INPUTS = ("callbacks", "run_manager", "config", "tool_call_id")  # injected by LangChain, not arguments


def looks_like(obj: dict) -> bool:
    return "run_type" in obj or "child_runs" in obj or ("inputs" in obj and "outputs" in obj)


def record_id(obj: dict) -> Any:
    return obj.get("id")


# -------------------------------------------------------------------- messages
def _fields(raw: dict, where: str) -> tuple[str | None, dict]:
    """(type name, the message's fields) across LangChain's serialisations."""
    if raw.get("lc") == 1 and isinstance(raw.get("id"), list) and raw["id"]:
        if raw.get("type", "constructor") != "constructor":
            raise RecordError(where, f"a {raw['id'][-1]} LangChain did not serialise (type {raw.get('type')!r})")
        kwargs = raw.get("kwargs")
        if kwargs is not None and not isinstance(kwargs, dict):
            raise RecordError(f"{where}.kwargs", "must be an object")
        return str(raw["id"][-1]), kwargs or {}
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
    kind, fields = _fields(raw, where)
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


def _message_list(raw: Any, where: str) -> list[dict]:
    if not isinstance(raw, list):
        raise RecordError(where, f"must be a list of messages, got {type(raw).__name__}")
    return [parse_message(m, f"{where}[{i}]") for i, m in enumerate(raw)]


def _llm_messages(inputs: Any, where: str) -> list[dict]:
    if not isinstance(inputs, dict):
        raise RecordError(where, "an LLM run needs an 'inputs' object")
    raw = inputs.get("messages")
    if raw is None and isinstance(inputs.get("prompts"), list):  # completion-style LLM runs
        raw = [{"type": "human", "content": p} for p in inputs["prompts"][:1]]
    if isinstance(raw, list) and raw and isinstance(raw[0], list) and not (
            len(raw[0]) == 2 and all(isinstance(x, str) for x in raw[0])):
        raw = raw[0]  # LangSmith records a batch: one list of messages per prompt
    if not isinstance(raw, list) or not raw:
        raise RecordError(f"{where}.messages", "an LLM run needs a non-empty list of input messages")
    return _message_list(raw, f"{where}.messages")


def _generation(outputs: Any, where: str) -> dict:
    if isinstance(outputs, dict) and isinstance(outputs.get("choices"), list) and outputs["choices"]:
        first = outputs["choices"][0]  # an OpenAI completion logged by langsmith's wrap_openai
        reply = openai_logs.parse_message(first.get("message") if isinstance(first, dict) else first,
                                          f"{where}.choices[0].message")
    else:
        gens = outputs.get("generations") if isinstance(outputs, dict) else None
        if isinstance(gens, list) and gens and isinstance(gens[0], list):
            gens = gens[0]
        if not isinstance(gens, list) or not gens or not isinstance(gens[0], dict):
            raise RecordError(f"{where}.generations", "an LLM run needs outputs.generations with at least one "
                                                      "generation")
        gen = gens[0]
        if gen.get("message") is not None:
            reply = parse_message(gen["message"], f"{where}.generations[0].message")
        else:
            reply = message("assistant", text_content(gen.get("text"), f"{where}.generations[0].text"))
    if reply["role"] != "assistant":
        raise RecordError(where, f"the generation is a {reply['role']} message, not an AI one")
    return reply


# ------------------------------------------------------------------- tool runs
def _tool_arguments(inputs: dict) -> Any:
    args = inputs["input"] if set(inputs) == {"input"} else {k: v for k, v in inputs.items()
                                                              if k not in RUNTIME_INPUTS}
    if isinstance(args, str) and args.lstrip().startswith("{"):
        try:
            json.loads(args)
        except ValueError:
            try:  # LangChain logs a tool's input as str(dict): a Python literal, read without running it
                literal = ast.literal_eval(args)
                args = literal if isinstance(literal, dict) else args
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                pass
    return args


def _tool_output(run: dict) -> tuple[str, str | None]:
    """(the tool message's content, the call id the logged ToolMessage names)."""
    outputs = run.get("outputs")
    if not outputs:
        if run.get("error"):  # a tool that raised still answered the call, with its error
            return f"Error: {str(run['error'])[:2000]}", None
        raise RecordError("outputs", "a tool run needs 'outputs' (or an 'error')")
    if not isinstance(outputs, dict):
        raise RecordError("outputs", f"must be an object, got {type(outputs).__name__}")
    value = outputs.get("output", outputs)
    if isinstance(value, dict) and TYPE_ROLES.get(str(_fields(value, "outputs.output")[0]).lower()) == "tool":
        logged = parse_message(value, "outputs.output")
        return logged["content"], logged["tool_call_id"]
    return (value if isinstance(value, str) else canonical(value)), None


def _answered(conversation: list[dict], name: str, content: str, call_id: str | None) -> bool:
    called = {c["id"]: c["name"] for m in conversation for c in m.get("tool_calls", []) if c["id"]}
    for m in conversation:
        if m["role"] != "tool":
            continue
        if call_id is not None and m["tool_call_id"] == call_id:
            return True
        if call_id is None and m["content"] == content and (m["name"] or called.get(m["tool_call_id"])) == name:
            return True
    return False


def _add_tool_run(conversation: list[dict], run: dict, position: int) -> list[dict]:
    """The conversation with the tool run as a call of the latest assistant turn and its result."""
    name = run.get("name")
    if not isinstance(name, str) or not name:
        raise RecordError("name", "a tool run needs the tool's name")
    inputs = run.get("inputs")
    if not isinstance(inputs, dict):
        raise RecordError("inputs", "a tool run needs an 'inputs' object")
    content, call_id = _tool_output(run)
    call_id = call_id or (str(inputs["tool_call_id"]) if isinstance(inputs.get("tool_call_id"), str) else None)
    if _answered(conversation, name, content, call_id):
        return conversation  # the result is already there (an LLM run's input or the graph's state held it)
    conv = list(conversation)
    turn = len(conv) - 1
    while turn >= 0 and conv[turn]["role"] == "tool":
        turn -= 1
    answered = {m.get("tool_call_id") for m in conv[turn + 1:]}
    fresh = str(run["id"]) if isinstance(run.get("id"), str) else f"tool-run-{position}"
    if turn >= 0 and conv[turn]["role"] == "assistant":
        calls = conv[turn].get("tool_calls", [])
        if call_id is None:  # the first call of this tool not answered yet
            call_id = next((c["id"] for c in calls if c["name"] == name and c["id"] and c["id"] not in answered),
                           None)
        if call_id is None or call_id not in {c["id"] for c in calls}:
            call_id = call_id or fresh
            conv[turn] = {**conv[turn], "tool_calls": calls + [tool_call(name, _tool_arguments(inputs), call_id,
                                                                        "inputs")]}
    else:
        call_id = call_id or fresh
        conv.append(message("assistant", "", [tool_call(name, _tool_arguments(inputs), call_id, "inputs")]))
    conv.append(message("tool", content, tool_call_id=call_id, name=name))
    return conv


# ------------------------------------------------------------------------ runs
def _key(m: dict) -> tuple:
    """What makes two renderings of one message the same message (an LLM run's view vs a tool run's)."""
    if m["role"] == "tool":
        return ("tool", m.get("tool_call_id") or m["content"])
    return (m["role"], m["content"])


def _extends(longer: list[dict], shorter: list[dict]) -> bool:
    return len(longer) >= len(shorter) and all(_key(a) == _key(b) for a, b in zip(longer, shorter))


def _merge(conversation: list[dict], messages: list[dict]) -> list[dict]:
    if _extends(messages, conversation):
        return messages
    common = 0
    while common < min(len(conversation), len(messages)) and _key(conversation[common]) == _key(messages[common]):
        common += 1
    return conversation + messages[common:]


def _graph_messages(inputs: dict, outputs: dict) -> list[dict] | None:
    """A LangGraph root's state: outputs.messages (which usually repeats inputs.messages)."""
    if not isinstance(outputs.get("messages"), list) or not outputs["messages"]:
        return None
    out = _message_list(outputs["messages"], "outputs.messages")
    given = _message_list(inputs["messages"], "inputs.messages") if isinstance(inputs.get("messages"), list) else []
    return out if _extends(out, given) else given + out


def _chain_messages(run: dict) -> tuple[list[dict], list[dict]]:
    """(the messages before the answer, the answer) of a run without LLM runs."""
    inputs, outputs = run.get("inputs"), run.get("outputs")
    if not isinstance(inputs, dict) or not isinstance(outputs, dict):
        raise RecordError("", "a run needs 'inputs' and 'outputs' objects")
    graph = _graph_messages(inputs, outputs)
    if graph is not None:
        last = max((i for i, m in enumerate(graph) if m["role"] == "assistant"), default=len(graph))
        return graph[:last], graph[last:]
    history = inputs.get("chat_history") or []
    msgs = _message_list(history, "inputs.chat_history")
    question = next((inputs[k] for k in ("input", "question", "query") if isinstance(inputs.get(k), str)), None)
    answer = next((outputs[k] for k in ("output", "answer", "text", "result") if isinstance(outputs.get(k), str)),
                  None)
    if question is None or answer is None:
        raise RecordError("", "no LLM child run, no outputs.messages, and no inputs.input/question with "
                              "outputs.output/answer/text to read a conversation from")
    return msgs + [message("user", question)], [message("assistant", answer)]


def _located(err: RecordError, node: Node) -> RecordError:
    """The error at the run it is about: its own line (a flat export) or its path from the line's record."""
    rid = node.run.get("id")
    return RecordError((node.where + err.where).rstrip("."), err.reason, None if rid is None else str(rid), node.line)


def _conversation(nodes: list[Node]) -> list[dict]:
    root = nodes[0].run
    has_llm = any(n.run.get("run_type") in LLM_RUN_TYPES for n in nodes)
    if has_llm:
        conversation, answer = [], []
    else:
        try:
            conversation, answer = _chain_messages(root)
        except RecordError as err:
            raise _located(err, nodes[0]) from None
    for position, node in enumerate(nodes):
        try:
            if node.run.get("run_type") in LLM_RUN_TYPES:
                msgs = _llm_messages(node.run.get("inputs"), "inputs")
                conversation = _merge(conversation, msgs + [_generation(node.run.get("outputs"), "outputs")])
            elif node.run.get("run_type") == "tool" and node.run is not root:
                conversation = _add_tool_run(conversation, node.run, position)
        except RecordError as err:
            raise _located(err, node) from None
    conversation = conversation + answer
    if has_llm and isinstance(root.get("inputs"), dict) and isinstance(root.get("outputs"), dict):
        try:
            graph = _graph_messages(root["inputs"], root["outputs"])
        except RecordError as err:
            raise _located(err, nodes[0]) from None
        if graph is not None and len(graph) > len(conversation) and _extends(graph, conversation):
            conversation = graph  # the graph's state holds turns after the last LLM run (a final tool call)
    return conversation


def parse_run(run: dict, lines: dict[int, int] | None = None) -> tuple[list[dict], Any, Any]:
    """(messages, metadata, run id) of one root run with its descendants.

    ``lines`` maps the runs that are records of a flat export (by ``id()``) to their lines,
    so an error inside one is reported there; RecordError.record names the run at fault."""
    rid = None if run.get("id") is None else str(run.get("id"))
    parent = run.get("parent_run_id")
    if parent:
        reason = (f"run {rid} names itself as its parent" if str(parent) == rid else
                  f"run {rid}'s parent run {parent} is not in this export (export whole traces)")
        raise RecordError("parent_run_id", reason, rid)
    if run.get("error") and not run.get("outputs"):
        raise RecordError("error", f"the run failed: {str(run['error'])[:200]}", rid)
    try:
        nodes = list(walk(run, lines or {}))
    except RecordError as err:
        raise RecordError(err.where, err.reason, rid) from None
    conversation = _conversation(nodes)
    extra = run.get("extra") if isinstance(run.get("extra"), dict) else {}
    metadata = run.get("metadata", extra.get("metadata"))
    return conversation, metadata, run.get("id")
