"""Write the shipped GSM8K-style word problems (src/loopwright/data/gsm8k_word_problems.jsonl).

    python scripts/make_gsm8k_word_problems.py            # rewrite the shipped file
    python scripts/make_gsm8k_word_problems.py --out x.jsonl --n 300 --seed 0

Short one- and two-step problems (addition, subtraction, multiplication, exact
division, money) from fixed templates, names and items, drawn with a seeded
``random.Random``: the same arguments always write the same bytes. Each line is
``{"question": ..., "answer": "<worked steps>\\n#### N"}``, the GSM8K format, with
small non-negative integer answers. Questions are distinct.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Callable

OUT = Path(__file__).resolve().parents[1] / "src" / "loopwright" / "data" / "gsm8k_word_problems.jsonl"

NAMES = [("Ava", "she"), ("Ben", "he"), ("Chloe", "she"), ("Diego", "he"), ("Emma", "she"), ("Farid", "he"),
         ("Grace", "she"), ("Hiro", "he"), ("Isla", "she"), ("Jonas", "he"), ("Kira", "she"), ("Liam", "he"),
         ("Maya", "she"), ("Noah", "he"), ("Olivia", "she"), ("Priya", "she"), ("Quinn", "he"), ("Rosa", "she")]
ITEMS = ["apples", "marbles", "stickers", "pencils", "cookies", "books", "shells", "stamps", "cards", "eggs",
         "oranges", "crayons", "buttons", "candles", "coins"]
Problem = tuple[str, str, int]  # question, worked steps, answer


def _add(r: random.Random, name: str, he: str, item: str) -> Problem:
    a, b = r.randint(3, 60), r.randint(2, 40)
    return (f"{name} has {a} {item}. {he.capitalize()} gets {b} more {item}. How many {item} does {name} have now?",
            f"{name} has {a} + {b} = {a + b} {item} now.", a + b)


def _sub(r: random.Random, name: str, he: str, item: str) -> Problem:
    a = r.randint(10, 80)
    b = r.randint(1, a - 1)
    return (f"{name} had {a} {item} and gave {b} of them to a friend. How many {item} does {name} have left?",
            f"{name} has {a} - {b} = {a - b} {item} left.", a - b)


def _mul(r: random.Random, name: str, he: str, item: str) -> Problem:
    a, b = r.randint(2, 12), r.randint(2, 12)
    return (f"{name} buys {a} bags of {item}. Each bag has {b} {item}. How many {item} does {name} buy?",
            f"{name} buys {a} * {b} = {a * b} {item}.", a * b)


def _div(r: random.Random, name: str, he: str, item: str) -> Problem:
    b, q = r.randint(2, 9), r.randint(2, 12)
    return (f"{name} shares {b * q} {item} equally among {b} friends. How many {item} does each friend get?",
            f"Each friend gets {b * q} / {b} = {q} {item}.", q)


def _price(r: random.Random, name: str, he: str, item: str) -> Problem:
    p, n = r.randint(2, 15), r.randint(2, 9)
    return (f"One box of {item} costs ${p}. {name} buys {n} boxes. How many dollars does {name} spend?",
            f"{name} spends {n} * ${p} = ${n * p}.", n * p)


def _add_packs(r: random.Random, name: str, he: str, item: str) -> Problem:
    a, b, c = r.randint(2, 30), r.randint(2, 6), r.randint(2, 10)
    return (f"{name} has {a} {item}. {he.capitalize()} buys {b} packs with {c} {item} in each pack. "
            f"How many {item} does {name} have in all?",
            f"The packs hold {b} * {c} = {b * c} {item}.\n{name} has {a} + {b * c} = {a + b * c} {item} in all.",
            a + b * c)


def _give_get(r: random.Random, name: str, he: str, item: str) -> Problem:
    a = r.randint(10, 60)
    b, c = r.randint(1, a - 1), r.randint(1, 30)
    return (f"{name} had {a} {item}. {he.capitalize()} gave away {b} and then found {c} more. "
            f"How many {item} does {name} have now?",
            f"After giving some away, {name} has {a} - {b} = {a - b} {item}.\n"
            f"Then {he} has {a - b} + {c} = {a - b + c} {item}.", a - b + c)


def _wage(r: random.Random, name: str, he: str, item: str) -> Problem:
    w, b, c = r.randint(5, 20), r.randint(1, 8), r.randint(1, 8)
    return (f"{name} earns ${w} an hour. {he.capitalize()} works {b} hours on Monday and {c} hours on Tuesday. "
            f"How many dollars does {name} earn on the two days?",
            f"{name} works {b} + {c} = {b + c} hours.\n{he.capitalize()} earns {b + c} * ${w} = ${(b + c) * w}.",
            (b + c) * w)


def _pages_left(r: random.Random, name: str, he: str, item: str) -> Problem:
    a, d = r.randint(5, 20), r.randint(2, 7)
    total = a * d + r.randint(5, 90)
    return (f"A book has {total} pages. {name} reads {a} pages a day for {d} days. "
            f"How many pages does {name} still have to read?",
            f"{name} reads {a} * {d} = {a * d} pages.\nThere are {total} - {a * d} = {total - a * d} pages left.",
            total - a * d)


def _rows_empty(r: random.Random, name: str, he: str, item: str) -> Problem:
    a, b = r.randint(3, 9), r.randint(3, 9)
    c = r.randint(1, a * b - 1)
    return (f"A classroom has {a} rows of {b} desks. {c} desks are empty. How many desks are in use?",
            f"There are {a} * {b} = {a * b} desks.\n{a * b} - {c} = {a * b - c} desks are in use.", a * b - c)


def _change(r: random.Random, name: str, he: str, item: str) -> Problem:
    p, n = r.randint(1, 9), r.randint(2, 6)
    paid = ((p * n) // 10 + 1) * 10
    return (f"{name} buys {n} bags of {item} at ${p} each and pays with ${paid}. "
            f"How many dollars of change does {name} get?",
            f"The {item} cost {n} * ${p} = ${n * p}.\nThe change is ${paid} - ${n * p} = ${paid - n * p}.",
            paid - n * p)


def _share_rest(r: random.Random, name: str, he: str, item: str) -> Problem:
    k, q = r.randint(2, 6), r.randint(2, 9)
    kept = r.randint(1, 20)
    return (f"{name} has {k * q + kept} {item}. {he.capitalize()} keeps {kept} and shares the rest equally among "
            f"{k} friends. How many {item} does each friend get?",
            f"{name} shares {k * q + kept} - {kept} = {k * q} {item}.\nEach friend gets {k * q} / {k} = {q} {item}.",
            q)


TEMPLATES: list[Callable[[random.Random, str, str, str], Problem]] = [
    _add, _sub, _mul, _div, _price, _add_packs, _give_get, _wage, _pages_left, _rows_empty, _change, _share_rest]


def generate(n: int = 300, seed: int = 0) -> list[dict]:
    r = random.Random(seed)
    seen: set[str] = set()
    rows = []
    while len(rows) < n:
        template = TEMPLATES[len(rows) % len(TEMPLATES)]  # an even mix of the kinds
        name, he = r.choice(NAMES)
        question, steps, answer = template(r, name, he, r.choice(ITEMS))
        if question in seen:
            continue
        seen.add(question)
        rows.append({"question": question, "answer": f"{steps}\n#### {answer}"})
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        for row in generate(args.n, args.seed):
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {args.n} problems to {args.out}")


if __name__ == "__main__":
    main()
