"""reward=judge with a real model behind the loopback server: SmolLM2-135M on CPU, through the user's command.

The mechanics, not the quality: ``python -m loopwright.improve reward=judge calibrate=true`` sends labelled
rows of the other-shop set to SmolLM2 (transformers, greedy) behind the stand-in. What docs/REWARDS.md
measured is asserted as it is, so a change in what the judge sends (prompt, template, parsing) shows here:
pointwise, the 135M model scores the first rows and answers the sixth with a refusal that holds no score;
in group mode its second answer is not a ranking of its group of four. Either way the calibration stops with the
error naming the endpoint (exit 2) at the first unusable answer, with retries=0 after exactly that many
requests (one at a time: reward.concurrency=1). Greedy decoding makes both deterministic. 8 generations in
all; the old version took 18 minutes on a loaded machine and accepted either outcome.
"""

from __future__ import annotations

import pytest

from helpers import ROOT
from helpers.judge_standin import JudgeStandin, ModelAnswer
from helpers.loop_apps import run_app

LABELLED = ROOT / "tests" / "data" / "support_replies_other_shop.jsonl"


@pytest.fixture(scope="module")
def smollm2():
    from loopwright.models.assets import smollm2_model_dir

    return ModelAnswer(smollm2_model_dir())


@pytest.mark.slow
# pointwise: one request per row, the sixth is the refusal; group: groups of four, the second is unusable
@pytest.mark.parametrize("mode,requests,tokens", [("pointwise", 6, 16), ("group", 2, 24)])
def test_smollm2_as_the_judge_stops_at_its_first_unusable_answer_naming_the_endpoint(
        tmp_path, smollm2, mode, requests, tokens):
    smollm2.seen.clear()
    with JudgeStandin(smollm2) as judge:
        proc = run_app("loopwright.improve", "reward=judge", f"reward.base_url={judge.base_url}",
                       "reward.model=SmolLM2-135M-Instruct", f"reward.mode={mode}", f"reward.max_tokens={tokens}",
                       # one generation at a time behind the stand-in: one request in flight, a patient timeout
                       "reward.concurrency=1", "reward.timeout_s=600", "reward.retries=0",
                       f"reward.cache_dir={tmp_path / 'cache'}", f"reward.calibration={LABELLED}",
                       "reward.min_agreement=0", "calibrate=true", f"output={tmp_path}", cwd=tmp_path, timeout=900)
        sent = judge.count
    print(f"\nSmolLM2-135M judge, mode={mode}: {sent} requests, {proc.stderr.strip()[-300:]}")
    assert proc.returncode == 2, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert judge.base_url in proc.stderr and "an unusable answer" in proc.stderr
    assert "reward.retries=0" in proc.stderr
    assert sent == requests and len(smollm2.seen) == requests  # every request was a real generation, no retry
    assert not (tmp_path / "calibration.json").exists()  # no agreement is reported from an unfinished set
