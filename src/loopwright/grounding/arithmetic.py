"""Amounts a reply works out in front of the customer: a total of the parts it names, a deduction, an instalment.

"The pan (R$ 219,90) and the board (R$ 129,90) come to R$ 349,80 ... 3 instalments of R$ 116,60", "CHF 29.00 less
the CHF 8.50 label: CHF 20.50 back". Each part is a figure the evidence holds or one the reply stated before, and
the reply shows the way: a part it names, or the count it divides or multiplies by. A bare figure that some
evidence figures happen to make is not derived (grounding/__init__.py's rule for two parts, kept here for more).
"""

from __future__ import annotations

import itertools
from decimal import ROUND_HALF_UP, Decimal

MAX_PARTS = 12  # figures combined three at a time: a record and a reply hold a few, not hundreds
COUNTS = range(2, 25)  # instalments, items, people: a count a figure is multiplied or divided by
CENT = Decimal("0.01")


def worked_out(value: Decimal, stated: list[Decimal], evidence: list[Decimal], counts: set[int]) -> str | None:
    """How ``value`` follows from the figures the reply ``stated`` before it and the ``evidence`` figures, or None:
    three parts added or taken away (at least two of them stated), or a figure times or divided by a count the reply
    names."""
    stated = list(dict.fromkeys(stated))[:MAX_PARTS]
    pool = list(dict.fromkeys(stated + evidence))[:MAX_PARTS * 2]
    for a in pool:
        for n in counts & set(COUNTS):
            if (a * n).quantize(CENT) == value:
                return f"{a} x {n}"
            if (a / n).quantize(CENT, rounding=ROUND_HALF_UP) == value:
                return f"{a} / {n}"
    for a, b in itertools.combinations(stated, 2):
        for c in pool:
            if c in (a, b):
                continue
            for sign_b, sign_c in itertools.product((1, -1), repeat=2):
                if a + sign_b * b + sign_c * c == value or (sign_b > 0 and b + sign_b * a + sign_c * c == value):
                    return f"{a} {'+' if sign_b > 0 else '-'} {b} {'+' if sign_c > 0 else '-'} {c}"
    return None
