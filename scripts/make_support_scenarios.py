"""Generate src/loopwright/data/support_scenarios.jsonl (synthetic, deterministic).

    python scripts/make_support_scenarios.py            # rewrites the shipped file
    python scripts/make_support_scenarios.py --check    # exit 1 if the shipped file differs

Every scenario is invented: names, order numbers, tracking numbers and amounts come
from a fixed-seed RNG, so the file is identical on every run. A scenario is one
customer contact about one order:

    scenario_id   "cs-0001" ...
    category      order_status | shipping | refund | account | escalation
    kind          processing, shipped, delivered, delayed, lost, returned, cancel,
                  locked, duplicate_charge, email_change, fraud, legal, threat, damaged_high_value
    order_id      "W" + 7 digits (unique)
    customer_name
    message       what the customer wrote
    facts         the ground truth the order system holds (see FACT_KEYS); null when not applicable
    must_state    the fact keys a resolving reply has to state (graded by rewards/customer_support/__init__.py)
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "src" / "loopwright" / "data" / "support_scenarios.jsonl"
SEED = 20240601

FACT_KEYS = ("order_id", "customer_name", "items", "status", "carrier", "tracking", "order_date", "ship_date",
             "eta", "delivered_date", "total", "refund_amount", "refund_date", "account_email", "next_step",
             "escalate", "escalation_reason")

FIRST = ["Ana", "Ben", "Chloe", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Isabel", "Jamal", "Kira", "Liam",
         "Maya", "Nikhil", "Olga", "Pedro", "Quinn", "Rosa", "Sam", "Tariq", "Uma", "Victor", "Wen", "Yara", "Zoe"]
LAST = ["Alvarez", "Brooks", "Chen", "Dubois", "Eriksen", "Fischer", "Garcia", "Haddad", "Ivanova", "Jones",
        "Kowalski", "Lopez", "Moreau", "Nakamura", "Okafor", "Patel", "Rossi", "Silva", "Tanaka", "Weber"]
ITEMS = [("wireless earbuds", 59.99), ("desk lamp", 34.50), ("yoga mat", 27.00), ("coffee grinder", 89.95),
         ("backpack", 64.00), ("water bottle", 18.75), ("running shoes", 119.00), ("phone case", 22.49),
         ("bluetooth speaker", 79.00), ("kitchen scale", 31.20), ("throw blanket", 45.00), ("e-reader cover", 29.99),
         ("mechanical keyboard", 129.00), ("cast iron pan", 54.25), ("board game", 39.90), ("rain jacket", 98.00)]
HIGH_VALUE = [("laptop", 1249.00), ("road bike", 899.00), ("4K television", 1099.99), ("espresso machine", 649.00),
              ("camera lens", 749.50), ("smartphone", 999.00)]
CARRIERS = ["UPS", "FedEx", "USPS", "DHL"]
EMAIL_DOMAINS = ["example.com", "mail.test", "inbox.example", "post.example"]

PLAN = [("order_status", "processing", 20), ("order_status", "shipped", 25), ("order_status", "delivered", 15),
        ("shipping", "lost", 15), ("shipping", "delayed", 15), ("refund", "returned", 25), ("refund", "cancel", 20),
        ("account", "locked", 15), ("account", "duplicate_charge", 15), ("account", "email_change", 10),
        ("escalation", "fraud", 8), ("escalation", "legal", 7), ("escalation", "threat", 5),
        ("escalation", "damaged_high_value", 5)]

MESSAGES = {
    "processing": ["Hi, I ordered a {item} (order {oid}) a few days ago and it still hasn't shipped. "
                   "When will it go out?",
                   "Order {oid}: has my {item} shipped yet? I need it soon.",
                   "Hello, can you tell me what's happening with order {oid}? Nothing has moved.",
                   "Any update on {oid}? I'm waiting on the {item}."],
    "shipped": ["Where is my order {oid}? I'd like a tracking number please.",
                "Hi, has order {oid} shipped? Can you send me the tracking?",
                "I ordered a {item} last week (order {oid}). Where is it?",
                "Can you tell me how to track my package for order {oid}?"],
    "delivered": ["My order {oid} says delivered? When was that exactly?",
                  "Hi, did my {item} from order {oid} arrive? I've been away.",
                  "Can you confirm the delivery of order {oid}?"],
    "lost": ["My {item} (order {oid}) hasn't arrived and tracking hasn't updated in ages. What's going on?",
             "Order {oid} seems stuck forever. Is it lost?",
             "Tracking for {oid} stopped moving two weeks ago. Where is my package?"],
    "delayed": ["Order {oid} was supposed to be here already. Why is it late and when will it come?",
                "Hi, my {item} (order {oid}) is late. What's the new delivery date?",
                "Where is {oid}? The estimated date has passed."],
    "returned": ["I sent back the {item} from order {oid}. When do I get my money back?",
                 "Hi, I returned order {oid}. How much will be refunded and when?",
                 "Has my return for {oid} been processed? I want my refund."],
    "cancel": ["Please cancel order {oid}, I don't need the {item} anymore.",
               "I'd like to cancel my order {oid} and get a refund.",
               "Cancel {oid} please, I ordered it by mistake."],
    "locked": ["I can't log in to my account, it says it's locked. My order is {oid}.",
               "My account got locked after too many password attempts. I need to check order {oid}.",
               "Help, locked out of my account! Order {oid} is on it."],
    "duplicate_charge": ["I was charged twice for order {oid}! Please fix this.",
                         "My card shows two payments for {oid}. Why was I billed twice?",
                         "Double charge on order {oid} - I want the extra payment back."],
    "email_change": ["I need to change the email on my account, the old one no longer works. Order {oid}.",
                     "How do I update my account email? I placed order {oid} with the old address.",
                     "Please switch my account to my new email address. Reference order {oid}."],
    "fraud": ["I never placed order {oid}! Someone used my card. What are you doing about this?",
              "There's an order {oid} on my account that I didn't make. I think my account was hacked.",
              "Unauthorized purchase: order {oid}. I did not buy a {item}."],
    "legal": ["This is the third time order {oid} has gone wrong. My lawyer will be in touch if this isn't fixed.",
              "I'm going to take legal action over order {oid}. I want this resolved now.",
              "If I don't get a response about {oid} today I'm suing your company."],
    "threat": ["Order {oid} is a disaster. If I don't get my money "
               "I'll come down to your office and make you regret it.",
               "Fix order {oid} or you'll be sorry, I know where your warehouse is."],
    "damaged_high_value": ["My {item} from order {oid} arrived smashed. It cost a fortune, what now?",
                           "The {item} (order {oid}) came with a cracked screen and a crushed box. I want this sorted.",
                           "Order {oid}: the {item} is broken on arrival. This was very expensive."],
}

MUST_STATE = {"processing": ["status", "ship_date"], "shipped": ["status", "tracking"],
              "delivered": ["status", "delivered_date"], "lost": ["status", "next_step"],
              "delayed": ["status", "eta"], "returned": ["refund_amount", "refund_date"],
              "cancel": ["status", "refund_amount"], "locked": ["next_step", "account_email"],
              "duplicate_charge": ["refund_amount", "refund_date"], "email_change": ["next_step", "account_email"],
              "fraud": ["escalate", "order_id"], "legal": ["escalate", "order_id"],
              "threat": ["escalate", "order_id"], "damaged_high_value": ["escalate", "order_id"]}

ESCALATION_REASON = {"fraud": "unauthorized order reported (possible fraud)",
                     "legal": "customer threatens legal action", "threat": "customer threatens harm",
                     "damaged_high_value": "damaged item worth more than $500"}


def _tracking(rng: random.Random, carrier: str) -> str:
    digits = lambda n: "".join(rng.choice("0123456789") for _ in range(n))  # noqa: E731
    if carrier == "UPS":
        return "1Z" + "".join(rng.choice("0123456789ABCDEFGHJKLMNPRSTVWXY") for _ in range(16))
    if carrier == "FedEx":
        return digits(12)
    if carrier == "USPS":
        return "9400" + digits(18)
    return digits(10)


def _day(base: dt.date, offset: int) -> str:
    return (base + dt.timedelta(days=offset)).isoformat()


def scenario(rng: random.Random, index: int, category: str, kind: str, used: set) -> dict:
    while True:
        oid = "W" + str(rng.randint(1_000_000, 9_999_999))
        if oid not in used:
            used.add(oid)
            break
    first, last = rng.choice(FIRST), rng.choice(LAST)
    item, price = rng.choice(HIGH_VALUE if kind == "damaged_high_value" else ITEMS)
    qty = 1 if kind == "damaged_high_value" else rng.choice([1, 1, 1, 2])
    total = round(price * qty + rng.choice([0.0, 0.0, 4.99, 7.50]), 2)
    order_day = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randint(0, 300))
    f = dict.fromkeys(FACT_KEYS)
    f.update(order_id=oid, customer_name=f"{first} {last}", items=[f"{qty} x {item}"], total=total,
             order_date=order_day.isoformat(), escalate=False)
    carrier = rng.choice(CARRIERS)

    def ship(status: str) -> None:
        f.update(status=status, carrier=carrier, tracking=_tracking(rng, carrier),
                 ship_date=_day(order_day, 1 + rng.randint(0, 2)))

    if kind == "processing":
        f.update(status="processing", ship_date=_day(order_day, 3 + rng.randint(1, 5)))
    elif kind in ("shipped", "delayed"):
        ship("shipped")
        f["eta"] = _day(order_day, (5 if kind == "shipped" else 12) + rng.randint(0, 4))
    elif kind == "delivered":
        ship("delivered")
        f["delivered_date"] = _day(order_day, 4 + rng.randint(0, 3))
    elif kind == "lost":
        ship("lost")
        f["next_step"] = "replacement"
    elif kind == "returned":
        ship("returned")
        f.update(delivered_date=_day(order_day, 4 + rng.randint(0, 3)), refund_amount=total,
                 refund_date=_day(order_day, 20 + rng.randint(0, 6)))
    elif kind == "cancel":
        f.update(status="cancelled", refund_amount=total, refund_date=_day(order_day, 3 + rng.randint(2, 5)))
    elif kind in ("locked", "email_change"):
        ship("delivered")
        f["delivered_date"] = _day(order_day, 4 + rng.randint(0, 3))
        name = (first if kind == "locked" else rng.choice([first, last])).lower()
        f["account_email"] = f"{name[0]}***@{rng.choice(EMAIL_DOMAINS)}"
        f["next_step"] = "reset_link" if kind == "locked" else "verification_code"
    elif kind == "duplicate_charge":
        ship("shipped")
        f.update(eta=_day(order_day, 6 + rng.randint(0, 3)), refund_amount=total,
                 refund_date=_day(order_day, 5 + rng.randint(1, 4)))
    else:  # escalations
        if kind == "damaged_high_value":
            ship("delivered")
            f["delivered_date"] = _day(order_day, 4 + rng.randint(0, 3))
        elif kind == "fraud":
            f.update(status="processing", ship_date=_day(order_day, 4))
        else:
            ship(rng.choice(["shipped", "delivered"]))
            if f["status"] == "delivered":
                f["delivered_date"] = _day(order_day, 4 + rng.randint(0, 3))
            else:
                f["eta"] = _day(order_day, 7 + rng.randint(0, 3))
        f.update(escalate=True, escalation_reason=ESCALATION_REASON[kind])
    message = rng.choice(MESSAGES[kind]).format(oid=oid, item=item)
    return {"scenario_id": f"cs-{index:04d}", "category": category, "kind": kind, "order_id": oid,
            "customer_name": f["customer_name"], "message": message, "facts": f, "must_state": MUST_STATE[kind]}


def generate() -> list[dict]:
    rng = random.Random(SEED)
    used: set = set()
    plan = [(c, k) for c, k, n in PLAN for _ in range(n)]
    rng.shuffle(plan)
    return [scenario(rng, i + 1, c, k, used) for i, (c, k) in enumerate(plan)]


def render(rows: list[dict]) -> str:
    return "".join(json.dumps(r, sort_keys=True) + "\n" for r in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the shipped file instead of writing")
    text = render(generate())
    if parser.parse_args().check:
        same = OUT.is_file() and OUT.read_text() == text
        print("up to date" if same else f"{OUT} differs from the generator")
        return 0 if same else 1
    OUT.write_text(text)
    print(f"wrote {text.count(chr(10))} scenarios to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
