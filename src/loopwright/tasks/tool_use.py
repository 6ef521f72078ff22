"""Requests that one tool call answers: order lookups, arithmetic, unit conversions.

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
"""

from __future__ import annotations

import json
import random
from typing import Any

from loopwright.tasks.customer_support import load_scenarios
from loopwright.episodes.tools import describe_tools

PARAMS = frozenset({"tools"})
POOL_SEED = 7
INSTRUCTIONS = "You are an assistant with tools. Answer the user's request by calling exactly one tool."

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


def row(item: dict, system_prompt: str | None) -> dict:
    system = f"{system_prompt if system_prompt is not None else INSTRUCTIONS}\n\n{describe_tools()}"
    return {"prompt": [{"role": "system", "content": system}, {"role": "user", "content": item["request"]}],
            "expected_tool": item["expected_tool"],
            "expected_arguments_json": json.dumps(item["expected_arguments"], sort_keys=True),
            "item_id": item["item_id"]}


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
    return [row(rest[i % len(rest)], cfg.get("system_prompt")) for i in range(n_train)], \
        [row(it, cfg.get("system_prompt")) for it in held]
