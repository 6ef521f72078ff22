"""Which parser reads a record: ``format=<name>`` or, with ``format=auto``, the record's own shape.

Auto-detection tries the formats in ``ORDER``: Anthropic first because its markers
(a top-level ``system``, ``tool_use`` / ``tool_result`` blocks, a ``"type":
"message"`` response) are specific, while OpenAI's (``messages``, ``request``) would
also match an Anthropic record and, read as OpenAI, lose its tool blocks.
"""

from __future__ import annotations

from types import ModuleType

from loopwright.ingestion.formats import anthropic as anthropic_logs, langchain as langchain_runs, openai as openai_logs
from loopwright.ingestion.transcripts import RecordError

PARSERS: dict[str, ModuleType] = {"openai": openai_logs, "langchain": langchain_runs, "anthropic": anthropic_logs}
ORDER = ("anthropic", "openai", "langchain")
FORMATS = ("auto", *PARSERS)


def guess(obj: dict) -> str | None:
    return next((name for name in ORDER if PARSERS[name].looks_like(obj)), None)


def _accepts(fmt: str, obj: dict) -> bool:
    return anthropic_logs.has_shape(obj) if fmt == "anthropic" else PARSERS[fmt].looks_like(obj)


def detect(obj: dict, fmt: str) -> str:
    """The format to read ``obj`` with; RecordError when ``fmt`` does not fit it."""
    found = guess(obj)
    if fmt == "auto":
        if found is None:
            raise RecordError("", "not a log record of a known format: neither OpenAI ('messages', or 'request' and "
                                  "'response'), Anthropic ('system' / tool_use blocks / a 'type': 'message' "
                                  "response) nor a LangChain run ('run_type', 'inputs', 'outputs')")
        return found
    # an Anthropic record read as OpenAI would silently drop its tool_use / tool_result blocks
    shadowed = fmt == "openai" and found == "anthropic"
    if (_accepts(fmt, obj) and not shadowed) or found is None:
        return fmt
    raise RecordError("", f"not a {fmt} record (it looks like a {found} one; use format={found} or format=auto)")
