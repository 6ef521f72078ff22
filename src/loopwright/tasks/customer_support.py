"""task=customer_support: support replies over the shipped synthetic scenarios
(src/loopwright/data/support_scenarios.jsonl).

Each row is one customer contact: the prompt is the customer's message, after a
system prompt describing the agent (``task.system_prompt`` overrides it) and, with
``task.params.include_facts`` (default true), the order record the agent can see.
Columns: ``facts_json`` (the scenario's ground truth plus ``must_state``, read by
the ``customer_support`` reward), ``scenario_id``, ``order_id``, ``category``, ``kind``.

Splits are by scenario: the scenarios (optionally only ``task.params.categories``)
are shuffled with ``task.seed``; the first ``n_eval`` are held out and train draws
only from the rest (cycling when ``n_train`` is larger), so no held-out scenario is
ever trained on and the same seed gives the same rows.

Beside the data: the order system (:func:`lookup_order`, the agent's tool), the
multi-turn environment (:class:`SupportEnvironment`, ``task.multi_turn=true``) and
the column lookup of logged conversations (:func:`conversation_columns`: the order
number a conversation mentions, joined to the scenarios, or with
``task.params.records`` to the user's own order records, tasks/support_records.py),
all registered with the task at the bottom.
"""

from __future__ import annotations

import copy
import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

from loopwright.episodes.environment import EpisodeEnvironment, json_column
from loopwright.rewards import customer_support as grader
from loopwright.runs.reader import read_jsonl
from loopwright.tasks import register, support_records
from loopwright.tasks.support_replies import reference_reply

# The scenarios: about 200, generated deterministically by scripts/make_support_scenarios.py
# (see its docstring for the fields). Used by this task and task=tool_use, by the
# lookup_order tool and by reward=customer_support (through the rows' facts_json column).
SCENARIOS_PATH = Path(__file__).resolve().parents[1] / "data" / "support_scenarios.jsonl"


@lru_cache(maxsize=1)
def _load() -> tuple[dict, ...]:
    return tuple(read_jsonl(SCENARIOS_PATH))


def load_scenarios() -> list[dict]:
    """Every scenario, in file order (a deep copy: callers may mutate it)."""
    return copy.deepcopy(list(_load()))


@lru_cache(maxsize=1)
def _by_order() -> dict[str, dict]:
    return {s["order_id"]: s for s in _load()}


def normalize_order_id(order_id: object) -> str:
    """'#w1234567 ' -> 'W1234567'; a bare 7-digit number gets the W prefix."""
    text = str(order_id).strip().upper().lstrip("#").replace(" ", "")
    return "W" + text if text.isdigit() else text


def facts_for(order_id: object) -> dict | None:
    """Ground-truth facts of the scenario with this order number, or None."""
    found = _by_order().get(normalize_order_id(order_id))
    return copy.deepcopy(found["facts"]) if found else None


PARAMS = frozenset({"include_facts", "categories", "records", "records_key", "reference_replies"})
SYSTEM_PROMPT = ("You are a customer-support agent for an online shop. Answer the customer in a few polite "
                 "sentences. Use only the facts in the order record: state the order status, tracking number, "
                 "refund amount and dates exactly as recorded, and say what happens next. Hand the case to a "
                 "human specialist when it involves fraud, legal threats, threats of harm or a damaged item "
                 "worth more than $500.")
# The order record shown to the agent: internal policy flags (escalate, reason) stay hidden.
RECORD_FIELDS = ("order_id", "customer_name", "items", "status", "carrier", "tracking", "order_date", "ship_date",
                 "eta", "delivered_date", "total", "refund_amount", "refund_date", "account_email", "next_step")
# What the order system (lookup_order) returns: the same record without the next step.
LOOKUP_FIELDS = RECORD_FIELDS[:-1]


def facts_json(scenario: dict) -> str:
    """The reward's ground truth for a scenario: its facts plus what a reply must state."""
    return json.dumps({**scenario["facts"], "must_state": scenario["must_state"], "kind": scenario["kind"]},
                      sort_keys=True)


def order_record(facts: dict) -> str:
    return json.dumps({k: facts[k] for k in RECORD_FIELDS if facts.get(k) is not None})


def columns(scenario: dict) -> dict:
    """The reward columns of a scenario's rows."""
    return {"facts_json": facts_json(scenario), "scenario_id": scenario["scenario_id"],
            "order_id": scenario["order_id"], "category": scenario["category"], "kind": scenario["kind"]}


def row(scenario: dict, system_prompt: str | None, include_facts: bool) -> dict:
    system = system_prompt if system_prompt is not None else SYSTEM_PROMPT
    if include_facts:
        system = f"{system}\n\nOrder record: {order_record(scenario['facts'])}"
    prompt = ([{"role": "system", "content": system}] if system else []) + [
        {"role": "user", "content": scenario["message"]}]
    return {"prompt": prompt, **columns(scenario)}


# ------------------------------------------------------------ the order system
def lookup_order(order_id: str) -> dict:
    """Look up an order in the order system.

    Args:
        order_id: The order number, for example "W1234567".

    Returns:
        The order record (status, carrier, tracking number, dates, total, refund), or a dict with an "error" key.
    """
    if not isinstance(order_id, str) or not order_id.strip() or len(order_id) > 64:
        return {"error": "invalid order id", "order_id": str(order_id)[:64]}
    facts = facts_for(order_id)
    if facts is None:
        return {"error": "order not found", "order_id": normalize_order_id(order_id)}
    return {k: facts[k] for k in LOOKUP_FIELDS if facts.get(k) is not None}


def conversation_columns(messages: list[dict], params: Any = None) -> tuple[dict, str | None]:
    """Columns of task=customer_support rows for the order a logged conversation names.

    ``task.params.records``: the user's own order records (tasks/support_records.py);
    else the shipped scenarios, by their order numbers (W + 7 digits).
    """
    params = params or {}
    if params.get("records"):
        return support_records.columns(messages, params["records"], params.get("records_key"))
    mentioned: list[str] = []
    for role in support_records.ROLE_ORDER:
        for m in messages:
            if m.get("role") == role:
                mentioned.extend("W" + digits for digits in grader.ORDER_NUMBER.findall(str(m.get("content", ""))))
    for order_id in mentioned:
        scenario = _by_order().get(order_id)
        if scenario is not None:
            return columns(scenario), None
    if mentioned:
        return {}, f"order number(s) {sorted(set(mentioned))} not in the order records"
    return {}, "no order number in the conversation to look the facts up by"


def task_problems(cfg: Any) -> list[str]:
    """task.params.records must be a readable records file (checked before anything runs)."""
    path = (cfg.params or {}).get("records")
    if not path:
        return []
    try:
        support_records.load(path, (cfg.params or {}).get("records_key"))
    except (OSError, ValueError) as err:
        return [f"task.params.records: {err}"]
    return []


# ------------------------------------------------------------ episodes
class OrderLookupEnvironment(EpisodeEnvironment):
    """The order-system tool both episode kinds expose (task=tool_use subclasses it)."""

    def lookup_order(self, order_id: str) -> dict:
        """Look up an order in the order system.

        Args:
            order_id: The order number, for example "W1234567".

        Returns:
            The order record (status, carrier, tracking number, dates, total, refund), or a dict with an "error" key.
        """
        return self._record("lookup_order", {"order_id": order_id}, lookup_order)


class SupportEnvironment(OrderLookupEnvironment):
    """customer_support: the agent looks the customer's order up before answering.

    ``get_reward``: 1.0 when ``lookup_order`` returned the scenario's own order
    (its ``order_id`` from ``facts_json``), 0.0 when it never did; minus 0.1 per
    failed call (unknown order, invalid id), clipped to [0, 1]. The reply itself
    (the status, tracking, refund ... stated from the record) is graded by the
    ``customer_support`` reward on the final message (and by ``_grade_answer`` for
    ``episode_answer_reward``).
    """

    def _target_order(self) -> str | None:
        facts = json_column(self.row.get("facts_json"))
        order_id = facts.get("order_id") if isinstance(facts, dict) else None
        order_id = order_id or self.row.get("order_id")
        return normalize_order_id(order_id) if order_id else None

    def get_reward(self) -> float:
        target = self._target_order()
        found = target is not None and any(
            c["name"] == "lookup_order" and not c["error"]
            and normalize_order_id(c["arguments"].get("order_id", "")) == target for c in self.calls)
        return self._score(1.0 if found else 0.0)

    def _grade_answer(self, reply: str) -> float:
        return float(grader.components(reply, self.row.get("facts_json"))["score"])


@register("customer_support", params=PARAMS, environment=SupportEnvironment, columns=conversation_columns,
          problems=task_problems,
          summary="synthetic support scenarios (orders, refunds, shipping, accounts), split by scenario")
def build(cfg: Any) -> tuple[list[dict], list[dict]]:
    params = dict(cfg.params or {})
    scenarios = load_scenarios()
    categories = params.get("categories")
    if categories:
        scenarios = [s for s in scenarios if s["category"] in set(categories)]
    n_eval, n_train = int(cfg.n_eval), int(cfg.n_train)
    if n_eval >= len(scenarios):
        raise ValueError(f"task.n_eval={n_eval} leaves none of the {len(scenarios)} scenarios for training")
    random.Random(int(cfg.seed)).shuffle(scenarios)
    held, pool = scenarios[:n_eval], scenarios[n_eval:]
    include = bool(params.get("include_facts", True))
    make = lambda s: row(s, cfg.get("system_prompt"), include)  # noqa: E731
    train = [make(pool[i % len(pool)]) for i in range(n_train)]
    if params.get("reference_replies"):  # the SFT warm-up's targets (tasks/support_replies.py): training rows only
        for r, scenario in zip(train, (pool[i % len(pool)] for i in range(n_train))):
            r["completion"] = [{"role": "assistant", "content": reference_reply(scenario)}]
    return train, [make(s) for s in held]
