"""File-backed tasks (gsm8k, jsonl): loading, field maps, file:line errors, disjoint seeded splits,
and every reward/task option added with them training for real on model=tiny."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from helpers import ROOT, compose
from loopwright import tasks
from loopwright.tasks import gsm8k as gsm8k_task
from loopwright.tasks import jsonl as jsonl_task
from loopwright.tasks.jsonl import TaskFileError
from loopwright.train.validate import problems_in


def _task(*overrides: str):
    return compose(["model=tiny", *overrides]).task


def _text(row):
    return json.dumps(row["prompt"], sort_keys=True)


def _write(path, lines):
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines),
                    encoding="utf-8")
    return path


@pytest.fixture
def qa_file(tmp_path):
    rows = [{"question": f"What is {i} plus {i}?", "label": str(2 * i), "context": f"ctx {i}", "score": i}
            for i in range(30)]
    return _write(tmp_path / "qa.jsonl", rows)


def _jsonl(path, *overrides):
    return _task("task=jsonl", f"task.path={path}", "task.n_train=20", "task.n_eval=5",
                 "++task.field_map={prompt: question, answer: label, extra_context: context, score: score}",
                 *overrides)


# -------------------------------------------------------------------- gsm8k

def test_shipped_gsm8k_set_loads_with_numeric_answers_and_solutions():
    cfg = _task("task=gsm8k")
    train, held_out = tasks.build(cfg)
    assert (len(train), len(held_out)) == (cfg.n_train, cfg.n_eval) == (200, 100)
    for row in train + held_out:
        system, user = row["prompt"]
        assert system == {"role": "system", "content": cfg.system_prompt}
        assert user["role"] == "user" and user["content"].endswith("?")
        assert row["solution"].endswith(f"#### {row['answer']}")
        assert int(row["answer"]) >= 0
    assert not {_text(r) for r in train} & {_text(r) for r in held_out}
    assert len({_text(r) for r in train + held_out}) == 300


def test_shipped_set_is_what_the_generator_writes(tmp_path):
    out = tmp_path / "regen.jsonl"
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_gsm8k_word_problems.py"), "--out", str(out)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes() == gsm8k_task.SHIPPED.read_bytes()
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 300 and len({r["question"] for r in lines}) == 300


def test_shipped_answers_are_right():
    # Every worked step "a op b = c" in the generated solutions is arithmetic that holds.
    for line in gsm8k_task.SHIPPED.read_text().splitlines():
        for a, op, b, c in re.findall(r"\$?(\d+) ([-+*/]) \$?(\d+) = \$?(\d+)", json.loads(line)["answer"]):
            assert eval(f"{a} {op} {b}") == int(c), line  # noqa: S307 - digits and one operator


def test_gsm8k_user_file_and_its_answer_formats(tmp_path):
    path = _write(tmp_path / "test.jsonl", [
        {"question": "Q1?", "answer": "Step.\n#### 1,234"},
        {"question": "Q2?", "answer": "#### 12.50"},
        {"question": "Q3?", "answer": "#### -3"},
        {"question": "Q1?", "answer": "a duplicate question is kept once\n#### 9"},
        "",
    ])
    train, held_out = tasks.build(_task("task=gsm8k", f"task.path={path}", "task.n_train=2", "task.n_eval=1",
                                        "task.system_prompt=null"))
    rows = sorted(train + held_out, key=_text)
    assert [(r["prompt"], r["answer"]) for r in rows] == [
        ([{"role": "user", "content": "Q1?"}], "1234"),
        ([{"role": "user", "content": "Q2?"}], "12.5"),
        ([{"role": "user", "content": "Q3?"}], "-3"),
    ]


@pytest.mark.parametrize("line,reason", [
    ("{not json", "invalid JSON"),
    ('["question", "answer"]', "expected a JSON object"),
    ('{"answer": "#### 1"}', "missing field 'question'"),
    ('{"question": "Q?"}', "missing field 'answer'"),
    ('{"question": 5, "answer": "#### 1"}', "field 'question' must be a non-empty string"),
    ('{"question": "Q?", "answer": "no final number"}', "must end with '#### <number>'"),
    ('{"question": "Q?", "answer": "#### many"}', "must end with '#### <number>'"),
])
def test_gsm8k_bad_line_names_file_and_line(tmp_path, line, reason):
    path = _write(tmp_path / "bad.jsonl", [{"question": "ok?", "answer": "#### 1"}, "", line])
    with pytest.raises(TaskFileError, match=f"{path}:3: .*{reason}"):
        tasks.build(_task("task=gsm8k", f"task.path={path}"))


def test_gsm8k_too_few_rows_names_the_keys_and_the_file(tmp_path):
    path = _write(tmp_path / "small.jsonl", [{"question": f"Q{i}?", "answer": f"#### {i}"} for i in range(10)])
    with pytest.raises(TaskFileError, match=rf"task.n_train \(8\) \+ task.n_eval \(4\) = 12 .*{path} has only 10"):
        tasks.build(_task("task=gsm8k", f"task.path={path}", "task.n_train=8", "task.n_eval=4"))


# -------------------------------------------------------------------- jsonl

def test_jsonl_field_map_extra_columns_and_system_prompt(qa_file):
    train, held_out = tasks.build(_jsonl(qa_file, "task.system_prompt=Be brief."))
    assert (len(train), len(held_out)) == (20, 5)
    for row in train + held_out:
        i = int(row["answer"]) // 2
        assert row == {"prompt": [{"role": "system", "content": "Be brief."},
                                  {"role": "user", "content": f"What is {i} plus {i}?"}],
                       "answer": str(2 * i), "extra_context": f"ctx {i}", "score": i}


def test_jsonl_splits_are_disjoint_deterministic_and_stable(qa_file):
    train, held_out = tasks.build(_jsonl(qa_file, "task.seed=3"))
    assert not {_text(r) for r in train} & {_text(r) for r in held_out}
    assert tasks.build(_jsonl(qa_file, "task.seed=3")) == (train, held_out)
    assert tasks.build(_jsonl(qa_file, "task.seed=4"))[1] != held_out
    # Growing n_train does not move rows between the splits.
    assert tasks.build(_jsonl(qa_file, "task.seed=3", "task.n_train=25"))[1] == held_out


def test_jsonl_dedupes_prompts_so_splits_stay_disjoint(tmp_path):
    lines = [{"prompt": f"p{i % 6}", "answer": str(i)} for i in range(60)]  # 6 distinct prompts, each 10 times
    path = _write(tmp_path / "dup.jsonl", lines)
    train, held_out = tasks.build(_task("task=jsonl", f"task.path={path}", "task.n_train=4", "task.n_eval=2"))
    assert len({_text(r) for r in train + held_out}) == 6
    assert {r["answer"] for r in train + held_out} == {"0", "1", "2", "3", "4", "5"}  # the first of each is kept
    with pytest.raises(TaskFileError, match="only 6 distinct prompts"):
        tasks.build(_task("task=jsonl", f"task.path={path}", "task.n_train=5", "task.n_eval=2"))


def test_jsonl_messages_prompts_and_column_types(tmp_path):
    path = _write(tmp_path / "chat.jsonl", [
        {"msgs": [{"role": "user", "content": f"hi {i}"}], "gold": i, "meta": {"k": [i]}, "tags": ["a", "b"],
         "w": 1 if i else 0.5, "maybe": None if i % 2 else "x"}
        for i in range(4)
    ] + [{"msgs": [{"role": "system", "content": "own"}, {"role": "user", "content": "hi 9"}], "gold": 9,
          "meta": {}, "tags": [], "w": 2, "maybe": "y"}])
    train, held_out = tasks.build(_task(
        "task=jsonl", f"task.path={path}", "task.n_train=3", "task.n_eval=2", "task.system_prompt=sys",
        "++task.field_map={messages: msgs, answer: gold, meta: meta, tags: tags, w: w, maybe: maybe}"))
    rows = {r["answer"]: r for r in train + held_out}
    assert rows["1"]["prompt"] == [{"role": "system", "content": "sys"}, {"role": "user", "content": "hi 1"}]
    assert rows["9"]["prompt"][0] == {"role": "system", "content": "own"}  # its own system message is kept
    assert rows["1"]["meta"] == '{"k": [1]}'  # objects travel as JSON strings
    assert rows["1"]["tags"] == ["a", "b"] and rows["9"]["tags"] == []
    assert {type(r["w"]) for r in rows.values()} == {float}  # ints and floats mix as floats
    assert rows["1"]["maybe"] is None and rows["0"]["maybe"] == "x"
    from datasets import Dataset  # the rows are Arrow-friendly

    assert len(Dataset.from_list(train + held_out)) == 5


@pytest.mark.parametrize("line,reason", [
    ("{oops", r"invalid JSON"),
    ("7", r"expected a JSON object, got int"),
    ('{"answer": "1"}', r"missing field 'question' \(task.field_map.prompt\)"),
    ('{"question": "q?"}', r"missing field 'label' \(task.field_map.answer\)"),
    ('{"question": "q?", "label": "1"}', r"missing field 'context' \(task.field_map.extra_context\)"),
    ('{"question": ["q?"], "label": "1", "context": "c", "score": 1}', r"'question' must be a non-empty string"),
    ('{"question": "  ", "label": "1", "context": "c", "score": 1}', r"'question' must be a non-empty string"),
    ('{"question": "q?", "label": {"a": 1}, "context": "c", "score": 1}', r"'label' must be a string or a number"),
    ('{"question": "q?", "label": true, "context": "c", "score": 1}', r"'label' must be a string or a number"),
    ('{"question": "q?", "label": "1", "context": 3, "score": 1}', r"column 'extra_context' is a number here but "
                                                                   r"a str on line 1"),
])
def test_jsonl_bad_line_names_file_line_and_reason(tmp_path, qa_file, line, reason):
    good = qa_file.read_text().splitlines()
    path = _write(tmp_path / "bad.jsonl", [*good[:5], line, *good[5:]])
    with pytest.raises(TaskFileError, match=rf"{re.escape(str(path))}:6: (field )?{reason}"):
        tasks.build(_jsonl(path))


@pytest.mark.parametrize("value,reason", [
    ('"hi"', "must be a non-empty list of chat messages"),
    ("[]", "must be a non-empty list of chat messages"),
    ('[{"role": "user"}]', r"'m'\[0\] must be an object with string 'role' and 'content'"),
    ('[{"role": "user", "content": "q"}, {"role": "assistant", "content": "a"}]', "ends with an assistant message"),
])
def test_jsonl_bad_messages(tmp_path, value, reason):
    path = _write(tmp_path / "m.jsonl", ['{"m": [{"role": "user", "content": "q"}], "answer": "1"}',
                                         f'{{"m": {value}, "answer": "1"}}'])
    with pytest.raises(TaskFileError, match=rf"{re.escape(str(path))}:2: field .*{reason}"):
        tasks.build(_task("task=jsonl", f"task.path={path}", "++task.field_map={messages: m}"))


def test_jsonl_binary_and_empty_files(tmp_path):
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b'{"prompt": "a", "answer": "1"}\n\xff\xfe\n')
    with pytest.raises(TaskFileError, match=rf"{binary}:2: not UTF-8"):
        tasks.build(_task("task=jsonl", f"task.path={binary}"))
    empty = _write(tmp_path / "empty.jsonl", ["", "  "])
    with pytest.raises(TaskFileError, match="has no rows"):
        tasks.build(_task("task=jsonl", f"task.path={empty}"))


def test_problems_report_path_and_field_map_before_anything_loads(tmp_path, qa_file):
    assert jsonl_task.problems(_jsonl(qa_file)) == []
    assert jsonl_task.problems(_task("task=jsonl")) == []  # unset: the builder says so (see below)
    assert jsonl_task.problems(_task()) == []  # not a file task
    assert jsonl_task.problems(_task("task=gsm8k")) == []
    missing = tmp_path / "nope.jsonl"
    assert jsonl_task.problems(_task("task=jsonl", f"task.path={missing}")) == [f"task.path={missing} does not exist"]
    assert jsonl_task.problems(_task("task=gsm8k", f"task.path={missing}")) == [f"task.path={missing} does not exist"]
    assert jsonl_task.problems(_task("task=jsonl", f"task.path={tmp_path}")) == [f"task.path={tmp_path} is not a file"]
    found = jsonl_task.problems(_task("task=jsonl", f"task.path={qa_file}",
                                      "++task.field_map={prompt: q, messages: m, completions: c}"))
    assert any("maps both 'prompt' and 'messages'" in p for p in found)
    assert any("['completions'] cannot be column names" in p for p in found)
    assert any("not used by task=gsm8k" in p
               for p in jsonl_task.problems(_task("task=gsm8k", "++task.field_map={prompt: q}")))
    with pytest.raises(TaskFileError, match="task=jsonl needs task.path"):
        tasks.build(_task("task=jsonl"))
    with pytest.raises(TaskFileError, match=rf"{missing}: cannot read the task file"):
        tasks.build(_task("task=jsonl", f"task.path={missing}"))


@pytest.mark.parametrize("option", ["gsm8k", "jsonl"])
def test_task_options_compose_and_validate(option):
    from omegaconf import OmegaConf

    cfg = compose([f"task={option}", "model=tiny"])
    assert cfg.task.name == option and problems_in(cfg) == []
    OmegaConf.to_container(cfg, resolve=True, throw_on_missing=True)


# ---------------------------------------- every new option, in real training


