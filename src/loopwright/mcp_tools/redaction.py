"""Text that leaves the server (log tails, command output, error messages) with secrets redacted.

Configs and manifests go through ``loopwright.runs.writer.redact``; free text has no keys to
go by, so each whitespace-separated word that is an override (``+x.hf_token=...``) is redacted as
``redact_override`` does, and URL passwords and the environment's secret values wherever they appear.
"""

from __future__ import annotations


def redact_line(line: str) -> str:
    from loopwright.runs.writer import redact_override, redact_url_password, scrub_text

    line = scrub_text(redact_url_password(line))
    return " ".join(redact_override(w) if "=" in w else w for w in line.split(" "))


def redact_text(text: str) -> str:
    return "\n".join(redact_line(line) for line in text.split("\n"))
