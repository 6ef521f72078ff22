"""The shop's own status words, as its system message defines them (reward=customer_support).

Shops write statuses in their own words and define them for the agent: "Order statuses (κατάσταση): Απεστάλη =
shipped; ...", "Status codes: 20 = being picked and packed; ...", "TO SHIP (being packed), SHIPPED, ...". The
glossary maps each term to the canonical status its meaning reads as (facts.canonical_status), so a
record's "Απεστάλη" or "20" is checked like "shipped" or "processing", and a reply quoting a term claims it
(policy.Policy.status_of / status_terms_in).

The hand-off rule is read here too (``handoff_rule``): its items ("skin or eye irritation", "M-Pesa or card charges
the customer does not recognise"), the value it gives the record's flag ('supervisor_flag = "RAISE"'), and the
authorities it names in capitals ("complaints to the SIC"). Plain regular expressions; nothing here raises.
"""

from __future__ import annotations

import re
from typing import Any

from loopwright.rewards.customer_support import facts as sf
from loopwright.rewards.customer_support import request as sr

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
    is read with the same words as a record's status (facts.canonical_status); a parenthesised gloss
    counts only when short ("TO SHIP (being packed)", not "FAILED DELIVERY (the courier retries once; ...)")."""
    out: dict[str, str] = {}
    for line in text[:SCAN_CHARS].splitlines():
        if not _GLOSS_LINE.search(line):
            continue
        body = (line.split(":", 1)[1] if ":" in line else line).strip()
        pairs = [(m[1], m[2]) for m in _GLOSS_EQ.finditer(body) if len(m[2].split()) <= 12]
        pairs += [(m[1], m[2]) for m in _GLOSS_PAREN.finditer(body) if len(m[2].split()) <= 4]
        for term, meaning in pairs:
            key, status = (gloss_key(re.sub(r"^(?:and|or)\s+", "", term.strip(), flags=re.I)),
                           sf.canonical_status(meaning))
            if key and status and key not in out:
                out[key] = status
    return tuple(out.items())


# ------------------------------------------------------------------ the hand-off rule
_HUMAN = r"(?:a\s+|an\s+)?(?:human|colleague|person|agent|specialist|supervisor|operator|staff|team)"
_HANDOFF = re.compile(r"\bhand[\s-]*(?:it\s+|them\s+)?(?:off|over)\b|\bescalat\w*|"
                      r"\bhand\s+(?:it\s+|them\s+)?to\s+" + _HUMAN +
                      r"|\b(?:transfer|pass)\w*\s+(?:it\s+|them\s+)?(?:on\s+)?to\s+" + _HUMAN + r"|"
                      r"\b(?:human|live)\s+(?:colleague|agent|person)", re.I)
# Words of a hand-off rule that say who or how, not what is reported.
_RULE_WORDS = frozenset("""human colleague colleagues agent person specialist hand handed off over say yourself
resolve resolving involving involve any anyone other suspected possible who whom whose someone something our
products product them it for and or the with about including include includes such like cases case kind kinds
report reports reported""".split())
# Ordinary words that a hand-off item names: a customer's "faulty" must not make every faulty kettle a hand-off.
_FLAG_ITEM = re.compile(r"\brecord\b|\bflag\w*|\bfield\b|:\s*\S|=|\bis\s+(?:true|yes)\b", re.I)
# The value a record's field holds when the rule wants a human: 'supervisor_flag = "RAISE"', 'escalation = "urgent"'
_FLAG_VALUE = re.compile(r"(?:=|\bis)\s*[\"“'«]?([^\W_][^\"”'»\s,;)]{0,19}?)[\"”'»]?(?=[\s,;.)]|$)")
# A name the rule gives in capitals ("complaints to the SIC", "ČOI"): naming it is enough
_RULE_NAME = re.compile(r"(?<![^\W_])[^\W\d_]{2,10}(?![^\W_])")
def handoff_rule(text: str) -> tuple[tuple[frozenset, ...], frozenset, tuple[str, ...]]:
    """The hand-off rule's items (each a set of stems), the flag values it names, and the names it gives in
    capitals. What the rule says in brackets ("(say a teammate will call them)", "(batteries, magnets)") is how
    or an example, not an item. "M-Pesa or card charges the customer does not recognise": the single word
    before 'or' shares the rest of what follows it (M-Pesa charges not recognised), not a hand-off on its own."""
    items, values, names = [], set(), []
    for sentence in re.split(r"(?<=[.!])(?<!\be\.g\.)(?<!\bi\.e\.)\s+|\n", text):  # "(e.g. from a candle)" goes on
        m = _HANDOFF.search(sentence)
        if not m:
            continue
        rest = re.sub(r"\([^()]*\)", " ", sentence[m.end():])
        rest = rest.split(":", 1)[1] if ":" in rest[:80] else re.split(r"\b(?:for|when|if)\b", rest, 1)[-1]
        for chunk in re.split(r"[,;]|\bas\s+well\s+as\b", rest):
            if _FLAG_ITEM.search(chunk):
                values |= {v.casefold() for v in _FLAG_VALUE.findall(chunk)}
                continue
            texts = re.split(r"\bor\b|\band\b|/", chunk)
            parts = [sr.content_stems(p) - _RULE_WORDS for p in texts]
            for i, (part, stems) in enumerate(zip(texts, parts)):
                capitals = [n for n in _RULE_NAME.findall(part) if n.isupper()]
                if capitals:  # "complaints to the SIC": the authority named, not every complaint
                    names += capitals
                    continue
                if len(stems) == 1 and i + 1 < len(parts):
                    head = next((sr.content_stems(w) for w in texts[i + 1].split() if sr.content_stems(w)), set())
                    stems = stems | (parts[i + 1] - head - _RULE_WORDS)
                if stems:
                    items.append(frozenset(stems))
    return tuple(items), frozenset(values), tuple(dict.fromkeys(names))
