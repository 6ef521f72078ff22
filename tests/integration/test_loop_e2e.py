"""The whole loop on the CPU: shipped logs -> ingest -> improve -> train (tiny) -> evaluate -> lineage -> chat.

Every step runs through its real command, exactly as docs/LOOP.md shows; the two
trainings are the commands improve wrote into next_steps.md, plus
``model=tiny profile=smoke``.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys

import pytest

from helpers import ROOT
from loopwright.evaluation.prompts import Assertion
from loopwright.runs.writer import sha256_file
from helpers.loop_apps import HELD_OUT, LANGCHAIN, NO_AUDIT, OPENAI, as_list, run_app, snapshot
from helpers.runs import manifest as _manifest

TINY = ["model=tiny", "profile=smoke"]


def _train(args: list[str], cwd) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(ROOT / "train.py"), *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _ingest_calls() -> list[list[str]]:
    return [["format=openai", f"input={as_list(OPENAI)}", "output=transcripts"],
            ["format=langchain", f"input={as_list(LANGCHAIN)}", "output=transcripts"]]


# NO_AUDIT: issue 26 item 4 (customer_support is gameable until rebuilt); improve's next steps carry it on
IMPROVE = ["transcripts=transcripts", "reward=customer_support", NO_AUDIT, "output=improved",
           f"eval_prompts={HELD_OUT}"]


@pytest.fixture(scope="module")
def loop(tmp_path_factory):
    cwd = tmp_path_factory.mktemp("loop")
    for args in _ingest_calls():
        assert run_app("loopwright.ingest", *args, cwd=cwd).returncode == 0
    proc = run_app("loopwright.improve", *IMPROVE, cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    blocks = re.findall(r"```bash\n(.*?)\n```", (cwd / "improved" / "next_steps.md").read_text(), flags=re.S)
    sft_cmd, grpo_cmd = (shlex.split(b)[2:] for b in blocks if b.startswith("python train.py"))  # the gate's last
    runs = {"sft": cwd / "runs" / "sft", "grpo": cwd / "runs" / "grpo"}
    procs = {"sft": _train([*sft_cmd, *TINY, f"hydra.run.dir={runs['sft']}"], cwd),
             # the gate asks for every assertion to pass: a 2-step tiny model cannot, so the job must fail
             "grpo": _train([*grpo_cmd, *TINY, "eval.fail_below=1.0", f"hydra.run.dir={runs['grpo']}"], cwd)}
    outputs = {name: p.communicate(timeout=900) for name, p in procs.items()}
    return {"cwd": cwd, "runs": runs, "codes": {n: p.returncode for n, p in procs.items()}, "outputs": outputs}


def test_sft_on_curated_rows_completes_and_records_its_lineage(loop):
    assert loop["codes"]["sft"] == 0, loop["outputs"]["sft"][1][-3000:]
    manifest = _manifest(loop["runs"]["sft"])
    assert manifest["status"] == "completed" and manifest["trainer"]["class"] == "SFTTrainer"
    curated = loop["cwd"] / "improved" / "curated.jsonl"
    lineage = manifest["lineage"]
    assert lineage["data"] == {"task": "curated", "kind": "curated", "path": str(curated),
                               "sha256": sha256_file(curated)}
    assert lineage["improve"]["dir"] == str(loop["cwd"] / "improved")
    assert lineage["improve"]["reward"] == "customer_support" and lineage["improve"]["turns"]["kept"] == 38
    assert lineage["improve"]["transcripts"]["path"] == str(loop["cwd"] / "transcripts" / "transcripts.jsonl")
    assert {r["path"]: r["sha256"] for r in lineage["improve"]["raw_logs"]} == \
        {str(p): sha256_file(p) for p in OPENAI + LANGCHAIN}
    assert lineage["eval_prompts"] == {"path": str(HELD_OUT), "sha256": sha256_file(HELD_OUT)}
    assert lineage["parent"]["model"] == "tiny" and lineage["parent"]["source"] == "random_init"
    train_rows = [json.loads(line) for line in (loop["runs"]["sft"] / "data" / "train.jsonl").open()]
    assert len(train_rows) == 38 and all(r["completion"][0]["role"] == "assistant" for r in train_rows)


def test_eval_results_hold_pass_fail_per_assertion_for_base_and_trained(loop):
    results = json.loads((loop["runs"]["sft"] / "eval_results.json").read_text())
    prompts = [json.loads(line) for line in HELD_OUT.open()]
    assert len(results["records"]) == len(prompts) == results["summary"]["n_prompts"]
    total = {"base": 0, "trained": 0}
    for record, prompt in zip(results["records"], prompts):
        assert record["id"] == prompt["id"]
        expected = [("expect", p) for p in prompt["expect"]] + [("forbid", p) for p in prompt["forbid"]]
        assert [(a["kind"], a["pattern"]) for a in record["assertions"]] == expected
        for check in record["assertions"]:
            for side in ("base", "trained"):
                reply = record[f"{side}_completion"]
                pattern = check["pattern"]
                found = (re.search(pattern[3:], reply) is not None) if pattern.startswith("re:") \
                    else pattern.lower() in reply.lower()
                assert check[f"{side}_pass"] == (found == (check["kind"] == "expect"))
                total[side] += check[f"{side}_pass"]
    a = results["summary"]["assertions"]
    assert (a["base_passed"], a["trained_passed"]) == (total["base"], total["trained"])
    assert a["total"] == sum(len(p["expect"]) + len(p["forbid"]) for p in prompts)
    assert results["summary"]["decoding"] == "greedy" and "floor" not in results["summary"]
    # the held-out rows got their reward columns from the order records, so the reward can grade them
    held = [json.loads(line) for line in (loop["runs"]["sft"] / "data" / "held_out.jsonl").open()]
    assert all(json.loads(r["facts_json"])["order_id"] in r["prompt"][0]["content"] for r in held)


def test_grpo_on_curated_prompts_fails_the_gate_but_keeps_every_artifact(loop):
    code, (_stdout, stderr) = loop["codes"]["grpo"], loop["outputs"]["grpo"]
    assert code == 4, stderr[-3000:]
    assert "below the floor: eval.fail_below: trained_assertion_pass_rate" in stderr
    run_dir = loop["runs"]["grpo"]
    manifest = _manifest(run_dir)
    assert manifest["status"] == "gate_failed" and manifest["trainer"]["class"] == "GRPOTrainer"
    floor = json.loads((run_dir / "eval_results.json").read_text())["summary"]["floor"]
    assert floor["passed"] is False and floor["value"] < 1.0 == floor["fail_below"]
    assert manifest["result"]["floor"] == floor
    assert (run_dir / "model" / "model.safetensors").is_file()
    steps = [json.loads(line) for line in (run_dir / "metrics.jsonl").open()]
    assert len(steps) == 2 and "rewards/customer_support/mean" in steps[0]  # graded with the curated columns


def test_lineage_prints_the_chain_back_to_the_raw_logs(loop):
    proc = subprocess.run([sys.executable, "-m", "loopwright.lineage", str(loop["runs"]["sft"])],
                          capture_output=True, text=True, timeout=60, cwd=loop["cwd"])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    chain = [f"run {loop['runs']['sft']}", f"data {loop['cwd'] / 'improved' / 'curated.jsonl'}",
             f"improve {loop['cwd'] / 'improved'}", f"transcripts {loop['cwd'] / 'transcripts' / 'transcripts.jsonl'}",
             f"ingest report {loop['cwd'] / 'transcripts' / 'ingest_report.json'}",
             *(f"raw log {p}" for p in sorted(OPENAI + LANGCHAIN))]
    positions = [next(i for i, line in enumerate(lines) if needle in line) for needle in chain]
    assert positions == sorted(positions), proc.stdout
    for needle in chain[1:]:
        assert next(line for line in lines if needle in line).endswith("[unchanged]")
    assert any(f"held-out prompts {HELD_OUT}" in line for line in lines)
    assert "assertions passed" in lines[-1]


def test_a_run_trained_from_a_run_lists_it_as_parent_down_to_the_raw_logs(loop, tmp_path):
    parent = loop["runs"]["sft"]
    child = tmp_path / "child"
    proc = subprocess.run([sys.executable, str(ROOT / "train.py"), *TINY, f"model.name_or_path={parent / 'model'}",
                           "model.lora.enabled=true", "model.lora.r=4", "objective=sft", "profile.max_steps=1",
                           "eval.enabled=false", f"hydra.run.dir={child}"],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    recorded = _manifest(child)["lineage"]["parent"]
    assert recorded["run_dir"] == str(parent) and recorded["adapter"] is False
    out = subprocess.run([sys.executable, "-m", "loopwright.lineage", str(child)], capture_output=True, text=True,
                         timeout=60).stdout
    lines = out.splitlines()
    assert lines[0].startswith(f"run {child}") and f"parent model: run {parent}" in lines[1]
    assert any(f"raw log {OPENAI[0]}" in line for line in lines)  # the parent's chain, nested under it
    assert "data: task=arithmetic" in out
    # the child saved a LoRA adapter on the parent's weights: chat loads it on that base
    assert (child / "model" / "adapter_config.json").is_file()
    chat = run_app("loopwright.chat", f"run={child}", "max_new_tokens=4", cwd=tmp_path, stdin="Hello\n")
    assert chat.returncode == 0, chat.stderr
    assert len((child / "chats" / "chats.jsonl").read_text().splitlines()) == 1


def test_chat_saves_conversations_that_ingest_accepts(loop, tmp_path):
    out = tmp_path / "chats.jsonl"
    proc = run_app("loopwright.chat", f"run={loop['runs']['sft']}", f"output={out}", "max_new_tokens=8",
                   cwd=tmp_path, stdin="Where is my order W1599145?\nThanks.\n/new\nHello\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("assistant> ") == 3
    saved = [json.loads(line) for line in out.open()]
    assert [[m["content"] for m in c["messages"] if m["role"] == "user"] for c in saved] == \
        [["Where is my order W1599145?", "Thanks."], ["Hello"]]
    proc = run_app("loopwright.ingest", f"input={out}", "format=openai", "output=chat_transcripts", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    transcripts = [json.loads(line) for line in (tmp_path / "chat_transcripts" / "transcripts.jsonl").open()]
    assert len(transcripts) == 2
    assert all(t["metadata"]["run"] == str(loop["runs"]["sft"]) for t in transcripts)
    assert [m["role"] for m in transcripts[0]["messages"]] == ["user", "assistant", "user", "assistant"]


def test_rerunning_ingest_and_improve_changes_nothing(loop):
    before = {d: snapshot(loop["cwd"] / d) for d in ("transcripts", "improved")}
    for args in _ingest_calls():
        assert run_app("loopwright.ingest", *args, cwd=loop["cwd"]).returncode == 0
    assert run_app("loopwright.improve", *IMPROVE, cwd=loop["cwd"]).returncode == 0
    assert {d: snapshot(loop["cwd"] / d) for d in before} == before


def test_lineage_flags_data_changed_since_the_run(loop):
    curated = loop["cwd"] / "improved" / "curated.jsonl"
    original = curated.read_bytes()
    try:
        curated.write_bytes(original + original.splitlines(keepends=True)[0])
        proc = subprocess.run([sys.executable, "-m", "loopwright.lineage", str(loop["runs"]["sft"])],
                              capture_output=True, text=True, timeout=60)
        data_line = next(line for line in proc.stdout.splitlines() if f"data {curated}" in line)
        assert data_line.endswith("[CHANGED since recorded]")
    finally:
        curated.write_bytes(original)


def test_assertion_patterns_substring_and_regex():
    assert Assertion("expect", "w1599145").passes("Order W1599145 has shipped")
    assert not Assertion("expect", "re:W\\d{8}").passes("Order W1599145")
    assert Assertion("forbid", "re:(?i)your fault").passes("Sorry for the delay")
    assert not Assertion("forbid", "YOUR FAULT").passes("that was your fault")
