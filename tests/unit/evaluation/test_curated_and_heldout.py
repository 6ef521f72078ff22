"""task=curated, eval.prompts files, the eval.fail_below gate, and the loop apps' --cfg job."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from omegaconf import OmegaConf

from helpers import ROOT, compose
from loopwright.evaluation import prompts as heldout
from loopwright.tasks import curated
from loopwright.tasks.jsonl import TaskFileError
from loopwright.train.validate import problems_in
from helpers.loop_apps import HELD_OUT
from helpers.imports import heavy_imports


def _row(i: int, prompt: str | None = None, **columns) -> dict:
    return {"id": f"turn-{i}", "prompt": [{"role": "system", "content": "s"},
                                          {"role": "user", "content": prompt or f"question {i}"}],
            "completion": [{"role": "assistant", "content": f"answer {i}"}], "columns": columns,
            "score": 0.9, "graders": {"g": 0.9}, "source": {"path": "log", "line": i, "turn": 2}}


def _write(path, rows) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return str(path)


def _task(path: str, **overrides):
    return compose(["task=curated", f"task.path={path}", *[f"task.{k}={v}" for k, v in overrides.items()]]).task


def test_curated_split_is_by_prompt_and_training_rows_cycle(tmp_path):
    rows = [_row(i, facts=f"f{i}") for i in range(6)] + [_row(6, prompt="question 0")]  # two replies to one prompt
    path = _write(tmp_path / "curated.jsonl", rows)
    train, held = curated.build(_task(path, n_eval=2, n_train=10))
    held_prompts = {json.dumps(r["prompt"]) for r in held}
    assert len(held) == 2 and all("completion" not in r for r in held)
    assert not held_prompts & {json.dumps(r["prompt"]) for r in train}
    assert len(train) == 10  # 5 (or 4) training rows, cycled
    assert all(set(r) == {"prompt", "completion", "facts"} for r in train)  # columns flattened, meta dropped
    again, _ = curated.build(_task(path, n_eval=2, n_train=10))
    assert again == train  # seeded


def test_curated_rows_with_problems_name_file_and_line(tmp_path):
    bad = [_row(0), {**_row(1), "completion": "just text"}]
    path = _write(tmp_path / "curated.jsonl", bad)
    with pytest.raises(TaskFileError, match=rf"{path}:2: field 'completion' must be a list of one assistant"):
        curated.build(_task(path, n_eval=0))
    path = _write(tmp_path / "c2.jsonl", [{**_row(0), "columns": {"completions": 1}}])
    with pytest.raises(TaskFileError, match=r"c2.jsonl:1: columns \['completions'\] clash"):
        curated.build(_task(path, n_eval=0))
    path = _write(tmp_path / "c3.jsonl", [_row(0)])
    with pytest.raises(TaskFileError, match=r"task.n_eval \(1\) leaves none of the 1 distinct curated prompts"):
        curated.build(_task(path, n_eval=1))


def test_held_out_file_gets_columns_from_the_task_lookup():
    task = compose(["task=curated", "task.params.columns_from=customer_support"]).task
    held = heldout.load(HELD_OUT, task)
    assert len(held.rows) == 14 and all(m is None for m in held.columns_missing)
    for row in held.rows:
        assert json.loads(row["facts_json"])["order_id"] == row["order_id"]
        assert row["order_id"] in row["prompt"][0]["content"]
    plain = heldout.load(HELD_OUT, compose(["task=curated"]).task)  # no lookup: the rows carry no columns
    assert set(plain.rows[0]) == {"prompt"}


def test_eval_limit_keeps_a_files_first_prompts_with_their_own_assertions(tmp_path):
    # eval.limit with eval.prompts: the checks and the prompt count cover the prompts evaluated, not the whole file
    path = tmp_path / "held.jsonl"
    path.write_text("".join(json.dumps({"prompt": f"q{i}", "id": f"p{i}", "expect": [f"a{i}"]}) + "\n"
                            for i in range(4)))
    first = heldout.load(path).first(2)
    assert [r["prompt"][0]["content"] for r in first.rows] == ["q0", "q1"] and first.ids == ["p0", "p1"]
    assert [[a.pattern for a in checks] for checks in first.assertions] == [["a0"], ["a1"]]
    results = {"records": [{"base_completion": "a0", "trained_completion": "a0"},
                           {"base_completion": "x", "trained_completion": "a1"}], "summary": {}}
    heldout.annotate(results, first)
    totals = results["summary"]["assertions"]
    assert totals["prompts"] == 2 and totals["total"] == 2 and totals["trained_pass_rate"] == 1.0


@pytest.mark.parametrize("line,words", [
    ({"prompt": "hi", "expects": ["x"]}, "unknown key(s) ['expects']"),
    ({"prompt": "hi", "messages": [{"role": "user", "content": "hi"}]}, "exactly one of 'prompt'"),
    ({"prompt": "hi", "expect": ["re:(unclosed"]}, "is not a valid regular expression"),
    ({"prompt": "hi", "forbid": [3]}, "'forbid' must be a non-empty string or a list of them"),
    ({"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "x"}]},
     "ends with an assistant"),
])
def test_bad_held_out_lines_name_file_line_and_key(tmp_path, line, words):
    path = tmp_path / "held.jsonl"
    path.write_text(json.dumps({"prompt": "fine"}) + "\n" + json.dumps(line) + "\n")
    with pytest.raises(TaskFileError) as info:
        heldout.load(path)
    assert f"{path}:2:" in str(info.value) and words in str(info.value)


def test_gate_reads_the_assertion_pass_rate_else_the_accuracy():
    summary = {"trained_accuracy": 0.5, "assertions": {"trained_pass_rate": 0.75}}
    heldout.apply_fail_below(summary, 0.8)
    assert summary["floor"] == {"metric": "trained_assertion_pass_rate", "value": 0.75, "fail_below": 0.8,
                               "passed": False}
    with pytest.raises(heldout.BelowFloor, match="0.750 is below 0.8"):
        heldout.raise_if_below_floor(summary)
    no_assertions = {"trained_accuracy": 0.5}
    heldout.apply_fail_below(no_assertions, 0.5)
    assert no_assertions["floor"]["metric"] == "trained_accuracy" and no_assertions["floor"]["passed"]
    heldout.raise_if_below_floor(no_assertions)
    untouched = {"trained_accuracy": 0.0}
    heldout.apply_fail_below(untouched, None)
    assert "floor" not in untouched


def test_validation_of_eval_prompts_fail_below_and_the_curated_path(tmp_path):
    assert problems_in(compose(["task.n_eval=0", f"eval.prompts={HELD_OUT}"])) == []
    found = problems_in(compose(["task.n_eval=0"]))
    assert any("task.n_eval=0 must be >= 1 while eval.enabled=true (or give eval.prompts=...)" in p for p in found)
    found = problems_in(compose([f"eval.prompts={tmp_path}/nope.jsonl", "eval.fail_below=1.5"]))
    assert f"eval.prompts={tmp_path}/nope.jsonl does not exist" in found
    assert any("eval.fail_below=1.5 must be in [0, 1]" in p for p in found)
    found = problems_in(compose([f"eval.prompts={HELD_OUT}", "eval.enabled=false", "eval.fail_below=0.5"]))
    assert any("eval.enabled=false" in p and "eval.prompts" in p for p in found)
    assert any(p.startswith("eval.fail_below needs eval.enabled=true") for p in found)
    assert problems_in(compose(["task=curated", "task.path=/no/such/curated.jsonl"])) == \
        ["task.path=/no/such/curated.jsonl does not exist"]


@pytest.mark.parametrize("module,args,key", [
    ("loopwright.ingest", ["input=a.jsonl", "output=t"], "strict"),
    ("loopwright.improve", ["transcripts=t", "output=o", "reward=tool_calling"], "threshold"),
    ("loopwright.chat", ["run=r"], "max_new_tokens"),
])
def test_loop_apps_print_their_config_without_importing_torch(module, args, key):
    probe = heavy_imports(module=module, args=["--cfg", "job", *args], watch=("torch", "transformers", "trl"), cwd=ROOT)
    assert probe.exit_code == 0, probe.stderr
    assert probe.heavy == []
    cfg = OmegaConf.create(probe.stdout)
    assert key in cfg
    if module == "loopwright.improve":
        assert cfg.reward.name == "tool_calling" and cfg.task.name == "customer_support"


def test_a_typo_in_a_loop_app_fails_at_composition(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "loopwright.ingest", "input=a", "output=b", "strictt=true"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert proc.returncode == 1 and "strictt" in proc.stderr
