"""reward=customer_support reads what any shop's system message and record say in their own words (a fit on blind
sets 5 and 6, docs/REWARDS.md): "D. M. YYYY" dates, KSh amounts, "awaiting dispatch", the value the hand-off rule
gives the record's flag, the rule's items as written ("Hand-off to a human (say ...): ..."), hand-offs to a person
by any handing verb, refunds and deliveries stated by a carrier or an amount. The replies are written for these
tests, in words of our own."""

from __future__ import annotations

import json

import pytest

from loopwright.rewards import customer_support as cs
from loopwright.rewards.customer_support import facts as sf
from loopwright.rewards.customer_support import language
from loopwright.rewards.customer_support.policy import policy_of

SYSTEM = ("You are Zuzka, the helper of Horská Chata, an outdoor shop in Žilina. Today is štvrtok 3. 12. 2026 "
          "(dates are written D. M. YYYY).\nOrder numbers look like HC followed by 5 digits.\n"
          "Order statuses: \"prijatá\" = received, \"odoslaná\" = shipped, \"doručená\" = delivered, "
          "\"vrátená\" = refunded.\nShipping: Packeta 3,50 €, 1-2 working days; free over 60 €.\n"
          "Returns: within 14 days of delivery, unused. Sleeping bags cannot be returned once unpacked.\n"
          "Hand-off to a human (say a colleague will contact them): burns or any injury, skin or eye irritation, "
          "legal threats or complaints to the SOI, chargebacks, fraud, or when the record has do_rieky = \"HNED\".\n"
          "Never invent order details.")
FACTS_MAP = {"cislo": "order_id", "stav": "status", "prepravca": "carrier", "odoslane": "ship_date",
             "dorucene": "delivered_date", "odhad": "eta", "suma": "total", "vratene": "refund_amount",
             "vratene_dna": "refund_date", "do_rieky": "escalate", "meno": "customer_name"}
SHIPPED = {"cislo": "HC40117", "meno": "Jana Hrušková", "stav": "odoslaná", "prepravca": "Packeta",
           "odoslane": "2. 12. 2026", "odhad": "4. 12. 2026", "suma": "48,90 €", "do_rieky": "nie"}


def grade(reply: str, user: str, facts: dict | None = None) -> dict:
    prompt = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]
    return cs.components(reply, json.dumps(facts) if facts else None, prompt, FACTS_MAP)


def test_day_dot_month_dates_with_spaces_are_read_and_today_with_them():
    assert [r for r, _ in sf.dates_in("sent on 2. 12. and due 4. 12. 2026")] == [{(12, 2)}, {(12, 4)}]
    policy = policy_of([{"role": "system", "content": SYSTEM}])
    assert policy.day_first is True and (policy.today.month, policy.today.day) == (12, 3)
    right = grade("It left with Packeta on 2. 12. and should reach you on 4. 12. 2026.", "Where is HC40117?", SHIPPED)
    wrong = grade("It left with Packeta on 2. 12. and should reach you on 9. 12. 2026.", "Where is HC40117?", SHIPPED)
    assert right["score"] >= 0.7 and not right["contradictions"] and wrong["contradictions"]


def test_shilling_amounts_and_a_status_awaiting_dispatch():
    assert sf.amounts_in("you paid KSh 2,900") == [(290000, 9, 18)]
    assert sf.canonical_status("Awaiting dispatch") == "processing"


def test_the_flag_value_the_hand_off_rule_names_calls_for_a_human():
    flagged = dict(SHIPPED, do_rieky="HNED")
    handed = "I'm sorry, Jana. I've passed your order to an operator, who will call you about the zip."
    assert grade(handed, "The zip on the tent from HC40117 broke", flagged)["score"] >= 0.7
    assert grade(handed, "The zip on the tent from HC40117 broke", SHIPPED)["hands_off"] == 0.0


def test_the_hand_off_rules_items_as_the_shop_writes_them():
    policy = policy_of([{"role": "system", "content": SYSTEM}])
    assert policy.handoff_applies("my eyes show irritation after the spray") and policy.handoff_applies(
        "I filed it with the SOI") and not policy.handoff_applies("I'd like to complain about the delay")
    assert policy.flag_values == {"hned"}


def test_any_handing_verb_to_a_person_is_a_hand_off():
    for reply in ("I've flagged this for a team member who will ring you today.",
                  "I'm handing this to one of our agents, who will call you back.",
                  "I've raised it with a supervisor and she will email you."):
        assert grade(reply, "My stove from HC40117 burned my hand")["hands_off"] == 1.0, reply


def test_a_tribunal_is_a_legal_threat():
    assert grade("I'm passing this to a colleague now.",
                 "I'll see you at the small disputes tribunal")["hands_off"] == 1.0


def test_a_carrier_that_delivered_it_and_a_refund_stated_by_its_amount():
    delivered = dict(SHIPPED, stav="doručená", dorucene="1. 12. 2026")
    assert grade("Yes, Packeta delivered it on 1. 12. 2026.", "Did HC40117 arrive?", delivered)["score"] >= 0.7
    refunded = dict(SHIPPED, stav="vrátená", vratene="48,90 €", vratene_dna="30. 11. 2026")
    assert grade("Yes, 48,90 € was refunded on 30. 11. 2026.", "Was HC40117 refunded?", refunded)["score"] >= 0.7
    returned = dict(SHIPPED, stav="return received")
    assert grade("Yes, your refund of 48,90 € was issued on 2. 12.", "Did you refund HC40117?",
                 returned)["contradictions"]


def test_coming_apart_asks_no_status_and_a_greeting_may_open_a_yes():
    assert "status" not in grade("I'm sorry, Jana; I'll send a new strap today.",
                                 "The strap of HC40117 is coming apart",
                                 SHIPPED)["required"]
    delivered = dict(SHIPPED, stav="doručená", dorucene="1. 12. 2026")
    assert grade("Hi Jana! Yes, Packeta delivered it on 1. 12.", "did HC40117 arrive?", delivered)["score"] >= 0.7


# ---------------------------------------------------------------- statements held to the shop's rules
RULES = ("You help at Lipa Wool, Bratislava. Today is 3. 12. 2026.\n"
         "Shipping: Packeta 1-2 working days, SPS 2-4 working days; 3,50 €, free on orders over 60 €.\n"
         "Payment: card, or cash on delivery for orders up to 150 € only.\n"
         "Returns and exchanges: within 21 days of delivery, unworn.\n"
         "Gift wrapping changes: possible only while the order is \"prijatá\".\n"
         "Order statuses: \"prijatá\" = received, \"odoslaná\" = shipped.")


def ruled(reply: str, user: str, facts: dict | None = None) -> dict:
    prompt = [{"role": "system", "content": RULES}, {"role": "user", "content": user}]
    return cs.components(reply, json.dumps(facts) if facts else None, prompt, FACTS_MAP)


def test_a_window_counted_from_the_same_event_must_be_the_rules_number():
    assert ruled("Exchanges are possible within 10 days of delivery.", "Can I exchange the scarf?")["contradictions"]
    assert not ruled("Exchanges are possible within 21 days of delivery.",
                     "Can I exchange the scarf?")["contradictions"]
    assert ruled("Sorry, exchanges close 10 days after delivery.", "Can I exchange HC40117?", SHIPPED)["contradictions"]


def test_a_restricted_rule_said_to_hold_everywhere_or_always():
    assert ruled("Yes, cash on delivery works for any amount.",
                 "Can I pay cash on delivery for 400 €?")["contradictions"]
    assert ruled("Shipping is always free with us.", "Do you charge for shipping?")["contradictions"]
    assert not ruled("Shipping is free on orders over 60 €, otherwise 3,50 €.", "Do you charge for shipping?")[
        "contradictions"]
    assert not ruled("Sending back a faulty item is always free of charge.",
                     "Do I pay postage on a hat that arrived faulty?")[
        "contradictions"]  # one word of the shipping clause ("free") is not that clause


def test_an_action_the_rules_allow_only_in_another_status_and_another_shop_carrier():
    shipped = dict(SHIPPED, prepravca="Packeta")
    assert ruled("Done, I've changed the gift wrapping to the red paper.", "Can you change the gift wrapping?",
                 shipped)["contradictions"]
    assert ruled("It's with SPS now and should reach you on 4. 12.", "Where is HC40117?", shipped)["contradictions"]
    assert not ruled("It's with Packeta now and should reach you on 4. 12.", "Where is HC40117?", shipped)[
        "contradictions"]


def test_every_status_hedged_and_a_status_that_only_repeats_the_customers_id():
    delivered = dict(SHIPPED, stav="doručená", dorucene="1. 12. 2026")
    hedged = "Your parcel may have shipped with Packeta on 2. 12., or possibly it was delivered on 1. 12. 2026."
    assert grade(hedged, "Where is HC40117?", delivered)["contradictions"] == [
        "status keyword stuffing, or every status hedged"]
    repeated = "Your order HC40117 is on its way. Order HC40117 is being handled. HC40117 will arrive soon."
    assert grade(repeated, "Where is HC40117?", SHIPPED)["score"] < 0.7


def test_the_question_said_back_is_no_answer():
    echo = "You want to know whether you can pay cash on delivery for 400 euros. Great question about cash on delivery!"
    assert ruled(echo, "Can I pay cash on delivery for 400 euros?")["score"] < 0.7


def test_a_hand_off_naming_the_customers_item_and_reports_in_the_customers_language():
    handed = "I'm sorry the tent pole snapped. I'm passing this to a team member, who will call you today."
    assert grade(handed, "I'm taking you to the tribunal over HC40117, the tent pole snapped", SHIPPED)["score"] >= 0.7
    assert grade("I've passed this to a colleague, who will call you within 1 working day about HC40117.",
                 "Mi hija se tragó una pieza del juguete del pedido HC40117", SHIPPED)["hands_off"] == 1.0


def test_an_attempted_delivery_and_a_refund_with_dots_in_its_amount():
    failed = dict(SHIPPED, stav="failed delivery")
    assert grade("Packeta tried to deliver on 2. 12. but nobody was home; they will try again tomorrow.",
                 "Why does HC40117 say failed delivery?", failed)["score"] >= 0.7
    refunded = dict(SHIPPED, stav="vrátená", suma="1.250.000 ₫", vratene="1.250.000 ₫", vratene_dna="1. 12. 2026")
    assert grade("Your refund of 1.250.000 ₫ was completed on 1. 12. 2026.", "Refund for HC40117?",
                 refunded)["score"] >= 0.7
    assert grade("We refunded 1.250.000 ₫ on 12. 1. 2026.", "Refund for HC40117?",
                 refunded)["contradictions"]


HOURS = RULES + ("\nShop: Obchodná 12, open 9:00 AM-5:00 PM, Monday to Friday.\n"
                 "Unpacked sleeping bags cannot be returned.")


def hours(reply: str, user: str, facts: dict | None = None) -> dict:
    prompt = [{"role": "system", "content": HOURS}, {"role": "user", "content": user}]
    return cs.components(reply, json.dumps(facts) if facts else None, prompt, FACTS_MAP)


def test_a_refusal_of_what_was_asked_for_a_reason_the_record_or_rules_give():
    shipped = dict(SHIPPED, prepravca="Packeta")
    assert ruled("Sorry Jana, it already left with Packeta on 2. 12., so it can't be cancelled any more.",
                 "Please cancel HC40117", shipped)["score"] >= 0.7
    assert hours("Sorry Jana, unpacked sleeping bags cannot be returned, so we can't take this one back.",
                 "Can I return the sleeping bag from HC40117? I unpacked it", shipped)["score"] >= 0.7
    assert ruled("Sorry, once an order is in our system we can't cancel it.", "Please cancel HC40117",
                 dict(SHIPPED, stav="prijatá"))["score"] < 0.7


def test_a_policy_answer_working_the_customers_figure_or_giving_the_rules_hours():
    assert ruled("Yes, 3,50 € – it's free from 60 €, so 12 € more and it ships free.",
                 "If my basket is 48 €, do I pay for shipping?")["score"] >= 0.7
    assert hours("Yes, we're open 9:00 AM-5:00 PM on weekdays at Obchodná 12.",
                 "Are you open on Friday?")["score"] >= 0.7


def test_a_terse_answer_held_together_by_prepositions_is_a_sentence():
    terse = "Packeta pick-up point delivery costs 3,50 EUR and takes 1-2 working days; free over 60 EUR."
    assert not language.telegraphic(terse)
    assert language.telegraphic("Packeta point delivery costs EUR takes working days EUR free Packeta point EUR days")
    assert ruled(terse,
                 "How much is delivery with Packeta?")["score"] >= 0.7


@pytest.mark.parametrize("reply", [
    "Dzień dobry! Stojak został doręczony 25.11.2026, a na zwrot bez podania przyczyny masz 14 dni od dostawy, "
    "czyli do 9 grudnia.",
    "Guten Tag, Ihre Handmühle ist bereits unterwegs: Die Bestellung wurde am Freitag mit DHL verschickt und kommt "
    "voraussichtlich am Dienstag bei Ihnen an.",
    "Bonjour, votre commande est partie vendredi avec Colissimo et sera chez vous mardi, le numéro de suivi est dans "
    "le mail de confirmation.",
    "ご注文のA5方眼ノートは12月5日（土）にヤマト運輸で発送済みで、12月8日（火）にお届け予定です。追跡番号はメールに記載しております。",
])
def test_sentences_in_any_language_are_sentences(reply):
    # Each language's own function words hold its sentences together; unspaced scripts are not counted in words.
    assert not language.telegraphic(reply)


@pytest.mark.parametrize("stuffed", [
    "Bestellung versendet Sendungsnummer DHL Lieferung Dienstag Rückerstattung Gutschrift Storno Status Paket Versand",
    "commande expédiée suivi Colissimo livraison mardi remboursement avoir annulation statut colis envoi transporteur "
    "adresse",
    "zamówienie wysłane numer przesyłki InPost dostawa wtorek zwrot środki anulowanie status paczka wysyłka",
])
def test_keywords_without_sentences_in_other_languages_stay_keywords(stuffed):
    # The attack: a grader's keywords strung together in the customer's language instead of English.
    assert language.telegraphic(stuffed)


def test_a_weekday_given_as_the_arrival_is_a_date_the_record_can_contradict():
    assert grade("It left with Packeta yesterday and it's due Friday.", "When does HC40117 arrive?", SHIPPED)[
        "contradictions"] == []  # today is Thursday 3. 12.: Friday is 4. 12., the record's estimate
    assert grade("It left with Packeta yesterday and it's due Monday.", "When does HC40117 arrive?", SHIPPED)[
        "contradictions"]


def test_report_words_of_other_languages_leave_english_false_friends_alone():
    from loopwright.rewards.customer_support import request as sr
    assert sr.report_kinds("Mi hijo se tragó una pieza") == {"danger"} and sr.report_kinds("il a avalé une bille")
    assert not sr.report_kinds("what a tragedy this delay is, and the avalanche beacon is a good brand")


@pytest.mark.parametrize("rude,polite", [
    ("Das ist Ihre eigene Schuld, Sie hätten lesen sollen.", "Das tut mir leid, ich kümmere mich sofort darum."),
    ("Comme je l'ai déjà dit, ce n'est pas notre problème.", "Je suis désolée, je m'en occupe tout de suite."),
    ("Como ya le dije, no es nuestro problema.", "Lo siento mucho, lo reviso ahora mismo."),
    ("Como já disse, a culpa é sua.", "Sinto muito, vou verificar agora mesmo."),
    ("Come le ho già detto, è colpa sua.", "Mi dispiace, controllo subito."),
    ("Zoals ik al zei: uw eigen schuld.", "Het spijt me, ik zoek het meteen uit."),
    ("Jak już pisałam, to nie nasz problem.", "Przykro mi, zaraz to sprawdzę."),
    ("Jak jsem už psal, to není náš problém.", "Omlouvám se, hned to prověřím."),
    ("Som jag redan skrev: ditt eget fel.", "Jag beklagar, jag kollar det direkt."),
    ("Daha önce de söylediğim gibi, bu bizim sorunumuz değil.", "Üzgünüm, hemen kontrol ediyorum."),
    ("Som jeg allerede har skrevet: det er ikke vores problem.", "Det er jeg ked af, jeg tjekker det med det samme."),
    ("Du burde ha lest vilkårene, det er din egen skyld.", "Beklager, jeg sjekker det med en gang."),
    ("Kuten jo kirjoitin, se on oma vikasi.", "Olen pahoillani, tarkistan asian heti."),
    ("Όπως σας είπα ήδη, είναι δικό σας λάθος.", "Λυπάμαι πολύ, το ελέγχω αμέσως."),
])
def test_contempt_in_the_customers_language_is_rude_and_courtesy_is_not(rude, polite):
    from loopwright.rewards.customer_support import checks

    assert checks.rude(rude) and checks.tone(rude) == 0.0
    assert not checks.rude(polite)


@pytest.mark.parametrize("rude,polite", [
    ("Beruhigen Sie sich, das steht doch klar und deutlich in der Mail.",
     "Bitte haben Sie noch etwas Geduld, das Paket kommt morgen."),
    ("Calmez-vous, c'est écrit partout.", "Merci de votre patience, le colis arrive demain."),
    ("Cálmese, lo dice bien claro en la web.", "Gracias por su paciencia, llega mañana."),
    ("Si hubiera leído la ficha, lo sabría.", "Si lo prefiere, se lo cambio hoy mismo."),
    ("Sakin olun, sitede açıkça yazıyor.", "Sabrınız için teşekkür ederiz, yarın teslim edilecek."),
    ("Nyugodjon meg, ha elolvasta volna, tudná.", "Köszönjük türelmét, holnap érkezik."),
    ("Calmați-vă, scrie destul de clar pe site.", "Vă mulțumim pentru răbdare, coletul ajunge mâine."),
    ("Đây là lỗi của bạn, có thế thôi.", "Shop xin lỗi bạn, đơn sẽ đến vào ngày mai."),
    ("落ち着いてください。ちゃんと読んでください。", "お待たせして申し訳ございません。明日お届けします。"),
    ("If you'd bothered to read the email, you'd know.", "If you'd like, I can change the address today."),
])
def test_condescension_is_rude_in_each_language_and_its_polite_neighbour_is_not(rude, polite):
    # the customer told to calm down, the answer said to be written everywhere, "if you had read it"; the polite
    # sentences next to them share words ("Geduld", "xin lỗi bạn" is the apology, "if you'd like")
    from loopwright.rewards.customer_support import checks

    assert checks.rude(rude)
    assert not checks.rude(polite)


@pytest.mark.parametrize("reply", [
    "ご不便をおかけしております。お調べしますので、注文番号（「KM-」から始まる番号で、ご注文確認メールに記載されています）"
    "を教えていただけますでしょうか。",
    "불편을 드려 죄송합니다. 확인을 위해 주문번호를 알려주시겠어요? "
    "주문번호를 주시면 바로 배송 상태를 확인해 드리겠습니다.",
])
def test_japanese_and_korean_sentences_are_no_keyword_list(reply):
    # Japanese commas, stops and brackets end clauses, not keywords; Korean binds its particles to the word before
    from loopwright.rewards.customer_support import language, patterns
    assert not patterns.keyword_list(reply) and not language.telegraphic(reply)
    assert patterns.keyword_list("配送 ✅ 追跡 ✅ 返金 ✅ 返品 ✅ 送料 ✅ 無料 ✅")


def test_a_reply_whose_words_are_not_read_is_not_judged_a_restatement():
    from loopwright.rewards.customer_support import request
    greek = "Γεια σας! Ευχαρίστως να το ελέγξω. Μπορείτε να μου στείλετε τον αριθμό παραγγελίας σας;"
    assert not request.restates(greek, "Πού είναι η παραγγελία μου; Την περιμένω από την Παρασκευή.")
    assert request.restates("You're asking where your order is and when it will come to you.",
                            "Where is my order and when will it come?")


@pytest.mark.parametrize("reply", [
    "Pentru că există o contestație deschisă la bancă, cazul trebuie preluat de un coleg; l-am transferat deja unui "
    "coleg, care vă va contacta.",
    "Ik zet je melding direct door naar een medewerker.",
    "Jag har kopplat ditt ärende till vår elansvariga kollega.",
    "Because this may be an allergic reaction, I've handed your case (order BS-690377) to a member of our team.",
])
def test_a_hand_off_in_romanian_dutch_swedish_and_with_an_aside_is_read(reply):
    from loopwright.rewards.customer_support import reading
    assert reading._hands_off(reply)
