"""Request/response logs of one conversation logged turn by turn -> one transcript, the longest.

A chat API is stateless, so an agent that logs each call writes the conversation once
per turn: the request of turn 3 repeats turns 1-2 and their replies. A record is folded
into another of the same file when its whole conversation (request + response) is a
strict prefix of the other's, message for message: a shared system prompt or first
question is not enough, the replies must match too. Records whose logs name different
conversations (``metadata.conversation_id`` / ``thread_id`` / ``session_id`` /
``user_id``, OpenAI's ``request.user``, Anthropic's ``request.metadata.user_id``) are
never folded together. The kept transcript lists what it absorbed in
``source.merged``.
"""

from __future__ import annotations

import hashlib
from typing import Any

from loopwright.ingestion.transcripts import canonical

KEY_FIELDS = ("conversation_id", "thread_id", "session_id", "user_id", "user")


def conversation_key(obj: dict) -> dict[str, str]:
    """The identifiers a record gives for the conversation (or user) it belongs to."""
    found: dict[str, str] = {}
    request = obj.get("request", obj.get("params"))
    request = request.get("body", request) if isinstance(request, dict) else None
    sources: list[tuple[str, Any]] = [("", obj.get("metadata"))]
    if isinstance(request, dict):
        sources += [("request.", {"user": request.get("user")}), ("request.", request.get("metadata"))]
    for prefix, values in sources:
        if isinstance(values, dict):
            for name in KEY_FIELDS:
                value = values.get(name)
                if isinstance(value, (str, int)) and not isinstance(value, bool):
                    found[prefix + name] = str(value)
    return found


def _prefix_digests(messages: list[dict]) -> list[str]:
    """digests[k] identifies messages[:k + 1]; one pass, so long conversations cost linear time."""
    digest, out = hashlib.sha256(), []
    for m in messages:
        digest.update(canonical(m).encode() + b"\n")
        out.append(digest.copy().hexdigest())
    return out


def _compatible(a: dict[str, str], b: dict[str, str]) -> bool:
    return all(a[k] == b[k] for k in a.keys() & b.keys())


def merge_turns(items: list[tuple[dict, dict[str, str]]]) -> list[tuple[dict, dict]]:
    """Fold turn-by-turn records: ``items`` are (transcript, conversation key) of one file.

    Returns (absorbed, kept) pairs; each kept transcript's ``source.merged`` lists the
    absorbed ones (line and record id), sorted by line."""
    extended_by: dict[str, list[int]] = {}  # digest of a strict prefix -> the items it is a prefix of
    for index, (t, _) in enumerate(items):
        for digest in _prefix_digests(t["messages"])[:-1]:
            extended_by.setdefault(digest, []).append(index)
    order = sorted(range(len(items)), key=lambda i: (-len(items[i][0]["messages"]), items[i][0]["source"]["line"]))
    absorbed: dict[int, int] = {}
    for index in order:  # longest first: a record's targets are decided before it is
        t, key = items[index]
        full = _prefix_digests(t["messages"])[-1]
        targets = [j for j in extended_by.get(full, []) if j not in absorbed and _compatible(key, items[j][1])
                   and items[j][0]["messages"][:len(t["messages"])] == t["messages"]]
        if targets:
            absorbed[index] = min(targets, key=lambda j: (-len(items[j][0]["messages"]),
                                                          items[j][0]["source"]["line"]))
    for index, into in absorbed.items():
        source = items[into][0]["source"]
        source.setdefault("merged", []).append({"line": items[index][0]["source"]["line"],
                                                "record": items[index][0]["source"]["record"]})
        source["merged"].sort(key=lambda m: m["line"])
    return [(items[i][0], items[j][0]) for i, j in sorted(absorbed.items())]
