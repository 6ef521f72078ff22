"""Tools an agent can call: real Python functions over the shipped scenario data.

    lookup_order(order_id)                     -> dict (the order record, or {"error": ...});
                                                  defined in tasks/customer_support.py (its order system)
    calculator(expression)                     -> str  (safe arithmetic: numbers, + - * / // % **, parentheses)
    convert_units(value, from_unit, to_unit)   -> str  (length, mass, volume, temperature)

``TOOLS`` maps each name to its function; pass ``list(TOOLS.values())`` to TRL's
``tools=`` (TRL 1.16 / transformers read the type hints and the docstrings' ``Args:``
sections through ``transformers.utils.get_json_schema``). ``TOOL_SCHEMAS`` is the
same description as static data (kept equal to get_json_schema's output by a test),
for prompts, without importing transformers.

No tool raises on bad input: errors come back as a value the model can read.
"""

from __future__ import annotations

import ast
import json
import math
import operator
from typing import Any

# The order system is the customer_support task's data, so its tool lives there, beside the
# scenarios it reads (and SupportEnvironment, which calls it): one hop from task=customer_support.
from loopwright.tasks.customer_support import lookup_order

# --------------------------------------------------------------------- calculator
_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow}
_UNARY = {ast.UAdd: operator.pos, ast.USub: operator.neg}
_MAX_EXPRESSION = 200
_MAX_MAGNITUDE = 1e15


class _CalcError(ValueError):
    pass


def _eval(node: ast.AST) -> float | int:
    if isinstance(node, ast.Expression):
        return _eval(node.body)
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return _UNARY[type(node.op)](_eval(node.operand))
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _eval(node.left), _eval(node.right)
        if isinstance(node.op, ast.Pow) and (abs(right) > 100 or abs(left) > 1e6):
            raise _CalcError("exponent too large")
        try:
            value = _BINARY[type(node.op)](left, right)
        except ZeroDivisionError:
            raise _CalcError("division by zero") from None
        if isinstance(value, complex) or abs(value) > _MAX_MAGNITUDE:
            raise _CalcError("result out of range")
        return value
    raise _CalcError(f"unsupported syntax: {type(node).__name__}")


def evaluate_expression(expression: Any) -> float | None:
    """The value of a safe arithmetic expression, or None when it is not one."""
    if not isinstance(expression, str) or not expression.strip() or len(expression) > _MAX_EXPRESSION:
        return None
    text = expression.replace("×", "*").replace("÷", "/").replace("^", "**").replace(",", "")
    try:
        value = _eval(ast.parse(text.strip(), mode="eval"))
    except (SyntaxError, _CalcError, ValueError, TypeError, OverflowError, RecursionError, MemoryError):
        return None
    return float(value) if math.isfinite(value) else None


def _fmt(value: float) -> str:
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.10g}"


def calculator(expression: str) -> str:
    """Evaluate an arithmetic expression (numbers, + - * / // % ** and parentheses; no names or calls).

    Args:
        expression: The arithmetic expression, for example "(12 + 7) * 3".

    Returns:
        The result as text, or a message starting with "error:".
    """
    value = evaluate_expression(expression)
    return "error: not a valid arithmetic expression" if value is None else _fmt(value)


# ------------------------------------------------------------------ unit conversion
# unit -> (dimension, factor to the base unit); base units: m, kg, l.
_LINEAR = {
    "mm": ("length", 0.001), "cm": ("length", 0.01), "m": ("length", 1.0), "km": ("length", 1000.0),
    "in": ("length", 0.0254), "ft": ("length", 0.3048), "yd": ("length", 0.9144), "mi": ("length", 1609.344),
    "mg": ("mass", 1e-6), "g": ("mass", 0.001), "kg": ("mass", 1.0), "oz": ("mass", 0.028349523125),
    "lb": ("mass", 0.45359237), "ml": ("volume", 0.001), "l": ("volume", 1.0), "gal": ("volume", 3.785411784),
    "cup": ("volume", 0.2365882365), "floz": ("volume", 0.0295735295625),
}
_TEMPERATURE = ("c", "f", "k")
ALIASES = {
    "millimeter": "mm", "millimeters": "mm", "millimetre": "mm", "millimetres": "mm",
    "centimeter": "cm", "centimeters": "cm", "centimetre": "cm", "centimetres": "cm",
    "meter": "m", "meters": "m", "metre": "m", "metres": "m",
    "kilometer": "km", "kilometers": "km", "kilometre": "km", "kilometres": "km",
    "inch": "in", "inches": "in", "foot": "ft", "feet": "ft", "yard": "yd", "yards": "yd",
    "mile": "mi", "miles": "mi", "milligram": "mg", "milligrams": "mg", "gram": "g", "grams": "g",
    "kilogram": "kg", "kilograms": "kg", "kgs": "kg", "ounce": "oz", "ounces": "oz",
    "pound": "lb", "pounds": "lb", "lbs": "lb", "milliliter": "ml", "milliliters": "ml", "millilitre": "ml",
    "millilitres": "ml", "liter": "l", "liters": "l", "litre": "l", "litres": "l", "gallon": "gal",
    "gallons": "gal", "cups": "cup", "fl oz": "floz", "fluid ounce": "floz", "fluid ounces": "floz",
    "celsius": "c", "°c": "c", "degc": "c", "fahrenheit": "f", "°f": "f", "degf": "f", "kelvin": "k",
}


def canonical_unit(unit: Any) -> str | None:
    """'Kilometres' -> 'km'; None for an unknown unit."""
    if not isinstance(unit, str) or len(unit) > 32:
        return None
    key = " ".join(unit.strip().lower().split())
    key = ALIASES.get(key, key)
    return key if key in _LINEAR or key in _TEMPERATURE else None


def _to_celsius(value: float, unit: str) -> float:
    return value if unit == "c" else (value - 32) * 5 / 9 if unit == "f" else value - 273.15


def _from_celsius(value: float, unit: str) -> float:
    return value if unit == "c" else value * 9 / 5 + 32 if unit == "f" else value + 273.15


def convert_units(value: float, from_unit: str, to_unit: str) -> str:
    """Convert a quantity between units of length, mass, volume or temperature.

    Args:
        value: The quantity to convert.
        from_unit: The unit of the value, for example "mi", "kg", "l" or "c" (full names like "miles" work too).
        to_unit: The unit to convert to, of the same kind.

    Returns:
        The converted quantity with its unit, for example "42.195 km", or a message starting with "error:".
    """
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return "error: value must be a number"
    if not math.isfinite(number):
        return "error: value must be finite"
    src, dst = canonical_unit(from_unit), canonical_unit(to_unit)
    if src is None or dst is None:
        return f"error: unknown unit {from_unit if src is None else to_unit!r}"
    if src in _TEMPERATURE or dst in _TEMPERATURE:
        if not (src in _TEMPERATURE and dst in _TEMPERATURE):
            return f"error: cannot convert {src} to {dst}"
        result = _from_celsius(_to_celsius(number, src), dst)
    else:
        (dim_a, fa), (dim_b, fb) = _LINEAR[src], _LINEAR[dst]
        if dim_a != dim_b:
            return f"error: cannot convert {dim_a} ({src}) to {dim_b} ({dst})"
        result = number * fa / fb
    return f"{round(result, 4):g} {dst}"


TOOLS: dict[str, Any] = {"lookup_order": lookup_order, "calculator": calculator, "convert_units": convert_units}


def _schema(name: str, description: str, params: dict[str, tuple[str, str]], returns: tuple[str, str]) -> dict:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object",
                       "properties": {k: {"type": t, "description": d} for k, (t, d) in params.items()},
                       "required": list(params)},
        "return": {"type": returns[0], "description": returns[1]}}}


# What transformers.utils.get_json_schema(fn) returns for each tool (a test keeps them equal).
TOOL_SCHEMAS: list[dict] = [
    _schema("lookup_order", "Look up an order in the order system.",
            {"order_id": ("string", 'The order number, for example "W1234567".')},
            ("object", 'The order record (status, carrier, tracking number, dates, total, refund), or a dict with '
                       'an "error" key.')),
    _schema("calculator", "Evaluate an arithmetic expression (numbers, + - * / // % ** and parentheses; no names "
                          "or calls).",
            {"expression": ("string", 'The arithmetic expression, for example "(12 + 7) * 3".')},
            ("string", 'The result as text, or a message starting with "error:".')),
    _schema("convert_units", "Convert a quantity between units of length, mass, volume or temperature.",
            {"value": ("number", "The quantity to convert."),
             "from_unit": ("string", 'The unit of the value, for example "mi", "kg", "l" or "c" (full names like '
                                     '"miles" work too).'),
             "to_unit": ("string", "The unit to convert to, of the same kind.")},
            ("string", 'The converted quantity with its unit, for example "42.195 km", or a message starting with '
                       '"error:".')),
]

TOOL_CALL_FORMAT = ('To call a tool, reply with exactly one block <tool_call>{"name": "<tool name>", '
                    '"arguments": {<argument>: <value>, ...}}</tool_call> and nothing else.')


def describe_tools(names: Any = None) -> str:
    """The tool list as JSON lines plus the call format, for a system prompt."""
    chosen = [s for s in TOOL_SCHEMAS if names is None or s["function"]["name"] in set(names)]
    return "Available tools:\n" + "\n".join(json.dumps(s["function"]) for s in chosen) + "\n" + TOOL_CALL_FORMAT


def call_tool(name: str, arguments: dict) -> Any:
    """Run a tool by name with keyword arguments; errors come back as {"error": ...}."""
    fn = TOOLS.get(name)
    if fn is None:
        return {"error": f"unknown tool {name!r}; available: {sorted(TOOLS)}"}
    if not isinstance(arguments, dict):
        return {"error": "arguments must be an object"}
    try:
        return fn(**arguments)
    except TypeError as err:
        return {"error": f"bad arguments for {name}: {err}"}
