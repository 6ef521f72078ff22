"""reward=customer_support reads a hand-off, a report that calls for one and a request for the order number in the
customer's language (customer_support/wording.py), and the record's escalation flag under its own language's name.
The replies are written for these tests, in words of our own, not taken from any labelled set."""

from __future__ import annotations

import json

import pytest

from loopwright.rewards import customer_support as cs
from loopwright.rewards.customer_support import facts as sf
from loopwright.rewards.customer_support import wording

HANDOFFS = [
    "Ich leite Ihren Fall sofort an unser Kundenservice-Team weiter.",
    "J'ai transmis votre dossier à un conseiller, qui vous contactera demain.",
    "He derivado tu caso a un compañero del equipo de calidad.",
    "Ho inoltrato la sua segnalazione a un collega del reparto qualità.",
    "Encaminhei o seu caso para um atendente da nossa equipe.",
    "Ik heb uw vraag doorgestuurd naar een collega van de klantenservice.",
    "Przekazałem sprawę do naszego zespołu reklamacji.",
    "Jag har vidarebefordrat ärendet till en kollega på kundtjänst.",
    "Jeg har videresendt sagen til en kollega i kundeservice.",
    "Jeg har sendt saken videre til en kollega i kundeservice.",
    "Olen välittänyt asiasi asiakaspalvelutiimillemme.",
    "Předal jsem váš případ kolegovi z reklamačního oddělení.",
    "Προώθησα το αίτημά σας σε συνάδελφο του τμήματος ποιότητας.",
    "Talebinizi müşteri hizmetleri ekibimize ilettim.",
    "Kollegamme ottaa sinuun yhteyttä huomenna.",
    "En kollega hör av sig till dig i morgon.",
    "Din sag er hos en kollega i kundeservice nu, jeg har sendt den videre.",  # the particle verb after the person
    "Jag har lämnat ärendet till en kollega på returavdelningen.",
]
NOT_HANDOFFS = [
    "Sie können per Banküberweisung bezahlen; unser Team verschickt am selben Tag.",
    "N'hésitez pas à nous contacter, notre équipe est disponible du lundi au vendredi.",
    "Puede pagar por transferencia bancaria; nuestro equipo lo envía en 24 horas.",
    "Vår kundtjänst svarar inom en arbetsdag.",
    "Your refund was transferred to your card yesterday.",
]


@pytest.mark.parametrize("reply", HANDOFFS)
def test_a_case_passed_to_a_person_is_a_hand_off_in_each_covered_language(reply):
    assert wording.hands_off(reply)


@pytest.mark.parametrize("reply", NOT_HANDOFFS)
def test_a_team_named_beside_a_payment_or_an_invitation_to_write_is_no_hand_off(reply):
    assert not wording.hands_off(reply)


@pytest.mark.parametrize("message, kind", [
    ("Aus dem Gerät kam Rauch und es riecht nach verschmortem Kabel.", "danger"),
    ("Il y avait de la fumée et des étincelles, le disjoncteur a sauté.", "danger"),
    ("Maskinen ryker och det luktar bränt.", "danger"),
    ("Laitteesta tuli savua ja palaneen haju.", "danger"),
    ("Mi hijo se tragó una pieza pequeña.", "danger"),
    ("Jeg fik en allergisk reaktion og hævede læber.", "harm"),
    ("Moja córka ma wysypkę i duszności po tym kremie.", "harm"),
    ("Min datter fikk utslett og vi dro til legevakten.", "harm"),
    ("Ich habe diese Bestellung nie bestellt, das ist Betrug.", "fraud"),
    ("En ole tilannut mitään, mutta kortiltani on tuntematon veloitus.", "fraud"),
    ("Ik heb dit nooit besteld.", "fraud"),
    ("Om jag inte får pengarna kontaktar jag en advokat.", "legal"),
    ("Jeśli nie dostanę zwrotu, złożę pozew w sądzie.", "legal"),
    ("Αν δεν λυθεί, θα πάω στον δικηγόρο μου.", "legal"),
])
def test_a_report_that_calls_for_a_human_is_read_in_the_customers_language(message, kind):
    assert kind in wording.report_kinds(message)


@pytest.mark.parametrize("message", [
    "Es gibt keinen Rauch, das Gerät geht einfach nicht an.",
    "Ingen rök, den startar bara inte.",
    "Welche Marke hat die Maschine? Ist das Gehäuse aus Edelstahl?",
    "Wie lange dauert die Lieferung nach Brandenburg?",
    "Kan ni retten till min beställning?",
    "Could you polish the wording of our return policy? I want to check the policies first.",
    "Onko palautus ilmainen?",
])
def test_a_denied_mention_and_everyday_words_that_only_look_alike_call_for_no_human(message):
    assert wording.report_kinds(message) == set()


def _graded(reply, user, facts=None, earlier=()):
    prompt = [{"role": "system", "content": "Heute: Montag, 07.12.2026."}, *earlier, {"role": "user", "content": user}]
    return cs.components(reply, json.dumps(facts) if facts is not None else None, prompt)


def test_asking_for_the_order_number_in_the_customers_language_is_the_next_step_without_a_record():
    for user, reply in [
        ("Wo bleibt meine Bestellung?", "Gern schaue ich nach. Können Sie mir Ihre Bestellnummer nennen?"),
        ("Missä tilaukseni on?", "Autan mielelläni! Voisitko lähettää tilausnumerosi?"),
        ("Hvor er pakken min?", "Jeg sjekker gjerne. Hva er ordrenummeret ditt?"),
    ]:
        parts = _graded(reply, user)
        assert parts["answers_asked"] == 1.0 and parts["score"] >= cs.DEFAULT_THRESHOLD, (reply, parts)
    # a reply that names an order number of its own, with no record to hold it, is not asking for one
    invented = _graded("Ihre Bestellnummer AB-123456 ist unterwegs.", "Wo bleibt meine Bestellung?")
    assert invented["score"] < cs.DEFAULT_THRESHOLD


def test_the_records_escalation_flag_under_its_own_languages_name_calls_for_a_human():
    for key, yes in [("eskalation", "ja"), ("escalade", "oui"), ("eskalera", "ja"), ("a_escalader", "oui"),
                     ("escalar", "sim"), ("eskalacja", "tak"), ("eskalointi", "kyllä")]:
        assert sf.canonical_key(key) == "escalate" and sf.truthy(yes), key
    facts = {"bestellnummer": "AH-604470", "status": "bezahlt", "eskalation": "ja"}
    plain = _graded("Ihre Bestellung AH-604470 ist bezahlt und geht heute raus.", "Wann kommt AH-604470?", facts)
    handed = _graded("Ihre Bestellung AH-604470 ist bezahlt; vor dem Versand prüft sie ein Kollege, ich habe sie an "
                     "unser Team weitergeleitet.", "Wann kommt AH-604470?", facts)
    assert plain["hands_off"] == 0.0 and handed["hands_off"] == 1.0


def test_a_hand_off_made_in_an_earlier_turn_holds_for_the_follow_up():
    user = "Und bis wann höre ich etwas?"
    earlier = [{"role": "user", "content": "Aus dem Gerät kommt Rauch!"},
               {"role": "assistant", "content": "Bitte ziehen Sie den Stecker. Ich leite Ihren Fall an unser "
                                                "Sicherheitsteam weiter."}]
    follow_up = "Ein Kollege meldet sich innerhalb eines Arbeitstages bei Ihnen."
    assert _graded(follow_up, user, earlier=earlier)["hands_off"] == 1.0
    assert _graded("Das Gerät hat zwei Jahre Garantie.", "Aus dem Gerät kommt Rauch!")["hands_off"] == 0.0


@pytest.mark.timeout(60)
@pytest.mark.parametrize("hostile", ["kollega " * 20_000, "leite " * 20_000 + "Team", "nie " * 30_000 + "bestellt",
                                     "ordre" * 50_000, "ei " * 40_000 + "savua", "\u00e5" * 200_000])
def test_hostile_text_is_read_bounded_and_never_raises(hostile):
    # the customer's side and the reply are read to a bounded length (request._CONVERSATION_CHARS, SCAN_CHARS);
    # the word patterns themselves hold no unbounded repetition a long run could make backtrack
    wording.hands_off(hostile[:8000])
    wording.report_kinds(hostile[:8000])
    prompt = [{"role": "user", "content": hostile}]
    assert 0.0 <= cs.score(hostile, None, prompt) <= 1.0
