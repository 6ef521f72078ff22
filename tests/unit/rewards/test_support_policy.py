"""reward=customer_support reads the shop's rules from the conversation's system message (policy.py).

Each case is the grader scoring a reply as a user's logs would hold it: a system message with the shop's policy,
the customer's message, a record in the shop's own field names. Written for these rules (a fit); the blind
figures are in docs/REWARDS.md."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from loopwright.rewards import customer_support as cs
from loopwright.rewards.customer_support import facts as sf
from loopwright.rewards.customer_support.policy import policy_of

SYSTEM = ("You are Ana, support agent of Casa Tula, a shop in Mexico. Dates are written DD/MM/YYYY. Today is "
          "Thursday 03/12/2026. Orders ship within 2 working days; Estafeta delivers in 1-3 working days. Returns: "
          "unused items within 30 days of delivery. Shipping is free from $900 MXN, otherwise $99 MXN. Hand off to a "
          "human colleague (say so; do not resolve it yourself) for: burns or any injury, electrical faults, legal "
          "threats, chargebacks, and any order whose record says Escalar: sí.")
FACTS_MAP = {"Pedido": "order_id", "Estado": "status", "Paquetería": "carrier", "Guía": "tracking",
             "Enviado": "ship_date", "Entrega estimada": "eta", "Entregado": "delivered_date", "Escalar": "escalate"}


def chat(user: str) -> list[dict]:
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def score(reply: str, user: str, facts: dict | None) -> float:
    return cs.make({"facts_map": FACTS_MAP})([reply], facts_json=[json.dumps(facts) if facts else None],
                                             prompts=[chat(user)])[0]


SHIPPED = {"Pedido": "CT-30417", "Estado": "en camino", "Paquetería": "Estafeta", "Guía": "EST 8812 3390",
           "Enviado": "01/12/2026", "Entrega estimada": "04/12/2026", "Escalar": "no"}


def test_the_shops_date_order_today_and_periods_are_read_from_the_system_message():
    policy = policy_of(chat("hola"))
    assert policy.day_first is True and policy.today == dt.date(2026, 12, 3)
    assert (30, 30, False) in policy.durations and (1, 3, True) in policy.durations
    assert sf.dates_in("01/12/2026", policy.day_first)[0][0] == {(12, 1)}  # 1 December, not 12 January
    assert sf.dates_in("01/12/2026")[0][0] == {(12, 1), (1, 12)}  # nothing says: both readings
    # a weekday beside a numeric date tells the order when nothing else does
    assert policy_of([{"role": "system", "content": "Today is Fri 4/12/2026."}]).day_first is True
    assert policy_of([{"role": "system", "content": "Today is Friday 12/4/2026."}]).day_first is False


def test_a_date_read_the_wrong_way_round_is_a_contradiction():
    right = "Your order CT-30417 left us on 1 December with Estafeta (EST 8812 3390) and arrives tomorrow, 4 December."
    wrong = "Your order CT-30417 left us on 12 January with Estafeta (EST 8812 3390) and arrives on 12 April."
    assert score(right, "Where is my order CT-30417?", SHIPPED) >= 0.7
    assert score(wrong, "Where is my order CT-30417?", SHIPPED) <= 0.2


def test_tomorrow_is_checked_against_the_record_when_the_policy_says_what_today_is():
    user = "Where is my order CT-30417?"
    assert score("It's on its way with Estafeta and arrives tomorrow. Order CT-30417.", user, SHIPPED) >= 0.7
    late = dict(SHIPPED, **{"Entrega estimada": "09/12/2026"})
    assert score("It's on its way with Estafeta and arrives tomorrow. Order CT-30417.", user, late) <= 0.2


def test_a_date_that_follows_from_the_record_by_the_shops_own_period_is_no_invention():
    delivered = {"Pedido": "CT-29001", "Estado": "entregado", "Entregado": "19/11/2026", "Escalar": "no"}
    user = "Can I still return the lamp from order CT-29001? I never used it."
    ok = ("Yes: order CT-29001 was delivered on 19/11/2026, so you can return the unused lamp until 19 December. "
          "I've emailed you the return label.")
    invented = ("Yes: order CT-29001 was delivered on 19/11/2026, so you can return the unused lamp until 23 December. "
                "I've emailed you the return label.")
    assert score(ok, user, delivered) >= 0.7
    assert score(invented, user, delivered) <= 0.2


@pytest.mark.parametrize("flag", ["sí", "oui", "ja", "Y", "예", "tak"])
def test_a_records_yes_in_the_shops_language_calls_for_a_hand_off(flag):
    assert sf.truthy(flag)
    facts = dict(SHIPPED, Escalar=flag)
    handoff = ("Order CT-30417 is with Estafeta (EST 8812 3390) and due on 04/12. I've passed your case to a human "
               "colleague who will call you today.")
    assert score(handoff, "Where is my order CT-30417?", facts) >= 0.7
    no_handoff = "Order CT-30417 is with Estafeta (EST 8812 3390) and due on 04/12."
    assert score(no_handoff, "Where is my order CT-30417?", facts) <= 0.4


def test_an_injury_calls_for_a_hand_off_even_when_the_records_flag_says_no():
    user = "Order CT-30417: the heater sparked and I burned my hand on it."
    missed = "Sorry! Order CT-30417 is faulty, so send it back and we'll refund you."
    assert score(missed, user, SHIPPED) <= 0.4


def test_the_shops_hand_off_rule_names_what_goes_to_a_human():
    policy = policy_of(chat("x"))
    assert policy.handoff_applies("I asked my bank for a chargeback on the order")
    assert policy.handoff_applies("it has an electrical fault, the plug sparks")
    assert not policy.handoff_applies("the lamp is faulty, it flickers")  # "electrical faults" needs both words
    assert not policy.handoff_applies("where is my order?")


def test_without_a_record_asking_for_the_order_number_is_the_next_step():
    ask = ("Sorry it's late! Could you send me your order number? "
           "It looks like CT-12345 and is in your confirmation email.")
    assert score(ask, "My parcel still hasn't come, what's going on?", None) >= 0.7
    # a customer who gave the number is not asked for it again
    assert score(ask, "My parcel CT-30999 still hasn't come, what's going on?", None) < 0.7


def test_an_answer_from_the_shops_policy_is_an_outcome_and_one_with_numbers_the_policy_lacks_is_not():
    user = "How much is shipping on a $700 MXN order?"
    right = "Shipping is free from $900 MXN; below that it costs $99 MXN, so on a $700 MXN order you would pay $99 MXN."
    wrong = "Shipping is free from $500 MXN; below that it costs $49 MXN, so on a $700 MXN order shipping is free."
    assert score(right, user, None) >= 0.7
    assert score(wrong, user, None) < 0.7
    dump = SYSTEM.split("Returns:")[1][:200]  # the rules pasted back
    assert score(dump, user, None) < 0.7


@pytest.mark.parametrize("text,cents", [("R$ 1.249,90", 124990), ("A$129.95", 12995), ("89,000원", 8900000),
                                        ("₹1,199", 119900), ("1 299 zł", 129900), ("$99 MXN", 9900)])
def test_amounts_in_the_shops_own_currency_formats_are_read(text, cents):
    assert [a for a, _, _ in sf.amounts_in(f"you paid {text} for it")] == [cents]


def test_a_chargeback_or_a_reversed_charge_is_a_payment_dispute_for_a_human():
    from loopwright.rewards.customer_support.request import report_kinds

    assert "fraud" in report_kinds("I have called my bank to reverse the charge because you never sent it.")
    assert "fraud" in report_kinds("I opened a chargeback with my card company")
    assert report_kinds("Can I change the delivery address?") == set()


def test_a_padded_reply_sharing_one_word_with_the_question_is_no_policy_answer():
    user = "Is the 90 cm lamp suitable for outdoor use?"
    padded = ("Thank you for your interest in Casa Tula! Choosing the right lamp is an important decision, and our "
              "orders ship within working days with care. We always recommend reading the product description. "
              "Returns of unused items are always welcome and delivery is a pleasure for our team.")
    assert score(padded, user, None) < 0.7


@pytest.mark.parametrize("text,month_day", [("1 Aralık 2026", (12, 1)), ("4 grudnia 2026", (12, 4)),
                                            ("el 4 de diciembre", (12, 4)), ("27-Nov-26", (11, 27)),
                                            ("3 dicembre", (12, 3)), ("2. Dezember", (12, 2))])
def test_dates_with_the_month_in_the_shops_language_are_read(text, month_day):
    assert sf.dates_in(text)[0][0] == {month_day}


def test_a_record_status_in_more_languages_and_a_parcel_waiting_at_a_pick_up_point():
    assert [sf.canonical_status(s) for s in ("Kargoya verildi", "Hazırlanıyor", "Skickad", "Levererad",
                                             "W paczkomacie", "Dikirim")] == [
        "shipped", "processing", "shipped", "delivered", "delivered", "shipped"]
    locker = {"Pedido": "CT-30417", "Estado": "Ready for pickup", "Paquetería": "Estafeta",
              "Entregado": "02/12/2026", "Escalar": "no"}
    user = "Is my order CT-30417 at the pick-up point yet?"
    assert score("Yes, CT-30417 has been waiting for you at the Estafeta pick-up point since 2 December.", user,
                 locker) >= 0.7
    assert score("It's still on its way with Estafeta, order CT-30417.", user, locker) <= 0.2


def test_a_form_with_its_specifics_blanked_out_is_refused():
    blank = "Your order CT-_____ left us on __/12/2026 with ________ (guide ______) and arrives on __/12/2026."
    assert score(blank, "Where is my order CT-30417?", SHIPPED) <= 0.2


def test_a_status_is_no_answer_to_a_request_for_something_else():
    user = "Could I swap the lamp from CT-30417 for the green one instead of a refund?"
    assert score("Your order CT-30417 was shipped on 01/12/2026 with Estafeta.", user, SHIPPED) < 0.7


def test_an_amount_that_is_the_records_less_a_fee_of_the_rules_is_no_invention():
    delivered = {"Pedido": "CT-29001", "Estado": "entregado", "Entregado": "19/11/2026", "Total": "$780.00 MXN",
                 "Escalar": "no"}
    user = "Can I return the lamp from CT-29001? I changed my mind."
    # the rules name shipping at $99 MXN: 780 - 99 = 681 follows; 650 does not
    assert score("Yes, the lamp can go back within 30 days of delivery, until 19 December. I've emailed you the label; "
                 "you'll get $681.00 MXN back, the $99 MXN shipping is not refunded.", user, delivered) >= 0.7
    # The cost of the rule that a derived date shows its way (grounding/deadlines.py): the same deadline given
    # bare, with neither the delivery date nor the 30 days, is one nobody could check, and is capped.
    assert score("Yes, the lamp can go back until 19 December. I've emailed you the label; you'll get $681.00 MXN "
                 "back, the $99 MXN shipping is not refunded.", user, delivered) <= 0.2
    assert score("Yes, the lamp can go back until 19 December. I've emailed you the label; you'll get $650.00 MXN "
                 "back.", user, delivered) <= 0.2


def test_without_a_record_an_orders_date_or_refund_is_an_invention():
    user = "Did you get my returned lamp back yet?"
    assert score("Yes, we received your lamp on 1 December and your refund of $780.00 MXN will be on your card "
                 "within 3 days.", user, None) <= 0.2
    # a date that follows from today by the rules' periods (2 working days to ship, then 1-3) is not
    parts = cs.components("Orders ship within 2 working days and Estafeta takes 1-3 working days, so it should "
                          "arrive by Wednesday 9 December.", None, chat("If I order today, when will it arrive?"))
    assert parts["contradictions"] == []
    parts = cs.components("It should arrive by Wednesday 23 December.", None,
                          chat("If I order today, when will it arrive?"))
    assert parts["contradictions"] == ["an order's date or amount with no record to hold it"]


def test_a_hand_off_in_everyday_words_and_an_allergy_question_that_reports_no_reaction():
    user = "My daughter used the candle from CT-30417 and her hand swelled up after the wax burned her."
    assert score("I'm so sorry. I'm passing this to our team lead right now and someone will call you today about "
                 "the burn from order CT-30417.", user, SHIPPED) >= 0.7
    from loopwright.rewards.customer_support.request import report_kinds

    assert report_kinds("Is your soap nut-free? My son has a nut allergy.") == set()
    assert "harm" in report_kinds("She had an allergic reaction to the soap.")


def test_an_echo_of_the_question_is_refused_and_an_action_in_the_customers_words_is_not():
    user = "Has CT-30417 been sent yet, and when will I get it?"
    echo = ("You're asking whether CT-30417 has been sent yet and when you will get it. That is a great question "
            "about CT-30417 being sent and when you will get it.")
    assert score(echo, user, SHIPPED) <= 0.2
    user = "I'd like a refund for the lamp, it broke in the first week."
    assert score("Sorry the lamp broke! I've refunded it in full and emailed you the confirmation.", user, None) >= 0.7


@pytest.mark.parametrize("reply", [
    "I've passed this to our Equipo de Seguridad and someone will call you today.",
    "I'm handing this to our Tim Konsultan; a consultant will WhatsApp you today.",
    "Someone from our safety team will call you within the hour."])
def test_hand_offs_to_a_team_by_its_own_name(reply):
    from loopwright.rewards.customer_support import patterns as sp

    assert sp.ESCALATE.search(reply)


def test_without_a_record_a_tracking_number_nobody_gave_is_invented():
    user = "Did my lamp ship yet?"
    assert score("Yes, it was dispatched yesterday with Estafeta, tracking 8812339055, and arrives tomorrow.", user,
                 None) <= 0.2


@pytest.mark.parametrize("phrase", ["número de pedido", "numéro de commande", "Bestellnummer", "nomor pesanan",
                                    "ordrenummer"])
def test_asking_for_the_order_number_in_the_words_of_the_shops_system(phrase):
    from loopwright.rewards.customer_support.patterns import ASKS_ORDER_NUMBER

    assert ASKS_ORDER_NUMBER.search(f"Could you send me your {phrase}? It is in your confirmation email.")


def test_today_in_the_language_of_the_system_message_and_month_abbreviations():
    policy = policy_of([{"role": "system", "content": "Hoy es jueves 3 de diciembre de 2026. "
                                                      "Envíos en 2 días hábiles."}])
    assert policy.today == dt.date(2026, 12, 3)
    assert sf.dates_in("2 Des 2026")[0][0] == {(12, 2)} and sf.dates_in("4 dic")[0][0] == {(12, 4)}


# ------------------------------------------------------------------ the shop's own status words (blind set 5, a fit)

GREEK_SYSTEM = ("You are the support assistant of Meli Kritis, Chania. Dates DD/MM/YYYY; today is 03/12/2026.\n"
                "Order statuses (κατάσταση): Σε επεξεργασία = being prepared; Απεστάλη = shipped; Παραδόθηκε = "
                "delivered; Ακυρώθηκε = cancelled.\nStatus codes used by the warehouse: 20 = being picked and packed; "
                "30 = shipped; 90 = cancelled.\nOrder statuses: TO SHIP (being packed), SHIPPED, FAILED DELIVERY (the "
                "courier retries once; after a second failed attempt the parcel returns to us), DELIVERED.")
GREEK_MAP = {"αρ_παραγγελίας": "order_id", "κατάσταση": "status", "μεταφορική": "carrier", "αρ_αποστολής": "tracking"}
GREEK_SHIPPED = {"αρ_παραγγελίας": "ΛΜ-30417", "κατάσταση": "Απεστάλη", "μεταφορική": "ACS Courier",
                 "αρ_αποστολής": "7304581926"}


def greek_score(reply: str, user: str, facts: dict) -> float:
    return cs.make({"facts_map": GREEK_MAP})(
        [reply], facts_json=[json.dumps(facts, ensure_ascii=False)],
        prompts=[[{"role": "system", "content": GREEK_SYSTEM}, {"role": "user", "content": user}]])[0]


def test_field_names_and_order_numbers_in_any_script_are_read():
    facts = sf.normalize_facts(GREEK_SHIPPED, GREEK_MAP)
    assert facts["order_id"] == "ΛΜ-30417" and facts["carrier"] == "ACS Courier" and facts["tracking"] == "7304581926"
    assert sf.id_pattern("ΛΜ-30417").findall("order ΛΜ-30417, or ΛΜ 30417; not XΛΜ-30417") == ["ΛΜ-30417", "ΛΜ 30417"]
    assert sf.order_body("ΛΜ-30417") == "30417"


def test_the_status_glossary_of_the_system_message_is_read():
    glossary = dict(policy_of([{"role": "system", "content": GREEK_SYSTEM}]).statuses)
    assert glossary["απεστάλη"] == "shipped" and glossary["σε επεξεργασία"] == "processing"
    assert glossary["20"] == "processing" and glossary["90"] == "cancelled"
    assert glossary["to ship"] == "processing"  # a short gloss in parentheses
    assert "failed delivery" not in glossary  # a long one is a rule, not a gloss


def test_a_records_status_is_read_through_the_shops_glossary():
    user = "Any news on order ΛΜ-30417?"
    right = "Your order ΛΜ-30417 shows «Απεστάλη», i.e. shipped: it's with ACS Courier, voucher 7304581926."
    assert greek_score(right, user, GREEK_SHIPPED) >= 0.7
    # the shop's own word for "cancelled", quoted for a shipped order, is a contradiction
    wrong = "Your order ΛΜ-30417 shows «Ακυρώθηκε», with ACS Courier, voucher 7304581926."
    assert greek_score(wrong, user, GREEK_SHIPPED) <= 0.2
    # "TO SHIP" is not shipped: a reply saying it has left contradicts the record
    packing = dict(GREEK_SHIPPED, κατάσταση="TO SHIP")
    assert greek_score("Good news: ΛΜ-30417 has shipped with ACS Courier.", user, packing) <= 0.2
    coded = dict(GREEK_SHIPPED, κατάσταση="20")
    assert greek_score("ΛΜ-30417 is status 20: being picked and packed, it ships tomorrow.", user, coded) >= 0.7


IRISH = ("You are the assistant of Kettle & Crumb, Galway. Today is Thursday 03/12/2026. Order refs look like "
         "KC-12345. Shipping: 4,50 €; free over 80 €. Returns: within 30 days of delivery, unused. Hand off to a "
         "colleague for electrical faults.")


def irish(reply: str, *users: str, facts: dict | None = None) -> dict:
    turns = []
    for i, u in enumerate(users):
        turns += [{"role": "user", "content": u}] + ([{"role": "assistant", "content": "Sure, shall I?"}]
                                                      if i < len(users) - 1 else [])
    return cs.components(reply, json.dumps(facts) if facts else None, [{"role": "system", "content": IRISH}, *turns])


def test_without_a_record_a_fee_threshold_or_window_the_rules_do_not_give_is_a_contradiction():
    assert not irish("Yes, 4,50 € – free shipping starts from 80 €, so adding 5 € more makes it free.",
                     "If I order 75 € worth, do I pay shipping?")["contradictions"]  # the rules' numbers and 80 - 75
    assert irish("Yes! Shipping is free for all orders over 30 €, so you're covered.",
                 "Is shipping free? My basket is 35 €.")["contradictions"]
    assert irish("You can return it within 14 days of delivery if it's unused.",
                 "How long do I have to return a sweater?")["contradictions"]
    assert not irish("You can return it within 30 days of delivery if it's unused.",
                     "How long do I have to return a sweater?")["contradictions"]


def test_without_a_record_an_order_number_nobody_gave_is_invented():
    made_up = irish("No need to worry! Your order KC-48611 is waiting at the An Post office; collect it by Friday.",
                    "My order hasn't come yet, should I worry?")
    assert "an order number no one gave, with no record to hold it" in made_up["contradictions"]
    asks = irish("Could you send me your order number? It looks like KC-12345, at the top of your confirmation.",
                 "My order hasn't come yet, should I worry?")
    assert asks["contradictions"] == [] and asks["score"] >= 0.7


def test_keywords_strung_on_symbols_are_no_reply():
    stuffed = irish("Shipping ✅ Tracking ✅ DPD ✅ Refund ✅ Replacement ✅ "
                    "Return ✅ Unboxing ✅ — we've got you covered!",
                    "KC-48488 I received the wrong size")
    assert "keywords without sentences" in stuffed["contradictions"] and stuffed["score"] <= 0.2


def test_a_message_that_is_only_the_order_number_asks_where_it_is():
    facts = {"order_id": "KC-48650", "status": "Out for delivery", "carrier": "DPD", "tracking": "15502291104762"}
    reply = irish("Yep, it's on the DPD van today 🚚 Tracking 15502291104762 if you want to watch it.", "KC-48650",
                  facts=facts)
    assert "status" in reply["required"] and reply["score"] >= 0.7


def test_a_cancellation_asked_earlier_in_the_conversation_may_be_done_now():
    facts = {"order_id": "KC-48700", "status": "Packed", "total": "€35.00"}
    done = "Done — KC-48700 is cancelled and the €35.00 goes back to your card."
    assert irish(done, "Can you cancel KC-48700?", "Yes please", facts=facts)["score"] >= 0.7
    assert irish(done, "Where is KC-48700?", "ok", facts=facts)["contradictions"]


def test_a_teammate_is_a_hand_off():
    facts = {"order_id": "KC-47015", "status": "Delivered", "carrier": "DPD"}
    reply = irish("Sorry! Please leave KC-47015 unplugged. I'm passing this to a teammate now – they'll email you "
                  "within 1 working day.", "The kettle from order KC-47015 started smoking and tripped the fuse.",
                  facts=facts)
    assert reply["hands_off"] == 1.0
