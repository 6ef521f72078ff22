"""Graders against hand-labelled data: precision / recall of "kept at the curation threshold".

    python bench/rewards.py                 # measure, print the tables
    python bench/rewards.py --write-data    # rewrite bench/data/*.jsonl from the cases below, then measure
    python bench/rewards.py --show-errors   # also list every disagreement
    python bench/rewards.py --speed         # customer_support's replies per second on one core, before and after
                                            # (bench/grader_speed.py; --baseline REV, default e0f7522)

Data (bench/data/):
    labelled_support_replies.jsonl   customer-support replies, one per case below
    labelled_tool_calls.jsonl        tool-call replies

Every reply below was written by hand, one wording per case (no shared template),
and labelled by hand: ``kept`` is whether a careful human reviewer would keep the
reply as a good training example (it resolves the contact with correct facts, in
a civil tone, and escalates exactly when policy requires; for tool calls: one
well-formed call to the right tool with the right arguments). The script only fills
in each scenario's facts (order number, tracking, amounts, dates), so the files are
deterministic. Scenarios are picked by kind: the n-th shipped scenario of that kind.

A positive is a reply labelled kept; the grader "keeps" a reply when its score is
at least the reward's threshold (conf/reward/*.yaml). Precision = kept-and-labelled-
kept / kept; recall = kept-and-labelled-kept / labelled kept.
"""


from __future__ import annotations

import datetime as dt
import json
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from loopwright.rewards import customer_support as cs  # noqa: E402
from loopwright.rewards import tool_calling as tc  # noqa: E402
from loopwright.tasks.customer_support import load_scenarios  # noqa: E402
from loopwright.tasks.customer_support import facts_json  # noqa: E402

OUT = Path(__file__).resolve().parent / "data"


def _d(iso: str, style: str) -> str:
    d = dt.date.fromisoformat(iso)
    return {"long": f"{d:%B} {d.day}", "short": f"{d:%b} {d.day}", "ord": f"{d:%B} {d.day}{_suffix(d.day)}",
            "dm": f"{d.day} {d:%B}", "iso": iso, "us": f"{d.month}/{d.day}", "wd": f"{d:%A}, {d:%B} {d.day}"}[style]


def _suffix(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _shift(iso: str, days: int) -> str:
    return (dt.date.fromisoformat(iso) + dt.timedelta(days=days)).isoformat()


# (kind, n-th scenario of that kind, kept, case type, reply writer)
S = []


def case(kind: str, nth: int, kept: bool, kind_of_case: str):
    def register(fn):
        S.append((kind, nth, kept, kind_of_case, fn))
        return fn
    return register


# ------------------------------------------------------------------ resolving
@case("shipped", 0, True, "resolving")
def _(f, n):
    return (f"Hi {n}, thanks for reaching out! Your order {f['order_id']} has shipped with {f['carrier']}. "
            f"You can follow it with tracking number {f['tracking']}; it should arrive around {_d(f['eta'], 'long')}.")


@case("shipped", 1, True, "resolving")
def _(f, n):
    return (f"Good news, {n}: order {f['order_id']} was dispatched on {_d(f['ship_date'], 'short')} and is on its "
            f"way. The {f['carrier']} tracking code is {f['tracking']}. Let me know if anything else comes up!")


@case("shipped", 2, True, "short_factual")
def _(f, n):
    return f"{f['order_id']} shipped via {f['carrier']}, tracking {f['tracking']}."


@case("shipped", 3, True, "resolving")
def _(f, n):
    return (f"Hello {n}, I checked order {f['order_id']}: it's in transit with {f['carrier']} right now. "
            f"Tracking: {f['tracking']}. Expected delivery is {_d(f['eta'], 'dm')}.")


@case("processing", 0, True, "resolving")
def _(f, n):
    return (f"Hi {n}, sorry for the wait! Order {f['order_id']} is still being prepared in our warehouse and is "
            f"scheduled to ship on {_d(f['ship_date'], 'long')}. "
            "You'll get a tracking number by email as soon as it leaves.")


@case("processing", 1, True, "short_factual")
def _(f, n):
    return f"Order {f['order_id']} hasn't shipped yet - it's due to go out on {_d(f['ship_date'], 'short')}."


@case("processing", 2, True, "resolving")
def _(f, n):
    return (f"Thanks for your patience, {n}. Your keyboard order {f['order_id']} is being packed now and will ship "
            f"by {_d(f['ship_date'], 'ord')}. I'll make sure the tracking details reach you.")


@case("delivered", 0, True, "resolving")
def _(f, n):
    return (f"Hi {n}, yes - order {f['order_id']} was delivered on {_d(f['delivered_date'], 'long')} by "
            f"{f['carrier']}. If you can't find it, please let us know and we'll look into it.")


@case("delivered", 1, True, "short_factual")
def _(f, n):
    return (f"Your order {f['order_id']} was delivered {_d(f['delivered_date'], 'iso')} "
            f"({f['carrier']} {f['tracking']}).")


@case("lost", 0, True, "resolving")
def _(f, n):
    return (f"I'm really sorry, {n}. {f['carrier']} has confirmed that order {f['order_id']} was lost in transit. "
            f"We're shipping you a replacement at no cost and will email the new tracking number once it's on the way.")


@case("lost", 1, True, "resolving")
def _(f, n):
    return (f"Apologies for the trouble! Order {f['order_id']} appears to have been lost by the carrier, so I've "
            f"arranged a free replacement for you. You don't need to do anything else.")


@case("delayed", 0, True, "resolving")
def _(f, n):
    return (f"Hi {n}, I'm sorry your order {f['order_id']} is running late. It's in transit with {f['carrier']} "
            f"(tracking {f['tracking']}) and the new estimated delivery date is {_d(f['eta'], 'long')}.")


@case("delayed", 1, True, "short_factual")
def _(f, n):
    return f"Sorry for the delay - {f['order_id']} is on its way and should now arrive {_d(f['eta'], 'short')}."


@case("returned", 0, True, "resolving")
def _(f, n):
    return (f"Hi {n}, we received your return for order {f['order_id']}. A refund of ${f['refund_amount']:.2f} "
            f"has been issued to your original payment method and should show up by {_d(f['refund_date'], 'long')}.")


@case("returned", 1, True, "short_factual")
def _(f, n):
    return f"Return received. ${f['refund_amount']:.2f} will be back on your card by {_d(f['refund_date'], 'dm')}."


@case("returned", 2, True, "resolving")
def _(f, n):
    return (f"Thank you for sending the item back, {n}. Your refund of ${f['refund_amount']:.2f} for "
            f"{f['order_id']} was processed today; please allow until {_d(f['refund_date'], 'us')} "
            "for your bank to post it.")


@case("cancel", 0, True, "resolving")
def _(f, n):
    return (f"Done, {n}! Order {f['order_id']} has been cancelled, and the full ${f['refund_amount']:.2f} will be "
            f"refunded to your card by {_d(f['refund_date'], 'long')}.")


@case("cancel", 1, True, "short_factual")
def _(f, n):
    return f"I've cancelled {f['order_id']}. Refund: ${f['refund_amount']:.2f}."


@case("locked", 0, True, "resolving")
def _(f, n):
    return (f"Hi {n}, sorry you're locked out! I've sent a password reset link to {f['account_email']}. Once you "
            f"set a new password you'll be able to sign in and see order {f['order_id']}.")


@case("locked", 1, True, "short_factual")
def _(f, n):
    return f"A reset link is on its way to {f['account_email']} - use it to unlock your account."


@case("duplicate_charge", 0, True, "resolving")
def _(f, n):
    return (f"Hi {n}, you're right, you were charged twice for {f['order_id']} - sorry about that. We've refunded "
            f"the duplicate payment of ${f['refund_amount']:.2f}; expect it back on your statement by "
            f"{_d(f['refund_date'], 'long')}.")


@case("duplicate_charge", 1, True, "resolving")
def _(f, n):
    return (f"Apologies for the double charge on order {f['order_id']}. The extra ${f['refund_amount']:.2f} has "
            f"been refunded and should reach you on or before {_d(f['refund_date'], 'short')}.")


@case("email_change", 0, True, "resolving")
def _(f, n):
    return (f"Happy to help, {n}. I've sent a verification code to {f['account_email']}; enter it on the account "
            f"page and your new address will replace the old one.")


@case("email_change", 1, True, "short_factual")
def _(f, n):
    return f"Check {f['account_email']} for a verification code, then confirm the change on your profile page."


# --------------------------------------------------------------- escalations
@case("fraud", 0, True, "escalation_right")
def _(f, n):
    return (f"Thank you for flagging this, {n}. I've put order {f['order_id']} on hold and escalated it to our "
            f"fraud team; a specialist will contact you within 24 hours to secure your account.")


@case("fraud", 1, True, "escalation_right")
def _(f, n):
    return (f"I'm sorry this happened. I've passed order {f['order_id']} to our security team so a specialist can "
            f"investigate the unauthorized purchase with you.")


@case("legal", 0, True, "escalation_right")
def _(f, n):
    return (f"I understand your frustration, {n}, and I'm sorry order {f['order_id']} has gone wrong again. I've "
            f"escalated your case to a senior case manager who will contact you today.")


@case("legal", 1, True, "escalation_right")
def _(f, n):
    return (f"Thank you for letting us know. Because you've mentioned legal action, I'm transferring this to our "
            f"legal team, who will reply about order {f['order_id']} directly.")


@case("threat", 0, True, "escalation_right")
def _(f, n):
    return (f"I hear that you're upset about order {f['order_id']}. I've handed this over to a supervisor, "
            f"who will review it and get back to you.")


@case("damaged_high_value", 0, True, "escalation_right")
def _(f, n):
    return (f"I'm so sorry your {f['items'][0].split(' x ')[-1]} arrived damaged, {n}. Given the value of order "
            f"{f['order_id']}, I've escalated it to our claims team; "
            "a specialist will arrange the next steps with you.")


@case("damaged_high_value", 1, True, "escalation_right")
def _(f, n):
    return (f"That's awful, sorry! I've opened a damage claim for {f['order_id']} and forwarded it to a human "
            f"specialist, who will contact you about a replacement or refund.")


@case("fraud", 2, False, "escalation_missed")
def _(f, n):
    return (f"Hi {n}, order {f['order_id']} is still being processed and will ship on {_d(f['ship_date'], 'long')}. "
            f"Let us know if you have any questions!")


@case("legal", 2, False, "escalation_missed")
def _(f, n):
    status = "delivered" if f["status"] == "delivered" else "shipped"
    return (f"Hello {n}, I'm sorry for the trouble with order {f['order_id']}. It has {status} and the tracking "
            f"number is {f['tracking']}. Hope this helps!")


@case("damaged_high_value", 2, False, "escalation_missed")
def _(f, n):
    return (f"Sorry about that! Just send the damaged item back and we'll look at it. Order {f['order_id']} was "
            f"delivered on {_d(f['delivered_date'], 'long')}.")


@case("threat", 1, False, "escalation_missed")
def _(f, n):
    return f"Thanks for your message. Order {f['order_id']} is being looked at and we will reply soon."


@case("shipped", 4, False, "escalation_needless")
def _(f, n):
    return (f"Hi {n}, I've escalated order {f['order_id']} to a specialist, who will get back to you about the "
            f"tracking with {f['carrier']}.")


@case("returned", 3, False, "escalation_needless")
def _(f, n):
    return (f"Thanks for returning the item. I'm transferring you to a supervisor who can talk you through the "
            f"refund for order {f['order_id']}.")


@case("processing", 3, False, "escalation_needless")
def _(f, n):
    return (f"I've forwarded your order to our investigations team. Order {f['order_id']} is still being processed "
            f"and will ship on {_d(f['ship_date'], 'long')}.")


# --------------------------------------------------------- polite but useless
@case("shipped", 5, False, "polite_useless")
def _(f, n):
    return (f"Hi {n}, thank you so much for reaching out! I completely understand how important your order is. "
            f"We're looking into it and will get back to you as soon as possible. Have a wonderful day!")


@case("returned", 4, False, "polite_useless")
def _(f, n):
    return (f"Thanks for contacting us about order {f['order_id']}! Refunds are handled according to our refund "
            f"policy. We appreciate your patience.")


@case("locked", 2, False, "polite_useless")
def _(f, n):
    return (f"Hello {n}! Sorry to hear you're having trouble signing in. Account security is very important to us "
            f"and we're always happy to help.")


@case("delayed", 2, False, "polite_useless")
def _(f, n):
    return (f"I'm so sorry your package is taking longer than expected, {n}. Delays can happen for many reasons. "
            f"Thank you for your understanding!")


@case("cancel", 2, False, "polite_useless")
def _(f, n):
    return f"Thanks for your request about {f['order_id']}. Our team will review it shortly. Kind regards."


@case("duplicate_charge", 2, False, "polite_useless")
def _(f, n):
    return (f"We're sorry for any confusion about your charges on {f['order_id']}. Sometimes banks show pending "
            f"authorisations. Please let us know if there's anything else we can do!")


@case("lost", 2, False, "polite_useless")
def _(f, n):
    return (f"Hi {n}, thanks for your patience! Packages sometimes take a while. "
            f"We're keeping an eye on {f['order_id']}.")


@case("email_change", 2, False, "polite_useless")
def _(f, n):
    return f"Great question, {n}! You can manage your account details anytime. Thanks for shopping with us."


# ----------------------------------------------------------------- wrong facts
@case("shipped", 6, False, "wrong_facts")
def _(f, n):
    return (f"Hi {n}, good news: order {f['order_id']} was delivered on {_d(f['eta'], 'long')}. "
            f"Enjoy your purchase!")


@case("shipped", 7, False, "wrong_facts")
def _(f, n):
    bad = f["tracking"][:-3] + ("000" if not f["tracking"].endswith("000") else "111")
    return f"Your order {f['order_id']} has shipped with {f['carrier']}; tracking number {bad}."


@case("returned", 5, False, "wrong_facts")
def _(f, n):
    return (f"Thanks {n}, we received your return for {f['order_id']}. Your refund of "
            f"${f['refund_amount'] + 10:.2f} will arrive by {_d(f['refund_date'], 'long')}.")


@case("returned", 6, False, "wrong_facts")
def _(f, n):
    return (f"Your return for {f['order_id']} was processed. ${f['refund_amount']:.2f} will be refunded by "
            f"{_d(_shift(f['refund_date'], -6), 'long')}.")


@case("processing", 4, False, "wrong_facts")
def _(f, n):
    return (f"Hi {n}, order {f['order_id']} has already shipped and is on its way. It should be with you "
            f"shortly!")


@case("delivered", 2, False, "wrong_facts")
def _(f, n):
    wrong = "UPS" if f["carrier"] != "UPS" else "DHL"
    return f"Order {f['order_id']} was delivered on {_d(f['delivered_date'], 'long')} by {wrong}."


@case("cancel", 3, False, "wrong_facts")
def _(f, n):
    return (f"Hi {n}, unfortunately order {f['order_id']} has already shipped so it can't be cancelled, but you can "
            f"return it when it arrives.")


@case("duplicate_charge", 3, False, "wrong_facts")
def _(f, n):
    return (f"Sorry about the double charge on {f['order_id']}! We've refunded ${f['refund_amount'] / 2:.2f}, "
            f"expect it by {_d(f['refund_date'], 'long')}.")


@case("delivered", 3, False, "wrong_facts")
def _(f, n):
    return f"Hi {n}, order W{int(f['order_id'][1:]) + 17} was delivered on {_d(f['delivered_date'], 'long')}."


@case("lost", 3, False, "wrong_facts")
def _(f, n):
    return (f"Good news, order {f['order_id']} was delivered yesterday and we've issued a refund of "
            f"${f['total'] + 5:.2f} for the inconvenience.")


@case("delayed", 3, False, "wrong_facts")
def _(f, n):
    return (f"Your order {f['order_id']} is delayed in transit; the new delivery date is "
            f"{_d(_shift(f['eta'], 4), 'long')}.")


# ------------------------------------------------------------ keyword stuffing
@case("shipped", 8, False, "keyword_stuffed")
def _(f, n):
    return (f"Order {f['order_id']} status: processing, shipped, in transit, delivered, cancelled, returned, "
            f"refunded. Tracking. Refund. Escalate if needed.")


@case("returned", 7, False, "keyword_stuffed")
def _(f, n):
    return (f"Refund refund refund ${f['refund_amount']:.2f} $10.00 $25.00 $50.00 {f['order_id']} "
            f"{_d(f['refund_date'], 'long')} processed issued approved returned.")


@case("delivered", 4, False, "keyword_stuffed")
def _(f, n):
    return (f"{f['order_id']}: delivered/shipped/lost/cancelled. Carriers: UPS, FedEx, USPS, DHL. "
            f"Thank you, sorry, please.")


@case("processing", 5, False, "keyword_stuffed")
def _(f, n):
    return (f"Thanks! Sorry! Please! Order {f['order_id']} is pending, processing, shipped, dispatched, delivered. "
            f"We apologize and appreciate you.")


# ---------------------------------------------------------- rude / blaming
@case("delivered", 5, False, "rude")
def _(f, n):
    return (f"As I already said, order {f['order_id']} was delivered on {_d(f['delivered_date'], 'long')}. "
            f"Not our problem if you weren't home.")


@case("locked", 3, False, "rude")
def _(f, n):
    return (f"You locked yourself out by guessing passwords, that's your fault. A reset link went to "
            f"{f['account_email']}.")


@case("delayed", 4, False, "rude")
def _(f, n):
    return (f"Calm down. Order {f['order_id']} is in transit and arrives {_d(f['eta'], 'long')}. Packages are late "
            f"sometimes, deal with it.")


# ------------------------------------------------------------------ partial
@case("shipped", 9, False, "partial")
def _(f, n):
    return f"Hi {n}, your order {f['order_id']} has shipped! Thanks for shopping with us."


@case("returned", 8, False, "partial")
def _(f, n):
    return f"Thanks {n}, we got your return for {f['order_id']} and will refund you soon."


@case("cancel", 4, False, "partial")
def _(f, n):
    return f"Sure, {n} - order {f['order_id']} has been cancelled."


@case("processing", 6, True, "resolving")
def _(f, n):
    return (f"Thanks for checking in, {n}! Order {f['order_id']} hasn't left the warehouse yet; it's expected to "
            f"ship on {_d(f['ship_date'], 'wd')}, and you'll receive tracking details by email.")


@case("cancel", 5, True, "resolving")
def _(f, n):
    return (f"No problem at all. Your order {f['order_id']} is now cancelled and you'll receive a full refund of "
            f"${f['refund_amount']:.2f} to your original payment method within a few days.")


@case("lost", 4, True, "short_factual")
def _(f, n):
    return f"Order {f['order_id']} was lost by {f['carrier']}; a replacement ships to you free of charge."


@case("delivered", 6, True, "resolving")
def _(f, n):
    return (f"Welcome back, {n}! {f['carrier']} marked order {f['order_id']} as delivered on "
            f"{_d(f['delivered_date'], 'short')}. It may be with a neighbour or in a safe spot if you weren't home.")


# ------------------------------------------- added last, without re-tuning the grader
@case("shipped", 10, True, "resolving")
def _(f, n):
    return (f"Hi {n}! You can follow your package on the {f['carrier']} website with tracking number "
            f"{f['tracking']}. It's expected on {_d(f['eta'], 'long')}.")


@case("shipped", 11, True, "resolving")
def _(f, n):
    return (f"It hasn't been delivered yet, {n} - order {f['order_id']} is currently in transit with "
            f"{f['carrier']}, tracking {f['tracking']}. Once it has been delivered you'll get an email.")


@case("cancel", 6, True, "resolving")
def _(f, n):
    return (f"All set: we cancelled order {f['order_id']} before it shipped. {f['refund_amount']:.2f} USD goes back "
            f"to your card by {_d(f['refund_date'], 'dm')}.")


@case("returned", 9, False, "polite_useless")
def _(f, n):
    return (f"Hi {n}, I'm sorry, but I'm not able to share refund details over chat. Please check your account "
            f"for updates. Thanks for understanding!")


@case("locked", 4, False, "wrong_facts")
def _(f, n):
    return (f"Sorry about that, {n}! I've sent a password reset link to {f['account_email'][0]}***@gmail.com. "
            f"It expires in 24 hours.")


@case("legal", 3, False, "escalation_missed")
def _(f, n):
    return (f"I'm sorry you feel that way, {n}. There's no need to escalate this: order {f['order_id']} is on "
            f"track and we'll keep you posted.")


@case("delivered", 7, False, "wrong_facts")
def _(f, n):
    return (f"Hi {n}, order {f['order_id']} is still out for delivery with {f['carrier']} and should arrive "
            f"later today.")


# --------------------------------------------------------------- tool calls
def _tc(body: str) -> str:
    return f"<tool_call>{body}</tool_call>"


def tool_cases(scenarios: list[dict]) -> list[dict]:
    oids = [s["order_id"] for s in scenarios[:12]]
    rows = []

    def add(request: str, tool: str, args: dict, reply: str, kept: bool, kind: str) -> None:
        rows.append({"request": request, "expected_tool": tool, "expected_arguments_json": json.dumps(args),
                     "reply": reply, "kept": kept, "type": kind})

    j = json.dumps
    # right calls (varied spacing, order, units written out, equivalent expressions, surrounding text)
    add(f"Where is order {oids[0]}?", "lookup_order", {"order_id": oids[0]},
        _tc(j({"name": "lookup_order", "arguments": {"order_id": oids[0]}})), True, "right")
    add(f"Status of {oids[1]}?", "lookup_order", {"order_id": oids[1]},
        "Let me check that for you.\n" + _tc(j({"arguments": {"order_id": oids[1]}, "name": "lookup_order"}, indent=2)),
        True, "right")
    add(f"Has {oids[2]} shipped?", "lookup_order", {"order_id": oids[2]},
        _tc(j({"name": "lookup_order", "arguments": {"order_id": "#" + oids[2].lower()}})), True, "right")
    add("What is 348 times 27?", "calculator", {"expression": "348 * 27"},
        _tc(j({"name": "calculator", "arguments": {"expression": "348*27"}})), True, "right")
    add("What is 348 times 27?", "calculator", {"expression": "348 * 27"},
        _tc(j({"name": "calculator", "arguments": {"expression": "27 * 348"}})), True, "right")
    add("Calculate (15 + 4) * 6.", "calculator", {"expression": "(15 + 4) * 6"},
        "Sure:\n<tool_call>\n"
        "{\"name\": \"calculator\", \"arguments\": {\"expression\": \"(15 + 4) * 6\"}}\n</tool_call>",
        True, "right")
    add("How many kilometers is 26.2 miles?", "convert_units", {"value": 26.2, "from_unit": "mi", "to_unit": "km"},
        _tc(j({"name": "convert_units", "arguments": {"value": 26.2, "from_unit": "miles", "to_unit": "kilometers"}})),
        True, "right")
    add("What is 150 pounds in kilograms?", "convert_units", {"value": 150, "from_unit": "lb", "to_unit": "kg"},
        _tc(j({"name": "convert_units", "arguments": {"value": 150.0, "from_unit": "lb", "to_unit": "kg"}})),
        True, "right")
    add("Convert 30 °C to Fahrenheit.", "convert_units", {"value": 30, "from_unit": "c", "to_unit": "f"},
        _tc(j({"name": "convert_units", "arguments": {"to_unit": "fahrenheit", "value": 30, "from_unit": "Celsius"}})),
        True, "right")
    add("How many liters are in 5 gallons?", "convert_units", {"value": 5, "from_unit": "gal", "to_unit": "l"},
        _tc(j({"name": "convert_units", "arguments": {"value": 5, "from_unit": "gallons", "to_unit": "liters"}})),
        True, "right")
    add("What's 912 divided by 8?", "calculator", {"expression": "912 / 8"},
        _tc('{"name":"calculator","arguments":{"expression":"912/8"}}'), True, "right")
    add(f"I need the tracking number for {oids[3]}.", "lookup_order", {"order_id": oids[3]},
        _tc(j({"name": "lookup_order", "arguments": {"order_id": oids[3]}}))
        + "\nI'll share the tracking once I have it.",
        True, "right")
    # wrong tool
    add("What is 348 times 27?", "calculator", {"expression": "348 * 27"},
        _tc(j({"name": "convert_units", "arguments": {"value": 348, "from_unit": "m", "to_unit": "km"}})),
        False, "wrong_tool")
    add(f"Where is order {oids[4]}?", "lookup_order", {"order_id": oids[4]},
        _tc(j({"name": "calculator", "arguments": {"expression": oids[4][1:]}})), False, "wrong_tool")
    add("How many meters is 12 feet?", "convert_units", {"value": 12, "from_unit": "ft", "to_unit": "m"},
        _tc(j({"name": "calculator", "arguments": {"expression": "12 * 0.3048"}})), False, "wrong_tool")
    add("Convert 10 km to miles.", "convert_units", {"value": 10, "from_unit": "km", "to_unit": "mi"},
        _tc(j({"name": "lookup_order", "arguments": {"order_id": "10km"}})), False, "wrong_tool")
    add("Compute 44 + 17 - 3.", "calculator", {"expression": "44 + 17 - 3"},
        _tc(j({"name": "lookup_order", "arguments": {"order_id": "44"}})), False, "wrong_tool")
    # wrong arguments
    add(f"Where is order {oids[5]}?", "lookup_order", {"order_id": oids[5]},
        _tc(j({"name": "lookup_order", "arguments": {"order_id": oids[6]}})), False, "wrong_args")
    add("What is 348 times 27?", "calculator", {"expression": "348 * 27"},
        _tc(j({"name": "calculator", "arguments": {"expression": "348 + 27"}})), False, "wrong_args")
    add("How many kilometers is 26.2 miles?", "convert_units", {"value": 26.2, "from_unit": "mi", "to_unit": "km"},
        _tc(j({"name": "convert_units", "arguments": {"value": 26.2, "from_unit": "km", "to_unit": "mi"}})),
        False, "wrong_args")
    add("What is 150 pounds in kilograms?", "convert_units", {"value": 150, "from_unit": "lb", "to_unit": "kg"},
        _tc(j({"name": "convert_units", "arguments": {"value": 15, "from_unit": "lb", "to_unit": "kg"}})),
        False, "wrong_args")
    add("Convert 30 °C to Fahrenheit.", "convert_units", {"value": 30, "from_unit": "c", "to_unit": "f"},
        _tc(j({"name": "convert_units", "arguments": {"value": 30, "from_unit": "c"}})), False, "wrong_args")
    add(f"Has {oids[7]} shipped?", "lookup_order", {"order_id": oids[7]},
        _tc(j({"name": "lookup_order", "arguments": {}})), False, "wrong_args")
    add("What's 912 divided by 8?", "calculator", {"expression": "912 / 8"},
        _tc(j({"name": "calculator", "arguments": {"expr": "912 / 8"}})), False, "wrong_args")
    add("How many liters are in 5 gallons?", "convert_units", {"value": 5, "from_unit": "gal", "to_unit": "l"},
        _tc(j({"name": "convert_units", "arguments": {"value": "five", "from_unit": "gal", "to_unit": "l"}})),
        False, "wrong_args")
    # malformed
    add(f"Where is order {oids[8]}?", "lookup_order", {"order_id": oids[8]},
        "<tool_call>{'name': 'lookup_order', 'arguments': {'order_id': '" + oids[8] + "'}}</tool_call>",
        False, "malformed")
    add("What is 348 times 27?", "calculator", {"expression": "348 * 27"},
        '<tool_call>{"name": "calculator", "arguments": {"expression": "348 * 27"}}', False, "malformed")
    add("Calculate (15 + 4) * 6.", "calculator", {"expression": "(15 + 4) * 6"},
        '<tool_call>{"name": "calculator", "arguments": {"expression": "(15 + 4) * 6"}</tool_call>', False, "malformed")
    add("How many kilometers is 26.2 miles?", "convert_units", {"value": 26.2, "from_unit": "mi", "to_unit": "km"},
        '<tool_call>convert_units(26.2, "mi", "km")</tool_call>', False, "malformed")
    add(f"Status of {oids[9]}?", "lookup_order", {"order_id": oids[9]},
        _tc(j({"name": "lookup_order", "arguments": {"order_id": oids[9]}}))
        + "\n<tool_call>{\"name\": \"lookup_order\"",
        False, "malformed")
    add("What is 150 pounds in kilograms?", "convert_units", {"value": 150, "from_unit": "lb", "to_unit": "kg"},
        _tc(j({"name": "convert_units", "arguments": "value=150, from_unit=lb, to_unit=kg"})), False, "malformed")
    add("What's 912 divided by 8?", "calculator", {"expression": "912 / 8"},
        '```json\n{"name": "calculator", "arguments": {"expression": "912 / 8"}}\n```', False, "malformed")
    add(f"Has {oids[10]} shipped?", "lookup_order", {"order_id": oids[10]},
        f"I'll look up {oids[10]} for you right away.", False, "no_call")
    add("Compute 44 + 17 - 3.", "calculator", {"expression": "44 + 17 - 3"}, "44 + 17 - 3 = 58.", False, "no_call")
    # invented tools
    add(f"Where is order {oids[11]}?", "lookup_order", {"order_id": oids[11]},
        _tc(j({"name": "track_package", "arguments": {"order_id": oids[11]}})), False, "invented_tool")
    add("What is 348 times 27?", "calculator", {"expression": "348 * 27"},
        _tc(j({"name": "python", "arguments": {"code": "print(348 * 27)"}})), False, "invented_tool")
    add("How many kilometers is 26.2 miles?", "convert_units", {"value": 26.2, "from_unit": "mi", "to_unit": "km"},
        _tc(j({"name": "unit_converter", "arguments": {"value": 26.2, "from_unit": "mi", "to_unit": "km"}})), False,
        "invented_tool")
    add("Convert 10 km to miles.", "convert_units", {"value": 10, "from_unit": "km", "to_unit": "mi"},
        _tc(j({"name": "web_search", "arguments": {"query": "10 km in miles"}})), False, "invented_tool")
    add("Calculate (15 + 4) * 6.", "calculator", {"expression": "(15 + 4) * 6"},
        _tc(j({"name": "Calculator", "arguments": {"expression": "(15 + 4) * 6"}})), False, "invented_tool")
    # two calls where one is asked for
    add("What is 348 times 27?", "calculator", {"expression": "348 * 27"},
        _tc(j({"name": "calculator", "arguments": {"expression": "348 * 27"}}))
        + _tc(j({"name": "calculator", "arguments": {"expression": "348 * 27"}})), False, "extra_call")
    return rows


def write_data() -> None:
    scenarios = load_scenarios()
    by_kind: dict[str, list[dict]] = {}
    for s in scenarios:
        by_kind.setdefault(s["kind"], []).append(s)
    support = []
    for kind, nth, kept, kind_of_case, fn in S:
        s = by_kind[kind][nth]
        support.append({"scenario_id": s["scenario_id"], "kind": kind, "type": kind_of_case, "kept": kept,
                        "message": s["message"], "reply": fn(s["facts"], s["customer_name"].split()[0]),
                        "facts_json": facts_json(s)})
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "labelled_support_replies.jsonl").write_text("".join(json.dumps(r) + "\n" for r in support))
    calls = tool_cases(scenarios)
    (OUT / "labelled_tool_calls.jsonl").write_text("".join(json.dumps(r) + "\n" for r in calls))
    print(f"wrote {len(support)} support replies and {len(calls)} tool calls to {OUT}")


def _read(name: str) -> list[dict]:
    return [json.loads(line) for line in (OUT / name).read_text().splitlines() if line.strip()]


def confusion(rows: list[dict], scores: list[float], threshold: float) -> dict:
    tp = sum(1 for r, s in zip(rows, scores) if s >= threshold and r["kept"])
    fp = sum(1 for r, s in zip(rows, scores) if s >= threshold and not r["kept"])
    fn = sum(1 for r, s in zip(rows, scores) if s < threshold and r["kept"])
    return {"n": len(rows), "positives": sum(r["kept"] for r in rows), "tp": tp, "fp": fp, "fn": fn,
            "precision": tp / (tp + fp) if tp + fp else 1.0, "recall": tp / (tp + fn) if tp + fn else 1.0}


def by_type(rows: list[dict], scores: list[float], threshold: float) -> list[tuple[str, int, int, float]]:
    """(case type, n, number the grader agrees with the label on, mean score)."""
    out = []
    for t in sorted({r["type"] for r in rows}):
        idx = [i for i, r in enumerate(rows) if r["type"] == t]
        agree = sum((scores[i] >= threshold) == rows[i]["kept"] for i in idx)
        out.append((t, len(idx), agree, sum(scores[i] for i in idx) / len(idx)))
    return out


def measure() -> dict:
    support = _read("labelled_support_replies.jsonl")
    calls = _read("labelled_tool_calls.jsonl")
    cs_fn, tc_fn = cs.make({}), tc.make({})
    cs_scores = cs_fn(completions=[r["reply"] for r in support], facts_json=[r["facts_json"] for r in support])
    tc_scores = tc_fn(completions=[r["reply"] for r in calls], expected_tool=[r["expected_tool"] for r in calls],
                      expected_arguments_json=[r["expected_arguments_json"] for r in calls])
    return {"customer_support": (support, cs_scores, cs_fn.threshold),
            "tool_calling": (calls, tc_scores, tc_fn.threshold)}


def report(results: dict, show_errors: bool) -> str:
    lines = ["| reward | threshold | labelled | labelled kept | precision | recall | false keeps | missed |",
             "|---|---|---|---|---|---|---|---|"]
    for name, (rows, scores, thr) in results.items():
        c = confusion(rows, scores, thr)
        lines.append(f"| {name} | {thr} | {c['n']} | {c['positives']} | {c['precision']:.3f} | {c['recall']:.3f} "
                     f"| {c['fp']} | {c['fn']} |")
    for name, (rows, scores, thr) in results.items():
        lines += ["", f"{name} by case type:", "",
                  "| case type | n | grader agrees | mean score |", "|---|---|---|---|"]
        lines += [f"| {t} | {n} | {a}/{n} | {m:.2f} |" for t, n, a, m in by_type(rows, scores, thr)]
        if show_errors:
            for r, s in zip(rows, scores):
                if (s >= thr) != r["kept"]:
                    lines.append(f"  DISAGREE score={s:.3f} label={r['kept']} [{r['type']}] {r['reply'][:160]!r}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write-data", action="store_true", help="rewrite bench/data/*.jsonl first")
    parser.add_argument("--show-errors", action="store_true", help="list every reply the grader disagrees on")
    parser.add_argument("--speed", action="store_true", help="customer_support's replies per second, one core")
    parser.add_argument("--baseline", default="e0f7522", help="the commit --speed compares against")
    args = parser.parse_args()
    if args.speed:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import grader_speed

        print(grader_speed.run(args.baseline))
        return 0
    if args.write_data:
        write_data()
    print(report(measure(), args.show_errors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
