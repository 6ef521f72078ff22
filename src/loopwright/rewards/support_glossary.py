"""The shop's own status words, as its system message defines them (reward=customer_support).

Shops write statuses in their own words and define them for the agent: "Order statuses (κατάσταση): Απεστάλη =
shipped; ...", "Status codes: 20 = being picked and packed; ...", "TO SHIP (being packed), SHIPPED, ...". The
glossary maps each term to the canonical status its meaning reads as (support_facts.canonical_status), so a
record's "Απεστάλη" or "20" is checked like "shipped" or "processing", and a reply quoting a term claims it
(support_policy.Policy.status_of / status_terms_in). Plain regular expressions; nothing here raises.
"""

from __future__ import annotations

import re
from typing import Any

from loopwright.rewards import support_facts as sf

SCAN_CHARS = 8000

# A line that defines the shop's statuses or status codes ("Order statuses (estado): En alistamiento = being
# prepared; Despachado = shipped; ...", "Status codes: 10 = order received; 20 = ...", "TO SHIP (being packed)")
_GLOSS_LINE = re.compile(r"\bstatus(?:es)?\b|\bcodes?\b|\bstates?\b", re.I)
_QUOTES = "\"'«»“”‘’`*"
_SEP = r"(?:=|→|->|:=)"
_GLOSS_EQ = re.compile(rf"(?:^|[;,:(]\s*)([^\s=;,:()][^=;,:()]{{0,40}}?)\s*{_SEP}\s*([^=;,()]{{2,100}}?)"
                       rf"(?=\s*(?:[;,)]\s*[^=;,:()]{{1,40}}?\s*{_SEP}|[;.,)]?\s*$))")
_GLOSS_PAREN = re.compile(r"(?:^|[,:;]\s*)([^,:;()=]{1,40}?)\s*\(([^()]{2,40})\)")


def gloss_key(term: Any) -> str:
    return " ".join(str(term).strip().strip(_QUOTES).split()).casefold()


def status_glossary(text: str) -> tuple[tuple[str, str], ...]:
    """Each status term the system message defines, with the canonical status its meaning reads as. A meaning
    is read with the same words as a record's status (support_facts.canonical_status); a parenthesised gloss
    counts only when short ("TO SHIP (being packed)", not "FAILED DELIVERY (the courier retries once; ...)")."""
    out: dict[str, str] = {}
    for line in text[:SCAN_CHARS].splitlines():
        if not _GLOSS_LINE.search(line):
            continue
        body = (line.split(":", 1)[1] if ":" in line else line).strip()
        pairs = [(m[1], m[2]) for m in _GLOSS_EQ.finditer(body) if len(m[2].split()) <= 12]
        pairs += [(m[1], m[2]) for m in _GLOSS_PAREN.finditer(body) if len(m[2].split()) <= 4]
        for term, meaning in pairs:
            key, status = gloss_key(re.sub(r"^(?:and|or)\s+", "", term.strip(), flags=re.I)), sf.canonical_status(meaning)
            if key and status and key not in out:
                out[key] = status
    return tuple(out.items())
