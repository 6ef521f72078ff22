"""Contempt, blame and dismissal in the customer's language: the tone check beyond English.

Tone is one of the checks where words cannot be avoided (docs/REWARDS.md). The principle is the same in every
language, and so are its forms: the fault put on the customer ("your own fault", "you should have read"), the
customer reproached for not listening ("as I already said"), the problem pushed away ("not our problem"), an order
to go and read. English's are in patterns.RUDE; the languages below have theirs, written from the languages'
ordinary phrasing (CONTEMPT: not from any labelled reply; CONDESCENSION: see its comment). Languages covered:
English, German, French, Spanish, Portuguese, Italian, Dutch, Polish, Czech, Swedish, Danish, Norwegian (bokmål),
Finnish, Greek, Turkish, Romanian, Hungarian, Vietnamese, Japanese. A reply in another language is judged on tone by
its capitals and exclamation marks only (checks.rude).
"""

from __future__ import annotations

import re

from loopwright.rewards.customer_support.prefilter import Prefiltered

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

# Condescension (session 26): the customer told to calm down or not to exaggerate, the answer said to be obvious or
# written everywhere ("if you had read it"), the customer told to stop writing. Written per language as the family's
# ordinary phrasing; some phrases were first seen in the fit sets' contemptuous rows (blind13, shop14, blind15:
# docs/REWARDS.md says which), so they are fits until a blind set measures them.
CONDESCENSION = {
    "en": [r"if\s+you(?:\s+had|'d)\s+(?:bothered|taken\s+the\s+trouble|read|checked|looked)",
           r"(?:as|like)\s+(?:i|we)\s+(?:literally\s+)?just\s+(?:said|wrote|told\s+you)", r"believe\s+it\s+or\s+not",
           r"can'?t\s+read\s+(?:your\s+)?minds?", r"learn(?:ing)?\s+to\s+read", r"(?:wouldn't|won't)\s+kill\s+you",
           r"try\s+to\s+be\s+(?:a\s+(?:bit|little)\s+)?(?:more\s+)?patient",
           r"(?:it's|it\s+is)\s+all\s+in\s+the\s+\w+,?\s+if",
           r"don't\s+exaggerate", r"maybe\s+(?:try\s+)?read(?:ing)?\b"],
    "de": [r"beruhigen\s+sie\s+sich", r"(?:ist\s+)?(?:etwas\s+|ein\s+bisschen\s+|leicht\s+)?[üu]bertrieben",
           r"steht\s+(?:doch\s+)?(?:klar\s+und\s+deutlich|[üu]berall|eindeutig)", r"wer\s+lesen\s+kann",
           r"sollte\s+(?:eigentlich\s+)?jeder\s+wissen", r"h[äa]tten\s+sie\s+(?:[üu]brigens\s+)?auch\s+selbst"],
    "fr": [r"calmez-vous", r"n'exag[ée]rez\s+pas", r"(?:c'est|c'[ée]tait)\s+(?:pourtant\s+)?(?:clairement\s+)?"
           r"(?:[ée]crit|indiqu[ée])\s+(?:partout|clairement|noir\s+sur\s+blanc)",
           r"vous\s+n'avez\s+(?:visiblement|manifestement|apparemment|m[êe]me\s+pas)\s+(?:pas\s+)?lu",
           r"(?:ce\s+n'est|c'est)\s+(?:quand\s+m[êe]me\s+)?pas\s+sorcier", r"un\s+peu\s+de\s+patience\s+ne",
           r"si\s+vous\s+aviez\s+(?:pris\s+la\s+peine\s+de\s+)?(?:lu|v[ée]rifi[ée])"],
    "es": [r"c[áa]lmese", r"tranquil[íi]cese", r"no\s+exagere", r"si\s+(?:usted\s+)?hubiera\s+(?:le[íi]do|revisado)",
           r"(?:le|te)\s+pasa\s+por\s+no\s+(?:leer|fijarse)", r"como\s+todo\s+el\s+mundo\s+sabe",
           r"(?:lo\s+)?dice\s+(?:bien\s+)?clar(?:o|amente)"],
    "pt": [r"acalme-se", r"n[ãa]o\s+exager[ea]", r"se\s+(?:voc[êe]\s+|o\s+senhor\s+|a\s+senhora\s+)?tivesse\s+lido",
           r"est[áa]\s+(?:tudo\s+)?(?:escrito|explicado)\s+(?:no\s+site|em\s+qualquer\s+lugar|claramente)",
           r"n[ãa]o\s+precisa\s+ficar\s+mandando", r"n[ãa]o\s+adivinh(?:a|am|amos)", r"desta\s+vez\s+bem\s+escrit"],
    "it": [r"si\s+calmi", r"non\s+esageri", r"(?:c'[èe]|[èe])\s+scritto\s+(?:chiaramente|ovunque|dappertutto)",
           r"se\s+avesse\s+letto", r"bastava\s+leggere", r"non\s+serve\s+(?:a\s+niente\s+)?(?:scriverci|insistere)"],
    "nl": [r"rustig\s+aan", r"(?:dat\s+)?snapt\s+u\s+toch", r"zeuren\s+helpt\s+niet", r"overdrijf\s+niet",
           r"als\s+u\s+de\s+moeite\s+had\s+genomen", r"staat\s+er\s+(?:gewoon|duidelijk)", r"dat\s+weet\s+iedereen"],
    "pl": [r"prosz[ęe]\s+nie\s+przesadza[ćc]", r"prosz[ęe]\s+si[ęe]\s+uspokoi[ćc]", r"nikt\s+nie\s+przeczyta[łl]",
           r"wystarczy(?:[łl]o)?\s+przeczyta[ćc]", r"jest\s+(?:to\s+)?(?:wyra[źz]nie|jasno)\s+napisane",
           r"nast[ęe]pnym\s+razem\s+(?:prosz[ęe]\s+)?(?:uwa[żz]a[ćc]|czyta[ćc]|sprawdzi[ćc])"],
    "cs": [r"uklidn[ěe]te\s+se", r"nep[řr]eh[áa]n[ěe]jte", r"jak\s+se\s+p[íi][šs]e\s+(?:[úu]pln[ěe]\s+)?v[šs]ude",
           r"nen[íi]\s+(?:opravdu\s+)?na[šs]e\s+chyba", r"p[řr][íi][šs]t[ěe]\s+si\s+(?:hl[íi]dejte|dejte\s+pozor)"],
    "sv": [r"lugna\s+ner\s+dig", r"[öo]verdriv\s+inte", r"det\s+st[åa]r\s+(?:tydligt|klart|[öo]verallt)",
           r"som\s+man\s+ska\s+hade", r"f[åa]r\s+du\s+l[öo]sa\s+sj[äa]lv"],
    "da": [r"slap\s+af", r"overdriv\s+ikke", r"det\s+st[åa]r\s+(?:tydeligt|klart|overalt)"],
    "nb": [r"ro\s+deg\s+ned", r"ikke\s+overdriv", r"det\s+st[åa]r\s+(?:tydelig|klart|overalt)"],
    "fi": [r"rauhoitu\w*", r"[äa]l[äa]\s+liioittele", r"lukee\s+(?:selv[äa]sti|kaikkialla)"],
    "el": [r"ηρεμήστε", r"μην\s+υπερβάλλετε", r"γράφει\s+(?:καθαρά|παντού)", r"αν\s+είχατε\s+διαβάσει"],
    "tr": [r"sakin\s+olun", r"abartmay[ıi]n", r"(?:a[çc][ıi]k[çc]a|net\s+bir\s+[şs]ekilde)\s+yaz[ıi]yor",
           r"okusayd[ıi]n[ıi]z", r"sab[ıi]rs[ıi]zlanman[ıi]za\s+gerek\s+yok"],
    "ro": [r"calma[țţt]i-v[ăa]", r"nu\s+exagera[țţt]i", r"scrie\s+(?:destul\s+de\s+)?clar",
           r"nu\s+are\s+rost\s+s[ăa]\s+ne\s+scrie[țţt]i", r"nu\s+e\s+(?:chiar\s+)?a[șş]a\s+de\s+greu",
           r"(?:e|este)\s+vina\s+(?:dumneavoastr[ăa]|ta)"],
    "hu": [r"nyugodjon\s+meg", r"ne\s+t[úu]lozzon", r"ha\s+elolvasta\s+volna", r"az\s+[öo]n\s+hib[áa]ja",
           r"ez\s+nem\s+a\s+mi\s+(?:hib[áa]nk|probl[ée]m[áa]nk)", r"ahogy\s+m[áa]r\s+(?:[íi]rtam|mondtam)"],
    "vi": [r"tự\s+tra", r"ghi\s+rõ\s+(?:hết\s+)?rồi\s+mà", r"có\s+thế\s+thôi", r"bình\s+tĩnh\s+(?:đi|lại)",
           r"(?:là\s+)?lỗi\s+của\s+(?:bạn|anh|chị)"],  # "xin lỗi bạn" is the apology: "của" (of) makes it a fault
}
# Japanese writes no spaces: its phrases are matched anywhere
NO_SPACES = {"ja": [r"落ち着いてください", r"(?:ちゃんと|よく)読んで(?:ください|から)", r"お客様の(?:責任|ミス|せい)",
                    r"何度も(?:申し上げ|言)", r"(?:書いて|記載して)ありますよね"]}
_PHRASES = [p for table in (CONTEMPT, CONDESCENSION) for ps in table.values() for p in ps]
# whole phrases: not inside a longer word, in any script that spaces its words
_CONTEMPT = Prefiltered(re.compile(r"(?<!\w)(?:" + "|".join(_PHRASES) + r")(?!\w)", re.I))
_CONTEMPT_NO_SPACES = re.compile("|".join(p for ps in NO_SPACES.values() for p in ps))


def contempt(text: str) -> bool:
    """The fault put on the customer, a reproach for not listening, the problem pushed away, condescension: in any
    covered language."""
    return bool(_CONTEMPT.search(text) or _CONTEMPT_NO_SPACES.search(text))
