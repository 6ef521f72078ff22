"""`train.py --help` sections written from the schema: each key's default and the first line of its comment.

A schema class's fields are documented once, by the comment block above each (its first line a summary of at
most SUMMARY_CHARS characters; "-> exit N (status)" at its end when the key can end the run). `conf/train.yaml`'s
help template asks for a section with ``${loopwright_help:guards}``; a field without a comment of its own is
listed with the one before it (``rollout_drift_max=0.1, rollout_drift_steps=3``). Reading source text, not
importing anything heavy: ``--help`` stays free of torch.
"""

from __future__ import annotations

import dataclasses
import inspect
import io
import re
import tokenize
from enum import Enum

SUMMARY_CHARS = 90
LINE_CHARS = 64  # where the "-> exit" column starts
_EXIT = re.compile(r"->\s*exit\s+\d+(?:\s*\([^)]*\))?\s*$")


def field_comments(cls: type) -> dict[str, list[str]]:
    """Each field of ``cls`` -> the lines of the comment block right above it (empty where there is none)."""
    source = inspect.getsource(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    out: dict[str, list[str]] = {}
    block: list[str] = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT and tok.line.strip().startswith("#"):
            block.append(tok.string.lstrip("#").strip())
        elif tok.type == tokenize.NAME and tok.string in names and tok.line.lstrip().startswith(tok.string + ":"):
            out.setdefault(tok.string, block)
            block = []
    return out


def _shown(value) -> str:
    if isinstance(value, Enum):
        value = value.value
    return "null" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def split_exit(summary: str) -> tuple[str, str]:
    """A summary line as (its text, its "-> exit N (status)" or "")."""
    m = _EXIT.search(summary)
    return (summary[:m.start()].rstrip(), m.group(0)) if m else (summary, "")


def section(cls: type) -> str:
    """The help lines of ``cls``: "key=default, key2=default", then "    summary  -> exit N (status)", per comment."""
    comments = field_comments(cls)
    lines: list[tuple[list[str], str]] = []
    for f in dataclasses.fields(cls):
        default = f.default if f.default is not dataclasses.MISSING else None
        shown = f"{f.name}={_shown(default)}"
        block = comments.get(f.name) or []
        if block or not lines:
            lines.append(([shown], block[0] if block else ""))
        else:
            lines[-1][0].append(shown)
    rendered = []
    for keys, summary in lines:
        text, arrow = split_exit(summary)
        summary = f"    {text}"  # the keys on a line of their own, the summary under them, the exit in a column
        rendered += [", ".join(keys), (summary + " " * max(1, LINE_CHARS - len(summary)) + arrow).rstrip()]
    return "\n".join(rendered)


def sections() -> dict[str, type]:
    from loopwright.config.train import EvalConfig, GuardsConfig
    return {"guards": GuardsConfig, "eval": EvalConfig}


def render(name: str) -> str:
    """The OmegaConf resolver ``loopwright_help``: ``${loopwright_help:guards}`` in a help template."""
    known = sections()
    if name not in known:
        raise ValueError(f"loopwright_help:{name}: choose one of {', '.join(known)}")
    return section(known[name])
