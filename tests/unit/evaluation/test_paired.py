"""The paired comparison and the ship gate (loopwright.evaluation.paired) on synthetic eval_results.json files
whose answers are known: exact sign-test p-values, a seeded bootstrap, win / loss / noise / regression, groups."""

from __future__ import annotations

import json
import math

import pytest

from helpers import compose
from helpers.eval_files import flipped, write_run
from loopwright.evaluation import paired
from loopwright.train.validate import problems_in

BASE = [1] * 16 + [0] * 24  # the baseline solves 16 of 40 prompts


@pytest.mark.parametrize("wins,losses,p", [
    (9, 1, 2 * (math.comb(10, 0) + math.comb(10, 1)) / 2 ** 10),  # 22/1024
    (5, 0, 2 / 32), (10, 0, 2 / 1024), (3, 1, 2 * (1 + 4) / 16), (6, 6, 1.0), (0, 0, 1.0),
    (2, 7, 2 * (1 + 9 + 36) / 512),
])
def test_the_sign_test_is_the_exact_binomial_tail(wins, losses, p):
    assert paired.sign_test(wins, losses) == pytest.approx(p, abs=0, rel=1e-12)
    assert paired.sign_test(losses, wins) == paired.sign_test(wins, losses)
    assert paired.sign_test(22, 4) == pytest.approx(2 * sum(math.comb(26, k) for k in range(5)) / 2 ** 26)


def test_the_bootstrap_is_seeded_deterministic_and_paired():
    diffs = {"x": [1.0] * 10 + [0.0] * 25 + [-1.0] * 5, "y": [0.5] * 40}
    first = paired.bootstrap(diffs, 0.95, 2000, seed=7)
    assert first == paired.bootstrap(diffs, 0.95, 2000, seed=7)
    assert first != paired.bootstrap(diffs, 0.95, 2000, seed=8)
    lo, hi = first["x"]
    assert lo < 5 / 40 < hi and -0.1 < lo and hi < 0.35
    assert first["y"] == (0.5, 0.5)  # a constant difference has no spread
    narrow = paired.bootstrap(diffs, 0.5, 2000, seed=7)["x"]
    assert lo < narrow[0] <= narrow[1] < hi


def _gate(tmp_path, candidate, baseline=BASE, **kw):
    write_run(tmp_path / "baseline", baseline)
    write_run(tmp_path / "candidate", candidate, **kw)
    return paired.gate(paired.load_side(str(tmp_path / "candidate")), paired.load_side(str(tmp_path / "baseline")))


def test_a_sure_win_ships(tmp_path):
    result = _gate(tmp_path, [1] * 30 + [0] * 10)  # 14 fixed, nothing broken
    s = result["metrics"]["success"]
    assert result["ship"] and result["decision"] == "SHIP" and result["verdict"] == "B better"
    assert (s["a"], s["b"], s["delta"]) == (0.4, 0.75, pytest.approx(0.35))
    assert (s["b_better"], s["a_better"], s["tied"]) == (14, 0, 26)
    assert s["p_value"] == 2 / 2 ** 14 and s["interval"][0] > 0.15
    assert result["matched_by"] == "sha256 of the prompt messages" and result["regressions"] == []
    assert result["table"].splitlines()[-1].startswith("SHIP: success +0.350")


def test_a_sure_loss_does_not_ship_and_compare_says_a_better(tmp_path):
    result = _gate(tmp_path, [1] * 4 + [0] * 36)
    assert not result["ship"] and result["verdict"] == "A better"
    assert result["metrics"]["success"]["interval"][1] < 0
    assert len(result["regressions"]) == 12 and {r["kind"] for r in result["regressions"]} == {"flip"}
    assert "DON'T SHIP: the 95% interval's lower bound" in result["table"]


def test_noise_does_not_ship(tmp_path):
    noisy = flipped(BASE, 8, seed=3)  # a few random flips each way
    result = _gate(tmp_path, noisy)
    s = result["metrics"]["success"]
    assert s["b_better"] >= 2 and s["a_better"] >= 2
    assert s["interval"][0] < 0 < s["interval"][1] and s["p_value"] > 0.05
    assert not result["ship"] and result["verdict"] == "no detectable difference"
    allowed = paired.gate(paired.load_side(str(tmp_path / "candidate")), paired.load_side(str(tmp_path / "baseline")),
                          allow_flips=True)
    assert not allowed["ship"]  # flips allowed, still no detectable gain


def test_two_of_two_fixed_is_not_enough(tmp_path):
    # the bootstrap alone would say [1, 1]; the sign test says p = 0.5
    result = _gate(tmp_path, [1, 1], baseline=[0, 0])
    assert result["metrics"]["success"]["interval"] == [1.0, 1.0] and result["metrics"]["success"]["p_value"] == 0.5
    assert not result["ship"] and any("sign test" in r for r in result["reasons"])


def test_a_broken_assertion_blocks_a_better_candidate(tmp_path):
    n = 40
    base_checks = [[("expect", "W1234567", True, True)] for _ in range(n)]
    cand_checks = [[("expect", "W1234567", i < 30, i < 30)] for i in range(n)]  # the trained side is the one read
    cand_checks[0] = [("expect", "W1234567", True, True), ("forbid", "re:(?i)your fault", True, False)]
    base_checks[0] = [("expect", "W1234567", True, True), ("forbid", "re:(?i)your fault", True, True)]
    write_run(tmp_path / "baseline", [0] * n, assertions=[[(k, p, b, b and i < 10) for k, p, b, _ in c]
                                                        for i, c in enumerate(base_checks)])
    write_run(tmp_path / "candidate", [0] * n, assertions=cand_checks)  # rewards 0: success is the assertions
    result = paired.gate(paired.load_side(str(tmp_path / "candidate")), paired.load_side(str(tmp_path / "baseline")))
    s = result["metrics"]["success"]
    assert s["a"] == 0.25 and s["b"] == 0.725 and s["interval"][0] > 0 and s["p_value"] < 0.001
    assert not result["ship"]
    assert result["regressions"] == [{"prompt": result["per_prompt"][0]["prompt"], "label": "p-0", "kind": "assertion",
                                      "what": "forbid 're:(?i)your fault'", "baseline": 1.0, "candidate": 0.0}]
    assert "p-0: assertion forbid 're:(?i)your fault' (baseline 1.00, candidate 0.00)" in result["table"]
    allowed = paired.gate(paired.load_side(str(tmp_path / "candidate")), paired.load_side(str(tmp_path / "baseline")),
                          allow_flips=True)
    assert not allowed["ship"]  # --allow-flips never excuses an assertion


def test_a_plain_flip_blocks_unless_allowed(tmp_path):
    candidate = [0] + [1] * 29 + [0] * 10  # 14 fixed, prompt 0 broken
    blocked = _gate(tmp_path, candidate)
    assert not blocked["ship"] and [r["label"] for r in blocked["regressions"]] == ["What is 0 + 0?"]
    allowed = paired.gate(paired.load_side(str(tmp_path / "candidate")), paired.load_side(str(tmp_path / "baseline")),
                          allow_flips=True)
    assert allowed["ship"] and len(allowed["regressions"]) == 1


def test_groups_average_each_prompt_over_their_runs_first(tmp_path):
    for j in range(3):  # a multirun dir: 0/, 1/, 2/
        write_run(tmp_path / "a" / str(j), BASE)
        write_run(tmp_path / "b" / str(j), [1] * (26 + j) + [0] * (14 - j))
    (tmp_path / "b" / "multirun.yaml").write_text("")
    result = paired.compare(paired.load_side(str(tmp_path / "a")), paired.load_side(str(tmp_path / "b")))
    s = result["metrics"]["success"]
    assert result["grouped"] and "averaged over the runs" in result["note"]
    assert len(result["b"]["runs"]) == 3 and result["b"]["runs"][0].endswith("b/0/eval_results.json")
    assert s["b"] == pytest.approx((26 + 27 + 28) / 120) and s["b_better"] == 12 and s["a_better"] == 0
    diffs = sorted({p["success_diff"] for p in result["per_prompt"]})
    assert diffs == pytest.approx([0.0, 1 / 3, 2 / 3, 1.0])
    assert result["verdict"] == "B better"


def test_different_prompt_sets_are_refused_naming_both_files_or_intersected(tmp_path):
    write_run(tmp_path / "a", [1] * 10)
    write_run(tmp_path / "b", [1] * 10, prompts=list(range(5, 15)))
    with pytest.raises(paired.CompareError) as err:
        paired.compare(paired.load_side(str(tmp_path / "a")), paired.load_side(str(tmp_path / "b")))
    text = str(err.value)
    assert str(tmp_path / "a" / "eval_results.json") in text and str(tmp_path / "b" / "eval_results.json") in text
    assert "5 in common" in text and "--intersect" in text
    result = paired.compare(paired.load_side(str(tmp_path / "a")), paired.load_side(str(tmp_path / "b")),
                            intersect=True)
    assert result["n_prompts"] == 5 and result["warnings"][0].startswith("WARNING: --intersect")
    write_run(tmp_path / "c", [1] * 3, prompts=[20, 21, 22])
    with pytest.raises(paired.CompareError, match="0 in common"):  # nothing in common: refused even so
        paired.compare(paired.load_side(str(tmp_path / "a")), paired.load_side(str(tmp_path / "c")), intersect=True)


def test_prompts_are_matched_by_identity_not_position(tmp_path):
    write_run(tmp_path / "a", BASE)
    order = list(range(40))[::-1]
    write_run(tmp_path / "b", [BASE[i] for i in order], prompts=order)  # the same outcomes, reversed file
    result = paired.compare(paired.load_side(str(tmp_path / "a")), paired.load_side(str(tmp_path / "b")))
    assert result["metrics"]["success"]["tied"] == 40
    write_run(tmp_path / "c", BASE, held_out_file=False)  # no data/held_out.jsonl: the record's prompt text
    result = paired.compare(paired.load_side(str(tmp_path / "a")), paired.load_side(str(tmp_path / "c")))
    assert result["matched_by"] == "sha256 of the prompt text of the records" and result["n_prompts"] == 40


def test_base_as_baseline_reads_the_candidates_own_base_records(tmp_path):
    write_run(tmp_path / "run", [1] * 30 + [0] * 10, base=BASE)
    run = paired.load_side(str(tmp_path / "run"))
    result = paired.gate(run, paired.base_of(run))
    assert result["ship"] and result["a"] == {"label": f"base of {tmp_path / 'run'}", "policy": "base",
                                              "runs": [str(tmp_path / "run" / "eval_results.json")]}
    assert result["metrics"]["success"]["a"] == 0.4


def test_eval_gate_in_a_run_records_the_verdict_and_raises_dont_ship(tmp_path):
    write_run(tmp_path, [0] * 8, base=[0] * 8)
    results = json.loads((tmp_path / "eval_results.json").read_text())
    rows = [json.loads(line) for line in (tmp_path / "data" / "held_out.jsonl").open()]
    ship_gate = paired.gate_run(results, rows, tmp_path, "base")
    assert ship_gate["decision"] == "DON'T SHIP" and ship_gate["baseline"] == "base"
    assert ship_gate["metrics"]["success"]["interval"] == [0.0, 0.0] and "DON'T SHIP" in ship_gate["table"]
    with pytest.raises(paired.DontShip, match=r"eval.gate=base: the 95% interval's lower bound \+0.000"):
        paired.raise_if_dont_ship({"ship_gate": ship_gate})
    paired.raise_if_dont_ship({})  # eval.gate off


def test_the_exits_table_and_the_config_know_eval_gate():
    from loopwright.train import exits

    how = exits.exit_for(paired.DontShip("x"))
    assert (how.status, how.code) == ("dont_ship", 5) and "{run_dir}" in how.message
    cfg = compose(["eval.gate=base"])
    assert cfg.eval.gate.value == "base" and compose([]).eval.gate is None
    assert "eval.gate needs eval.enabled=true (the gate reads the evaluation)" in \
        problems_in(compose(["eval.gate=base", "eval.enabled=false"]))
    with pytest.raises(Exception, match="eval.gate=nope"):
        compose(["eval.gate=nope"])
