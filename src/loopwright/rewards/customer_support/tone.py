"""Contempt, blame and dismissal in the customer's language: the tone check beyond English.

Tone is one of the checks where words cannot be avoided (docs/REWARDS.md). The principle is the same in every
language, and so are its forms: the fault put on the customer ("your own fault", "you should have read"), the
customer reproached for not listening ("as I already said"), the problem pushed away ("not our problem"), an order
to go and read. English's are in patterns.RUDE; the languages below have theirs, written from the languages'
ordinary phrasing, not from any labelled reply. Languages covered: English, German, French, Spanish, Portuguese,
Italian, Dutch, Polish, Czech, Swedish, Danish, Norwegian (bokmål), Finnish, Greek, Turkish. A reply in another
language is judged on tone by its capitals and exclamation marks only (checks.rude).
"""

from __future__ import annotations

import re

CONTEMPT = {  # each language's phrases: the fault put on the customer, "as I already said", "not our problem", "read"
    "de": [r"(?:ihre|deine)\s+(?:eigene\s+)?schuld", r"selbst\s+schuld",
           r"h[äa]tten\s+sie\s+(?:eben\s+|halt\s+|doch\s+|besser\s+)?(?:lesen|aufpassen|pr[üu]fen)",
           r"wie\s+(?:ich\s+)?(?:bereits|schon)\s+(?:gesagt|geschrieben|erkl[äa]rt)", r"nicht\s+unser\s+problem",
           r"lesen\s+sie\s+(?:doch|gef[äa]lligst|einfach)"],
    "fr": [r"votre\s+faute", r"vous\s+auriez\s+d[ûu]\s+(?:lire|v[ée]rifier|faire\s+attention)",
           r"comme\s+(?:je\s+(?:vous\s+)?l'ai\s+)?d[ée]j[àa]\s+(?:dit|[ée]crit|expliqu[ée])",
           r"pas\s+(?:notre|mon)\s+probl[èe]me", r"d[ée]brouillez-vous", r"lisez\s+(?:donc|d'abord|les\s+conditions)"],
    "es": [r"(?:es\s+)?(?:su|tu)\s+culpa", r"deber[íi]a\s+haber\s+(?:le[íi]do|revisado|mirado)",
           r"como\s+ya\s+(?:le\s+|te\s+)?(?:dije|expliqu[ée]|escrib[íi])", r"no\s+es\s+(?:nuestro|mi)\s+problema",
           r"lea\s+(?:bien|con\s+atenci[óo]n)"],
    "pt": [r"culpa\s+(?:[ée]\s+)?(?:sua|do\s+senhor|da\s+senhora)",
           r"(?:voc[êe]|o\s+senhor|a\s+senhora)\s+deveria\s+ter\s+(?:lido|verificado|conferido)",
           r"como\s+j[áa]\s+(?:disse|expliquei|escrevi)", r"n[ãa]o\s+[ée]\s+(?:problema\s+nosso|nosso\s+problema)",
           r"leia\s+(?:direito|com\s+aten[çc][ãa]o)"],
    "it": [r"(?:[èe]\s+)?colpa\s+sua", r"avrebbe\s+dovuto\s+(?:leggere|controllare)",
           r"come\s+(?:le\s+|ti\s+)?ho\s+gi[àa]\s+(?:detto|scritto|spiegato)",
           r"non\s+[èe]\s+(?:un\s+)?(?:nostro\s+problema|problema\s+nostro)", r"legga\s+(?:bene|attentamente)"],
    "nl": [r"(?:uw|je|jouw)\s+eigen\s+schuld",
           r"had\s+(?:u|je)\s+(?:maar\s+)?(?:beter\s+)?(?:moeten\s+)?(?:lezen|opletten)",
           r"zoals\s+ik\s+(?:al|eerder)\s+(?:zei|schreef|uitlegde)", r"niet\s+ons\s+probleem",
           r"lees\s+(?:gewoon|eerst|maar)"],
    "pl": [r"(?:to\s+)?(?:pana|pani|twoja|wasza)\s+wina", r"trzeba\s+by[łl]o\s+(?:przeczyta[ćc]|sprawdzi[ćc])",
           r"jak\s+ju[żz]\s+(?:m[óo]wi[łl]|pisa[łl])(?:em|am)", r"to\s+nie\s+(?:nasz|m[óo]j)\s+problem"],
    "cs": [r"(?:je\s+to\s+)?(?:va[šs]e|tvoje)\s+(?:vlastn[íi]\s+)?chyba",
           r"m[ěe]l(?:a)?\s+jste\s+si\s+(?:to\s+)?p[řr]e[čc][íi]st",
           r"jak\s+jsem\s+(?:u[žz]\s+)?(?:psal|[řr][íi]kal)a?", r"to\s+nen[íi]\s+n[áa][šs]\s+probl[ée]m"],
    "sv": [r"(?:ditt|ert)\s+eget\s+fel", r"du\s+borde\s+ha\s+(?:l[äa]st|kollat)",
           r"som\s+jag\s+(?:redan\s+)?(?:sa|sade|skrev)", r"inte\s+v[åa]rt\s+problem"],
    "da": [r"(?:din|jeres)\s+egen\s+skyld", r"(?:du|i)\s+burde\s+have\s+(?:læst|tjekket)",
           r"som\s+jeg\s+(?:allerede\s+)?har\s+(?:sagt|skrevet)", r"ikke\s+vores\s+problem", r"læs\s+(?:nu|bare)"],
    "nb": [r"(?:din|deres)\s+egen\s+skyld", r"(?:du|dere)\s+burde\s+ha\s+(?:lest|sjekket)",
           r"som\s+jeg\s+(?:allerede\s+)?har\s+(?:sagt|skrevet)", r"ikke\s+vårt\s+problem", r"les\s+(?:nå|bare)"],
    "fi": [r"(?:oma|teidän\s+oma)\s+vika(?:si|nne)", r"olisit\s+(?:voinut\s+)?luke(?:a|nut)",
           r"kuten\s+(?:jo\s+)?(?:sanoin|kirjoitin|kerroin)", r"ei\s+(?:ole\s+)?meidän\s+ongelma\w*",
           r"lue\s+(?:nyt|ensin)"],
    "el": [r"(?:δικό\s+σας|δικό\s+σου)\s+λάθος", r"(?:έπρεπε|θα\s+έπρεπε)\s+να\s+(?:διαβάσετε|είχατε\s+διαβάσει)",
           r"όπως\s+(?:ήδη\s+)?(?:σας\s+)?(?:είπα|έγραψα)", r"δεν\s+είναι\s+(?:δικό\s+μας\s+)?πρόβλημα\s+μας"],
    "tr": [r"(?:sizin|senin|kendi)\s+hatan[ıi]z", r"okumal[ıi]yd[ıi]n[ıi]z",
           r"daha\s+[öo]nce\s+de\s+(?:s[öo]yledi[ğg]im|yazd[ıi][ğg][ıi]m)\s+gibi", r"bizim\s+sorunumuz\s+de[ğg]il"],
}
# whole phrases: not inside a longer word, in any script
_CONTEMPT = re.compile(r"(?<!\w)(?:" + "|".join(p for ps in CONTEMPT.values() for p in ps) + r")(?!\w)", re.I)


def contempt(text: str) -> bool:
    """The fault put on the customer, a reproach for not listening, the problem pushed away: in any covered language."""
    return bool(_CONTEMPT.search(text))
