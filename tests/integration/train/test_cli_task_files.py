"""train.py on task files and user rewards: a bad line stops the run before the model loads; a multirun over the new
rewards; task=jsonl; a reward._target_ of the user's (moved from tests/unit)."""

from __future__ import annotations

import json
import os
import sys

import pytest

from helpers import ROOT, run_train


def _write(path, lines):
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines),
                    encoding="utf-8")
    return path


def _jobs(sweep_dir):
    jobs = []
    for job_dir in sorted(sweep_dir.iterdir()):
        if (job_dir / "manifest.json").is_file():
            jobs.append((job_dir, json.loads((job_dir / "manifest.json").read_text())))
    return jobs


def _trained_two_steps(job_dir, manifest):
    assert manifest["status"] == "completed", manifest.get("error")
    assert manifest["result"]["global_step"] == 2
    steps = [json.loads(line) for line in (job_dir / "metrics.jsonl").read_text().splitlines()]
    assert [s["step"] for s in steps] == [1, 2]
    assert all("loss" in s and "reward" in s for s in steps)
    return steps


REWARDS = ["composite", "format", "gsm8k", "length"]



def test_a_bad_line_fails_the_run_before_the_model_loads(tmp_path):
    path = _write(tmp_path / "user.jsonl", [{"prompt": "p?", "answer": "1"}, '{"prompt": "q?"}'])
    proc = run_train(["task=jsonl", f"task.path={path}", "model=tiny", "profile=smoke",
                      f"hydra.run.dir={tmp_path / 'run'}"], cwd=tmp_path, timeout=300)
    assert proc.returncode != 0
    assert f"{path}:2: missing field 'answer'" in proc.stdout + proc.stderr
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["status"] == "failed" and "model" not in manifest and "trainer" not in manifest



@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    """`python train.py -m reward=<each new option> task=gsm8k model=tiny profile=smoke`, and task=jsonl."""
    cwd = tmp_path_factory.mktemp("text_rewards")
    data = cwd / "user.jsonl"
    data.write_text("".join(json.dumps({"q": f"Say the number {i}.", "a": i, "ctx": f"number {i}"}) + "\n"
                            for i in range(12)))
    reward_sweep = run_train(["-m", f"reward={','.join(REWARDS)}", "task=gsm8k", "model=tiny", "profile=smoke",
                              "task.n_eval=4", "save_model=false", f"hydra.sweep.dir={cwd / 'rewards'}"], cwd=cwd)
    assert reward_sweep.returncode == 0, reward_sweep.stdout[-4000:] + reward_sweep.stderr[-4000:]
    jsonl_run = run_train(["task=jsonl", f"task.path={data}", "++task.field_map={prompt: q, answer: a, context: ctx}",
                           # eval.limit: 3 of the 4 held-out prompts evaluated, the training split unchanged
                           "task.n_train=8", "task.n_eval=4", "eval.limit=3",
                           "reward=gsm8k", "model=tiny", "profile=smoke",
                           # each prompt holds its answer ("Say the number 1."), so the echoed prompt is right: the
                           # pre-flight gaming audit (issue 26) flags prompt_echo on these rows
                           "reward.audit=false", "save_model=false", f"hydra.run.dir={cwd / 'jsonl'}"], cwd=cwd)
    assert jsonl_run.returncode == 0, jsonl_run.stdout[-4000:] + jsonl_run.stderr[-4000:]
    return {manifest["config"]["reward"]["name"]: (job_dir, manifest) for job_dir, manifest in
            _jobs(cwd / "rewards")}, (cwd / "jsonl", json.loads((cwd / "jsonl" / "manifest.json").read_text()))



def test_the_multirun_ran_one_job_per_new_reward(sweep):
    assert sorted(sweep[0]) == REWARDS



@pytest.mark.parametrize("reward", REWARDS)
def test_reward_option_trains_two_steps_on_tiny(sweep, reward):
    job_dir, manifest = sweep[0][reward]
    steps = _trained_two_steps(job_dir, manifest)
    columns = {"composite": ["gsm8k", "format"]}.get(reward, [reward])
    for name in columns:  # each grader is logged as its own reward column
        assert f"rewards/{name}/mean" in steps[0], sorted(steps[0])
    records = json.loads((job_dir / "eval_results.json").read_text())["records"]
    assert len(records) == 4 and all(r["answer"].lstrip("-").isdigit() for r in records)
    assert manifest["dataset"]["held_out"]["rows"] == 4



def test_jsonl_task_trains_two_steps_on_tiny(sweep):
    job_dir, manifest = sweep[1]
    _trained_two_steps(job_dir, manifest)
    assert manifest["dataset"]["train"]["rows"] == 8 and manifest["dataset"]["held_out"]["rows"] == 3
    assert len(json.loads((job_dir / "eval_results.json").read_text())["records"]) == 3
    train = [json.loads(line) for line in (job_dir / "data" / "train.jsonl").read_text().splitlines()]
    assert all(set(r) == {"prompt", "answer", "context"} for r in train)
    assert all(r["context"] == f"number {r['answer']}" for r in train)


USER_MODULE = '''
def short_answer(prompts, completions, **kwargs):
    return [1.0 if len(c[-1]["content"]) < 5 else 0.0 for c in completions]
'''


def test_user_reward_function_trains_through_target(tmp_path):
    (tmp_path / "my_rewards.py").write_text(USER_MODULE)
    run_dir = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    import subprocess

    # short_answer keeps the empty reply: the pre-flight gaming audit refuses it (issue 26), so skip it here
    proc = subprocess.run([sys.executable, str(ROOT / "train.py"), "reward._target_=my_rewards.short_answer",
                           "reward.audit=false", "model=tiny", "profile=smoke", "task.n_eval=4", "save_model=false",
                           f"hydra.run.dir={run_dir}"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    steps = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    assert "rewards/short_answer/mean" in steps[0]
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["config"]["reward"]["_target_"] == "my_rewards.short_answer"
