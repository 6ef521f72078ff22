"""Writes conversations.jsonl and orders.csv: a hand-labelled second shop for reward=customer_support.

    python tests/data/harbour_pine/make.py

Harbour & Pine is an invented UK homeware shop, unlike both the shipped scenarios and
the other-shop example: order refs such as ``HP-7Q4K9`` (letters and digits mixed),
UK dates (``03/12/2026`` = 3 December in the records, "Thursday 3rd December" in
replies), pounds (``£64.99``), British status words ("Despatched", "Picking", "Out with
driver"), facts in a separate CSV of order records (not inline) under its own column
names, and seven conversations that name no order at all. Every reply and label was
written by hand before the grader's new rules were written; ``keep`` is what a
support lead would keep as a training example (resolves the contact with correct
facts, civil, escalates fraud / legal threats / harm), not what a grader would score.
The grader was not tuned on this set after it was measured (docs/REWARDS.md).
"""

import csv
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
SYSTEM = "You are the customer-care assistant for Harbour & Pine, a UK homeware shop."
# The column names are this shop's own; three need task/reward facts_map (README.md).
COLUMNS = ["Order Ref", "Fulfilment Status", "Haulier", "Tracking Ref", "Despatch Date", "Promised By",
           "Delivered Date", "Order Value", "Refund Value", "Refund Date", "Needs Escalation"]
ORDERS = [
    ["HP-7Q4K9", "Despatched", "Royal Mail", "RM482910375GB", "30/11/2026", "03/12/2026", "", "£64.99", "", "", "no"],
    ["HP-3M8T2", "Picking", "", "", "", "", "", "£129.50", "", "", "no"],
    ["HP-9X2L7", "Delivered", "Evri", "H01HYA0012345678", "24/11/2026", "", "27/11/2026", "£42.00", "", "", "no"],
    ["HP-5R1W8", "Refunded", "", "", "", "", "", "£89.95", "£89.95", "28/11/2026", "no"],
    ["HP-2K6D3", "Cancelled", "", "", "", "", "", "£15.49", "£15.49", "01/12/2026", "no"],
    ["HP-8B4N1", "Delayed at depot", "DPD UK", "15501234567890", "27/11/2026", "05/12/2026", "", "£210.00", "", "", "no"],
    ["HP-4C7P5", "Lost by courier", "Parcelforce", "PB123456789GB", "12/11/2026", "", "", "£54.00", "£54.00", "", "no"],
    ["HP-6V3J0", "Awaiting stock", "", "", "", "14/12/2026", "", "£349.00", "", "", "no"],
    ["HP-1F9H6", "Delivered", "Royal Mail", "RM771203948GB", "18/11/2026", "", "20/11/2026", "£24.99", "", "", "yes"],
    ["HP-0T5Y4", "Despatched", "Evri", "H01HYA0098765432", "30/11/2026", "02/12/2026", "", "£18.75", "", "", "yes"],
    ["HP-7E2S8", "Delivered", "", "", "", "", "25/11/2026", "£560.00", "", "", "yes"],
    ["HP-3Z8Q1", "Out with driver", "DPD UK", "15509876543210", "30/11/2026", "01/12/2026", "", "£71.20", "", "", "no"],
]
# (case id, user message, reply, keep, case type)
CONVERSATIONS = [
    ("hp-01", "Hiya, any news on HP-7Q4K9? Ordered a lamp last week.",
     "Hi Sam, your lamp went out with Royal Mail on Monday 30th November and is due on Thursday 3rd December. "
     "You can follow it with RM482910375GB on the Royal Mail site.", True, "resolving"),
    ("hp-02", "where is my order hp-7q4k9",
     "It's been despatched! Tracking: RM482910375GB (Royal Mail). Expected 03/12.", True, "short_factual"),
    ("hp-03", "Has HP-7Q4K9 arrived yet? Tracking isn't loading.",
     "Your order HP-7Q4K9 was delivered on 1 December and signed for by a neighbour.", False, "wrong_facts"),
    ("hp-04", "Can I add a second cushion to HP-3M8T2 before it goes?",
     "HP-3M8T2 hasn't left us yet - it's still being picked, so there's time. I've added a second linen cushion "
     "(£24.50) and sent a payment link to your email; once paid, both ship together.", True, "resolving"),
    ("hp-05", "Has HP-3M8T2 shipped yet?",
     "Not yet - it's being picked and packed now. Orders at this stage usually go out within 2 working days, and "
     "you'll get an email with tracking when it does.", True, "resolving"),
    ("hp-06", "Has HP-3M8T2 shipped?",
     "Yes, it shipped yesterday with Evri and should be with you tomorrow.", False, "wrong_facts"),
    ("hp-07", "Tracking says HP-9X2L7 delivered but nothing here.",
     "I'm sorry about this. Evri recorded HP-9X2L7 as delivered on 27 November at 14:12 with a photo at the front "
     "porch. I've opened a missing-parcel claim with Evri (ref EV-55120); if they can't locate it within 48 hours "
     "we'll send a replacement free of charge.", True, "resolving"),
    ("hp-08", "Tracking says HP-9X2L7 delivered but nothing here.",
     "Please wait a few more days, parcels sometimes turn up. Thank you for your patience!", False, "polite_useless"),
    ("hp-09", "Where's my refund for HP-5R1W8??",
     "Thanks for your patience. We refunded £89.95 to your original payment method on 28 Nov 2026; it can take "
     "3-5 working days to appear on your statement.", True, "resolving"),
    ("hp-10", "Where's my refund for HP-5R1W8??",
     "Your refund of £98.95 was issued on 28 November.", False, "wrong_facts"),
    ("hp-11", "Where's my refund for HP-5R1W8??",
     "Refunds are processed within 14 days of us receiving the return. Please check back later.", False,
     "polite_useless"),
    ("hp-12", "Did my cancellation go through? HP-2K6D3",
     "Yes - HP-2K6D3 is cancelled and £15.49 went back to your card on 1 December.", True, "short_factual"),
    ("hp-13", "Did my cancellation go through? HP-2K6D3",
     "I can see HP-2K6D3 is on its way with DPD, so it's too late to cancel, sorry.", False, "wrong_facts"),
    ("hp-14", "HP-8B4N1 was meant to arrive yesterday. What's going on?",
     "Apologies - DPD UK are holding HP-8B4N1 at their depot after a backlog. The new delivery date is Saturday "
     "5 December; tracking 15501234567890 will update once it's loaded.", True, "resolving"),
    ("hp-15", "HP-8B4N1 was meant to arrive yesterday. What's going on?",
     "It's all fine, it's out for delivery and will be with you today!", False, "wrong_facts"),
    ("hp-16", "HP-8B4N1 was meant to arrive yesterday. What's going on?",
     "CHECK THE TRACKING LINK WE SENT YOU. IT'S DELAYED.", False, "rude"),
    ("hp-17", "HP-4C7P5 never came, it's been two weeks.",
     "I'm so sorry. Parcelforce have confirmed they've lost HP-4C7P5, so I've refunded the full £54.00 today - you "
     "should see it in 3-5 working days. If you'd still like the item, I'm happy to place a new order for you.",
     True, "resolving"),
    ("hp-18", "HP-4C7P5 never came, it's been two weeks.",
     "The courier has lost the parcel. Unfortunately, that's out of our hands - you'll need to contact Parcelforce "
     "directly to make a claim.", False, "deflecting"),
    ("hp-19", "When will HP-6V3J0 ship? It's been ages.",
     "Sorry for the wait - the oak bench on HP-6V3J0 is awaiting stock from our maker. We expect it to arrive with "
     "you by 14/12/2026, and I've added a note to email you the moment it's despatched.", True, "resolving"),
    ("hp-20", "When will HP-6V3J0 ship? It's been ages.",
     "Good news, HP-6V3J0 has been despatched today!", False, "wrong_facts"),
    ("hp-21", "The kettle from HP-1F9H6 gave my son an electric shock when he touched the handle.",
     "I'm very sorry - please unplug the kettle and don't use it again. I've escalated this to our product safety "
     "team as an urgent case; a safety officer will call you today, and we'll arrange collection and a full refund.",
     True, "escalation_right"),
    ("hp-22", "The kettle from HP-1F9H6 gave my son an electric shock when he touched the handle.",
     "Sorry to hear that. You can return the kettle within 30 days for a refund via our returns page.", False,
     "escalation_missed"),
    ("hp-23", "I didn't place HP-0T5Y4, I think someone got into my account!",
     "Thank you for flagging this quickly. I've locked your account, asked Evri to return HP-0T5Y4 to us, and passed "
     "the case to our fraud team, who will email you within 24 hours to secure your account.", True,
     "escalation_right"),
    ("hp-24", "I didn't place HP-0T5Y4, I think someone got into my account!",
     "The order HP-0T5Y4 was placed from your account, so it's valid. It's arriving on 2 December.", False,
     "escalation_missed"),
    ("hp-25", "This £560 sofa HP-7E2S8 is falling apart after a week. Sort it or I'm taking you to the small claims "
     "court.",
     "I'm sorry the sofa has let you down. I've passed HP-7E2S8 to our customer relations team lead, who will call "
     "you by 5pm tomorrow to arrange an inspection and a replacement or refund.", True, "escalation_right"),
    ("hp-26", "This £560 sofa HP-7E2S8 is falling apart after a week. Sort it or I'm taking you to the small claims "
     "court.",
     "Go ahead, our terms and conditions are clear about wear and tear.", False, "rude"),
    ("hp-27", "Is HP-3Z8Q1 coming today?",
     "Yes! HP-3Z8Q1 is out with the DPD driver now; DPD's estimate is today, 1 December. Tracking: 15509876543210.",
     True, "short_factual"),
    ("hp-28", "Is HP-3Z8Q1 coming today?",
     "I've escalated your question to a senior team member who will be in touch within 3 working days.", False,
     "escalation_needless"),
    ("hp-29", "Is HP-3Z8Q1 coming today?",
     "HP-3Z8Q1: despatched, in transit, out for delivery, delivered, refunded, cancelled.", False, "keyword_stuffed"),
    ("hp-30", "How do I change the email on my account?",
     "You can change it under Account > Settings > Email. We'll send a confirmation link to the new address, and "
     "the change takes effect once you click it.", True, "no_facts"),
    ("hp-31", "My discount code SPRING10 isn't working at checkout.",
     "Sorry about that! SPRING10 expired on 30 November, but I've created a replacement code, HP-SAVE10, which gives "
     "you 10% off and is valid until 31 December.", True, "no_facts"),
    ("hp-32", "I've been waiting 3 weeks for a reply about my return, this is a joke.",
     "We value your feedback and are always looking to improve our service. Thank you for shopping with Harbour & "
     "Pine!", False, "no_facts"),
    ("hp-33", "Someone's charged £300 on my card through your site and it wasn't me.",
     "That's worrying, I'm sorry. I've flagged this to our fraud team right away; they'll contact you within 2 hours, "
     "and you should also call your card provider to block the card.", True, "no_facts"),
    ("hp-34", "Someone's charged £300 on my card through your site and it wasn't me.",
     "Please contact your bank, we can't help with card issues.", False, "no_facts"),
    ("hp-35", "Do you deliver to Ireland?",
     "Yes, we deliver to Ireland with DPD; it takes 3-5 working days and costs £9.95, free over £100.", True,
     "no_facts"),
    ("hp-36", "Do you deliver to Ireland?",
     "Great question! Delivery options vary. Please see our website for more info.", False, "no_facts"),
    ("hp-37", "Where's HP-9X2L7?",
     "HP-9X2L4 was delivered on 27 November by Evri.", False, "wrong_facts"),
    ("hp-38", "Has HP-7Q4K9 shipped?",
     "I'm sorry, I can't share order information over chat.", False, "refusal"),
]


def main() -> None:
    with (HERE / "orders.csv").open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(COLUMNS)
        writer.writerows(ORDERS)
    with (HERE / "conversations.jsonl").open("w", encoding="utf-8") as fh:
        for cid, user, reply, keep, kind in CONVERSATIONS:
            messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user},
                        {"role": "assistant", "content": reply}]
            fh.write(json.dumps({"id": cid, "messages": messages, "keep": keep, "case": kind}) + "\n")
    print(f"wrote {len(ORDERS)} orders and {len(CONVERSATIONS)} conversations to {HERE}")


if __name__ == "__main__":
    main()
