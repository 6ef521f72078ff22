"""loopwright.grounding: each specific of a reply checked by value against the record, the policy and the turns."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

import pytest
from hypothesis import given, settings, strategies as st

from loopwright.grounding import CONTRADICTED, SUPPORTED, UNSUPPORTED, ground
from loopwright.grounding.extract import extract
from loopwright.rewards import customer_support as cs

SYSTEM = {"role": "system", "content": "You are the assistant of Sklep Bursztyn. Today is 6 December 2026. Returns: "
                                       "within 14 days of delivery. Refunds arrive in 3-5 working days."}


def _verdicts(reply, record=None, messages=(SYSTEM,)):
    return {v.claim.text: v.verdict for v in ground(reply, record, list(messages)).verdicts}


def test_one_wrong_fact_is_contradicted_and_the_right_ones_supported():
    record = {"numer": "SB-20417", "kwota_zwrotu": "129,00 zł", "dostarczono": "2026-12-01"}
    right = _verdicts("Zwrot 129,00 zł za SB-20417 dotrze w ciągu 3-5 dni roboczych.", record)
    assert set(right.values()) == {SUPPORTED}, right
    wrong = _verdicts("Zwrot 139,00 zł za SB-20417 dotrze w ciągu 3-5 dni roboczych.", record)
    assert wrong["139,00 zł"] == CONTRADICTED


def test_a_deadline_counted_from_the_record_by_the_policy_is_supported_and_its_weekday_checked():
    record = {"delivered": "1 December 2026"}
    shown = "It was delivered on 1 December, so you can return it until Tuesday, 15 December."
    assert _verdicts(shown, record) == {"1 December": SUPPORTED, "Tuesday": SUPPORTED, "15 December": SUPPORTED}
    assert _verdicts("You have 14 days: until Tuesday, 15 December.", record)["15 December"] == SUPPORTED
    assert _verdicts("It was delivered on 1 December, so until Monday, 15 December.", record)["Monday"] == CONTRADICTED
    assert _verdicts("It was delivered on 1 December, so until 16 December.", record)["16 December"] == CONTRADICTED


@pytest.mark.parametrize("period, days", [("30 Kalendertage", 30), ("innert 5 Arbeitstagen", 5),
                                          ("5 arbetsdagar", 5), ("14 kalenteripäivää", 14), ("3 werkdagen", 3),
                                          ("3 hverdage", 3), ("2 Wochen", 14)])
def test_a_unit_at_the_end_of_a_compound_word_is_read_as_a_period(period, days):
    # German, Dutch, the Nordic languages and Finnish join the unit to what it counts: the policy's "30
    # Kalendertage" is the period a return deadline is counted by, as "30 days" is in English
    assert [c.value for c in extract(period) if c.kind == "duration"] == [(days, days)]
    policy = {"role": "system", "content": f"Heute: 07.12.2026. Rückgabe: {period} nach der Zustellung."}
    counted = dt.date(2026, 12, 1) + dt.timedelta(days=days)
    reply = f"Zugestellt am 01.12.2026, zurückgeben bis {counted:%d.%m.%Y}."
    assert _verdicts(reply, {"zustelldatum": "01.12.2026"}, [policy])[f"{counted:%d.%m.%Y}"] == SUPPORTED


def test_an_accented_word_is_no_currency_code_and_bokmal_days_are_days():
    # "2 års garanti" (Swedish: two years' warranty) folds to "ars" but is no amount in Argentine pesos
    assert [c.kind for c in extract("2 års garanti")] != ["amount"]
    assert [(c.kind, c.value[1]) for c in extract("2 ARS, 3 ars")] == [("amount", "ARS"), ("amount", "ARS")]
    assert [c.value for c in extract("3 arbeidsdager")] == [(3, 3)]  # CLDR's bokmål has only "døgn"


@pytest.mark.parametrize("period, days", [("10 εργάσιμες ημέρες", 10), ("72 de ore", 3), ("14 kalendářních dní", 14),
                                          ("7 iş günü", 7), ("14 napon belül", 14), ("5 munkanapon", 5),
                                          ("30 giorni lavorativi", 30)])
def test_a_period_is_read_through_a_qualifier_glue_or_a_case_ending(period, days):
    # A word between number and unit ("εργάσιμες", working; Romanian "de", CLDR's own glue) and the case endings of
    # Turkish, Hungarian and Finnish: before, "10 εργάσιμες ημέρες" was no period, and a reply's correct "10 working
    # days" was contradicted by the policy's other periods
    assert [c.value for c in extract(period) if c.kind == "duration"] == [(days, days)]


def test_glue_and_short_words_are_no_units():
    assert [c.kind for c in extract("kl. 14 i dag")] == ["number"]  # Swedish "today", not 14 days
    assert [c.kind for c in extract("tracking 47190352 and an ID")] == ["id"]  # "an" is a French year
    assert [c.kind for c in extract("10 percent off")] == ["number"]  # Hungarian "perc" + an ending is no minute


def test_a_total_the_reply_adds_up_from_two_periods_it_names_is_derived():
    policy = [{"role": "system", "content": "We dispatch within 1-2 working days; the courier takes 4-6 working days."}]
    summed = _verdicts("1-2 working days to dispatch, then 4-6 working days with the courier: 5 to 8 working days "
                       "in total.", None, policy)
    assert summed["5 to 8 working days"] == SUPPORTED
    assert _verdicts("It takes 5 to 8 working days.", None, policy)["5 to 8 working days"] == CONTRADICTED


def test_hours_written_as_a_time_or_a_count_hold_under_either_reading():
    # French and Portuguese write 9h for 09:00; "48h" is a count of hours
    hours = [{"role": "system", "content": "Service client : du lundi au vendredi, 9:00–18:00. Casse : 48 h."}]
    assert set(_verdicts("Joignables de 9h à 18h.", None, hours).values()) == {SUPPORTED}
    assert _verdicts("Signalez-la sous 48h.", None, hours)["48h"] == SUPPORTED
    assert _verdicts("Signalez-la sous 24h.", None, hours)["24h"] == CONTRADICTED
    assert _verdicts("Joignables dès 7h.", None, hours)["7h"] == CONTRADICTED


def test_a_warranty_in_years_or_months_ends_on_the_same_day_of_the_calendar():
    # 2 years from 14.4.2026 is 14.4.2028: 731 days, as 2028 is a leap year; 730 days counted would miss it
    policy = [{"role": "system", "content": "Garantie : 2 ans à partir de la livraison. Retours : 24 mois."}]
    record = {"date_livraison": "14/04/2026"}
    assert _verdicts("Livré le 14/04/2026, garanti 2 ans : jusqu'au 14/04/2028.", record, policy)[
        "14/04/2028"] == SUPPORTED
    assert _verdicts("Livré le 14/04/2026, garanti 2 ans : jusqu'au 13/04/2028.", record, policy)[
        "13/04/2028"] == CONTRADICTED
    # the day count stays within about a year: 730 days from 11.12.2026 is no support for a yearless "10 December"
    held = {"abholen_bis": "11.12.2026"}
    assert _verdicts("Il pacco resta fino all'11 dicembre; giovedì 10 dicembre va bene.", held, [
        {"role": "system", "content": "Garanzia: 730 giorni."}])["10 dicembre"] != SUPPORTED


def test_hindi_words_keep_their_vowel_signs():
    from loopwright.rewards.customer_support import language, patterns
    hindi = ("नमस्ते! आपका ऑर्डर CG-915402 5 दिसंबर 2026 को Delhivery से भेजा गया है। इसकी डिलीवरी बुधवार, "
             "9 दिसंबर 2026 तक होने की उम्मीद है।")
    assert [c.text for c in extract(hindi) if c.kind == "date"] == ["5 दिसंबर 2026", "9 दिसंबर 2026"]
    assert not patterns.keyword_list(hindi) and not language.telegraphic(hindi)


def test_an_amount_the_reply_works_out_from_the_parts_or_the_count_it_names_is_derived():
    record = {"itens": "Panela R$ 219,90; Tábua R$ 129,90"}
    shown = _verdicts("A panela (R$ 219,90) mais a tábua (R$ 129,90) somam R$ 349,80; em 3x, são 3 parcelas de "
                      "R$ 116,60.", record, [])
    assert shown["R$ 116,60"] == SUPPORTED and shown["R$ 349,80"] == SUPPORTED
    assert _verdicts("Em 3x, são 3 parcelas de R$ 117,60.", record, [])["R$ 117,60"] == CONTRADICTED
    deduction = _verdicts("Dei CHF 29.00 vengono dedotti CHF 8.50 e CHF 0.50: riceverà CHF 20.00.",
                          {"importo": "CHF 29.00"}, [])
    assert deduction["CHF 20.00"] == SUPPORTED
    # a bare figure some evidence figures happen to make, with no part or count shown, is no derivation
    assert _verdicts("You'll get CHF 20.00 back.", {"a": "CHF 29.00", "b": "CHF 8.50", "c": "CHF 0.50"}, [])[
        "CHF 20.00"] == CONTRADICTED


def test_a_word_that_only_ends_like_a_unit_is_no_period():
    assert [c.kind for c in extract("3 Mitarbeiter, 4 items, 2 Sdays")] == ["number", "number", "number"]


def test_a_date_near_the_record_that_the_reply_cannot_show_its_way_to_is_not_supported():
    # The attack (blind_shop9, measured): with an order date, a dispatch date and the policy's 1, 3, 14 and 30
    # days, nearly any date of the month was "record date +/- some period": an invented delivery estimate passed.
    record = {"ordered": "1 December 2026", "shipped": "2 December 2026"}
    policy = "Today is 6 December 2026. Delivery takes 1-3 working days. Returns: 14 days. Warranty claims: 30 days."
    assert _verdicts("It will arrive on 5 December.", record, [{"role": "system", "content": policy}])[
        "5 December"] == CONTRADICTED
    assert _verdicts("It will arrive tomorrow, 7 December.", record, [{"role": "system", "content": policy}])[
        "7 December"] == SUPPORTED  # the day after today needs no reasoning shown
    assert _verdicts("The deadline is 1 December minus 3 days: 28 November.", record)["28 November"] == CONTRADICTED


def test_invented_money_and_dates_without_a_record_are_unsupported():
    verdicts = _verdicts("The deposit of €50 is released on 12 January.", None, [{"role": "user", "content": "Hi"}])
    assert verdicts == {"€50": UNSUPPORTED, "12 January": UNSUPPORTED}


def test_a_count_the_record_does_not_hold_is_caught():
    assert _verdicts("You're booked for 3, see you then.", {"packages": "2"})["3"] == UNSUPPORTED
    assert _verdicts("You're booked for 2, see you then.", {"packages": "2"})["2"] == SUPPORTED


def test_dates_in_other_scripts_and_calendars_read_as_the_same_value():
    record = {"発送日": "12月5日", "thai_date": "02/12/2569"}
    assert _verdicts("It shipped on 5 December and was ordered on 2 December 2026.", record) == \
        {"5 December": SUPPORTED, "2 December 2026": SUPPORTED}
    assert _verdicts("Enviado em 5 de dezembro.", record)["5 de dezembro"] == SUPPORTED
    assert _verdicts("Versandt am 25. Dezember.", record)["25. Dezember"] == CONTRADICTED


def test_what_an_earlier_turn_said_is_evidence():
    turns = [SYSTEM, {"role": "user", "content": "My order is SB-30001, I paid 45,50 zł."},
             {"role": "assistant", "content": "Thanks, checking."}, {"role": "user", "content": "And?"}]
    assert set(_verdicts("Order SB-30001: 45,50 zł will be refunded.", None, turns).values()) == {SUPPORTED}
    assert _verdicts("Order SB-30002: 45,50 zł will be refunded.", None, turns)["SB-30002"] == CONTRADICTED


@settings(max_examples=60, deadline=None)
@given(st.dates(min_value=dt.date(2000, 1, 1), max_value=dt.date(2100, 12, 28)),
       st.sampled_from(["iso", "dot_day_first", "long_en", "long_pl", "long_de", "cjk", "buddhist"]))
def test_every_date_format_extracts_its_own_value(day, form):
    text = {"iso": day.isoformat(), "dot_day_first": day.strftime("%d.%m.%Y"),
            "long_en": f"{day.day} {day.strftime('%B')} {day.year}",
            "long_pl": f"{day.day} {['stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia'][day.month - 1]} {day.year}",  # noqa: E501
            "long_de": f"{day.day}. {['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'][day.month - 1]} {day.year}",  # noqa: E501
            "cjk": f"{day.year}年{day.month}月{day.day}日",
            "buddhist": f"{day.day:02d}/{day.month:02d}/{day.year + 543}"}[form]
    claims = [c for c in extract(f"It arrives on {text}.") if c.kind == "date"]
    assert len(claims) == 1 and (day.year, day.month, day.day) in claims[0].value, (text, claims)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=999_999), st.integers(min_value=0, max_value=99),
       st.sampled_from(["{n} EUR", "€{n}", "{n} zł", "R$ {n}", "{n} Ft", "¥{n}"]),
       st.sampled_from([("", "."), (",", "."), (".", ","), (" ", ",")]))
def test_every_amount_format_extracts_its_own_value(units, cents, template, separators):
    thousands, decimal = separators
    whole = f"{units:,}".replace(",", thousands)
    number = f"{whole}{decimal}{cents:02d}"
    claims = [c for c in extract("Refund: " + template.format(n=number) + " today") if c.kind == "amount"]
    assert len(claims) == 1 and claims[0].value[0] == Decimal(units) + Decimal(cents) / 100, (number, claims)


def test_the_support_grader_shows_its_claims_and_caps_an_invented_or_contradicted_one():
    facts = '{"order_id": "BL-48213", "status": "shipped", "carrier": "DPD", "shipped_on": "30 November"}'
    prompt = [{"role": "user", "content": "Where is my order BL-48213?"}]
    good = "Your order BL-48213 shipped on 30 November with DPD and is on its way."
    parts = cs.components(good, facts, prompt, cap_ungrounded=True)
    assert parts["score"] >= cs.DEFAULT_THRESHOLD and not parts["ungrounded"]
    assert "date '30 November': supported (record.shipped_on)" in parts["grounding"]
    wrong = cs.components(good.replace("30 November", "29 November"), facts, prompt, cap_ungrounded=True)
    assert wrong["score"] < cs.DEFAULT_THRESHOLD and wrong["ungrounded"] == ["date '29 November': contradicted"]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("hostile", ["1" * 200_000, "€1 " * 100_000, "12/12/" * 50_000, "1 " * 100_000])
def test_a_hostile_record_or_conversation_is_read_bounded_and_never_raises(hostile):
    """Attack kept as data: a 200k-digit field made int() raise (4,300-digit limit) and 100k amounts took 10 s of
    pairwise sums. Evidence is read to EVIDENCE_CHARS a source, digit runs past MAX_DIGITS are codes, sums come
    from MAX_DERIVED distinct amounts."""
    turns = [{"role": "system", "content": hostile}, {"role": "user", "content": hostile}]
    g = ground(hostile, {"note": hostile}, turns)
    assert g.verdicts and all(v.verdict == SUPPORTED for v in g.verdicts)  # the reply repeats its evidence


def test_a_reply_of_many_figures_is_not_worked_out():
    """Attack kept as data: 3,000 distinct amounts in one reply made the three-part arithmetic take 2 s a reply (15x
    the pairwise sums' cost). A reply that works a total out names a few figures: past MAX_PARTS none is derived."""
    from loopwright.grounding.arithmetic import MAX_PARTS

    few = "€1.10, €2.20 and €3.30: €6.60."
    assert _verdicts(few, {"a": "€1.10"}, ())["€6.60"] == SUPPORTED
    padded = " ".join(f"€{90 + i}.00" for i in range(MAX_PARTS)) + " " + few
    assert _verdicts(padded, {"a": "€1.10"}, ())["€6.60"] == CONTRADICTED


def test_a_sum_of_record_amounts_is_supported_only_when_the_reply_shows_a_part_of_it():
    record = {"Artikel": "CHF 113.00", "Versand": "CHF 18.00"}
    assert _verdicts("CHF 113.00 plus CHF 18.00 shipping: CHF 131.00 in all.", record, ())["CHF 131.00"] == SUPPORTED
    # a bare total two record figures happen to add up to is a wrong total (the record's is 113.00), not a derived one
    assert _verdicts("Your total is CHF 131.00.", record, ())["CHF 131.00"] == CONTRADICTED


def test_a_time_of_day_or_a_period_the_rules_contradict_caps_and_a_colleagues_answer_time_does_not():
    system = {"role": "system", "content": "Today is 7 December 2026. Our couriers deliver between 08:00 and 12:00. "
                                           "Refunds take 5 working days."}
    record = json.dumps({"order_id": "KB-20417", "status": "shipped", "eta": "8 December 2026"})
    user = {"role": "user", "content": "When does KB-20417 come?"}
    wrong_hour = cs.components("KB-20417 arrives on 8 December 2026 between 15:00 and 18:00.", record, [system, user])
    assert any(line.startswith("time '15:00'") for line in wrong_hour["ungrounded"]), wrong_hour["ungrounded"]
    assert wrong_hour["score"] <= 0.2
    right_hour = cs.components("KB-20417 arrives on 8 December 2026 between 08:00 and 12:00.", record, [system, user])
    assert right_hour["ungrounded"] == [] and right_hour["score"] >= cs.DEFAULT_THRESHOLD
    # a period the rules give otherwise caps like a wrong hour ("Refunds take 5 working days")
    wrong_period = cs.components("KB-20417 arrives on 8 December 2026; if not, we refund within 3 days.", record,
                                 [system, user])
    assert any(line.startswith("duration '3 days'") for line in wrong_period["ungrounded"])
    assert wrong_period["score"] <= 0.2
    # in a reply that hands the case to a person, a period is when the colleague answers: shown, not capped
    handoff = cs.components("KB-20417 arrives on 8 December 2026. I've passed your case to a colleague, who will "
                            "call you within 3 days.", record, [system, user])
    assert handoff["ungrounded"] == [] and any("duration '3 days'" in line for line in handoff["grounding"])


def test_japanese_periods_are_read_before_the_word_that_follows():
    # "7営業日以内" (within 7 business days), "8日以内": the unit is one ideograph, written with what follows
    assert [c.value for c in extract("到着から7営業日以内") if c.kind == "duration"] == [(7, 7)]
    assert [c.value for c in extract("8日以内") if c.kind == "duration"] == [(8, 8)]
