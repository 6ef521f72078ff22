"""Specifics said in words: the carrier and the payment method a text names, as members of a closed category.

A number can be compared by value; a carrier or a payment method is a name. Both categories are closed (a
shop ships with a handful of carriers and takes a handful of ways to pay), so a reply that names one can be
held against the one the record names, whatever the language of the sentence around it: "paid by card"
against a record that says "Überweisung", "it is with DHL" against a record whose field (under any name)
says "DPD". The names are the categories' own, not any shop's: carriers and payment brands are written
the same in every language; the generic ways to pay (a card, a bank transfer, cash on delivery, an
invoice) are listed as English, German, French, Italian, Spanish, Portuguese, Dutch, Polish, Czech,
Swedish, Danish, Norwegian, Finnish and Turkish write them. A name outside these lists is not read (a
carrier nobody listed is no claim), which errs towards keeping a reply, never towards a false contradiction.

Each member has a family: a card brand (Visa, Mastercard) and "by card" are one family, so "your card" is
supported by a record that says "Visa", while "Mastercard" against "Visa" is a contradiction (grounding/).
"""

from __future__ import annotations

import functools
import re

# carrier -> the ways it is written (its name first). Parcel carriers and national posts of Europe, the Americas,
# Asia and Oceania; a regional one missing here is simply not read.
CARRIERS = {
    "DHL": ("DHL",), "UPS": ("UPS",), "FedEx": ("FedEx", "Fed Ex"), "TNT": ("TNT",), "DPD": ("DPD",),
    "GLS": ("GLS",), "Hermes": ("Hermes", "Evri"), "Royal Mail": ("Royal Mail", "Parcelforce"),
    "USPS": ("USPS",), "Canada Post": ("Canada Post", "Postes Canada"), "Purolator": ("Purolator",),
    "La Poste": ("La Poste", "Colissimo"), "Chronopost": ("Chronopost",), "Mondial Relay": ("Mondial Relay",),
    "Colis Privé": ("Colis Privé", "Colis Prive"), "Relais Colis": ("Relais Colis",),
    "Deutsche Post": ("Deutsche Post",), "bpost": ("bpost",), "PostNL": ("PostNL",),
    "Swiss Post": ("Swiss Post", "PostLogistics"), "Österreichische Post": (
        "Österreichische Post", "Post AG"), "Poste Italiane": ("Poste Italiane", "SDA"), "BRT": ("BRT", "Bartolini"),
    "Correos": ("Correos",), "SEUR": ("SEUR",), "MRW": ("MRW",), "CTT": ("CTT",), "InPost": ("InPost",),
    "Poczta Polska": ("Poczta Polska",), "Packeta": ("Packeta", "Zásilkovna", "Zasilkovna"), "PPL": ("PPL",),
    "Česká pošta": ("Česká pošta", "Ceska posta"), "PostNord": ("PostNord",),
    "Budbee": ("Budbee",), "Instabox": ("Instabox",), "Omniva": ("Omniva",),
    "Aramex": ("Aramex",), "Yamato": ("Yamato", "Kuroneko"), "Sagawa": ("Sagawa",), "Japan Post": ("Japan Post",),
    "CJ Logistics": ("CJ Logistics", "CJ대한통운"), "Blue Dart": ("Blue Dart",), "Delhivery": ("Delhivery",),
    "Australia Post": ("Australia Post",), "Sendle": ("Sendle",), "Yodel": ("Yodel",), "OnTrac": ("OnTrac",),
    "Amazon Logistics": ("Amazon Logistics",), "Yurtiçi Kargo": ("Yurtiçi Kargo", "Yurtici Kargo"),
    "Aras Kargo": ("Aras Kargo",), "MNG Kargo": ("MNG Kargo",), "Econt": ("Econt",),
}

# payment method -> (family, the ways it is written). Brands are written alike everywhere; the generic ways to pay
# are the phrases of the languages named in the module's doc, each a way to pay and nothing else ("card" alone is
# a gift card or a postcard: only "by card", "credit card" ... count).
_CARD_PHRASES = (
    "credit card", "debit card", "bank card", "payment card", "by card", "with your card", "to your card",
    "on your card", "with a card", "Kreditkarte", "Debitkarte", "EC-Karte", "Girocard", "Bankkarte", "mit Karte",
    "per Karte", "carte bancaire", "carte de crédit", "carte de débit", "carte bleue", "par carte", "sur votre carte",
    "carta di credito", "carta di debito", "bancomat", "con carta", "sulla carta", "tarjeta de crédito",
    "tarjeta de débito", "con tarjeta", "cartão de crédito", "cartão de débito", "com cartão", "no cartão",
    "creditcard", "pinpas", "bankpas", "met je kaart", "met uw kaart", "karta kredytowa", "karta debetowa",
    "kartą płatniczą", "kartą", "platební karta", "platební kartou", "kartou", "kreditkort", "betalkort",
    "bankkort", "med kort", "luottokortti", "pankkikortti", "kortilla", "kredi kartı", "banka kartı",
)
PAYMENTS = {
    "card": ("card", _CARD_PHRASES), "Visa": ("card", ("Visa",)), "Mastercard": ("card", ("Mastercard", "MasterCard")),
    "American Express": ("card", ("American Express", "Amex")), "Maestro": ("card", ("Maestro",)),
    "bank transfer": ("bank transfer", (
        "bank transfer", "wire transfer", "Überweisung", "Banküberweisung", "Vorkasse", "virement", "bonifico",
        "transferencia bancaria", "transferência bancária", "overboeking", "bankoverschrijving", "przelew",
        "bankovní převod", "převodem", "banköverföring", "bankoverførsel", "bankoverføring", "tilisiirto",
        "pankkisiirto", "havale")),
    "cash on delivery": ("cash on delivery", (
        "cash on delivery", "COD", "Nachnahme", "contre-remboursement", "contre remboursement", "contrassegno",
        "contra reembolso", "contrarreembolso", "à cobrança", "pagamento na entrega", "rembours", "onder rembours",
        "za pobraniem", "pobranie", "dobírka", "dobírkou", "postförskott", "efterkrav", "postiennakko",
        "kapıda ödeme")),
    "invoice": ("invoice", (
        "pay by invoice", "on invoice", "auf Rechnung", "Kauf auf Rechnung", "par facture", "sur facture",
        "contro fattura", "op factuur", "achteraf betalen", "na fakturę", "na fakturu", "mot faktura",
        "på faktura", "laskulla", "faturayla")),
    "PayPal": ("PayPal", ("PayPal",)), "Klarna": ("Klarna", ("Klarna",)), "TWINT": ("TWINT", ("TWINT",)),
    "iDEAL": ("iDEAL", ("iDEAL",)), "Bancontact": ("Bancontact", ("Bancontact",)), "BLIK": ("BLIK", ("BLIK",)),
    "Swish": ("Swish", ("Swish",)), "MobilePay": ("MobilePay", ("MobilePay",)), "Vipps": ("Vipps", ("Vipps",)),
    "Apple Pay": ("Apple Pay", ("Apple Pay",)), "Google Pay": ("Google Pay", ("Google Pay", "GPay")),
    "Amazon Pay": ("Amazon Pay", ("Amazon Pay",)), "Sofort": ("Sofort", ("Sofortüberweisung", "Sofort-Überweisung")),
    "Giropay": ("Giropay", ("Giropay",)), "Przelewy24": ("Przelewy24", ("Przelewy24", "P24")),
    "Multibanco": ("Multibanco", ("Multibanco",)), "MB WAY": ("MB WAY", ("MB WAY", "MBWay")),
    "Satispay": ("Satispay", ("Satispay",)), "Bizum": ("Bizum", ("Bizum",)), "Pix": ("Pix", ("Pix",)),
    "Boleto": ("Boleto", ("Boleto",)), "PostFinance": ("PostFinance", ("PostFinance",)),
    "Trustly": ("Trustly", ("Trustly",)), "Afterpay": ("Afterpay", ("Afterpay", "Clearpay")),
    "Alipay": ("Alipay", ("Alipay",)), "WeChat Pay": ("WeChat Pay", ("WeChat Pay",)), "UPI": ("UPI", ("UPI",)),
    "Paytm": ("Paytm", ("Paytm",)),
}  # no gift card: an item as often as a way to pay


_WORD = re.compile(r"\w+")


def _written(name: str, brand: bool) -> re.Pattern:
    """A brand or a carrier is matched as it is written (capitals count: "Visa" the card, not a visa; "Correos" the
    post, not e-mails); a generic way to pay in any case, but for an abbreviation ("COD", not the fish). Matched
    where a word starts (see _index)."""
    body = r"\s+".join(re.escape(w) for w in name.split()).replace(r"\-", r"[-\s]?")
    return re.compile(rf"{body}(?![\w-])" if brand or name.isupper() else rf"(?i:{body})(?![\w-])")


@functools.lru_cache(maxsize=1)
def _index() -> dict[str, tuple[tuple[str, str, str, re.Pattern], ...]]:
    """Every name by its first word, lower case: a text is read word by word and only the names a word can start
    are tried there (one dictionary look-up a word, not a hundred searches a text)."""
    index: dict[str, list] = {}
    for name, ways in CARRIERS.items():
        for way in ways:
            index.setdefault(_WORD.match(way)[0].lower(), []).append(("carrier", name, name, _written(way, True)))
    for name, (family, ways) in PAYMENTS.items():
        brand = name[0].isupper()  # "card", "bank transfer", "invoice": the generic ways to pay
        for way in ways:
            index.setdefault(_WORD.match(way)[0].lower(), []).append(("payment", name, family, _written(way, brand)))
    return {k: tuple(v) for k, v in index.items()}


def named(text: str) -> list[tuple[str, str, str, int, int]]:
    """(kind, member, family, start, end) of every carrier and payment method ``text`` names, the longest where
    two start together ("Kauf auf Rechnung" over "auf Rechnung")."""
    index, out, end = _index(), [], 0
    for word in _WORD.finditer(text):
        start = word.start()
        if start < end or (start and text[start - 1] == "-") or word[0].lower() not in index:
            continue
        best = None
        for kind, member, family, pattern in index[word[0].lower()]:
            m = pattern.match(text, start)
            if m and (best is None or m.end() > best[4]):
                best = (kind, member, family, start, m.end())
        if best:
            out.append(best)
            end = best[4]
    return out
