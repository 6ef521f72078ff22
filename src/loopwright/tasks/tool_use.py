"""task=tool_use: requests that one tool call answers: order lookups, arithmetic, unit conversions.

The item pool is fixed (generated from a constant seed): one ``lookup_order``
request per shipped scenario (tasks/customer_support.py), 120 calculator requests and 120 unit
conversions. The system prompt lists the tools of :mod:`loopwright.episodes.tools` and the
``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` format
(``task.system_prompt`` replaces the instructions; the tool list is always added).
Columns: ``expected_tool``, ``expected_arguments_json`` (read by the
``tool_calling`` reward), ``item_id``.

Splits are by item: the pool (optionally only ``task.params.tools``) is shuffled
with ``task.seed``; the first ``n_eval`` are held out and train draws only from the
rest (cycling when ``n_train`` is larger). Lookups are split by scenario, so an
order number in a held-out lookup never appears in a training lookup.

With ``task.multi_turn=true`` the agent runs in :class:`ToolUseEnvironment` (its
tools are the real functions of :mod:`loopwright.episodes.tools`). The system prompt
then carries only the instructions: the chat template lists the tools (TRL renders
the environment's schemas), so they are not listed twice.

``task.params.transcripts=true`` (the SFT warm-up of the tool-agent recipe,
``experiment=tool_agent_sft``): the prompt is the episode prompt and each training row
also carries ``completion``, a tool-use transcript built from the real tool (the
expected call, its result as a ``tool`` message, a final reply stating it), and
``tools``, the schemas in the order TRL lists the environment's methods, so SFT sees
exactly the tokens the episodes will. No column lookup: a logged tool request carries
its expected call in ``metadata.columns``.
"""

from __future__ import annotations

import json
import math
import random
import re
from typing import Any

from loopwright.episodes import tools
from loopwright.episodes.environment import is_error, json_column
from loopwright.tasks import register
from loopwright.tasks.customer_support import OrderLookupEnvironment, load_scenarios, normalize_order_id

PARAMS = frozenset({"tools", "transcripts"})
POOL_SEED = 7
INSTRUCTIONS = "You are an assistant with tools. Answer the user's request by calling exactly one tool."
# Episodes: the tools come from the chat template; the agent calls one, reads its result, then answers.
EPISODE_INSTRUCTIONS = ("You are an assistant with tools. Call the one tool that answers the user's request, "
                        "then reply with its result.")

_LOOKUP = ["What's the status of order {oid}?", "Can you check where my order {oid} is?",
           "Look up order {oid} for me please.", "Has order {oid} shipped yet?",
           "I need the tracking number for {oid}.", "What was the total of order {oid}?"]
_CALC = [("What is {a} times {b}?", "{a} * {b}"), ("Compute {a} + {b} - {c}.", "{a} + {b} - {c}"),
         ("What's {a} divided by {b}?", "{a} / {b}"), ("Calculate ({a} + {b}) * {c}.", "({a} + {b}) * {c}"),
         ("How much is {a} minus {b}?", "{a} - {b}"), ("What is {a} squared?", "{a} ** 2"),
         ("Split a {a} dollar bill evenly between {c} people: how much each?", "{a} / {c}")]
_CONV = [("mi", "km", "How many kilometers is {v} miles?"), ("km", "mi", "Convert {v} km to miles."),
         ("lb", "kg", "What is {v} pounds in kilograms?"), ("kg", "lb", "How many pounds are {v} kg?"),
         ("f", "c", "What's {v} degrees Fahrenheit in Celsius?"), ("c", "f", "Convert {v} °C to Fahrenheit."),
         ("ft", "m", "How many meters is {v} feet?"), ("in", "cm", "Convert {v} inches to centimeters."),
         ("gal", "l", "How many liters are in {v} gallons?"), ("oz", "g", "What is {v} ounces in grams?")]


def pool() -> list[dict]:
    """Every item: {item_id, request, expected_tool, expected_arguments}."""
    rng = random.Random(POOL_SEED)
    items = []
    for s in load_scenarios():
        items.append({"item_id": f"lookup-{s['scenario_id']}", "request": rng.choice(_LOOKUP).format(oid=s["order_id"]),
                      "expected_tool": "lookup_order", "expected_arguments": {"order_id": s["order_id"]}})
    for i in range(120):
        question, expression = rng.choice(_CALC)
        nums = {"a": rng.randint(12, 999), "b": rng.randint(2, 99), "c": rng.randint(2, 9)}
        items.append({"item_id": f"calc-{i:03d}", "request": question.format(**nums),
                      "expected_tool": "calculator", "expected_arguments": {"expression": expression.format(**nums)}})
    for i in range(120):
        src, dst, question = rng.choice(_CONV)
        value = rng.choice([rng.randint(1, 500), round(rng.uniform(0.5, 120), 1)])
        items.append({"item_id": f"convert-{i:03d}", "request": question.format(v=value),
                      "expected_tool": "convert_units",
                      "expected_arguments": {"value": value, "from_unit": src, "to_unit": dst}})
    return items


def row(item: dict, system_prompt: str | None, episodes: bool = False) -> dict:
    """A request as a prompt row. ``episodes``: the template lists the tools, so the prompt does not."""
    if episodes:
        system = system_prompt if system_prompt is not None else EPISODE_INSTRUCTIONS
    else:
        system = f"{system_prompt if system_prompt is not None else INSTRUCTIONS}\n\n{tools.describe_tools()}"
    return {"prompt": [{"role": "system", "content": system}, {"role": "user", "content": item["request"]}],
            "expected_tool": item["expected_tool"],
            "expected_arguments_json": json.dumps(item["expected_arguments"], sort_keys=True),
            "item_id": item["item_id"]}


def _reply(item: dict, result: Any) -> str:
    if item["expected_tool"] == "lookup_order" and isinstance(result, dict):
        return f"Order {item['expected_arguments']['order_id']} is {result.get('status', 'unknown')}."
    return f"The answer is {result}."


def transcript(item: dict) -> list[dict]:
    """The episode a good agent has for ``item``: the expected call, the real tool's result, a reply
    stating it (what the SFT warm-up imitates; the result is computed, never written by hand)."""
    name, arguments = item["expected_tool"], item["expected_arguments"]
    result = tools.call_tool(name, arguments)
    return [{"role": "assistant", "content": "",
             "tool_calls": [{"type": "function", "function": {"name": name, "arguments": dict(arguments)}}]},
            {"role": "tool", "name": name, "content": str(result)},  # str(): what TRL's tool loop appends
            {"role": "assistant", "content": _reply(item, result)}]


def episode_tool_schemas(names: Any = None) -> str:
    """The tools as the episodes' prompt lists them (TRL: the environment's methods, by name), as JSON."""
    chosen = [s for s in tools.TOOL_SCHEMAS if not names or s["function"]["name"] in set(names)]
    return json.dumps(sorted(chosen, key=lambda s: s["function"]["name"]))


def sft_row(item: dict, system_prompt: str | None, names: Any = None) -> dict:
    """A training row with its transcript (``completion``) and the tools to render (``tools``)."""
    out = row(item, system_prompt, episodes=True)
    # Arguments as JSON text: rows with different tools then share one Arrow schema (the template prints text as is).
    completion = transcript(item)
    for call in completion[0]["tool_calls"]:
        call["function"]["arguments"] = json.dumps(call["function"]["arguments"])
    return {**out, "completion": completion, "tools": episode_tool_schemas(names)}


# ------------------------------------------------------------ episodes
def _close(a: Any, b: Any, rel: float = 1e-6) -> bool:
    try:
        x, y = float(a), float(b)
    except (TypeError, ValueError, OverflowError):
        return False
    return math.isfinite(x) and math.isfinite(y) and math.isclose(x, y, rel_tol=rel, abs_tol=1e-9)


def arguments_match(tool: str, given: Any, expected: Any) -> bool:
    """Whether a call's arguments do what the expected call does.

    calculator: the expressions evaluate to the same value; convert_units: same
    value and the same units after aliases ("miles" = "mi"); lookup_order: the same
    order after normalisation ("#w1234567" = "W1234567"); anything else: equal JSON.
    """
    if not isinstance(given, dict) or not isinstance(expected, dict):
        return False
    if tool == "calculator":
        got = tools.evaluate_expression(given.get("expression"))
        want = tools.evaluate_expression(expected.get("expression"))
        return got is not None and want is not None and _close(got, want)
    if tool == "convert_units":
        return (_close(given.get("value"), expected.get("value"))
                and tools.canonical_unit(given.get("from_unit")) is not None
                and tools.canonical_unit(given.get("from_unit")) == tools.canonical_unit(expected.get("from_unit"))
                and tools.canonical_unit(given.get("to_unit")) == tools.canonical_unit(expected.get("to_unit")))
    if tool == "lookup_order":
        return normalize_order_id(given.get("order_id", "")) == normalize_order_id(expected.get("order_id", "x"))
    return json.dumps(given, sort_keys=True) == json.dumps(expected, sort_keys=True)


_NUMBER = re.compile(r"-?\d+(?:,\d{3})*(?:\.\d+)?")
_SCAN = 4000


def _numbers(text: str) -> list[float]:
    out = []
    for m in _NUMBER.finditer(text[:_SCAN]):
        try:
            out.append(float(m.group().replace(",", "")))
        except ValueError:
            pass
    return out


def _states_number(text: str, value: float) -> bool:
    """The reply names ``value`` (to 2 decimals or 0.1 %: replies round)."""
    return any(abs(n - value) <= max(0.005, 1e-3 * abs(value)) for n in _numbers(text))


class ToolUseEnvironment(OrderLookupEnvironment):
    """tool_use: the agent picks the right tool with the right arguments, then answers.

    ``get_reward``: 1.0 when a successful call to the row's ``expected_tool`` had
    arguments matching ``expected_arguments_json`` (see :func:`arguments_match`),
    0.5 when the right tool was called with other arguments, 0.0 otherwise; minus
    0.1 per failed call, clipped to [0, 1].
    """

    # Each tool method takes its function's docstring: TRL renders the schema from it (Args:, Returns:),
    # so the agent reads the tool's own description.
    def calculator(self, expression: str) -> str:
        return self._record("calculator", {"expression": expression}, tools.calculator)

    def convert_units(self, value: float, from_unit: str, to_unit: str) -> str:
        return self._record("convert_units", {"value": value, "from_unit": from_unit, "to_unit": to_unit},
                            tools.convert_units)

    calculator.__doc__, convert_units.__doc__ = tools.calculator.__doc__, tools.convert_units.__doc__

    @classmethod
    def _for_task(cls, task_cfg: Any) -> type:
        """The class TRL gets for ``task_cfg``: with ``task.params.tools`` only those tools are methods
        (TRL lists every public function of the class as a tool; the others are hidden as ``None``),
        so the prompt lists only the tools the requests need."""
        chosen = (task_cfg.get("params") or {}).get("tools")
        if not chosen:
            return cls
        hidden = {name: None for name in tools.TOOLS if name not in set(chosen)}
        # the same name: TRL names the reward column after the class (rewards/ToolUseEnvironment/mean)
        return type(cls.__name__, (cls,), {**hidden, "__module__": cls.__module__, "__qualname__": cls.__qualname__})

    def get_reward(self) -> float:
        tool = self.row.get("expected_tool")
        expected = json_column(self.row.get("expected_arguments_json"))
        right_tool = [c for c in self.calls if c["name"] == tool and not c["error"]]
        if any(arguments_match(tool, c["arguments"], expected) for c in right_tool):
            base = 1.0
        elif right_tool:
            base = 0.5
        else:
            base = 0.0
        return self._score(base)

    def _grade_answer(self, reply: str) -> float:
        """The truth is the expected call run against the real tool, not whatever the agent called:
        calculator / convert_units: the reply names the resulting number; lookup_order: the
        reply names the order's status word."""
        tool = self.row.get("expected_tool")
        expected = json_column(self.row.get("expected_arguments_json"))
        if tool not in tools.TOOLS or not isinstance(expected, dict):
            return 0.0
        truth = tools.call_tool(tool, expected)
        if is_error(truth):
            return 0.0
        if tool == "lookup_order":
            status = str(truth.get("status", "")).lower()
            return 1.0 if status and re.search(rf"\b{re.escape(status)}\b", reply.lower()) else 0.0
        numbers = _numbers(str(truth))
        return 1.0 if numbers and _states_number(reply, numbers[0]) else 0.0


@register("tool_use", params=PARAMS, environment=ToolUseEnvironment,
          summary="requests answered by one tool call (lookup_order, calculator, convert_units)")
def build(cfg: Any) -> tuple[list[dict], list[dict]]:
    params = dict(cfg.params or {})
    items = pool()
    if params.get("tools"):
        items = [it for it in items if it["expected_tool"] in set(params["tools"])]
    n_eval, n_train = int(cfg.n_eval), int(cfg.n_train)
    if n_eval >= len(items):
        raise ValueError(f"task.n_eval={n_eval} leaves none of the {len(items)} requests for training")
    random.Random(int(cfg.seed)).shuffle(items)
    held, rest = items[:n_eval], items[n_eval:]
    system = cfg.get("system_prompt")
    transcripts = bool(params.get("transcripts"))
    episodes = bool(cfg.get("multi_turn")) or transcripts
    names = list(params["tools"]) if params.get("tools") else None
    make = (lambda it: sft_row(it, system, names)) if transcripts else (lambda it: row(it, system, episodes))
    return [make(rest[i % len(rest)]) for i in range(n_train)], [row(it, system, episodes) for it in held]
