"""Log records of every ingest format, as the tools that write them shape them, plus known-bad variants.

Each builder takes an index ``i`` (so records of one file are distinct conversations)
and the texts to put in it. ``BROKEN[fmt]`` lists (name, mutate) pairs whose result is
a malformed record, with the id ingest must report (None where the record has none).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

SYSTEM = "You are a support agent. Look orders up before answering."


def _lc(kind: str, **kwargs) -> dict:
    """A message as LangChain's dumpd() serialises it."""
    return {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", kind], "kwargs": kwargs}


# ------------------------------------------------------------------- OpenAI
def openai_chat(i: int, user: str = "Where is my order?", reply: str = "It ships Friday.") -> dict:
    call = f"call_{i}"
    return {"id": f"chat-{i}", "metadata": {"n": i}, "messages": [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"{user} (W{i})"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": call, "type": "function", "function": {"name": "lookup_order",
                                                          "arguments": json.dumps({"order_id": f"W{i}"})}}]},
        {"role": "tool", "tool_call_id": call, "content": json.dumps({"order_id": f"W{i}", "status": "shipped"})},
        {"role": "assistant", "content": reply}]}


def openai_pair(i: int, user: str = "Hello?", reply: str = "Hi, how can I help?", history: list | None = None,
                user_field: str | None = None) -> dict:
    request = {"model": "gpt-4o-mini", "messages": [{"role": "system", "content": SYSTEM}, *(history or []),
                                                    {"role": "user", "content": f"{user} [{i}]"}]}
    if user_field:
        request["user"] = user_field
    return {"request": request, "response": {"id": f"chatcmpl-{i}", "object": "chat.completion", "choices": [
        {"index": 0, "message": {"role": "assistant", "content": reply}, "finish_reason": "stop"}]}}


def openai_turns(i: int, user_field: str | None = None) -> list[dict]:
    """One conversation logged turn by turn: each request repeats the turns before it."""
    first = openai_pair(i, "Where is my order?", f"Which order number, {i}?", user_field=user_field)
    history = first["request"]["messages"][1:] + [first["response"]["choices"][0]["message"]]
    second = openai_pair(i, f"It is W{i}.", "It ships Friday.", history=history, user_field=user_field)
    second["response"]["id"] = f"chatcmpl-{i}-2"
    return [first, second]


# ---------------------------------------------------------------- Anthropic
def anthropic_pair(i: int, user: str = "Where is my order?", reply: str = "It ships Friday.") -> dict:
    use = f"toolu_{i}"
    return {"request": {"model": "claude-sonnet-4-5", "max_tokens": 512, "system": SYSTEM, "messages": [
        {"role": "user", "content": f"{user} (W{i})"},
        {"role": "assistant", "content": [{"type": "text", "text": "Let me look."},
                                          {"type": "tool_use", "id": use, "name": "lookup_order",
                                           "input": {"order_id": f"W{i}"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": use,
                                      "content": [{"type": "text", "text": '{"status": "shipped"}'}]}]}]},
        "response": {"id": f"msg_{i}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
                     "content": [{"type": "thinking", "thinking": "shipped", "signature": "x"},
                                 {"type": "text", "text": reply}],
                     "stop_reason": "end_turn", "usage": {"input_tokens": 10, "output_tokens": 5}}}


def anthropic_chat(i: int, user: str = "Hi", reply: str = "Hello!") -> dict:
    return {"id": f"conv-{i}", "system": [{"type": "text", "text": SYSTEM}],
            "messages": [{"role": "user", "content": f"{user} [{i}]"},
                         {"role": "assistant", "content": [{"type": "text", "text": reply}]}]}


# ---------------------------------------------------------------- LangSmith
def langsmith_nested(i: int, user: str = "Where is my order?", reply: str = "It ships Friday.") -> dict:
    """An agent trace: LLM call -> tool run -> LLM call, messages serialised by LangChain."""
    call, root = f"call_{i}", f"00000000-0000-4000-8000-{i:012d}"
    ask = [_lc("SystemMessage", content=SYSTEM), _lc("HumanMessage", content=f"{user} (W{i})")]
    calling = _lc("AIMessage", content="", tool_calls=[{"name": "lookup_order", "args": {"order_id": f"W{i}"},
                                                          "id": call, "type": "tool_call"}])
    result = _lc("ToolMessage", content='{"status": "shipped"}', tool_call_id=call, name="lookup_order")
    return {"id": root, "name": "support_agent", "run_type": "chain", "trace_id": root,
            "dotted_order": f"20250101T000000000000Z{root}",
            "inputs": {"input": f"{user} (W{i})"}, "outputs": {"output": reply}, "extra": {"metadata": {"n": i}},
            "child_runs": [
                {"id": f"{root}-llm1", "name": "ChatOpenAI", "run_type": "llm", "dotted_order": "1",
                 "inputs": {"messages": [ask]}, "outputs": {"generations": [[{"message": calling}]]}},
                {"id": f"{root}-tool", "name": "lookup_order", "run_type": "tool", "dotted_order": "2",
                 "inputs": {"input": str({"order_id": f"W{i}"})}, "outputs": {"output": result}},
                {"id": f"{root}-llm2", "name": "ChatOpenAI", "run_type": "llm", "dotted_order": "3",
                 "inputs": {"messages": [ask + [calling, result]]},
                 "outputs": {"generations": [[{"message": _lc("AIMessage", content=reply)}]]}}]}


def langsmith_tool_runs(i: int, user: str = "Where is my order?", reply: str = "It ships Friday.") -> dict:
    """A chain whose only children are tool runs (no LLM run records the call)."""
    root = f"10000000-0000-4000-8000-{i:012d}"
    return {"id": root, "name": "AgentExecutor", "run_type": "chain", "inputs": {"input": f"{user} (W{i})"},
            "outputs": {"output": reply}, "child_runs": [
                {"id": f"{root}-t2", "name": "lookup_tracking", "run_type": "tool", "start_time": "2025-01-01T00:00:02",
                 "inputs": {"order_id": f"W{i}"}, "outputs": {"output": "1Z999"}},
                {"id": f"{root}-t1", "name": "lookup_order", "run_type": "tool", "start_time": "2025-01-01T00:00:01",
                 "inputs": {"input": json.dumps({"order_id": f"W{i}"})}, "outputs": {"output": "shipped"}}]}


def langgraph_state(i: int, user: str = "Where is my order?", reply: str = "It ships Friday.") -> dict:
    """A LangGraph root run whose outputs.messages holds the whole serialised conversation."""
    call = f"call_g{i}"
    human = _lc("HumanMessage", content=f"{user} (W{i})")
    return {"id": f"20000000-0000-4000-8000-{i:012d}", "name": "LangGraph", "run_type": "chain",
            "inputs": {"messages": [human]}, "outputs": {"messages": [
                human, _lc("AIMessage", content="", tool_calls=[{"name": "lookup_order", "id": call,
                                                                  "args": {"order_id": f"W{i}"}}]),
                _lc("ToolMessage", content="shipped", tool_call_id=call), _lc("AIMessage", content=reply)]}}


def langsmith_flat(i: int, user: str = "Where is my order?", reply: str = "It ships Friday.") -> list[dict]:
    """The nested trace as a flat export: one run per record, linked by parent_run_id, children first."""
    nested = langsmith_nested(i, user, reply)
    kids = nested.pop("child_runs")
    return [dict(kid, parent_run_id=nested["id"], child_runs=None) for kid in reversed(kids)] + [nested]


# ------------------------------------------------------- known-bad variants
def _set(path: list, value):
    def mutate(record: dict) -> dict:
        out = copy.deepcopy(record)
        target = out
        for key in path[:-1]:
            target = target[key]
        if value is _DROP:
            del target[path[-1]]
        else:
            target[path[-1]] = value
        return out
    return mutate


_DROP = object()
BUILDERS = {"openai": openai_chat, "openai_pair": openai_pair, "anthropic": anthropic_pair,
            "anthropic_chat": anthropic_chat, "langsmith": langsmith_nested, "langsmith_tools": langsmith_tool_runs,
            "langgraph": langgraph_state}
FORMAT_OF = {"openai": "openai", "openai_pair": "openai", "anthropic": "anthropic", "anthropic_chat": "anthropic",
             "langsmith": "langchain", "langsmith_tools": "langchain", "langgraph": "langchain"}
# (what is wrong, mutation, the id ingest reports: "record" = the record's own id, "child" = that child run's)
BROKEN = {
    "openai": [("unknown role", _set(["messages", 1, "role"], "robot"), "record"),
               ("result answering no call", _set(["messages", 3, "tool_call_id"], "call_nobody"), "record"),
               ("messages not a list", _set(["messages"], "hello"), "record")],
    "openai_pair": [("failed request", _set(["response"], {"id": "chatcmpl-x", "error": {"message": "Rate limit"}}),
                     "chatcmpl-x"),
                    ("reply from the user", _set(["response", "choices", 0, "message", "role"], "user"), "record")],
    "anthropic": [("tool_result without tool_use_id", _set(["request", "messages", 2, "content", 0, "tool_use_id"],
                                                           _DROP), "record"),
                  ("system role in messages", _set(["request", "messages", 0, "role"], "system"), "record"),
                  ("error response", _set(["response"], {"type": "error", "error": {"message": "overloaded"}}),
                   None)],
    "anthropic_chat": [("assistant turn without blocks", _set(["messages", 1, "content"], []), "record")],
    "langsmith": [("LLM run without generations", _set(["child_runs", 2, "outputs"], {}), ("child", 2)),
                  ("tool run without a name", _set(["child_runs", 1, "name"], None), ("child", 1)),
                  ("parent not exported", _set(["parent_run_id"], "99999999-0000-4000-8000-000000000000"),
                   "record")],
    "langsmith_tools": [("tool run without inputs", _set(["child_runs", 0, "inputs"], "x"), ("child", 0))],
    "langgraph": [("unknown message type", _set(["outputs", "messages", 1, "id"], ["x", "RobotMessage"]), "record")],
}


def expected_id(record: dict, which) -> str | None:
    if which is None:
        return None
    if which == "record":
        from loopwright.ingestion.formats.detect import PARSERS, guess
        value = PARSERS[guess(record)].record_id(record)
        return None if value is None else str(value)
    if isinstance(which, tuple):
        return record["child_runs"][which[1]]["id"]
    return which


def write_jsonl(path: Path, records: list) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path
