"""Multi-turn tool-calling episodes on TRL 1.16's ``environment_factory``.

With ``task.multi_turn=true`` the ``customer_support`` and ``tool_use`` tasks train
the agent in episodes: it may call tools, TRL runs them against a per-rollout
environment, appends the results to the conversation and lets the agent continue
until it answers without a tool call (or the completion budget runs out).

How TRL drives an environment (trl/trainer/grpo_trainer.py, 1.16):

- ``environment_factory`` is called once per concurrent rollout; instances are
  pooled and ``reset(**row)`` is called before every rollout with *every* column of
  the dataset row (``prompt`` included). A string returned by ``reset`` would be
  appended to the last user message; ours return ``None`` (the prompt says it all).
- every public method other than ``reset`` / ``get_reward`` is a tool. Its schema
  comes from the type hints and the Google-style docstring
  (``transformers.utils.get_json_schema``), rendered into the system prompt.
- ``get_reward()`` takes no argument: TRL calls it once per finished rollout and
  adds it as one more reward column (weight 1, named after the class). It does
  **not** see the final answer, so the environment scores what it can observe,
  the tool calls, and the run's ``reward`` group scores the final answer (TRL hands
  reward functions the whole episode as ``completions``: assistant turns with
  ``tool_calls``, ``tool`` messages, then the final assistant reply last; the
  graders read the last message).
- tool-result tokens are spliced into the completion but masked out of the loss:
  ``_tool_call_loop`` builds ``tool_mask`` (0 on tool tokens) and the loss uses
  ``completion_mask * tool_mask`` (tested in tests/test_episodes.py).

Chat template: TRL refuses a template that cannot render tool calls, and the
SmolLM2 template (also the ``tiny`` model's) renders only ``content``.
:func:`prepare_tokenizer` swaps in :data:`SMOLLM2_TOOL_CHAT_TEMPLATE` (the same
ChatML rendering, byte-identical without tools, plus Hermes/Qwen2.5-style
``<tools>`` / ``<tool_call>`` / ``<tool_response>`` blocks) and sets TRL's own
parser for that format (``trl.chat_template_utils.qwen3_template``). See
docs/EPISODES.md.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Callable

from loopwright.episodes import tools as _tools
from loopwright.tasks.customer_support import normalize_order_id

# The chat template shipped with SmolLM2-135M-Instruct (and so with model=tiny):
# ChatML with a default system prompt, no tool support.
SMOLLM2_CHAT_TEMPLATE = (
    "{% for message in messages %}{% if loop.first and messages[0]['role'] != 'system' %}"
    "{{ '<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n' }}"
    "{% endif %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)

# SmolLM2's ChatML plus tool calling in the Hermes / Qwen2.5 format, whose parser
# TRL ships. Without tools and tool messages it renders exactly like the original.
SMOLLM2_TOOL_CHAT_TEMPLATE = """\
{%- set default_system = 'You are a helpful AI assistant named SmolLM, trained by Hugging Face' -%}
{%- if messages[0]['role'] == 'system' -%}
    {%- set system_message = messages[0]['content'] -%}
    {%- set loop_messages = messages[1:] -%}
{%- else -%}
    {%- set system_message = default_system -%}
    {%- set loop_messages = messages -%}
{%- endif -%}
{{- '<|im_start|>system\\n' + system_message -}}
{%- if tools -%}
    {{- '\\n\\n# Tools\\n\\nYou may call one or more functions to assist with the user query.\\n\\n\
You are provided with function signatures within <tools></tools> XML tags:\\n<tools>' -}}
    {%- for tool in tools -%}
        {{- '\\n' + (tool | tojson) -}}
    {%- endfor -%}
    {{- '\\n</tools>\\n\\nFor each function call, return a json object with function name and arguments within \
<tool_call></tool_call> XML tags:\\n<tool_call>\\n{"name": <function-name>, "arguments": <args-json-object>}\\n\
</tool_call>' -}}
{%- endif -%}
{{- '<|im_end|>\\n' -}}
{%- for message in loop_messages -%}
    {%- if message['role'] == 'assistant' and message.get('tool_calls') -%}
        {{- '<|im_start|>assistant\\n' -}}
        {%- if message['content'] -%}
            {{- message['content'] + '\\n' -}}
        {%- endif -%}
        {%- for tool_call in message['tool_calls'] -%}
            {%- if tool_call.function is defined -%}
                {%- set tool_call = tool_call.function -%}
            {%- endif -%}
            {%- if not loop.first -%}
                {{- '\\n' -}}
            {%- endif -%}
            {{- '<tool_call>\\n{"name": "' + tool_call.name + '", "arguments": ' -}}
            {%- if tool_call.arguments is string -%}
                {{- tool_call.arguments -}}
            {%- else -%}
                {{- tool_call.arguments | tojson -}}
            {%- endif -%}
            {{- '}\\n</tool_call>' -}}
        {%- endfor -%}
        {{- '<|im_end|>\\n' -}}
    {%- elif message['role'] == 'tool' -%}
        {%- if loop.first or loop_messages[loop.index0 - 1]['role'] != 'tool' -%}
            {{- '<|im_start|>user' -}}
        {%- endif -%}
        {{- '\\n<tool_response>\\n' + message['content'] + '\\n</tool_response>' -}}
        {%- if loop.last or loop_messages[loop.index0 + 1]['role'] != 'tool' -%}
            {{- '<|im_end|>\\n' -}}
        {%- endif -%}
    {%- else -%}
        {{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' -}}
    {%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}
    {{- '<|im_start|>assistant\\n' -}}
{%- endif -%}
"""


def prepare_tokenizer(tokenizer: Any) -> Any:
    """Make ``tokenizer`` usable for TRL tool calling (in place; returns it).

    - a template TRL already accepts for tools is left alone (TRL sets its parser);
    - SmolLM2's template gets :data:`SMOLLM2_TOOL_CHAT_TEMPLATE` and TRL's parser for
      ``<tool_call>{json}</tool_call>`` replies;
    - anything else: ValueError (set a tool-capable template and
      ``tokenizer.response_template`` yourself).
    """
    from trl.chat_template_utils import qwen3_template, supports_tool_calling

    if getattr(tokenizer, "_loopwright_tool_template", False):
        return tokenizer
    if tokenizer.chat_template in (SMOLLM2_CHAT_TEMPLATE, SMOLLM2_TOOL_CHAT_TEMPLATE):
        tokenizer.chat_template = SMOLLM2_TOOL_CHAT_TEMPLATE
        tokenizer.response_template = dict(qwen3_template)
        tokenizer._loopwright_tool_template = True
        return tokenizer
    if supports_tool_calling(tokenizer):
        return tokenizer
    raise ValueError(
        "task.multi_turn=true needs a chat template that renders tool calls; this tokenizer's template does not "
        "and is not SmolLM2's (which loopwright patches). Use a tool-capable model (e.g. a Qwen2.5/Qwen3 "
        "instruct model) or set tokenizer.chat_template and tokenizer.response_template yourself.")


# ----------------------------------------------------------------- environments
_MAX_CALLS_RECORDED = 32
_ERROR_PENALTY = 0.1  # per tool call that failed (bad arguments, unknown order, ...)


def _is_error(result: Any) -> bool:
    if isinstance(result, dict):
        return "error" in result
    return isinstance(result, str) and result.startswith("error:")


def _json_column(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return None
    return value


class EpisodeEnvironment:
    """Shared state for one rollout: the row it was reset with and the tool calls made.

    Subclasses add tools (public methods) and ``get_reward``. Helpers are private
    (``_name``) because TRL exposes every public method as a tool.
    """

    def __init__(self) -> None:
        self.row: dict[str, Any] = {}
        self.calls: list[dict[str, Any]] = []

    def reset(self, **row: Any) -> str | None:
        """Start a new episode for a dataset row (TRL passes every column, prompt included)."""
        self.row = dict(row)
        self.calls = []
        return None

    def _record(self, name: str, arguments: dict[str, Any], fn: Callable[..., Any]) -> Any:
        try:
            result = fn(**arguments)
        except Exception as err:  # noqa: BLE001 - a tool must answer, never crash the rollout
            result = {"error": f"{type(err).__name__}: {err}"}
        if len(self.calls) < _MAX_CALLS_RECORDED:
            self.calls.append({"name": name, "arguments": dict(arguments), "result": result,
                               "error": _is_error(result)})
        return result

    def _failures(self) -> int:
        return sum(1 for c in self.calls if c["error"])

    def _score(self, base: float) -> float:
        return float(min(1.0, max(0.0, base - _ERROR_PENALTY * self._failures())))


class OrderLookupEnvironment(EpisodeEnvironment):
    """The order-system tool both episode kinds expose."""

    def lookup_order(self, order_id: str) -> dict:
        """Look up an order in the order system.

        Args:
            order_id: The order number, for example "W1234567".

        Returns:
            The order record (status, carrier, tracking number, dates, total, refund), or a dict with an "error" key.
        """
        return self._record("lookup_order", {"order_id": order_id}, _tools.lookup_order)


class SupportEnvironment(OrderLookupEnvironment):
    """customer_support: the agent looks the customer's order up before answering.

    ``get_reward``: 1.0 when ``lookup_order`` returned the scenario's own order
    (its ``order_id`` from ``facts_json``), 0.0 when it never did; minus 0.1 per
    failed call (unknown order, invalid id), clipped to [0, 1]. The reply itself
    (the status, tracking, refund ... stated from the record) is graded by the
    ``customer_support`` reward on the final message.
    """

    def _target_order(self) -> str | None:
        facts = _json_column(self.row.get("facts_json"))
        order_id = facts.get("order_id") if isinstance(facts, dict) else None
        order_id = order_id or self.row.get("order_id")
        return normalize_order_id(order_id) if order_id else None

    def get_reward(self) -> float:
        target = self._target_order()
        found = target is not None and any(
            c["name"] == "lookup_order" and not c["error"]
            and normalize_order_id(c["arguments"].get("order_id", "")) == target for c in self.calls)
        return self._score(1.0 if found else 0.0)


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
        got = _tools.evaluate_expression(given.get("expression"))
        want = _tools.evaluate_expression(expected.get("expression"))
        return got is not None and want is not None and _close(got, want)
    if tool == "convert_units":
        return (_close(given.get("value"), expected.get("value"))
                and _tools.canonical_unit(given.get("from_unit")) is not None
                and _tools.canonical_unit(given.get("from_unit")) == _tools.canonical_unit(expected.get("from_unit"))
                and _tools.canonical_unit(given.get("to_unit")) == _tools.canonical_unit(expected.get("to_unit")))
    if tool == "lookup_order":
        return normalize_order_id(given.get("order_id", "")) == normalize_order_id(expected.get("order_id", "x"))
    return json.dumps(given, sort_keys=True) == json.dumps(expected, sort_keys=True)


class ToolUseEnvironment(OrderLookupEnvironment):
    """tool_use: the agent picks the right tool with the right arguments, then answers.

    ``get_reward``: 1.0 when a successful call to the row's ``expected_tool`` had
    arguments matching ``expected_arguments_json`` (see :func:`arguments_match`),
    0.5 when the right tool was called with other arguments, 0.0 otherwise; minus
    0.1 per failed call, clipped to [0, 1].
    """

    def calculator(self, expression: str) -> str:
        """Evaluate an arithmetic expression (numbers, + - * / // % ** and parentheses; no names or calls).

        Args:
            expression: The arithmetic expression, for example "(12 + 7) * 3".

        Returns:
            The result as text, or a message starting with "error:".
        """
        return self._record("calculator", {"expression": expression}, _tools.calculator)

    def convert_units(self, value: float, from_unit: str, to_unit: str) -> str:
        """Convert a quantity between units of length, mass, volume or temperature.

        Args:
            value: The quantity to convert.
            from_unit: The unit of the value, for example "mi", "kg", "l" or "c" (full names like "miles" work too).
            to_unit: The unit to convert to, of the same kind.

        Returns:
            The converted quantity with its unit, for example "42.195 km", or a message starting with "error:".
        """
        return self._record("convert_units", {"value": value, "from_unit": from_unit, "to_unit": to_unit},
                            _tools.convert_units)

    def get_reward(self) -> float:
        tool = self.row.get("expected_tool")
        expected = _json_column(self.row.get("expected_arguments_json"))
        right_tool = [c for c in self.calls if c["name"] == tool and not c["error"]]
        if any(arguments_match(tool, c["arguments"], expected) for c in right_tool):
            base = 1.0
        elif right_tool:
            base = 0.5
        else:
            base = 0.0
        return self._score(base)


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


def answer_score(env: EpisodeEnvironment, reply: str) -> float:
    """Whether the final reply states what the environment's tool returns for the row.

    The truth is the expected call run against the real tool, not whatever the
    agent called: calculator / convert_units: the reply names the resulting number;
    lookup_order: the reply names the order's status word; customer_support rows:
    the ``customer_support`` grader on ``facts_json``. A reply that still contains
    a ``<tool_call>`` block (the episode ran out of budget mid-call) scores 0.
    """
    if not isinstance(reply, str) or not reply.strip() or "<tool_call>" in reply:
        return 0.0
    if isinstance(env, SupportEnvironment):
        from loopwright.rewards import customer_support

        return float(customer_support.components(reply, env.row.get("facts_json"))["score"])
    tool = env.row.get("expected_tool")
    expected = _json_column(env.row.get("expected_arguments_json"))
    if tool not in _tools.TOOLS or not isinstance(expected, dict):
        return 0.0
    truth = _tools.call_tool(tool, expected)
    if _is_error(truth):
        return 0.0
    if tool == "lookup_order":
        status = str(truth.get("status", "")).lower()
        return 1.0 if status and re.search(rf"\b{re.escape(status)}\b", reply.lower()) else 0.0
    numbers = _numbers(str(truth))
    return 1.0 if numbers and _states_number(reply, numbers[0]) else 0.0


def episode_answer_reward(completions: list, environments: list | None = None, **_: Any) -> list[float]:
    """TRL reward function for episodes: the final reply graded against the environment.

    Reads the last message of each episode (``completions[i][-1]``) and the
    rollout's environment (TRL passes ``environments``); see :func:`answer_score`.
    Select it with ``reward._target_=loopwright.episodes.episode_answer_reward``
    (or a composite). Without environments (single-turn evaluation) it scores 0.
    """
    from loopwright.rewards.arithmetic import completion_text

    completions = list(completions or [])
    envs = list(environments or [])
    out = []
    for i, completion in enumerate(completions):
        env = envs[i] if i < len(envs) else None
        try:
            out.append(answer_score(env, completion_text(completion)) if isinstance(env, EpisodeEnvironment) else 0.0)
        except Exception:  # noqa: BLE001 - a grader never raises
            out.append(0.0)
    return out


ENVIRONMENTS: dict[str, type[EpisodeEnvironment]] = {
    "customer_support": SupportEnvironment,
    "tool_use": ToolUseEnvironment,
}


def tool_names(env_cls: type[EpisodeEnvironment]) -> list[str]:
    """The tools TRL will expose for an environment class (its public methods)."""
    import inspect

    return sorted(name for name, _ in inspect.getmembers(env_cls, predicate=inspect.isfunction)
                  if name not in ("reset", "get_reward") and not name.startswith("_"))


def trainer_extras(cfg: Any, train_rows: list[dict], tokenizer: Any = None) -> dict[str, Any]:
    """Extra ``trl.GRPOTrainer`` kwargs for a multi-turn task: its environment factory.

    ``tokenizer`` (the trainer's processing class) is patched in place by
    :func:`prepare_tokenizer` when given; without it the caller must have done so.
    """
    kind = cfg.task.kind
    if kind not in ENVIRONMENTS:
        raise ValueError(f"task.multi_turn=true: task '{kind}' has no episode environment; "
                         f"available: {sorted(ENVIRONMENTS)}")
    trainer = cfg.objective.trainer
    trainer = getattr(trainer, "value", trainer)
    if trainer != "grpo":
        raise ValueError(f"task.multi_turn=true needs a GRPO-family objective (TRL's GRPOTrainer runs tools); "
                         f"objective.trainer={trainer}")
    if tokenizer is not None:
        prepare_tokenizer(tokenizer)
    return {"environment_factory": ENVIRONMENTS[kind]}
