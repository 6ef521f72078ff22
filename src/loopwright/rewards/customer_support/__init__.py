"""Rule-based grader for customer-support replies: against the order's facts when there are any.

Deterministic and offline. Four components, each in [0, 1]:

resolution     the reply does what the contact needs. With ``must_state`` in the facts
               (the shipped scenarios), every item it names is stated: the order status
               as an assertion, the tracking number, the refund amount, the dates, the
               next step, the hand-off. Without it, the items are inferred: a concrete
               outcome or next step about THIS request (something done, booked or promised
               with a when, a direct how-to, a yes / no answered in the question's own
               words; a done-word such as "noted" or "logged", or a deflection such as
               "contact your bank" alone, is none), the status when the customer asks
               where the order is and the facts know it, the refund amount when they ask
               for money back and the facts hold one, the hand-off when escalation is
               expected. The outcome counts only when the reply is anchored to the
               request: it names the record's order / tracking / carrier / amount / date
               or status, or the customer's own order, amount, date or words (the item,
               the problem), or, for a hand-off, the team for that kind of report. A
               reply that would read the same under any question is a template, never a
               resolution. Quadratic partial credit.
tone           1.0 polite, 0.8 neutral, 0.0 rude or blaming (or shouting).
escalation     1.0 when the reply hands over to a human / specialist team exactly when
               expected: the facts' ``escalate`` says yes (in the shop's language), or the
               customer reports danger, harm, fraud or a legal threat (request.py;
               a record's "no" does not outweigh an injury), or the shop's own hand-off
               rule in the system message names what was reported (policy.py).
               With a hand-off expected, an anchored hand-off is the outcome.

The conversation's system message, when there is one, gives the shop's rules
(policy.py): how it writes dates (03/12 is 3 December in a DD/MM shop), what today
is ("tomorrow" is then a date the record can confirm or contradict), its periods (a return
deadline or an estimate that follows from the record by them is no invention), and the
policy a reply may answer from. Without a record, asking for the order number is the next step.
concreteness   0.5 for naming the right order + 0.25 per correct specific (carrier,
               tracking, amount, date, email); without facts, 0.25 per specific given.

score = 0.5 resolution + 0.2 concreteness + 0.1 tone + 0.2 escalation, then capped: a contradiction
of the facts, or a specific the record, policy and turns contradict or never held (grounding.py,
by value), at 0.2, rudeness at 0.3, a wrong escalation decision at 0.4, and a status answer naming
nothing of a record that holds a carrier, tracking number or date at 0.6. Contradictions are only what
the facts show: a status they rule out, a tracking number, carrier, order number or email other than
the record's, an amount or date given as a refund / charge / delivery / shipping figure the record does
not hold, a refund promised where the record has none, and (facts or not) four or more status words.
A key the record does not have is never judged (facts.py: present-but-empty means "none",
absent means "unknown"). Facts schema and parsers: facts.py; the reply's wording: patterns.py;
the customer's side: request.py. A "yes" / "no" opening a reply to a status question is the
status claim it answers. Only ``SCAN_CHARS`` characters are read; odd input scores 0.0, never raises.
"""

from __future__ import annotations

import re
import statistics
from typing import Any

from loopwright.rewards import completion_text, register
from loopwright.rewards.customer_support import checks
from loopwright.rewards.customer_support import facts as sf
from loopwright.rewards.customer_support import grounding as sg
from loopwright.rewards.customer_support import policy as spol
from loopwright.rewards.customer_support.reading import ORDER_NUMBER, Reading, parse_facts  # noqa: F401  (cs.*: bench, tests)
from loopwright.rewards.customer_support.request import agent_turns, customer_turns, user_text  # noqa: F401  (cs.user_text: bench, tests)

SCAN_CHARS = 4000
DEFAULT_THRESHOLD = 0.7
WEIGHTS = {"resolves": 0.5, "specific": 0.2, "tone": 0.1, "hands_off": 0.2}  # of the named checks (checks.py)
CAP_CONTRADICTION, CAP_RUDE, CAP_ESCALATION = 0.2, 0.3, 0.4
CAP_VAGUE = 0.6  # a status answer that names nothing of a record holding a carrier, tracking or date
_DUMP = re.compile(r'"[\w .#/-]{1,40}"\s*:')  # "carrier": ... (the gaming audit's facts dump)
_FIELD_NAME = re.compile(r"\w_\w|[a-z][A-Z]")  # snake_case or camelCase: a machine's name, not a word


def field_names_in(text: str, facts_json: Any) -> list[str]:
    """The record's machine field names ("cislo_objednavky", "orderDate") the reply repeats. A reply to a customer
    never needs them, in any language: two or more are the record pasted (keys that are plain words, "status",
    are not counted)."""
    record = sg.record_of(facts_json) or {}
    low = text.casefold()
    return [k for k in record if isinstance(k, str) and _FIELD_NAME.search(k) and k.casefold() in low]


def components(completion: Any, facts_json: Any = None, prompt: Any = None, facts_map: dict | None = None,
               cap_ungrounded: bool = True) -> dict:
    """Every component, the contradictions and grounding verdicts found, and the final score for one reply."""
    out = {**dict.fromkeys(checks.NAMES, 0.0), "checks_not_applicable": [], "contradictions": [], "rude": False,
           "facts": False, "required": [], "grounding": [], "ungrounded": [], "score": 0.0}
    text = completion_text(completion)[:SCAN_CHARS]
    if not text.strip():
        return out
    facts = parse_facts(facts_json, facts_map)
    policy = spol.policy_of(prompt, facts)
    policy.apply(facts)  # the shop's own glossary and hand-off flag say what the record's words mean
    r = Reading(text, facts, user_text(prompt), policy, customer_turns(prompt), agent_turns(prompt))
    must = r.required()
    out["facts"], out["required"] = facts is not None, must
    if len(_DUMP.findall(text)) >= 3 or len(field_names_in(text, facts_json)) >= 2:
        r.contradictions.append("a data dump (the record's own field names, or '\"key\": value' pairs), not a reply")
    out.update(sg.check(text, facts_json, prompt, r.escalates))  # the specifics against the evidence, by value
    r.evidence_answers = out["answers_from_evidence"]
    c, out["checks_not_applicable"] = checks.run(r, must, out["ungrounded"] if cap_ungrounded else [])
    out.update(c)
    out["rude"] = rude = checks.rude(text)
    score = sum(WEIGHTS[k] * c[k] for k in WEIGHTS)
    if not c["grounded"]:
        score = min(score, CAP_CONTRADICTION)
    if rude:
        score = min(score, CAP_RUDE)
    if not c["hands_off"]:
        score = min(score, CAP_ESCALATION)
    if "status" in must and r.names_nothing_the_record_holds():  # "has shipped and is on its way" only
        out["vague"] = True
        score = min(score, CAP_VAGUE)
    out["contradictions"] = r.contradictions
    out["score"] = round(score, 6)
    return out


def score(completion: Any, facts_json: Any = None, prompt: Any = None, facts_map: dict | None = None,
          cap_ungrounded: bool = True) -> float:
    try:
        return float(components(completion, facts_json, prompt, facts_map, cap_ungrounded)["score"])
    except Exception:  # noqa: BLE001 - a grader never raises
        return 0.0


def breakdown(completion: Any, columns: dict, facts_map: dict | None = None, cap_ungrounded: bool = True) -> dict:
    """The parts of one reply's score, as loopwright.improve writes them per graded turn."""
    parts = components(completion, columns.get("facts_json"), columns.get("prompts"), facts_map, cap_ungrounded)
    return {k: v for k, v in parts.items() if k != "score"}


def summarize(parts: list[dict]) -> dict:
    """improve_summary.json's figures over the graded turns' breakdowns: component means, flagged turns."""
    out = {}
    for key in checks.NAMES:
        if all(isinstance(p.get(key), (int, float)) for p in parts):
            out[key] = {"mean": round(statistics.fmean(p[key] for p in parts), 6)}
    out["contradicted"] = {"turns": sum(1 for p in parts if p.get("contradictions"))}
    out["rude"] = {"turns": sum(1 for p in parts if p.get("rude"))}
    out["ungrounded"] = {"turns": sum(1 for p in parts if p.get("ungrounded"))}
    out["without_facts"] = {"turns": sum(1 for p in parts if p.get("facts") is False)}
    return out


@register("customer_support", params={"threshold", "facts_map", "grounding"}, breakdown=breakdown, summarize=summarize,
          summary="support reply vs the order facts (optional): named checks grounded, resolves, answers_asked, "
                  "hands_off, refuses_with_rule, tone, specific")
def make(params: dict) -> Any:
    """Registry factory. Params: ``threshold`` (curation cut, default 0.7), ``facts_map`` ({record key: schema key})."""
    params = params or {}
    threshold = float(params.get("threshold", DEFAULT_THRESHOLD))
    facts_map = sf.facts_map_of(params)
    cap = sg.mode_of(params) == "cap"

    def customer_support_reward(completions: list, facts_json: Any = None, prompts: Any = None,
                                **_: Any) -> list[float]:
        """TRL reward function: one float in [0, 1] per completion."""
        return [score(c, f, a, facts_map, cap) for c, f, a in zip(*spread(completions, facts_json, prompts))]

    customer_support_reward.threshold = threshold
    customer_support_reward.breakdown = lambda completion, columns: breakdown(completion, columns, facts_map, cap)
    return customer_support_reward


def spread(completions: Any, facts_json: Any, prompts: Any) -> tuple[list, list, list]:
    """TRL's columns one per completion: the completions; the records (a list as given, padded with None where
    short; one value for all); the prompts where there is one per completion, else None each."""
    completions = list(completions or [])
    n = len(completions)
    facts = list(facts_json)[:n] if isinstance(facts_json, (list, tuple)) else [facts_json] * n
    facts += [None] * (n - len(facts))
    asks = list(prompts) if isinstance(prompts, (list, tuple)) and len(prompts) == n else [None] * n
    return completions, facts, asks


def kept(completion: Any, facts_json: Any, threshold: float = DEFAULT_THRESHOLD, prompt: Any = None) -> bool:
    return score(completion, facts_json, prompt) >= threshold
