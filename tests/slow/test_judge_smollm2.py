"""reward=judge with a real model behind the loopback server: SmolLM2-135M on CPU, through the user's command.

The mechanics, not the quality: ``python -m loopwright.improve reward=judge calibrate=true`` sends the
labelled other-shop set to SmolLM2 (transformers, greedy) behind the stand-in, and either gets an
agreement (written to calibration.json, printed with -s: the figure docs/REWARDS.md reports) or fails
with the error naming the endpoint. Measured (docs/REWARDS.md): it fails, in both modes, on the format.
Slow: one generation per request on CPU (18 min for both modes on a busy 2-core machine).
"""

from __future__ import annotations

import json

import pytest

from helpers import ROOT
from helpers.judge_standin import JudgeStandin, ModelAnswer
from helpers.loop_apps import run_app

LABELLED = ROOT / "tests" / "data" / "support_replies_other_shop.jsonl"


@pytest.fixture(scope="module")
def smollm2():
    from loopwright.train.assets import smollm2_model_dir

    return ModelAnswer(smollm2_model_dir())


@pytest.mark.slow
@pytest.mark.parametrize("mode,requests,tokens", [("pointwise", 30, 16), ("group", 8, 24)])
def test_smollm2_as_the_judge_of_the_other_shop_set(tmp_path, smollm2, mode, requests, tokens):
    with JudgeStandin(smollm2) as judge:
        # timeout: a hang guard only (both modes took 18 min together at a load average of ~19 on 2 cores)
        proc = run_app("loopwright.improve", "reward=judge", f"reward.base_url={judge.base_url}",
                       "reward.model=SmolLM2-135M-Instruct", f"reward.mode={mode}", f"reward.max_tokens={tokens}",
                       # one generation at a time behind the stand-in: one request in flight, a patient timeout
                       "reward.concurrency=1", "reward.timeout_s=600", "reward.retries=0", f"reward.cache_dir={tmp_path / 'cache'}", f"reward.calibration={LABELLED}",
                       "reward.min_agreement=0", "calibrate=true", f"output={tmp_path}", cwd=tmp_path, timeout=3600)
        sent = judge.count
    answers = [m for m in smollm2.seen]
    result_file = tmp_path / "calibration.json"
    if result_file.is_file():
        result = json.loads(result_file.read_text())
        print(f"\nSmolLM2-135M judge, mode={mode}: agreement {result['agreement']} ({result['metric']}), "
              f"precision {result.get('precision')}, recall {result.get('recall')}, {sent} requests")
        assert proc.returncode == 0, proc.stderr
        assert result["rows"] == 30 and sent == requests and answers
        assert 0.0 <= result["agreement"] <= 1.0
    else:  # the model could not keep to the answer format: the clear failure, naming the endpoint
        print(f"\nSmolLM2-135M judge, mode={mode}: no agreement, {proc.stderr.strip()[-400:]}")
        assert proc.returncode == 2 and judge.base_url in proc.stderr and "an unusable answer" in proc.stderr
