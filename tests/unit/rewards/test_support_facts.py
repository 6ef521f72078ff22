"""customer_support's facts schema: aliases, facts_map, dates, amounts, statuses, order-id shapes."""

from __future__ import annotations

import json

import pytest

from loopwright import rewards
from loopwright.rewards import customer_support as cs
from loopwright.rewards.customer_support import facts as sf


@pytest.mark.parametrize("key, canonical", [
    ("order id", "order_id"), ("Order Number", "order_id"), ("order_no", "order_id"), ("Order Ref", "order_id"),
    ("state", "status"), ("Fulfilment Status", "status"), ("courier", "carrier"), ("eta", "eta"),
    ("expected_delivery", "eta"), ("Tracking Number", "tracking"), ("tracking_code", "tracking"),
    ("refund", "refund_amount"), ("refund_total", "refund_amount"), ("refund_amount", "refund_amount"),
    ("shipped_on", "ship_date"), ("delivered_on", "delivered_date"), ("return_received", "return_date"),
    ("item_value", "total"), ("needs_escalation", None), ("Haulier", None)])
def test_aliases(key, canonical):
    assert sf.canonical_key(key) == canonical


def test_facts_map_names_the_rest_and_wins_over_aliases():
    assert sf.canonical_key("Haulier", {"haulier": "carrier"}) == "carrier"
    assert sf.canonical_key("Promised By", {"Promised By": "eta"}) == "eta"
    assert sf.canonical_key("state", {"state": "kind"}) == "kind"
    facts = sf.normalize_facts({"Order Ref": "HP-7Q4K9", "Haulier": "Evri", "Refund Value": "",
                                "Needs Escalation": "yes"},
                               {"Haulier": "carrier", "Needs Escalation": "escalate"})
    assert facts["order_id"] == "HP-7Q4K9" and facts["carrier"] == "Evri" and facts["escalate"] is True
    assert "refund_amount" in facts and facts["refund_amount"] is None  # present but empty: known none


def test_a_bad_facts_map_is_an_error_naming_the_key():
    with pytest.raises(ValueError, match="facts_map"):
        rewards.make("customer_support", {"facts_map": {"Haulier": "vehicle"}})


@pytest.mark.parametrize("text, month_day", [
    ("2026-12-02", (12, 2)), ("2 December", (12, 2)), ("Dec 2", (12, 2)), ("Wednesday 2 December", (12, 2)),
    ("December 2nd", (12, 2)), ("Thursday 3rd December", (12, 3)), ("12/02", (12, 2)), ("03/12/2026", (12, 3)),
    ("03.12.2026", (12, 3)), ("the 30th of November", (11, 30))])
def test_dates(text, month_day):
    assert month_day in sf.date_value(text)


def test_no_date_in_times_ranges_or_amounts():
    assert sf.dates_in("between 9:00 and 13:00, 3-5 working days, 12.50 EUR") == []


@pytest.mark.parametrize("text, cents", [
    ("129.00 EUR", 12900), ("EUR 129", 12900), ("€129,00", 12900), ("12,50 €", 1250), ("£64.99", 6499),
    ("$1,299.00", 129900), ("USD 5", 500), ("34.50 eur", 3450), ("45 dollars", 4500)])
def test_amounts(text, cents):
    assert sf.amount_value(text) == cents
    assert [a[0] for a in sf.amounts_in(f"a refund of {text} today")] == [cents]


def test_numbers_without_a_currency_are_not_amounts():
    assert sf.amounts_in("order 48213, 3-5 days, 30 minutes") == []
    assert sf.amount_value(22.49) == 2249 and sf.amount_value(True) is None


@pytest.mark.parametrize("value, status", [
    ("in transit", "shipped"), ("out for delivery", "shipped"), ("on its way", "shipped"), ("Despatched", "shipped"),
    ("Out with driver", "shipped"), ("awaiting packing", "processing"), ("being prepared", "processing"),
    ("Picking", "processing"), ("Awaiting stock", "processing"), ("Delivered", "delivered"),
    ("Lost by courier", "lost"), ("Delayed at depot", "delayed"), ("Refunded", "refunded"), ("returned", "returned"),
    ("cancelled", "cancelled"), ("zzz", None)])
def test_status_synonyms(value, status):
    assert sf.canonical_status(value) == status


@pytest.mark.parametrize("order_id, same, other", [
    ("BL-48213", ["BL-48213", "bl48213", "#48213"], ["BL-48214"]),
    ("W1234567", ["W1234567", "#1234567", "# W1234567"], ["W7654321"]),
    ("HP-7Q4K9", ["HP-7Q4K9", "hp-7q4k9"], ["HP-9X2L4"])])
def test_order_ids_of_any_shape(order_id, same, other):
    pattern = sf.id_pattern(order_id)
    for text in same:
        assert sf.order_body(pattern.search(f"order {text} is here")[1]) == sf.order_body(order_id), text
    for text in other:
        assert sf.order_body(pattern.search(f"order {text} is here")[1]) != sf.order_body(order_id), text
    assert pattern.search("case FR-207, ticket RT-5521, 3-5 days, HP-SAVE10 code") is None


def test_the_order_named_in_the_facts_is_matched_and_another_is_a_contradiction():
    facts = json.dumps({"order_number": "BL-48213", "state": "out for delivery", "courier": "DPD"})
    ask = "Where is BL-48213?"
    right = cs.components("BL-48213 is out for delivery with DPD today.", facts, ask)
    wrong = cs.components("BL-48231 is out for delivery with DPD today.", facts, ask)
    assert right["score"] >= cs.DEFAULT_THRESHOLD and not right["contradictions"]
    assert wrong["contradictions"] == ["wrong order number"] and wrong["score"] <= cs.CAP_CONTRADICTION
