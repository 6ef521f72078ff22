"""task=verifiers and reward=verifiers on the environments of tests/helpers/vf_envs/, as a user configures them.

The rows, the held-out split, the rubric as a reward (alone, composed, audited), and every way a hostile
taskset or rubric could break a run: each is refused with a message naming task.env, or scores 0 for the one
completion it broke. No model is loaded.
"""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("verifiers.v1", reason="verifiers==0.4.0 is not installed (pip install -e '.[verifiers]')")

from helpers import compose, config_error  # noqa: E402

BASE = ["model=tiny", "task=verifiers", "reward=verifiers", "task.n_train=20", "task.n_eval=6"]
ADDITION = [*BASE, "task.env=helpers.vf_envs.addition"]


def _rows(overrides):
    from loopwright import tasks

    return tasks.build(compose(overrides).task)


def _reward(overrides):
    from loopwright import rewards

    return rewards.combined(rewards.build(compose(overrides).reward))


def _score(fn, rows, replies):
    """As TRL calls a reward: the prompts, the completions and every other column of the rows."""
    columns = {k: [r.get(k) for r in rows] for k in rows[0] if k != "prompt"}
    return fn(prompts=[r["prompt"] for r in rows], completions=[[{"role": "assistant", "content": c}] for c in replies],
              **columns)


def test_tasks_become_rows_with_a_disjoint_seeded_held_out_split():
    train, held = _rows(ADDITION)
    assert (len(train), len(held)) == (20, 6)
    prompts = [json.dumps(r["prompt"]) for r in train + held]
    assert len(set(prompts)) == 26  # no row repeats, none on both sides
    row = held[0]
    assert row["prompt"][-1]["role"] == "user" and row["prompt"][-1]["content"].startswith("What is ")
    assert json.loads(row["vf_task"])["answer"] == row["answer"]  # the TaskData whole, its fields as columns
    assert _rows(ADDITION) == (train, held)  # the same seed, the same rows


def test_eval_args_load_the_held_out_split_from_the_environment_itself():
    train, held = _rows([*ADDITION, "++task.params.eval_args={split: test}", "++task.params.args={system: Be brief.}"])
    assert {r["a"] % 2 for r in train} == {0} and {r["a"] % 2 for r in held} == {1}
    assert all(r["prompt"][0] == {"role": "system", "content": "Be brief."} for r in train + held)


def test_the_rubric_is_the_reward_and_its_weights_count():
    _, held = _rows(ADDITION)
    fn = _reward(ADDITION)
    right = _score(fn, held, [r["answer"] for r in held])
    assert right == [1.0] * len(held)  # `correct` pays 1; `short` is recorded with weight 0
    assert _score(fn, held, ["I think it is 1000, a long answer"] * len(held)) == [0.0] * len(held)


def test_the_rubric_composes_with_loopwrights_own_rewards():
    overrides = [*ADDITION, "reward=composite",
                 "+reward.components=[{kind: verifiers, weight: 1.0, params: {env: helpers.vf_envs.addition}},"
                 "{kind: arithmetic, weight: 1.0}]"]
    _, held = _rows(overrides)
    fn = _reward(overrides)  # arithmetic reads the `answer` column the task exposes; the rubric reads vf_task
    assert _score(fn, held[:2], [held[0]["answer"], "no"]) == [1.0, 0.0]


def test_validation_names_the_key_for_every_mistake():
    assert "task=verifiers needs task.env" in config_error(BASE, base=())
    assert "is only read by task=verifiers" in config_error(["task=arithmetic", "task.env=helpers.vf_envs.addition"])
    err = config_error([*BASE, "task.env=helpers.vf_envs.nowhere"], base=())
    assert "task.env=helpers.vf_envs.nowhere: cannot import" in err
    assert "must export its Taskset subclass via `__all__`" in config_error([*BASE, "task.env=helpers.environments"],
                                                                           base=())
    assert "task.params.args: AdditionConfig refuses it" in config_error([*ADDITION, "++task.params.args={nope: 1}"],
                                                                          base=())
    assert "reward.params.env is unset" in config_error(["task=arithmetic", "reward=verifiers"])
    assert "has no tools" in config_error([*ADDITION, "task.multi_turn=true"], base=())


def test_a_version_other_than_the_tested_one_is_refused_with_the_fix(monkeypatch):
    from loopwright.episodes import packages

    monkeypatch.setattr(packages, "installed", lambda dist: "0.3.1")
    err = config_error(ADDITION, base=())
    assert "task=verifiers needs verifiers==0.4.0" in err and "verifiers is 0.3.1" in err
    assert "pip install 'verifiers==0.4.0'" in err


@pytest.mark.parametrize("mode, says", [
    ("raising", "its taskset's load() raised OSError: the dataset server is down"),
    ("not_a_task", "its taskset's load() raised"),
    ("endless", "has only 1 distinct prompts"),
    ("image", "task 0: a prompt message carries images"),
    ("huge", "task 0: the task's data is 300,"),
    ("assistant_last", "the prompt ends with the assistant's message"),
    ("mixed", "a column must keep one type"),
])
def test_a_hostile_taskset_is_refused_naming_the_environment(mode, says):
    from loopwright.tasks.jsonl import TaskFileError

    start = time.monotonic()
    with pytest.raises(TaskFileError) as info:  # VerifiersError is a ValueError, as TaskFileError; both name the key
        _rows([*BASE, "task.env=helpers.vf_envs.hostile", f"++task.params.args={{mode: {mode}}}"])
    assert "task.env=helpers.vf_envs.hostile" in str(info.value) and says in str(info.value)
    assert time.monotonic() - start < 20  # the endless taskset is read to MAX_TASKS, not forever


def test_a_hostile_rubric_scores_zero_for_the_completion_it_broke_and_never_hangs_the_run():
    hostile = [*BASE, "task.env=helpers.vf_envs.hostile", "reward.params.timeout_s=0.5"]
    fn = _reward(hostile)
    rows = []
    for mode in ("rubric_raises", "rubric_nan", "rubric_hangs", ""):
        rows.append(_rows([*hostile, f"++task.params.args={{mode: {mode or 'plain'}}}"])[1][0])
    start = time.monotonic()
    scores = _score(fn, rows, [r["answer"] for r in rows])
    assert scores == [0.0, 0.0, 0.0, 1.0] and time.monotonic() - start < 10


def test_a_tampered_task_column_is_data_to_the_rubric_never_a_class_to_import():
    import sys

    _, held = _rows(ADDITION)
    fn = _reward(ADDITION)
    # keys naming classes are ignored (the environment's own TaskData type reads the column); a bad type or bad
    # JSON is that one completion's 0
    forged = dict(held[0], vf_task=json.dumps({"prompt": "x", "answer": held[0]["answer"],
                                               "__class__": "smtplib.SMTP", "cls": "smtplib:SMTP"}))
    wrong_type = dict(held[0], vf_task=json.dumps({"prompt": "x", "answer": {"$ref": "smtplib"}}))
    garbage = dict(held[0], vf_task="{not json")
    assert _score(fn, [forged, wrong_type, garbage], [held[0]["answer"]] * 3) == [1.0, 0.0, 0.0]
    assert "smtplib" not in sys.modules


def test_the_pre_flight_audit_refuses_a_gameable_rubric_as_it_refuses_loopwrights_own():
    from loopwright.train.reward_audit import GameableReward, check

    gameable = compose([*BASE, "task.env=helpers.vf_envs.hostile", "++task.params.args={mode: gameable}"])
    with pytest.raises(GameableReward) as info:
        check(gameable)
    assert "reward=verifiers" in str(info.value) and "empty" in str(info.value)
    assert check(compose(ADDITION))["passed"] is True


def test_the_shipped_smollm2_check_environment_splits_and_grades_as_documented(monkeypatch):
    """examples/envs/vf_addition, the environment of docs/EPISODES.md's SmolLM2 learning check."""
    from helpers import ROOT

    monkeypatch.syspath_prepend(str(ROOT / "examples" / "envs"))
    shipped = ["model=tiny", "task=verifiers", "task.env=vf_addition", "reward=verifiers"]
    train, held = _rows(shipped)
    assert (len(train), len(held)) == (60, 40)
    assert not {json.dumps(r["prompt"]) for r in train} & {json.dumps(r["prompt"]) for r in held}
    fn = _reward(shipped)
    echo = [r["prompt"][-1]["content"] for r in held[:3]]  # the question restated is not an answer
    assert _score(fn, held[:3], [f"{r['answer']}." for r in held[:3]]) == [1.0] * 3
    assert _score(fn, held[:3], echo) == [0.0] * 3
