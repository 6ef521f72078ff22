"""What reward=customer_support reads in the customer's message: the kind of report, what is asked, the anchors.

``report_kinds``  the kinds of report that call for a human (danger, harm, fraud, legal), each
                  read from families of stems, not single words ("sparked and tripped the
                  electrics", "it melted", "my son got a burn" are all danger), a negated mention
                  ("no smoke, it just won't turn on") is none.
``ASKS_*``        what the customer asks for: where the order is, money back, a cancellation.
``answers``       a direct answer in the question's own words; ``echoes``: a reply copying the message.
``anchors``       what makes a reply about *this* request: the order-like tokens, amounts and dates
                  the customer gave, and the content words of the message that are not the
                  vocabulary every support request shares (order, refund, delivery, thanks ...).
                  A reply that names none of them, and none of the record's specifics, would read
                  the same under any question: it is no resolution (customer_support.py).
Plain regular expressions; importable without torch; nothing here raises on odd input.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from loopwright.rewards.customer_support import facts as sf
from loopwright.rewards.customer_support import patterns as sp
from loopwright.rewards.customer_support import wording
from loopwright.rewards.customer_support.patterns import negated
from loopwright.rewards.customer_support.prefilter import Prefiltered

# Each kind: stems that describe it in ordinary words. A stem matches at a word start.
REPORT_KINDS = {
    "danger": (r"spark\w*|flame\w*|fire\b|on\s+fire|caught\s+fire|smok\w*|burn\w*|scorch\w*|singe\w*|melt\w*|"
               r"overheat\w*|too\s+hot\s+to\s+touch|red\s+hot|scalding|explod\w*|explosion|blew\s+up|exploded|"
               r"trip\w*\s+(?:the\s+|our\s+|my\s+)?(?:electrics|fuse\w*|breaker\w*|circuit\w*|power)|"
               r"blew\s+(?:the\s+|a\s+)?fuse\w*|short[\s-]?circuit\w*|electric\w*\s+shock|shock\w*|electrocut\w*|"
               r"live\s+wire|exposed\s+wir\w*|gas\s+leak|leak\w*\s+(?:gas|acid|battery\s+acid)|swell\w*\s+batter\w*|"
               r"batter\w*\s+(?:\w+\s+){0,3}?(?:swell\w*|swoll\w*|bulg\w*|leak\w*|puff\w*)|"
               r"smell\w*\s+(?:\w+\s+){0,2}?(?:burning|chemical\w*|gas|melting|electrical)|chemical\s+smell|fumes|toxic|poison\w*|unsafe|danger\w*|hazard\w*|"
               r"choke\w*|choking|swallow\w*|shatter\w*|sharp\s+edge\w*|glass\s+in\b|"
               # the same in the languages customers write in (a customer of a Colombian shop writes Spanish)
               r"trag(?:ó|o|ar|ado|ando|aron|ou|ue)\b|atragant\w*|ahog\w*|engol\w*|engasg\w*|aval(?:é|ée|er|ait)\b|"
               r"étouff\w*|verschluck\w*|inghiott\w*|ingoi\w*|soffoc\w*|połkn\w*|humo\b|fuego\b|incendi\w*|fumaça|fumée|"
               r"rauch\b|"
               r"chispa\w*|descarga\s+el[ée]ctrica|cortocircuito|explot\w*"),
    "harm": (r"(?:trapped|caught|pinched|crushed|cut|sliced|burn\w*|broke|broken|fractur\w*|bruis\w*|stung|"
             r"scratched|scalded|trapping)\s+(?:\w+\s+){0,3}?(?:finger|thumb|hand|arm|leg|foot|feet|toe|head|eye|"
             r"skin|face|mouth|lip|tooth|teeth|wrist|neck|back)s?\b|"
             r"(?:finger|thumb|hand|arm|leg|foot|feet|toe|head|eye|skin|face|mouth|lip|tooth|teeth|wrist|neck)s?\s+"
             r"(?:\w+\s+){0,2}?(?:got\s+|was\s+|were\s+|is\s+|are\s+)?(?:trapped|caught|pinched|crushed|cut|"
             r"sliced|burn\w*|broken|fractured|bruised|swollen|swell\w*|bleeding|scalded)|"
             r"could\s+have\s+been\s+(?:\w+\s+)?worse|nearly\s+(?:killed|hurt|injured|electrocuted|choked|"
             r"burned|burnt)|near\s+miss|injur\w*|hurt\b|hurts\b|wound\w*|cut\s+(?:my|his|her|their)\s+\w+|bleed\w*|blood\w*|bruis\w*|"
             r"hospital\w*|a\s*&\s*e\b|emergency\s+room|doctor\w*|\bgp\b|ambulance|stitches|rash\w*|"
             r"allergic\s+reaction|allergy\s+attack|(?:an?\s+)?allergic\s+to\s+(?:it|this|the|them)|reaction|reacted|"
             r"anaphyla\w*|itch\w*|swollen|swelling|hives|blister\w*|(?:skin\s+)?irritation|vomit\w*|(?:got|was|were|became|fell)\s+(?:very\s+)?(?:ill|sick)|"
             r"food\s+poison\w*|threat\w*|harass\w*|abus\w*|stalk\w*|"
             r"herid[oa]s?\b|lesi[oó]n\w*|quemad\w*|queimad\w*|brûl\w*|verbrenn\w*|verletz\w*|blessé\w*|"
             r"alergia|alérgic\w*|allergique|urgencias|hospital|médico|medico|arzt|médecin"),
    "fraud": (r"fraud\w*|scam\w*|stolen|steal\w*|hack\w*|phish\w*|unauthori[sz]ed|not\s+authori[sz]ed|"
              r"charge\s*-?\s*backs?\b|revers\w*\s+(?:the\s+|this\s+|a\s+)?(?:charge|payment|transaction)|"
              r"disput\w*\s+(?:the\s+|this\s+|a\s+)?(?:charge|payment|transaction)|unrecogni[sz]ed\s+(?:charge|payment)|"
              r"(?:do|did)\s*(?:n't|\s+not)\s+recogni[sz]e\s+(?:the\s+|this\s+|a\s+)?(?:charge|payment|transaction)|"
              r"(?:did|do)\s*(?:n't|\s+not)\s+(?:place|order|make|authori[sz]e|recogni[sz]e|buy|purchase)|"
              r"never\s+(?:placed|ordered|made|bought|authori[sz]ed)|(?:wasn'?t|was\s+not|not)\s+me\b|"
              r"someone\s+(?:else\s+)?(?:has\s+)?(?:used|got\s+into|ordered|charged|accessed|logged|changed|placed)|"
              r"identity\s+theft|compromised|account\s+(?:was\s+|has\s+been\s+)?taken\s+over"),
    "legal": (r"lawyer\w*|solicitor\w*|attorney\w*|sue\b|suing|court\b|tribunal\w*|abogad\w*|advogad\w*|avocat\b|"
              r"anwalt\w*|avvocat\w*|demandar\w*|denuncia\w*|legal\s+(?:action|advice|proceedings)|"
              r"lawsuit|litigat\w*|trading\s+standards|ombudsman|small\s+claims|consumer\s+(?:rights\s+)?"
              r"(?:protection|authority|council)|report\s+(?:you|this)\s+to\s+(?:the\s+)?(?:police|regulator|authorit)"),
}
# The people a hand-off for each kind goes to: a hand-off naming them is about this report; "the team" is not.
KIND_TEAMS = {"danger": r"(?:product\s+)?safety|product\s+(?:quality|recalls?)|hazard\w*|quality\s+assurance",
              "harm": r"(?:product\s+)?safety|welfare|medical|safeguarding",
              "fraud": r"fraud\w*|security|payments?\s+team|account\s+(?:security|protection)|"
                       r"trust\s*(?:and|&)\s*safety",
              "legal": r"legal|customer\s+relations|disputes?\s+team|compliance|complaints\s+team"}
_TEAM_RE = {k: re.compile(r"\b(?:" + p + r")\b", re.I) for k, p in KIND_TEAMS.items()}
_KIND_RE = {k: Prefiltered(re.compile(r"(?<![\w'])(?:" + p + r")", re.I)) for k, p in REPORT_KINDS.items()}
_NEAR_NEG = re.compile(r"(?:\bno\b|\bnot\b|n't\b|\bnever\b|\bwithout\b|\bnothing\b|\bnobody\b|\bno\s+one\b)"
                       r"(?:\s+\S+){0,3}\s*$", re.I)


def _denied(user: str, start: int) -> bool:
    """A negation in the same clause and at most three words before ("no smoke", "nobody was hurt"); the
    'don't' of "if I don't hear back I'm going to small claims" is too far to deny the threat."""
    return negated(user, start) and bool(_NEAR_NEG.search(user[max(0, start - 40):start]))


@functools.lru_cache(maxsize=1024)  # asked of a prompt's customer turns once per completion: GRPO's group shares them
def report_kinds(user: str) -> frozenset[str]:
    """The kinds of report in a customer's message that call for a hand-off to a human."""
    return frozenset({kind for kind, p in _KIND_RE.items()
            if any(not _denied(user, m.start()) for m in p.finditer(user))} | wording.report_kinds(user))


# The customer asks where the order is (not: reports what arrived).
ASKS_STATUS = re.compile(r"\bwhere\b|\beta\b|\bwhen(?:'s|\s+(?:does|do|is|are|can|should|would))\b|\btrack\w*|"
                         r"\bstatus\b|\bwhen\s+will\b|\bany\s+news\b|\bstill\s+waiting\b|"
                         # "the tiles are coming apart" asks nothing
                         r"\bcoming\b(?!\s+(?:apart|off|loose|undone|away))|"
                         r"\b(?:did|has|have|does)\s+(?:\S+\s+){0,3}?(?:arrive|come|ship)\b|"  # "Did ST/88190 arrive?"
                         # "when BY482113 arrives"
                         r"\bwhen\b[^.?!]{0,40}?\b(?:arriv\w*|get\s+(?:here|there)|be\s+delivered)\b|"
                         r"\b(?:has|have|did|is)\s+(?:\S+\s+){0,3}?(?:shipped|arrived|left|gone\s+out|been\s+(?:sent|"
                         r"delivered|dispatched|posted))\b|\b(?:shipped|arrived|dispatched|despatched|sent)\s+yet\b|"
                         r"\bhasn'?t\s+(?:moved|come|arrived|shipped)\b|\bnot\s+(?:arrived|come|received|turned\s+up)\b|"
                         r"\bnever\s+(?:came|arrived|got|turned\s+up)\b|\b(?:meant|supposed|due)\s+to\s+(?:come|arrive)\b|"
                         r"\blost\b|\bdelivery\s+date\b", re.I)
ASKS_REFUND = re.compile(r"\brefund\w*|\bmoney\s+back\b|\bcharged\b|\breimburs\w*", re.I)
ASKS_CANCEL = re.compile(r"\bcancel\w*", re.I)
# "Has it shipped?" / "Did it arrive?": the status a bare "yes" to it would claim.
# What a status question asks about ("has it shipped?", "did it arrive"): a bare "yes" to it claims that.
YES_CLAIMS = [(re.compile(r"\b(?:shipped|dispatched|despatched|posted|sent|left|gone\s+out)\b", re.I), "shipped"),
              (re.compile(r"\b(?:arrived|delivered)\b|\bdid\s+(?:\S+\s+){0,3}?arrive\b", re.I), "delivered"),
              (re.compile(r"\brefunded\b|\brefund\b[^.?!]{0,20}?\b(?:gone|come|went)\s+through\b", re.I), "refunded"),
              (re.compile(r"\bcancel\w*", re.I), "cancelled")]
_AUX_FIRST = re.compile(r"^\W*(?:(?:hi|hello|hey|so|and|but|also)\W+)*(?:has|have|had|did|is|was|were|are)\b", re.I)


def asked_statuses(user: str) -> list[str]:
    """The statuses the customer's questions ask about: only a sentence that ends in '?' or opens with
    has / did / is ... counts ("it hasn't shipped yet" asks nothing)."""
    found = []
    for sentence, end in re.findall(r"([^.!?\n]+)([.!?\n]|$)", user):
        if end == "?" or _AUX_FIRST.search(sentence):
            found += [status for p, status in YES_CLAIMS if p.search(sentence) and status not in found]
    return found


# A question in the customer's message: a '?' or an opening question word ("do u ship to canada").
QUESTION = re.compile(r"\?|^\s*(?:hi|hello|hey)?[\s,!]*(?:do|does|did|can|could|is|are|will|would|how|what|when|"
                      r"where|why|which|who|should|may)\b", re.I)

# Words every support request shares: naming them does not make a reply about this request.
GENERIC = frozenset("""
about above actually again ago all also already always another any anyone anything are arrive arrived
arriving asap back been before being bought business buy call called can cannot case change charge
charged charges check come coming company contact could customer customers deal dear delivery deliver delivered
did does doesn doing done email emailed emails even ever every fine first from full further get getting give
given going good got great had has have hello help here hey how however info information instead issue issues
item items just know last later let like look looking made make many message messages might money month more
most much need needed needs never news next nothing now number order ordered orders other our out over own
package parcel payment paid people please possible problem problems product products purchase purchased
quick quickly really receive received refund refunded refunds reply request return returned returns right said
same saying says see seems send sending sent service ship shipped shipping should since site some someone
something soon sorry still store such support sure take team tell thank thanks that the their them then there
these they thing things think this those through time today told tomorrow too touch tracking trying under
until update updated urgent very wait waiting want wanted was way website week weeks well were what when
where which while who why will with without work working would write wrong yes yesterday yet you your
the and for but not one out day has him his her she its let put say too use may off ago via per etc bit lot far
own few set try hey thx pls hrs wks two new old big end top odd yours mine ours happy unhappy pleased annoyed
frustrated disappointed upset love hope hoping hoped glad shame awful terrible great amazing fast slow guys mate
dont cant wont isnt didnt havent hasnt wasnt
late delay delays delayed overdue inconvenience apologise apologize apologies apology patience understanding
frustration frustrating matter regarding concern concerns query enquiry inquiry ticket reference experience
feedback details detail confirmation confirm resolved resolve sorted shortly reach hear hearing trouble hassle
situation note noted logged
""".split())
_WORD = re.compile(r"(?<![\w'])[A-Za-z][A-Za-z-]{2,}(?![\w'])")  # no contractions (wasn't, i've)
# A name after a greeting or a thanks ("Hi Sarah", "Thanks, Tom") says nothing about the request.
_NAMED = re.compile(r"\b(?:hi|hello|hey|hiya|dear|thanks|thank\s+you|cheers|regards|sorry|morning|afternoon|"
                    r"evening)\b[\s,]+(?:mr\.?\s+|mrs\.?\s+|ms\.?\s+|miss\s+|dr\.?\s+)?[A-Z][a-z]+", re.I)
# Ordinary words for the same problem: a reply may name it in other words than the customer did.
SYNONYMS = [("broken", "broke damaged faulty cracked smashed defective dented shattered snapped split torn ripped "
             "bent crushed"),
            ("twice", "double duplicate doubled"),  # not "charged-twice": its stem "charge" is every charge word
            ("wrong", "incorrect different mixed mix-up mistaken"),
            ("login", "log-in sign signin sign-in locked password passcode"),
            ("missing", "lost vanished disappeared")]
ORDER_TOKEN = re.compile(r"(?<![\w-])(?:#\s?\d{4,}|[A-Z]{1,4}-?(?=[A-Z0-9]*\d)[A-Z0-9]{4,10})(?![\w-])")


def stem(word: str) -> str:
    """A crude stem: lower case, 's / plural / -ing / -ed cut, the first six letters (kettle, kettles)."""
    w = word.lower().strip("'-")
    w = re.sub(r"'s$", "", w)
    w = re.sub(r"(?:ing|ed|es|s)$", "", w) if len(w) > 5 else w
    return w[:6]


_SYN = {stem(w): stem(head) for head, words in SYNONYMS for w in words.split() + [head]}


def content_stems(text: str) -> set[str]:
    """The stems of the words of ``text`` that are not shared by every support request, synonyms merged."""
    return set(_content_stems(text))


@functools.lru_cache(maxsize=4096)  # the policy, the question and each sentence are read by several checks
def _content_stems(text: str) -> frozenset[str]:
    words = _WORD.findall(_NAMED.sub(" ", text))
    stems = {stem(w) for w in words if w.lower().strip("'-") not in GENERIC}
    return frozenset(_SYN.get(x, x) for x in stems)


def order_tokens(text: str) -> set[str]:
    return {sf.compact(t) for t in ORDER_TOKEN.findall(text)}


def asks_status(user: str) -> bool:
    """Where the order is, asked in words, or by a message that is little more than the order's number (the
    customer answering "what's your order number?" wants to know where it is)."""
    if ASKS_STATUS.search(user):
        return True
    words = re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", ORDER_TOKEN.sub(" ", user).casefold())
    return bool(order_tokens(user)) and all(w in _FILLER for w in words)


# What a message that only gives its order number says around it ("hi, it's KC-48650, thanks")
_FILLER = frozenset("""hi hello hey order my number no nr ref reference it is it's its here the this that thanks
thank you ok okay sure yes sorry again""".split())


NOT_ORDER = re.compile(r"\b(?:ticket|case|ref|reference|rma|return|claim|invoice|code|sku|item|model|part|"
                        r"tracking|voucher|coupon|flight|room)\W*(?:no\.?|number|#|id)?\W*$", re.I)


def foreign_orders(text: str, user: str, order_id: str, tracking: object = None, record: dict | None = None) -> bool:
    """Whether a reply names an order-like token (KT-11002) that is neither the record's order, its tracking,
    any other value of the record (a pickup locker KRA12M), nor anything the customer wrote, and is not
    introduced as a ticket, case, SKU ... number."""
    own = {sf.compact(order_id), sf.compact(tracking or "")} | order_tokens(user)
    values = [v for v in (record or {}).values() if isinstance(v, str)]
    values += [v for v in ((record or {}).get("extra") or {}).values() if isinstance(v, str)]
    own |= {t for v in values for t in order_tokens(v) | {sf.compact(v)}}
    for m in ORDER_TOKEN.finditer(text):
        token = sf.compact(m[0])
        if token in own or any(token in o or o in token for o in own if o) or NOT_ORDER.search(text[:m.start()]):
            continue
        return True
    return False


def anchors(user: str) -> dict:
    """What a reply to ``user`` can name to be about it: order tokens, amounts (cents), dates, content stems."""
    return {"orders": order_tokens(user) - {""}, "amounts": {a for a, _, _ in sf.amounts_in(user)},
            "dates": {d for r, _ in sf.dates_in(user) for d in r}, "stems": content_stems(user)}


def items_text(facts: dict) -> str:
    """The record's items as text (a list of names, or one string such as "Marble run deluxe 120pc")."""
    items = facts.get("items")
    return items if isinstance(items, str) else " ".join(i for i in (items or []) if isinstance(i, str))


def written_to(text: str, facts: dict, user: str) -> bool:
    """Whether a hand-off is written to this customer: it names the record's customer by first name ("I'm sorry,
    Martin"), or the item or problem the customer reported ("sorry the marble run arrived broken") without copying
    the message. A hand-off the record or the report calls for needs no more; a template names neither."""
    first = str(facts.get("customer_name") or "").split()
    if first and len(first[0]) >= 2 and re.search(rf"(?<![^\W_]){re.escape(first[0])}(?![^\W_])", text):
        return True
    return bool(content_stems(user + " " + items_text(facts)) & content_stems(text)) and not echoes(text, user)


def names_team_for(text: str, kinds: set[str]) -> bool:
    """Whether ``text`` names the people (or the kind of report) that one of ``kinds`` is handed to, and no
    team for a kind not reported (a hand-off to "our fraud, legal and safety teams" fits any report)."""
    own = [k for k in kinds if k in _TEAM_RE and (_TEAM_RE[k].search(text) or _KIND_RE[k].search(text))]
    if not own:
        return False
    for kind, pattern in _TEAM_RE.items():
        if kind not in kinds and any(not any(_TEAM_RE[j].fullmatch(m[0]) for j in own) for m in pattern.finditer(text)):
            return False
    return True


_ANSWER = re.compile(r"\b(?:we|you|it|they|this|that|these|those|all|each|every)\s+(?:can|can't|cannot|only|"
                     r"do|don't|does|doesn't|is|isn't|are|aren't|will|won't|must|need|needs|have\s+to|should|ship|"
                     r"deliver|accept|offer|take|come|fit|work)\b", re.I)


def answers(text: str, user: str) -> bool:
    """A direct answer to a customer's question, in the question's own words: a yes / no whose own clause
    repeats what was asked ("Do you deliver to Ireland?" "Yes, we deliver to Ireland ..."), or a statement
    sharing two of the question's own words ("Can I return worn shoes?" "We can only accept shoes that
    haven't been worn ..."). A yes to a status question is a status claim instead (_Reading._yes_no)."""
    if not QUESTION.search(user) or asked_statuses(user):
        return False
    asked = content_stems(user)
    m = re.match(r"\s*(?:yes|no)\b[,.!:;\s-]*([^.!?;]*)", text, re.I)
    if m:
        return bool(content_stems(m[1]) & asked)
    return any(len(content_stems(sentence) & asked) >= 2 and _ANSWER.search(sentence) and not echoes(sentence, user)
               # a copy of the question is none
               for sentence in re.split(r"(?<=[.!;])\s+", text) if "?" not in sentence)


def echoes(text: str, user: str, run: int = 6) -> bool:
    """Whether the reply copies ``run`` consecutive words of the customer's message (a prompt echo)."""
    grams = _grams(user, run)
    said = re.findall(r"[a-z0-9']+", text.lower())
    return any(tuple(said[i:i + run]) in grams for i in range(len(said) - run + 1))


@functools.lru_cache(maxsize=1024)  # a policy or a question is echoed against every sentence of a reply
def _grams(text: str, run: int) -> frozenset[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return frozenset(tuple(words[i:i + run]) for i in range(len(words) - run + 1))


# The customer asks for something to be done ("Could I swap the mugs ...?"), not where the order is.
_ACTION_ASKED = re.compile(r"\b(?:can|could|may)\s+i\b|\bi(?:'d|\s+would)\s+like\s+to\b|\bpossible\s+to\b", re.I)


def outcome(text: str, claims: set, facts: bool, user: str = "") -> bool:
    """A concrete outcome or next step. A status claim is one only with facts to confirm it and for a customer who
    asked where the order is ("Can I swap the mugs?" "Your mugs were delivered on 20/11" answers nothing)."""
    if sp.OUTCOME.search(sp.INFO_ELSEWHERE.sub(" ", sp.VAGUE_DONE.sub(" ", text))):
        return True
    asked = ASKS_STATUS.search(user) or asked_statuses(user) or not _ACTION_ASKED.search(user)
    said = (claims if facts and asked else set()) or any(p.search(text) for p in sp.NEXT_STEP.values())
    return bool(said) and not sp.DEFLECT.search(text)


# Words an agent uses to say the question back ("You're asking whether ...", "That is a great question about ...")
_RESTATING = frozenset(stem(w) for w in "asking ask asked whether question questions wondering wonder want wanting "
                       "know understand understood telling tell told thank thanks great".split())


def latin(text: str) -> bool:
    """Most of its letters are Latin ones, the only ones content_stems reads."""
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum(c < "\u0250" for c in letters) >= 0.5 * len(letters)


def restates(text: str, user: str) -> bool:
    """A reply that says the customer's message back and adds nothing: no word, number, date or amount that the
    message did not already hold ("You're asking whether FS-88301 has been sent yet and when you will get it")."""
    said = content_stems(text) - _RESTATING
    # asking for the order number is a request of its own, however many of its words the customer's message held
    if len(re.findall(r"\w+", text)) < 6 or said - content_stems(user) or sp.ASKS_ORDER_NUMBER.search(text):
        return False
    if not latin(text):
        return False  # its words are not read (a Greek, Hindi or Japanese reply): nothing says it added none
    asked = set(re.findall(r"[a-z']+", user.lower())) | {"you", "your", "you'll", "i", "i've", "we", "we've"}
    if sp.ESCALATE.search(text) or any(not set(re.findall(r"[a-z']+", m[0].lower())) <= asked
                                       for m in sp.OUTCOME.finditer(text)):
        return False  # "I've refunded it in full": an action, in the customer's own words; "... when you will get it"
        # copied from the question is none
    own_numbers = set(re.findall(r"\d+", user))
    return not (set(re.findall(r"\d+", text)) - own_numbers)


# ------------------------------------------------------------------ the conversation
_CONVERSATION_CHARS = 4000  # the customer's side read (as customer_support.SCAN_CHARS reads the reply)


def user_text(prompt: Any) -> str:
    """The customer's last message of a prompt (chat messages or a string)."""
    if isinstance(prompt, str):
        return prompt[-_CONVERSATION_CHARS:]
    if isinstance(prompt, (list, tuple)):
        for m in reversed(prompt):
            if isinstance(m, dict) and m.get("role") == "user" and isinstance(m.get("content"), str):
                return m["content"][-_CONVERSATION_CHARS:]
    return ""


def _turns(prompt: list | tuple, role: str) -> str:
    turns = [m["content"] for m in prompt if isinstance(m, dict) and m.get("role") == role
             and isinstance(m.get("content"), str)]
    return "\n".join(turns)[-_CONVERSATION_CHARS:]


def customer_turns(prompt: Any) -> str:
    """Every customer message of the conversation, oldest first ("Can you cancel it?" ... "Yes please")."""
    return _turns(prompt, "user") if isinstance(prompt, (list, tuple)) else user_text(prompt)


def agent_turns(prompt: Any) -> str:
    """Every earlier agent message of the conversation, oldest first: what the agent already said and did."""
    return _turns(prompt, "assistant") if isinstance(prompt, (list, tuple)) else ""
