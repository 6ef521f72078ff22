"""task.params.reference_replies: the SFT warm-up's replies are written from each scenario's record."""

from __future__ import annotations

from helpers import compose
from loopwright import tasks
from loopwright.grounding import ground
from loopwright.rewards import customer_support as cs
from loopwright.tasks.customer_support import facts_json, load_scenarios, row
from loopwright.tasks.support_replies import reference_reply


def test_every_reference_reply_is_kept_by_the_grader_and_grounded_in_its_record():
    for scenario in load_scenarios():
        reply = reference_reply(scenario)
        prompt = row(scenario, None, True)["prompt"]
        assert cs.score(reply, facts_json(scenario), prompt) >= cs.DEFAULT_THRESHOLD, (scenario["scenario_id"], reply)
        g = ground(reply, scenario["facts"], prompt)
        assert not g.contradicted and not [v for v in g.unsupported if v.claim.kind in ("amount", "date")], \
            (scenario["scenario_id"], g.explain())


def test_only_training_rows_carry_a_reference_reply():
    cfg = compose(["task=customer_support", "reward=customer_support", "task.params.reference_replies=true"])
    train, held = tasks.build(cfg.task)
    assert all(r["completion"][0]["role"] == "assistant" and r["completion"][0]["content"] for r in train)
    assert not any("completion" in r for r in held)
    plain, _ = tasks.build(compose(["task=customer_support"]).task)
    assert not any("completion" in r for r in plain)
