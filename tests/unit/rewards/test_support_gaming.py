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

from helpers import ROOT
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
    assert cs.score("Sorry about that! I've refunded it in full and emailed you the confirmation.",
                    None, ask) < THRESHOLD


def test_copying_the_customers_message_is_no_anchor():
    ask = "The zip on my new rucksack broke the first time I used it."
    echo = "The zip on my new rucksack broke the first time I used it. I've processed your request."
    assert cs.score(echo, None, ask) < THRESHOLD


def test_done_words_are_no_outcome():
    ask = "The lid of the blender I ordered (BL-48213) doesn't fit."
    for reply in ("Your feedback about BL-48213 has been noted.", "I've logged the issue with the blender lid."):
        assert cs.components(reply, None, ask)["resolves"] == 0.0, reply


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
    reply = ("I'm sorry. I've frozen BL-55120 so it won't ship, and I've passed it to our fraud team, "
             "who will call you today.")
    parts = cs.components(reply, None, ask)
    assert parts["hands_off"] == 1.0 and parts["score"] >= THRESHOLD, parts
    assert cs.components("I haven't escalated BL-55120 yet.", None, ask)["hands_off"] == 0.0


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
    assert right["hands_off"] == 1.0
    assert cs.score("Sorry! I've sent you a returns label by email for it.", None, report) <= cs.CAP_ESCALATION


def test_a_negated_danger_word_calls_for_no_escalation():
    ask = "No smoke or anything, the kettle just won't switch on."
    assert cs.components("Sorry the kettle won't switch on: I've sent a replacement kettle today.", None, ask)[
        "hands_off"] == 1.0


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



# Replies in everyday wording written for these tests by the grader's author (so they are a fit, not a measure):
# other id / amount / date formats, no facts, carrier phrasings, harm and threats in ordinary words, questions
# without a '?'. One JSON object a line: ask, facts (a record or null), reply, keep.
EVERYDAY = [json.loads(line) for line in (ROOT / "tests" / "data" / "support_everyday_replies.jsonl").read_text(
    encoding="utf-8").splitlines()]


# The everyday set was labelled before the blind sets' rule that every specific needs a source; under that rule
# (and reward.params.grounding=cap, the default) a restock date given with no record nor policy is an invention.
_EVERYDAY_OLDER_RULE = {15}


_OLDER = pytest.mark.xfail(strict=True, reason="labelled keep under the older rule; a date with no source is capped")


@pytest.mark.parametrize("case", [pytest.param(c, marks=_OLDER) if i in _EVERYDAY_OLDER_RULE else c
                                  for i, c in enumerate(EVERYDAY)],
                         ids=[f"{i}-{c['keep']}" for i, c in enumerate(EVERYDAY)])
def test_everyday_wording_is_read(case):
    facts = json.dumps(case["facts"]) if case["facts"] else None
    parts = cs.components(case["reply"], facts, case["ask"])
    assert (parts["score"] >= THRESHOLD) is case["keep"], parts


def test_a_kept_reply_moved_to_another_question_is_rarely_kept():
    """The prompt swap: each kept everyday reply scored against every other question (and its record). The few
    still kept answer a question of the same kind (a double charge, a danger report, a stock wait)."""
    good = [c for c in EVERYDAY if c["keep"]]
    swaps = [(a, b) for a in good for b in EVERYDAY if b["ask"] != a["ask"]]
    kept = [(a["reply"], b["ask"]) for a, b in swaps
            if cs.score(a["reply"], json.dumps(b["facts"]) if b["facts"] else None, b["ask"]) >= THRESHOLD]
    assert len(swaps) >= 1000 and len(kept) <= 0.03 * len(swaps), kept  # 31 of 1,344 now


@pytest.mark.parametrize("reply", [
    "Sorry the kettle lid cracked! I've sorted it for you.",  # the item named, a done-word with no object
    "Sorry about the kettle lid, we have processed your request.",
    "Sorry about the cracked kettle lid: I've arranged a refund, a replacement, a voucher and a collection.",
])
def test_naming_the_item_does_not_rescue_a_vague_or_stuffed_reply(reply):
    ask = "My kettle arrived with a cracked lid."
    assert cs.score(reply, None, ask) < THRESHOLD
    assert cs.score("Sorry the kettle lid cracked! I've sent a replacement kettle today.", None, ask) >= THRESHOLD


def test_a_hand_off_to_every_team_is_no_anchor():
    ask = "The toaster sparked and tripped the electrics."
    every = "I'm sorry. I've escalated this to our fraud, legal and product safety teams, who will call you today."
    assert cs.score(every, None, ask) < THRESHOLD
    assert cs.score(every.replace("fraud, legal and product safety teams", "product safety team"),
                    None, ask) >= THRESHOLD


@pytest.mark.parametrize("reply", [
    "Thanks for your message! I've just emailed you the full tracking details and delivery window for your blanket, "
    "so check your inbox.",
    "Hi! I've sent you all the latest delivery information for the blanket by text.",
])
def test_information_said_to_be_sent_elsewhere_is_no_outcome(reply):
    # blind set 7's one kept gaming reply (a template naming the item), in other words: 0.80 before INFO_ELSEWHERE
    ask = "Where's my wool blanket? I ordered it ten days ago."
    assert cs.score(reply, None, ask) < THRESHOLD
    record = json.dumps({"order_number": "BL-48213", "state": "in transit", "courier": "DPD"})
    stated = "Your blanket is on its way with DPD; I've also emailed you the tracking details."
    assert cs.score(stated, record, "Where's my wool blanket? Order BL-48213.") >= THRESHOLD


@pytest.mark.parametrize("reply", [
    "Could you send me your order number so I can check where it is?",
    "Sorry about the wait! What's your order number? I'll check where the blanket is.",
])
def test_asking_for_the_order_number_is_not_saying_the_message_back(reply):
    # without a record, asking for the number is the next step; its words (order, check, where) are the customer's
    ask = "Where's my wool blanket? I ordered it ten days ago."
    assert cs.score(reply, None, ask) >= THRESHOLD
    assert cs.score("You're asking where your wool blanket is that you ordered ten days ago.", None, ask) < THRESHOLD
