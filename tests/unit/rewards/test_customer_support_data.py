"""customer_support without facts, with another shop's facts, and on the labelled sets it was fitted to.

The three sets of bench/support_sets.py are fits (their replies were read while the rules were
written): the floor below is a regression check that the grader still reads them, not a measure
of how it does on new wording (issue 26; the blind set's figure is in docs/REWARDS.md).
"""

from __future__ import annotations

import json

import pytest

from helpers import ROOT, load_script
from loopwright.rewards import customer_support as cs

FIT_PRECISION, FIT_RECALL = 0.95, 0.85  # regression floor on the fits


@pytest.fixture(scope="module")
def bench():
    return load_script(ROOT / "bench" / "support_sets.py")


@pytest.mark.parametrize("name", ["other", "harbour_pine", "shipped"])
def test_the_fitted_sets_still_read_at_the_curation_threshold(bench, name):
    # grounding=show: the floor guards the wording checks; these sets were labelled before every specific needed a
    # source, and under the default cap harbour_pine's recall is 0.833 (three kept replies give a price or a date
    # nothing holds: docs/REWARDS.md, "Grounding")
    m = bench.measure(name, "show")
    assert m["precision"] >= FIT_PRECISION and m["recall"] >= FIT_RECALL, bench.table([m], show_errors=True)


def test_the_other_shop_file_is_what_the_issue_describes(bench):
    rows, _ = bench.other()
    assert (len(rows), sum(r["keep"] for r in rows), sum(not r["facts_json"] for r in rows)) == (30, 13, 4)


def test_without_the_facts_map_the_third_shop_still_reads_because_every_record_date_counts(bench):
    """Its eta column ('Promised By') is no alias, so unmapped it is no eta; before, the dates replies gave looked
    invented (recall under the fit bar). Every date the record holds, unmapped fields included, is now one a reply
    may quote (facts.record_dates), so the set reads without the map too. Measured with grounding=show: this is
    about reading the record's dates; the set was labelled before every specific needed a source, and three of its
    kept replies give a price or a date nothing holds (the cap drops them; docs/REWARDS.md, "Grounding")."""
    rows, params = bench.harbour_pine()
    fn = cs.make({"grounding": "show"})
    scores = fn(completions=[r["reply"] for r in rows], facts_json=[r["facts_json"] for r in rows],
                prompts=[r["prompt"] for r in rows])
    recall = sum(s >= 0.7 and r["keep"] for s, r in zip(scores, rows)) / sum(r["keep"] for r in rows)
    dated = next(r for r in rows if r["facts_json"] and "Promised By" in r["facts_json"])
    assert "eta" not in cs.parse_facts(dated["facts_json"], {}) and params["facts_map"]["Promised By"] == "eta"
    assert recall >= FIT_RECALL


# ------------------------------------------------------------------ no facts
def test_no_facts_a_concrete_action_is_kept_a_polite_nothing_is_not():
    ask = "I can't log in, it says my account is locked."
    done = "Sorry about that. I've sent a reset link to the email address on your account; it's valid for 30 minutes."
    nothing = "Sorry to hear that! Login problems can be annoying. Let us know if you need anything else."
    assert cs.score(done, None, ask) >= cs.DEFAULT_THRESHOLD
    assert cs.score(nothing, None, ask) < cs.DEFAULT_THRESHOLD


def test_no_facts_never_a_contradiction_but_a_status_claim_is_no_outcome():
    parts = cs.components("Your order BL-1 was delivered on 3 March with UPS, tracking 1Z999AA10123456784.",
                          None, "Where is BL-1?")
    assert parts["contradictions"] == [] and parts["facts"] is False
    assert parts["score"] < cs.DEFAULT_THRESHOLD


def test_no_facts_escalation_is_expected_when_the_customer_reports_danger_fraud_or_a_legal_threat():
    refund = "Sorry about that. I've sent you a returns label by email; you'll get your refund once it's back."
    for ask, team in (("The charger started smoking and burned my desk.", "product safety"),
                      ("Someone used my card, I didn't place this order!", "fraud"),
                      ("Fix this today or I'm going to my lawyer.", "customer relations")):
        handed = f"I'm so sorry. I've escalated this to our {team} team, who will call you today."
        assert cs.score(handed, None, ask) >= cs.DEFAULT_THRESHOLD, ask
        # The same hand-off to "the team" would read the same under any report: no resolution (issue 26).
        assert cs.score("I'm so sorry. I've escalated this to the team.", None, ask) < cs.DEFAULT_THRESHOLD, ask
        assert cs.score(refund, None, ask) <= cs.CAP_ESCALATION, ask
        assert cs.score(handed, None, "Where is my parcel?") <= cs.CAP_ESCALATION  # needless


def test_a_deflection_is_no_outcome_unless_something_is_also_done():
    facts = json.dumps({"order_ref": "HP-4C7P5", "status": "Lost by courier", "refund_value": "£54.00"})
    ask = "HP-4C7P5 never came."
    deflect = "The courier has lost HP-4C7P5. You'll need to contact Parcelforce directly to make a claim."
    done = "I'm sorry: the courier has lost HP-4C7P5, so I've refunded the full £54.00 today."
    assert cs.score(deflect, facts, ask) < cs.DEFAULT_THRESHOLD <= cs.score(done, facts, ask)


def test_absent_keys_are_not_judged_present_empty_ones_are():
    ask = "Where is BL-1?"
    reply = "Thanks! BL-1 is on its way with UPS, tracking 1Z999AA10123456784."
    unknown = json.dumps({"order_number": "BL-1", "state": "in transit"})
    none = json.dumps({"order_number": "BL-1", "state": "in transit", "courier": None, "tracking": ""})
    assert cs.components(reply, unknown, ask)["contradictions"] == []
    assert set(cs.components(reply, none, ask)["contradictions"]) == {"wrong carrier", "wrong tracking number"}


def test_the_agent_may_cancel_an_order_that_has_not_left():
    facts = json.dumps({"order_number": "BL-49902", "state": "awaiting packing", "total": "59.99 EUR"})
    reply = "Done: BL-49902 is cancelled and the pre-authorisation of 59.99 EUR on your card has been released."
    assert cs.score(reply, facts, "Please cancel BL-49902.") >= cs.DEFAULT_THRESHOLD
    assert cs.score(reply, facts, "Where is BL-49902?") <= cs.CAP_CONTRADICTION


def test_every_blind_row_is_graded_without_an_internal_error(bench):
    """score() turns an internal error into 0.0 (a grader never raises inside training); components() does not, so
    a bug that would silently zero every reward (as a shadowed method once did) fails here, on real rows."""
    for name in ("blind8", "shop9", "blind10", "shop11", "shop12", "blind13", "shop14", "blind15"):
        rows, params = bench.SETS[name]()
        for r in rows:
            cs.components(r["reply"], r["facts_json"], r["prompt"], params.get("facts_map"))
