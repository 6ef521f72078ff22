"""loopwright.grounding: the carrier and the way to pay a reply names, held against the record by member, in the
record's own field names and any language."""

from __future__ import annotations

import pytest

from loopwright.grounding import CONTRADICTED, SUPPORTED, UNSUPPORTED, ground
from loopwright.grounding.named import named
from loopwright.rewards import customer_support as cs

POLICY = {"role": "system", "content": "Versand mit DPD oder GLS. Zahlung per Kreditkarte, TWINT, PayPal oder auf "
                                       "Rechnung. Rücksendungen mit der Post."}


def _verdicts(reply, record=None, messages=(POLICY,)):
    return {v.claim.text: v.verdict for v in ground(reply, record, list(messages)).verdicts
            if v.claim.kind in ("carrier", "payment")}


@pytest.mark.parametrize("record, reply", [
    ({"Zusteller": "GLS", "Zahlungsart": "TWINT"}, "Ihr Paket ist mit GLS unterwegs; Sie haben mit TWINT bezahlt."),
    ({"transporteur": "GLS", "paiement": "carte Visa"}, "Votre colis est chez GLS, remboursé sur votre carte."),
    ({"corriere": "GLS", "pagamento": "PayPal"}, "Il pacco è con GLS; rimborso sul conto PayPal."),
])
def test_the_records_carrier_and_way_to_pay_are_supported_under_any_field_name(record, reply):
    assert set(_verdicts(reply, record).values()) == {SUPPORTED}


@pytest.mark.parametrize("reply, wrong", [
    ("Your parcel went out with DPD today.", "DPD"),  # the rules' other carrier, not this order's
    ("We refunded it to your card.", "to your card"),  # the record says PayPal
    ("Paid by Mastercard, so the refund goes there.", "Mastercard"),
])
def test_one_wrong_name_is_contradicted_even_when_the_rules_list_it(reply, wrong):
    record = {"Zusteller": "GLS", "Zahlungsart": "PayPal"} if "Mastercard" not in reply else {"Zahlung": "Visa"}
    assert _verdicts(reply, record)[wrong] == CONTRADICTED


def test_a_card_brand_and_by_card_are_one_family_two_brands_are_two():
    record = {"payment": "Visa ending 4412"}
    assert _verdicts("The refund goes back to your card.", record) == {"to your card": SUPPORTED}
    assert _verdicts("The refund goes back to your Visa.", {"payment": "credit card"}) == {"Visa": SUPPORTED}
    assert _verdicts("The refund goes back to your Mastercard.", record) == {"Mastercard": CONTRADICTED}


def test_an_earlier_turn_that_changed_the_carrier_supports_the_new_one():
    turns = [POLICY, {"role": "user", "content": "Can you send it with DPD instead?"},
             {"role": "assistant", "content": "Done, it is switched to DPD."}, {"role": "user", "content": "Thanks!"}]
    assert _verdicts("It leaves with DPD tomorrow.", {"Zusteller": "GLS"}, turns) == {"DPD": SUPPORTED}


def test_the_shops_options_beside_the_orders_own_are_read_as_options():
    reply = "Free shipping applies to GLS; your grinder ships with DPD as all machines do."
    assert set(_verdicts(reply, {"Zusteller": "DPD"}).values()) == {SUPPORTED}
    # without the order's own carrier beside it, the rules' other carrier is a wrong fact about this order
    assert _verdicts("It ships with GLS.", {"Zusteller": "DPD"})["GLS"] == CONTRADICTED


def test_a_cash_on_delivery_order_is_paid_back_by_transfer():
    record = {"platba": "dobírka"}
    assert _verdicts("Vrátíme peníze bankovním převodem. We refund by bank transfer.", record)["bank transfer"] == \
        SUPPORTED
    assert _verdicts("We refund it to your credit card.", record)["credit card"] == CONTRADICTED


def test_where_no_record_names_one_nothing_contradicts_and_nothing_caps():
    assert _verdicts("The refund goes back to your card.", None, ()) == {"to your card": UNSUPPORTED}
    # "back to your card" with no payment method on record is how every shop words a refund: shown, not capped
    facts = '{"order_id": "A-1", "status": "refunded", "refund_amount": "20.00 EUR"}'
    prompt = [{"role": "user", "content": "Where is my refund for A-1?"}]
    reply = "Your order A-1 was refunded: 20.00 EUR went back to your card."
    assert cs.components(reply, facts, prompt)["score"] >= 0.7
    wrong = cs.components(reply, facts[:-1] + ', "payment": "PayPal"}', prompt)
    assert wrong["score"] < 0.7 and any("payment" in line for line in wrong["ungrounded"])


@pytest.mark.parametrize("text", ["we will bring it back", "ups and downs", "te enviamos correos", "Sofort nach "
                                  "Eingang", "a visa for Japan", "the cod was fresh", "x-DHL-y", "a gift card"])
def test_ordinary_words_are_not_names(text):
    assert named(text) == []


@pytest.mark.parametrize("text, member", [
    ("Kauf auf Rechnung", "invoice"), ("payé par virement", "bank transfer"), ("za pobraniem", "cash on delivery"),
    ("kapıda ödeme", "cash on delivery"), ("CJ대한통운 배송", "CJ Logistics"), ("via Zásilkovna", "Packeta"),
    ("betalat med kort", "card"), ("EC-Karte", "card"), ("Fed Ex", "FedEx"),
])
def test_names_in_the_languages_listed(text, member):
    assert [n[1] for n in named(text)] == [member]


def test_a_reply_that_names_every_carrier_is_contradicted_on_all_but_the_records():
    reply = "It may go with DHL, UPS, DPD, GLS, PostNL or Hermes."
    verdicts = _verdicts(reply, {"Zusteller": "GLS"}, ())
    assert verdicts.pop("GLS") == SUPPORTED and set(verdicts.values()) == {CONTRADICTED}

