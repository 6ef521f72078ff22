"""Every config group with its options and a one-line summary of each: what ``python train.py --help``
lists, plus the first sentence of each option's YAML header comment.

The groups and options come from Hydra's own config loader (the same search path as ``--help``,
so the sweep group from the sweeper plugin is included); the summary is read from the option's file.
"""

from __future__ import annotations

import copy
import os
import re
from importlib import resources
from pathlib import Path
from typing import Any

from loopwright.mcp_tools.composing import hydra_session

_SENTENCE_END = re.compile(r"(?<=[.!?])\s")
_MAX_SUMMARY = 240


def _abbreviation(word: str) -> bool:
    stem = word.rstrip(".")
    return len(stem) <= 3 and stem.replace(".", "").isalpha()


def _first_sentence(text: str) -> str:
    """Up to the first ``. `` outside parentheses and not after an abbreviation
    (``(eq. 4)``, ``Dr. GRPO`` and ``e.g. x`` do not end a sentence)."""
    for match in _SENTENCE_END.finditer(text + " "):
        head = text[:match.start()]
        if head.count("(") == head.count(")") and not _abbreviation(head.rsplit(" ", 1)[-1]):
            return head.strip()
    return text.strip()


def summary_of(text: str) -> str:
    """The first sentence of a YAML's leading comment block (``# @package`` lines skipped)."""
    words: list[str] = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        body = line[1:]
        if body.strip().startswith("@package"):
            continue
        if not body.strip() or body.startswith("   "):  # a blank comment line or an indented example ends it
            if words:
                break
            continue
        words.append(body.strip())
        if _first_sentence(" ".join(words)) != " ".join(words):
            break
    first = _first_sentence(" ".join(words))
    return first if len(first) <= _MAX_SUMMARY else first[:_MAX_SUMMARY - 3].rstrip() + "..."


def _source_file(search_root: str, group: str, option: str) -> Path | None:
    """The option's YAML under one of Hydra's search-path roots (``file://...`` or ``pkg://...``)."""
    rel = f"{group}/{option}.yaml"
    if search_root.startswith("file://"):
        path = Path(search_root[len("file://"):]) / rel
    elif search_root.startswith("pkg://"):
        path = Path(str(resources.files(search_root[len("pkg://"):]))) / rel
    else:
        return None
    return path if path.is_file() else None


def list_options(group: str | None = None) -> dict[str, Any]:
    """{group: {default, options: [{name, summary, file}]}} for every group of conf/train.yaml (or one).

    Built once and again only when a file on Hydra's search path changes (its size or mtime): building it composes
    the default config and loads every option's file, 0.2 s of CPU, and a client may call it again and again
    (blind set 8's session: 40 calls in a row)."""
    global _built
    with hydra_session() as loader:
        stamp = _search_path_stamp(loader)
        if _built is None or _built[0] != stamp:
            _built = stamp, _catalog(loader)
    catalog = _built[1]
    if group is not None and group not in catalog:
        from loopwright.mcp_tools.paths import Refused

        raise Refused(f"group={group!r} is not a config group; the groups are: {', '.join(catalog)}")
    return copy.deepcopy({name: catalog[name] for name in ([group] if group else catalog)})


_built: tuple[tuple, dict[str, Any]] | None = None


def _search_path_stamp(loader: Any) -> tuple:
    """(file, size, mtime) of every file under the search path's directories, and the in-process sources."""
    stamp: list[tuple] = []
    for source in loader.repository.get_sources():
        root = _source_root(source)
        stamp.append((type(source).__name__, source.path))
        if root is None:
            continue  # structured configs: registered in this process at import, they do not change under it
        for folder, _, names in sorted(os.walk(root)):
            for name in sorted(names):
                try:
                    st = os.stat(os.path.join(folder, name))
                except OSError:
                    continue
                stamp.append((folder, name, st.st_size, st.st_mtime_ns))
    return tuple(stamp)


def _source_root(source: Any) -> str | None:
    kind = type(source).__name__
    if kind == "FileConfigSource":
        return source.path
    if kind == "ImportlibResourcesConfigSource":
        return str(resources.files(source.path))
    return None


def _catalog(loader: Any) -> dict[str, Any]:
    from hydra import compose

    defaults = compose("train", [], return_hydra_config=True).hydra.runtime.choices
    out: dict[str, Any] = {}
    for name in sorted(g for g in loader.list_groups("") if g != "hydra"):
        options = []
        for option in loader.get_group_options(name):
            found = loader.repository.load_config(f"{name}/{option}")
            path = _source_file(found.path, name, option) if found is not None else None
            options.append({"name": option, "summary": summary_of(path.read_text()) if path else "",
                            "file": str(path.resolve()) if path else None})
        out[name] = {"default": defaults.get(name), "options": options}
    return out
