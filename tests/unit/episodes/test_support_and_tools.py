"""Support scenarios, tools, the customer_support / tool_calling graders, their tasks, and real trainings."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import ROOT, compose
from loopwright import rewards, tasks
from loopwright.episodes import tools
from loopwright.rewards import customer_support as cs
from loopwright.tasks.customer_support import facts_for, load_scenarios
from loopwright.tasks.customer_support import facts_json


def _scenario(kind: str, nth: int = 0) -> dict:
    return [s for s in load_scenarios() if s["kind"] == kind][nth]


def _cs(reply, scenario) -> float:
    return rewards.make("customer_support")(completions=[reply], facts_json=[facts_json(scenario)])[0]


# ------------------------------------------------------------------ scenarios
def test_scenarios_ship_about_200_unique_with_facts():
    scenarios = load_scenarios()
    assert 180 <= len(scenarios) <= 220
    assert len({s["order_id"] for s in scenarios}) == len({s["scenario_id"] for s in scenarios}) == len(scenarios)
    assert {s["category"] for s in scenarios} == {"order_status", "shipping", "refund", "account", "escalation"}
    for s in scenarios:
        f = s["facts"]
        assert f["order_id"] == s["order_id"] and s["order_id"] in s["message"] and s["must_state"]
        assert isinstance(f["escalate"], bool) and (f["escalate"] == (s["category"] == "escalation"))
        if f["refund_amount"] is not None:
            assert f["refund_date"]


def test_shipped_file_matches_its_generator():
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_support_scenarios.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# ---------------------------------------------------------------------- tools
def test_lookup_order_known_unknown_and_bad_ids():
    s = _scenario("shipped")
    record = tools.lookup_order(s["order_id"])
    assert record["status"] == "shipped" and record["tracking"] == s["facts"]["tracking"]
    assert "escalate" not in record
    assert tools.lookup_order("#" + s["order_id"].lower())["order_id"] == s["order_id"]
    assert tools.lookup_order("W0000000")["error"] == "order not found"
    for bad in ("", "   ", "x" * 1000, None, 12):
        assert "error" in tools.lookup_order(bad)


@pytest.mark.parametrize("expression,expected", [("(12 + 7) * 3", "57"), ("7 / 2", "3.5"), ("2 ** 10", "1024"),
                                                 ("-4 + 10 % 3", "-3"), ("1,000 * 3", "3000")])
def test_calculator_arithmetic(expression, expected):
    assert tools.calculator(expression) == expected


@pytest.mark.parametrize("expression", ["__import__('os').system('echo hi')", "open('x')", "a + 1", "1/0",
                                        "9 ** 9 ** 9", "10 ** 1000", "[1, 2]", "lambda: 1", "", "1 +" * 200, "(" * 500])
def test_calculator_refuses_anything_but_arithmetic(expression):
    assert tools.calculator(expression).startswith("error:")


def test_convert_units():
    assert tools.convert_units(26.2, "miles", "km") == "42.1648 km"
    assert tools.convert_units(212, "F", "celsius") == "100 c"
    assert tools.convert_units(1, "kg", "lb") == "2.2046 lb"
    assert tools.convert_units(1, "kg", "km").startswith("error:")
    assert tools.convert_units("nan", "m", "km").startswith("error:")
    assert tools.convert_units(1, "parsec", "m").startswith("error:")


def test_tool_schemas_match_what_transformers_reads_from_the_functions():
    from transformers.utils import get_json_schema

    assert [get_json_schema(fn) for fn in tools.TOOLS.values()] == tools.TOOL_SCHEMAS
    assert tools.call_tool("calculator", {"expression": "2+2"}) == "4"
    assert "error" in tools.call_tool("nope", {}) and "error" in tools.call_tool("calculator", {"x": 1})


# ------------------------------------------------------- customer_support grader
def test_resolving_and_short_factual_replies_pass():
    s = _scenario("shipped")
    f = s["facts"]
    full = (f"Hi {s['customer_name']}, thanks for waiting! Order {s['order_id']} has shipped with {f['carrier']}, "
            f"tracking number {f['tracking']}.")
    short = f"{s['order_id']} shipped via {f['carrier']}, tracking {f['tracking']}."
    assert _cs(full, s) >= 0.9 and _cs(short, s) >= cs.DEFAULT_THRESHOLD


def test_refund_reply_with_right_amount_and_date_passes_wrong_amount_fails():
    s = _scenario("returned")
    f = s["facts"]
    good = f"We received your return; ${f['refund_amount']:.2f} will be refunded by {f['refund_date']}."
    bad = f"We received your return; ${f['refund_amount'] + 1:.2f} will be refunded by {f['refund_date']}."
    assert _cs(good, s) >= 0.7
    assert _cs(bad, s) <= cs.CAP_CONTRADICTION


def test_polite_reply_that_resolves_nothing_is_below_threshold():
    s = _scenario("shipped")
    polite = (f"Thank you so much for reaching out about {s['order_id']}! We truly appreciate your patience and "
              f"we're happy to help. We'll look into it and get back to you soon.")
    assert _cs(polite, s) < cs.DEFAULT_THRESHOLD


def test_contradicted_status_scores_low():
    s = _scenario("processing")
    assert _cs(f"Good news! Order {s['order_id']} has been delivered.", s) <= cs.CAP_CONTRADICTION
    assert _cs(f"Order {s['order_id']} has already shipped and is in transit.", s) <= cs.CAP_CONTRADICTION


def test_keyword_stuffing_does_not_pass():
    s = _scenario("shipped")
    f = s["facts"]
    stuffed = (f"Order {s['order_id']} is processing, has shipped, is in transit, was delivered, was cancelled, "
               f"was returned. {f['carrier']} UPS FedEx DHL USPS {f['tracking']} $1.00 $22.49 $99.99.")
    assert _cs(stuffed, s) < cs.DEFAULT_THRESHOLD


def test_escalation_must_happen_exactly_when_required():
    fraud = _scenario("fraud")
    escalate = f"I'm sorry. I've escalated order {fraud['order_id']} to our fraud team; a specialist will contact you."
    no_escalate = f"Order {fraud['order_id']} is being processed and ships on {fraud['facts']['ship_date']}."
    assert _cs(escalate, fraud) >= 0.7
    assert _cs(no_escalate, fraud) <= cs.CAP_ESCALATION
    shipped = _scenario("shipped")
    f = shipped["facts"]
    needless = f"Order {shipped['order_id']} has shipped, tracking {f['tracking']}. I've escalated it to a supervisor."
    assert _cs(needless, shipped) <= cs.CAP_ESCALATION
    negated = f"No need to escalate: order {shipped['order_id']} has shipped, tracking {f['tracking']}."
    assert _cs(negated, shipped) >= 0.7


def test_rude_reply_is_capped():
    s = _scenario("delivered")
    f = s["facts"]
    rude = f"Order {s['order_id']} was delivered on {f['delivered_date']}. Not our problem if you weren't home."
    assert _cs(rude, s) <= cs.CAP_RUDE
    assert _cs(rude.upper(), s) <= cs.CAP_RUDE


def test_components_exposes_every_part_and_the_threshold_param():
    s = _scenario("cancel")
    parts = cs.components(f"Order {s['order_id']} has been cancelled.", facts_json(s))
    assert set(parts) >= {"resolves", "tone", "hands_off", "specific", "grounded", "answers_asked",
                          "refuses_with_rule", "contradictions", "score"}
    assert parts["resolves"] == 0.25 and parts["hands_off"] == 1.0
    assert rewards.make("customer_support", {"threshold": 0.5}).threshold == 0.5


@pytest.mark.parametrize("completion", [None, "", 42, [], [{"role": "assistant"}], {"content": None}, "x" * 200_000,
                                        [{"role": "assistant", "content": "Order W1 has shipped"}]])
def test_customer_support_odd_completions_score_defined_low(completion):
    s = _scenario("shipped")
    out = rewards.make("customer_support")(completions=[completion], facts_json=[facts_json(s)])
    assert len(out) == 1 and 0.0 <= out[0] < cs.DEFAULT_THRESHOLD


@pytest.mark.parametrize("facts", [None, "", "{not json", "[]", 17, "x" * 200_000])
def test_customer_support_missing_or_malformed_facts_grade_as_no_facts(facts):
    """Unusable facts are no facts: a bare status claim nothing can confirm stays below the threshold."""
    fn = rewards.make("customer_support")
    out = fn(completions=["Order W1234567 has shipped."], facts_json=[facts])
    assert out == fn(completions=["Order W1234567 has shipped."], facts_json=[None])
    assert 0.0 < out[0] < cs.DEFAULT_THRESHOLD


_COMPLETION = st.one_of(st.none(), st.integers(), st.text(max_size=600),
                        st.lists(st.fixed_dictionaries({"role": st.just("assistant"),
                                                        "content": st.text(max_size=300)}),
                                 max_size=2))


@settings(max_examples=150, deadline=None)
@given(completions=st.lists(_COMPLETION, min_size=0, max_size=5), which=st.integers(0, 199))
def test_customer_support_never_raises_one_float_each(completions, which):
    scenario = load_scenarios()[which]
    fn = rewards.safe_reward(rewards.make("customer_support"), "customer_support")
    out = fn(prompts=[[]] * len(completions), completions=completions,
             facts_json=[facts_json(scenario)] * len(completions))
    assert len(out) == len(completions) and all(isinstance(v, float) and 0.0 <= v <= 1.0 for v in out)
    raw = rewards.make("customer_support")(completions=completions,
                                           facts_json=[facts_json(scenario)] * len(completions))
    assert raw == out


# ------------------------------------------------------------ tool_calling grader
def _tc(reply, tool="calculator", args=None):
    args = {"expression": "348 * 27"} if args is None else args
    return rewards.make("tool_calling")(completions=[reply], expected_tool=[tool],
                                        expected_arguments_json=[json.dumps(args)])[0]


def _block(name, arguments):
    return f"<tool_call>{json.dumps({'name': name, 'arguments': arguments})}</tool_call>"


def test_right_call_scores_one_including_equivalent_forms():
    assert _tc(_block("calculator", {"expression": "348 * 27"})) == 1.0
    assert _tc(_block("calculator", {"expression": "27*348"})) == 1.0
    assert _tc("Let me compute.\n" + _block("calculator", {"expression": "348*27"})) == 1.0
    conv = {"value": 26.2, "from_unit": "mi", "to_unit": "km"}
    assert _tc(_block("convert_units", {"value": "26.2", "from_unit": "Miles", "to_unit": "kilometres"}),
               "convert_units", conv) == 1.0
    assert _tc([{"role": "assistant", "content": _block("lookup_order", {"order_id": "#w1234567"})}],
               "lookup_order", {"order_id": "W1234567"}) == 1.0


def test_wrong_tool_wrong_args_invented_tool_and_malformed_fail():
    threshold = rewards.make("tool_calling").threshold
    assert _tc(_block("convert_units", {"value": 348, "from_unit": "m", "to_unit": "km"})) == pytest.approx(0.2)
    assert _tc(_block("calculator", {"expression": "348 + 27"})) == pytest.approx(0.5)
    assert _tc(_block("calculator", {"expr": "348 * 27"})) == pytest.approx(0.3)
    assert _tc(_block("python", {"code": "348*27"})) == 0.0
    assert _tc('<tool_call>{"name": "calculator", "arguments": {"expression": "348 * 27"}}') == 0.0
    assert _tc("<tool_call>{'name': 'calculator', 'arguments': {}}</tool_call>") == 0.0
    assert _tc("348 * 27 = 9396") == 0.0
    both = _block("calculator", {"expression": "348 * 27"}) + "<tool_call>{broken</tool_call>"
    assert _tc(both) == pytest.approx(0.5) and _tc(both) < threshold
    assert _tc(_block("calculator", {"expression": "348 * 27"}) * 2) < threshold


def test_known_tools_param_restricts_names():
    fn = rewards.make("tool_calling", {"known_tools": ["lookup_order"]})
    out = fn(completions=[_block("calculator", {"expression": "1+1"})], expected_tool=["calculator"],
             expected_arguments_json=['{"expression": "1+1"}'])
    assert out == [0.0]


@settings(max_examples=150, deadline=None)
@given(completions=st.lists(st.one_of(_COMPLETION,
                                      st.builds(lambda s: f"<tool_call>{s}</tool_call>", st.text(max_size=80))),
                            max_size=5),
       expected=st.one_of(st.none(), st.text(max_size=40), st.just('{"expression": "1+1"}')))
def test_tool_calling_never_raises_one_float_each(completions, expected):
    fn = rewards.make("tool_calling")
    out = fn(completions=completions, expected_tool=["calculator"] * len(completions),
             expected_arguments_json=[expected] * len(completions))
    assert len(out) == len(completions) and all(isinstance(v, float) and 0.0 <= v <= 1.0 for v in out)


# ------------------------------------------------------------- bench labels
def test_bench_labels_meet_the_goal():
    from helpers import load_script

    bench = load_script(ROOT / "bench" / "rewards.py", "bench_rewards")
    results = bench.measure()
    support, calls = results["customer_support"][0], results["tool_calling"][0]
    assert len(support) >= 60 and len(calls) >= 40
    for rows, scores, threshold in results.values():
        c = bench.confusion(rows, scores, threshold)
        assert c["precision"] >= 0.95 and c["recall"] >= 0.90, c


# ------------------------------------------------------------------- tasks
@pytest.mark.parametrize("kind", ["customer_support", "tool_use"])
def test_task_splits_are_disjoint_deterministic_and_arrow_friendly(kind):
    cfg = compose([f"task={kind}", "task.n_train=300", "task.n_eval=30"]).task
    assert not tasks.problems(cfg)
    train, held = tasks.build(cfg)
    assert len(train) == 300 and len(held) == 30
    key = "scenario_id" if kind == "customer_support" else "item_id"
    assert not {r[key] for r in train} & {r[key] for r in held}
    assert tasks.build(cfg) == (train, held)
    other = tasks.build(compose([f"task={kind}", "task.seed=1", "task.n_eval=30"]).task)[1]
    assert [r[key] for r in other] != [r[key] for r in held]
    for r in train + held:
        assert r["prompt"][-1]["role"] == "user"
        for k, v in r.items():
            if k != "prompt":
                assert isinstance(v, (str, int, float, bool)), (k, v)


def test_customer_support_rows_carry_facts_and_can_hide_the_record():
    cfg = compose(["task=customer_support", "task.n_eval=10"]).task
    train, held = tasks.build(cfg)
    row = held[0]
    facts = json.loads(row["facts_json"])
    assert facts["order_id"] == row["order_id"] and facts["must_state"]
    assert facts_for(row["order_id"])["status"] == facts["status"]
    assert row["order_id"] in row["prompt"][0]["content"]  # the order record is in the system prompt
    hidden = tasks.build(compose(["task=customer_support", "task.n_eval=10", "task.params.include_facts=false",
                                  "task.system_prompt=Be brief."]).task)[1]
    assert hidden[0]["prompt"][0]["content"] == "Be brief."
    only = tasks.build(compose(["task=customer_support", "task.n_eval=5",
                                "task.params.categories=[escalation]"]).task)[0]
    assert {r["category"] for r in only} == {"escalation"}


def test_tool_use_rows_expect_a_real_tool_whose_expected_call_works():
    train, held = tasks.build(compose(["task=tool_use"]).task)
    for r in train[:50] + held:
        assert r["expected_tool"] in tools.TOOLS
        result = tools.call_tool(r["expected_tool"], json.loads(r["expected_arguments_json"]))
        assert not (isinstance(result, dict) and "error" in result) and not str(result).startswith("error")
        reply = _block(r["expected_tool"], json.loads(r["expected_arguments_json"]))
        assert rewards.make("tool_calling")(completions=[reply], expected_tool=[r["expected_tool"]],
                                            expected_arguments_json=[r["expected_arguments_json"]]) == [1.0]


def test_registries_and_validation():
    for overrides in (["reward=customer_support", "task=customer_support"], ["reward=tool_calling", "task=tool_use"]):
        cfg = compose(overrides)
        assert not rewards.problems(cfg.reward) and not tasks.problems(cfg.task)
        graders = rewards.build(cfg.reward)
        assert len(graders) == 1 and math.isclose(graders[0][2], 1.0)
    bad = compose(["reward=customer_support", "+reward.params.nope=1"]).reward
    assert "unknown key(s) ['nope']" in rewards.problems(bad)[0]
