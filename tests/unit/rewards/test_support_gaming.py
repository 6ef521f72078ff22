"""customer_support cannot be gamed by content-free replies, and reads the wording issue 26 found it missing.

The templates are generated: openers, actions, promises and closers in four registers (formal,
warm, terse, chatty), every combination scored against questions with and without an order
record. A reply that would score the same under any question is no resolution: none may reach
the curation threshold.
"""

from __future__ import annotations

import itertools
import json

import pytest

from loopwright.rewards import customer_support as cs

THRESHOLD = cs.DEFAULT_THRESHOLD

# The issue's four templates (the first verbatim), each scored against its four questions.
ISSUE_TEMPLATES = [
    "Thanks for getting in touch, and sorry about this. I've emailed you the details and we will contact you "
    "within 24 hours.",
    "Your feedback has been noted.",
    "Hi there! I've looked into this and updated your account. You'll receive a confirmation email shortly.",
    "Sorry for the trouble. This has been logged and our team will get back to you by tomorrow. Thanks!",
]
QUESTIONS = [
    "Where is my order BL-48213? It was meant to arrive on Monday.",
    "The toaster I bought sparked and tripped the electrics in the kitchen.",
    "I'd like a refund for the wool jumper, it shrank in the first wash.",
    "How do I change the delivery address on an order I placed yesterday?",
]
RECORDS = [
    None,
    json.dumps({"order_number": "BL-48213", "state": "in transit", "courier": "DPD", "total": "59.99 EUR"}),
    json.dumps({"Order Ref": "HP-3M8T2", "Fulfilment Status": "Being picked", "Order Value": "£42.00"}),
    json.dumps({"order_id": "W1234567", "status": "delivered", "refund_amount": "£12.50", "escalate": "no"}),
]

OPENERS = {
    "formal": ["Dear customer, thank you for contacting us.", "We apologise for any inconvenience caused.",
               "Thank you for your message regarding this matter."],
    "warm": ["Thanks so much for reaching out, and I'm really sorry about this!", "Oh no, I completely understand "
             "how frustrating this must be.", "Hi there, thanks for your patience with us."],
    "terse": ["Noted.", "Thanks.", "Understood."],
    "chatty": ["Hey! Thanks for the message :)", "Hiya, sorry to hear that!", "Hello hello, thanks for writing in."],
}
ACTIONS = ["I've emailed you the details.", "I've updated your account.", "I've raised a ticket for you.",
           "We have processed your request.", "Your case has been logged.", "I've passed this to the team.",
           "Everything has been sorted on our end.", "I've made a note of this.", "We've fixed the issue.",
           "I've applied the change you asked for."]
PROMISES = ["We will contact you within 24 hours.", "You'll receive a confirmation email shortly.",
            "Someone will get back to you by tomorrow.", "It should all be resolved within 3-5 working days.",
            "We'll be in touch soon.", ""]
CLOSERS = ["Have a lovely day!", "Kind regards, the support team.", "Let us know if there's anything else.", ""]


def generated_templates() -> list[str]:
    out = []
    for openers in OPENERS.values():
        for i, (opener, action, promise) in enumerate(itertools.product(openers, ACTIONS, PROMISES)):
            out.append(" ".join(p for p in (opener, action, promise, CLOSERS[i % len(CLOSERS)]) if p))
    return out


def test_the_issues_templates_score_below_the_threshold_on_all_four_questions():
    scores = {(t[:30], q[:30]): cs.score(t, None, q) for t in ISSUE_TEMPLATES for q in QUESTIONS}
    assert len(scores) == 16 and max(scores.values()) < THRESHOLD, scores


def test_no_generated_template_is_rewarded_with_or_without_a_record():
    templates = generated_templates()
    assert len(templates) == 720  # four registers, every opener x action x promise, closers in turn
    passed = [(t, q, f) for t in templates for q in QUESTIONS for f in RECORDS[:2]
              if cs.score(t, f, q) >= THRESHOLD]
    assert passed == [], passed[:5]


def test_the_same_action_anchored_to_the_request_is_a_resolution():
    ask = "I'd like a refund for the wool jumper, it shrank in the first wash."
    anchored = "Sorry the jumper shrank! I've refunded it in full and emailed you the confirmation."
    assert cs.score(anchored, None, ask) >= THRESHOLD
    assert cs.score("Sorry about that! I've refunded it in full and emailed you the confirmation.", None, ask) < THRESHOLD


def test_copying_the_customers_message_is_no_anchor():
    ask = "The zip on my new rucksack broke the first time I used it."
    echo = "The zip on my new rucksack broke the first time I used it. I've processed your request."
    assert cs.score(echo, None, ask) < THRESHOLD


def test_done_words_are_no_outcome():
    ask = "The lid of the blender I ordered (BL-48213) doesn't fit."
    for reply in ("Your feedback about BL-48213 has been noted.", "I've logged the issue with the blender lid."):
        assert cs.components(reply, None, ask)["resolution"] == 0.0, reply


def test_yes_needs_a_matching_claim_and_is_checked_against_the_record():
    facts = json.dumps({"Order Ref": "HP-3M8T2", "Fulfilment Status": "Being picked"})
    ask = "Has HP-3M8T2 shipped yet?"
    parts = cs.components("Yes, HP-3M8T2 went out this morning.", facts, ask)
    assert parts["contradictions"] and parts["score"] <= cs.CAP_CONTRADICTION
    bare = cs.components("Yes.", facts, ask)
    assert bare["contradictions"] and bare["score"] <= cs.CAP_CONTRADICTION
    right = "Not yet: HP-3M8T2 is still being picked in our warehouse, and I've asked the team to send it today."
    assert cs.score(right, facts, ask) >= THRESHOLD
    # An informational question answered in its own words is a resolution without any digit.
    assert cs.score("Yes, we deliver to Ireland with DPD; it takes 3-5 working days.", None,
                    "Do you deliver to Ireland?") >= THRESHOLD


def test_negation_stays_in_its_clause():
    ask = "I never placed order BL-55120, someone must have used my card!"
    reply = "I'm sorry. I've frozen BL-55120 so it won't ship, and I've passed it to our fraud team, who will call you today."
    parts = cs.components(reply, None, ask)
    assert parts["escalation"] == 1.0 and parts["score"] >= THRESHOLD, parts
    assert cs.components("I haven't escalated BL-55120 yet.", None, ask)["escalation"] == 0.0


@pytest.mark.parametrize("report", [
    "The heater sparked and tripped the electrics, the socket is black now.",
    "The handle of the pan melted on a low hob.",
    "My daughter got a burn off the charger, it was far too hot to touch.",
    "The battery on the scooter has swollen up and smells of chemicals.",
    "Somebody logged into my account and changed the address, I didn't order this.",
    "If this isn't sorted I'll be taking it to the small claims court.",
])
def test_escalation_follows_the_kind_of_report_in_any_words(report):
    handed = "I'm so sorry. I've escalated this to our specialist team, who will call you today about it."
    right = cs.components(handed, None, report)
    assert right["escalation"] == 1.0
    assert cs.score("Sorry! I've sent you a returns label by email for it.", None, report) <= cs.CAP_ESCALATION


def test_a_negated_danger_word_calls_for_no_escalation():
    ask = "No smoke or anything, the kettle just won't switch on."
    assert cs.components("Sorry the kettle won't switch on: I've sent a replacement kettle today.", None, ask)[
        "escalation"] == 1.0


@pytest.mark.parametrize("reply,status", [
    ("Good news: BL-48213 is in the hands of UPS now.", "shipped"),
    ("BL-48213 was picked up by UPS this morning.", "shipped"),
    ("UPS have pushed the delivery of BL-48213 back to Friday.", "delayed"),
    ("BL-48213 is still awaiting packing, I've asked the warehouse to prioritise it.", "processing"),
])
def test_status_in_carrier_phrasings_and_the_records_own_words(reply, status):
    facts = {"order_number": "BL-48213", "state": {"processing": "Awaiting packing"}.get(status, status)}
    ask = "Where is BL-48213?"
    assert cs.components(reply, json.dumps(facts), ask)["contradictions"] == []
    wrong = dict(facts, state="cancelled")
    assert cs.components(reply, json.dumps(wrong), ask)["contradictions"], reply


def F(**record):
    return json.dumps(record)


# Replies in everyday wording written for this test (not taken from any labelled set): (ask, record, reply, keep).
EVERYDAY = [
# (ask, facts, reply, should_keep)
("My order KT-20931 still hasn't turned up, it's been two weeks.", F(order_no="KT-20931", status="In transit", carrier="Evri", eta="2026-12-05"),
 "Sorry for the wait! KT-20931 is with Evri and should be with you by 5 December.", True),
("Where's my parcel? Order 55821.", F(order_no="55821", status="Dispatched", courier="Royal Mail", tracking_no="RM482910375GB"),
 "Hi! Order 55821 went out with Royal Mail, tracking RM482910375GB.", True),
("Has my order shipped yet? It's KT-11002.", F(order_no="KT-11002", status="Awaiting stock"),
 "Yes, it's on its way!", False),
("Has my order shipped yet? It's KT-11002.", F(order_no="KT-11002", status="Awaiting stock"),
 "Not yet, sorry: KT-11002 is waiting for stock to come in. I've put you on the priority list and we'll email you the day it ships.", True),
("The lamp I ordered arrived with the shade cracked.", None,
 "Really sorry the shade arrived cracked. I've sent a replacement shade out today by tracked post, no need to return the broken one.", True),
("The lamp I ordered arrived with the shade cracked.", None,
 "So sorry about that! I've sorted it and you'll get an email shortly.", False),
("I was charged twice for the same order!", None,
 "Apologies for that, I can see the duplicate payment and I've refunded the second charge; it should show on your statement in 3-5 days.", True),
("The blender started smoking the first time I used it and now the kitchen smells of burning plastic.", None,
 "I'm so sorry, please stop using it and unplug it. I've passed this to our product safety team, who will phone you today to arrange collection.", True),
("The blender started smoking the first time I used it and now the kitchen smells of burning plastic.", None,
 "Sorry about that! I've sent a replacement blender, it'll be with you in 2 days.", False),
("Can I return shoes if I've worn them outside?", None,
 "Unfortunately we can only accept returns of shoes that haven't been worn outside, as they can't be resold.", True),
("I didn't order this, someone's used my account!", None,
 "That's worrying, sorry. I've locked your account and frozen the order, and our security team will email you within the hour to reset access.", True),
("Please cancel order 77123, I ordered the wrong size.", F(order_id="77123", status="Processing"),
 "No problem, order 77123 is cancelled and you won't be charged.", True),
("When will my refund come through? Order ZX-4410.", F(order_id="ZX-4410", status="Refunded", refund_amount="€34,50", refund_date="2026-11-28"),
 "Your refund of €34,50 for ZX-4410 was issued on 28 November; banks usually take 3-5 working days.", True),
("My delivery was supposed to come today but nothing.", F(order_id="ZX-9000", status="Delayed", carrier="DHL", eta="2026-12-08"),
 "Sorry! DHL have pushed the delivery back, it's now due on 8 December.", True),
("Is the blue jacket back in stock in medium?", None,
 "Hi, thanks for asking! Please check our website for the latest stock.", False),
("Is the blue jacket back in stock in medium?", None,
 "Not yet, the medium blue jacket is due back in stock on 12 December; I've added you to the alert list so you'll get an email that day.", True),
]

# A second batch, written after the first was read: other id / amount / date formats, a trapped finger, a
# threat after "if I don't hear back", a question without a '?', a "yes" to a question that was not about status.
EVERYDAY += [
("hello, order #88213 - was supposed to be here thursday, nothing yet", F(order_no="88213", status="Out for delivery", courier="UPS"),
 "Hi, sorry for the wait. #88213 is out for delivery with UPS today, so it should reach you this evening.", True),
("hello, order #88213 - was supposed to be here thursday, nothing yet", F(order_no="88213", status="Out for delivery", courier="UPS"),
 "Hi, sorry for the wait. Your parcel was delivered yesterday and signed for.", False),
("Could you tell me when my refund for RX-220-17 will arrive?", F(order_reference="RX-220-17", status="Refund issued", refund="USD 45.10", refunded_on="Nov 30"),
 "Hi! The refund of $45.10 for RX-220-17 went back to your card on Nov 30. It can take up to 5 business days to show.", True),
("Could you tell me when my refund for RX-220-17 will arrive?", F(order_reference="RX-220-17", status="Refund issued", refund="USD 45.10", refunded_on="Nov 30"),
 "Hi! The refund of $54.10 for RX-220-17 went back to your card on Nov 30.", False),
("Got the wrong colour trainers, ordered black, got white. Order 4410-22.", None,
 "So sorry about the mix-up with the trainers! I've emailed you a prepaid returns label and I'm sending the black pair out today, you don't need to wait for the white ones to come back.", True),
("Got the wrong colour trainers, ordered black, got white. Order 4410-22.", None,
 "Thank you for your email. We have received your request and a member of the team will respond within 48 hours.", False),
("The gate on the cot came off and my baby's finger got trapped, she's ok but it could have been much worse", None,
 "I'm so sorry, that must have been frightening. Please stop using the cot. I've reported this to our product safety team as urgent and they will call you today; we'll also collect the cot and refund you in full.", True),
("The gate on the cot came off and my baby's finger got trapped, she's ok but it could have been much worse", None,
 "Sorry to hear that! I've arranged a replacement cot gate, it'll be with you in 3 days.", False),
("why have you taken £59.99 twice from my account??", None,
 "Sorry about this. I can see two payments of £59.99; the second was a duplicate, so I've refunded it today. You'll see it back within 3-5 working days.", True),
("why have you taken £59.99 twice from my account??", None,
 "Sorry about this. Please contact your bank, as payments are handled by them.", False),
("Can I change my delivery address? Order Z-7781 hasn't shipped yet", F(order_id="Z-7781", status="Processing"),
 "Yes, Z-7781 hasn't shipped yet so I've updated the delivery address to the one in your message. You'll get an email confirming it.", True),
("Can I change my delivery address? Order Z-7781 hasn't shipped yet", F(order_id="Z-7781", status="Processing"),
 "Yes.", False),
("I've been waiting three weeks for a response about my broken TV (ticket 5521). This is a joke. If I don't hear back I'm going to small claims.", None,
 "I'm really sorry you've waited three weeks. I've escalated ticket 5521 to our customer relations manager, who will phone you tomorrow morning to sort out the TV.", True),
("My parcel says delivered but I never got it. Order ST-90012", F(order_id="ST-90012", status="Delivered", carrier="Evri", delivered_on="2026-12-01"),
 "Sorry about that. Evri shows ST-90012 as delivered on 1 December. I've opened a missing-parcel claim with them and if it hasn't turned up by Friday I'll send a replacement.", True),
("My parcel says delivered but I never got it. Order ST-90012", F(order_id="ST-90012", status="Delivered", carrier="Evri", delivered_on="2026-12-01"),
 "Your order ST-90012 is still on its way and should arrive soon.", False),
("do u ship to canada", None, "Yes, we ship to Canada with Canada Post, usually 7-10 business days.", True),
("do u ship to canada", None, "Thanks for reaching out! We're always happy to help.", False),
]

@pytest.mark.parametrize("ask,facts,reply,keep", EVERYDAY, ids=[f"{i}-{c[3]}" for i, c in enumerate(EVERYDAY)])
def test_everyday_wording_is_read(ask, facts, reply, keep):
    parts = cs.components(reply, facts, ask)
    assert (parts["score"] >= THRESHOLD) is keep, parts
