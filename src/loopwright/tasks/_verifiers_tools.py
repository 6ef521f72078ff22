"""A verifiers environment's tools as TRL tool methods: ``task=verifiers task.multi_turn=true``.

verifiers 0.4 serves a task's tools as MCP servers (``vf.Toolset`` subclasses whose ``@vf.tool`` methods are
the tools), launched per rollout (``Task.toolsets(config)``) or once per run (``Taskset.toolsets(config)``),
and its harness calls them over HTTP. TRL 1.16 runs tools as methods of a per-rollout environment object
(``environment_factory``). :func:`tools_of` makes, for one toolset, a method per tool for that object's class
(``VerifiersEnvironment`` in tasks/verifiers.py, which runs the very ``@vf.tool`` methods in this process,
with the rollout's state):

- named as verifiers advertises the tool (``<server>_<tool>``, or the bare name with ``TOOL_PREFIX = None``);
- its arguments the tool's own (types, ``Annotated[..., Field(description=...)]`` or a Google ``Args:``
  section), its description the docstring's first paragraph.

A tool's result is text (a str as it is, anything else as JSON) cut to ``MAX_RESULT`` characters; an error is
the tool's answer (synth_tools). Nothing here imports verifiers until a class is built.
"""

from __future__ import annotations

import inspect
import typing
from typing import Any

from loopwright.episodes import synth_tools

MAX_RESULT = 4000  # characters of one tool result spliced into the conversation
SHARED: dict[tuple[str, str], Any] = {}  # (taskset class, server) -> the run's one taskset-scoped toolset


def _describe(fn: Any) -> tuple[str, dict[str, str]]:
    from transformers.utils.chat_template_utils import parse_google_format_docstring

    doc = inspect.getdoc(fn) or ""
    description, args, _ = parse_google_format_docstring(doc) if "Args:" in doc else (doc, {}, None)
    return (description or doc).split("\n\n")[0], dict(args or {})


def _params(fn: Any) -> list[synth_tools.Param]:
    hints = typing.get_type_hints(fn, include_extras=True)
    _, documented = _describe(fn)
    out = []
    for name, p in list(inspect.signature(fn).parameters.items()):
        if name == "self" or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        hint, description = hints.get(name, str), documented.get(name, "")
        if typing.get_origin(hint) is typing.Annotated:
            base, *extras = typing.get_args(hint)
            description = description or next((getattr(e, "description", None) for e in extras
                                               if getattr(e, "description", None)), "")
            hint = base
        out.append(synth_tools.Param(name, hint, description, p.default))
    return out


def _tool(server_name: str, method: str, fn: Any, tool_name: str) -> Any:
    def call(self: Any, arguments: dict) -> str:
        return self._call(server_name, method, arguments)

    return synth_tools.make_tool(tool_name, _describe(fn)[0], _params(fn), call)


def tools_of(server: Any) -> dict[str, Any]:
    from verifiers.v1.utils.decorators import discover_decorated

    prefix = server.server_name
    out = {}
    for fn in discover_decorated(server, "tool"):
        bare = getattr(fn, "tool_name", None) or fn.__name__
        name = f"{prefix}_{bare}" if prefix else bare
        out[name] = _tool(prefix, fn.__name__, fn, name)
    return out


