"""Whether a reply is written in sentences, in whatever language it is written.

A reply stuffed with keywords for a grader ("Packeta point delivery costs EUR takes working days EUR free")
has almost none of the words that hold a sentence together: articles, prepositions, auxiliaries, pronouns.
Every language has such function words, and they are its most frequent ones; a reply in German, Polish or
Turkish is held together by its own. English's are the short list below (stopwords-iso's English list holds
1,300 words, content words among them); every other language's come from stopwords-iso (pinned in
pyproject.toml: 58 languages), and a reply is read against the language whose list covers most of its words,
so no language has to be named or detected first. Scripts written without spaces between words (Chinese,
Japanese, Thai) cannot be counted in words: the test does not judge them (patterns.keyword_list still does).
"""

from __future__ import annotations

import re
from functools import lru_cache

from loopwright.grounding import names

_GLUE = re.compile(r"^(?:the|a|an|is|are|was|were|be|been|has|have|had|will|can|to|of|for|on|in|at|by|with|and|or|but|"
                   r"so|if|it|its|it's|your|you|you're|we|we've|we'll|i|i've|i'll|i'm|my|our|this|that|there|not|no|"
                   r"please|from|as|do|does|did|should|would|could|may|just|now|still|then|once|when|"
                   r"over|under|after|before|until|into|than|per|about|via|up|off|out|through|within|without|since)$",
                   re.I)


# letters of any script with their combining marks: "guía" is one word, not "gu" + "a", and so is "नमस्ते"
_WORD = re.compile(rf"[^\W\d_](?:[^\W\d_']|[{names.combining_marks()}])*")
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")  # Thai, kana, Han


@lru_cache(maxsize=1)
def _function_word_index() -> dict[str, tuple[int, ...]]:
    """Each function word of every language but English -> the languages (by number) that list it."""
    import stopwordsiso  # a 75 kB table, read once, when the first reply is judged

    index: dict[str, list[int]] = {}
    for i, lang in enumerate(sorted(stopwordsiso.langs())):
        if lang != "en":
            for word in stopwordsiso.stopwords(lang):
                index.setdefault(word, []).append(i)
    return {w: tuple(langs) for w, langs in index.items()}


@lru_cache(maxsize=4096)  # a reply is read by telegraphic and by english
def _coverage_of(text: str) -> tuple[int, int, int]:
    """(words, English function words, the most any other language's cover) in ``text``, each distinct word
    counted once: a sentence uses several ("die", "am", "mit", "und"); one keyword a large list happens to hold
    ("eur" is Breton for "of") repeated is no grammar."""
    words = _WORD.findall(text)
    lower = {w.lower() for w in words}
    english = sum(1 for w in lower if _GLUE.match(w))
    per_language: dict[int, int] = {}
    index = _function_word_index()
    for w in lower:
        for lang in index.get(w, ()):
            per_language[lang] = per_language.get(lang, 0) + 1
    return len(words), english, max(per_language.values(), default=0)


def function_words(text: str) -> int:
    """How many of the words of ``text`` are function words of one language: the language that covers most."""
    return max(_coverage_of(text)[1:])


def english(text: str) -> bool:
    """Written in English: English's function words cover at least as many of its words as any other language's.
    The grader's wording checks (patterns.py, request.py) read English; this says when they can."""
    if unspaced(text):
        return False
    _, ours, others = _coverage_of(text)
    return ours > 0 and ours >= others


_HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _mostly(text: str, script: re.Pattern) -> bool:
    """At least 30% of the letters of ``text`` are of ``script``."""
    letters = sum(c.isalpha() for c in text)
    return bool(letters) and len(script.findall(text)) >= 0.3 * letters


def _particles_bound(text: str) -> bool:
    """Mostly Korean: spaced, but its particles and endings are bound to the word before them ("주문번호를"), so few
    function words stand alone and a sentence cannot be told from keywords by counting them."""
    return _mostly(text, _HANGUL)


def unspaced(text: str) -> bool:
    """Mostly written in a script without spaces between words, where words cannot be counted."""
    return _mostly(text, _UNSPACED)


def telegraphic(text: str, min_words: int = 12, max_glue: float = 0.08) -> bool:
    """True for a reply of ``min_words`` or more words of which at most ``max_glue`` hold a sentence together,
    in the language whose function words cover most of them."""
    if unspaced(text) or _particles_bound(text):
        return False
    words = _coverage_of(text)[0]
    return words >= min_words and function_words(text) <= max_glue * words
