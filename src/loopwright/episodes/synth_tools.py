"""Tool methods made at run time for an environment class TRL's ``environment_factory`` can list.

TRL 1.16 finds an environment's tools with ``inspect.getmembers(type(env), inspect.isfunction)`` and renders
each one's schema with ``transformers.utils.get_json_schema`` from its signature, type hints and a Google-style
docstring; it calls a tool as ``method(**arguments)`` and keys it by ``__name__``. The adapters of environments
that describe their tools another way (a verifiers ``Toolset``'s ``@vf.tool`` methods, an OpenEnv ``Action``
model's fields: tasks/_verifiers_tools.py, episodes/openenv.py) build such methods here.

What comes from the environment is someone else's text: names must be identifiers, descriptions are folded
to one bounded line (a newline followed by ``Args:`` in a description would rewrite the parsed schema), and a
call with arguments the schema does not list, or without a required one, answers an error instead of reaching
the environment. A made tool never raises: TRL would turn the exception into a tool error anyway, and
loopwright's own evaluation and token check call tools directly.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from typing import Any, Callable

_EMPTY = inspect.Parameter.empty
MAX_DESCRIPTION = 400  # characters of a tool's or an argument's description rendered into every prompt
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")


@dataclass(frozen=True)
class Param:
    name: str
    annotation: Any
    description: str = ""
    default: Any = _EMPTY


def one_line(text: Any, limit: int = MAX_DESCRIPTION) -> str:
    """``text`` as one line of at most ``limit`` characters (whitespace runs folded)."""
    folded = " ".join(str(text or "").split())
    return folded if len(folded) <= limit else folded[:limit - 3] + "..."


def name_problem(name: Any) -> str | None:
    if not isinstance(name, str) or not _IDENTIFIER.match(name):
        return f"tool name {str(name)[:80]!r} is not an identifier of at most 64 characters"
    if name in ("reset", "get_reward") or name.startswith("_"):
        return f"tool name {name!r} is reserved (TRL calls reset / get_reward itself; _names are not tools)"
    return None


def docstring(description: str, params: list[Param]) -> str:
    lines = [one_line(description) or "A tool."]
    if params:
        lines += ["", "Args:"] + [f"    {p.name}: {one_line(p.description) or p.name}" for p in params]
    return "\n".join(lines) + "\n"


def make_tool(name: str, description: str, params: list[Param], call: Callable[[Any, dict], Any]) -> Callable:
    """A method ``name(self, **arguments)`` for a class body: its signature and docstring are what TRL renders,
    and ``call(self, arguments)`` runs it after the arguments were checked against ``params``."""
    problem = name_problem(name)
    if problem:
        raise ValueError(problem)
    for p in params:
        if not isinstance(p.name, str) or not _IDENTIFIER.match(p.name) or p.name == "self":
            raise ValueError(f"tool {name}: argument {str(p.name)[:80]!r} is not an identifier")
    known = {p.name for p in params}
    required = [p.name for p in params if p.default is _EMPTY]

    def tool(self: Any, **arguments: Any) -> Any:
        unknown = sorted(set(arguments) - known)
        missing = [p for p in required if p not in arguments]
        if unknown or missing:
            return (f"error: {name} takes {sorted(known) or 'no arguments'}"
                    + (f"; unknown: {unknown}" if unknown else "") + (f"; missing: {missing}" if missing else ""))
        try:
            return call(self, arguments)
        except Exception as err:  # noqa: BLE001 - a tool answers the model; it never ends the rollout
            return f"error: {type(err).__name__}: {one_line(err, 300)}"

    # required first: a Python signature cannot put a parameter without a default after one with a default
    ordered = [p for p in params if p.default is _EMPTY] + [p for p in params if p.default is not _EMPTY]
    tool.__name__ = tool.__qualname__ = name
    tool.__doc__ = docstring(description, ordered)
    tool.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
        + [inspect.Parameter(p.name, inspect.Parameter.KEYWORD_ONLY, default=p.default, annotation=p.annotation)
           for p in ordered])
    tool.__annotations__ = {p.name: p.annotation for p in ordered}
    return tool


def schema_problem(tool: Callable) -> str | None:
    """Why TRL could not render ``tool``'s schema (an argument type get_json_schema does not know), or None."""
    import types

    from transformers.utils import get_json_schema

    try:
        get_json_schema(types.MethodType(tool, object()))
    except Exception as err:  # noqa: BLE001 - DocstringParsingException, TypeHintParsingException, ...
        return f"tool {tool.__name__}: {one_line(err, 300)} (TRL renders a tool's schema from its type hints)"
    return None
