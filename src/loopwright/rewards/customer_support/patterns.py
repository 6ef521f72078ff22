"""What reward=customer_support reads in a reply: the wording patterns.

Status claims (``claimed_statuses``: the reply's own words and carrier phrasings such as
"in the hands of UPS", "picked up by", "pushed the delivery back"), escalation, rudeness,
politeness, concrete outcomes and next steps (a done-word such as "noted" is none),
deflections, carriers, tracking numbers, emails, and the role a date or an amount is
given ("delivered on ...", "a refund of ..."). ``negated`` / ``conditional`` look back
only to the start of the clause ("so it won't ship, and I've passed it on" is no negated
hand-off). The customer's side (kinds of report, what is asked, anchors) is
request.py. Plain regular expressions; importable without torch.
"""

from __future__ import annotations

import re

from loopwright.grounding import names
from loopwright.rewards.customer_support.prefilter import Prefiltered

_AUX = r"(?:has|have|had|was|were|is|are|got|'s|'ve)"
_SHIP = r"(?:shipped|dispatched|despatched|sent\s+out|handed\s+(?:over\s+)?to|posted)"
STATUS_CLAIMS = {
    "processing": [
        r"\b(?:is|are|'s|still)\s+(?:being\s+|currently\s+being\s+|still\s+being\s+)?(?:processed|prepared|packed|picked)\b",
        r"\b(?:has|have)(?:\s+not|n't)\s+(?:yet\s+)?(?:been\s+)?(?:shipped|dispatched|despatched|sent|packed|picked)\b",
        r"\b(?:has|have)(?:\s+not|n't)\s+(?:yet\s+)?left\s+(?:us|our|the)\b",
        r"\b(?:is|are|was)(?:\s+not|n't)\s+(?:yet\s+)?(?:shipped|dispatched|despatched|packed)\b",
        r"\bnot\s+(?:yet\s+)?(?:shipped|dispatched|despatched)\b", r"\byet\s+to\s+(?:ship|be\s+shipped|leave)\b",
        r"\b(?:status|it)\s+is\s+(?:still\s+)?(?:processing|pending)\b", r"\bstill\s+processing\b",
        r"\bwon't\s+ship\b", r"\bawaiting\s+(?:stock|packing|dispatch|despatch)\b",
        r"\bstill\s+(?:in|at)\s+(?:our|the)\s+(?:warehouse|store|stockroom|fulfil+ment\s+cent\w+)\b",
        r"\bwaiting\s+(?:to\s+be\s+(?:packed|picked|shipped|sent|dispatched)|for\s+(?:stock|a\s+restock))\b",
        r"\bon\s+back\s*-?\s*order\b", r"\b(?:we're|we\s+are)\s+(?:still\s+)?(?:packing|picking|preparing)\b",
        r"\bin\s+(?:the\s+)?(?:processing|preparation)\b",
        r"\b(?:will|should|is\s+scheduled\s+to|is\s+expected\s+to)\s+(?:ship|be\s+shipped|go\s+out|leave\s+(?:our|the)\s+warehouse)\b"],
    "shipped": [_AUX + r"\s+(?:been\s+|now\s+|already\s+)?" + _SHIP + r"\b",
                r"\b(?:shipped|dispatched|despatched)\s+(?:on|via|with|by|yesterday|today)\b",
                r"\bleft\s+(?:our|the)\s+(?:warehouse|depot|store|building)\b", r"\bleft\s+us\b",
                # "it left with CTT on 02/12"
                r"\bleft\s+with\s+(?:the\s+)?(?:[Cc]ourier|[Cc]arrier|[Dd]river|[A-Z][\w&-]+)",
                r"\b(?:went|has\s+gone|'s\s+gone|was\s+sent|got\s+sent)\s+out\b(?!\s+of\b)",
                r"\b(?:picked\s+up|collected)\s+(?:by|from\s+(?:us|our))\b", r"\bin\s+the\s+hands\s+of\b",
                r"\b(?:[A-Z][A-Za-z]+|[Tt]he\s+(?:courier|carrier|driver|post\s+office))\s+(?:have|has)\s+(?:got\s+)?"
                r"(?:it|your\s+(?:parcel|package|order|delivery))\b",
                r"\bstatus\s*(?:is|:)\s*(?:shipped|in\s+transit)\b"],
    # On the way to the customer: true of a shipped or delayed order, false of a delivered or lost one.
    "arriving": [r"(?<!lost\s)\bin\s+transit\b", r"\bon\s+(?:its|the)\s+way\b", r"\bout\s+for\s+delivery\b",
                 r"\bout\s+with\s+(?:the|our|a)\b", r"\bon\s+(?:the|a)\s+(?:[\w&-]+\s+)?(?:van|truck|lorry)\b",
                 r"\b(?:at|reached|arrived\s+at)\s+(?:their|the|a|its|your)\s+(?:local\s+)?(?:depot|hub|sorting\s+"
                 r"(?:centre|center|office|facility)|delivery\s+(?:office|station)|distribution\s+cent\w+)\b",
                 r"(?:\bis|'s)\s+(?:now\s+|still\s+|already\s+)?with\s+(?:the\s+)?(?:courier|driver|carrier|[A-Z]\w+)",
                 r"\b(?:is|it's|'s)\s+expected\s+(?:on|by|to\s+arrive)\b", r"\bscheduled\s+for\s+delivery\b",
                 r"\b(?:it'll|it\s+will|it\s+should|should)\s+(?:land|reach\s+your?|get\s+to\s+you|turn\s+up)\b",
                 r"\bexpect\s+(?:it|delivery|your\s+(?:parcel|package|order))\s+(?:on|by|today|tomorrow|this|next|"
                 r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b",
                 r"\b(?:arrives|arriving|will\s+arrive|should\s+arrive|be\s+with\s+you|is\s+due|due\s+to\s+arrive)\s+"
                 r"(?:\w+\s+)?(?:today|tomorrow|on|by|soon|shortly|later)\b"],
    "delivered": [_AUX + r"\s+(?:been\s+|already\s+)?(?:delivered|dropped\s+off)\b",
                  r"\bdelivered\s+(?:on|yesterday|to)\b",
                  # "Sendy delivered it on"
                  r"\bdelivered\s+(?:it|them|your\s+\w+|the\s+\w+)\s+(?:on|yesterday|to|at|this|last)\b",
                  # waiting for collection at a pick-up point or locker: it has arrived where the customer collects it
                  r"\b(?:waiting|ready)\s+(?:for\s+you\s+)?(?:at|in)\s+(?:the|your|a)\s+(?:[\w-]+\s+){0,2}?(?:point|locker|"
                  r"paczkomat|parcel\s+shop|post\s+office|ombud|pick-?up\s+(?:point|location))\b",
                  r"\bready\s+(?:for|to\s+be)\s+(?:pick\s*-?\s*up|picked\s+up|collect\w*)\b",
                  r"\bwaiting\s+for\s+(?:you|collection|pick-?up)\s+at\b",
                  r"\b(?:recorded|marked)\s+(?:\S+\s+)?(?:as\s+)?delivered\b", r"\bstatus\s*(?:is|:)\s*delivered\b",
                  r"(?<!have\s)\b(?:arrived|was\s+left)\s+on\b", r"\bsigned\s+for\b",
                  r"\bshows?\s+(?:as\s+)?delivered\b",
                  r"\b(?:was\s+|were\s+)?left\s+(?:with|at|in|on|behind|by)\s+(?:your|the|a)\s+(?:\w+\s+)?(?:neighbou?r|porch|"
                  r"door|safe\s+place|reception|mailbox|letterbox|locker|concierge|shed|garage)\b"],
    "cancelled": [_AUX + r"\s+(?:been\s+|now\s+)?cancel+ed\b",
                  r"\bcancel+ation\s+(?:is|was|has\s+been)\s+(?:confirmed|complete|processed|done)\b",
                  r"\b(?:i|we)(?:'ve|\s+have)?\s+cancel+ed\b", r"\bstatus\s*(?:is|:)\s*cancel+ed\b"],
    "returned": [r"\b(?:received|got|processed)\s+(?:your|the)\s+return",
                 r"\breturn\s+(?:has\s+been|was|is)\s+(?:received|processed|checked\s+in)\b",
                 _AUX + r"\s+(?:been\s+)?returned\b", r"\bstatus\s*(?:is|:)\s*returned\b"],
    "delayed": [r"\b(?:is|are|'s|was|has\s+been)\s+(?:running\s+)?(?:late|delayed|behind\s+schedule|held)\b",
                r"\bdelay(?:ed)?\s+in\s+transit\b", r"\bholding\b", r"\brunning\s+(?:late|behind)\b",
                r"\bpushed\s+(?:\S+\s+){0,4}?back\b", r"\b(?:rescheduled|postponed)\b",
                r"\bheld\s+(?:up\s+)?(?:at|in|by)\s+(?:customs|the\s+(?:depot|hub|carrier|courier))\b",
                r"\bmissed\s+(?:the|its|a|your)\s+(?:delivery|slot|van|collection)\b",
                # a delivery that did not happen: "J&T tried to deliver on Dec 2 but nobody was home"
                r"\b(?:tried|attempted)\s+to\s+deliver\b|\b(?:failed|missed|unsuccessful)\s+(?:delivery|attempt)\b|"
                r"\bdelivery\s+attempt\b",
                r"\b(?:new|updated|revised)\s+(?:estimated\s+)?(?:delivery\s+date|eta|estimate)\b"],
    # The money went back: "415 Kč was refunded on 30. 11.", "your refund of 420.000 ₫ was completed": false of a
    # return received and not yet refunded; of any other order it may be a part ("the duplicate $26.25 was refunded")
    # ("I've refunded it today" is the agent's action, not the record's state: no claim)
    "refunded": [r"\b(?:was|were|is|are|(?:has|have|had)\s+been)\s+(?:now\s+|already\s+)?(?:fully\s+)?refunded\b",
                 r"\bstatus\s*(?:is|:)\s*refunded\b",
                 r"\brefund\w*\s+(?:of\s+(?:[^.!?]|\.(?=\d)){1,25}?\s+)?(?:has\s+been|was|is|went)\s+(?:now\s+)?(?:completed|issued|"
                 r"processed|sent|paid|made|credited|through)\b"],
    "lost": [_AUX + r"\s+(?:been\s+)?(?:lost|misplaced)\b", r"\b(?:appears|seems)\s+to\s+(?:have\s+been|be)\s+lost\b",
             r"\bmarked\s+(?:as\s+)?lost\b", r"\blost\s+(?:in\s+transit|by\s+the\s+(?:carrier|courier))\b",
             r"\bstatus\s*(?:is|:)\s*lost\b"],
}
# A fact status and the claims a reply may make about it.
COMPATIBLE = {"processing": {"processing", "delayed", "arriving"}, "shipped": {"shipped", "delayed", "arriving"},
              "delayed": {"delayed", "shipped", "arriving"}, "delivered": {"delivered", "shipped"},
              "cancelled": {"cancelled"}, "returned": {"returned", "delivered", "shipped"},
              "refunded": {"returned", "delivered", "shipped", "cancelled"}, "lost": {"lost", "shipped"}}
COMPATIBLE = {status: claims | ({"refunded"} if status != "returned" else set())
              for status, claims in COMPATIBLE.items()}


def allowed_claims(status: str, facts: dict) -> set[str]:
    """The claims a reply may make of an order in ``status``: a returned order is refunded once the record holds
    the refund's amount."""
    return set(COMPATIBLE.get(status, {status})) | {status} | ({"refunded"} if facts.get("refund_amount") else set())
STATUS_WORDS = {"processing": r"\b(?:processing|being\s+prepared|pending)\b",
                "shipped": r"\b(?:shipped|dispatched|despatched)\b", "transit": r"\bin\s+transit\b",
                "delivered": r"\bdelivered\b", "cancelled": r"\bcancel+ed\b", "returned": r"\breturned\b",
                "lost": r"\blost\b", "refunded": r"\brefunded\b"}
# Case-insensitive, except "is with <Carrier>", where the capital is what says a carrier is named.
# The processing claims that only say the parcel has not left (true of a cancelled order too), and the ones that
# say it is being worked on (not true of a cancelled order).
NOT_LEFT = re.compile(r"\b(?:has|have|had)(?:\s+not|n't)\s+(?:yet\s+)?"
                      r"(?:been\s+)?(?:shipped|dispatched|despatched|sent|left)\b|"
                      r"\bnot\s+(?:yet\s+)?(?:shipped|dispatched|despatched)\b|\bwon't\s+(?:ship|be\s+shipped|go\s+out)\b|"
                      r"\bwill\s+not\s+(?:ship|be\s+shipped)\b|\bnever\s+(?:shipped|left)\b", re.I)
BEING_PROCESSED = re.compile(r"\b(?:is|are|'s)\s+(?:still\s+|currently\s+)?"
                             r"being\s+(?:processed|prepared|packed|picked)\b|"
                             r"\bstill\s+processing\b|\b(?:we're|we\s+are)\s+(?:still\s+)?(?:packing|picking|preparing)\b",
                             re.I)
_STATUS_RE = {k: [re.compile(p, 0 if "[A-Z]" in p else re.I) for p in v] for k, v in STATUS_CLAIMS.items()}
# One search per status, behind its words' pre-check, says whether any of its patterns can match at all (most
# replies name one or two statuses); only then is each pattern's every match read. Same claims, fewer searches.
_STATUS_ANY = {k: Prefiltered(re.compile("|".join(f"(?:{p})" if "[A-Z]" in p else f"(?i:{p})" for p in v)))
               for k, v in STATUS_CLAIMS.items()}
WORD_RE = {k: re.compile(p, re.I) for k, p in STATUS_WORDS.items()}

_COND = re.compile(r"\b(?:once|when|after|until|before|if|as\s+soon\s+as|the\s+moment)\b", re.I)
_NEG = re.compile(r"\bno\b|\bnot\b|n't\b|\bnever\b|\bwithout\b|\bnothing\b|\bnobody\b|\bno\s+one\b", re.I)
# Where a clause ends: a negation or a condition before it says nothing about what follows.
_CLAUSE_END = re.compile(r"[.,;:!?()\n]|\s-\s|\b(?:and|but|so|because|though|although|which|while|then|yet|or)\b",
                         re.I)


def clause_before(text: str, start: int, width: int = 35) -> str:
    """The words before ``start`` in the same clause (back to , ; . and, but, so ...), at most ``width`` chars."""
    window = text[max(0, start - width):start]
    ends = list(_CLAUSE_END.finditer(window))
    return window[ends[-1].end():] if ends else window


def negated(text: str, start: int) -> bool:
    """A negation in the same clause before ``start`` ("so it won't ship, and I've passed ..." is not negated)."""
    return bool(_NEG.search(clause_before(text, start)))


def conditional(text: str, start: int) -> bool:
    return bool(_COND.search(clause_before(text, start)))


# "A reset link / your refund is on its way" says nothing about the parcel.
_NOT_PARCEL = re.compile(r"\b(?:link|e-?mail|code|refund|money|label|message|text|replacement|credit)\b[^.!?;]{0,15}$",
                         re.I)


def _asserted(text: str, status: str, start: int) -> bool:
    if status == "arriving" and _NOT_PARCEL.search(text[max(0, start - 30):start]):
        return False
    return status == "processing" or not (negated(text, start) or conditional(text, start))


_HEDGE = re.compile(r"\b(?:may|might|could|possibly|perhaps|maybe|probably)\b", re.I)


def hedges_statuses(text: str) -> bool:
    """Two or more statuses, each under a hedge ("it may possibly be shipped, or perhaps delivered soon"): every
    answer at once, none given."""
    hedged = {status for status, p in WORD_RE.items() for m in p.finditer(text)
              if _HEDGE.search(clause_before(text, m.start(), 40))}
    return len(hedged - {"transit"} | ({"shipped"} if "transit" in hedged else set())) >= 2


def claimed_statuses(text: str) -> set[str]:
    """The statuses a reply asserts (a negated or conditional mention asserts nothing, except 'not shipped')."""
    found = set()
    for status, patterns in _STATUS_RE.items():
        if _STATUS_ANY[status].search(text) and any(_asserted(text, status, m.start())
                                                    for p in patterns for m in p.finditer(text)):
            found.add(status)
    return found


_PERSON = (r"(?:person|people|humans?|(?:team|staff)\s+members?|staff|agents?|operators?|colleagues?|teammates?|"
           r"specialists?|experts?|supervisors?|managers?|representatives?|advis[oe]rs?|consultants?|officers?|teams?|"
           r"department|lead|member\s+of\s+(?:our|the|my)\s+team)\b")
ESCALATE = Prefiltered(re.compile(
    r"\bescalat\w*|\btransferr?(?:ed|ing)?\s+(?:you|this|it|your\s+case)\b|\bhand(?:ed|ing)?\s+(?:this|it|your\s+case)\s+(?:over|off)\b|"
    r"\b(?:passed|passing|forwarded|forwarding|referred|referring|flagged|flagging|sent|routed|routing|handed)\s+"
    r"(?:\S+\s+){0,3}?(?:on\s+|along\s+|over\s+)?to\s+(?:our|a|the|my)\s+(?:[\w&-]+\s+){0,3}?"
    r"(?:teams?|teammates?|specialists?|managers?|department|lead|colleagues?|officers?|supervisors?|agents?)\b|"
    r"\bspecialist\b|\bhuman\s+(?:agent|colleague|representative)\b|"
    r"\b(?:senior|dedicated)\s+(?:agent|colleague|member|specialist|team|case\s+manager)\b|\bsupervisor\b|"
    r"\b(?:fraud|security|legal|safety|trust\s+(?:and|&)\s+safety|claims|investigations?|customer\s+relations)\s+"
    r"(?:team|department|manager|officer)\b|\bcase\s+manager\b|"
    # "I'm handing your case to our technical team", "passing this to our team lead", "I've passed this on and
    # they'll contact you", "a colleague will contact you"
    r"\b(?:hand(?:ed|ing)?|pass(?:ed|ing)?|forward(?:ed|ing)?|refer(?:red|ring)?|escalat\w+)\s+(?:this|it|your\s+"
    r"(?:case|claim|report|message|complaint|request|order|query))\s+(?:on\s+|over\s+)?to\s+(?:a|an|our|the|my)\s+"
    r"(?:[\w&-]+\s+){0,3}?(?:person|people|teams?|teammates?|colleagues?|lead|manager|specialists?|experts?|staff|human)\b|"
    r"\bpass(?:ed|ing)?\s+(?:this|it|your\s+case)\s+on\b|"
    # any handing verb, then a person or a team: "passed your order to an operator", "flagged this for a team member",
    # "handing this to one of our agents", "raised it with a supervisor"
    r"\b(?:hand(?:ed|ing)?|pass(?:ed|ing)?|forward(?:ed|ing)?|referr?(?:ed|ing)?|escalat\w+|flagg(?:ed|ing)|"
    r"transferr?(?:ed|ing)|rout(?:ed|ing)|assign(?:ed|ing)|rais(?:ed|ing))\s+(?:\S+\s+){0,5}?(?:on\s+|over\s+|along\s+)?"
    r"(?:to|for|with)\s+(?:a|an|our|the|my|one\s+of\s+(?:our|my|the))\s+(?:[\w&-]+\s+){0,2}?" + _PERSON + r"|"
    r"\b(?:a|one\s+of\s+my|one\s+of\s+our|my|our)\s+(?:senior\s+)?(?:colleagues?|teammates?|consultants?|specialists?|"
    r"member\s+of\s+(?:our|the)\s+team|person\s+(?:from|on)\s+our\s+team)\s+(?:will|is\s+going\s+to|'ll)\s+"
    r"(?:contact|call|email|phone|ring|whatsapp|text|get\s+in\s+touch|reach\s+out|be\s+in\s+touch)\b|"
    r"\bsomeone\s+(?:from\s+(?:our|the)\s+\w+\s+(?:team\s+)?)?(?:will|is\s+going\s+to|'ll)\s+"
    r"(?:contact|call|email|phone|ring|get\s+in\s+touch|reach\s+out)\b|"
    # "I've passed this to our Equipo de Seguridad", "handing this to our Tim Konsultan": a team by its own name
    r"(?-i:\b(?:[Pp]ass(?:ed|ing)?|[Hh]and(?:ed|ing)?|[Ff]orward(?:ed|ing)?|[Rr]eferr?(?:ed|ing)?)\s+(?:this|it|your\s+\w+)"
    r"\s+(?:on\s+|over\s+)?to\s+(?:our|the)\s+[A-Z][\w-]+)", re.I))
REFUND_DONE = re.compile(
    r"\b(?:issued|processed|sent|initiated|approved)\s+(?:a|your|the)\s+(?:full\s+|partial\s+)?refund\b|"
    r"\brefund\w*\s+(?:of\s+\S+\s+)?(?:has\s+been|was|is\s+being|will\s+be)\s+(?:issued|processed|sent|initiated|approved|credited)\b|"
    r"\b(?:we|i)(?:'ve|\s+have|\s+will|'ll)?\s+refund(?:ed)?\b", re.I)
RUDE = re.compile(
    r"\byour\s+(?:own\s+)?fault\b|\byou\s+should\s+have\s+(?:read|checked|known|looked|noticed|ordered|paid|measured|followed|listened|thought|realised|realized|kept|asked\s+(?:before|first))\b|\byou\s+(?:failed|forgot|didn't\s+bother)\s+to\b|\bcalm\s+down\b|"
    r"\bnot\s+(?:our|my)\s+problem\b|\bstop\s+(?:complaining|bothering|whining|emailing)\b|\bas\s+i\s+(?:already\s+)?(?:said|told\s+you)\b|"
    r"\b(?:stupid|idiot\w*|dumb|ridiculous|pathetic|moron\w*|clueless)\b|\bdeal\s+with\s+it\b|\bwhatever\b|\bshut\s+up\b|"
    r"\bread\s+the\s+(?:policy|faq|instructions|website|terms)\b|\bclearly\s+you\b|\byou\s+clearly\b|\bobviously\b|"
    r"\bnothing\s+(?:we|i)\s+can\s+do\b|\bnext\s+time\b.{0,30}\b(?:read|check|pay\s+attention)\b|\bwhat\s+did\s+you\s+expect\b|"
    r"\bnot\s+my\s+job\b|\bbe\s+patient\b|\bwait\s+like\s+everyone\b|\beveryone\s+has\s+to\s+wait\b", re.I)
POLITE = re.compile(r"\bthank|\bsorry\b|\bapologi[sz]e|\bhappy\s+to\b|\bglad\s+to\b|\bplease\b|\bappreciate|"
                    r"\bunderstand\s+(?:how|your|the)\b|\bhope\s+this\s+helps\b|\bmy\s+pleasure\b|\bdear\b|\b(?:hi|hello|hiya)\b",
                    re.I)
NEXT_STEP = {
    "reset_link": re.compile(r"\breset\s+(?:link|email)\b|\blink\s+to\s+reset\b|\breset\s+(?:your|the)\s+password\b|"
                             r"\bpassword\s+reset\b|\bunlock\s+link\b", re.I),
    "verification_code": re.compile(r"\bverification\s+(?:code|link|email)\b|\bconfirmation\s+(?:code|link)\b|"
                                    r"\b(?:code|link)\s+to\s+(?:confirm|verify)\b|\bverify\s+(?:the|your)\s+new\b",
                                    re.I),
    "replacement": re.compile(r"\breplacement\b|\bre-?ship\w*\b|\bsend(?:ing)?\s+(?:you\s+)?(?:a\s+)?(?:new|another)\s+"
                              r"(?:one|unit|package|parcel)\b|\bship(?:ping)?\s+(?:you\s+)?(?:a\s+)?(?:new|another)\b|"
                              r"\breplace\s+(?:it|the|your)\b", re.I),
}
# A concrete outcome or next step: something done, booked or promised with a when, or a direct how-to.
# A done-word that changes nothing for the customer ("noted", "logged") is none; a bare "yes" / "no" is
# none either (customer_support.py reads it as the claim it answers). customer_support.py also requires
# the outcome to be anchored to this request (request.anchors).
_DONE = (r"issued|sent|booked|changed|updated|cancel+ed|refunded|opened|created|raised|frozen|locked|blocked|"
         r"passed|escalated|flagged|arranged|added|applied|credited|released|reset|requested|asked|placed|reshipped|"
         r"replaced|reserved|scheduled|processed|approved|removed|confirmed|corrected|fixed|emailed|forwarded|"
         r"contacted|filed|submitted|restored|waived|extended|reissued|unlocked|moved|stopped|paused|sorted|"
         r"organi[sz]ed|swapped|exchanged|repaired|cleared|authori[sz]ed|voided|reversed|dispatched|despatched|posted|"
         r"shipped|re-?sent|rebooked|rearranged|redirected|rerouted|amended|adjusted|expedited|upgraded|deducted|"
         r"honou?red|reinstated|re-?enabled|deleted|closed|merged|topped\s+up|knocked|refunded|put\s+through|"
         r"set\s+up|booked\s+in|chased|ordered|paid")
OUTCOME = re.compile(
    r"\b(?:i|we)(?:'ve|\s+have|\s+just|\s+already)?(?:\s+just|\s+already|\s+now)?\s+(?:" + _DONE + r")\b|"
    r"\b(?:i|we)(?:'ll|\s+will|\s+can)\s+(?:send|refund|arrange|book|call|email|issue|ship|replace|cancel|contact|"
    r"process|credit|update|collect|reship|reimburse|waive|sort|organi[sz]e|swap|exchange|repair|fix|reset|"
    r"unlock|release|deliver|post|dispatch|put\s+through|top\s+up|pay|cover|honou?r|chase|expedite|redirect)\b|"
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:gone|went)\s+ahead\s+and\s+\w+|"
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:received|got|checked|inspected)\b[^.!?;]{0,60}?\band\s+(?:have\s+|also\s+)?"
    r"(?:" + _DONE + r")\b|"
    r"\b(?:i'm|we're|i\s+am|we\s+are)\s+(?:now\s+|also\s+)?(?:sending|refunding|issuing|arranging|shipping|"
    r"replacing|cancel+ing|crediting|booking|posting|reshipping|reimbursing|waiving|swapping|exchanging|"
    r"dispatching|covering|paying)\b|"
    r"\b(?:a|your|the)\s+(?:new\s+\w+|replacement|refund|credit|voucher)\b[^.!?]{0,30}?\b(?:is\s+on\s+(?:its|the)\s+way|"
    r"(?:will|should)\s+(?:arrive|reach\s+you|show|appear|land|be\s+with\s+you|clear))\b|"
    r"\bhere(?:'s|\s+is|\s+are)\s+(?:a|your|the)\s+(?:\w+\s+)?(?:link|code|label|voucher|discount|instructions)\b|"
    r"\b(?:has|have)\s+been\s+(?:" + _DONE + r")\b|\bis\s+(?:now\s+)?cancel+ed\b|\bwent\s+back\s+to\s+your\b|"
    r"\bwill\s+(?:call|contact|email|phone|ring|be\s+in\s+touch|get\s+back\s+to\s+you|reach\s+out)\b[^.!?]{0,60}?"
    r"\b(?:within|by|today|tomorrow|before|this|at)\b|"
    r"\byou(?:'ll|\s+will)\s+(?:get|receive|see|have)\b[^.!?]{0,50}?\b(?:email|link|label|code|refund|confirmation|it|"
    r"money|text|sms|call)\b|"
    r"\byou\s+can\s+\w+\s+[^.!?]{0,40}?(?:\bunder\b|\bvia\b|\busing\b|\bfrom\s+the\b|\bin\s+the\b|\bat\s+\w|>)|"
    # a terse agent: "Refunded yesterday (2 Dec): kr 1 800 back to your card."
    r"(?:^|[.!?]\s+)(?:refunded|cancel+ed|reshipped|replaced|credited|rebooked)\b[^.!?]{0,40}?\d",
    re.I)
# A done-word with nothing for an object: "I've sorted it.", "we have processed your request". Removed before
# OUTCOME is read, so it is no outcome; "I've updated your account with the new address" stays one.
VAGUE_DONE = re.compile(
    r"\b(?:sorted(?:\s+out)?|fixed|processed|handled|actioned|resolved|dealt\s+with|taken\s+care\s+of|looked\s+into|"
    r"updated|raised|opened|created|submitted|forwarded|passed(?:\s+on)?|flagged|noted|logged|reviewed|checked|"
    r"sort|fix|process|handle|resolve|action|review|look\s+into|take\s+care\s+of|deal\s+with)\s+"
    r"(?:it|this|that|everything|things|all\s+of\s+(?:it|this)|the\s+(?:issue|problem|matter|request|query|case|"
    r"ticket|situation)|your\s+(?:request|case|query|issue|problem|complaint|ticket|feedback|account|order|details|"
    r"information|concern|message|email)|a\s+(?:ticket|case|request|report))"
    r"(?:\s+(?:for\s+you|now|already|right\s+away|on\s+our\s+(?:end|side)|internally|with\s+the\s+team))*"
    r"\s*(?=[.!,;:)]|$|\s+(?:and|so|but)\b)", re.I)
# Information said to be sent somewhere else instead of given here ("I've emailed you the full tracking details and
# delivery window"): removed with VAGUE_DONE before OUTCOME is read, so it is no outcome; the reply is judged on
# what it states itself. A thing the customer needs and cannot be typed into a reply stays one ("I've emailed you a
# prepaid return label").
INFO_ELSEWHERE = re.compile(
    r"\b(?:e-?mailed|sent|messaged|texted|forwarded|dm'?d|whats?app'?d)\s+(?:(?:you|it|them|this|that)\s+)?"
    r"(?:over\s+|across\s+|on\s+)?(?:all\s+(?:of\s+)?)?(?:the|your|those|these)\s+"
    r"(?:(?:full|latest|complete|relevant|updated|up-to-date|order|shipping|delivery|tracking|parcel)\s+)*"
    r"(?:details|info(?:rmation)?|updates?|tracking|delivery\s+window|everything)\b"
    r"(?:\s+(?:and|&)\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:details|window|info(?:rmation)?|tracking|updates?|dates?)\b)?",
    re.I)
# The agent asks for the order number (request.restates; customer_support without a record)
ORDER_NUMBER_WORDS = (r"n[úu]mero\s+de\s+(?:pedido|orden|compra)|n[úu]mero\s+do\s+pedido|num[ée]ro\s+de\s+commande|"
                       r"bestell(?:nummer|nr)|ordre?nummer|ordernr|numero\s+d(?:'|\s+)ordine|nomor\s+pesanan|no\.?\s+pesanan|"
                       r"sipari[şs]\s+numaras[ıi]|numer\s+zam[óo]wienia|tilausnumero|objednávky")
ASKS_ORDER_NUMBER = re.compile(
    r"\b(?:send|share|give|tell|provide|need|reply\s+with|let\s+me\s+(?:know|have)|what(?:'s|\s+is|\s+was))\b[^.?!]{0,40}?"
    r"(?:\border\s*(?:number|no\b|nr\b|id\b|ref\w*|code|#)|" + ORDER_NUMBER_WORDS + r")|"
    r"\b(?:order|reference)\s*(?:number|no\b|id\b|ref\w*|code)"
    r"[^.!]{0,60}\?", re.I)
# Every remedy at once is a keyword list, not a decision.
REMEDIES = {"refund": r"\brefund", "replacement": r"\breplac", "cancel": r"\bcancel",
            "reship": r"\bre-?(?:ship|send|sent)", "exchange": r"\bexchang",
            "credit": r"\b(?:voucher|store\s+credit|credit\s+note|gift\s+card|discount|coupon)",
            "repair": r"\brepair", "compensation": r"\bcompensat", "collection": r"\bcollect(?:ion)?\b"}
_REMEDY_RE = [re.compile(p, re.I) for p in REMEDIES.values()]


# What strings keywords together: any symbol but letters with their combining marks ("नमस्ते" is one word), spaces,
# and the punctuation of sentences (the danda "।" ends a Hindi one; "。、（）「」" are Japanese and Chinese commas,
# stops, brackets and quotes)
_ITEM_BREAK = re.compile(rf"[^\w\s.,!?'’()€$£¥₱₹%&।。、，．？！：；（）「」『』・〜{names.combining_marks()}-]+")


# Words that hold a sentence together: a reply of a dozen words or more with (almost) none of them is a list of
# keywords, not an answer ("Exchange exchange approved. Order ... delivered exchange pickup refund replacement").
def keyword_list(text: str, min_items: int = 5) -> bool:
    """True for a reply that is mostly a list of one- or two-word items strung on symbols ("Shipping ✅ Tracking ✅
    Refund ✅ ..."): keywords for a grader, not sentences for a customer."""
    items = [seg.split() for seg in _ITEM_BREAK.split(text)]
    short = sum(1 for words in items if 1 <= len(words) <= 2)
    return short >= min_items and short >= 0.6 * sum(1 for words in items if words)


def remedies_in(text: str) -> int:
    """How many distinct remedies a reply names (4 or more: stuffing)."""
    return sum(1 for p in _REMEDY_RE if p.search(text))


# Sending the customer elsewhere, or promising nothing: not an outcome unless something is also done.
DEFLECT = re.compile(
    r"\bcontact\s+(?:your\s+bank|the\s+(?:courier|carrier|manufacturer)|them|\w+\s+directly)\b|\bout\s+of\s+our\s+hands\b|"
    r"\b(?:we|i)\s+(?:can't|cannot|can\s+not|are\s+unable\s+to|am\s+unable\s+to|'m\s+(?:not\s+able|unable)\s+to|"
    r"am\s+not\s+able\s+to|'re\s+(?:not\s+able|unable)\s+to)\s+(?:help|assist|share|do|discuss)\b|"
    r"\b(?:please\s+)?(?:check|see|visit|refer\s+to)\s+(?:our|the)\s+(?:website|faq|help|policy|returns?\s+page|terms)|"
    r"\bcheck\s+back\b|\bplease\s+wait\b|\blooking\s+into\s+it\b|"
    r"\b(?:you'll|you\s+will)\s+(?:need|have)\s+to\s+(?:contact|speak|talk|get\s+in\s+touch|reach\s+out|take\s+it\s+up)\b|"
    r"\b(?:i'd|we'd|i\s+would|we\s+would)\s+(?:suggest|recommend|advise)\s+(?:contacting|speaking|getting\s+in\s+touch)\b|"
    r"\bnothing\s+(?:more\s+)?(?:we|i)\s+can\s+do\b", re.I)
CARRIERS = ("UPS", "FedEx", "USPS", "DHL", "DPD", "GLS", "Royal Mail", "Parcelforce", "Evri", "Hermes", "Yodel", "TNT",
            "PostNL", "Colissimo", "Chronopost", "La Poste", "Canada Post", "Purolator", "Australia Post", "Correos",
            "InPost", "Amazon Logistics", "OnTrac", "Aramex", "Japan Post", "Yamato", "Deutsche Post", "Poste Italiane")
_CARRIER_RE = {c: re.compile(r"\b" + re.escape(c).replace(r"\ ", r"\s+") + r"\b", 0 if c.isupper() else re.I)
               for c in CARRIERS}
_CARRIER_RE["FedEx"] = re.compile(r"\bfed\s?ex\b", re.I)
_CARRIER_RE["USPS"] = re.compile(r"\bUSPS\b|\bpostal\s+service\b", re.I)
# Every carrier at once, case-blind: a reply that matches none of them (most) is read in one search, not forty
_ANY_CARRIER = re.compile("|".join(f"(?:{p.pattern})" for p in _CARRIER_RE.values()), re.I)
# A tracking number: UPS 1Z..., a postal S10 number (RM482910375GB), 10-22 digits, an upper-case
# code of 12-22 characters with digits, or digits (spaces allowed) after the word "tracking".
TRACKING = re.compile(r"\b(1Z[0-9A-Z]{10,16}|[A-Z]{2}\d{9}[A-Z]{2}|\d{10,22}|"
                      r"(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{12,22})\b|"
                      r"(?i:\btracking(?:\s+(?:number|no\.?|code|id|ref))?)\s*(?:is|:|#)?\s*(\d[\d ]{6,30}\d)\b")
EMAIL = re.compile(r"[\w.*+-]+@[\w-]+(?:\.[\w-]+)+")


def carriers_in(text: str, extra: str | None = None) -> set[str]:
    """Carrier names in a reply (the list above, plus the record's own carrier name)."""
    found = {name for name, p in _CARRIER_RE.items() if p.search(text)} if _ANY_CARRIER.search(text) else set()
    if extra and re.search(r"\b" + re.escape(extra) + r"\b", text, re.I):
        found.add(extra)
    return found


def same_carrier(a: str, b: str) -> bool:
    a, b = re.sub(r"\W", "", a.lower()), re.sub(r"\W", "", b.lower())
    return bool(a) and bool(b) and (a in b or b in a)


# The role a date or an amount is given in the words just before it; None: no role (a pickup slot, a warranty end).
_DATE_ROLE = re.compile(r"\b(?:deliver\w*|arriv\w*|due|expect\w*|estimate\w*|eta|be\s+with\s+you|ship\w*|dispatch\w*|"
                        r"despatch\w*|went\s+out|left\s+(?:our|the)|sent|refund\w*|credit\w*|back\s+to\s+your|"
                        r"order(?:ed)?|placed|return\w*|received|signed|land\w*|reach\w*|collect\w*|pick\s+up|"
                        r"scheduled)\b(?:[^.!?;]|\.(?=\d)){0,30}$", re.I)
_AMOUNT_ROLE = re.compile(r"\b(?:refund\w*|reimburs\w*|credit\w*|charge\w*|total|paid|payment|order\s+value|"
                          r"pre-?authori[sz]ation|back\s+to\s+your|money\s+back)\b(?:[^.!?;]|\.(?=\d)){0,30}$|^\s*(?:refund|back|was\s+charged)",
                          re.I)


def date_has_role(text: str, start: int) -> bool:
    return bool(_DATE_ROLE.search(text[max(0, start - 50):start]))


def amount_has_role(text: str, start: int, end: int) -> bool:
    """Whether the amount at text[start:end] is given as a refund, a charge or a total."""
    return bool(_AMOUNT_ROLE.search(text[max(0, start - 50):start])) or bool(
        re.match(r"[^.!?;]{0,15}\b(?:refund\w*|back\b|went\s+back|credited)", text[end:end + 40], re.I))


# "ZA-BRC-_____ left on __-Dec-26 with ________", "[order number]", "XXXX": a form with its specifics removed.
PLACEHOLDER = re.compile(r"_{3,}|\[(?:order|tracking|date|name|amount|carrier|number)[^\]]{0,20}\]|"
                          r"<(?:order|tracking|date|name|amount|carrier)[^>]{0,20}>|\b[Xx]{4,}\b|\{\w+\}")
