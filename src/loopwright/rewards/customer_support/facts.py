"""The facts schema of reward=customer_support: key aliases, ``facts_map``, and the value parsers.

A shop's order record arrives under its own key names and value formats. The grader reads it through one
canonical schema (:data:`ALIASES`); a key no alias covers is mapped with ``reward.params.facts_map``
(``{"Haulier": "carrier"}``; keys compare case- and punctuation-insensitively: ``"Order Ref"`` is ``order_ref``).

canonical key     aliases (after normalising: lower case, runs of non-alphanumerics -> ``_``)
order_id          order id, order number, order_no, order_ref, reference, ...
status            state, order_status, fulfilment / fulfillment / shipping / delivery status
carrier           courier, shipping_carrier, shipper, shipping_company, delivery_company
tracking          any key starting with ``tracking`` (tracking_number, tracking_no, tracking_code ...)
eta               expected_delivery, estimated_delivery, delivery_estimate, delivery_date, arrives ...
ship_date         shipped_on, dispatched_on, despatch_date, shipping_date ...
delivered_date    delivered_on, delivered_at, delivered
order_date        ordered_on, placed_on, created_at, purchase_date
return_date       return_received, returned_on
refund_amount     refund, refund_total, refund_value, refunded_amount, amount_refunded
refund_date       refunded_on, refund_issued_on
total             order_total, order_value, grand_total, amount, price, item_value, charged
account_email     email, customer_email
escalate          escalation, escalation_required, ..., and the word in its own language (eskalation, escalade)
next_step, must_state, customer_name, items, kind   (as named)

A key present with an empty value (null, "") means "known: none" (a record saying the order has no carrier yet); a
key absent means "unknown", and the grader never judges what it cannot see. Values: dates in ISO, "2 December",
"Dec 2", "Wednesday 2 December", "12/02" (both readings kept when ambiguous), "03.12.2026"; amounts as numbers or
with a currency symbol or code on either side ("129.00 EUR", "£64.99", "1,299.00", "12,50 €"); statuses through
:func:`canonical_status`. Importable without torch; no function here raises on odd input.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

CANONICAL = ("order_id", "status", "carrier", "tracking", "eta", "ship_date", "delivered_date", "order_date",
             "return_date", "refund_amount", "refund_date", "total", "account_email", "escalate", "next_step",
             "must_state", "customer_name", "items", "kind", "escalation_reason")
ALIASES = {
    "order_id": ("order_id", "order_number", "order_no", "order_num", "order_nr", "ordernumber", "orderid", "order",
                 "order_ref", "order_reference", "order_code", "reference", "ref", "id"),
    "status": ("status", "state", "order_status", "order_state", "fulfilment_status", "fulfillment_status",
               "shipping_status", "delivery_status", "shipment_status", "fulfilment", "fulfillment", "stage",
               "order_stage", "tracking_status", "parcel_status", "current_status"),
    "carrier": ("carrier", "courier", "shipping_carrier", "shipper", "shipping_company", "delivery_company",
                "shipping_provider", "delivery_partner"),
    "eta": ("eta", "expected_delivery", "expected_delivery_date", "estimated_delivery", "estimated_delivery_date",
            "delivery_estimate", "estimated_arrival", "expected_arrival", "delivery_date", "expected_on",
            "expected_by", "arrives", "arrives_on"),
    "ship_date": ("ship_date", "shipped_on", "shipped_at", "shipped", "shipping_date", "dispatch_date",
                  "dispatched_on", "dispatched_at", "despatch_date", "despatched_on", "sent_on"),
    "delivered_date": ("delivered_date", "delivered_on", "delivered_at", "delivered", "delivery_confirmed"),
    "order_date": ("order_date", "ordered_on", "ordered_at", "placed_on", "placed_at", "created_at", "purchase_date"),
    "return_date": ("return_date", "return_received", "return_received_on", "returned_on", "returned_at"),
    "refund_amount": ("refund_amount", "refund", "refund_total", "refund_value", "refunded_amount",
                      "amount_refunded", "refunded"),
    "refund_date": ("refund_date", "refunded_on", "refunded_at", "refund_issued_on", "refund_issued"),
    "total": ("total", "order_total", "order_value", "grand_total", "amount", "price", "item_value", "charged",
              "total_paid", "amount_paid", "value"),
    "account_email": ("account_email", "email", "customer_email", "email_address"),
    "escalate": ("escalate", "escalation", "escalation_required", "requires_escalation", "escalate_required"),
}
_ALIAS_OF = {alias: key for key, names in ALIASES.items() for alias in names}
# The escalation flag in its own language: Eskalation, eskalera, escalade, escalar, eskalacja, "à escalader"
_ESCALATE_KEY = re.compile(r"(?:a_|à_|zu_|to_)?(?:eskal|escal)[^\W\d_]*|κλιμάκωση")
DATE_KEYS = ("order_date", "ship_date", "eta", "delivered_date", "return_date", "refund_date")
AMOUNT_KEYS = ("total", "refund_amount")


def norm_key(key: Any) -> str:
    # Letters of any script are kept: a shop's Greek, Cyrillic or Japanese field names are names too (blind set 5:
    # with [^a-z0-9] every Greek key became "" and the whole record collapsed into one wrong field).
    return re.sub(r"[\W_]+", "_", str(key).casefold()).strip("_")


def canonical_key(key: Any, facts_map: dict | None = None) -> str | None:
    """The schema key a record's key stands for (facts_map first, then aliases), or None."""
    k = norm_key(key)
    mapped = {norm_key(a): norm_key(b) for a, b in (facts_map or {}).items()}
    if k in mapped:
        return mapped[k] if mapped[k] in CANONICAL else None
    if k in CANONICAL:
        return k
    if k.startswith("tracking") and not k.endswith("status"):
        return "tracking"
    if _ESCALATE_KEY.fullmatch(k):
        return "escalate"
    return _ALIAS_OF.get(k)


def _empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def normalize_facts(raw: Any, facts_map: dict | None = None) -> dict | None:
    """A record (dict or JSON string) in the canonical schema; None when it is not a record. Empty values become
    None (known: none). The first key mapping to a canonical key wins, so ``order_id`` beats a later ``id``.
    Unmapped keys are kept under ``extra``.
    """
    if isinstance(raw, str):
        if len(raw) > 100_000:
            return None
        try:
            raw = json.loads(raw)
        except ValueError:
            return None
    if not isinstance(raw, dict):
        return None
    out: dict = {}
    extra: dict = {}
    for key, value in raw.items():
        canon = canonical_key(key, facts_map)
        value = None if _empty(value) else value
        if canon is None:
            extra[str(key)] = value
        elif canon not in out:
            out[canon] = value
    if isinstance(out.get("order_id"), (int, float)) and not isinstance(out.get("order_id"), bool):
        out["order_id"] = str(out["order_id"])
    if "order_id" in out and not isinstance(out["order_id"], (str, type(None))):
        return None
    if "escalate" in out:
        out["escalate_text"] = str(out["escalate"]) if out["escalate"] is not None else ""  # the shop's own word
        out["escalate"] = truthy(out["escalate"])
    if "status" in out and out["status"] is not None:
        out["status_text"] = str(out["status"])
        out["status"] = canonical_status(out["status"])
    if not isinstance(out.get("must_state"), list):
        out.pop("must_state", None)
    out["extra"] = extra
    return out


# "yes" as shops write it in a record's flag, in the languages of names.LANGUAGES (blind set 2's "oui" read as no)
_YES = frozenset("yes y true 1 required escalate needed oui ja sí si sì sim tak evet ya iya 예 네 はい 是 да ναι ano "
                 "kyllä igen có x ✓ ✔".split())


def truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower().rstrip(".!") in _YES
    return bool(value)


# Checked in order: the first family whose words occur names the status. German, French, Spanish, Portuguese,
# Dutch, Italian and Polish words sit beside the English ones (a user's logs are not all English).
_STATUS_FAMILIES = [
    ("cancelled", r"cancel|storn|annul|anulad|anulowan|geannuleerd"),
    ("refunded", r"refund|erstatt|rembours|reembols|terugbetaal|rimborsat|zwrócon"),
    ("returned", r"return|retour|devolu|devuelt|\breso\b|zwrot"),
    ("lost", r"\blost\b|missing|verloren|perdu|extravi|perdid|zaginion"),
    ("delayed", r"delay|\blate\b|held|exception|stuck|fail|problem|\bissue\b|attempt|"
                r"verz[öo]ger|verspät|retard|atrasad|retrasad|vertraagd|ritard|opóźn"),
    ("shipped", r"out\s+for\s+delivery|with\s+(?:the\s+)?(?:driver|courier|carrier)|out\s+with|transit|tr[âa]nsito"
                r"|on\s+(?:its|the)\s+way|ship|dispatch|despatch|\bsent\b|handed|collected\s+by|picked\s+up\s+by|versand|versendet"
                r"|verschickt|unterwegs|in\s+zustellung|exp[ée]di|en\s+cours\s+de\s+livraison|en\s+livraison"
                r"|enviad|em\s+rota|en\s+camino|verzonden|onderweg|spedit|in\s+consegna|wysłan|w\s+drodze"
                r"|kargoya\s+verildi|dağıtımda|dagitimda|yolda|transfer\s+merkez|skickad|sendt|afsendt|lähetetty"
                r"|odeslán|dikirim|dalam\s+perjalanan|on\s+the\s+road"),
    ("delivered", r"deliver|signed|arrived|received\s+by\s+customer|zugestellt|geliefert|livr[ée]|entregu?[ea]"
                  r"|bezorgd|afgeleverd|consegnat|dostarczon|doręczon|levere|teslim\s+edildi|toimitettu|doručen"
                  r"|diterima|terkirim|ready\s+for\s+(?:pick\s*-?\s*up|collection)|waiting\s+at\s+(?:the\s+)?\w+\s+point"
                  r"|w\s+paczkomacie|at\s+(?:the\s+)?(?:pick\s*-?\s*up|collection|parcel)\s+point|hämtas|utlämnings"
                  r"|listo\s+para\s+(?:recoger|retirar)|pronto\s+para\s+retirada|pronto\s+(?:per\s+il\s+)?ritiro"
                  r"|klar\s+til\s+(?:henting|afhentning)|redo\s+att\s+hämtas|valmis\s+noudettavaksi|siap\s+diambil"
                  r"|locker|(?:for|awaiting|waiting\s+for)\s+(?:pick\s*-?\s*up|collection)|to\s+(?:be\s+)?collect"),
    ("processing", r"process|pending|pack|prepar|picking|picked|awaiting|waiting\s+for\s+payment|unpaid|"
                   r"stock|backorder|confirmed|placed|received"
                   r"|on\s+hold|new|open|unfulfil|bearbeitung|in\s+vorbereitung|en\s+cours\s+de\s+traitement|en\s+attente"
                   r"|em\s+prepara|en\s+prepara|in\s+behandeling|in\s+lavorazione|w\s+realizacji|hazırlan|hazirlan"
                   r"|opłacon|oplacon|behandlas|under\s+behandling|käsittely|zpracov|diproses|dikemas"),
]
# "Preparing (not shipped)", "noch nicht versendet": a record that says it has not left is not shipped.
_NOT_LEFT = re.compile(r"\b(?:not|yet\s+to\s+be|nicht|pas|não|no|niet)\s+(?:yet\s+|encore\s+|noch\s+)?"
                       r"(?:shipped|dispatched|despatched|sent|versendet|verschickt|exp[ée]di|enviad|verzonden)"
                       r"|\bunshipped\b|\bnoch\s+nicht\s+(?:versendet|verschickt)"
                       r"|^(?:ready\s+)?to\s+(?:be\s+)?(?:ship|dispatch|sen[dt])"  # "TO SHIP": not shipped yet
                       r"|\b(?:awaiting|waiting\s+for|pending|ready\s+for)"
                       r"\s+(?:dispatch|despatch|shipment|shipping)\b", re.I)
_STATUS_FAMILY_RE = [(name, re.compile(p, re.I)) for name, p in _STATUS_FAMILIES]


def canonical_status(value: Any) -> str | None:
    """'out for delivery' -> shipped, 'awaiting packing' -> processing ...; None when unrecognised."""
    return _canonical_status(value.strip().lower()) if isinstance(value, str) and value.strip() else None


@functools.lru_cache(maxsize=4096)  # asked of the same record and glossary terms for every reply of a group
def _canonical_status(text: str) -> str | None:
    if text in {"processing", "shipped", "delivered", "cancelled", "returned", "delayed", "lost", "refunded"}:
        return text
    if _NOT_LEFT.search(text) and not any(p.search(text) for name, p in _STATUS_FAMILY_RE
                                          if name in ("cancelled", "refunded")):
        return "processing"  # not left, and not because it was cancelled or refunded
    for name, pattern in _STATUS_FAMILY_RE:
        if pattern.search(text):
            return name
    return None


# ------------------------------------------------------------------ amounts
# Symbols and codes as shops write them: "R$ 1.249,90", "A$129.95", "89,000원", "₹1,199", "1 299 zł", "Rp 150.000".
_CUR = (r"(?:[$£€¥₩₹₺₦₱₫₪฿]|(?:us|a|au|nz|c|ca|hk|s|r|mx|ar|cl|co)\$|r(?=\s?\d)|원|zł|kč|ksh|kes|ugx|tzs|ghs|"
        r"lei|rp|rm|tl|usd|eur|gbp|chf|cad|aud|"
        r"nzd|sek|nok|dkk|pln|jpy|inr|krw|brl|mxn|ars|clp|cop|zar|try|idr|myr|ngn|egp|sar|aed|huf|czk|ron|php|vnd|"
        r"thb|ils|kr|dollars?|euros?|pounds?|rupees?|pesos?|reais|lira|naira|rupiah|złoty|zloty)")
_NUM = r"(\d{1,3}(?:[,.' ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)"
MONEY = re.compile(r"(?<![\w.])" + _CUR + r"\s?" + _NUM + r"(?![\d])|(?<![\w.,])" + _NUM + r"\s?" + _CUR + r"(?![a-z])",
                   re.I)


def _to_cents(number: str) -> int | None:
    s = number.replace("'", "").replace(" ", "")
    m = re.fullmatch(r"(.*?)[.,](\d{1,2})", s)
    whole, frac = (m[1], m[2]) if m else (s, "0")
    whole = re.sub(r"[.,]", "", whole)
    if not whole.isdigit():
        return None
    return int(whole) * 100 + int(frac.ljust(2, "0"))


def amounts_in(text: str) -> list[tuple[int, int, int]]:
    """(cents, start, end offset) of every amount written with a currency in ``text``."""
    return list(_amounts_in(text))


@functools.lru_cache(maxsize=4096)  # one reply's sentences, its record and its prompt are read many times over
def _amounts_in(text: str) -> tuple[tuple[int, int, int], ...]:
    out = []
    for m in MONEY.finditer(text):
        cents = _to_cents(m[1] or m[2])
        if cents is not None:
            out.append((cents, m.start(), m.end()))
    return tuple(out)


def amount_value(value: Any) -> int | None:
    """Cents of a record's amount (a number, or a string with or without a currency)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        try:
            return round(float(value) * 100)
        except (OverflowError, ValueError):
            return None
    if isinstance(value, str):
        found = amounts_in(value)
        if found:
            return found[0][0]
        m = re.fullmatch(r"\s*" + _NUM + r"\s*", value)
        return _to_cents(m[1]) if m else None
    return None


# ------------------------------------------------------------------ dates
_MONTHS = {m: i + 1 for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                           "nov", "dec"])}
# Month names as shops write them in French, Spanish, Portuguese, Italian, German, Dutch, Scandinavian, Polish,
# Czech, Turkish, Finnish and Indonesian (whole words, inflected forms listed): "1 Aralık 2026", "4 grudnia".
_LOCAL_MONTHS = {
    # abbreviations of these languages as shops print them ("2 Des 2026", "4 dic", "30 okt")
    1: "janvier enero janeiro gennaio januar januari stycznia styczeń ledna leden ocak tammikuuta tammikuu ene",
    2: "février fevrier febrero fevereiro febbraio februar februari lutego luty února únor şubat subat helmikuuta",
    3: "mars marzo março marco märz maart marca marzec března březen mart maaliskuuta",
    4: "avril abril aprile kwietnia kwiecień dubna duben nisan huhtikuuta abr",
    5: "mai mayo maio maggio mei maja maj května květen mayıs mayis toukokuuta mag",
    6: "juin junio junho giugno juni czerwca czerwiec června červen haziran kesäkuuta giu",
    7: "juillet julio julho luglio juli lipca lipiec července červenec temmuz heinäkuuta lug",
    8: "août aout agosto augustus agustus sierpnia sierpień srpna srpen ağustos agustos elokuuta ago agu ags",
    9: "septembre septiembre setembro settembre september września wrzesień září eylül eylul syyskuuta",
    10: "octobre octubre outubro ottobre oktober października październik října říjen ekim lokakuuta okt ott",
    11: "novembre noviembre novembro november listopada listopad kasım kasim marraskuuta",
    12: "décembre decembre diciembre dezembro dicembre dezember desember december grudnia grudzień prosince "
        "prosinec aralık aralik joulukuuta des dic dez",
}
_LOCAL = {name: month for month, names in _LOCAL_MONTHS.items() for name in names.split()}
_MON = (r"((?:" + "|".join(sorted(_LOCAL, key=len, reverse=True)) + r")(?![^\W\d_])|"
        r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)(?:[a-z]*)\.?)")
_DAY = r"(\d{1,2})(?:st|nd|rd|th|\.)?"


def _month(name: str) -> int:
    name = name.lower().rstrip(".")
    return _LOCAL.get(name) or _MONTHS[name[:3]]


_DATE_RES = [
    (re.compile(r"\b(20\d\d)[-/.](\d{1,2})[-/.](\d{1,2})\b"), lambda m: [(int(m[2]), int(m[3]))]),
    # 27-Nov-26, 4-dic-2026: day, month name and year with dashes
    (re.compile(r"(?<![\w-])(\d{1,2})-" + _MON + r"-(?:20)?\d\d\b", re.I), lambda m: [(_month(m[2]), int(m[1]))]),
    (re.compile(r"\b" + _MON + r"\s+(?:the\s+)?" + _DAY + r"(?!\d)(?!:)", re.I),
     lambda m: [(_month(m[1]), int(m[2]))]),
    (re.compile(r"\b" + _DAY + r"\s+(?:of\s+|de\s+)?" + _MON + r"(?![a-z])", re.I),
     lambda m: [(_month(m[2]), int(m[1]))]),
    # 02-12-2026 (day-month-year with dashes, as Indian and Dutch shops write it): only with a year, so ids and
    # tracking numbers with dashes are never read as dates; both readings are kept.
    (re.compile(r"(?<![\w-])(\d{1,2})-(\d{1,2})-20\d\d\b"), lambda m: [(int(m[1]), int(m[2])), (int(m[2]), int(m[1]))]),
    # 3. 12. 2026, "on 3. 12.": the day, a dot and a space, the month and a dot (as Czech, Slovak and German shops
    # write it): day first.
    (re.compile(r"(?<![\d/.:,])(\d{1,2})\.\s(\d{1,2})\.(?:\s?(?:20)?\d\d(?!\d))?"), lambda m: [(int(m[2]), int(m[1]))]),
    # 12/02, 03/12/2026, 03.12.2026: month/day or day/month; both readings are kept.
    (re.compile(r"(?<![\d/.:,])(\d{1,2})[/.](\d{1,2})(?:[/.](?:20)?\d\d)?(?![\d/]|\.\d)"),
     lambda m: [(int(m[1]), int(m[2])), (int(m[2]), int(m[1]))]),
]


def dates_in(text: str, day_first: bool | None = None) -> list[tuple[frozenset, int]]:
    """(the (month, day) readings, start offset) of every calendar date in ``text``. An all-numeric date such as
    03/12 has both readings unless ``day_first`` says how the shop writes them (policy.py)."""
    return list(_dates_in(text, day_first))


@functools.lru_cache(maxsize=4096)
def _dates_in(text: str, day_first: bool | None) -> tuple[tuple[frozenset, int], ...]:
    out, taken = [], []
    for pattern, conv in _DATE_RES:
        for m in pattern.finditer(text):
            if any(a <= m.start() < b for a, b in taken):
                continue
            try:
                both = conv(m)
                if day_first is not None and len(both) == 2:
                    both = both[1:] if day_first else both[:1]  # the second reading is the day-first one
                readings = frozenset((mo, d) for mo, d in both if 1 <= mo <= 12 and 1 <= d <= 31)
            except (KeyError, ValueError):
                continue
            if readings:
                out.append((readings, m.start()))
                taken.append((m.start(), m.end()))
    return tuple(out)


def date_value(value: Any, day_first: bool | None = None) -> frozenset:
    """The (month, day) readings of a record's date value (empty when it holds none)."""
    if not isinstance(value, str):
        return frozenset()
    found = dates_in(value, day_first)
    return found[0][0] if found else frozenset()


def record_dates(facts: dict, day_first: bool | None = None) -> frozenset:
    """Every (month, day) reading in the record: each date of every value, a window's both ends ("Thu 3 Dec -
    Fri 4 Dec") and the fields without a canonical name ("Return By", "Storniert am") included, so a reply
    quoting any date the record holds is not read as inventing one."""
    values = [facts.get(k) for k in DATE_KEYS] + list((facts.get("extra") or {}).values())
    return frozenset((md for v in values if isinstance(v, str) for readings, _ in dates_in(v, day_first)
                      for md in readings))


# ------------------------------------------------------------------ identifiers
def compact(text: Any) -> str:
    """Upper case without spaces, dashes, dots, slashes or '#': how identifiers are compared."""
    return re.sub(r"[\s\-./#_]", "", str(text)).upper()


def id_pattern(order_id: str) -> re.Pattern | None:
    """A pattern for identifiers of the same shape as ``order_id`` (group 1: the whole match).

    'BL-48213' -> 'BL', an optional separator, 5 digits; 'W1234567' -> 'W' + 7 digits, or
    '#1234567'; 'HP-7Q4K9' -> 'HP', a separator, a digit, a letter ... The letter prefix
    is required unless a '#' stands for it, so other numbers are not taken for orders.
    """
    text = str(order_id).strip().lstrip("#")
    letter = r"[^\W\d_]"  # a letter of any script: Greek 'ΛΜ-30417' has a prefix as 'LM-30417' has
    m = re.fullmatch(rf"({letter}*)([\s\-./_]?)((?:{letter}|\d)(?:{letter}|\d|[\-./_])*)", text)
    if not m or len(text) > 40:
        return None
    prefix, body = m[1], m[3]
    if not prefix and body[:1].isalpha():
        prefix, body = re.match(rf"({letter}+)(.*)", body).groups()
    parts = []
    for run in re.findall(rf"\d+|{letter}+|[\-./_]", body):
        parts.append(rf"\d{{{len(run)}}}" if run.isdigit() else rf"{letter}{{{len(run)}}}" if run.isalpha()
                     else r"[\-./_\s]?")
    shape = "".join(parts)
    if not shape:
        return None
    head = rf"(?:#\s?)?{re.escape(prefix)}[\s\-./_]?" if prefix else ""
    alt = rf"|#\s?{shape}" if prefix else ""
    lead = "" if prefix else r"(?<![\d.,$£€])"
    return re.compile(rf"(?<![^\W_]){lead}((?:{head}{shape}){alt})(?![^\W_]|[.,]\d)", re.I)


def order_body(order_id: str) -> str:
    """The part of an order id that must match: its compact form without a leading letter prefix."""
    c = compact(order_id)
    m = re.fullmatch(r"[^\W\d_]+(\d.*)", c)
    return m[1] if m else c


def facts_map_of(params: dict) -> dict:
    given = params.get("facts_map") or {}
    if not isinstance(given, dict) or not all(isinstance(v, str) for v in given.values()):
        raise ValueError("reward.params.facts_map must map a record's key to a schema key, e.g. {Haulier: carrier}")
    unknown = sorted(v for v in given.values() if norm_key(v) not in CANONICAL)
    if unknown:
        raise ValueError(f"reward.params.facts_map: unknown schema key(s) {unknown}; choose from {list(CANONICAL)}")
    return {str(k): str(v) for k, v in given.items()}
