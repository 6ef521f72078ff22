"""Write the improvement loop's example logs under examples/loop/ (deterministic, offline).

    python scripts/make_loop_examples.py

The assistant replies are the 78 hand-written, hand-labelled support replies of
bench/data/labelled_support_replies.jsonl (good ones, wrong facts, rude ones,
missed escalations, ...), each answering one shipped scenario
(src/loopwright/data/support_scenarios.jsonl). They are dealt round-robin into
three logs, each in the shape a real deployment writes:

    openai_chats.jsonl        OpenAI conversations: the agent calls lookup_order, reads the tool
                              result, then replies; a few start with a greeting turn
    openai_requests.jsonl     OpenAI request/response pairs: the order record in the system prompt;
                              two conversations logged turn by turn (overlapping requests)
    langsmith_runs.jsonl      LangSmith nested run exports: agent chain -> LLM call with a tool call
                              -> lookup_order tool run -> LLM call with the reply
    langsmith_flat.json       a JSON-array export of flat runs linked by parent_run_id

Each log also carries a few malformed records (a truncated line, a tool result
answering no call, an unknown role, a failed request, an LLM run without output,
an orphan child run) that ingest must report by file:line and skip.

    held_out_prompts.jsonl    prompts for scenarios that appear in no log, with expect / forbid
                              assertions, for ``eval.prompts=`` (train.py)
"""

from __future__ import annotations

import json
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from loopwright.tasks.customer_support import load_scenarios  # noqa: E402
from loopwright.tasks.customer_support import SYSTEM_PROMPT, order_record  # noqa: E402
from loopwright.episodes.tools import lookup_order  # noqa: E402

OUT = ROOT / "examples" / "loop"
LABELLED = ROOT / "bench" / "data" / "labelled_support_replies.jsonl"
TOOL_SYSTEM = ("You are a customer-support agent for an online shop. Look the order up with the lookup_order tool, "
               "then answer the customer in a few polite sentences using only the facts it returns. Hand the case "
               "to a human specialist when it involves fraud, legal threats, threats of harm or a damaged item "
               "worth more than $500.")
NS = uuid.UUID("6f1c2d3e-0000-4000-8000-000000001000")


def _id(*parts: object) -> str:
    return str(uuid.uuid5(NS, "/".join(map(str, parts))))


def _line(obj: dict) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _call_id(sid: str) -> str:
    return "call_" + _id("call", sid).replace("-", "")[:20]


def _record_system(scenario: dict) -> str:
    return f"{SYSTEM_PROMPT}\n\nOrder record: {order_record(scenario['facts'])}"


# ------------------------------------------------------------ OpenAI chats
def openai_chat(case: dict, scenario: dict, n: int) -> dict:
    order_id, cid = scenario["order_id"], _call_id(case["scenario_id"])
    messages = [{"role": "system", "content": TOOL_SYSTEM}]
    if n % 4 == 1:  # a greeting first: a turn with nothing to look up
        messages += [{"role": "user", "content": "Hi, is anyone there?"},
                     {"role": "assistant", "content": "Hello! Thanks for contacting us. How can I help you today?"}]
    messages += [
        {"role": "user", "content": case["message"]},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": cid, "type": "function",
             "function": {"name": "lookup_order", "arguments": json.dumps({"order_id": order_id})}}]},
        {"role": "tool", "tool_call_id": cid, "content": json.dumps(lookup_order(order_id))},
        {"role": "assistant", "content": case["reply"]},
    ]
    return {"id": f"conv-{case['scenario_id']}", "messages": messages,
            "metadata": {"agent": "support-bot 1.3", "channel": "web chat", "scenario_label": case["type"]}}


def openai_chats(cases: list[tuple[dict, dict]]) -> list[str]:
    lines = [_line(openai_chat(c, s, n)) for n, (c, s) in enumerate(cases)]
    bad_call = json.loads(lines[2])
    bad_call["messages"][-2]["tool_call_id"] = "call_does_not_exist"
    robot = {"messages": [{"role": "user", "content": "Where is my order?"}, {"role": "robot", "content": "beep"}]}
    lines.insert(3, _line(bad_call))
    lines.insert(7, lines[6][: len(lines[6]) // 2])  # a line cut off mid-write
    lines.insert(11, _line(robot))
    return lines


# ------------------------------------------------------- request / response
def completion(reply: str, rid: str, created: int) -> dict:
    return {"id": f"chatcmpl-{rid}", "object": "chat.completion", "created": created, "model": "gpt-4o-mini-2024-07-18",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": reply, "refusal": None},
                         "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 180, "completion_tokens": 48, "total_tokens": 228}}


def openai_requests(cases: list[tuple[dict, dict]]) -> list[str]:
    lines = []
    for n, (case, scenario) in enumerate(cases):
        prompt = [{"role": "system", "content": _record_system(scenario)}, {"role": "user", "content": case["message"]}]
        created = 1709251200 + 60 * n
        rid = _id("req", case["scenario_id"]).replace("-", "")[:24]
        lines.append(_line({"request": {"model": "gpt-4o-mini", "temperature": 0.3, "messages": prompt},
                            "response": completion(case["reply"], rid, created),
                            "metadata": {"scenario_label": case["type"]}}))
        if n in (0, 5):  # the same conversation's next request repeats the first turn (overlap)
            follow = prompt + [{"role": "assistant", "content": case["reply"]},
                               {"role": "user", "content": "Thanks! That's all I needed."}]
            lines.append(_line({"request": {"model": "gpt-4o-mini", "temperature": 0.3, "messages": follow},
                                "response": completion("You're welcome! Have a great day.", rid + "b", created + 30),
                                "metadata": {"scenario_label": "closing"}}))
    failed = {"request": {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Where is my refund?"}]},
              "response": {"error": {"message": "Rate limit reached for gpt-4o-mini", "type": "requests",
                                     "code": "rate_limit_exceeded"}}}
    lines.insert(4, _line(failed))
    return lines


# ----------------------------------------------------------------- LangSmith
def _lc(kind: str, **kwargs: object) -> dict:
    return {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", kind], "kwargs": kwargs}


def langsmith_trace(case: dict, scenario: dict, n: int) -> dict:
    sid, order_id = case["scenario_id"], scenario["order_id"]
    root, llm1, tool, llm2 = (_id("run", sid, k) for k in ("root", "llm1", "tool", "llm2"))
    cid = _call_id(sid)
    stamp = f"2024030{1 + n % 9}T1{n % 10}0000000000Z"
    system, human = _lc("SystemMessage", content=TOOL_SYSTEM), _lc("HumanMessage", content=case["message"])
    call = {"name": "lookup_order", "args": {"order_id": order_id}, "id": cid, "type": "tool_call"}
    ai_call = _lc("AIMessage", content="", tool_calls=[call])
    result = json.dumps(lookup_order(order_id))

    def run(rid: str, name: str, run_type: str, order: int, inputs: dict, outputs: dict, parent: str | None) -> dict:
        return {"id": rid, "name": name, "run_type": run_type, "trace_id": root, "parent_run_id": parent,
                "dotted_order": f"{stamp}{root}" + (f".{stamp[:-2]}{order:02d}Z{rid}" if parent else ""),
                "inputs": inputs, "outputs": outputs, "error": None, "child_runs": []}

    first = run(llm1, "ChatOpenAI", "llm", 1, {"messages": [[system, human]]},
                {"generations": [[{"text": "", "message": ai_call}]]}, root)
    looked = run(tool, "lookup_order", "tool", 2, {"input": json.dumps({"order_id": order_id})},
                 {"output": result}, root)
    second = run(llm2, "ChatOpenAI", "llm", 3,
                 {"messages": [[system, human, ai_call, _lc("ToolMessage", content=result, tool_call_id=cid,
                                                            name="lookup_order")]]},
                 {"generations": [[{"text": case["reply"], "message": _lc("AIMessage", content=case["reply"])}]]},
                 root)
    top = run(root, "support_agent", "chain", 0, {"input": case["message"]}, {"output": case["reply"]}, None)
    top["child_runs"] = [first, looked, second]
    top["extra"] = {"metadata": {"agent": "support-agent (LangGraph) 0.4", "scenario_label": case["type"]}}
    return top


def langsmith_runs(cases: list[tuple[dict, dict]]) -> list[str]:
    lines = [_line(langsmith_trace(c, s, n)) for n, (c, s) in enumerate(cases)]
    no_output = json.loads(lines[3])
    no_output["child_runs"][2]["outputs"] = {}
    lines.insert(4, _line(no_output))
    lines.insert(9, '{"id": "0d7c", "name": "support_agent", "run_type": "chain", "inputs": {"input": "Hi')
    return lines


def langsmith_flat(cases: list[tuple[dict, dict]]) -> str:
    runs = []
    for n, (case, scenario) in enumerate(cases):
        trace = langsmith_trace(case, scenario, 40 + n)
        kids = trace.pop("child_runs")
        runs.append(trace)
        runs.extend({**k, "child_runs": None} for k in kids)
    orphan = {**runs[1], "id": _id("orphan"), "parent_run_id": _id("missing-parent")}
    runs.append(orphan)
    return json.dumps(runs, indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------- held out
def held_out(scenarios: list[dict], used: set[str]) -> list[str]:
    """Two prompts per kind among scenarios no log mentions, with assertions from their facts."""
    lines, per_kind = [], {}
    polite_forbid = ["re:(?i)\\b(your fault|calm down|not our problem)\\b"]
    for s in scenarios:
        if s["scenario_id"] in used or per_kind.get(s["kind"], 0) >= 1:
            continue
        per_kind[s["kind"]] = per_kind.get(s["kind"], 0) + 1
        f = s["facts"]
        expect = [s["order_id"]]
        if "tracking" in s["must_state"]:
            expect.append(f["tracking"])
        if "refund_amount" in s["must_state"]:
            expect.append(f"${f['refund_amount']:.2f}")
        if f.get("escalate"):
            expect.append("re:(?i)specialist|escalat|human|team")
        forbid = polite_forbid + ([] if f.get("refund_amount") else ["re:(?i)refund (has been|was) (issued|processed)"])
        lines.append(_line({"id": s["scenario_id"],
                            "messages": [{"role": "system", "content": _record_system(s)},
                                         {"role": "user", "content": s["message"]}],
                            "expect": expect, "forbid": forbid}))
    return lines


def main() -> None:
    by_id = {s["scenario_id"]: s for s in load_scenarios()}
    labelled = [json.loads(line) for line in LABELLED.read_text().splitlines() if line.strip()]
    cases = [(c, by_id[c["scenario_id"]]) for c in labelled]
    OUT.mkdir(parents=True, exist_ok=True)
    files = {
        "openai_chats.jsonl": "\n".join(openai_chats(cases[0::3])) + "\n",
        "openai_requests.jsonl": "\n".join(openai_requests(cases[1::3])) + "\n",
        "langsmith_runs.jsonl": "\n".join(langsmith_runs(cases[2::3][:-3])) + "\n",
        "langsmith_flat.json": langsmith_flat(cases[2::3][-3:]),
        "held_out_prompts.jsonl": "\n".join(held_out(load_scenarios(), set(by_id) & {c["scenario_id"]
                                                                                      for c in labelled})) + "\n",
    }
    for name, text in files.items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"{OUT / name}: {text.count(chr(10))} lines")


if __name__ == "__main__":
    main()
