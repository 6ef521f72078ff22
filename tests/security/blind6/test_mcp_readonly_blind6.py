"""blind6: a blind attack set against the read-only MCP server (``python -m loopwright.mcp`` without
--allow-launch). Each ``test_attack_fails[<name>]`` FAILS when its attack succeeded. See RESULTS.md.

Run once:  BLIND6_RECORD=1 PYTHONPATH=src python -m pytest -n 0 tests/security/blind6 -q
(BLIND6_RECORD=1 writes measurement.json)
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
import socket
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest

pytest.importorskip("mcp")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import blind6_world as W  # noqa: E402  (beside this file)

RECORD = os.environ.get("BLIND6_RECORD") == "1"
MEASUREMENT = HERE / "measurement.json"

# attacks known to succeed, each with a one-line reason; strict xfail
# The 5 that succeeded at the one measurement (on 5cdf6a5; RESULTS.md) were fixed after it (RESULTS.md,
# "After the measurement"); name -> what leaked, for any that a later change lets through again.
OPEN_LEAKS: dict[str, str] = {}


@dataclass
class Attack:
    name: str
    kind: str
    tool: str
    args: Any  # dict, or callable(world) -> dict
    forbid: tuple = ()  # strings (or callables(world) -> str) that must not appear in the reply
    race: Callable | None = None  # callable(world, stop_event) run in a thread during the call
    setup: Callable | None = None
    calls: int = 1  # repeat (races)
    marker_only: tuple = ()  # marker names this attack alone is judged on (cumulative)
    ignore_canaries: bool = False  # judged on time, death, markers, network and writes only


A: list[Attack] = []


def add(name, kind, tool, args, **kw):
    A.append(Attack(name, kind, tool, args, **kw))


X = "${oc.env:XQ7_VAL}"
P = "${oc.env:B6_INTERP_PROBE}"

# ---------------------------------------------------------------- interpolation (compose_config / plan_job / improve)
interp_overrides = {
    "env_plain": [f"+b6.x={X}"],
    "env_default": ["+b6.x=${oc.env:XQ7_VAL,dflt}"],
    "env_nested": ["+b6.x=${oc.env:${oc.env:B6_NAME_OF,XQ7_VAL}}"],
    "env_in_string": [f"+b6.x='prefix {X} suffix'"],
    "env_dquoted": [f'+b6.x="{X}"'],
    "env_in_list": [f"+b6.x=[1,{P}]"],
    "env_in_dict": [f"+b6.x={{a:{P}}}"],
    "env_in_key": [f"+b6.{P}=1"],
    "env_group_choice": [f"model={P}"],
    "env_sweep_item": [f"seed=1,{P}"],
    "env_choice_fn": [f"seed=choice(1,{P})"],
    "env_in_existing_key": [f"model.name={X}"],
    "env_secret_named_key": [f"+b6.hf_token={X}"],
    "decode": ["+b6.x=${oc.decode:'{a: ${oc.env:XQ7_VAL}}'}"],
    "create": ["+b6.x=${oc.create:${oc.env:B6_INTERP_PROBE}}"],
    "select": ["+b6.x=${oc.select:b6.y,${oc.env:B6_INTERP_PROBE}}"],
    "dict_keys": ["+b6.x=${oc.dict.keys:model}"],
    "hydra_resolver": ["+b6.x=${hydra:runtime.cwd}"],
    "now_resolver": ["+b6.x=b6now-${now:%Y}"],
    "self_reference": ["+b6.x=b6self-${model.name}"],
    "escaped_dollar": [r"+b6.x=\${oc.env:XQ7_VAL}"],
    "fullwidth_dollar": ["+b6.x=\uff04\uff5boc.env:XQ7_VAL\uff5d"],
    "spaced": ["+b6.x=${ oc.env:XQ7_VAL }"],
    "python_str_format": ["+b6.x={0.__class__.__mro__}"],
    "env_in_plan_runpod": ["provider=runpod", f"provider.gpu_type={P}"],
    "env_home": ["+b6.x=${oc.env:HOME}"],
    "env_via_experiment_group": [f"experiment={P}"],
    "env_nonascii_key": [f"+b6.\u0445={P}"],
}
for n, ov in interp_overrides.items():
    tool = "plan_job" if "plan" in n else "compose_config"
    forbid = ()
    if n == "self_reference":
        forbid = ("b6self-tiny", "b6self-")
    if n == "now_resolver":
        forbid = ("b6now-20",)
    if n == "hydra_resolver":
        forbid = (lambda w: f'"x": "{w.project}', )
    if n == "env_home":
        forbid = (lambda w: f'"x": "{w.home}',)
    if n == "dict_keys":
        forbid = ('"x": [',)
    if n == "python_str_format":
        forbid = ("<class",)
    add(f"interp_{n}", "interpolation", tool, {"overrides": ov, "multirun": "sweep" in n or "choice" in n},
        forbid=forbid)
add("interp_in_improve_overrides", "interpolation", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_i1"), "overrides": [f"+b6.x={X}"]})
add("interp_in_improve_task", "interpolation", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_i2"), "task": P})
add("interp_in_improve_reward", "interpolation", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_i3"), "reward": P})
add("interp_in_ingest_format", "interpolation", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.outputs / "tr_i1"), "format": P})
add("interp_in_ingest_output", "interpolation", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.outputs) + "/tr_${oc.env:XQ7_VAL}"})
add("interp_in_run_dir", "interpolation", "run_status",
    lambda w: {"run_dir": str(w.outputs) + "/runs/${oc.env:XQ7_VAL}"})
add("interp_in_metrics_keys", "interpolation", "run_metrics", lambda w: {"run_dir": str(w.ok_run), "keys": [X, P]})
add("interp_planted_in_run_files", "interpolation", "run_status", lambda w: {"run_dir": str(w.pickle_run)})
add("interp_planted_in_sweep_yaml", "interpolation", "sweep_report",
    lambda w: {"sweep_dir": str(w.sweeps["yaml_interp"])})
add("interp_planted_in_lineage", "interpolation", "lineage", lambda w: {"run_dir": str(w.lin_secret_path)})

# ---------------------------------------------------------- code execution: _target_, plugins, tags, pickles, templates
code_overrides = {
    "target_user_module": ["+b6._target_=evilmod.boom"],
    "target_os_system": ["+b6._target_=os.system", "+b6._args_=[touch /tmp/b6x]"],
    "target_in_value": ["+b6.x={_target_: evilmod.boom}"],
    "target_outside_module": ["+b6._target_=evil.boom"],
    "target_reward_fn": ["reward.fn=evilmod.boom"],
    "target_reward_target": ["+reward._target_=evilmod.boom"],
    "target_partial": ["+b6._partial_=true", "+b6._target_=evilmod.boom"],
    "callbacks": ["+hydra.callbacks.b6._target_=evilmod.Cb"],
    "searchpath_project_conf": ["hydra.searchpath=[file://conf]", "model=evil"],
    "searchpath_outside": [lambda w: f"hydra.searchpath=[file://{w.outside}/conf]", "model=outside"],
    "searchpath_pkg": ["hydra.searchpath=[pkg://evilmod]"],
    "project_conf_group": ["model=evil"],
    "trust_remote_code": ["model.trust_remote_code=true"],
    "chat_template_jinja": ["model.random_init.chat_template=templates/evil.jinja"],
    "chat_template_inline": ["model.random_init.chat_template='{{ cycler.__init__.__globals__."
                             "os.system(\"touch /tmp/b6j\") }}'"],
    "launcher_slurm": ["hydra/launcher=submitit_slurm"],
    "job_env_set": ["+hydra.job.env_set.PYTHONSTARTUP=evilmod.py"],
    "sweeper_dict": ["hydra/sweeper=loopwright", "+hydra.sweeper.params={seed: choice(1,2)}"],
    "setup_cmd": ["provider=runpod", "provider.setup_cmd=touch /tmp/b6setup"],
    "job_logging_file": ["hydra/job_logging=evil"],
    "reward_module_path": ["reward=../../project/evilmod"],
    "model_dotdot": ["model=tiny/../../../project/conf/model/evil"],
}
for n, ov in code_overrides.items():
    add(f"code_{n}", "code execution", "compose_config",
        (lambda ov: lambda w: {"overrides": [o(w) if callable(o) else o for o in ov]})(ov))
add("code_hydra_plugin_scan_from_project_cwd", "code execution", "compose_config",
    {"overrides": ["model=tiny", "hydra/sweeper=loopwright"], "multirun": True}, marker_only=("plugin_scan",))
add("code_plan_slurm", "code execution", "plan_job", {"overrides": ["provider=slurm"]})
add("code_plan_modal", "code execution", "plan_job", {"overrides": ["provider=modal"]})
add("code_plan_local_gpus", "code execution", "plan_job", {"overrides": ["provider=local_gpus"]})
add("code_pickles_in_run", "code execution", "lineage", lambda w: {"run_dir": str(w.pickle_run)})
add("code_yaml_tag_sweep", "code execution", "sweep_report", lambda w: {"sweep_dir": str(w.sweeps["yaml_tag"])})
add("code_yaml_new_sweep", "code execution", "sweep_report", lambda w: {"sweep_dir": str(w.sweeps["yaml_new"])})
add("code_improve_reward_evil", "code execution", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_c1"), "reward": "evil",
               "overrides": ["+reward._target_=evilmod.boom"]})
add("code_improve_overrides_searchpath", "code execution", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_c2"),
               "overrides": ["hydra.searchpath=[file://conf]", "+reward.fn=evilmod.boom"]})

# ---------------------------------------------------------------- network: hosts, proxies, endpoints
net_overrides = {
    "hub_model_id": ["model.source=hub", "model.name_or_path=b6owner/b6model"],
    "hub_model_url": [lambda w: f"model.name_or_path={w.attack_url}/model"],
    "judge_base_url": ["reward=judge", lambda w: f"reward.base_url={w.attack_url}"],
    "judge_key_env": ["reward=judge", "reward.api_key_env=OPENAI_API_KEY"],
    "rollout_vllm_url": ["rollout=vllm", lambda w: f"rollout.base_url={w.attack_url}"],
    "runpod_graphql": ["provider=runpod", lambda w: f"provider.graphql_url={w.attack_url}"],
    "s3_endpoint": ["provider=runpod", lambda w: f"provider.s3_endpoint={w.attack_url}"],
    "plus_url_key": [lambda w: f"+b6.webhook_url={w.attack_url}"],
    "plus_address": [lambda w: f"+b6.address={w.attack_url}"],
    "url_key_uppercase": [lambda w: f"+b6.Callback_URL={w.attack_url}"],
    "url_key_suffix_variant": [lambda w: f"+b6.urls=[{w.attack_url}]"],
    "url_in_dict_value": [lambda w: "+b6.x={host: '" + w.attack_url + "'}"],
    "wandb_logger": ["logger=wandb", lambda w: f"+logger.base_url={w.attack_url}"],
    "task_path_url": ["task=curated", lambda w: f"task.path={w.attack_url}/data.jsonl"],
    "eval_prompts_url": [lambda w: f"eval.prompts={w.attack_url}/p.jsonl"],
    "hf_dataset": ["task=curated", "task.path=hf://datasets/b6owner/b6data"],
    "calibration": ["reward=customer_support", "reward.calibration=prompts.jsonl"],
    "optuna_storage": ["hydra/sweeper=loopwright",
                       lambda w: "hydra.sweeper.storage=postgresql://u:p@127.0.0.1:"
                                 f"{w.url['attack'].rsplit(':', 1)[1]}/db"],
}
for n, ov in net_overrides.items():
    tool = "plan_job" if n.startswith(("runpod", "s3")) else "compose_config"
    add(f"net_{n}", "network", tool, (lambda ov: lambda w: {"overrides": [o(w) if callable(o) else o for o in ov]})(ov))
add("net_plan_runpod_with_key", "network", "plan_job", {"overrides": ["provider=runpod", "provider.max_cost=5"]})
add("net_improve_judge", "network", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_n1"), "reward": "judge",
               "overrides": [f"reward.base_url={w.attack_url}"]})
add("net_improve_eval_prompts_url", "network", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_n2"),
               "eval_prompts": w.attack_url + "/p"})
add("net_ingest_url_input", "network", "ingest",
    lambda w: {"inputs": [w.attack_url + "/log.jsonl"], "output": str(w.outputs / "tr_n1")})

# ---------------------------------------------------------------- paths outside the roots
def outside_paths(w):
    return {
        "absolute": str(w.outside / "run"),
        "dotdot": str(w.outputs / ".." / "outside" / "run"),
        "relative_dotdot": "../outside/run",
        "tilde": "~/../outside/run",
        "symlinked_dir": str(w.link_run),
        "project_link": "link_out/run",
        "file_url": f"file://{w.outside}/run",
        "proc_self": "/proc/self/cwd/../outside/run",
        "url_encoded": str(w.outputs) + "/%2e%2e/outside/run",
        "nul_byte": str(w.ok_run) + "\x00/../../../outside/run",
        "newline": str(w.ok_run) + "\n" + str(w.outside / "run"),
        "trailing_slashes": str(w.outside / "run") + "//.//",
        "long_20000": str(w.outputs) + "/" + "a/" * 9990,
    }


for tool in ("run_status", "run_metrics", "run_eval", "lineage"):
    for n in ("absolute", "dotdot", "relative_dotdot", "tilde", "symlinked_dir", "project_link", "file_url",
              "proc_self", "nul_byte", "newline"):
        if tool != "run_status" and n in ("tilde", "file_url", "proc_self", "newline"):
            continue
        add(f"path_{tool}_{n}", "paths", tool, (lambda n, tool: lambda w: {"run_dir": outside_paths(w)[n]})(n, tool))
for n in ("url_encoded", "trailing_slashes", "long_20000"):
    add(f"path_run_status_{n}", "paths", "run_status", (lambda n: lambda w: {"run_dir": outside_paths(w)[n]})(n))
add("path_run_status_proc_environ", "paths", "run_status", {"run_dir": "/proc/self"})
add("path_run_status_home", "paths", "run_status", lambda w: {"run_dir": str(w.home)})
add("path_sweep_outside", "paths", "sweep_report", lambda w: {"sweep_dir": str(w.outside)})
add("path_sweep_links", "paths", "sweep_report", lambda w: {"sweep_dir": str(w.sweeps["links"])})
add("path_link_metrics_file", "paths", "run_metrics", lambda w: {"run_dir": str(w.link_metrics)})
add("path_link_log_file", "paths", "run_status", lambda w: {"run_dir": str(w.link_metrics), "log_lines": 200})
add("path_hard_link_eval", "paths", "run_eval", lambda w: {"run_dir": str(w.hard_eval), "records": 5})
add("path_manifest_link", "paths", "run_status", lambda w: {"run_dir": str(w.manifest_link)})
add("path_fifo_and_dev_zero", "paths", "run_eval", lambda w: {"run_dir": str(w.fifo_run), "records": 1})
add("path_fifo_log", "paths", "run_status", lambda w: {"run_dir": str(w.fifo_run), "log_lines": 200})
add("path_fifo_metrics", "paths", "run_metrics", lambda w: {"run_dir": str(w.fifo_run)})
add("path_lineage_recorded_outside", "paths", "lineage", lambda w: {"run_dir": str(w.lin_outside)},
    forbid=(lambda w: w.secret_jsonl_sha, lambda w: w.secret_sha))
path_overrides = {
    "task_path_outside": ["task=curated", lambda w: f"task.path={w.outside}/secret.jsonl"],
    "task_path_link": ["task=curated", "task.path=link_secret.jsonl"],
    "task_path_hardlink": ["task=curated", "task.path=hard_secret.txt"],
    "task_path_fifo": ["task=curated", "task.path=fifo.jsonl"],
    "task_path_dotenv": ["task=curated", "task.path=.env"],
    "eval_prompts_dotenv": ["eval.prompts=.env"],
    "eval_prompts_credentials": ["eval.prompts=credentials.json"],
    "eval_prompts_idrsa": ["eval.prompts=id_rsa"],
    "eval_prompts_home_netrc": [lambda w: f"eval.prompts={w.home}/.netrc"],
    "task_path_file_url": ["task=curated", lambda w: f"task.path=file://{w.outside}/secret.jsonl"],
    "task_path_sqlite": ["task=curated", lambda w: f"task.path=sqlite:///{w.outside}/x.db"],
    "resume_outside": [lambda w: f"resume={w.outside}/run"],
    "path_in_sweep_item": ["task=curated", lambda w: f"task.path=prompts.jsonl,{w.outside}/secret.jsonl"],
    "path_in_list": [lambda w: f"+b6.files=[prompts.jsonl,{w.outside}/secret.txt]"],
    "path_in_dict": [lambda w: "+b6.files={a: '" + str(w.outside) + "/secret.txt'}"],
    "path_no_prefix_existing": ["task=curated", "task.path=link_out/secret.jsonl"],
    "path_proc_environ": ["task=curated", "task.path=/proc/self/environ"],
    "path_dev_stdin": ["eval.prompts=/dev/stdin"],
    "run_dir_override": ["hydra.run.dir=../outside/newrun"],
    "output_subdir": [lambda w: f"hydra.output_subdir={w.outside}"],
    "hf_cache_dir": [lambda w: f"+model.cache_dir={w.outside}"],
    "path_glob": ["task=curated", "task.path=glob(*)"],
}
for n, ov in path_overrides.items():
    add(f"path_compose_{n}", "paths", "compose_config",
        (lambda ov: lambda w: {"overrides": [o(w) if callable(o) else o for o in ov], "multirun": "sweep" in n})(ov))

# ------------------------------------------------------------- secrets the readers return, in forms a scrubber may miss
add("secret_log_encoded_forms", "secrets in files", "run_status",
    lambda w: {"run_dir": str(w.log_forms), "log_lines": 200})
add("secret_metrics_keys_numbers_hex", "secrets in files", "run_metrics",
    lambda w: {"run_dir": str(w.metrics_forms), "last": 0})
add("secret_metrics_selected_key", "secrets in files", "run_metrics",
    lambda w: {"run_dir": str(w.metrics_forms), "keys": ["note", "x", "hex", "reward"]})
add("secret_manifest_fields", "secrets in files", "run_status", lambda w: {"run_dir": str(w.manifest_forms)})
add("secret_manifest_lineage_tool", "secrets in files", "lineage", lambda w: {"run_dir": str(w.manifest_forms)})
add("secret_eval_records", "secrets in files", "run_eval", lambda w: {"run_dir": str(w.eval_forms), "records": 10})
add("secret_in_file_names", "secrets in files", "run_status", lambda w: {"run_dir": str(w.named_secret)})
add("secret_list_runs_all", "secrets in files", "list_runs", {"limit": 500})
add("secret_sweep_reports", "secrets in files", "sweep_report", lambda w: {"sweep_dir": str(w.sweeps["reports"])})
add("secret_sweep_yaml_error", "secrets in files", "sweep_report",
    lambda w: {"sweep_dir": str(w.sweeps["yaml_secret"])})
add("secret_sweep_yaml_flow_error", "secrets in files", "sweep_report",
    lambda w: {"sweep_dir": str(w.sweeps["yaml_err"])})
add("secret_sweep_yaml_utf16", "secrets in files", "sweep_report", lambda w: {"sweep_dir": str(w.sweeps["yaml_utf16"])})
add("secret_lineage_path_and_sha", "secrets in files", "lineage", lambda w: {"run_dir": str(w.lin_secret_path)})
ingest_inputs = {
    "malformed_lines": ["logs/malformed_secret.jsonl"],
    "utf16": ["logs/utf16.jsonl"],
    "bom_crlf": ["logs/bom.jsonl"],
    "nul_bytes": ["logs/nul.jsonl"],
    "bad_utf8": ["logs/badutf8.jsonl"],
    "overlong_line": ["logs/overlong.jsonl"],
    "numbers_and_keys": ["logs/number_secret.jsonl", "logs/keys_secret.jsonl"],
    "dotenv": [".env"],
    "credentials_json": ["credentials.json"],
    "id_rsa": ["id_rsa"],
    "secret_in_file_name_in_dir": ["logs/named"],
    "ctrl_name": ["logs/name\nwith\x1bctrl.jsonl"],
    "outside_abs": None,
    "link_file": ["link_secret.jsonl"],
    "hard_link": ["hard_secret.txt"],
    "fifo": ["fifo.jsonl"],
    "link_dir": ["link_out"],
    "home_netrc": None,
    "dev_zero": ["/dev/zero"],
    "proc_environ": ["/proc/self/environ"],
    "deep_json": ["logs/deep.json"],
    "many_files_dir": ["logs/many"],
    "items_500": ["logs/ok.jsonl"] * 500,
    "whole_project": ["."],
}
for n, inp in ingest_inputs.items():
    def args(w, n=n, inp=inp):
        if n == "outside_abs":
            inp = [str(w.outside / "secret.jsonl")]
        if n == "home_netrc":
            inp = [str(w.home / ".netrc")]
        return {"inputs": inp, "output": str(w.outputs / f"tr_{n}")}
    kind = "paths" if n in ("outside_abs", "link_file", "hard_link", "fifo", "link_dir", "home_netrc", "dev_zero",
                            "proc_environ", "whole_project") else "ingest inputs"
    add(f"ingest_{n}", kind, "ingest", args)

# ---------------------------------------------------------------- what ingest / improve write
add("write_ingest_output_outside", "writes", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.outside / "tr")})
add("write_ingest_output_project", "writes", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.project / "tr")})
add("write_ingest_output_dotdot", "writes", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.outputs) + "/../outside/tr2"})
add("write_ingest_output_dirlink", "writes", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.outputs / "out_dirlink" / "tr")})
add("write_ingest_output_file_links", "writes", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.outputs / "out_link_file")})
add("write_ingest_output_hard_link", "writes", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.outputs / "out_hard")})
add("write_ingest_output_is_outputs_root", "writes", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.outputs)})
add("write_ingest_output_is_a_run", "writes", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.ok_run)})
add("write_ingest_input_is_output", "writes", "ingest",
    lambda w: {"inputs": [str(w.benign_tr / "transcripts.jsonl")], "output": str(w.benign_tr)})
add("write_improve_output_outside", "writes", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outside / "imp")})
add("write_improve_output_links", "writes", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_link")})
add("write_improve_transcripts_outside", "writes", "improve",
    lambda w: {"transcripts": str(w.outside / "secret.jsonl"), "output": str(w.outputs / "imp_w3")})
add("write_improve_eval_prompts_secret", "writes", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_w4"), "eval_prompts": ".env"})
add("write_improve_eval_prompts_outside", "writes", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_w5"),
               "eval_prompts": str(w.home / ".netrc")})
add("write_improve_threshold_huge", "writes", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_w6"), "threshold": 1e308})
add("write_improve_hydra_run_dir", "writes", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_w7"),
               "overrides": [f"hydra.run.dir={w.outside}/hyd", "hydra.output_subdir=.h"]})
add("write_improve_output_in_override", "writes", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_w8"),
               "overrides": [f"output={w.outside}/imp8"]})
add("write_improve_job_chdir", "writes", "improve",
    lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_w9"),
               "overrides": ["hydra.job.chdir=true"]})
add("write_ingest_override_like_format", "writes", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.outputs / "tr_w10"),
               "format": f"openai output={w.outside}/tr10"})
add("write_ingest_input_override_injection", "writes", "ingest",
    lambda w: {"inputs": [f"logs/ok.jsonl] output={w.outside}/tr11 input=[logs/ok.jsonl"],
               "output": str(w.outputs / "tr_w11")})
add("write_improve_transcripts_override_injection", "writes", "improve",
    lambda w: {"transcripts": f"{w.benign_tr} output={w.outside}/imp12", "output": str(w.outputs / "imp_w12")})


# ---------------------------------------------------------------- races
def swap_link(path_fn, real_fn, evil_fn):
    def race(w, stop):
        p, real, evil = path_fn(w), real_fn(w), evil_fn(w)
        tmp = p.with_name(p.name + ".b6swap")
        while not stop.is_set():
            for target in (evil, real):
                with contextlib.suppress(OSError):
                    if tmp.is_symlink() or tmp.exists():
                        tmp.unlink() if not tmp.is_dir() or tmp.is_symlink() else shutil.rmtree(tmp)
                    tmp.symlink_to(target)
                    os.replace(tmp, p)
                time.sleep(0.0005)
    return race


def race_setup_file(name, fname, content):
    def setup(w):
        d = w.run_dir(name, None, **{fname: content})
        (d / (fname + ".real")).write_text(content)
    return setup


for fname, tool, content in (("metrics.jsonl", "run_metrics", '{"step": 1, "reward": 0.5}\n'),
                             ("train.log", "run_status", "line\n"),
                             ("eval_results.json", "run_eval", '{"summary": {}, "records": []}')):
    rn = f"race_{fname.split('.')[0]}"
    add(f"race_file_swap_{fname}", "races", tool,
        (lambda rn: lambda w: {"run_dir": str(w.outputs / "runs" / "2026-02-01" / rn),
                               **({"records": 1} if tool == "run_eval" else {})})(rn),
        setup=race_setup_file(rn, fname, content), calls=15,
        race=swap_link((lambda rn, f: lambda w: w.outputs / "runs" / "2026-02-01" / rn / f)(rn, fname),
                       (lambda rn, f: lambda w: w.outputs / "runs" / "2026-02-01" / rn / (f + ".real"))(rn, fname),
                       (lambda f: lambda w: w.outside / "run" / f)(fname)))


def race_dir_setup(w):
    if (w.outputs / "runs" / "2026-02-01" / "race_dir").is_symlink():
        return
    real = w.run_dir("race_dir_real", None, **{"metrics.jsonl": '{"step": 1}\n', "train.log": "x\n"})
    (w.outputs / "runs" / "2026-02-01" / "race_dir").symlink_to(real)


for tool in ("run_status", "run_metrics", "lineage"):
    add(f"race_dir_swap_{tool}", "races", tool,
        lambda w: {"run_dir": str(w.outputs / "runs" / "2026-02-01" / "race_dir")},
        setup=race_dir_setup, calls=15,
        race=swap_link(lambda w: w.outputs / "runs" / "2026-02-01" / "race_dir",
                       lambda w: w.outputs / "runs" / "2026-02-01" / "race_dir_real", lambda w: w.outside / "run"))


def race_output_dir(w, stop):
    d = w.outputs / "tr_race"
    while not stop.is_set():
        with contextlib.suppress(OSError):
            if d.is_symlink():
                d.unlink()
            elif d.exists():
                shutil.rmtree(d)
            d.symlink_to(w.outside)
        time.sleep(0.002)
        with contextlib.suppress(OSError):
            d.unlink()
        time.sleep(0.002)


add("race_ingest_output_dir_to_link", "races", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.outputs / "tr_race")}, race=race_output_dir, calls=3)


def race_written_files(w, stop):
    d = w.outputs / "tr_race2"
    while not stop.is_set():
        d.mkdir(exist_ok=True)
        for f in ("transcripts.jsonl", "ingest_report.json", "transcripts.jsonl.tmp"):
            p = d / f
            with contextlib.suppress(OSError):
                if not p.is_symlink():
                    if p.exists():
                        p.unlink()
                    p.symlink_to(w.outside / "victim.txt")
        time.sleep(0.001)


add("race_ingest_written_files_to_link", "races", "ingest",
    lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.outputs / "tr_race2")}, race=race_written_files, calls=3)


def race_input_swap(w, stop):
    p = w.project / "logs" / "race_in.jsonl"
    real = w.project / "logs" / "ok.jsonl"
    while not stop.is_set():
        for t in (w.outside / "secret.jsonl", real):
            with contextlib.suppress(OSError):
                tmp = p.with_name("race_in.tmp")
                if tmp.is_symlink():
                    tmp.unlink()
                tmp.symlink_to(t)
                os.replace(tmp, p)
            time.sleep(0.0005)


add("race_ingest_input_file_swap", "races", "ingest",
    lambda w: {"inputs": ["logs/race_in.jsonl"], "output": str(w.outputs / "tr_race3")},
    setup=lambda w: shutil.copy(w.project / "logs" / "ok.jsonl", w.project / "logs" / "race_in.jsonl"),
    race=race_input_swap, calls=4)

# ---------------------------------------------------------------- resource exhaustion / stalls
add("dos_range_huge", "exhaustion", "compose_config", {"overrides": ["seed=range(0,1000000000)"], "multirun": True})
add("dos_sweep_product", "exhaustion", "compose_config",
    {"overrides": ["seed=" + ",".join(map(str, range(100))),
                   "objective.learning_rate=" + ",".join(f"1e-{i}" for i in range(1, 101))],
     "multirun": True})
add("dos_items_501", "exhaustion", "compose_config", {"overrides": ["model=tiny"] * 501})
add("dos_string_20001", "exhaustion", "compose_config", {"overrides": ["+b6.x=" + "a" * 20001]})
add("dos_nested_brackets", "exhaustion", "compose_config", {"overrides": ["+b6.x=" + "[" * 9000 + "]" * 9000]})
add("dos_nested_dicts", "exhaustion", "compose_config", {"overrides": ["+b6.x=" + "{a:" * 4000 + "1" + "}" * 4000]})
add("dos_unbalanced_parens", "exhaustion", "compose_config", {"overrides": ["seed=choice(" * 3000]})
add("dos_many_keys_long", "exhaustion", "compose_config",
    {"overrides": [f"+b6.k{i}=" + "v" * 19000 for i in range(40)]})
add("dos_deep_dotted_key", "exhaustion", "compose_config", {"overrides": ["+" + ".".join(["a"] * 5000) + "=1"]})
add("dos_list_runs_big_dirs", "exhaustion", "list_runs", {"limit": 500}, ignore_canaries=True)
add("dos_sweep_many_jobs", "exhaustion", "sweep_report", lambda w: {"sweep_dir": str(w.sweeps["many"])})
add("dos_yaml_alias_bomb", "exhaustion", "sweep_report", lambda w: {"sweep_dir": str(w.sweeps["yaml_bomb"])})
add("dos_yaml_deep", "exhaustion", "sweep_report", lambda w: {"sweep_dir": str(w.sweeps["yaml_deep"])})
add("dos_lineage_loop", "exhaustion", "lineage", lambda w: {"run_dir": str(w.lin_loop)})
add("dos_lineage_chain_150", "exhaustion", "lineage", lambda w: {"run_dir": str(w.lin_chain)})
add("dos_metrics_last_huge", "exhaustion", "run_metrics", lambda w: {"run_dir": str(w.ok_run), "last": 10**18})
add("dos_metrics_500_keys", "exhaustion", "run_metrics",
    lambda w: {"run_dir": str(w.ok_run), "keys": [f"k{i}" * 50 for i in range(500)]})
add("dos_ctrl_chars_run_name", "exhaustion", "run_status", lambda w: {"run_dir": str(w.ctrl_name)})
add("dos_compose_all_sweepers", "exhaustion", "plan_job",
    {"overrides": ["sweep=" + ",".join(["a"] * 200), "seed=range(0,10000)"], "multirun": True})

# ---------------------------------------------------------------- list_options with hostile groups
for n, g in {"dotdot": "../../outside/conf/model", "abs": None, "interp": P, "hydra": "hydra/launcher",
             "hydra_plugins": "hydra_plugins", "nul": "model\x00../../outside", "long": "m" * 20001,
             "glob": "*", "pkg": "pkg://evilmod"}.items():
    add(f"list_options_group_{n}", "list_options", "list_options",
        (lambda g: lambda w: {"group": g if g is not None else str(w.outside / "conf" / "model")})(g))

ATTACKS = {a.name: a for a in A}
assert len(ATTACKS) == len(A), "duplicate attack names"


# ================================================================== the harness
@pytest.fixture(scope="module")
def env():
    world = W.World()
    server = W.Server(world)
    # the benign transcripts for the improve attacks (control-ingested once)
    r = server.call("ingest", {"inputs": ["logs/ok.jsonl"], "output": str(world.benign_tr)})
    world.benign_ingest = r
    world.startup_markers = world.markers_now()
    results: dict[str, dict] = {}
    yield world, server, results
    with contextlib.suppress(Exception):
        server.kill()
    for s, _ in world.catchers.values():
        s.close()
    if RECORD and results:
        _write(results)
    # removing ~7,000 planted entries takes 10+ s on a loaded disk: in the background, not in the test's time
    subprocess.Popen(["rm", "-rf", str(world.root)], start_new_session=True,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _write(results):
    old = {}
    if MEASUREMENT.exists():
        with contextlib.suppress(Exception):
            old = json.loads(MEASUREMENT.read_text())
    old.update(results)
    MEASUREMENT.write_text(json.dumps(old, indent=1, sort_keys=True))


def resolve_args(a: Attack, world):
    return a.args(world) if callable(a.args) else a.args


def judge(world, server, a: Attack) -> tuple[list[str], list, float]:
    """Run ``a``; the evidence that it succeeded (empty: it did not), the replies, the longest call."""
    evidence: list[str] = []
    if a.setup:
        a.setup(world)
    args = resolve_args(a, world)
    snap, marks, shims, caught = world.snapshot(), world.markers_now(), world.shim_lines(), world.catcher_counts()
    stop = threading.Event()
    thread = None
    if a.race:
        thread = threading.Thread(target=a.race, args=(world, stop), daemon=True)
        thread.start()
    replies = []
    try:
        for _ in range(a.calls):
            replies.append(server.call(a.tool, args))
            if replies[-1].exc is not None:
                break
    finally:
        stop.set()
        if thread:
            thread.join(10)
    time.sleep(0.05)
    longest = max(r.seconds for r in replies)
    for r in replies:
        if r.exc is not None:
            evidence.append(f"no reply after {r.seconds:.1f}s: {type(r.exc).__name__}: {str(r.exc)[:200]}")
        elif r.seconds > W.CALL_LIMIT_S:
            evidence.append(f"call took {r.seconds:.1f}s")
        hits = [] if a.ignore_canaries else W.find_canaries(r.text, r.data)
        if hits:
            evidence.append("canary in reply: " + ", ".join(sorted(set(hits))[:8]))
        for f in a.forbid:
            s = f(world) if callable(f) else f
            if s and s in W.haystack(r.text, r.data):
                evidence.append(f"forbidden string in reply: {s[:80]!r}")
    if not server.alive():
        evidence.append("server died")
    new_marks = world.markers_now() - marks
    if a.marker_only:
        hit = {m for m in world.markers_now() if m.startswith(a.marker_only)}
        if hit:
            evidence.append(f"marker: {sorted(hit)}")
    else:
        new_marks = {m for m in new_marks if not m.startswith("plugin_scan")}
    if new_marks:
        evidence.append(f"marker written: {sorted(new_marks)}")
    if world.shim_lines() > shims:
        evidence.append("shim ran: " + " | ".join(world.shim_log.read_text().splitlines()[shims:][:3]))
    for n, c in world.catcher_counts().items():
        got = world.catchers[n][1].since(caught[n])
        if got:
            evidence.append(f"bytes on the {n} catcher: {got[0][:120]!r}")
    after = world.snapshot()
    changed = sorted(set(snap) ^ set(after) | {p for p in snap if p in after and snap[p] != after[p]})
    # a race's own swap files are the test's
    changed = [p for p in changed if ".b6swap" not in p and "race_in" not in p]
    if changed:
        evidence.append(f"{len(changed)} paths created/changed/removed outside the outputs dir: {changed[:3]}")
    for s in ("/tmp/b6x", "/tmp/b6j", "/tmp/b6setup"):
        if os.path.exists(s):
            evidence.append(f"file {s} created")
            with contextlib.suppress(OSError):
                os.unlink(s)
    if not server.alive() or any(r.exc is not None for r in replies):
        server.restart()
    return evidence, replies, longest


def _params():
    out = []
    for a in A:
        marks = [pytest.mark.xfail(strict=True, reason=OPEN_LEAKS[a.name])] if a.name in OPEN_LEAKS else []
        out.append(pytest.param(a.name, marks=marks, id=a.name))
    return out


@pytest.mark.timeout(300)
@pytest.mark.parametrize("name", _params())
def test_attack_fails(env, name):
    world, server, results = env
    a = ATTACKS[name]
    evidence, replies, longest = judge(world, server, a)
    last = replies[-1]
    outcome = "succeeded" if evidence else ("refused" if any(r.refused for r in replies) else "replied")
    results[name] = {"kind": a.kind, "tool": a.tool, "outcome": outcome, "seconds": round(longest, 2),
                     "evidence": evidence, "reply": last.text[:300]}
    if RECORD:
        _write({name: results[name]})
    assert not evidence, f"attack {name} succeeded: {evidence}; reply: {last.text[:300]!r}"


# ================================================================== controls
BENIGN = [
    ("list_options", lambda w: {}, lambda r: "model" in r.data),
    ("list_options", lambda w: {"group": "model"}, lambda r: "tiny" in r.text),
    ("compose_config", lambda w: {"overrides": ["model=tiny", "profile=smoke"]}, lambda r: r.data["ok"] is True),
    ("compose_config", lambda w: {"overrides": ["model=tiny", "seed=1,2"], "multirun": True},
     lambda r: r.data["jobs"] == 2),
    ("plan_job", lambda w: {"overrides": ["model=tiny"]}, lambda r: r.data["ok"] is True),
    ("list_runs", lambda w: {"limit": 5}, lambda r: "runs" in r.data),
    ("run_status", lambda w: {"run_dir": str(w.ok_run)}, lambda r: r.data["status"] == "completed"),
    ("run_metrics", lambda w: {"run_dir": str(w.ok_run), "keys": ["reward"]}, lambda r: "0.5" in r.text),
    ("run_eval", lambda w: {"run_dir": str(w.ok_run), "records": 1}, lambda r: "0.2" in r.text),
    ("lineage", lambda w: {"run_dir": str(w.ok_run)}, lambda r: "tree" in r.data),
    ("sweep_report", lambda w: {"sweep_dir": str(w.ok_sweep)}, lambda r: "completed" in r.text),
    ("ingest", lambda w: {"inputs": ["logs/ok.jsonl"], "output": str(w.outputs / "tr_control")},
     lambda r: r.data["exit_code"] == 0),
    ("improve", lambda w: {"transcripts": str(w.benign_tr), "output": str(w.outputs / "imp_control"),
                           }, lambda r: r.data["exit_code"] in (0, 1, 2))
]


@pytest.mark.parametrize("i", range(len(BENIGN)), ids=[f"{t}{i}" for i, (t, _, _) in enumerate(BENIGN)])
def test_control_benign_call_succeeds(env, i):
    world, server, _ = env
    tool, args, check = BENIGN[i]
    snap = world.snapshot()
    r = server.call(tool, args(world))
    assert not r.is_error, r.text[:500]
    assert check(r), r.text[:500]
    assert r.seconds < W.CALL_LIMIT_S
    assert world.snapshot() == snap, "a benign call changed files outside the outputs dir"
    assert server.alive()


def test_control_launch_refused_and_instructions(env):
    world, server, _ = env
    r = server.call("launch", {"overrides": ["model=tiny"]})
    assert r.refused, r.text
    assert "disabled" in server.init.instructions.lower() or "launch" in server.init.instructions.lower()


def test_control_every_attack_set_is_big_enough():
    kinds: dict[str, int] = {}
    for a in A:
        kinds[a.kind] = kinds.get(a.kind, 0) + 1
    assert len(A) >= 120, kinds


def test_control_canary_detector_fires_on_every_form():
    import base64, urllib.parse  # noqa: E401
    for name, value in W.CANARIES.items():
        assert W.find_canaries(json.dumps({"x": f"..{value}.."})), name
        if len(value) < 8:
            continue
        b = value.encode()
        encoded = {
            "b64-0": base64.b64encode(b).decode(), "b64-1": base64.b64encode(b"a" + b).decode(),
            "b64-2": base64.b64encode(b"ab" + b).decode(), "urlsafe": base64.urlsafe_b64encode(b"q" + b).decode(),
            "hex": b.hex(), "HEX": b.hex().upper(), "url": urllib.parse.quote(value, safe=""),
            "reversed": value[::-1], "uesc": "".join(f"\\u{ord(c):04x}" for c in value),
            "nfkc": "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in value),
            "sep": " ".join(value[i:i + 3] for i in range(0, len(value), 3)),
        }
        if len(value) >= 20:
            encoded["half1"] = value[: len(value) // 2]
            encoded["half2"] = value[len(value) // 2:]
        for form, text in encoded.items():
            assert W.find_canaries(f"prefix {text} suffix"), (name, form)
            assert W.find_canaries(json.dumps({"a": [f"z{text}z"]})), (name, form)
        assert W.find_canaries("", {"k": int(value)} if value.isdigit() else {value: 1}), (name, "number/key")
    # and not on benign text
    assert not W.find_canaries(json.dumps({"model": "tiny", "ok": True, "problems": []}))


def test_control_other_detectors_fire(env):
    world, server, _ = env
    # catcher
    before = world.catcher_counts()
    for name, url in world.url.items():
        with socket.create_connection(("127.0.0.1", int(url.rsplit(":", 1)[1])), timeout=2) as s:
            s.sendall(b"GET /probe HTTP/1.1\r\n\r\n")
    time.sleep(0.3)
    assert all(world.catcher_counts()[n] > before[n] for n in before)
    # shim on the server's PATH
    shims = world.shim_lines()
    subprocess.run(["curl", "http://x"], env=world.env(), capture_output=True)
    assert world.shim_lines() == shims + 1
    # marker written by planted code
    marks = world.markers_now()
    subprocess.run([os.sys.executable, str(world.outside / "evil.py")], env=world.env(), capture_output=True)
    assert world.markers_now() - marks
    # a file created outside the outputs dir, and one inside it (not counted)
    snap = world.snapshot()
    (world.outputs / "inside.txt").write_text("x")
    assert world.snapshot() == snap
    (world.outside / "created.txt").write_text("x")
    assert world.snapshot() != snap
    (world.outside / "created.txt").unlink()
    # the forbidden-string and canary detectors inside judge(), on a planted reply-shaped file
    probe = Attack("ctl", "control", "run_status", lambda w: {"run_dir": str(w.ok_run)},
                     forbid=('"status": "completed"',))
    ev, _, _ = judge(world, server, probe)
    assert any("forbidden" in e for e in ev), ev
    # the judge sees a planted leak: a log tail holding a canary
    d = world.run_dir("ctl_leak", None, **{"train.log": W.FILE_CANARIES["outside_txt"] + "\n"})
    ev, _, _ = judge(world, server, Attack("ctl2", "control", "run_status", {"run_dir": str(d)}))
    assert any("canary" in e for e in ev), ev
    # stall: a limit far below any call's time counts as a stall, and the server is restarted
    r = server.call("list_options", {}, limit=0.001)
    assert r.exc is not None
    server.restart()
    assert server.alive()
    # death: killed by pid, seen dead, restarted
    server.kill()
    time.sleep(0.5)
    assert not server.alive()
    r = server.call("list_options", {"group": "model"})
    assert not r.is_error and server.alive()
    assert server.restarts >= 2


def test_control_benign_ingest_for_improve(env):
    world, _, _ = env
    r = world.benign_ingest
    assert not r.is_error and r.data["exit_code"] == 0, r.text[:500]
