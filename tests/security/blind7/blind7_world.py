"""Blind set 7: the world the attacks are played in, the server session, and the detectors.

Written without reading the server's code or tests (see RESULTS.md for the files that were read).

A World is a fresh temp dir with:
  project/   the server's --project and its cwd (planted code, secret-named files, links out)
  outputs/   the server's --outputs (planted run dirs, sweep dirs, logs)
  outside/   files outside both roots (secret files, victims to overwrite, planted modules)
  home/      $HOME (.ssh/id_rsa, .netrc, .aws/credentials, .cache)
  tmp/       $TMPDIR
  bin/       shims for network/cloud tools, first on PATH: each logs to markers/
  markers/   what planted code and shims write when they run
  logs/      the server's stderr
and loopback TCP catchers behind every proxy / endpoint variable of the server's environment, and fresh
random canary secrets in that environment and in files.
"""

from __future__ import annotations

import asyncio
import inspect
import base64
import codecs
import concurrent.futures
import hashlib
import json
import os
import pickle
import re
import secrets as _secrets
import shutil
import socket
import stat
import sys
import tempfile
import threading
import time
import unicodedata
import urllib.parse
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from helpers.listener import Received, listen_on_loopback, read_head  # noqa: E402

CALL_LIMIT_S = 45.0


def _hex(n: int) -> str:
    return _secrets.token_hex(n)


# ----------------------------------------------------------------------------------------------- encodings

def _b64_cores(raw: bytes, urlsafe: bool) -> list[str]:
    """The part of base64(x + raw) that depends only on raw, for every offset of raw in a longer text."""
    enc = base64.urlsafe_b64encode if urlsafe else base64.b64encode
    out = []
    for k in range(3):
        e = enc(b"\0" * k + raw).decode()
        start = 4 if k else 0
        end = (len(raw) + k) // 3 * 4
        core = e[start:end]
        if len(core) >= 8:
            out.append(core)
    return out


def secret_forms(value: str) -> dict[str, str]:
    """Every encoding of ``value`` the detector looks for: form name -> text (compared case-insensitively for
    hex / escapes / percent forms)."""
    forms: dict[str, str] = {}
    if len(value) < 6:
        return forms
    forms["raw"] = value
    if len(value) < 8:
        return forms
    raw = value.encode()
    forms["reversed"] = value[::-1]
    forms["hex"] = raw.hex()
    forms["percent"] = "".join(f"%{b:02x}" for b in raw)
    forms["urlquote"] = urllib.parse.quote(value, safe="")
    forms["uescape"] = "".join(f"\\u{ord(c):04x}" for c in value)
    forms["charcodes"] = ",".join(str(ord(c)) for c in value)
    forms["charcodes_sp"] = ", ".join(str(ord(c)) for c in value)
    forms["rot13"] = codecs.encode(value, "rot13")
    for i, core in enumerate(_b64_cores(raw, False)):
        forms[f"b64_{i}"] = core
    for i, core in enumerate(_b64_cores(raw, True)):
        forms[f"b64url_{i}"] = core
    if len(value) >= 16:
        half = len(value) // 2
        forms["half1"] = value[:half]
        forms["half2"] = value[half:]
    return forms


_UESC = re.compile(r"\\u([0-9a-fA-F]{4})")


def text_variants(text: str) -> list[str]:
    """The reply text and what it reads as once decoded: JSON escapes, NFKC, no whitespace."""
    out = [text]
    undouble = text.replace("\\\\", "\\")
    out.append(undouble)
    out.append(_UESC.sub(lambda m: chr(int(m.group(1), 16)), undouble))
    unesc = _UESC.sub(lambda m: chr(int(m.group(1), 16)), text)
    out.append(unesc)
    out.append(unicodedata.normalize("NFKC", unesc))
    out.append(re.sub(r"\s+", "", unesc))
    out.append(re.sub(r"\\[nrt]|\s+", "", unesc))
    stripped = re.sub(r"\x1b\[[0-9;]*[A-Za-z]|\\u001b\[[0-9;]*[A-Za-z]|[\u200b-\u200f\u2060\ufeff\u00ad]", "", unesc)
    out.append(stripped)
    out.append(unicodedata.normalize("NFKC", re.sub(r"\s+", "", stripped)))
    return out


def find_secrets(text: str, secret_values: dict[str, str]) -> list[str]:
    """``label:form`` for every secret found in ``text`` in any form."""
    found = []
    variants: list[str] = []
    for v in text_variants(text):
        if not any(v == u for u in variants):
            variants.append(v)
    lowered: list[str] = []
    for v in (x.lower() for x in variants):
        if not any(v == u for u in lowered):
            lowered.append(v)
    for label, value in secret_values.items():
        for form, needle in secret_forms(value).items():
            if form in ("hex", "percent", "uescape", "urlquote"):
                n = needle.lower()
                hit = any(n in v for v in lowered)
            else:
                hit = any(needle in v for v in variants)
            if hit:
                found.append(f"{label}:{form}")
                break
    return found


# ----------------------------------------------------------------------------------------------- the world

ENV_SECRET_NAMES = {
    # name -> kind of value
    "OPENAI_API_KEY": "sk",
    "HF_TOKEN": "hf",
    "RUNPOD_API_KEY": "plain",
    "WANDB_API_KEY": "hex40",
    "GITHUB_PAT": "ghp",
    "AWS_SECRET_ACCESS_KEY": "plain",
    "AWS_ACCESS_KEY_ID": "akia",
    "MY_PASSWORD": "punct",
    "B7_DB_PASSWD": "digits",
    "SLACK_WEBHOOK": "plain",
    "SENTRY_DSN": "plain",
    "X_AUTH": "plain",
    "MyServiceApiKey": "plain",
    "B4PASSPHRASE": "plain",
    "API_KEY_2": "plain",
    "SESSION_COOKIE": "plain",
    "ANTHROPIC_API_KEY": "long",
    "UNICODE_TOKEN": "unicode",
    "PRIVATE_SK": "plain",
    "B7_SHORT_TOKEN": "short7",
    "DEPLOY_NOTE": "sk",  # not a secret-looking name, but a credential-shaped value (docs: a secret whatever its name)
    "npm_config__authToken": "plain",
}


def make_value(kind: str) -> str:
    h = _hex(12)
    return {
        "sk": f"sk-b7{h}{_hex(6)}",
        "hf": f"hf_b7{h}",
        "ghp": f"ghp_b7{h}{_hex(4)}",
        "akia": "AKIA" + _hex(8).upper(),
        "hex40": _hex(20),
        "plain": f"b7{h}",
        "punct": f"b7!{_hex(4)}#%{_hex(4)}&*+/:;=?@^~{_hex(3)}",
        "digits": str(int.from_bytes(os.urandom(8), "big") % 10**16).rjust(16, "7"),
        "long": "b7L" + _hex(64),
        "unicode": f"ключ-{_hex(6)}-秘密-{_hex(4)}",
        "short7": _hex(4)[:7],
    }[kind]


PROXY_VARS = ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy",
              "FTP_PROXY", "WS_PROXY"]
ENDPOINT_VARS = ["HF_ENDPOINT", "WANDB_BASE_URL", "OPENAI_BASE_URL", "OPENAI_API_BASE", "ANTHROPIC_BASE_URL",
                 "RUNPOD_API_URL", "RUNPOD_ENDPOINT", "MODAL_SERVER_URL", "MLFLOW_TRACKING_URI",
                 "AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_S3", "S3_ENDPOINT_URL", "PIP_INDEX_URL",
                 "VLLM_BASE_URL", "LOOPWRIGHT_JUDGE_URL", "GRAPHQL_URL", "HF_HUB_ENDPOINT", "TRANSFORMERS_ENDPOINT"]
SHIMS = ["curl", "wget", "ssh", "scp", "rsync", "nc", "ncat", "socat", "telnet", "sbatch", "srun", "squeue",
         "sinfo", "scontrol", "scancel", "runpodctl", "modal", "kubectl", "docker", "podman", "aws", "gcloud",
         "gsutil", "az", "ray", "hf", "huggingface-cli", "wandb", "ftp", "sftp", "nslookup", "dig", "ping"]

PLANTED_MODULES = ["b7evil", "b7pkg", "sitecustomize", "usercustomize", "train",
                   "loopwright_user", "b7reward", "b7task"]


class World:
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="b7w-")).resolve()
        for d in ("project", "outputs", "outside", "home", "tmp", "bin", "markers", "logs"):
            (self.root / d).mkdir()
        self.project = self.root / "project"
        self.outputs = self.root / "outputs"
        self.outside = self.root / "outside"
        self.home = self.root / "home"
        self.tmp = self.root / "tmp"
        self.bin = self.root / "bin"
        self.markers = self.root / "markers"
        self.logs = self.root / "logs"
        self.env_secrets: dict[str, str] = {name: make_value(kind) for name, kind in ENV_SECRET_NAMES.items()}
        self.file_secrets: dict[str, str] = {}
        self.client_secret = f"b7client{_hex(10)}"
        self.catchers: dict[str, tuple[socket.socket, Received]] = {}
        self.attacker_port = 0
        self._build()

    # every secret the detector looks for
    def all_secrets(self) -> dict[str, str]:
        out = {f"env:{k}": v for k, v in self.env_secrets.items()}
        out.update({f"file:{k}": v for k, v in self.file_secrets.items()})
        out["client"] = self.client_secret
        return out

    def file_secret(self, label: str) -> str:
        v = f"b7f{label[:3]}{_hex(11)}"
        self.file_secrets[label] = v
        return v

    # -------------------------------------------------------------------------------------- building
    def _catcher(self, name: str) -> int:
        rec = Received()

        def handle(conn: socket.socket) -> None:
            try:
                rec.add(read_head(conn, timeout=2.0))
                try:
                    conn.sendall(b"HTTP/1.1 500 no\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                except OSError:
                    pass
            finally:
                conn.close()

        sock = listen_on_loopback(handle)
        self.catchers[name] = (sock, rec)
        return sock.getsockname()[1]

    def _build(self) -> None:
        # catchers
        self.attacker_port = self._catcher("attacker")
        self.ports = {v: self._catcher(v) for v in PROXY_VARS + ENDPOINT_VARS}
        self.ports["RAY_ADDRESS"] = self._catcher("RAY_ADDRESS")
        self.ports["DATABASE_URL"] = self._catcher("DATABASE_URL")
        self.ports["SENTRY_DSN"] = self._catcher("SENTRY_DSN")
        # shims
        for tool in SHIMS:
            p = self.bin / tool
            p.write_text(f"#!/bin/sh\necho \"$0 $*\" >> '{self.markers}/shim-{tool}.log'\nexit 1\n")
            p.chmod(0o755)
        # planted code
        for mod in PLANTED_MODULES:
            self.plant_module(self.project, mod)
        self.plant_module(self.outside, "b7outside")
        (self.project / "b7.pth").write_text(f"import os; open('{self.markers}/pth-project','w')\n")
        (self.project / "conftest.py").write_text(self._marker_code("conftest"))
        # secret files outside the roots
        self.secret_file = self.outside / "secret.txt"
        self.secret_file.write_text(f"top secret {self.file_secret('outside')}\n")
        (self.outside / "secret.jsonl").write_text(json.dumps({"messages": [
            {"role": "user", "content": self.file_secret("outsidejsonl")},
            {"role": "assistant", "content": "ok " + self.file_secrets["outsidejsonl"]}]}) + "\n")
        (self.outside / "victim.txt").write_text("victim, unchanged\n")
        (self.outside / "dir").mkdir()
        (self.outside / "dir" / "data.jsonl").write_text(json.dumps({"prompt": self.file_secret("odata"),
                                                                     "answer": "1"}) + "\n")
        # an outside run dir with its own manifest full of a secret
        orun = self.outside / "run"
        orun.mkdir()
        (orun / "manifest.json").write_text(json.dumps({"status": "completed", "error": self.file_secret("orun")}))
        (orun / "train.log").write_text(f"log {self.file_secrets['orun']}\n")
        (orun / "metrics.jsonl").write_text(json.dumps({"step": 1, "reward": 0.5,
                                                        "s": self.file_secrets['orun']}) + "\n")
        (orun / "eval_results.json").write_text(json.dumps({"summary": {"x": self.file_secrets['orun']},
                                                            "records": []}))
        (self.outside / "conf" / "model").mkdir(parents=True)
        (self.outside / "conf" / "model" / "b7m.yaml").write_text(f"name: {self.file_secret('oconf')}\n")
        # home
        (self.home / ".ssh").mkdir()
        (self.home / ".ssh" / "id_rsa").write_text(
            f"-----BEGIN OPENSSH PRIVATE KEY-----\n{self.file_secret('idrsa')}\n-----END OPENSSH PRIVATE KEY-----\n")
        (self.home / ".netrc").write_text(f"machine example.com login me password {self.file_secret('netrc')}\n")
        (self.home / ".aws").mkdir()
        (self.home / ".aws" / "credentials").write_text(
            f"[default]\naws_secret_access_key = {self.file_secret('aws')}\n")
        (self.home / ".cache" / "huggingface").mkdir(parents=True)
        (self.home / ".cache" / "huggingface" / "token").write_text(self.file_secret("hftokfile"))
        (self.home / "notes.jsonl").write_text(json.dumps({"prompt": self.file_secret("homejsonl"),
                                                           "answer": "2"}) + "\n")
        # secret-named files inside the project
        (self.project / ".env").write_text(f"OPENAI_API_KEY={self.file_secret('dotenv')}\n"
                                           f"PLAIN={self.file_secret('dotenvplain')}\n")
        (self.project / "credentials.json").write_text(json.dumps({"token": self.file_secret("credjson")}))
        (self.project / "id_ed25519").write_text(self.file_secret("ided"))
        (self.project / "server.pem").write_text(
            f"-----BEGIN PRIVATE KEY-----\n{self.file_secret('pem')}\n-----END PRIVATE KEY-----\n")
        (self.project / ".git-credentials").write_text(f"https://me:{self.file_secret('gitcred')}@github.com\n")
        # benign project data
        (self.project / "data").mkdir()
        (self.project / "data" / "ok.jsonl").write_text(
            "".join(json.dumps({"prompt": f"What is {i}+1?", "answer": str(i + 1)}) + "\n" for i in range(8)))
        (self.project / "data" / "chats.jsonl").write_text("".join(json.dumps({"messages": [
            {"role": "user", "content": f"Where is my order {i}?"},
            {"role": "assistant", "content": f"Order {i} ships tomorrow."}]}) + "\n" for i in range(4)))
        # links out of the project
        (self.project / "link_outside_dir").symlink_to(self.outside)
        (self.project / "link_secret").symlink_to(self.secret_file)
        (self.project / "link_home").symlink_to(self.home)
        (self.project / "link_environ").symlink_to("/proc/self/environ")
        (self.project / "link_root").symlink_to("/")
        os.link(self.secret_file, self.project / "hardlink_secret.jsonl")
        os.mkfifo(self.project / "fifo.jsonl")
        self._benign_run()

    def _marker_code(self, name: str) -> str:
        return (f"import os as _o\nopen(_o.path.join({str(self.markers)!r}, "
                f"{('mod-' + name.replace('/', '_'))!r}), 'w').write('ran')\n")

    def plant_module(self, base: Path, mod: str) -> None:
        path = base / mod
        if "/" in mod or mod in ("b7pkg",):
            path.mkdir(parents=True, exist_ok=True)
            (path / "__init__.py").write_text(self._marker_code(mod))
            (path / "__init__.py").parent.joinpath("conf").mkdir(exist_ok=True)
        else:
            (base / f"{mod}.py").write_text(self._marker_code(mod) + "def fn(*a, **k):\n    return 1.0\n")

    def yaml_bomb_tag(self, tag: str) -> str:
        m = self.markers
        return (f"a: !!python/object/apply:os.system ['touch {m}/yaml-{tag}']\n"
                f"b: !!python/object/apply:builtins.open ['{m}/yamlopen-{tag}', 'w']\n"
                f"c: !!python/object/new:subprocess.Popen [['touch', '{m}/yamlpopen-{tag}']]\n")

    def pickle_bomb(self, tag: str) -> bytes:
        class Bomb:
            def __reduce__(self_inner):
                return (open, (f"{self.markers}/pickle-{tag}", "w"))
        return pickle.dumps(Bomb())

    def run_dir(self, name: str, manifest: dict | None = None, base: str = "runs/2026-12-02") -> Path:
        d = self.outputs / base / name
        d.mkdir(parents=True, exist_ok=True)
        if manifest is not None:
            (d / "manifest.json").write_text(json.dumps(manifest))
        return d

    def _benign_run(self) -> None:
        d = self.run_dir("00-00-00-000001", {"status": "completed", "overrides": ["model=tiny", "profile=smoke"],
                                             "choices": {"model": "tiny"}, "started": "2026-12-02T00:00:00+00:00",
                                             "result": {"base_accuracy": 0.1, "trained_accuracy": 0.2}})
        (d / "metrics.jsonl").write_text("".join(json.dumps({"step": i, "reward": 0.1 * i, "loss": 1.0 / i})
                                                 + "\n" for i in range(1, 6)))
        (d / "eval_results.json").write_text(json.dumps({"summary": {"base_accuracy": 0.1, "trained_accuracy": 0.2},
                                                         "records": [{"prompt": "1+1", "base": "2", "trained": "2",
                                                                      "score": 1.0, "solved": True}]}))
        (d / "train.log").write_text("step 1\nstep 2\ndone\n")
        (d / ".hydra").mkdir()
        (d / ".hydra" / "overrides.yaml").write_text("- model=tiny\n- profile=smoke\n")
        (d / ".hydra" / "config.yaml").write_text("model:\n  name: tiny\n")
        self.benign_run = d
        s = self.outputs / "multirun" / "2026-12-02" / "00-00-00-000002"
        (s / "0").mkdir(parents=True)
        (s / "0" / "manifest.json").write_text(json.dumps({"status": "completed", "overrides": ["seed=1"]}))
        (s / "summary.md").write_text("# Sweep\n| job | status |\n|---|---|\n| 0 | completed |\n")
        (s / "multirun.yaml").write_text("hydra:\n  mode: MULTIRUN\n")
        self.benign_sweep = s

    # -------------------------------------------------------------------------------------- environment
    def server_env(self) -> dict[str, str]:
        env = {
            "PATH": os.pathsep.join([str(self.bin), str(Path(sys.executable).parent),
                                     "/usr/local/bin", "/usr/bin", "/bin"]),
            "HOME": str(self.home), "TMPDIR": str(self.tmp), "USER": "b7", "LANG": "C.UTF-8",
            "PYTHONPATH": str(ROOT / "src"), "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled",
            "TOKENIZERS_PARALLELISM": "false", "NO_PROXY": "", "no_proxy": "",
            "XDG_CACHE_HOME": str(self.home / ".cache"),
        }
        for var in PROXY_VARS:
            env[var] = f"http://127.0.0.1:{self.ports[var]}"
        for var in ENDPOINT_VARS:
            env[var] = f"http://127.0.0.1:{self.ports[var]}"
        env["RAY_ADDRESS"] = f"127.0.0.1:{self.ports['RAY_ADDRESS']}"
        env.update(self.env_secrets)
        env["DATABASE_URL"] = f"postgres://b7:{self.env_secrets['MY_PASSWORD']}@127.0.0.1:{self.ports['DATABASE_URL']}/db"
        env["SENTRY_DSN"] = f"http://{self.env_secrets['SENTRY_DSN']}@127.0.0.1:{self.ports['SENTRY_DSN']}/1"
        return env

    # -------------------------------------------------------------------------------------- detectors
    def catcher_counts(self) -> dict[str, int]:
        return {name: rec.count() for name, (_, rec) in self.catchers.items()}

    def catcher_since(self, before: dict[str, int]) -> dict[str, list[bytes]]:
        out = {}
        for name, (_, rec) in self.catchers.items():
            got = rec.since(before.get(name, 0))
            if got:
                out[name] = got
        return out

    def markers_now(self) -> dict[str, tuple]:
        out = {}
        for p in self.markers.iterdir():
            st = p.stat()
            out[p.name] = (st.st_size, st.st_mtime_ns)
        return out

    def snapshot(self) -> dict[str, tuple]:
        """Everything outside outputs/ (and outside markers/ and logs/, which the detectors own)."""
        snap: dict[str, tuple] = {}
        for top in ("project", "outside", "home", "tmp", "bin"):
            base = self.root / top
            for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
                for name in dirnames + filenames:
                    p = os.path.join(dirpath, name)
                    try:
                        st = os.lstat(p)
                    except OSError:
                        continue
                    link = os.readlink(p) if stat.S_ISLNK(st.st_mode) else None
                    size = st.st_size if stat.S_ISREG(st.st_mode) else 0
                    mt = st.st_mtime_ns if not stat.S_ISDIR(st.st_mode) else 0
                    snap[p] = (stat.S_IFMT(st.st_mode), size, mt, st.st_ino, link, st.st_mode & 0o7777)
        for extra in (self.root,):
            snap["<root>"] = tuple(sorted(os.listdir(extra)))
        return snap

    @staticmethod
    def diff(before: dict[str, tuple], after: dict[str, tuple]) -> list[str]:
        out = []
        for p in after.keys() - before.keys():
            out.append(f"created {p}")
        for p in before.keys() - after.keys():
            out.append(f"removed {p}")
        for p in before.keys() & after.keys():
            if before[p] != after[p]:
                out.append(f"changed {p}")
        return sorted(out)

    def outside_hashes(self) -> list[str]:
        """sha256 (full and 12-hex prefix) of every regular file outside the roots: returned, it means it was hashed."""
        out = []
        for base in (self.outside, self.home):
            for p in base.rglob("*"):
                if p.is_file() and not p.is_symlink() and p.stat().st_size < 10_000_000:
                    h = hashlib.sha256(p.read_bytes()).hexdigest()
                    out += [h, h[:12]]
        return out

    def close(self) -> None:
        for sock, _ in self.catchers.values():
            try:
                sock.close()
            except OSError:
                pass
        shutil.rmtree(self.root, ignore_errors=True)


# ----------------------------------------------------------------------------------------------- the session

class Reply:
    def __init__(self, result: Any = None, error: str | None = None, elapsed: float = 0.0,
                 failure: str | None = None) -> None:
        self.failure = failure  # "stall", "session-error: ...": the call itself broke
        self.elapsed = elapsed
        if result is not None:
            self.is_error = bool(result.is_error)
            self.text = "".join(getattr(c, "text", "") for c in result.content)
            self.data = result.structured_content if not self.is_error else None
        else:
            self.is_error = True
            self.text = error or ""
            self.data = None

    @property
    def all_text(self) -> str:
        parts = [self.text]
        if self.data is not None:
            parts.append(json.dumps(self.data, ensure_ascii=False))
        return "\n".join(parts)

    def __repr__(self) -> str:
        return f"Reply(err={self.is_error}, failure={self.failure}, {self.text[:300]!r})"


class Server:
    """One ``python -m loopwright.mcp`` (read-only) held through mcp.ClientSession in a loop thread."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.task: concurrent.futures.Future | None = None
        self.queue: asyncio.Queue | None = None
        self.pids: list[int] = []
        self.restarts = 0
        self.start()

    def _children(self) -> set[int]:
        import psutil
        try:
            return {p.pid for p in psutil.Process().children(recursive=True)}
        except Exception:
            return set()

    def start(self) -> None:
        before = self._children()
        ready: concurrent.futures.Future = concurrent.futures.Future()
        self.task = asyncio.run_coroutine_threadsafe(self._main(ready), self.loop)
        ready.result(timeout=90)
        self.pids = sorted(self._children() - before)

    async def _main(self, ready: concurrent.futures.Future) -> None:
        from mcp import ClientSession, StdioServerParameters, stdio_client
        w = self.world
        params = StdioServerParameters(command=sys.executable, cwd=str(w.project), env=w.server_env(),
                                       args=["-m", "loopwright.mcp", "--project", str(w.project),
                                             "--outputs", str(w.outputs)])
        self.queue = asyncio.Queue()
        try:
            with open(w.logs / "server.err", "a") as errlog:
                async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as client:
                    init = await client.initialize()
                    self.instructions = init.instructions
                    ready.set_result(True)
                    while True:
                        item = await self.queue.get()
                        if item is None:
                            return
                        tool, args, fut = item
                        try:
                            res = await client.call_tool(tool, args)
                            fut.set_result(res)
                        except BaseException as e:  # noqa: BLE001
                            if not fut.done():
                                fut.set_exception(e)
                            if isinstance(e, (asyncio.CancelledError,)):
                                raise
        except BaseException as e:  # noqa: BLE001
            if not ready.done():
                ready.set_exception(e)
            raise

    def alive(self) -> bool:
        import psutil
        if self.task is None or self.task.done():
            return False
        for pid in self.pids:
            try:
                p = psutil.Process(pid)
                if p.status() == psutil.STATUS_ZOMBIE:
                    return False
            except psutil.NoSuchProcess:
                return False
        return True

    def call(self, tool: str, args: dict, limit: float = CALL_LIMIT_S) -> Reply:
        t0 = time.monotonic()
        if not self.alive():
            return Reply(error="server not running", failure="server-dead-before-call")
        fut: concurrent.futures.Future = concurrent.futures.Future()
        self.loop.call_soon_threadsafe(self.queue.put_nowait, (tool, args, fut))
        try:
            res = fut.result(timeout=limit)
            return Reply(res, elapsed=time.monotonic() - t0)
        except concurrent.futures.TimeoutError:
            return Reply(error=f"stall: {tool} over {limit}s", elapsed=time.monotonic() - t0, failure="stall")
        except BaseException as e:  # noqa: BLE001
            return Reply(error=f"{type(e).__name__}: {e}", elapsed=time.monotonic() - t0,
                         failure=f"session-error: {type(e).__name__}: {e}"[:500])

    def stop(self, hard: bool = False) -> None:
        if self.task is not None and not self.task.done():
            try:
                if hard:
                    raise TimeoutError
                self.loop.call_soon_threadsafe(self.queue.put_nowait, None)
                self.task.result(timeout=10)
            except BaseException:  # noqa: BLE001
                self._kill()
                self.task.cancel()
                try:
                    self.task.result(timeout=10)
                except BaseException:  # noqa: BLE001
                    pass
        self._kill()
        self.pids = []

    def _kill(self) -> None:
        import psutil
        victims = []
        for pid in self.pids:  # only the processes this session started, and what they started
            try:
                proc = psutil.Process(pid)
                victims += proc.children(recursive=True) + [proc]
            except Exception:  # noqa: BLE001
                pass
        for proc in victims:
            try:
                proc.kill()
            except Exception:  # noqa: BLE001
                pass
        self.pids = []

    def restart(self, hard: bool = False) -> None:
        self.stop(hard)
        self.restarts += 1
        self.start()

    def close(self) -> None:
        self.stop()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


# ----------------------------------------------------------------------------------------------- attacks: the frame

BASE = ["model=tiny", "profile=smoke"]
ESC = "$\\{"  # Hydra's escaped brace: the override text holds no "${", the parsed value does
END = "}"


class Ctx:
    def __init__(self, w: World, s: Server, name: str) -> None:
        self.w, self.s, self.name = w, s, name
        self.replies: list[tuple[str, dict, Reply]] = []
        self.forbidden: list[str] = []
        self.evidence: list[str] = []
        self.broken: Reply | None = None
        self.d = w.project / f"a_{name}"
        self.o = w.outputs / f"a_{name}"

    def call(self, tool: str, _limit: float = CALL_LIMIT_S, **args) -> Reply:
        if self.broken is not None:  # the session already broke in this attack: that is the finding
            return self.broken
        r = self.s.call(tool, args, limit=_limit)
        self.replies.append((tool, args, r))
        if r.failure:
            self.evidence.append(f"{tool}: {r.failure} after {r.elapsed:.1f}s")
            self.broken = r
            self.s.restart(hard=True)
        elif r.elapsed > CALL_LIMIT_S:
            self.evidence.append(f"{tool}: took {r.elapsed:.1f}s")
        return r

    def compose(self, *ov: str, multirun: bool = False, base=True) -> Reply:
        return self.call("compose_config", overrides=[*(BASE if base else []), *ov], multirun=multirun)

    def plan(self, *ov: str, multirun: bool = False) -> Reply:
        return self.call("plan_job", overrides=[*BASE, *ov], multirun=multirun)

    def run(self, name: str | None = None, manifest: dict | None = None) -> Path:
        return self.w.run_dir(name or f"b7-{self.name}", manifest if manifest is not None else
                              {"status": "completed", "overrides": ["model=tiny"]})


ATTACKS: dict[str, tuple[str, object]] = {}


def attack(category: str, name: str | None = None):
    def deco(fn):
        ATTACKS[name or fn.__name__] = (category, fn)
        return fn
    return deco


def add(category: str, name: str, fn) -> None:
    ATTACKS[name] = (category, fn)


def evaluate(c: Ctx, before_snap, before_markers, before_catch) -> list[str]:
    w = c.w
    ev = list(c.evidence)
    secret_map = w.all_secrets()
    sent = json.dumps([a for _, a, _ in c.replies], ensure_ascii=False)
    env_paths = []  # environment-derived paths the client never named: returned, they were resolved for it
    if "~" not in sent and "home" not in sent.lower():
        env_paths.append(str(w.home))
    if str(w.tmp) not in sent:
        env_paths.append(str(w.tmp) + "/")
    for tool, _, r in c.replies:
        text = r.all_text
        for hit in find_secrets(text, secret_map):
            ev.append(f"{tool}: secret {hit}")
        for f in [*c.forbidden, *w.hashes, *env_paths]:
            if f and f in text:
                ev.append(f"{tool}: forbidden {f[:80]!r}")
    time.sleep(0.1)
    got = w.catcher_since(before_catch)
    for name, items in got.items():
        ev.append(f"catcher {name}: {len(items)} connection(s), first {items[0][:120]!r}")
    now = w.markers_now()
    for m, size in now.items():
        if before_markers.get(m) != size:
            ev.append(f"marker {m}")
    for line in World.diff(before_snap, w.snapshot())[:20]:
        ev.append(f"fs: {line}")
    # the server still answers
    ping = c.s.call("list_runs", {"limit": 1})
    if ping.failure or ping.is_error:
        ev.append(f"server broken after the attack: {ping.failure or ping.text[:200]}")
        c.s.restart()
    return ev


def play(w: World, s: Server, name: str, fn) -> tuple[list[str], Ctx]:
    c = Ctx(w, s, name)
    gen = fn(c) if inspect.isgeneratorfunction(fn) else None
    if gen is not None:
        next(gen, None)  # setup
    if not s.alive():
        s.restart()
    snap, marks, catch = w.snapshot(), w.markers_now(), w.catcher_counts()
    ret = None
    if gen is not None:
        try:
            next(gen)
        except StopIteration:
            gen = None
    else:
        ret = fn(c)
    if isinstance(ret, list):
        c.forbidden += ret
    ev = evaluate(c, snap, marks, catch)
    if gen is not None:
        next(gen, None)  # teardown
    tidy(w, name)
    return ev, c


def tidy(w: World, name: str) -> None:
    """Remove what an attack planted under outputs/ (after its verdict), so that later calls do not walk it."""
    tag = f"b7-{name}"
    cands = [*w.outputs.glob("*"), *w.outputs.glob("runs/*/*"), *w.outputs.glob("multirun/*/*")]
    for p in cands:
        if p.name.startswith(tag) or p.name == f"a_{name}":
            try:
                if p.is_symlink() or not p.is_dir():
                    p.unlink()
                else:
                    shutil.rmtree(p, ignore_errors=True)
            except OSError:
                pass
