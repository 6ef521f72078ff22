"""reward=judge against a local OpenAI-compatible server on loopback, through the real openai client.

The stand-in (tests/helpers/judge_standin.py) injects the faults a real endpoint has: timeouts, 5xx,
bodies that are not chat completions, answers that hold no score. The judge must retry, then stop
with an error naming the endpoint; never a silent 0 or 0.5.
"""

from __future__ import annotations

import json
import re

import pytest

from helpers import compose, free_port
from helpers.judge_standin import Fault, JudgeStandin
from loopwright import rewards
from loopwright.rewards import GraderError, safe_reward


def judge_cfg(standin_url: str, cache, *extra: str):
    return compose(["reward=judge", f"reward.base_url={standin_url}", "reward.model=judge-model",
                    f"reward.cache_dir={cache}", "reward.retry_backoff_s=0.01", *extra]).reward


def grader(cfg):
    [(_, fn, _)] = rewards.build(cfg)
    return fn


def length_score(body: dict) -> str:
    """Scores the reply by its length: a deterministic judge whose answers tests can predict."""
    reply = re.search(r"<reply>\n(.*?)\n</reply>", body["messages"][-1]["content"], re.S).group(1)
    return json.dumps({"score": min(10, len(reply)), "reason": "length"})


def test_pointwise_scores_each_completion_concurrently_through_the_openai_client(tmp_path):
    with JudgeStandin(length_score) as judge:
        fn = grader(judge_cfg(judge.base_url, tmp_path))
        scores = fn(prompts=["p1", "p2", "p3"], completions=["ab", "abcde", [{"role": "assistant", "content": "x"}]])
    assert scores == [0.2, 0.5, 1.0]  # a conversational completion is shown with its roles: "[assistant] x"
    assert judge.count == 3
    assert any("<reply>\n[assistant] x\n</reply>" in r["messages"][-1]["content"] for r in judge.requests)
    assert {r["model"] for r in judge.requests} == {"judge-model"}
    assert all(r["messages"][0]["role"] == "system" for r in judge.requests)


def test_a_rerun_is_answered_from_the_cache_and_sends_nothing(tmp_path):
    with JudgeStandin(length_score) as judge:
        completions = ["a", "bb", "ccc", "a"]  # the duplicate is asked once
        first = grader(judge_cfg(judge.base_url, tmp_path))(prompts=["p"] * 4, completions=completions)
        assert judge.count == 3
    # a new server on another port (a new client): the cache is keyed by what is asked, not where
    with JudgeStandin(lambda body: pytest.fail("the cache should have answered")) as other:
        again = grader(judge_cfg(other.base_url, tmp_path))(prompts=["p"] * 4, completions=completions)
        assert other.count == 0
    assert again == first == [0.1, 0.2, 0.3, 0.1]
    # another rubric is another question
    with JudgeStandin(length_score) as judge:
        grader(judge_cfg(judge.base_url, tmp_path,
                         "reward.rubric=only brevity counts"))(prompts=["p"], completions=["a"])
        assert judge.count == 1


def test_group_mode_ranks_each_group_in_one_request(tmp_path):
    def rank_by_length(body):
        user = body["messages"][-1]["content"]
        replies = re.findall(r'<item id="(\d+)">.*?<reply>\n(.*?)\n</reply>', user, re.S)
        if not replies:
            return length_score(body)  # a group of one distinct completion is scored pointwise
        best_first = sorted(replies, key=lambda r: -len(r[1]))
        return json.dumps({"ranking": [int(i) for i, _ in best_first]})

    with JudgeStandin(rank_by_length) as judge:
        fn = grader(judge_cfg(judge.base_url, tmp_path, "reward.mode=group"))
        prompts = ["q1"] * 4 + ["q2"] * 2 + ["q3"]
        completions = ["aaa", "a", "aa", "a", "x", "x", "abcd"]
        scores = fn(prompts=prompts, completions=completions)
    # q1: three distinct replies ranked aaa > aa > a, the duplicate "a" shares its rank; q2: both the
    # same, one pointwise request (0.1 each); q3 alone: pointwise (0.4)
    assert scores == [1.0, 0.0, 0.5, 0.0, 0.1, 0.1, 0.4]
    assert judge.count == 3
    assert sum('<item id="3">' in r["messages"][-1]["content"] for r in judge.requests) == 1


def test_a_timeout_is_retried_then_fails_naming_the_endpoint(tmp_path):
    with JudgeStandin(lambda body: Fault(sleep=1.5)) as judge:
        fn = grader(judge_cfg(judge.base_url, tmp_path, "reward.timeout_s=0.3", "reward.retries=1"))
        with pytest.raises(GraderError, match=re.escape(f"the judge at {judge.base_url} (model judge-model) "
                                                        "failed after 2 attempt(s)") + ".*timeout_s=0.3"):
            fn(prompts=["p"], completions=["a"])
        assert judge.count == 2


def test_5xx_is_retried_then_fails_and_a_good_answer_after_a_5xx_is_used(tmp_path):
    with JudgeStandin(lambda body: Fault(status=503)) as judge:
        fn = safe_reward(grader(judge_cfg(judge.base_url, tmp_path, "reward.retries=2")), "judge")
        with pytest.raises(GraderError, match="failed after 3 attempt.*HTTP 503"):  # safe_reward lets it through
            fn(prompts=["p"], completions=["a"])
        assert judge.count == 3
    answers = iter([Fault(status=500), '{"score": 6}'])
    with JudgeStandin(lambda body: next(answers)) as judge:
        assert grader(judge_cfg(judge.base_url, tmp_path / "c2"))(prompts=["p"], completions=["a"]) == [0.6]
        assert judge.count == 2


def test_a_client_error_is_not_retried(tmp_path):
    with JudgeStandin(lambda body: Fault(status=401)) as judge:
        with pytest.raises(GraderError, match=f"judge at {re.escape(judge.base_url)}.*refused the request: HTTP 401"):
            grader(judge_cfg(judge.base_url, tmp_path))(prompts=["p"], completions=["a"])
        assert judge.count == 1


@pytest.mark.parametrize("answer,why", [
    (Fault(raw=b"<html>not json</html>"), "malformed response"),
    (Fault(raw=b'{"object": "chat.completion"}'), "malformed response|without message content"),
    ("I think this reply is rather good.", "no score in"),
    ('{"score": 57}', "outside 0..10"),
])
def test_malformed_bodies_and_nonsense_scores_fail_clearly_after_the_retries(tmp_path, answer, why):
    with JudgeStandin(lambda body: answer) as judge:
        with pytest.raises(GraderError, match=f"{re.escape(judge.base_url)}.*failed after 2 attempt.*({why})"):
            grader(judge_cfg(judge.base_url, tmp_path, "reward.retries=1"))(prompts=["p"], completions=["a"])
        assert judge.count == 2


def test_a_judge_that_is_down_fails_clearly(tmp_path):
    url = f"http://127.0.0.1:{free_port()}/v1"
    with pytest.raises(GraderError, match=re.escape(url) + ".*connection failed"):
        grader(judge_cfg(url, tmp_path, "reward.retries=1"))(prompts=["p"], completions=["a"])


def test_the_request_budget_stops_the_judge_and_cache_hits_are_free(tmp_path):
    with JudgeStandin(length_score) as judge:
        fn = grader(judge_cfg(judge.base_url, tmp_path, "reward.max_requests=3", "reward.concurrency=1"))
        assert fn(prompts=["p"] * 3, completions=["a", "bb", "ccc"]) == [0.1, 0.2, 0.3]
        assert fn(prompts=["p"] * 3, completions=["a", "bb", "ccc"]) == [0.1, 0.2, 0.3]  # cached: no budget used
        with pytest.raises(GraderError, match=r"request budget reward.max_requests=3 is spent"):
            fn(prompts=["p"], completions=["dddd"])
        assert judge.count == 3


def test_the_key_is_sent_but_never_written(tmp_path, monkeypatch):
    monkeypatch.setenv("MY_JUDGE_KEY", "sk-test-DO-NOT-WRITE-1234")
    with JudgeStandin(lambda body: Fault(status=403)) as judge:
        with pytest.raises(GraderError) as err:
            grader(judge_cfg(judge.base_url, tmp_path, "reward.api_key_env=MY_JUDGE_KEY"))(prompts=["p"],
                                                                                         completions=["a"])
        assert judge.auth == ["Bearer sk-test-DO-NOT-WRITE-1234"]
    assert "sk-test" not in str(err.value)
    with JudgeStandin(length_score) as judge:
        grader(judge_cfg(judge.base_url, tmp_path, "reward.api_key_env=MY_JUDGE_KEY"))(prompts=["p"], completions=["a"])
    cached = list(tmp_path.rglob("*.json"))
    assert cached and not [p for p in cached if "sk-test" in p.read_text()]


def test_validation_names_the_missing_settings_and_the_unset_variable(tmp_path, monkeypatch):
    monkeypatch.delenv("NOT_SET_ANYWHERE", raising=False)
    cfg = compose(["reward=judge", "reward.api_key_env=NOT_SET_ANYWHERE", "reward.rubric_file=/nonexistent.txt",
                   "reward.concurrency=0"]).reward
    found = rewards.problems(cfg)
    assert any(p.startswith("reward.base_url is not set") for p in found)
    assert any(p.startswith("reward.model is not set") for p in found)
    assert any("reward.api_key_env=NOT_SET_ANYWHERE: the environment variable NOT_SET_ANYWHERE is not set" in p
               for p in found)
    assert "reward.rubric_file=/nonexistent.txt is not a file" in found
    assert "reward.concurrency=0 must be >= 1" in found


def test_a_rubric_file_replaces_the_rubric(tmp_path):
    rubric = tmp_path / "rubric.txt"
    rubric.write_text("Only the word PINEAPPLE matters.\n")
    with JudgeStandin(length_score) as judge:
        grader(judge_cfg(judge.base_url, tmp_path, f"reward.rubric_file={rubric}"))(prompts=["p"], completions=["a"])
    assert "Only the word PINEAPPLE matters." in judge.requests[0]["messages"][-1]["content"]


def test_a_judge_component_of_a_composite_reads_its_params(tmp_path):
    cfg = compose(["reward=composite"]).reward
    cfg.components[1].kind = "judge"
    with JudgeStandin(length_score) as judge:
        cfg.components[1].params = {"base_url": judge.base_url, "model": "m", "cache_dir": str(tmp_path)}
        assert rewards.problems(cfg) == []
        graders = rewards.build(cfg)
        assert graders[1][1](prompts=["p"], completions=["abc"]) == [0.3]
    cfg.components[1].params = {"model": "m"}
    assert "reward.components[1].params.base_url is not set" in " ".join(rewards.problems(cfg))
