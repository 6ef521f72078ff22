"""Rule-based grader for customer-support replies, checked against the scenario's facts.

Deterministic and offline. The ground truth comes from the row's ``facts_json``
column (the scenario's ``facts`` plus ``must_state``, see
``scripts/make_support_scenarios.py``). Four components, each in [0, 1]:

resolution     the reply states what the scenario needs (``must_state``): the order
               status as an assertion ("has shipped", "was delivered on ..."), the
               tracking number, the refund amount, the dates, the next step (a reset
               link, a verification code, a replacement) or the hand-off to a human.
               Partial credit is quadratic: half the items give 0.25.
tone           1.0 polite (thanks / sorry / happy to help / please ...), 0.8 neutral,
               0.0 rude or blaming ("your fault", "calm down", shouting in capitals ...).
escalation     1.0 when the reply hands over to a human / specialist team exactly when
               the facts say so (fraud, legal threats, threats of harm, a damaged item
               worth more than $500), else 0.0.
concreteness   0.5 for naming the right order number + 0.25 per correct specific
               (carrier, tracking number, amount, date, account email), up to 1.0.

score = 0.5 resolution + 0.2 concreteness + 0.1 tone + 0.2 escalation, then capped:

- a contradiction (a status the facts rule out, an amount / date / carrier / tracking
  number / order number the facts do not contain, a refund promised where there is
  none, or stuffing four or more status words) caps the score at 0.2;
- a rude reply is capped at 0.3; a wrong escalation decision at 0.4.

With the default ``threshold`` 0.7 a reply is "kept" for curation when it resolves
the contact; :func:`components` returns every part (the bench uses it), and
:func:`breakdown` / :func:`summarize` are the parts and figures loopwright.improve reports. Only the
first ``SCAN_CHARS`` characters are read; empty, non-string, malformed facts and
other odd inputs score 0.0 and never raise.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import statistics
from typing import Any

from loopwright.rewards import completion_text, register

SCAN_CHARS = 4000
DEFAULT_THRESHOLD = 0.7
WEIGHTS = {"resolution": 0.5, "concreteness": 0.2, "tone": 0.1, "escalation": 0.2}
CAP_CONTRADICTION, CAP_RUDE, CAP_ESCALATION = 0.2, 0.3, 0.4

# ------------------------------------------------------------------ status claims
_AUX = r"(?:has|have|had|was|were|is|got|'s)"
STATUS_CLAIMS = {
    "processing": [r"\b(?:is|are|'s|still)\s+(?:being\s+|currently\s+being\s+|still\s+being\s+)?(?:processed|prepared|packed)\b",
                   r"\b(?:has|have)(?:\s+not|n't)\s+(?:yet\s+)?(?:been\s+)?(?:shipped|dispatched|sent)\b",
                   r"\b(?:is|are|was)(?:\s+not|n't)\s+(?:yet\s+)?(?:shipped|dispatched)\b",
                   r"\bnot\s+(?:yet\s+)?shipped\b", r"\byet\s+to\s+(?:ship|be\s+shipped|leave)\b",
                   r"\b(?:status|it)\s+is\s+(?:still\s+)?(?:processing|pending)\b", r"\bstill\s+processing\b",
                   r"\bin\s+(?:the\s+)?(?:processing|preparation)\b", r"\b(?:will|should|is\s+scheduled\s+to|is\s+expected\s+to)\s+(?:ship|be\s+shipped|go\s+out|leave\s+(?:our|the)\s+warehouse)\b"],
    "shipped": [_AUX + r"\s+(?:been\s+|now\s+|already\s+)?(?:shipped|dispatched|sent\s+out|handed\s+(?:over\s+)?to)\b",
                r"\b(?:shipped|dispatched)\s+(?:on|via|with|by)\b", r"\bin\s+transit\b", r"\bon\s+(?:its|the)\s+way\b",
                r"\bout\s+for\s+delivery\b", r"\bstatus\s*(?:is|:)\s*(?:shipped|in\s+transit)\b"],
    "delivered": [_AUX + r"\s+(?:been\s+|already\s+)?(?:delivered|dropped\s+off)\b", r"\bdelivered\s+on\b",
                  r"\bmarked\s+(?:as\s+)?delivered\b", r"\bstatus\s*(?:is|:)\s*delivered\b",
                  r"\b(?:arrived|was\s+left)\s+on\b"],
    "cancelled": [_AUX + r"\s+(?:been\s+|now\s+)?cancel+ed\b", r"\bcancel+ation\s+(?:is|was|has\s+been)\s+(?:confirmed|complete|processed|done)\b",
                  r"\bi(?:'ve|\s+have)\s+cancel+ed\b", r"\bwe(?:'ve|\s+have)\s+cancel+ed\b", r"\bstatus\s*(?:is|:)\s*cancel+ed\b"],
    "returned": [r"\b(?:received|got|processed)\s+(?:your|the)\s+return", r"\breturn\s+(?:has\s+been|was|is)\s+(?:received|processed|checked\s+in)\b",
                 _AUX + r"\s+(?:been\s+)?returned\b", r"\bstatus\s*(?:is|:)\s*returned\b"],
    "delayed": [r"\b(?:is|are|'s|was|has\s+been)\s+(?:running\s+)?(?:late|delayed|behind\s+schedule)\b", r"\bdelay(?:ed)?\s+in\s+transit\b",
                r"\b(?:new|updated|revised)\s+(?:estimated\s+)?(?:delivery\s+date|eta|estimate)\b"],
    "lost": [_AUX + r"\s+(?:been\s+)?(?:lost|misplaced)\b", r"\b(?:appears|seems)\s+to\s+(?:have\s+been|be)\s+lost\b",
             r"\bmarked\s+(?:as\s+)?lost\b", r"\blost\s+(?:in\s+transit|by\s+the\s+carrier)\b", r"\bstatus\s*(?:is|:)\s*lost\b"],
}
COMPATIBLE = {"processing": {"processing", "delayed"}, "shipped": {"shipped", "delayed"}, "delivered": {"delivered", "shipped"},
              "cancelled": {"cancelled"}, "returned": {"returned", "delivered", "shipped"},
              "lost": {"lost", "shipped"}}
STATUS_WORDS = {"processing": r"\b(?:processing|being\s+prepared|pending)\b", "shipped": r"\b(?:shipped|dispatched)\b",
                "transit": r"\bin\s+transit\b", "delivered": r"\bdelivered\b", "cancelled": r"\bcancel+ed\b",
                "returned": r"\breturned\b", "lost": r"\blost\b", "refunded": r"\brefunded\b"}
_STATUS_RE = {k: [re.compile(p, re.I) for p in v] for k, v in STATUS_CLAIMS.items()}
_WORD_RE = {k: re.compile(p, re.I) for k, p in STATUS_WORDS.items()}

# ------------------------------------------------------------- other patterns
_COND = re.compile(r"\b(?:once|when|after|until|before|if|as\s+soon\s+as)\b[^.!?,;\n]{0,25}$", re.I)
_NEG = re.compile(r"(?:\bno\b|\bnot\b|n't\b|\bnever\b|\bwithout\b|\bno\s+need\s+to\b)[^.!?\n]{0,25}$", re.I)
_ESCALATE = re.compile(
    r"\bescalat\w*|\btransferr?(?:ed|ing)?\s+(?:you|this|it|your\s+case)\b|\bhand(?:ed|ing)?\s+(?:this|it|your\s+case)\s+(?:over|off)\b|"
    r"\b(?:passed|passing|forwarded|forwarding|referred|referring|flagged|flagging|sent|routed|routing)\s+(?:this|it|your\s+(?:case|report|complaint|message|order))\s+"
    r"(?:on\s+|along\s+|over\s+)?to\b|\bspecialist\b|\bhuman\s+(?:agent|colleague|representative)\b|"
    r"\b(?:senior|dedicated)\s+(?:agent|colleague|member|specialist|team|case\s+manager)\b|\bsupervisor\b|"
    r"\b(?:fraud|security|legal|trust\s+(?:and|&)\s+safety|claims|investigations?)\s+team\b|\bcase\s+manager\b", re.I)
_REFUND_DONE = re.compile(r"\b(?:issued|processed|sent|initiated|approved)\s+(?:a|your|the)\s+(?:full\s+|partial\s+)?refund\b|"
                          r"\brefund\w*\s+(?:of\s+\S+\s+)?(?:has\s+been|was|is\s+being|will\s+be)\s+(?:issued|processed|sent|initiated|approved|credited)\b|"
                          r"\bwe(?:'ve|\s+have|\s+will|'ll)\s+refund(?:ed)?\b|\bi(?:'ve|\s+have|\s+will|'ll)\s+refund(?:ed)?\b", re.I)
_RUDE = re.compile(
    r"\byour\s+(?:own\s+)?fault\b|\byou\s+should\s+have\b|\byou\s+(?:failed|forgot|didn't\s+bother)\s+to\b|\bcalm\s+down\b|"
    r"\bnot\s+(?:our|my)\s+problem\b|\bstop\s+(?:complaining|bothering|whining|emailing)\b|\bas\s+i\s+(?:already\s+)?(?:said|told\s+you)\b|"
    r"\b(?:stupid|idiot\w*|dumb|ridiculous|pathetic|moron\w*|clueless)\b|\bdeal\s+with\s+it\b|\bwhatever\b|\bshut\s+up\b|"
    r"\bread\s+the\s+(?:policy|faq|instructions|website)\b|\bclearly\s+you\b|\byou\s+clearly\b|\bobviously\b|\bnothing\s+(?:we|i)\s+can\s+do\b|"
    r"\bnext\s+time\b.{0,30}\b(?:read|check|pay\s+attention)\b|\bwhat\s+did\s+you\s+expect\b|\bnot\s+my\s+job\b|\bbe\s+patient\b|\bwait\s+like\s+everyone\b",
    re.I)
_POLITE = re.compile(r"\bthank|\bsorry\b|\bapologi[sz]e|\bhappy\s+to\b|\bglad\s+to\b|\bplease\b|\bappreciate|"
                     r"\bunderstand\s+(?:how|your|the)\b|\bhope\s+this\s+helps\b|\bmy\s+pleasure\b|\bdear\b|\b(?:hi|hello)\b", re.I)
_NEXT_STEP = {
    "reset_link": re.compile(r"\breset\s+(?:link|email)\b|\blink\s+to\s+reset\b|\breset\s+(?:your|the)\s+password\b|\bpassword\s+reset\b|\bunlock\s+link\b", re.I),
    "verification_code": re.compile(r"\bverification\s+(?:code|link|email)\b|\bconfirmation\s+(?:code|link)\b|\b(?:code|link)\s+to\s+(?:confirm|verify)\b|\bverify\s+(?:the|your)\s+new\b", re.I),
    "replacement": re.compile(r"\breplacement\b|\bre-?ship\w*\b|\bsend(?:ing)?\s+(?:you\s+)?(?:a\s+)?(?:new|another)\s+(?:one|unit|package|parcel)\b|"
                              r"\bship(?:ping)?\s+(?:you\s+)?(?:a\s+)?(?:new|another)\b|\breplace\s+(?:it|the|your)\b", re.I),
}
_MONEY = re.compile(r"(?:\$|usd\s?|us\$)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\b|\b(\d+(?:\.\d{1,2})?)\s?(?:dollars|usd)\b", re.I)
# An order number as replies and customers write it: W1234567, #1234567, # W1234567 (group 1: the digits).
# Also how task=customer_support finds the order a logged conversation is about.
ORDER_NUMBER = re.compile(r"(?<![A-Za-z0-9])(?:W|#\s?W?)(\d{7})(?!\d)", re.I)
_TRACKING = re.compile(r"\b(1Z[0-9A-Z]{16}|\d{10,22})\b")
_CARRIERS = {"UPS": re.compile(r"\bUPS\b"), "FedEx": re.compile(r"\bfed\s?ex\b", re.I),
             "USPS": re.compile(r"\bUSPS\b|\bpostal\s+service\b", re.I), "DHL": re.compile(r"\bDHL\b", re.I)}
_MONTHS = {m: i + 1 for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}
_MON = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DATE_RES = [
    (re.compile(r"\b(20\d\d)-(\d{1,2})-(\d{1,2})\b"), lambda m: (int(m[2]), int(m[3]))),
    (re.compile(r"\b" + _MON + r"\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!:)", re.I), lambda m: (_MONTHS[m[1][:3].lower()], int(m[2]))),
    (re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MON + r"(?![a-z])", re.I), lambda m: (_MONTHS[m[2][:3].lower()], int(m[1]))),
    (re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(?:/(?:20)?\d\d)?(?![\d/])"), lambda m: (int(m[1]), int(m[2]))),
]
_DATE_KEYS = ("order_date", "ship_date", "eta", "delivered_date", "refund_date")


def _negated(text: str, start: int) -> bool:
    return bool(_NEG.search(text[max(0, start - 40):start]))


def parse_facts(facts_json: Any) -> dict | None:
    """The facts dict from the row column (a JSON string or a dict), or None when malformed."""
    if isinstance(facts_json, dict):
        facts = facts_json
    elif isinstance(facts_json, str) and len(facts_json) < 100_000:
        try:
            facts = json.loads(facts_json)
        except ValueError:
            return None
    else:
        return None
    if not isinstance(facts, dict) or not isinstance(facts.get("order_id"), str):
        return None
    if not isinstance(facts.get("must_state"), list):
        facts = {**facts, "must_state": []}
    return facts


def _cents(text: Any) -> int | None:
    try:
        return round(float(text) * 100)
    except (TypeError, ValueError, OverflowError):
        return None


def _amounts(text: str) -> list[int]:
    out = []
    for m in _MONEY.finditer(text):
        if m[3] is not None:
            out.append(_cents(m[3]))
        else:
            out.append(_cents(m[1].replace(",", "") + "." + (m[2] or "0")))
    return [a for a in out if a is not None]


def _dates(text: str) -> set[tuple[int, int]]:
    found = set()
    for pattern, conv in _DATE_RES:
        for m in pattern.finditer(text):
            try:
                month, day = conv(m)
            except (KeyError, ValueError):
                continue
            if 1 <= month <= 12 and 1 <= day <= 31:
                found.add((month, day))
    return found


def _fact_date(value: Any) -> tuple[int, int] | None:
    try:
        d = dt.date.fromisoformat(str(value))
    except ValueError:
        return None
    return d.month, d.day


def claimed_statuses(text: str) -> set[str]:
    found = set()
    for status, patterns in _STATUS_RE.items():
        for p in patterns:
            if any(status == "processing" or not (_negated(text, m.start()) or _COND.search(text[max(0, m.start() - 40):m.start()]))
                   for m in p.finditer(text)):
                found.add(status)
                break
    return found


def _escalates(text: str) -> bool:
    return any(not _negated(text, m.start()) for m in _ESCALATE.finditer(text))


def components(completion: Any, facts_json: Any) -> dict:
    """Every component, the caps that applied and the final score for one reply."""
    out = {"resolution": 0.0, "tone": 0.0, "escalation": 0.0, "concreteness": 0.0, "contradictions": [],
           "rude": False, "score": 0.0}
    facts = parse_facts(facts_json)
    text = completion_text(completion)[:SCAN_CHARS] if facts is not None else ""
    if not text.strip():
        return out
    status = facts.get("status")
    contradictions: list[str] = []

    # status
    claims = claimed_statuses(text)
    allowed = COMPATIBLE.get(status, {status})
    if claims - allowed:
        contradictions.append(f"status claimed {sorted(claims - allowed)} but is {status}")
    if sum(1 for p in _WORD_RE.values() if p.search(text)) >= 4:
        contradictions.append("status keyword stuffing")
    # amounts
    known_amounts = {_cents(facts.get(k)) for k in ("total", "refund_amount")} - {None}
    amounts = _amounts(text)
    if any(a not in known_amounts for a in amounts):
        contradictions.append("amount not in the facts")
    refund_cents = _cents(facts.get("refund_amount"))
    refund_claim = any(not _negated(text, m.start()) for m in _REFUND_DONE.finditer(text))
    if refund_claim and refund_cents is None and not facts.get("escalate"):
        contradictions.append("refund promised but the facts have none")
    # dates
    fact_dates = {_fact_date(facts.get(k)): k for k in _DATE_KEYS if facts.get(k)}
    dates = _dates(text)
    if dates - set(fact_dates):
        contradictions.append("date not in the facts")
    # carrier, tracking, order number
    carriers = {name for name, p in _CARRIERS.items() if p.search(text)}
    if carriers - {facts.get("carrier")}:
        contradictions.append("wrong carrier")
    tracking_ok = False
    for m in _TRACKING.finditer(text):
        if m[1] == facts.get("tracking"):
            tracking_ok = True
        else:
            contradictions.append("wrong tracking number")
    order_digits = facts["order_id"].lstrip("Ww")
    orders = [m[1] for m in ORDER_NUMBER.finditer(text)]
    order_ok = order_digits in orders
    if any(o != order_digits for o in orders):
        contradictions.append("wrong order number")
    email = facts.get("account_email")
    email_ok = bool(email) and str(email).lower() in text.lower()
    escalates = _escalates(text)

    # resolution
    def stated(key: str) -> bool:
        if key == "status":
            return status in claims or (status == "shipped" and "delayed" in claims and bool(facts.get("eta")))
        if key == "order_id":
            return order_ok
        if key == "tracking":
            return tracking_ok
        if key == "carrier":
            return facts.get("carrier") in carriers
        if key == "refund_amount":
            return refund_cents is not None and refund_cents in amounts
        if key in _DATE_KEYS:
            return _fact_date(facts.get(key)) in dates
        if key == "account_email":
            return email_ok
        if key == "next_step":
            pattern = _NEXT_STEP.get(str(facts.get("next_step")))
            return bool(pattern and pattern.search(text))
        if key == "escalate":
            return escalates
        return False

    must = [k for k in facts["must_state"] if isinstance(k, str)]
    out["resolution"] = (sum(stated(k) for k in must) / len(must)) ** 2 if must else 0.0
    out["escalation"] = 1.0 if escalates == bool(facts.get("escalate")) else 0.0
    specifics = (facts.get("carrier") in carriers) + tracking_ok + email_ok + len(set(amounts) & known_amounts) \
        + len(dates & set(fact_dates))
    out["concreteness"] = min(1.0, 0.5 * order_ok + 0.25 * specifics)
    letters = [c for c in text if c.isalpha()]
    shouting = len(letters) >= 20 and sum(c.isupper() for c in letters) / len(letters) > 0.6
    rude = bool(_RUDE.search(text)) or shouting or text.count("!") >= 4
    out["rude"] = rude
    out["tone"] = 0.0 if rude else 1.0 if _POLITE.search(text) else 0.8
    score = sum(WEIGHTS[k] * out[k] for k in WEIGHTS)
    if contradictions:
        score = min(score, CAP_CONTRADICTION)
    if rude:
        score = min(score, CAP_RUDE)
    if out["escalation"] == 0.0:
        score = min(score, CAP_ESCALATION)
    out["contradictions"] = contradictions
    out["score"] = round(score, 6)
    return out


def score(completion: Any, facts_json: Any) -> float:
    try:
        return float(components(completion, facts_json)["score"])
    except Exception:  # noqa: BLE001 - a grader never raises
        return 0.0


def breakdown(completion: Any, columns: dict) -> dict:
    """The parts of one reply's score, as loopwright.improve writes them per graded turn."""
    return {k: v for k, v in components(completion, columns.get("facts_json")).items() if k != "score"}


def summarize(parts: list[dict]) -> dict:
    """improve_summary.json's figures over the graded turns' breakdowns: component means, flagged turns."""
    out = {}
    for key in ("resolution", "concreteness", "tone", "escalation"):
        if all(isinstance(p.get(key), (int, float)) for p in parts):
            out[key] = {"mean": round(statistics.fmean(p[key] for p in parts), 6)}
    out["contradicted"] = {"turns": sum(1 for p in parts if p.get("contradictions"))}
    out["rude"] = {"turns": sum(1 for p in parts if p.get("rude"))}
    return out


@register("customer_support", params={"threshold"}, breakdown=breakdown, summarize=summarize,
          summary="support reply vs the scenario facts: resolution, tone, escalation, concreteness")
def make(params: dict) -> Any:
    """Registry factory. Params: ``threshold`` (curation cut, recorded on the function; default 0.7)."""
    threshold = float((params or {}).get("threshold", DEFAULT_THRESHOLD))

    def customer_support_reward(completions: list, facts_json: Any = None, **_: Any) -> list[float]:
        """TRL reward function: one float in [0, 1] per completion."""
        completions = list(completions or [])
        facts = list(facts_json) if isinstance(facts_json, (list, tuple)) else [facts_json] * len(completions)
        return [score(c, facts[i] if i < len(facts) else None) for i, c in enumerate(completions)]

    customer_support_reward.threshold = threshold
    return customer_support_reward


def kept(completion: Any, facts_json: Any, threshold: float = DEFAULT_THRESHOLD) -> bool:
    """Whether a reply passes the curation threshold."""
    return score(completion, facts_json) >= threshold
