"""The literal pre-check in front of the grader's widest patterns (rewards/customer_support/prefilter.py) never
changes an answer: it only skips texts no match can be in. Checked against the plain pattern on every pattern
the grader wraps, over the shipped and held-out sets' replies and prompts, rewritten with what case folding and
whitespace allow (long s, Kelvin sign, dotted capital I, tabs, newlines, no-break spaces), and on generated
texts over the characters the patterns spell."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from loopwright.rewards.customer_support import patterns, request, tone, wording
from loopwright.rewards.customer_support.prefilter import Prefiltered, fold

DATA = Path(__file__).resolve().parents[2] / "data"


def _wrapped() -> dict[str, Prefiltered]:
    passes, later = wording._handoff()
    found = {"handoff passes": passes, "handoff later": later, "contempt": tone._CONTEMPT,
             "escalate": patterns.ESCALATE}
    found.update({f"status {k}": p for k, p in patterns._STATUS_ANY.items()})
    found.update({f"report {k}": p for k, p in request._KIND_RE.items()})
    found.update({f"report (languages) {k}": p for k, p in wording._reports().items()})
    return found


def _texts(limit: int = 150) -> list[str]:
    texts = []
    for path in sorted(DATA.glob("blind_*/replies.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                texts += [row["reply"], json.dumps(row["prompt"], ensure_ascii=False)]
    return texts[::max(1, len(texts) // limit)]


def _disguised(text: str) -> list[str]:
    """What re.IGNORECASE and \\s still match: other case forms and other whitespace."""
    return [text.upper(), text.swapcase(), text.replace("s", "ſ").replace("k", "\u212a").replace("i", "İ"),
            re.sub(r" ", lambda m: "\t", text), text.replace(" ", "\n \u00a0")]


def _same(pre: Prefiltered, text: str) -> bool:
    """Where the pre-check passes, ``pre`` runs the pattern itself; so the answers agree when every text it skips
    holds no match."""
    if pre._may_match(text):
        return [m.span() for m in pre.finditer(text)] == [m.span() for m in pre.pattern.finditer(text)]
    return pre.pattern.search(text) is None and pre.search(text) is None and not list(pre.finditer(text))


def test_every_wrapped_pattern_has_a_pre_check_and_answers_as_the_plain_pattern_on_real_and_disguised_texts():
    wrapped = _wrapped()
    # a pattern with a branch that spells no word of two letters or more is searched whole (the harm report)
    assert sum(not p.words for p in wrapped.values()) <= 2, [k for k, p in wrapped.items() if not p.words]
    texts = _texts()
    assert len(texts) >= 140
    skipped = 0
    for name, pre in wrapped.items():
        for text in texts:
            for variant in [text, *_disguised(text)]:
                skipped += not pre._may_match(variant)
                assert _same(pre, variant), (name, variant)
    assert skipped > len(texts)  # the pre-check does skip texts (what it is for)


def test_case_folding_and_whitespace_that_the_pattern_accepts_pass_the_pre_check():
    pre = Prefiltered(re.compile(r"(?<![^\W\d_])(?:votre\s+faute|l[öo]sa\s+sj[äa]lv|can'?t\s+read|has\s+shipped)",
                                 re.I))
    assert pre.words == sorted(pre.words) and "votre faute" in pre.words
    for text in ["C'est VOTRE\t\n FAUTE.", "ſå får du LÖSA  SJÄLV", "I cant read", "It HAS \u00a0ſhipped"]:
        assert pre.search(text) and pre.search(text).span() == pre.pattern.search(text).span(), text
    assert pre.search("votre commande") is None and pre.search("kan du läsa") is None


def test_a_pattern_with_a_branch_that_spells_no_word_gets_no_pre_check():
    assert Prefiltered(re.compile(r"\d+\s+\d+|[a-z]+ly", re.I)).words is None
    assert Prefiltered(re.compile(r"\bx?\b", re.I)).words is None


def test_the_folded_text_is_one_character_for_one_up_to_whitespace():
    assert fold("ÉCOLE İstanbul STRAẞE \u212aſ") == "école istanbul straße ks"
    assert fold("a \t\n b") == "a b"


_ALPHABET = st.sampled_from(list("abcdefhlnorstuvwyzäöå'ſKİIS -\t\n.") + ["\u00a0"])
_PATTERNS = [r"(?<![^\W\d_])(?:votre\s+faute|l[öo]sa\s+sj[äa]lv|can'?t\s+read|ha(?:ve|s)\s+shipped)(?!\w)",
             r"\b(?:sent|routed)\s+(?:\S+\s+){0,3}?to\s+(?:our|a)\s+(?:team|lead)\b",
             r"(?:[A-Z][a-z]+|[Tt]he\s+courier)\s+(?:have|has)\s+(?:got\s+)?it\b"]


@settings(max_examples=400, deadline=None)
@given(words=st.lists(st.sampled_from(["votre", "faute", "lösa", "losa", "själv", "cant", "can't", "read", "have",
                                       "has", "shipped", "sent", "to", "our", "team", "the", "courier", "got", "it",
                                       "Bob", "routed", "lead", "a"]), max_size=8),
       noise=st.lists(st.text(_ALPHABET, max_size=3), min_size=9, max_size=9))
def test_generated_texts_get_the_plain_patterns_answers(words, noise):
    text = "".join(n + w for n, w in zip(noise, words + [""] * 9))
    for source in _PATTERNS:
        for flags in (re.I, 0):
            pre = Prefiltered(re.compile(source, flags))
            assert pre.words, source
            assert _same(pre, text) and _same(pre, text.upper()), (source, text)
