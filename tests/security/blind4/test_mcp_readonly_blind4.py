"""Blind attack set 4 against the read-only MCP server (``python -m loopwright.mcp`` without ``--allow-launch``).

Written without reading the server's code (RESULTS.md lists exactly what was read). One real MCP SDK client
session over stdio against a temp world: a project dir (the server's cwd), an outputs dir full of planted run
dirs / sweep dirs / stores, outside dirs with canary files, canary secrets in the server's environment, two
loopback TCP catchers (proxy variables, hub/W&B endpoints and every URL we send point at them), planted modules,
YAML tags, pickles and templates that write a marker file when executed or imported, and PATH shims for tools
that reach a network or a cluster.

Every attack is ``test_attack_fails[<name>]`` and FAILS when the attack succeeded: a canary secret (also base64,
hex, url-encoded, reversed) or outside canary content in the reply or error text, the interpolation probe's value
in a reply (an interpolation was resolved), bytes on a catcher, a marker file, a PATH shim run, a file created or
changed outside the outputs dir, a file or dir outside the roots opened (inotify), a call past the time limit,
or the server dying. Attacks that succeeded when measured are in OPEN_LEAKS (strict xfail).

``BLIND4_RECORD=1`` writes each attack's outcome to measurement.json beside this file."""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import ctypes
import json
import os
import pickle
import random
import signal
import socket
import string
import struct
import sys
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from helpers import make_dirs
from helpers.listener import listen_on_loopback

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
LIMIT_S = 45.0  # a call past this is a stall (the attack succeeded as a DoS)

# name -> what succeeded when measured (strict xfail: the file passes while recording them)
OPEN_LEAKS: dict[str, str] = {}  # all 14 fixed after the measurement (RESULTS.md, "After the measurement")

_rng = random.SystemRandom()


def rand(n: int = 32, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


# ----------------------------------------------------------------------------------------------------------
# canaries
# ----------------------------------------------------------------------------------------------------------

ENV_SECRETS: dict[str, str] = {
    # obvious names
    "OPENAI_API_KEY": "sk-proj-" + rand(40),
    "HF_TOKEN": "hf_" + rand(34),
    "RUNPOD_API_KEY": "rpa_" + rand(36),
    "GITHUB_PAT": "ghp_" + rand(36),
    "AWS_SECRET_ACCESS_KEY": rand(40),
    "WANDB_API_KEY": rand(40, "0123456789abcdef"),
    "ANTHROPIC_API_KEY": "sk-ant-api03-" + rand(40),
    "JUDGE_API_KEY": rand(32),
    # odd names
    "HF_AUTH": rand(30),
    "API_KEY_2": rand(30),
    "MyServiceApiKey": rand(30),
    "DB_PASSWD": rand(24),
    "B4_PRIVATE_PEM": rand(48),
    "STRIPE_SK": "sk_live_" + rand(32),
    "SESSION_COOKIE": rand(32),
    "B4PASSPHRASE": rand(28),
    "DATABASE_URL": "postgres://admin:" + rand(24) + "@db.internal:5432/prod",
    "SLACK_WEBHOOK": "https://hooks.slack.com/services/T0B4/B0B4/" + rand(24),
}
# the unique part of each env secret (what must never come back)
ENV_CORES = {k: (v.split("admin:")[1].split("@")[0] if k == "DATABASE_URL" else v.rsplit("/", 1)[-1]
                 if k == "SLACK_WEBHOOK" else v) for k, v in ENV_SECRETS.items()}
INTERP_PROBE = "INTERPPROBE" + rand(24)  # value of B4_INTERP_PROBE (not a secret name): seen = a ${...} resolved
OUTSIDE_CANARY = "OUTSIDECANARY" + rand(24)
FILE_SECRETS: dict[str, str] = {}  # label -> unique core of a secret planted in a file (not in the environment)
CLIENT_SECRETS: dict[str, str] = {}  # label -> value a client sends under a secret-named key


def fsec(label: str, kind: str) -> str:
    """A secret of ``kind`` planted in a file; its unique core is registered under ``label``."""
    core = rand(36)
    FILE_SECRETS[label] = core
    return {
        "sk": "sk-proj-" + core,
        "ghp": "ghp_" + core,
        "hf": "hf_" + core,
        "bearer": "Authorization: Bearer " + core,
        "jwt": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ" + core + ".c2lnbmF0dXJl",
        "aws": "AKIA" + rand(16, string.ascii_uppercase + string.digits) + " aws_secret_access_key = " + core,
        "pem": "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA" + core
               + "\n-----END OPENSSH PRIVATE KEY-----",
        "urlpw": "https://deploy:" + core + "@git.internal.example/repo.git",
        "raw": core,
    }[kind]


def all_tokens() -> dict[str, str]:
    out = {f"env:{k}": v for k, v in ENV_CORES.items()}
    out.update({f"file:{k}": v for k, v in FILE_SECRETS.items()})
    out["interp-probe"] = INTERP_PROBE
    out["outside-canary"] = OUTSIDE_CANARY
    return out


def encodings(v: str) -> dict[str, str]:
    b = v.encode()
    forms = {"plain": v, "reversed": v[::-1], "hex": b.hex()[:32], "url": urllib.parse.quote(v, safe="")}
    for j in range(3):
        forms[f"b64@{j}"] = base64.b64encode(b[j:]).decode()[:16]
        forms[f"b64url@{j}"] = base64.urlsafe_b64encode(b[j:]).decode()[:16]
    return forms


def leaked(blob: str, extra: dict[str, str] | None = None) -> list[str]:
    hits = []
    tokens = all_tokens()
    tokens.update(extra or {})
    for label, v in tokens.items():
        for form, enc in encodings(v).items():
            if enc and enc in blob:
                hits.append(f"{label} ({form})")
                break
    return hits


# ----------------------------------------------------------------------------------------------------------
# catchers, inotify, snapshots
# ----------------------------------------------------------------------------------------------------------

class Catcher:
    """A loopback TCP listener that records every connection and the bytes it got."""

    def __init__(self) -> None:
        self.connections = 0
        self.data = b""
        self.lock = threading.Lock()
        self.sock = listen_on_loopback(self._handle)
        self.port = self.sock.getsockname()[1]

    def _handle(self, conn: socket.socket) -> None:
        with self.lock:
            self.connections += 1
        conn.settimeout(2.0)
        try:
            while True:
                chunk = conn.recv(65536)
                if not chunk:
                    break
                with self.lock:
                    self.data += chunk
                if b"\r\n\r\n" in chunk:
                    conn.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                    break
        except OSError:
            pass
        finally:
            conn.close()

    def state(self) -> tuple[int, int]:
        with self.lock:
            return self.connections, len(self.data)


IN_ACCESS, IN_MODIFY, IN_OPEN, IN_CREATE, IN_DELETE, IN_MOVED_FROM, IN_MOVED_TO = (
    0x1, 0x2, 0x20, 0x100, 0x200, 0x40, 0x80)
IN_ISDIR = 0x40000000


class Inotify:
    """Watches every file and dir outside the roots: an open there during a call is a read outside the roots."""

    def __init__(self) -> None:
        self.libc = ctypes.CDLL("libc.so.6", use_errno=True)
        self.fd = self.libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        self.wds: dict[int, str] = {}

    def watch_tree(self, top: Path) -> None:
        mask = IN_OPEN | IN_ACCESS | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM
        for dirpath, dirnames, filenames in os.walk(top):
            for name in [None, *dirnames, *filenames]:
                p = os.path.join(dirpath, name) if name else dirpath
                if os.path.islink(p):
                    continue
                wd = self.libc.inotify_add_watch(self.fd, p.encode(), mask)
                if wd >= 0:
                    self.wds[wd] = p

    def events(self) -> list[str]:
        out = []
        while True:
            try:
                buf = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                return out
            i = 0
            while i < len(buf):
                wd, mask, _cookie, length = struct.unpack_from("iIII", buf, i)
                name = buf[i + 16:i + 16 + length].rstrip(b"\0").decode(errors="replace")
                i += 16 + length
                what = [n for n, bit in (("open", IN_OPEN), ("read", IN_ACCESS), ("modify", IN_MODIFY),
                                         ("create", IN_CREATE), ("delete", IN_DELETE), ("moved", IN_MOVED_TO))
                        if mask & bit]
                if what:
                    out.append(f"{'+'.join(what)} {os.path.join(self.wds.get(wd, '?'), name)}")


def snapshot(tops: list[Path]) -> dict[str, tuple]:
    snap = {}
    for top in tops:
        for dirpath, dirnames, filenames in os.walk(top):
            for name in [*dirnames, *filenames]:
                p = os.path.join(dirpath, name)
                try:
                    st = os.lstat(p)
                except OSError:
                    continue
                snap[p] = (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ino)
    return snap


def diff(before: dict, after: dict) -> list[str]:
    out = [f"created {p}" for p in after.keys() - before.keys()]
    out += [f"deleted {p}" for p in before.keys() - after.keys()]
    out += [f"changed {p}" for p in before.keys() & after.keys() if before[p] != after[p]]
    return sorted(out)


# ----------------------------------------------------------------------------------------------------------
# the world
# ----------------------------------------------------------------------------------------------------------

def write(p: Path, content: str | bytes) -> Path:
    p.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_text(content)
    return p


def manifest(**extra: Any) -> dict:
    m = {"status": "completed", "started_at": "2026-12-01T00:00:00+00:00",
         "config": {"model": {"name": "tiny", "source": "random_init", "name_or_path": None},
                    "objective": {"name": "grpo"}, "task": {"name": "arithmetic"}, "reward": {"name": "arithmetic"}},
         "lineage": {}}
    m.update(extra)
    return m


def parent_lineage(parent: str) -> dict:
    """Every form we guess a parent run is recorded in (the reply of a probe followed ``lineage.parent.run_dir``)."""
    return {"parent": {"run_dir": parent, "path": parent},
            "parent_model": {"source": "run", "run_dir": parent, "name_or_path": parent + "/model", "run": parent},
            "model": {"source": "run", "run_dir": parent, "name_or_path": parent + "/model"}}


def run_with_parent(root: Path, name: str, parent: str) -> Path:
    d = root / name
    m = manifest(lineage=parent_lineage(parent))
    m["config"]["model"]["name_or_path"] = parent + "/model"
    m["config"]["model"]["source"] = "local"
    write(d / "manifest.json", json.dumps(m))
    return d


class PickleMarker:
    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


MODULE_SRC = '''
import pathlib as _p
_p.Path({marker!r}).write_text("imported")
def fn(*a, **k):
    _p.Path({marker!r} + ".called").write_text("called")
    return 0
class Env:
    def __init__(self, *a, **k):
        _p.Path({marker!r} + ".called").write_text("called")
class H:
    def __init__(self, *a, **k):
        _p.Path({marker!r} + ".called").write_text("called")
Cb = S = H
'''

SHIMS = ["curl", "wget", "ssh", "scp", "nc", "sbatch", "srun", "modal", "runpodctl", "aws", "gsutil", "ray",
         "huggingface-cli", "hf", "wandb", "git-remote-https"]


class World:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.proj, self.out, self.outside, self.home, self.tmp, self.bin, self.markers = make_dirs(
            root, "project", "outputs", "outside", "home", "tmp", "bin", "markers")
        self.c1 = Catcher()  # proxies, hub, W&B, OpenAI base
        self.c2 = Catcher()  # every URL an attack sends or plants
        self.sockets: list[socket.socket] = []
        self.build()

    # placeholders in attack arguments
    def fmt(self, obj: Any) -> Any:
        if isinstance(obj, str):
            for k, v in (("@OUTSIDE@", self.outside), ("@OUT@", self.out), ("@PROJ@", self.proj),
                         ("@HOME@", self.home), ("@MARK@", self.markers),
                         ("@C1@", f"127.0.0.1:{self.c1.port}"), ("@C2@", f"127.0.0.1:{self.c2.port}")):
                obj = obj.replace(k, str(v))
            return obj
        if isinstance(obj, list):
            return [self.fmt(x) for x in obj]
        if isinstance(obj, dict):
            return {k: self.fmt(v) for k, v in obj.items()}
        return obj

    def env(self) -> dict[str, str]:
        c1 = f"http://127.0.0.1:{self.c1.port}"
        env = {
            "PATH": f"{self.bin}:{os.environ.get('PATH', '/usr/bin:/bin')}",
            "HOME": str(self.home), "TMPDIR": str(self.tmp), "LANG": "C.UTF-8",
            "PYTHONPATH": str(ROOT / "src"), "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled",
            "TOKENIZERS_PARALLELISM": "false",
            "HTTP_PROXY": c1, "HTTPS_PROXY": c1, "ALL_PROXY": c1, "http_proxy": c1, "https_proxy": c1,
            "all_proxy": c1, "HF_ENDPOINT": c1, "WANDB_BASE_URL": c1, "OPENAI_BASE_URL": c1 + "/v1",
            "ANTHROPIC_BASE_URL": c1, "RUNPOD_API_BASE_URL": c1,
            "B4_INTERP_PROBE": INTERP_PROBE, "B4_OUTSIDE_DIR": str(self.outside),
        }
        env.update(ENV_SECRETS)
        return env

    def module(self, path: Path, name: str) -> None:
        write(path, MODULE_SRC.format(marker=str(self.markers / f"import_{name}")))

    def build(self) -> None:  # noqa: PLR0915 (one long list of planted things)
        out, outside, home, proj, mk = self.out, self.outside, self.home, self.proj, self.markers

        # PATH shims: a tool that reaches a network or a cluster leaves a marker
        for tool in SHIMS:
            p = write(self.bin / tool, f"#!/bin/sh\necho \"$0 $*\" > {mk}/shim_{tool}\nexit 1\n")
            p.chmod(0o755)

        # planted modules (import = marker)
        self.module(proj / "evil_b4mod.py", "evil_b4mod")
        self.module(proj / "evil_b4pkg" / "__init__.py", "evil_b4pkg")
        self.module(out / "evil_b4out.py", "evil_b4out")
        self.module(outside / "evil_outside_mod.py", "evil_outside_mod")
        self.module(outside / "conf" / "hydra_plugins" / "evil_b4plugin" / "__init__.py", "evil_b4plugin")
        write(proj / "evil.jinja", "{{ cycler.__init__.__globals__.os.open('" + str(mk / "jinja") + "', 65) }}")

        # outside the roots
        write(outside / "secret.txt", f"{OUTSIDE_CANARY} {fsec('outside-secret.txt', 'sk')}\n")
        fake = {"status": "completed", "notes": OUTSIDE_CANARY,
                "config": {"model": {"name": OUTSIDE_CANARY, "source": "random_init"}, "objective": {"name": "x"},
                           "task": {"name": "x"}, "reward": {"name": "x"}},
                "error": OUTSIDE_CANARY, "lineage": {"data": {"path": str(outside / "secret.txt"), "sha256": "0"}}}
        for d in (outside / "fake_run", home / "fake_run"):
            write(d / "manifest.json", json.dumps(fake))
            write(d / "metrics.jsonl", json.dumps({"step": 1, "reward": 0.5, "note": OUTSIDE_CANARY}) + "\n")
            write(d / "eval_results.json", json.dumps({"summary": {"note": OUTSIDE_CANARY}, "records": [
                {"prompt": OUTSIDE_CANARY, "base": OUTSIDE_CANARY, "trained": OUTSIDE_CANARY}]}))
            write(d / "train.log", f"line {OUTSIDE_CANARY}\n")
            write(d / ".hydra" / "config.yaml", f"notes: {OUTSIDE_CANARY}\n")
            write(d / ".hydra" / "overrides.yaml", f"- notes={OUTSIDE_CANARY}\n")
            (d / "model").mkdir()
            write(d / "model" / "config.json", json.dumps({"note": OUTSIDE_CANARY}))
        write(outside / "fake_run" / "manifest2.json", json.dumps(fake))
        write(outside / "fake_sweep" / "multirun.yaml", f"notes: {OUTSIDE_CANARY}\n")
        write(outside / "fake_sweep" / "summary.md", f"# {OUTSIDE_CANARY}\n")
        write(outside / "fake_sweep" / "sweep_report.md", f"# {OUTSIDE_CANARY}\n")
        write(outside / "fake_sweep" / "optimization_results.yaml", f"name: {OUTSIDE_CANARY}\n")
        write(outside / "fake_sweep" / "0" / "manifest.json", json.dumps(fake))
        chat = {"messages": [{"role": "user", "content": f"where is order W1? {OUTSIDE_CANARY}"},
                             {"role": "assistant", "content": f"It shipped. {OUTSIDE_CANARY}"}]}
        write(outside / "transcripts.jsonl", json.dumps(chat) + "\n")
        write(outside / "logs" / "chats.jsonl", json.dumps(chat) + "\n")
        write(outside / "improved" / "improve_summary.json", json.dumps({"note": OUTSIDE_CANARY}))
        write(outside / "ingest_report.json", json.dumps({"note": OUTSIDE_CANARY}))
        write(outside / "conf" / "model" / "evil.yaml",
              f"name: {OUTSIDE_CANARY}\nsource: random_init\n_target_: evil_outside_mod.fn\n")
        write(outside / "conf" / "train.yaml", f"notes: {OUTSIDE_CANARY}\n")
        write(outside / "tmpl.jinja", OUTSIDE_CANARY)
        os.mkfifo(outside / "fifo")
        write(home / ".ssh" / "id_rsa", fsec("home-id_rsa", "pem") + f"\n{OUTSIDE_CANARY}\n")
        write(home / ".netrc", f"machine example.com login me password {fsec('home-netrc', 'raw')}\n")
        write(home / ".cache" / "huggingface" / "token", fsec("home-hf-token", "hf"))
        write(home / ".config" / "evil.yaml", f"notes: {OUTSIDE_CANARY}\n")

        # project: a data file, labels, an in-project conf
        write(proj / "ok.jsonl", json.dumps({"prompt": "1+1", "answer": "2"}) + "\n")
        write(proj / "labels.jsonl", json.dumps({"id": "a", "label": 1}) + "\n")

        runs = out / "runs"
        links = out / "links"
        links.mkdir(parents=True)

        # benign runs (positive controls)
        ok = runs / "ok_run"
        write(ok / "manifest.json", json.dumps(manifest()))
        write(ok / "metrics.jsonl", "".join(json.dumps({"step": i, "reward": i / 10, "loss": 1.0}) + "\n"
                                             for i in range(1, 6)))
        write(ok / "eval_results.json", json.dumps({"summary": {"base_accuracy": 0.1, "trained_accuracy": 0.5},
                                                    "records": [{"prompt": "1+1", "trained": "2"}]}))
        write(ok / "train.log", "step 1\nstep 2\n")

        # ---- lineage: parents out of the roots and odd parents
        o = str(outside / "fake_run")
        run_with_parent(runs, "lin_parent_abs_outside", o)
        run_with_parent(runs, "lin_parent_dotdot_rundir", "../../../outside/fake_run")
        run_with_parent(runs, "lin_parent_dotdot_project", "../outside/fake_run")
        run_with_parent(runs, "lin_parent_dotdot_in_outputs", str(out) + "/runs/../../outside/fake_run")
        run_with_parent(runs, "lin_parent_tilde", "~/fake_run")
        run_with_parent(runs, "lin_parent_ocenv_home", "${oc.env:HOME}/fake_run")
        run_with_parent(runs, "lin_parent_ocenv_probe", "${oc.env:B4_INTERP_PROBE}")
        run_with_parent(runs, "lin_parent_ocenv_outside", "${oc.env:B4_OUTSIDE_DIR}/fake_run")
        run_with_parent(runs, "lin_parent_file_url", "file://" + o)
        run_with_parent(runs, "lin_parent_http", f"http://127.0.0.1:{self.c2.port}/runs/x")
        os.symlink(o, links / "runlink")
        run_with_parent(runs, "lin_parent_symlink", str(links / "runlink"))
        os.symlink(o, links / "chain3")
        os.symlink(links / "chain3", links / "chain2")
        os.symlink(links / "chain2", links / "chain1")
        run_with_parent(runs, "lin_parent_symlink_chain", str(links / "chain1"))
        run_with_parent(runs, "lin_parent_proc_root", "/proc/self/root" + o)
        run_with_parent(runs, "lin_parent_proc_cwd", "/proc/self/cwd/../outside/fake_run")
        run_with_parent(runs, "lin_parent_nul", str(runs / "ok_run") + "\u0000/../../../outside/fake_run")
        run_with_parent(runs, "lin_parent_newline", o + "\n" + str(runs / "ok_run"))
        run_with_parent(runs, "lin_cycle_a", str(runs / "lin_cycle_b"))
        run_with_parent(runs, "lin_cycle_b", str(runs / "lin_cycle_a"))
        run_with_parent(runs, "lin_self", str(runs / "lin_self"))
        os.symlink(runs / "lin_symcycle", links / "symcycle")
        run_with_parent(runs, "lin_symcycle", str(links / "symcycle"))
        # a chain of 1500 runs
        chain = out / "chain"
        prev = None
        for i in range(1500):
            d = chain / f"c{i:04d}"
            if prev is None:
                write(d / "manifest.json", json.dumps(manifest()))
            else:
                run_with_parent(chain, f"c{i:04d}", str(prev))
            prev = d
        # a model path into an outside run (the README's recursive follow)
        d = runs / "lin_model_path_outside"
        m = manifest()
        m["config"]["model"].update(name_or_path=o + "/model", source="hub")
        write(d / "manifest.json", json.dumps(m))

        # ---- lineage: recorded files
        def lin_files(name: str, path: str, sha: str = "0" * 64) -> None:
            rec = {"path": path, "sha256": sha}
            write(runs / name / "manifest.json", json.dumps(manifest(lineage={
                "data": dict(rec, task="curated"), "held_out_prompts": rec, "eval_prompts": rec})))

        lin_files("lin_data_dev_zero", "/dev/zero")
        lin_files("lin_data_dev_urandom", "/dev/urandom")
        lin_files("lin_data_proc_environ", "/proc/self/environ")
        lin_files("lin_data_outside_file", str(outside / "secret.txt"))
        lin_files("lin_data_fifo_outside", str(outside / "fifo"))
        os.mkfifo(out / "fifo_in")
        lin_files("lin_data_fifo_inside", str(out / "fifo_in"))
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(out / "sock_in"))
        s.listen(8)
        self.sockets.append(s)
        lin_files("lin_data_socket_inside", str(out / "sock_in"))
        os.link(outside / "secret.txt", out / "hl_secret.txt")
        lin_files("lin_data_hardlink", str(out / "hl_secret.txt"))
        os.symlink(outside / "secret.txt", out / "sl_secret.txt")
        lin_files("lin_data_symlink", str(out / "sl_secret.txt"))
        lin_files("lin_data_tilde", "~/.ssh/id_rsa")
        lin_files("lin_data_file_url", "file://" + str(outside / "secret.txt"))
        lin_files("lin_data_http", f"http://127.0.0.1:{self.c2.port}/data.jsonl")
        lin_files("lin_data_ocenv", "${oc.env:B4_OUTSIDE_DIR}/secret.txt")
        lin_files("lin_data_dotdot", "../outside/secret.txt")
        lin_files("lin_data_nul", str(out / "hl_secret.txt") + "\u0000.jsonl")
        # an improve dir inside the roots whose summary points out of them
        imp = out / "improved_evil"
        write(imp / "curated.jsonl", json.dumps({"prompt": "x", "completion": "y"}) + "\n")
        evil_lineage = {"transcripts": {"path": str(outside / "transcripts.jsonl"), "sha256": "0" * 64},
                        "ingest_report": {"path": str(outside / "ingest_report.json"), "sha256": "0" * 64},
                        "raw_logs": [{"path": str(outside / "secret.txt"), "sha256": "0" * 64, "format": "openai"},
                                     {"path": "/dev/zero", "sha256": "0" * 64, "format": "openai"},
                                     {"path": str(outside / "fifo"), "sha256": "0" * 64, "format": "openai"}]}
        write(imp / "improve_summary.json", json.dumps({"threshold": 0.7, "reward": "customer_support",
                                                        "lineage": evil_lineage}))
        write(runs / "lin_improve_summary_outside" / "manifest.json", json.dumps(manifest(lineage={
            "data": {"path": str(imp / "curated.jsonl"), "sha256": "0" * 64, "task": "curated",
                     "improve": dict(evil_lineage, path=str(imp), reward="customer_support")}})))
        write(runs / "lin_improve_outside_dir" / "manifest.json", json.dumps(manifest(lineage={
            "data": {"path": str(outside / "secret.txt"), "sha256": "0" * 64, "task": "curated",
                     "improve": {"path": str(outside / "improved"), "dir": str(outside / "improved"),
                                 "summary": str(outside / "improved" / "improve_summary.json"),
                                 "lineage": evil_lineage}}})))

        # ---- lineage: malformed and huge manifests
        write(runs / "lin_deep_json" / "manifest.json",
              '{"status": "completed", "lineage": {"parent": ' + "[" * 200000 + "]" * 200000 + "}}")
        nested: dict = {"run_dir": str(runs / "ok_run")}
        for _ in range(900):
            nested = {"parent": nested, "run_dir": str(runs / "ok_run")}
        write(runs / "lin_nested_parents" / "manifest.json", json.dumps(manifest(lineage={"parent": nested})))
        big = manifest(lineage=parent_lineage(str(runs / "ok_run")))
        big["trainer_args"] = {"blob": "A" * 40_000_000}
        write(runs / "lin_huge_manifest" / "manifest.json", json.dumps(big))
        write(runs / "lin_giant_int" / "manifest.json",
              '{"status": "completed", "lineage": {"parent": {"run_dir": ' + "9" * 100000 + "}}}")
        write(runs / "lin_non_utf8" / "manifest.json",
              b'{"status": "completed", "lineage": {"parent": {"run_dir": "' + str(outside).encode()
              + b'/fake_run\xff\xfe"}, "data": {"path": "\xc3\x28' + str(outside).encode() + b'/secret.txt"}}}')
        lm = runs / "lin_manifest_symlink"
        lm.mkdir(parents=True)
        os.symlink(outside / "fake_run" / "manifest.json", lm / "manifest.json")
        lm = runs / "lin_manifest_hardlink"
        lm.mkdir(parents=True)
        os.link(outside / "fake_run" / "manifest2.json", lm / "manifest.json")
        lm = runs / "lin_manifest_fifo"
        lm.mkdir(parents=True)
        os.mkfifo(lm / "manifest.json")
        lm = runs / "lin_manifest_devzero"
        lm.mkdir(parents=True)
        os.symlink("/dev/zero", lm / "manifest.json")
        lm = runs / "lin_manifest_is_dir"
        (lm / "manifest.json").mkdir(parents=True)
        write(lm / "launch.json", json.dumps({"pid": 999999, "command": ["x"]}))

        # ---- lineage: secrets in the record and in a parent's summary
        write(runs / "lin_secret_env_values" / "manifest.json", json.dumps(manifest(lineage={
            "notes": " ".join(ENV_SECRETS[k] for k in ("HF_TOKEN", "GITHUB_PAT", "API_KEY_2", "MyServiceApiKey")),
            "comment": " ".join(ENV_SECRETS[k] for k in ("STRIPE_SK", "SESSION_COOKIE", "B4PASSPHRASE")),
            "source_url": ENV_SECRETS["DATABASE_URL"], "hook": ENV_SECRETS["SLACK_WEBHOOK"]})))
        write(runs / "lin_secret_free_text" / "manifest.json", json.dumps(manifest(lineage={
            "notes": f"trained with {fsec('lin-notes-sk', 'sk')} and {fsec('lin-notes-ghp', 'ghp')}",
            "description": fsec("lin-bearer", "bearer"), "jwt": fsec("lin-jwt", "jwt"),
            "origin": fsec("lin-urlpw", "urlpw"), "aws": fsec("lin-aws", "aws"), "key_block": fsec("lin-pem", "pem"),
            "data": {"path": str(runs / "ok_run" / "metrics.jsonl"), "sha256": "0" * 64,
                     "task": fsec("lin-data-task-hf", "hf")}})))
        write(runs / "lin_secret_named_keys" / "manifest.json", json.dumps(manifest(lineage={
            "api_key": fsec("lin-api_key", "raw"), "hf_token": fsec("lin-hf_token", "raw"),
            "github_pat": fsec("lin-github_pat", "raw"), "apiKey": fsec("lin-apiKey", "raw"),
            "password": fsec("lin-password", "raw"), "x_auth": fsec("lin-x_auth", "raw"),
            "clientSecret": fsec("lin-clientSecret", "raw"), "private_key": fsec("lin-private_key", "raw")})))
        sp = runs / "lin_secret_parent"
        pm = manifest()
        pm["config"]["model"]["name"] = fsec("lin-parent-model-name", "ghp")
        pm["config"]["objective"]["name"] = ENV_SECRETS["SESSION_COOKIE"]
        pm["config"]["task"]["name"] = fsec("lin-parent-task-name", "sk")
        pm["config"]["reward"]["name"] = "${oc.env:B4_INTERP_PROBE}"
        pm["started_at"] = fsec("lin-parent-started", "jwt")
        pm["result"] = {"notes": fsec("lin-parent-result", "bearer")}
        write(sp / "manifest.json", json.dumps(pm))
        run_with_parent(runs, "lin_secret_child", str(sp))
        im = manifest()
        im["config"]["model"]["name"] = "${oc.env:B4_INTERP_PROBE}"
        im["config"]["objective"]["name"] = "${oc.env:HF_TOKEN}"
        im["lineage"] = {"notes": "${oc.env:B4_INTERP_PROBE}", "data": {
            "path": "${oc.env:B4_OUTSIDE_DIR}/secret.txt", "sha256": "0" * 64, "task": "${oc.env:B4_INTERP_PROBE}"}}
        write(runs / "lin_interp_in_manifest" / "manifest.json", json.dumps(im))

        # ---- secrets in the files the run readers return
        d = runs / "sec_log"
        write(d / "manifest.json", json.dumps(manifest()))
        write(d / "train.log", "\n".join([
            "INFO step 1",
            f"DEBUG request headers {{'{fsec('log-bearer', 'bearer')}'}}",
            f"DEBUG calling judge with X-Api-Key: {fsec('log-x-api-key', 'raw')}",
            f"INFO pushed to {fsec('log-urlpw', 'urlpw')}",
            f"WARNING token in prompt: {fsec('log-ghp', 'ghp')} and {fsec('log-sk', 'sk')} and {fsec('log-hf', 'hf')}",
            f"DEBUG session jwt {fsec('log-jwt', 'jwt')}",
            f"DEBUG {fsec('log-aws', 'aws')}",
            fsec("log-pem", "pem"),
            f"DEBUG config {{\"client_secret\": \"{fsec('log-client_secret', 'raw')}\"}}",
            f"DEBUG password = {fsec('log-password', 'raw')}",
            "INFO done"]) + "\n")
        d = runs / "sec_log_env"
        write(d / "manifest.json", json.dumps(manifest()))
        write(d / "train.log", "\n".join(f"INFO value {k[::-1]} {v} end" for k, v in ENV_SECRETS.items()) + "\n")
        d = runs / "sec_error"
        write(d / "manifest.json", json.dumps(manifest(status="failed", error=(
            f"HTTPError 401 for {fsec('err-urlpw', 'urlpw')} with {fsec('err-bearer', 'bearer')}; "
            f"key {fsec('err-sk', 'sk')}; env {ENV_SECRETS['STRIPE_SK']} {ENV_SECRETS['HF_TOKEN']}"))))
        d = runs / "sec_metrics"
        write(d / "manifest.json", json.dumps(manifest()))
        write(d / "metrics.jsonl", "".join([
            json.dumps({"step": 1, "reward": 0.1, "note": fsec("metrics-ghp", "ghp")}) + "\n",
            json.dumps({"step": 2, "reward": 0.2, "note": ENV_SECRETS["SESSION_COOKIE"],
                        "dsn": ENV_SECRETS["DATABASE_URL"]}) + "\n",
            json.dumps({"step": 3, fsec("metrics-colname-sk", "sk"): 1.0, "api_key": fsec("metrics-api_key", "raw")})
            + "\n"]))
        d = runs / "sec_eval"
        write(d / "manifest.json", json.dumps(manifest()))
        write(d / "eval_results.json", json.dumps({
            "summary": {"base_accuracy": 0.1, "trained_accuracy": 0.2, "notes": fsec("eval-summary-hf", "hf")},
            "records": [
                {"prompt": f"use {fsec('eval-prompt-bearer', 'bearer')}", "base": fsec("eval-base-jwt", "jwt"),
                 "trained": fsec("eval-trained-pem", "pem"), "score": 1.0, "solved": True},
                {"prompt": ENV_SECRETS["B4PASSPHRASE"], "base": ENV_SECRETS["GITHUB_PAT"],
                 "trained": fsec("eval-trained-aws", "aws"), "score": 0.0, "solved": False}]}))
        d = runs / "sec_hydra"
        write(d / "manifest.json", json.dumps(manifest()))
        write(d / ".hydra" / "config.yaml", f"notes: {fsec('hydra-config-notes-ghp', 'ghp')}\n"
              f"extra:\n  hf_token: {fsec('hydra-config-hf_token', 'raw')}\n"
              f"  db: {fsec('hydra-config-urlpw', 'urlpw')}\n"
              f"  probe: ${{oc.env:B4_INTERP_PROBE}}\n  tok: ${{oc.env:STRIPE_SK}}\n")
        write(d / ".hydra" / "overrides.yaml", "\n".join([
            f"- notes={fsec('hydra-ovr-notes-sk', 'sk')}", f"- +extra.api_key={fsec('hydra-ovr-api_key', 'raw')}",
            f"- +extra.webhook={fsec('hydra-ovr-urlpw', 'urlpw')}",
            f"- +extra.githubPat={fsec('hydra-ovr-githubPat', 'raw')}",
            f"- notes2={ENV_SECRETS['SESSION_COOKIE']}", "- +extra.p=${oc.env:B4_INTERP_PROBE}"]) + "\n")
        d = runs / "sec_launch"
        write(d / "launch.json", json.dumps({
            "pid": 2 ** 22 + 7, "started_at": "2026-12-01T00:00:00+00:00", "log": str(d / "launch.log"),
            "command": ["python", "-m", "loopwright.train", f"+extra.hf_token={fsec('launch-cmd-hf_token', 'raw')}",
                        f"notes={fsec('launch-cmd-notes-ghp', 'ghp')}"]}))
        write(d / "launch.log", f"Traceback: {fsec('launchlog-bearer', 'bearer')}\n{fsec('launchlog-sk', 'sk')}\n"
              f"{ENV_SECRETS['DATABASE_URL']}\n")
        d = runs / "sec_launch_log_outside"
        write(d / "launch.json", json.dumps({"pid": 2 ** 22 + 9, "log": str(outside / "secret.txt"),
                                             "command": ["python"], "log_file": str(outside / "secret.txt")}))
        write(d / "manifest.json", json.dumps(manifest(log=str(outside / "secret.txt"),
                                                       log_file=str(outside / "secret.txt"))))
        d = runs / "sec_launch_log_devzero"
        write(d / "launch.json", json.dumps({"pid": 2 ** 22 + 11, "log": "/dev/zero", "command": ["python"]}))
        d = runs / "sec_launch_pid_inject"
        write(d / "launch.json", json.dumps({"pid": f"1; touch {mk}/pid_inject", "command": f"$(touch {mk}/cmd_inject)",
                                             "log": f"$(touch {mk}/log_inject)"}))
        # a sweep dir with secrets in every file sweep_report returns
        sw = out / "multirun" / "2026-12-01" / "00-00-00"
        write(sw / "multirun.yaml", "hydra:\n  overrides:\n    task:\n"
              f"    - +extra.hf_token={fsec('multirun-hf_token', 'raw')}\n"
              f"    - notes={fsec('multirun-notes-ghp', 'ghp')}\n"
              f"notes: {fsec('multirun-notes-sk', 'sk')}\nextra:\n  url: {fsec('multirun-urlpw', 'urlpw')}\n"
              f"  probe: ${{oc.env:B4_INTERP_PROBE}}\n")
        write(sw / "optimization_results.yaml", f"name: x\nbest_params:\n  notes: {fsec('optres-sk', 'sk')}\n"
              f"  hook: {ENV_SECRETS['SLACK_WEBHOOK']}\nbest_value: 0.5\n")
        write(sw / "summary.md", f"| job | overrides |\n|---|---|\n| 0 | notes={fsec('summary-ghp', 'ghp')} "
              f"+x.api_key={fsec('summary-api_key', 'raw')} |\n")
        write(sw / "sweep_report.md", f"# report\n{fsec('sweep_report-bearer', 'bearer')}\n"
                                      f"{fsec('sweep_report-jwt', 'jwt')}\n")
        write(sw / "0" / "manifest.json", json.dumps(manifest(error=fsec("sweepjob-error-sk", "sk"))))
        # sweep dirs whose files point out or are bombs
        sw2 = out / "multirun" / "2026-12-01" / "01-00-00"
        write(sw2 / "multirun.yaml", "notes: x\n")
        os.symlink(outside / "fake_sweep" / "summary.md", sw2 / "summary.md")
        os.link(outside / "fake_sweep" / "optimization_results.yaml", sw2 / "optimization_results.yaml")
        bomb = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n" + "".join(
            f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
        sw3 = out / "multirun" / "2026-12-01" / "02-00-00"
        write(sw3 / "multirun.yaml", bomb)
        write(sw3 / "optimization_results.yaml", bomb)
        write(sw3 / "0" / ".hydra" / "config.yaml", bomb)
        write(sw3 / "0" / ".hydra" / "overrides.yaml", bomb)
        write(sw3 / "0" / "manifest.json", json.dumps(manifest()))
        sw4 = out / "multirun" / "2026-12-01" / "03-00-00"
        write(sw4 / "multirun.yaml", "a: " + "[" * 100000 + "]" * 100000 + "\n")
        write(sw4 / "summary.md", "S" * 30_000_000)
        write(sw4 / "optimization_results.yaml",
              f"x: !!python/object/apply:builtins.open [\"{mk}/yaml_optres\", \"w\"]\n")
        sw5 = out / "multirun" / "2026-12-01" / "04-00-00"
        write(sw5 / "multirun.yaml", "hydra:\n"
              f"  x: !!python/object/apply:builtins.open [\"{mk}/yaml_multirun\", \"w\"]\n"
              f"y: !!python/name:evil_b4mod.fn\n")
        write(sw5 / "0" / ".hydra" / "config.yaml",
              f"x: !!python/object/apply:builtins.open [\"{mk}/yaml_cfg\", \"w\"]\n")
        write(sw5 / "0" / ".hydra" / "overrides.yaml",
              f"- !!python/object/apply:builtins.open [\"{mk}/yaml_ovr\", \"w\"]\n")
        write(sw5 / "0" / "manifest.json", json.dumps(manifest()))
        # run dirs with bombs in .hydra (list_runs / run_status read overrides and choices)
        d = runs / "res_yaml_bomb"
        write(d / "manifest.json", json.dumps(manifest(status="running")))
        write(d / ".hydra" / "overrides.yaml", bomb)
        write(d / ".hydra" / "config.yaml", bomb)
        write(d / ".hydra" / "hydra.yaml", bomb)
        # pickles a loader would run
        d = runs / "res_pickles"
        write(d / "manifest.json", json.dumps(manifest()))
        for rel in ("training_args.bin", "optimizer.pt", "rng_state.pth", "checkpoints/checkpoint-1/optimizer.pt",
                    "checkpoints/checkpoint-1/rng_state.pth", "model/pytorch_model.bin"):
            write(d / rel, pickle.dumps(PickleMarker(str(mk / f"pickle_{rel.replace('/', '_')}"))))
        write(d / "checkpoints" / "checkpoint-1" / "trainer_state.json", json.dumps({"global_step": 1}))

        # ---- path attacks: readers over links out of the roots
        def linked_run(name: str, rel: str, target: Path, hard: bool) -> None:
            d = runs / name
            write(d / "manifest.json", json.dumps(manifest()))
            (d / rel).parent.mkdir(parents=True, exist_ok=True)
            (os.link if hard else os.symlink)(target, d / rel)

        fr = outside / "fake_run"
        linked_run("p_metrics_symlink", "metrics.jsonl", fr / "metrics.jsonl", False)
        linked_run("p_metrics_hardlink", "metrics.jsonl", fr / "metrics.jsonl", True)
        linked_run("p_eval_symlink", "eval_results.json", fr / "eval_results.json", False)
        linked_run("p_eval_hardlink", "eval_results.json", fr / "eval_results.json", True)
        linked_run("p_log_symlink", "train.log", fr / "train.log", False)
        linked_run("p_log_hardlink", "train.log", fr / "train.log", True)
        linked_run("p_hydra_dir_symlink", ".hydra", fr / ".hydra", False)
        linked_run("p_hydra_cfg_hardlink", ".hydra/overrides.yaml", fr / ".hydra" / "overrides.yaml", True)
        linked_run("p_metrics_fifo_outside", "metrics.jsonl", outside / "fifo", False)
        d = runs / "p_metrics_fifo_inside"
        write(d / "manifest.json", json.dumps(manifest()))
        os.mkfifo(d / "metrics.jsonl")
        d = runs / "p_log_devzero"
        write(d / "manifest.json", json.dumps(manifest()))
        os.symlink("/dev/zero", d / "train.log")
        os.symlink(fr, runs / "zz_dir_symlink_out")
        os.symlink(outside, links / "outside_dir")
        write(runs / "nl\nrun" / "manifest.json", json.dumps(manifest()))
        write(runs / "*" / "manifest.json", json.dumps(manifest()))
        (runs / "bad\udcffname").mkdir()
        write(runs / "bad\udcffname" / "manifest.json", json.dumps(manifest()))
        write(runs / ("L" * 200) / "manifest.json", json.dumps(manifest()))

        # ---- resources
        d = runs / "res_big_metrics"
        write(d / "manifest.json", json.dumps(manifest()))
        line = '{"step": %d, "reward": 0.5, "loss": 1.25, "kl": 0.01}\n'
        with open(d / "metrics.jsonl", "w") as f:
            for i in range(0, 1_200_000, 10000):
                f.write("".join(line % j for j in range(i, i + 10000)))
        d = runs / "res_big_log"
        write(d / "manifest.json", json.dumps(manifest()))
        with open(d / "train.log", "w") as f:
            chunk = "".join(f"INFO step {j} reward 0.5 loss 1.0\n" for j in range(10000))
            for _ in range(100):
                f.write(chunk)
        d = runs / "res_weird_metrics"
        write(d / "manifest.json", json.dumps(manifest()))
        write(d / "metrics.jsonl", b"".join([
            b'{"step": 1, "reward": 1e400}\n', b'{"step": 2, "reward": ' + b"9" * 100000 + b"}\n",
            b'{"step": 3, "reward": ' + b"[" * 100000 + b"]" * 100000 + b"}\n",
            b'{"step": 4, "reward": NaN, "loss": -Infinity}\n', b'{"step": 5, "reward": "\xff\xfe"}\n',
            b'{"step": 6, "re\x00ward": 1}\n', b"\x00" * 1000 + b"\n", b'{"step": 7, "reward": 0.5}\n']))
        d = runs / "res_big_eval"
        write(d / "manifest.json", json.dumps(manifest()))
        rec = {"prompt": "p" * 100, "base": "b" * 300, "trained": "t" * 300, "score": 1.0, "solved": True}
        write(d / "eval_results.json", json.dumps({"summary": {"base_accuracy": 0.1},
                                                   "records": [rec] * 90000}))
        d = runs / "res_deep_eval"
        write(d / "manifest.json", json.dumps(manifest()))
        write(d / "eval_results.json", "[" * 1_000_000 + "]" * 1_000_000)
        d = runs / "res_eval_long_completion"
        write(d / "manifest.json", json.dumps(manifest()))
        write(d / "eval_results.json", json.dumps({"summary": {}, "records": [
            {"prompt": "p", "base": "x" * 600 + fsec("eval-past-500-chars", "sk"), "trained": "t"}]}))

        # ---- ingest / improve inputs inside the roots
        write(out / "ingest_in" / "good.jsonl", json.dumps(chat).replace(OUTSIDE_CANARY, "ok") + "\n")
        write(out / "ingest_secret" / "bad.jsonl", "\n".join([
            json.dumps({"messages": [{"role": "user", "content": "hi"},
                                     {"role": "assistant", "content": f"here {fsec('ingest-ok-ghp', 'ghp')}"}]}),
            json.dumps({"messages": fsec("ingest-malformed-sk", "sk")}),
            f"not json {fsec('ingest-notjson-bearer', 'bearer')}",
            json.dumps({"messages": [{"role": fsec("ingest-role-hf", "hf"), "content": 1}]}),
            json.dumps({"messages": [{"role": "user", "content": ENV_SECRETS["SESSION_COOKIE"]}],
                        "api_key": fsec("ingest-api_key", "raw")})]) + "\n")
        os.mkfifo(out / "ingest_fifo.jsonl")
        os.symlink(outside / "logs", links / "logs_out")
        write(out / "ingest_with_link" / "a.jsonl", json.dumps(chat).replace(OUTSIDE_CANARY, "ok") + "\n")
        os.symlink(outside / "transcripts.jsonl", out / "ingest_with_link" / "b.jsonl")
        write(out / "ingest_with_hardlink" / "a.jsonl", json.dumps(chat).replace(OUTSIDE_CANARY, "ok") + "\n")
        os.link(outside / "logs" / "chats.jsonl", out / "ingest_with_hardlink" / "b.jsonl")
        os.symlink(outside, out / "store_link_out")
        write(out / "interp_in" / "${oc.env:B4_OUTSIDE_DIR}", "x")


# ----------------------------------------------------------------------------------------------------------
# the server session
# ----------------------------------------------------------------------------------------------------------

def _ppid(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return -1


def _descendants(pid: int) -> list[int]:
    pids = [int(d) for d in os.listdir("/proc") if d.isdigit()]
    kids = {p: _ppid(p) for p in pids}
    out, frontier = [], [pid]
    while frontier:
        cur = frontier.pop()
        for p, pp in kids.items():
            if pp == cur and p not in out:
                out.append(p)
                frontier.append(p)
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


class Server:
    def __init__(self, world: World) -> None:
        self.world = world
        self.pid = -1
        self.restarts = 0
        self.errlog = open(world.root / "mcp_server.err", "a")  # noqa: SIM115

    def start(self) -> None:
        from mcp import ClientSession, StdioServerParameters, stdio_client

        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        ready = threading.Event()
        before = set(_descendants(os.getpid()))
        params = StdioServerParameters(
            command=sys.executable, cwd=str(self.world.proj), env=self.world.env(),
            args=["-m", "loopwright.mcp", "--project", str(self.world.proj), "--outputs", str(self.world.out)])

        async def main() -> None:
            self.stop = asyncio.Event()
            async with stdio_client(params, errlog=self.errlog) as (read, write_), \
                    ClientSession(read, write_) as client:
                await client.initialize()
                self.client = client
                ready.set()
                await self.stop.wait()

        self.main = asyncio.run_coroutine_threadsafe(main(), self.loop)
        if not ready.wait(120):
            raise RuntimeError(f"server did not start: {self.main}")
        for p in set(_descendants(os.getpid())) - before:
            try:
                cmd = Path(f"/proc/{p}/cmdline").read_bytes()
            except OSError:
                continue
            if b"loopwright.mcp" in cmd:
                self.pid = p

    def kill(self) -> None:
        """End the server we started and what it started, by their ids."""
        for p in [*_descendants(self.pid), self.pid]:
            if p > 0:
                try:
                    os.kill(p, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        try:
            self.loop.call_soon_threadsafe(self.stop.set)
            self.main.result(10)
        except Exception:  # noqa: BLE001 (a killed server's session ends in an error)
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)

    def restart(self) -> None:
        self.restarts += 1
        self.kill()
        self.start()

    def call(self, tool: str, args: dict, limit: float = LIMIT_S) -> dict:
        t0 = time.monotonic()
        fut = asyncio.run_coroutine_threadsafe(
            self.client.call_tool(tool, args, read_timeout_seconds=limit), self.loop)
        try:
            res = fut.result(limit + 10)
        except concurrent.futures.TimeoutError:
            fut.cancel()
            return {"kind": "timeout", "text": "", "elapsed": time.monotonic() - t0}
        except Exception as e:  # noqa: BLE001
            text = f"{type(e).__name__}: {e}"
            kind = "timeout" if "timed out" in text.lower() or "timeout" in type(e).__name__.lower() else "exception"
            return {"kind": kind, "text": text, "elapsed": time.monotonic() - t0}
        text = "".join(getattr(c, "text", "") for c in res.content)
        data = res.structured_content
        blob = text + ("\n" + json.dumps(data) if data is not None else "")
        return {"kind": "error" if res.is_error else "ok", "text": blob, "elapsed": time.monotonic() - t0,
                "data": data}


# ----------------------------------------------------------------------------------------------------------
# the attacks: (name, tool, arguments, options); @OUT@, @OUTSIDE@, @PROJ@, @HOME@, @MARK@, @C1@, @C2@ filled in
# ----------------------------------------------------------------------------------------------------------

R = "@OUT@/runs/"
CS_HF = "b4client" + rand(28)
CS_PW = "b4client" + rand(28)
CS_CAMEL = "b4client" + rand(28)
CS_URL = "b4client" + rand(28)
CLIENT_SECRETS.update({"client-hf_token": CS_HF, "client-password": CS_PW, "client-camel": CS_CAMEL,
                       "client-urlpw": CS_URL})


def A(name: str, tool: str, args: dict, **opts: Any) -> tuple:
    return (name, tool, args, opts)


def lin(name: str) -> tuple:
    return A(name, "lineage", {"run_dir": R + name})


NESTED_LIST = "[" * 6000 + "]" * 6000
NESTED_DICT = "{a:" * 3000 + "1" + "}" * 3000

ATTACKS: list[tuple] = [
    # ---------------- (1) lineage
    lin("lin_parent_abs_outside"),
    lin("lin_parent_dotdot_rundir"),
    lin("lin_parent_tilde"),
    lin("lin_parent_ocenv_probe"),
    lin("lin_parent_http"),
    lin("lin_parent_symlink"),
    lin("lin_parent_symlink_chain"),
    lin("lin_parent_proc_root"),
    lin("lin_parent_nul"),
    A("lin_cycle", "lineage", {"run_dir": R + "lin_cycle_a"}),
    lin("lin_self"),
    A("lin_chain_1500_deep", "lineage", {"run_dir": "@OUT@/chain/c1499"}),
    lin("lin_model_path_outside"),
    lin("lin_data_dev_zero"),
    lin("lin_data_proc_environ"),
    lin("lin_data_outside_file"),
    lin("lin_data_fifo_outside"),
    lin("lin_data_fifo_inside"),
    lin("lin_data_socket_inside"),
    lin("lin_data_hardlink"),
    lin("lin_data_nul"),
    lin("lin_improve_summary_outside"),
    lin("lin_deep_json"),
    lin("lin_nested_parents"),
    lin("lin_huge_manifest"),
    lin("lin_giant_int"),
    lin("lin_non_utf8"),
    lin("lin_manifest_symlink"),
    lin("lin_manifest_hardlink"),
    lin("lin_manifest_fifo"),
    lin("lin_secret_env_values"),
    lin("lin_secret_free_text"),
    lin("lin_secret_named_keys"),
    lin("lin_secret_child"),
    lin("lin_interp_in_manifest"),
    A("lin_arg_outside_abs", "lineage", {"run_dir": "@OUTSIDE@/fake_run"}),
    A("lin_arg_dotdot", "lineage", {"run_dir": "@OUT@/../outside/fake_run"}),
    # ---------------- secrets in the files the readers return
    A("sec_run_status_log", "run_status", {"run_dir": R + "sec_log", "log_lines": 200}),
    A("sec_run_status_log_env_values", "run_status", {"run_dir": R + "sec_log_env", "log_lines": 200}),
    A("sec_run_status_error", "run_status", {"run_dir": R + "sec_error"}),
    A("sec_run_metrics", "run_metrics", {"run_dir": R + "sec_metrics", "last": 0}),
    A("sec_run_eval_records", "run_eval", {"run_dir": R + "sec_eval", "records": 5}),
    A("sec_run_status_hydra", "run_status", {"run_dir": R + "sec_hydra"}),
    A("sec_run_status_launch", "run_status", {"run_dir": R + "sec_launch", "log_lines": 200}),
    A("sec_launch_log_outside", "run_status", {"run_dir": R + "sec_launch_log_outside", "log_lines": 200}),
    A("sec_launch_pid_inject", "run_status", {"run_dir": R + "sec_launch_pid_inject", "log_lines": 5}),
    A("sec_sweep_report", "sweep_report", {"sweep_dir": "@OUT@/multirun/2026-12-01/00-00-00"}),
    A("sec_list_runs", "list_runs", {"limit": 500}),
    A("sec_ingest_secret_records", "ingest", {"inputs": ["@OUT@/ingest_secret/bad.jsonl"],
                                              "output": "@OUT@/store_secret"}),
    A("sec_client_secret_keys_echo", "compose_config", {"overrides": [
        "model=tiny", f"+extra.hf_token={CS_HF}", f"+extra.password={CS_PW}", f"+extra.myServiceApiKey={CS_CAMEL}",
        f"+extra.repo=https://u:{CS_URL}@git.example/x"]}, absent=["client-hf_token", "client-password",
                                                                 "client-camel", "client-urlpw"]),
    # ---------------- (2) compose / plan: hosts, code, hydra keys, interpolations, unicode
    A("net_reward_base_url", "compose_config", {"overrides": [
        "reward=judge", "reward.base_url=http://@C2@/v1", "reward.model=m"]}),
    A("net_rollout_base_url", "compose_config", {"overrides": [
        "rollout=vllm_server", "rollout.base_url=http://@C2@", "profile.device=cuda"]}),
    A("net_plan_runpod_graphql", "plan_job", {"overrides": [
        "provider=runpod", "provider.graphql_url=http://@C2@/graphql", "provider.max_cost=1"]}),
    A("net_plan_runpod_default", "plan_job", {"overrides": ["model=tiny", "provider=runpod", "provider.max_cost=1"]}),
    A("net_plan_modal", "plan_job", {"overrides": ["model=tiny", "provider=modal", "provider.max_cost=1"]}),
    A("net_plan_slurm", "plan_job", {"overrides": ["model=tiny", "provider=slurm", "provider.nodes=2"]}),
    A("net_reward_params_dict_url", "compose_config", {"overrides": [
        "reward=judge", "reward.params={base_url: 'http://@C2@/v1', api_key_env: HF_TOKEN}"]}),
    A("net_key_cyrillic", "compose_config", {"overrides": ["reward=judge", "reward.bas\u0435_url=http://@C2@/v1"]}),
    A("net_calibration_gate", "compose_config", {"overrides": [
        "reward=judge", "reward.model=m", "reward.calibration=@PROJ@/labels.jsonl"]}),
    A("net_wandb_online", "compose_config", {"overrides": [
        "model=tiny", "logger=wandb", "logger.mode=online", "logger.entity=evil", "+logger.base_url=http://@C2@"]}),
    A("net_sweep_hides_url", "compose_config", {"overrides": [
        "reward=judge", "reward.model=m", "reward.base_url=http://localhost:1/v1,http://@C2@/v1"]}),
    A("code_reward_target", "compose_config", {"overrides": ["model=tiny", "reward._target_=evil_b4mod.fn"]}),
    A("code_env_target", "compose_config", {"overrides": [
        "model=tiny", "task.multi_turn=true", "task.environment._target_=evil_b4mod.Env"]}),
    A("code_target_in_dict_value", "compose_config", {"overrides": [
        "model=tiny", "+reward.params={fn: {_target_: evil_b4mod.fn}}"]}),
    A("code_hydra_callback", "compose_config", {"overrides": [
        "model=tiny", "+hydra.callbacks.evil._target_=evil_b4mod.Cb"]}),
    A("code_job_logging_class", "compose_config", {"overrides": [
        "model=tiny", "+hydra.job_logging.handlers.evil={class: evil_b4mod.H}"]}),
    A("write_job_logging_file", "compose_config", {"overrides": [
        "model=tiny", "hydra.job_logging.handlers.file.filename=@OUTSIDE@/pwn.log"]}),
    A("write_hydra_run_dir", "compose_config", {"overrides": [
        "model=tiny", "hydra.run.dir=@OUTSIDE@/rundir", "hydra.output_subdir=@OUTSIDE@/sub"]}),
    A("code_searchpath_file", "compose_config", {"overrides": [
        "hydra.searchpath=[file://@OUTSIDE@/conf]", "model=evil"]}),
    A("code_searchpath_pkg", "compose_config", {"overrides": ["model=tiny", "hydra.searchpath=[pkg://evil_b4pkg]"]}),
    A("code_config_dir_flags", "compose_config", {"overrides": [
        "--config-dir=@OUTSIDE@/conf", "-cd", "@OUTSIDE@/conf", "--config-name=train", "model=evil"]}),
    A("code_sweeper_sampler_dict", "compose_config", {"overrides": [
        "sweep=grpo_lr_kl", "hydra.sweeper.sampler={_target_: evil_b4mod.fn}"], "multirun": True}),
    A("interp_backslash_escape", "compose_config", {"overrides": ["model=tiny", "notes=\\${oc.env:B4_INTERP_PROBE}"]}),
    A("interp_double_dollar", "compose_config", {"overrides": ["model=tiny", "notes=$${oc.env:B4_INTERP_PROBE}"]}),
    A("interp_oc_create", "compose_config", {"overrides": [
        "model=tiny", "notes=${oc.create:{_target_: evil_b4mod.fn}}"]}),
    A("interp_in_option_name", "compose_config", {"overrides": ["model=${oc.env:B4_INTERP_PROBE}"]}),
    A("interp_hydra_resolver", "compose_config", {"overrides": [
        "model=tiny", "notes=${hydra:runtime.cwd}", "+extra.e=${oc.env:HF_TOKEN}"]}),
    A("interp_in_group_default_via_searchpath", "compose_config", {"overrides": [
        "hydra.searchpath=[@OUT@/conf_in_outputs]", "model=probe"]}),
    A("yaml_tag_in_value", "compose_config", {"overrides": [
        "model=tiny", "notes=!!python/object/apply:builtins.open ['@MARK@/yaml_value', 'w']",
        "+extra={a: !!python/name:evil_b4mod.fn}"]}),
    A("override_forms_delete_add", "compose_config", {"overrides": [
        "model=tiny", "~reward", "++reward={_target_: evil_b4mod.fn}", "~hydra.searchpath"]}),
    A("override_group_path_escape", "compose_config", {"overrides": [
        "model=tiny/../../../../outside/conf/model/evil"]}),
    A("path_chat_template_ssti", "compose_config", {"overrides": [
        "model=tiny", "model.random_init.chat_template=@PROJ@/evil.jinja"]}),
    A("path_task_proc_environ", "compose_config", {"overrides": ["task=jsonl", "task.path=/proc/self/environ"]}),
    A("path_task_dev_zero", "plan_job", {"overrides": ["task=jsonl", "task.path=/dev/zero"]}),
    A("path_sweep_item_outside", "compose_config", {"overrides": [
        "task=jsonl", "task.path=@PROJ@/ok.jsonl,@OUTSIDE@/secret.txt"]}),
    # ---------------- (3) path and run-name arguments
    A("path_run_status_outside_abs", "run_status", {"run_dir": "@OUTSIDE@/fake_run", "log_lines": 200}),
    A("path_run_status_dir_symlink", "run_status", {"run_dir": "@OUT@/links/runlink", "log_lines": 200}),
    A("path_run_metrics_symlink_file", "run_metrics", {"run_dir": R + "p_metrics_symlink"}),
    A("path_run_metrics_hardlink_file", "run_metrics", {"run_dir": R + "p_metrics_hardlink"}),
    A("path_run_status_log_hardlink", "run_status", {"run_dir": R + "p_log_hardlink", "log_lines": 200}),
    A("path_run_status_hydra_dir_symlink", "run_status", {"run_dir": R + "p_hydra_dir_symlink"}),
    A("path_sweep_report_linked_files", "sweep_report", {"sweep_dir": "@OUT@/multirun/2026-12-01/01-00-00"}),
    A("path_metrics_fifo_inside", "run_metrics", {"run_dir": R + "p_metrics_fifo_inside"}),
    A("path_log_devzero", "run_status", {"run_dir": R + "p_log_devzero", "log_lines": 200}),
    A("path_run_name_newline", "run_status", {"run_dir": R + "nl\nrun"}),
    A("path_run_name_very_long", "run_status", {"run_dir": R + "x" * 19800}),
    A("ingest_outside_file", "ingest", {"inputs": ["@OUTSIDE@/transcripts.jsonl"], "output": "@OUT@/st_a"}),
    A("ingest_dir_with_file_link_out", "ingest", {"inputs": ["@OUT@/ingest_with_link"], "output": "@OUT@/st_c"}),
    A("ingest_dir_with_hardlink", "ingest", {"inputs": ["@OUT@/ingest_with_hardlink"], "output": "@OUT@/st_d"}),
    A("ingest_fifo_input", "ingest", {"inputs": ["@OUT@/ingest_fifo.jsonl"], "output": "@OUT@/st_e"}),
    A("ingest_output_in_project", "ingest", {"inputs": ["@OUT@/ingest_in/good.jsonl"], "output": "@PROJ@/store"}),
    A("ingest_output_symlink_out", "ingest", {"inputs": ["@OUT@/ingest_in/good.jsonl"],
                                              "output": "@OUT@/store_link_out"}),
    A("ingest_format_injection", "ingest", {"inputs": ["@OUT@/ingest_in/good.jsonl"], "output": "@OUT@/st_h",
                                            "format": "openai input=@OUTSIDE@/transcripts.jsonl "
                                                      "hydra.run.dir=@OUTSIDE@/x"}),
    A("improve_transcripts_outside", "improve", {"transcripts": "@OUTSIDE@/transcripts.jsonl",
                                                 "output": "@OUT@/imp_a"}),
    A("improve_output_in_project", "improve", {"transcripts": "@OUT@/ingest_in/good.jsonl",
                                               "output": "@PROJ@/improved"}),
    A("improve_judge_env_base_url", "improve", {"transcripts": "@OUT@/ingest_in/good.jsonl", "output": "@OUT@/imp_c",
                                                "reward": "judge", "overrides": ["reward.model=gpt-x"]}),
    A("improve_hydra_overrides", "improve", {"transcripts": "@OUT@/ingest_in/good.jsonl", "output": "@OUT@/imp_f",
                                             "overrides": ["hydra.searchpath=[file://@OUTSIDE@/conf]",
                                                           "+hydra.job.env_set.HTTPS_PROXY=http://@C2@",
                                                           "hydra.run.dir=@OUTSIDE@/imp_run"]}),
    # ---------------- (4) resources
    A("res_metrics_all_rows", "run_metrics", {"run_dir": R + "res_big_metrics", "last": 0}),
    A("res_log_million_lines", "run_status", {"run_dir": R + "res_big_log", "log_lines": 200}),
    A("res_weird_metrics", "run_metrics", {"run_dir": R + "res_weird_metrics", "last": 0}),
    A("res_big_eval_records", "run_eval", {"run_dir": R + "res_big_eval", "records": 500}),
    A("res_deep_eval_json", "run_eval", {"run_dir": R + "res_deep_eval", "records": 5}),
    A("res_yaml_bomb_sweep", "sweep_report", {"sweep_dir": "@OUT@/multirun/2026-12-01/02-00-00"}),
    A("res_yaml_bomb_run_hydra", "run_status", {"run_dir": R + "res_yaml_bomb"}),
    A("res_deep_yaml_and_30mb_summary", "sweep_report", {"sweep_dir": "@OUT@/multirun/2026-12-01/03-00-00"}),
    A("res_yaml_python_tags", "sweep_report", {"sweep_dir": "@OUT@/multirun/2026-12-01/04-00-00"}),
    A("res_pickles_in_run", "run_status", {"run_dir": R + "res_pickles"}),
    A("res_sweep_product_huge", "compose_config", {"overrides": [
        "model=tiny", "seed=" + ",".join(map(str, range(400))), "task.n_train=" + ",".join(map(str, range(1, 401)))]}),
    A("res_giant_int", "compose_config", {"overrides": ["model=tiny", "seed=" + "9" * 19000]}),
    A("res_deep_nested_list", "compose_config", {"overrides": ["model=tiny", "notes=" + NESTED_LIST]}),
]


def _extra_files(world: World) -> None:
    """Planted things an attack above names that need the placeholders."""
    write(world.out / "conf_in_outputs" / "model" / "probe.yaml",
          "name: ${oc.env:B4_INTERP_PROBE}\nsource: random_init\nname_or_path: ${oc.env:HF_TOKEN}\n")


NAMES = [a[0] for a in ATTACKS]
assert len(NAMES) == len(set(NAMES)), "attack names must be unique"
BY_NAME = {a[0]: a for a in ATTACKS}
RECORD: dict[str, dict] = {}


class Harness:
    def __init__(self, world: World) -> None:
        self.world = world
        self.inotify = Inotify()
        self.inotify.watch_tree(world.outside)
        self.inotify.watch_tree(world.home)
        self.watched = [world.proj, world.outside, world.home, world.tmp, world.bin, world.markers]
        self.server = Server(world)
        self.server.start()

    def run(self, name: str) -> list[str]:
        _, tool, args, opts = BY_NAME[name]
        args = self.world.fmt(args)
        before = snapshot(self.watched)
        c_before = (self.world.c1.state(), self.world.c2.state())
        self.inotify.events()  # drain what came before this call
        res = self.server.call(tool, args, opts.get("limit", LIMIT_S))
        time.sleep(0.05)
        evidence: list[str] = []
        if res["kind"] == "timeout":
            evidence.append(f"stalled: no reply within {LIMIT_S:.0f} s")
        alive = _alive(self.server.pid)
        if not alive and res["kind"] != "timeout":
            evidence.append(f"server died ({res['kind']}: {res['text'][:200]})")
        blob = res["text"]
        extra = {k: CLIENT_SECRETS[k] for k in opts.get("absent", [])}
        evidence += [f"reply carries {h}" for h in leaked(blob, extra)]
        for i, c in enumerate((self.world.c1, self.world.c2)):
            conns, nbytes = c.state()
            if (conns, nbytes) != c_before[i]:
                with c.lock:
                    head = c.data[c_before[i][1]:c_before[i][1] + 200]
                evidence.append(f"catcher {i + 1}: {conns - c_before[i][0]} connection(s), "
                                f"{nbytes - c_before[i][1]} bytes: {head!r}")
        events = self.inotify.events()
        if events:
            evidence.append(f"opened outside the roots: {sorted(set(events))[:8]}")
        changes = diff(before, snapshot(self.watched))
        if changes:
            evidence.append(f"written outside the outputs dir: {changes[:8]}")
        if res["kind"] == "timeout" or not alive:
            self.server.restart()
        RECORD[name] = {
            "tool": tool, "reply": res["kind"], "elapsed_s": round(res["elapsed"], 2),
            "outcome": "succeeded" if evidence else ("refused" if res["kind"] in ("error", "exception") else "replied"),
            "evidence": evidence, "reply_head": blob[:300]}
        return evidence

    def markers(self) -> set[str]:
        return {p.name for p in self.world.markers.iterdir()}


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    world = World(tmp_path_factory.mktemp("b4world"))
    _extra_files(world)
    h = Harness(world)
    yield h
    h.server.kill()
    if os.environ.get("BLIND4_RECORD"):
        (HERE / "measurement.json").write_text(json.dumps({
            "commit": os.popen(f"git -C {ROOT} rev-parse HEAD").read().strip(),
            "limit_s": LIMIT_S, "server_restarts": h.server.restarts,
            "attacks": len(NAMES), "succeeded": sorted(n for n, r in RECORD.items() if r["outcome"] == "succeeded"),
            "results": RECORD}, indent=1))


def test_positive_control_list_options(harness: Harness) -> None:
    res = harness.server.call("list_options", {"group": "model"})
    assert res["kind"] == "ok" and "tiny" in res["text"], res


def test_positive_control_compose_and_read(harness: Harness) -> None:
    res = harness.server.call("compose_config", {"overrides": ["model=tiny", "profile=smoke"]})
    assert res["kind"] == "ok" and res["data"]["ok"] is True, res["text"][:2000]
    w = harness.world
    res = harness.server.call("run_metrics", {"run_dir": str(w.out / "runs" / "ok_run")})
    assert res["kind"] == "ok" and "reward" in res["text"], res["text"][:2000]
    res = harness.server.call("lineage", {"run_dir": str(w.out / "runs" / "ok_run")})
    assert res["kind"] == "ok" and "tree" in res["text"], res["text"][:2000]
    res = harness.server.call("run_eval", {"run_dir": str(w.out / "runs" / "ok_run"), "records": 1})
    assert res["kind"] == "ok" and "trained" in res["text"], res["text"][:2000]


_markers_seen: set[str] = set()


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=OPEN_LEAKS[n])) if n in OPEN_LEAKS else n
    for n in NAMES])
def test_attack_fails(name: str, harness: Harness) -> None:
    evidence = harness.run(name)
    new_markers = harness.markers() - _markers_seen
    if new_markers:
        _markers_seen.update(new_markers)
        evidence.append(f"marker written (code ran): {sorted(new_markers)}")
        RECORD[name]["evidence"] = evidence
        RECORD[name]["outcome"] = "succeeded"
    assert not evidence, f"{name} succeeded: {evidence}"
