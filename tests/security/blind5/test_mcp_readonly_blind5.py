"""Blind attack set 5 against the read-only MCP server (``python -m loopwright.mcp`` without --allow-launch).

Written without reading the server's code (see RESULTS.md for exactly what was read). One real MCP SDK client
session (``mcp.ClientSession`` over stdio) against a server started in a temporary world; every attack is one
case of ``test_attack_fails[<name>]`` that FAILS when the attack succeeded:

- a canary (an environment secret, a file outside the roots, a secret planted in a file the readers return, a
  value the client sent under a secret-named key, an interpolation marker) comes back in a reply or an error,
  raw or encoded (base64 at 3 offsets, url-safe base64, hex, url-encoded, reversed, rot13, NFKC-folded,
  unicode-escaped, split with separators, half of it);
- bytes reach a loopback catcher (every proxy variable, HF_ENDPOINT, WANDB_BASE_URL, OPENAI_BASE_URL, ... and
  every URL sent or planted point at one);
- a marker file appears (PATH shims for network and cluster tools, planted modules, YAML tags, pickles,
  templates);
- a file outside the outputs dir is created, changed or removed; an outside canary is written into outputs;
- a call runs past 45 s, or the server dies.

``BLIND5_RECORD=1`` writes every attack's outcome to ``measurement.json`` beside this file.
"""

from __future__ import annotations

import asyncio
import base64
import codecs
import concurrent.futures
import json
import os
import pickle
import random
import re
import shutil
import signal
import socket
import string
import subprocess
import sys
import threading
import time
import unicodedata
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

from helpers.listener import Received, listen_on_loopback, read_head  # noqa: E402

# Attacks that succeeded at the one measurement (on ddcf6fc, RESULTS.md): all 92 fixed after it (RESULTS.md,
# "After the measurement"); name -> what leaked, for any that a later change lets through again.
OPEN_LEAKS: dict[str, str] = {}

LIMIT_S = 45.0
RECORD = os.environ.get("BLIND5_RECORD") == "1"
RESULTS: list[dict] = []
_rng = random.SystemRandom()
ALNUM = string.ascii_letters + string.digits


def _core(n: int = 24) -> str:
    return "".join(_rng.choice(ALNUM) for _ in range(n))


# ---------------------------------------------------------------------------------------------------------------
# canaries and their encodings
# ---------------------------------------------------------------------------------------------------------------

@dataclass
class Canary:
    label: str
    kind: str          # env | odd-env | outside | planted | client | interp | decoy
    core: str          # random alnum, what is searched for
    value: str = ""    # the full secret as planted (prefix + core + ...)

    def needles(self) -> list[tuple[str, str, str]]:
        """(where, needle, encoding): where is the text variant the needle is looked for in."""
        cached = self.__dict__.get("_needles")
        if cached and cached[0] == self.core:
            return cached[1]
        self.__dict__["_needles"] = (self.core, self._needles())
        return self.__dict__["_needles"][1]

    def _needles(self) -> list[tuple[str, str, str]]:
        c = self.core
        out = [("raw", c, "raw"), ("uesc", c, "unicode-escaped"), ("nfkc", c, "nfkc-folded"),
               ("url", c, "url-encoded"), ("strip", c, "separators inserted / split"),
               ("lowstrip", c.lower(), "case-folded"), ("raw", c[::-1], "reversed"),
               ("strip", c[::-1], "reversed+split"),
               ("raw", c.encode().hex(), "hex"), ("raw", c.encode().hex().upper(), "HEX"),
               ("raw", codecs.encode(c, "rot13"), "rot13")]
        if len(c) >= 20:
            h = len(c) // 2
            out += [("raw", c[:h], "first half"), ("raw", c[h:], "second half"), ("strip", c[:h], "first half, split"),
                    ("strip", c[h:], "second half, split")]
        b = c.encode()
        for j in range(3):
            seg = b[j:]
            m = len(seg) // 3
            if m >= 5:
                out.append(("raw", base64.b64encode(seg[:3 * m]).decode(), f"base64@{j}"))
                out.append(("raw", base64.urlsafe_b64encode(seg[:3 * m]).decode(), f"urlsafe-base64@{j}"))
        return out


_UESC = re.compile(r"\\u([0-9a-fA-F]{4})")


def text_variants(text: str) -> dict[str, str]:
    uesc = _UESC.sub(lambda m: chr(int(m.group(1), 16)), text)
    nfkc = unicodedata.normalize("NFKC", uesc)
    try:
        url = urllib.parse.unquote(urllib.parse.unquote(text))
    except Exception:
        url = text
    strip = re.sub(r"[^A-Za-z0-9]", "", nfkc)
    return {"raw": text, "uesc": uesc, "nfkc": nfkc, "url": url, "strip": strip, "lowstrip": strip.lower()}


def scan(text: str, canaries: list[Canary]) -> list[str]:
    if not text:
        return []
    v = text_variants(text)
    found = []
    for can in canaries:
        for where, needle, enc in can.needles():
            if needle and needle in v[where]:
                found.append(f"canary {can.label} ({can.kind}) found [{enc}]")
                break
    return found


# ---------------------------------------------------------------------------------------------------------------
# catchers
# ---------------------------------------------------------------------------------------------------------------

class Catcher:
    def __init__(self) -> None:
        self.received = Received()

        def handle(conn: socket.socket) -> None:
            data = read_head(conn, timeout=2.0)
            self.received.add(data)
            try:
                conn.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            except OSError:
                pass
            conn.close()

        self.sock = listen_on_loopback(handle)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"


# ---------------------------------------------------------------------------------------------------------------
# the server session (one, reused; restarted by pid when it stalls or dies)
# ---------------------------------------------------------------------------------------------------------------

WRAP = ("import os,sys; open(sys.argv[1],'w').write(str(os.getpid())); "
        "os.execv(sys.executable,[sys.executable,'-m','loopwright.mcp',*sys.argv[2:]])")


class Reply:
    def __init__(self, tool: str, args: Any, result: Any = None, exc: BaseException | None = None,
                 elapsed: float = 0.0) -> None:
        self.tool, self.args, self.elapsed = tool, args, elapsed
        if exc is not None:
            self.is_error = True
            self.text = f"{type(exc).__name__}: {exc}"
            self.data = None
        else:
            self.is_error = bool(result.is_error)
            self.text = "".join(getattr(c, "text", "") or "" for c in result.content)
            self.data = result.structured_content
        try:
            self.all_text = self.text + "\n" + json.dumps(self.data, ensure_ascii=False, default=str)
        except Exception:
            self.all_text = self.text

    @property
    def refused(self) -> bool:
        return self.is_error and "refused" in self.text[:200]


def _pid_alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[-1][:1] not in ("Z", "X")
    except OSError:
        return False


def _children(pid: int) -> list[int]:
    kids = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    if int(f.read().split(") ")[-1].split()[1]) == pid:
                        kids.append(int(d))
            except (OSError, ValueError, IndexError):
                pass
    return kids


class Server:
    def __init__(self, world: "World") -> None:
        self.world = world
        self.pid: int | None = None
        self.starts = 0

    def start(self) -> None:
        from mcp import ClientSession, StdioServerParameters, stdio_client

        w = self.world
        pidfile = w.root / f"server{self.starts}.pid"
        self.starts += 1
        params = StdioServerParameters(command=sys.executable, cwd=str(w.project), env=w.env,
                                       args=["-c", WRAP, str(pidfile), "--project", str(w.project),
                                             "--outputs", str(w.outputs)])
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        ready: concurrent.futures.Future = concurrent.futures.Future()

        async def main() -> None:
            self.stop_ev = asyncio.Event()
            try:
                with open(w.root / "server.err", "a") as errlog:
                    async with stdio_client(params, errlog=errlog) as (r, wr), ClientSession(r, wr) as client:
                        await client.initialize()
                        ready.set_result(client)
                        await self.stop_ev.wait()
            except BaseException as e:  # noqa: BLE001
                if not ready.done():
                    ready.set_exception(e)

        self.main = asyncio.run_coroutine_threadsafe(main(), self.loop)
        self.client = ready.result(timeout=90)
        for _ in range(100):
            if pidfile.exists() and pidfile.read_text().strip():
                break
            time.sleep(0.05)
        self.pid = int(pidfile.read_text())

    def alive(self) -> bool:
        return self.pid is not None and _pid_alive(self.pid)

    def submit(self, tool: str, args: Any) -> concurrent.futures.Future:
        return asyncio.run_coroutine_threadsafe(self.client.call_tool(tool, args), self.loop)

    def wait(self, fut: concurrent.futures.Future, tool: str, args: Any, t0: float) -> tuple[Reply, str | None]:
        """(reply, problem): problem is 'stall' (past LIMIT_S) or 'died' (the server process is gone)."""
        while True:
            try:
                res = fut.result(timeout=0.25)
                return Reply(tool, args, res, elapsed=time.monotonic() - t0), None
            except concurrent.futures.TimeoutError:
                if time.monotonic() - t0 > LIMIT_S:
                    fut.cancel()
                    return Reply(tool, args, exc=TimeoutError(f"no answer in {LIMIT_S:.0f} s"),
                                 elapsed=time.monotonic() - t0), "stall"
                if not self.alive():
                    time.sleep(0.5)
                    if fut.done():
                        continue
                    fut.cancel()
                    return Reply(tool, args, exc=RuntimeError("server process died"),
                                 elapsed=time.monotonic() - t0), "died"
            except Exception as e:  # noqa: BLE001 - McpError, validation errors, closed streams
                problem = None if self.alive() else "died"
                return Reply(tool, args, exc=e, elapsed=time.monotonic() - t0), problem

    def stop(self, kill: bool = False) -> None:
        if self.pid and kill:
            for kid in _children(self.pid):
                for grandkid in _children(kid):
                    _kill(grandkid)
                _kill(kid)
            _kill(self.pid)
        try:
            self.loop.call_soon_threadsafe(self.stop_ev.set)
            self.main.result(timeout=10)
        except Exception:  # noqa: BLE001
            pass
        if self.pid and _pid_alive(self.pid):
            _kill(self.pid)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)

    def restart(self) -> None:
        self.stop(kill=True)
        self.start()


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


# ---------------------------------------------------------------------------------------------------------------
# the world
# ---------------------------------------------------------------------------------------------------------------

SHIMS = ["curl", "wget", "ssh", "scp", "sftp", "rsync", "nc", "ncat", "netcat", "socat", "telnet", "ftp", "sbatch",
         "srun", "squeue", "sinfo", "scontrol", "scancel", "salloc", "kubectl", "docker", "podman", "aws", "gcloud",
         "gsutil", "az", "runpodctl", "modal", "sky", "ray", "openssl", "dig", "nslookup", "host", "ping", "http",
         "xdg-open", "sendmail", "mail"]

OBVIOUS_ENV = {  # name -> (prefix, suffix)
    "HF_TOKEN": ("hf_", ""), "OPENAI_API_KEY": ("sk-proj-", ""), "ANTHROPIC_API_KEY": ("sk-ant-api03-", "AA"),
    "RUNPOD_API_KEY": ("rpa_", ""), "WANDB_API_KEY": ("", "0f"), "AWS_SECRET_ACCESS_KEY": ("", "+/Zx"),
    "GITHUB_PAT": ("github_pat_11A", ""), "MODAL_TOKEN_SECRET": ("as-", ""),
}
ODD_ENV = {  # names a name-based rule may miss; value = prefix + core
    "STRIPE_CRED": "", "APP_PRIV": "", "HMAC_SALT": "", "JWT_SIGNING": "", "SIGNING_SEED": "", "KENNWORT": "",
    "CONTRASENA": "", "MOT_DE_PASSE": "", "PAROLA": "", "db_pw": "", "MNEMONIC": "", "SEED_PHRASE": "",
    "OTP_SEED": "", "SESSION_ID": "", "ACCESS_CODE": "", "PRIVKEY": "", "ENCRYPTIONKEY": "", "SSHKEY": "",
    "MASTERKEY": "", "CI_JOB_JWT": "", "AUTHORIZATION": "Basic ", "BEARER": "", "PASSCODE": "", "hf_token": "",
    "ПАРОЛЬ": "", "密码": "", "BANK_PIN": "", "LICENSE_SERIAL": "", "SIGNATURE": "", "CLIENT_CERT": "",
    "DATABASE_URL": "postgres://app@db.internal:5432/prod?sslmode=require&password=",
    "REDIS_URL": "redis://:", "SLACK_HOOK": "https://hooks.slack.com/services/T0B5/B0B5/",
    "PIP_INDEX_URL": "https://", "NPM_CONFIG__AUTH": "", "PGPASS": "", "KUBECONFIG_DATA": "",
}
ODD_SUFFIX = {"REDIS_URL": "@127.0.0.1:6379/0", "PIP_INDEX_URL": "@pypi.internal/simple"}


class World:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.project = root / "project"
        self.outputs = root / "outputs"
        self.outside = root / "outside"
        self.home = root / "home"
        self.markers = root / "markers"
        self.tmp = root / "tmp"
        self.shims = root / "shims"
        for d in (self.project, self.outputs, self.outside, self.home, self.markers, self.tmp, self.shims):
            d.mkdir(parents=True, exist_ok=True)
        self.canaries: list[Canary] = []
        self.proxy = Catcher()
        self.host = Catcher()
        self.env_values: dict[str, str] = {}
        self.runs = self.outputs / "runs" / "2026-12-01"
        self.runs.mkdir(parents=True)
        self.sweeps = self.outputs / "multirun" / "2026-12-01"
        self.sweeps.mkdir(parents=True)
        self.decoy: subprocess.Popen | None = None

    # canaries ---------------------------------------------------------------------------------------------------
    def canary(self, label: str, kind: str, prefix: str = "", suffix: str = "", n: int = 24) -> Canary:
        c = _core(n)
        can = Canary(label, kind, c, prefix + c + suffix)
        self.canaries.append(can)
        return can

    def outside_canaries(self) -> list[Canary]:
        return [c for c in self.canaries if c.kind in ("outside", "decoy")]

    # env --------------------------------------------------------------------------------------------------------
    def build_env(self) -> None:
        env = {
            "PATH": f"{self.shims}:{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin",
            "HOME": str(self.home), "TMPDIR": str(self.tmp), "LANG": "C.UTF-8",
            "PYTHONPATH": str(ROOT / "src"), "PYTHONDONTWRITEBYTECODE": "1",
            "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled", "TOKENIZERS_PARALLELISM": "false",
            "HF_ENDPOINT": f"{self.host.url}/hf", "WANDB_BASE_URL": f"{self.host.url}/wandb",
            "OPENAI_BASE_URL": f"{self.host.url}/openai/v1", "OPENAI_API_BASE": f"{self.host.url}/openai/v1",
            "ANTHROPIC_BASE_URL": f"{self.host.url}/anthropic", "RUNPOD_API_URL": f"{self.host.url}/runpod",
            "RUNPOD_GRAPHQL_URL": f"{self.host.url}/graphql", "MODAL_SERVER_URL": f"{self.host.url}/modal",
            "AWS_ENDPOINT_URL": f"{self.host.url}/s3", "RAY_ADDRESS": f"127.0.0.1:{self.host.port}",
            "VLLM_BASE_URL": f"{self.host.url}/vllm", "JUDGE_BASE_URL": f"{self.host.url}/judge",
            "HF_HUB_ETAG_TIMEOUT": "2", "HF_HUB_DOWNLOAD_TIMEOUT": "2", "NO_PROXY": "", "no_proxy": "",
        }
        for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy", "FTP_PROXY"):
            env[var] = self.proxy.url
        for name, (pre, suf) in OBVIOUS_ENV.items():
            env[name] = self.canary(f"env:{name}", "env", pre, suf).value
        env["AWS_ACCESS_KEY_ID"] = "AKIA" + self.canary("env:AWS_ACCESS_KEY_ID", "env", n=16).core.upper()
        self.canaries[-1].core = self.canaries[-1].core.upper()
        for name, pre in ODD_ENV.items():
            env[name] = self.canary(f"odd-env:{name}", "odd-env", pre, ODD_SUFFIX.get(name, "")).value
        env["SHORT_PASSWORD"] = self.canary("env:SHORT_PASSWORD(7 chars)", "odd-env", n=7).value
        env["B5_NOTE"] = self.canary("interp:B5_NOTE", "interp").value
        self.env = env
        self.env_values = {k: v for k, v in env.items()}

    def envcan(self, name: str) -> Canary:
        return next(c for c in self.canaries if c.label in (f"env:{name}", f"odd-env:{name}"))

    # files ------------------------------------------------------------------------------------------------------
    def write(self, path: Path, content: str | bytes) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path

    def mkrun(self, name: str, manifest: dict | str | None = None, log: str | None = None,
              metrics: str | None = None, eval_: dict | str | None = None, files: dict | None = None,
              base: Path | None = None) -> Path:
        d = (base or self.runs) / name
        d.mkdir(parents=True, exist_ok=True)
        man = {"status": "completed", "overrides": ["model=tiny"], "choices": {"model": "tiny"},
               "started_at": "2026-12-01T10:00:00", "result": {"base_accuracy": 0.1, "trained_accuracy": 0.2},
               "config": {"model": {"name": "tiny"}, "objective": {"name": "grpo"}}}
        if isinstance(manifest, dict):
            man.update(manifest)
        self.write(d / "manifest.json", manifest if isinstance(manifest, str) else json.dumps(man))
        self.write(d / "train.log", log if log is not None else "step 1\nstep 2\n")
        self.write(d / "metrics.jsonl", metrics if metrics is not None else '{"step": 1, "reward": 0.5}\n')
        ev = eval_ if eval_ is not None else {"summary": {"base_accuracy": 0.1}, "records": [
            {"prompt": "p", "answer": "a", "base_completion": "b", "trained_completion": "t", "solved": True}]}
        self.write(d / "eval_results.json", ev if isinstance(ev, str) else json.dumps(ev))
        for rel, content in (files or {}).items():
            self.write(d / rel, content)
        return d

    def mksweep(self, name: str, files: dict) -> Path:
        d = self.sweeps / name
        self.mkrun("0", base=d)
        for rel, content in files.items():
            self.write(d / rel, content)
        return d

    def snapshot(self) -> dict[str, tuple]:
        skip = {self.outputs, self.markers, self.tmp}
        snap: dict[str, tuple] = {}
        for dirpath, dirnames, filenames in os.walk(self.root, followlinks=False):
            dp = Path(dirpath)
            dirnames[:] = [d for d in dirnames if dp / d not in skip]
            for n in filenames + dirnames:
                p = dp / n
                if p.suffix in (".pid", ".err") and dp == self.root:
                    continue
                try:
                    st = os.lstat(p)
                except OSError:
                    continue
                snap[str(p)] = (st.st_size, st.st_mtime_ns, os.path.islink(p))
        return snap


# ---------------------------------------------------------------------------------------------------------------
# an attack and how it is played
# ---------------------------------------------------------------------------------------------------------------

@dataclass
class Attack:
    name: str
    kind: str
    play: Callable[["Play"], None]
    patterns: tuple[str, ...] = ()      # extra evidence: regexes that mean the attack worked
    total_limit: float | None = None    # a many-calls attack: its total time must stay below this


class Play:
    """What one attack does and what came back: ``call`` / ``start`` + ``finish`` (for races)."""

    def __init__(self, world: World, server: Server) -> None:
        self.w, self.s = world, server
        self.replies: list[Reply] = []
        self.problems: list[str] = []

    def call(self, tool: str, **args: Any) -> Reply:
        return self.finish(self.start(tool, **args))

    def start(self, tool: str, **args: Any) -> tuple:
        if not self.s.alive():
            self.problems.append("server was dead before the call; restarted")
            self.s.restart()
        return (self.s.submit(tool, args), tool, args, time.monotonic())

    def finish(self, handle: tuple) -> Reply:
        fut, tool, args, t0 = handle
        reply, problem = self.s.wait(fut, tool, args, t0)
        self.replies.append(reply)
        if problem:
            self.problems.append(f"{problem}: {tool} after {reply.elapsed:.1f} s")
            self.s.restart()
        return reply


def _outputs_state(world: World) -> dict[str, tuple]:
    state = {}
    for dirpath, _, filenames in os.walk(world.outputs):
        for n in filenames:
            try:
                st = os.lstat(os.path.join(dirpath, n))
            except OSError:
                continue
            state[os.path.join(dirpath, n)] = (st.st_mtime_ns, st.st_size)
    return state


def play_attack(world: World, server: Server, attack: Attack) -> dict:
    markers_before = set(os.listdir(world.markers))
    outputs_before = _outputs_state(world)
    snap_before = world.snapshot()
    n_proxy, n_host = world.proxy.received.count(), world.host.received.count()
    t0 = time.monotonic()
    p = Play(world, server)
    harness_error = None
    try:
        attack.play(p)
    except Exception as e:  # noqa: BLE001 - a bug in the attack's own code, not the server's
        harness_error = f"{type(e).__name__}: {e}"
    elapsed = time.monotonic() - t0
    time.sleep(0.05)
    evidence: list[str] = list(p.problems)
    text = "\n".join(dict.fromkeys(r.all_text for r in p.replies))
    evidence += scan(text, world.canaries)
    for pat in attack.patterns:
        m = re.search(pat, text)
        if m:
            evidence.append(f"pattern {pat!r} matched: {m.group(0)[:80]!r}")
    for name, rec in (("proxy", world.proxy), ("host", world.host)):
        got = rec.received.since(n_proxy if name == "proxy" else n_host)
        if got:
            evidence.append(f"{len(got)} connection(s) to the {name} catcher: {got[0][:200]!r}")
    new_markers = sorted(set(os.listdir(world.markers)) - markers_before)
    if new_markers:
        evidence.append(f"marker file(s): {new_markers}")
    snap_after = world.snapshot()
    changed = sorted(k for k in set(snap_before) | set(snap_after) if snap_before.get(k) != snap_after.get(k))
    if changed:
        evidence.append(f"outside the outputs dir, created/changed/removed: {changed[:5]}")
    # an outside canary written into the outputs dir = a file outside the roots was read
    # (after the measurement: only files this attack created or changed, not every file of the last second, which
    # carried the previous attack's files over; RESULTS.md)
    for fpath, state in _outputs_state(world).items():
        if outputs_before.get(fpath) == state:
            continue
        fp = Path(fpath)
        if True:
            try:
                st = fp.lstat()
                if fp.is_symlink() or st.st_size > 20_000_000 or st.st_blocks * 512 < st.st_size // 2:
                    continue
                hits = scan(fp.read_bytes().decode("utf-8", "replace"), world.outside_canaries())
            except OSError:
                continue
            if hits:
                evidence.append(f"outside canary written into {fp}: {hits[0]}")
    if attack.total_limit and elapsed > attack.total_limit:
        evidence.append(f"the attack's calls took {elapsed:.1f} s in all (limit {attack.total_limit} s)")
    if not server.alive():
        evidence.append("server dead after the attack")
        server.restart()
    if harness_error and not evidence:
        outcome = "harness-error"
    elif evidence:
        outcome = "succeeded"
    elif p.replies and all(r.refused for r in p.replies):
        outcome = "refused"
    else:
        outcome = "replied"
    first = p.replies[0].text if p.replies else ""
    rec = {"attack": attack.name, "kind": attack.kind, "outcome": outcome, "time_s": round(elapsed, 2),
           "evidence": evidence, "harness_error": harness_error, "calls": len(p.replies), "reply": first[:300]}
    RESULTS.append(rec)
    return rec


# ---------------------------------------------------------------------------------------------------------------
# building the world: everything planted before the server starts
# ---------------------------------------------------------------------------------------------------------------

def b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


def build(w: World) -> dict:
    """Plants the world; returns the paths and values the attacks need."""
    w.build_env()
    k: dict[str, Any] = {}
    M = w.markers
    # PATH shims: any network or cluster tool run leaves a marker
    for tool in SHIMS:
        sh = w.shims / tool
        sh.write_text(f'#!/bin/sh\necho "$0 $*" > "{M}/shim-{tool}-$$"\nexit 1\n')
        sh.chmod(0o755)
    # a module the client may name; importing it leaves a marker
    w.write(w.project / "b5evil.py", f"open({str(M / 'import-b5evil')!r}, 'w').write('imported')\n"
                                     "def fn(*a, **k):\n    return None\n"
                                     "class Evil:\n    def __init__(self, *a, **k): pass\n")
    # user config option in the project (is the project's conf/ read?)
    w.write(w.project / "conf" / "reward" / "evil.yaml", "# An evil reward.\nname: evil\nkind: arithmetic\n"
            "_target_: b5evil.fn\n")
    # files outside the roots, each with its own canary
    sec = w.canary("outside:secret.txt", "outside")
    w.write(w.outside / "secret.txt", f"the outside secret is {sec.value}\n")
    osj = w.canary("outside:secret.jsonl", "outside")
    w.write(w.outside / "secret.jsonl", json.dumps({"id": osj.core, "messages": [
        {"role": "user", "content": f"outside {osj.core}"}, {"role": osj.core, "content": "x"}]}) + "\n"
        + json.dumps({"id": "ok", "messages": [{"role": "user", "content": f"q {osj.core}"},
                                              {"role": "assistant", "content": f"a {osj.core}"}]}) + "\n")
    osr = w.canary("outside:secret_rows.jsonl", "outside")
    w.write(w.outside / "secret_rows.jsonl", "".join(json.dumps(
        {"prompt": f"What is {osr.core}?", "answer": osr.core, "messages": [
            {"role": "user", "content": osr.core}, {"role": "assistant", "content": osr.core}]}) + "\n"
        for _ in range(3)))
    osm = w.canary("outside:secret_metrics.jsonl", "outside")
    w.write(w.outside / "secret_metrics.jsonl", json.dumps({"step": 1, "outside": osm.core}) + "\n")
    oconf = w.canary("outside:conf_outside/evil.yaml", "outside")
    w.write(w.outside / "conf_outside" / "evil.yaml", f"# Outside option {oconf.core}. More.\nnote: {oconf.core}\n")
    oexp = w.canary("outside:evil.yaml", "outside")
    w.write(w.outside / "evil.yaml", f"# @package _global_\n# Outside experiment {oexp.core}.\nnotes: {oexp.core}\n")
    ofr = w.canary("outside:fake_run", "outside")
    w.mkrun("fake_run", base=w.outside, manifest={"status": f"st{ofr.core}", "error": ofr.core,
                                                  "config": {"model": {"name": ofr.core}}},
            log=f"outside log {ofr.core}\n", metrics=json.dumps({"step": 1, "o": ofr.core}) + "\n",
            eval_={"summary": {"o": ofr.core}, "records": []})
    (w.outside / "fake_run" / "model").mkdir()
    oimp = w.canary("outside:improve_summary.json", "outside")
    w.write(w.outside / "curated.jsonl", json.dumps({"prompt": "p", "completion": oimp.core}) + "\n")
    w.write(w.outside / "improve_summary.json", json.dumps(
        {"threshold": 0.7, "config": {"reward": {"name": oimp.core}, "task": {"name": oimp.core}},
         "turns": {"graded": 1, "kept": 1}, "lineage": {"transcripts": {"path": str(w.outside / "secret.jsonl")}},
         "note": oimp.core}))
    otr = w.canary("outside:secret_transcripts.jsonl", "outside")
    w.write(w.outside / "secret_transcripts.jsonl", json.dumps(
        {"id": "t-" + otr.core, "format": "openai", "source": {"path": "x", "line": 1, "record": otr.core},
         "messages": [{"role": "user", "content": f"u {otr.core}"}, {"role": "assistant", "content": f"a {otr.core}"}],
         "metadata": {"columns": {"answer": otr.core}}}) + "\n")
    (w.outside / "outdir").mkdir()
    # the user's home: credentials
    for rel in (".netrc", ".ssh/id_rsa", ".git-credentials", ".cache/huggingface/token", ".aws/credentials",
                ".config/gcloud/credentials.db", ".runpod/config.toml", ".modal.toml"):
        c = w.canary(f"outside:~/{rel}", "outside")
        w.write(w.home / rel, f"machine x login u password {c.value}\n")
    # decoy process: its command line and environment hold canaries
    dc = w.canary("decoy:cmdline", "decoy")
    de = w.canary("decoy:environ", "decoy")
    w.decoy = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(1800)", dc.core],
                               env={"PATH": "/usr/bin:/bin", "DECOY_SECRET": de.core}, cwd=str(w.outside),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    k["decoy_pid"] = w.decoy.pid
    # project-side files
    w.write(w.project / "logs" / "chats.jsonl", json.dumps({"id": "c1", "messages": [
        {"role": "system", "content": "You are a support agent."},
        {"role": "user", "content": "Where is my order W1234567?"},
        {"role": "assistant", "content": "Your order W1234567 shipped yesterday."}]}) + "\n")
    os.symlink(w.outside, w.project / "link_out")
    os.symlink(w.outside / "secret_rows.jsonl", w.project / "link_secret.jsonl")
    # a model dir with code and a template that would run
    em = w.project / "evilmodel"
    w.write(em / "config.json", json.dumps({"model_type": "b5evil", "architectures": ["EvilModel"],
                                            "auto_map": {"AutoConfig": "modeling_evil.EvilConfig",
                                                         "AutoModelForCausalLM": "modeling_evil.EvilModel"}}))
    w.write(em / "modeling_evil.py", f"open({str(M / 'import-modeling_evil')!r}, 'w').write('x')\n")
    w.write(em / "tokenizer_config.json", json.dumps({
        "chat_template": "{{ cycler.__init__.__globals__.os.system('touch " + str(M / 'ssti-tokenizer') + "') }}"}))
    return k


# ---------------------------------------------------------------------------------------------------------------
# the attacks
# ---------------------------------------------------------------------------------------------------------------

ATTACKS: dict[str, Attack] = {}
CONTROLS: dict[str, Attack] = {}
PLANT: list[Callable[[World, dict], None]] = []


def attack(name: str, kind: str, **kw: Any):
    def deco(fn: Callable[[Play], None]) -> Callable[[Play], None]:
        assert name not in ATTACKS, name
        ATTACKS[name] = Attack(name, kind, fn, **kw)
        return fn
    return deco


def simple(name: str, kind: str, tool: str, patterns: tuple[str, ...] = (), **args: Any) -> None:
    ATTACKS[name] = Attack(name, kind, lambda p: p.call(tool, **args), patterns=patterns)


def plant(fn: Callable[[World, dict], None]) -> Callable[[World, dict], None]:
    PLANT.append(fn)
    return fn


# The world's paths are only known once it is built; attacks read them from this holder at play time.
class _W:
    w: World
    k: dict


def W() -> World:
    return _W.w


# ---- controls (benign calls that must succeed, detectors quiet) ------------------------------------------------

def _control_list(p: Play) -> None:
    r = p.call("list_options")
    assert not r.is_error and "model" in (r.data or {}), r.text[:300]


def _control_compose(p: Play) -> None:
    r = p.call("compose_config", overrides=["model=tiny", "profile=smoke"])
    assert not r.is_error and (r.data or {}).get("ok") is True, r.text[:300]


def _control_reads(p: Play) -> None:
    run = str(W().runs / "control_good")
    for tool in ("run_status", "run_metrics", "run_eval", "lineage"):
        r = p.call(tool, run_dir=run)
        assert not r.is_error, (tool, r.text[:300])


def _control_ingest(p: Play) -> None:
    r = p.call("ingest", inputs=["logs/chats.jsonl"], output=str(W().outputs / "control_tr"))
    assert not r.is_error and (r.data or {}).get("exit_code") == 0, r.text[:500]


CONTROLS["control_list_options"] = Attack("control_list_options", "control", _control_list)
CONTROLS["control_compose_tiny"] = Attack("control_compose_tiny", "control", _control_compose)
CONTROLS["control_benign_reads"] = Attack("control_benign_reads", "control", _control_reads)
CONTROLS["control_benign_ingest"] = Attack("control_benign_ingest", "control", _control_ingest)


@plant
def _p_control(w: World, k: dict) -> None:
    w.mkrun("control_good")


# ---- A. interpolations sent by the client ----------------------------------------------------------------------

INTERP_COMPOSE = {
    "interp_notes_env": ["notes=${oc.env:B5_NOTE}"],
    "interp_nested_decode": ["notes=${oc.decode:${oc.env:B5_NOTE}}"],
    "interp_in_key": ["+${oc.env:B5_NOTE}=1"],
    "interp_list_item": ["tags=[a,${oc.env:B5_NOTE}]"],
    "interp_dict_value": ["+extra={k: '${oc.env:B5_NOTE}'}"],
    "interp_backslash_escaped": ["notes=\\${oc.env:B5_NOTE}"],
    "interp_oc_create": ["+extra=${oc.create:'{a: ${oc.env:B5_NOTE}}'}"],
    "interp_oc_select_default": ["notes=${oc.select:nosuch,${oc.env:B5_NOTE}}"],
    "interp_fullwidth_braces": ["notes=\uff04\uff5boc.env:B5_NOTE\uff5d"],
    "interp_double_dollar": ["notes=$${oc.env:B5_NOTE}"],
    "interp_group_option": ["model=${oc.env:B5_NOTE}"],
    "interp_in_range_sweep": ["seed=range(0,${oc.env:B5_NOTE})"],
    "interp_zero_width_joiner": ["notes=$\u200d{oc.env:B5_NOTE}"],
    "interp_in_quoted_glob": ["notes='${oc.env:PRIVKEY}'"],
}
for _n, _o in INTERP_COMPOSE.items():
    simple(_n, "interpolation", "compose_config", overrides=_o)
simple("interp_choice_sweep_multirun", "interpolation", "compose_config",
       overrides=["notes=choice(a,${oc.env:B5_NOTE})"], multirun=True)
simple("interp_plan_job_run_name", "interpolation", "plan_job", overrides=["run_name=${oc.env:PRIVKEY}"])
simple("interp_list_options_group", "interpolation", "list_options", group="${oc.env:B5_NOTE}")
simple("interp_improve_reward_arg", "interpolation", "improve", transcripts="tr", output="imp_interp",
       reward="${oc.env:B5_NOTE}")


@attack("interp_improve_override", "interpolation")
def _(p: Play) -> None:
    p.call("improve", transcripts=str(W().outputs / "control_tr"), output=str(W().outputs / "imp_i2"),
           overrides=["reward.params.x=${oc.env:B5_NOTE}"])


@attack("interp_ingest_path", "interpolation")
def _(p: Play) -> None:
    p.call("ingest", inputs=["${oc.env:B5_NOTE}.jsonl"], output=str(W().outputs / "ing_interp"))


simple("interp_run_dir_home", "interpolation", "run_status", run_dir="${oc.env:HOME}/.netrc")


# ---- B. interpolations and tags in files the readers load ------------------------------------------------------

@plant
def _p_interp_files(w: World, k: dict) -> None:
    w.mkrun("interp_manifest", manifest={"config": {"model": {"name": "${oc.env:B5_NOTE}"},
                                                    "objective": {"name": "${oc.env:PRIVKEY}"},
                                                    "task": {"name": "${oc.env:MNEMONIC}"},
                                                    "reward": {"name": "${oc.decode:'${oc.env:SEED_PHRASE}'}"}},
                                         "error": "${oc.env:KENNWORT}"})
    w.mkrun("interp_hydra", files={
        ".hydra/config.yaml": "model:\n  name: ${oc.env:B5_NOTE}\nobjective:\n  name: ${oc.env:OTP_SEED}\n"
                              "task:\n  name: x\nreward:\n  name: y\n",
        ".hydra/overrides.yaml": "- notes=${oc.env:B5_NOTE}\n- model=${oc.env:HMAC_SALT}\n",
        ".hydra/hydra.yaml": "hydra:\n  run:\n    dir: ${oc.env:B5_NOTE}\n  runtime:\n    choices:\n"
                             "      model: ${oc.env:PAROLA}\n"})
    w.mkrun("interp_eval", eval_={"summary": {"base_accuracy": "${oc.env:B5_NOTE}", "x": "${oc.env:CONTRASENA}"},
                                  "records": [{"prompt": "${oc.env:B5_NOTE}", "solved": True}]})
    w.mksweep("interp_sweep", {
        "multirun.yaml": f"hydra:\n  sweeper:\n    storage: postgresql://b5:pw@127.0.0.1:{w.host.port}/b5sweep\n"
                         "    study_name: ${oc.env:B5_NOTE}\nnotes: ${oc.env:MOT_DE_PASSE}\n",
        "optimization_results.yaml": "name: ${oc.env:B5_NOTE}\nbest_value: ${oc.env:ACCESS_CODE}\n"
                                     "best_params:\n  lr: ${oc.env:SESSION_ID}\n",
        "summary.md": "# sweep\n"})


def reader(name: str, kind: str, calls: list[tuple[str, str, dict]], patterns: tuple[str, ...] = ()) -> None:
    """An attack that reads one planted dir with one or more tools: calls = [(tool, dir name, extra args)];
    the dir name is under runs/ unless it starts with 'sweep:' (under multirun/)."""

    def play(p: Play) -> None:
        for tool, d, extra in calls:
            path = W().sweeps / d[6:] if d.startswith("sweep:") else W().runs / d
            key = "sweep_dir" if tool == "sweep_report" else "run_dir"
            p.call(tool, **{key: str(path)}, **extra)

    ATTACKS[name] = Attack(name, kind, play, patterns=patterns)


reader("planted_manifest_interp_lineage", "planted-interpolation", [("lineage", "interp_manifest", {})])
reader("planted_manifest_interp_status", "planted-interpolation", [("run_status", "interp_manifest", {})])
reader("planted_hydra_files_interp", "planted-interpolation",
       [("lineage", "interp_hydra", {}), ("run_status", "interp_hydra", {})])
reader("planted_eval_interp", "planted-interpolation", [("run_eval", "interp_eval", {"records": 5})])
reader("planted_sweep_interp_and_storage", "planted-interpolation", [("sweep_report", "sweep:interp_sweep", {})])


# ---- C. code: YAML tags, pickles, templates, modules -----------------------------------------------------------

class _Pickle:
    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self):
        return (os.system, (f"touch {self.path}",))


@plant
def _p_code(w: World, k: dict) -> None:
    M = w.markers
    w.mksweep("yaml_apply", {"optimization_results.yaml":
                             f"name: x\nbest_params: !!python/object/apply:os.system ['touch {M}/yaml-apply']\n"})
    w.mksweep("yaml_new", {"optimization_results.yaml":
                           "name: x\nbest_params: !!python/object/new:b5evil.Evil []\n"
                           "other: !!python/name:b5evil.fn ''\n"})
    w.mkrun("yaml_hydra", files={
        ".hydra/config.yaml": f"model: !!python/object/apply:os.system ['touch {M}/yaml-hydra']\n",
        ".hydra/overrides.yaml": f"- !!python/object/apply:os.system ['touch {M}/yaml-ovr']\n"})
    pk = lambda tag: pickle.dumps(_Pickle(str(M / f"pickle-{tag}")))  # noqa: E731
    w.mkrun("pickles", manifest={"global_step": 2, "checkpoint": "checkpoints/checkpoint-2"}, files={
        "checkpoints/checkpoint-2/optimizer.pt": pk("optimizer"), "checkpoints/checkpoint-2/rng_state.pth": pk("rng"),
        "checkpoints/checkpoint-2/training_args.bin": pk("args"), "checkpoints/checkpoint-2/scheduler.pt": pk("sched"),
        "checkpoints/checkpoint-2/trainer_state.json": json.dumps({"global_step": 2, "log_history": []}),
        "model/training_args.bin": pk("model-args"), "state.pkl": pk("state")})
    w.mksweep("pickle_sweep", {"study.pkl": pk("study"), "optuna.journal": pk("journal") + b"\n",
                               "optimization_results.yaml": "name: x\n"})
    # ingest inputs that would import or run code if deserialised unsafely
    w.write(w.project / "logs" / "lc_ctor.jsonl", json.dumps({"id": "r1", "run_type": "llm", "name": "ChatOpenAI",
        "inputs": {"messages": [[{"lc": 1, "type": "constructor", "id": ["b5evil", "Evil"],
                                  "kwargs": {"content": "hi"}}]]},
        "outputs": {"generations": [[{"text": "yo", "message": {"lc": 1, "type": "constructor",
                                                               "id": ["b5evil", "Evil"], "kwargs": {}}}]]},
        "child_runs": []}) + "\n")
    w.write(w.project / "logs" / "pyliteral.jsonl", json.dumps({"id": "r2", "run_type": "chain", "name": "agent",
        "inputs": {"input": "what?"}, "outputs": {"output": "ok"},
        "child_runs": [{"id": "r2c", "run_type": "tool", "name": "lookup",
                        "inputs": {"input": "__import__('b5evil').fn() or {'a': 1}"},
                        "outputs": {"output": "fine"}}]}) + "\n")


reader("yaml_tag_apply_in_optimization_results", "code", [("sweep_report", "sweep:yaml_apply", {})])
reader("yaml_tag_new_and_name_in_optimization_results", "code", [("sweep_report", "sweep:yaml_new", {})])
reader("yaml_tag_in_hydra_files", "code", [("lineage", "yaml_hydra", {}), ("run_status", "yaml_hydra", {})])
reader("pickles_in_checkpoint", "code", [("run_status", "pickles", {}), ("lineage", "pickles", {}),
                                         ("run_metrics", "pickles", {})])
reader("pickles_in_sweep_dir", "code", [("sweep_report", "sweep:pickle_sweep", {})])


@attack("ingest_langchain_constructor", "code")
def _(p: Play) -> None:
    p.call("ingest", inputs=["logs/lc_ctor.jsonl"], output=str(W().outputs / "ing_lc"), format="langchain")


@attack("ingest_python_literal_tool_input", "code")
def _(p: Play) -> None:
    p.call("ingest", inputs=["logs/pyliteral.jsonl"], output=str(W().outputs / "ing_lit"))


simple("target_top_level", "code", "compose_config", overrides=["reward._target_=b5evil.fn"])
simple("target_in_params_dict", "code", "compose_config", overrides=["+reward.params.factory={_target_: b5evil.fn}"])
simple("logging_factory_hydra_job_logging", "code", "plan_job",
       overrides=["+hydra.job_logging.handlers.b5={'()': b5evil.fn}", "model=tiny"])
simple("logging_factory_hydra_logging", "code", "compose_config",
       overrides=["+hydra.hydra_logging.root.handlers=[b5]", "+hydra.hydra_logging.handlers.b5={'()': b5evil.fn}"])


@attack("chat_template_ssti", "code")
def _(p: Play) -> None:
    m = W().markers / "ssti-random-init"
    p.call("compose_config", overrides=["model=tiny", "profile=smoke",
           f"model.random_init.chat_template=\"{{{{ cycler.__init__.__globals__.os.system('touch {m}') }}}}"
           f"{{{{ lipsum.__globals__['os'].environ['B5_NOTE'] }}}}\""])


simple("prompt_template_format_injection", "code", "compose_config",
       overrides=["model=tiny", "profile=smoke", "task.prompt_template=\"{a.__class__.__mro__} {op.__class__} {b}\""],
       patterns=(r"<class 'int'>", r"<class 'object'>", r"<class 'str'>"))
simple("model_dir_with_code_and_template", "code", "plan_job",
       overrides=["model.name_or_path=evilmodel", "model.trust_remote_code=false", "profile=smoke"])
simple("project_conf_reward_option", "code", "compose_config", overrides=["reward=evil"])


def _shadow(d: Path) -> None:
    M = W().markers
    for mod in ("omegaconf", "yaml", "sqlite3", "tempfile", "argparse", "hashlib", "csv", "uuid", "statistics", "hydra",
                "loopwright", "json", "shutil", "difflib", "secrets", "decimal"):
        pkg = d / mod
        pkg.mkdir(parents=True, exist_ok=True)
        (pkg / "__init__.py").write_text(f"open({str(M / ('shadow-' + mod))!r}, 'w').write({str(d)!r})\n"
                                         "raise ImportError('b5 shadow')\n")


@attack("shadow_modules_in_ingest_output_and_outputs", "code")
def _(p: Play) -> None:
    out = W().outputs / "shadow_ing"
    _shadow(out)
    _shadow(W().outputs)
    try:
        p.call("ingest", inputs=["logs/chats.jsonl"], output=str(out))
    finally:
        for mod in os.listdir(W().outputs):
            if ((W().outputs / mod / "__init__.py").exists()
                    and "b5 shadow" in (W().outputs / mod / "__init__.py").read_text()):
                shutil.rmtree(W().outputs / mod)


@attack("shadow_modules_in_improve_output", "code")
def _(p: Play) -> None:
    out = W().outputs / "shadow_imp"
    _shadow(out)
    p.call("improve", transcripts=str(W().outputs / "control_tr"), output=str(out), reward="arithmetic",
           task="arithmetic")


# ---- D. network --------------------------------------------------------------------------------------------------

def _url(path: str) -> str:
    return f"{W().host.url}/{path}"


def net(name: str, tool: str, build_args: Callable[[], dict]) -> None:
    ATTACKS[name] = Attack(name, "network", lambda p: p.call(tool, **build_args()))


net("net_sweeper_storage_postgres_compose", "compose_config", lambda: {"overrides": [
    "sweep=grpo_lr_kl", "model=tiny", f"hydra.sweeper.storage=postgresql://b5@127.0.0.1:{W().host.port}/a"],
    "multirun": True})
net("net_sweeper_storage_postgres_plan", "plan_job", lambda: {"overrides": [
    "sweep=grpo_lr_kl", "model=tiny", f"hydra.sweeper.storage=postgresql+psycopg2://b5@127.0.0.1:{W().host.port}/b"],
    "multirun": True})
net("net_sweeper_storage_mysql_plan", "plan_job", lambda: {"overrides": [
    "sweep=grpo_lr_kl", "model=tiny", f"hydra.sweeper.storage=mysql+pymysql://b5@127.0.0.1:{W().host.port}/c"],
    "multirun": True})
net("net_url_key_uppercase", "compose_config", lambda: {"overrides": [
    "reward=judge", "reward.model=m", f"reward.base_URL={_url('a-upper')}"]})
net("net_url_key_api_base_param", "compose_config", lambda: {"overrides": [
    "reward=judge", "reward.model=m", f"+reward.params.api_base={_url('a-apibase')}",
    f"+reward.params.host={_url('h')}"]})
net("net_judge_env_base_url_fallback_improve", "improve", lambda: {
    "transcripts": str(W().outputs / "control_tr"), "output": str(W().outputs / "imp_judge"), "reward": "judge",
    "overrides": ["reward.model=gpt-4o-mini", "reward.rubric=Is it good?"]})
net("net_task_path_http_compose", "compose_config", lambda: {"overrides": [
    "model=tiny", "profile=smoke", "task=jsonl", f"task.path={_url('a-taskpath.jsonl')}"]})
net("net_task_path_http_improve", "improve", lambda: {
    "transcripts": str(W().outputs / "control_tr"), "output": str(W().outputs / "imp_http"), "reward": "arithmetic",
    "task": "jsonl", "overrides": [f"task.path={_url('a-impr.jsonl')}"]})
net("net_task_path_hf_scheme", "compose_config", lambda: {"overrides": [
    "model=tiny", "task=jsonl", "task.path=hf://datasets/b5org/b5set/train.jsonl"]})
net("net_task_path_s3_scheme", "compose_config", lambda: {"overrides": [
    "model=tiny", "task=jsonl", "task.path=s3://b5bucket/train.jsonl"]})
net("net_model_name_is_url", "plan_job", lambda: {"overrides": [f"model.name_or_path={_url('a-model')}"]})
net("net_model_hub_id", "plan_job", lambda: {"overrides": ["model.name_or_path=b5org/b5-model", "profile=smoke"]})
net("net_eval_prompts_url", "compose_config", lambda: {"overrides": [
    "model=tiny", f"eval.prompts={_url('a-evalprompts.jsonl')}"]})
net("net_plan_runpod", "plan_job", lambda: {"overrides": ["provider=runpod", "model=tiny", "profile=smoke"]})
net("net_plan_modal", "plan_job", lambda: {"overrides": ["provider=modal", "model=tiny", "profile=smoke"]})
net("net_plan_ray", "plan_job", lambda: {"overrides": ["provider=ray", "model=tiny", "profile=smoke"]})
net("net_plan_slurm_local_gpus", "plan_job", lambda: {"overrides": ["provider=slurm", "model=tiny", "profile=smoke"]})
net("net_vllm_server_cuda", "plan_job", lambda: {"overrides": ["rollout=vllm_server", "profile.device=cuda",
                                                              "model=tiny"]})
net("net_wandb_online", "plan_job", lambda: {"overrides": ["logger=wandb", "logger.mode=online", "model=tiny"]})
net("net_improve_gsm8k_task", "improve", lambda: {
    "transcripts": str(W().outputs / "control_tr"), "output": str(W().outputs / "imp_gsm"), "reward": "gsm8k",
    "task": "gsm8k"})
net("net_ingest_url_input", "ingest", lambda: {"inputs": [_url("a-ingest.jsonl")],
                                               "output": str(W().outputs / "ing_url")})


# ---- E. paths and arguments ----------------------------------------------------------------------------------------

def trav(target: Path) -> str:
    return "../" * 14 + str(target).lstrip("/")


simple_lazy = lambda name, kind, tool, fn: ATTACKS.__setitem__(name, Attack(name, kind, lambda p: p.call(tool, **fn())))  # noqa: E731

simple_lazy("list_options_group_traversal", "path", "list_options",
            lambda: {"group": trav(W().outside / "conf_outside")})
simple_lazy("list_options_group_absolute", "path", "list_options", lambda: {"group": str(W().outside / "conf_outside")})
simple_lazy("list_options_group_via_project_link", "path", "list_options",
            lambda: {"group": "../../../../../../../../../../../.." + str(W().project / "link_out" / "conf_outside")})
simple_lazy("group_option_list_traversal", "path", "compose_config",
            lambda: {"overrides": ["model=tiny", f"+experiment=[gsm8k,{trav(W().outside / 'evil')}]"]})
simple_lazy("group_option_choice_traversal", "path", "compose_config",
            lambda: {"overrides": ["model=tiny", f"experiment=choice(gsm8k,{trav(W().outside / 'evil')})"],
                     "multirun": True})
simple_lazy("group_option_package_traversal", "path", "compose_config",
            lambda: {"overrides": ["model=tiny", f"+model@extra={trav(W().outside / 'evil')}"]})
simple_lazy("group_option_sorted_traversal", "path", "compose_config",
            lambda: {"overrides": ["model=tiny", f"experiment=sort(gsm8k,{trav(W().outside / 'evil')})"],
                     "multirun": True})
simple_lazy("ingest_comma_injection", "path", "ingest",
            lambda: {"inputs": [f"logs/chats.jsonl,{W().outside / 'secret.jsonl'}"],
                     "output": str(W().outputs / "ing_comma")})
simple_lazy("ingest_bracket_quote_injection", "path", "ingest",
            lambda: {"inputs": [f"logs/it's],input=['{W().outside / 'secret.jsonl'}"],
                     "output": str(W().outputs / "ing_q")})
simple_lazy("ingest_output_comma_injection", "path", "ingest",
            lambda: {"inputs": ["logs/chats.jsonl"], "output": f"{W().outputs / 'ing_oc'},{W().outside / 'outdir'}"})
simple_lazy("improve_transcripts_comma_injection", "path", "improve",
            lambda: {"transcripts": f"{W().outputs / 'control_tr'},{W().outside / 'secret_transcripts.jsonl'}",
                     "output": str(W().outputs / "imp_comma"), "reward": "arithmetic", "task": "arithmetic"})
simple_lazy("improve_task_path_lexical_dotdot", "path", "improve",
            lambda: {"transcripts": str(W().outputs / "control_tr"), "output": str(W().outputs / "imp_lex"),
                     "reward": "arithmetic", "task": "jsonl",
                     "overrides": ["task.path=nonexist/../../outside/secret_rows.jsonl"]})
simple("compose_task_path_lexical_dotdot", "path", "compose_config",
       overrides=["model=tiny", "task=jsonl", "task.path=nonexist/../../outside/secret_rows.jsonl"])
simple("compose_eval_prompts_lexical_dotdot", "path", "compose_config",
       overrides=["model=tiny", "eval.prompts=nonexist/../../outside/secret_rows.jsonl"])
simple("compose_task_path_home_netrc", "path", "compose_config", overrides=["model=tiny", "task=jsonl",
                                                                         "task.path=~/.netrc"])
simple("compose_task_path_project_link", "path", "compose_config",
       overrides=["model=tiny", "task=jsonl", "task.path=link_secret.jsonl"])
simple("compose_resume_via_project_link", "path", "compose_config",
       overrides=["model=tiny", "resume=link_out/fake_run"])
simple("compose_rubric_file_via_link_dir", "path", "compose_config",
       overrides=["model=tiny", "reward=judge", "reward.rubric_file=link_out/secret.txt", "reward.model=m"])
simple_lazy("ingest_stdin_dash", "path", "ingest", lambda: {"inputs": ["-"], "output": str(W().outputs / "ing_dash")})
simple_lazy("ingest_proc_self_fd0", "path", "ingest",
            lambda: {"inputs": ["/proc/self/fd/0"], "output": str(W().outputs / "ing_fd0")})
simple_lazy("run_dir_with_nul", "path", "run_status",
            lambda: {"run_dir": f"{W().outputs}/runs\x00/../../outside/fake_run"})
simple_lazy("run_dir_proc_self_root", "path", "run_status",
            lambda: {"run_dir": f"/proc/self/root{W().outside / 'fake_run'}"})


@plant
def _p_paths(w: World, k: dict) -> None:
    os.symlink(w.outside / "fake_run", w.runs / "linked_run")
    w.mkrun("log_environ", files={})
    (w.runs / "log_environ" / "train.log").unlink()
    os.symlink("/proc/self/environ", w.runs / "log_environ" / "train.log")
    w.mkrun("double_hop")
    (w.runs / "double_hop" / "metrics.jsonl").unlink()
    os.symlink(w.outside / "secret_metrics.jsonl", w.outputs / "hop.jsonl")
    os.symlink(w.outputs / "hop.jsonl", w.runs / "double_hop" / "metrics.jsonl")
    dp = k["decoy_pid"]
    for name, log in (("launch_log_outside", str(w.outside / "secret.txt")),
                      ("launch_log_environ", "/proc/self/environ"),
                      ("launch_log_relative", "../../../../outside/secret.txt"),
                      ("launch_log_decoy_environ", f"/proc/{dp}/environ")):
        w.mkrun(name, manifest={"status": "running"}, files={"launch.json": json.dumps(
            {"pid": dp, "command": ["python", "-m", "loopwright.train"], "log": log, "run_dir": str(w.runs / name),
             "started_at": "2026-12-01T10:00:00"})})
    w.mkrun("decoy_pid", manifest={"status": "running"}, files={"launch.json": json.dumps(
        {"pid": dp, "log": "launch.log", "run_dir": str(w.runs / "decoy_pid")}), "launch.log": "starting\n"})
    w.mkrun("lineage_outside_data", manifest={"lineage": {
        "data": {"path": str(w.outside / "curated.jsonl"), "sha256": "0" * 64, "task": "curated"},
        "improve": {"path": str(w.outside), "summary": str(w.outside / "improve_summary.json")},
        "held_out": {"path": str(w.outside / "secret_rows.jsonl"), "sha256": "0" * 64}},
        "config": {"model": {"name": "tiny", "source": "random_init"}, "task": {"name": "curated",
                   "path": str(w.outside / "curated.jsonl")}}})
    w.mkrun("lineage_parent_outside", manifest={"config": {"model": {
        "name": "x", "source": "run", "name_or_path": str(w.outside / "fake_run" / "model")}},
        "lineage": {"parent_model": {"path": str(w.outside / "fake_run" / "model"),
                                     "run": str(w.outside / "fake_run")}}})
    w.mkrun("lineage_parent_link", manifest={"config": {"model": {
        "name": "x", "source": "run", "name_or_path": str(w.project / "link_out" / "fake_run" / "model")}},
        "lineage": {"parent_model": {"path": str(w.project / "link_out" / "fake_run" / "model"),
                                     "run": str(w.project / "link_out" / "fake_run")}}})
    # two runs naming each other as parent
    a, b = w.runs / "cycle_a", w.runs / "cycle_b"
    for me, other in ((a, b), (b, a)):
        w.mkrun(me.name, manifest={"config": {"model": {"name": "x", "source": "run",
                                                        "name_or_path": str(other / "model")}},
                                   "lineage": {"parent_model": {"path": str(other / "model"), "run": str(other)}}})
        (me / "model").mkdir(exist_ok=True)


reader("run_dir_symlink_to_outside", "path", [("run_status", "linked_run", {}), ("run_metrics", "linked_run", {})])
reader("log_symlink_proc_self_environ", "path", [("run_status", "log_environ", {"log_lines": 200})])
reader("metrics_double_hop_symlink", "path", [("run_metrics", "double_hop", {})])
reader("launch_json_log_outside", "path", [("run_status", "launch_log_outside", {"log_lines": 200})])
reader("launch_json_log_proc_environ", "path", [("run_status", "launch_log_environ", {"log_lines": 200})])
reader("launch_json_log_relative_dotdot", "path", [("run_status", "launch_log_relative", {"log_lines": 200})])
reader("launch_json_log_decoy_environ", "path", [("run_status", "launch_log_decoy_environ", {"log_lines": 200})])
reader("launch_json_decoy_pid_process", "path", [("run_status", "decoy_pid", {})])
reader("lineage_outside_data_and_improve", "path", [("lineage", "lineage_outside_data", {})])
reader("lineage_parent_run_outside", "path", [("lineage", "lineage_parent_outside", {})])
reader("lineage_parent_run_via_project_link", "path", [("lineage", "lineage_parent_link", {})])
reader("lineage_parent_cycle", "resource", [("lineage", "cycle_a", {})])


# ---- F. races: a checked file swapped for a link -------------------------------------------------------------------

def _flip(path: Path, target: Path, stop: threading.Event) -> None:
    """Swap ``path`` between a regular file and a symlink to ``target`` as fast as renames allow."""
    reg, lnk = path.with_name(path.name + ".reg"), path.with_name(path.name + ".lnk")
    shutil.copy(path, reg)
    while not stop.is_set():
        try:
            if os.path.lexists(lnk):
                os.unlink(lnk)
            os.symlink(target, lnk)
            os.replace(lnk, path)
            time.sleep(0.0005)
            shutil.copy(reg, lnk)
            os.replace(lnk, path)
            time.sleep(0.0005)
        except OSError:
            pass


def race(name: str, tool: str, key: str, d: Callable[[], Path], rel: str, target: Callable[[], Path],
         n: int = 25, extra: dict | None = None) -> None:
    def play(p: Play) -> None:
        path = d() / rel
        stop = threading.Event()
        t = threading.Thread(target=_flip, args=(path, target(), stop), daemon=True)
        t.start()
        try:
            for _ in range(n):
                p.call(tool, **{key: str(d())}, **(extra or {}))
                if p.problems:
                    break
        finally:
            stop.set()
            t.join(5)

    ATTACKS[name] = Attack(name, "race", play)


@plant
def _p_races(w: World, k: dict) -> None:
    for n in ("race_log", "race_metrics", "race_eval", "race_manifest"):
        w.mkrun(n, log="benign line\n" * 5)
    w.mksweep("race_sweep", {"summary.md": "# benign\n", "optimization_results.yaml": "name: x\n"})


race("race_log_symlink_flip", "run_status", "run_dir", lambda: W().runs / "race_log", "train.log",
     lambda: W().outside / "secret.txt", extra={"log_lines": 50})
race("race_metrics_symlink_flip", "run_metrics", "run_dir", lambda: W().runs / "race_metrics", "metrics.jsonl",
     lambda: W().outside / "secret_metrics.jsonl")
race("race_eval_symlink_flip", "run_eval", "run_dir", lambda: W().runs / "race_eval", "eval_results.json",
     lambda: W().outside / "fake_run" / "eval_results.json", extra={"records": 5})
race("race_manifest_symlink_flip", "lineage", "run_dir", lambda: W().runs / "race_manifest", "manifest.json",
     lambda: W().outside / "fake_run" / "manifest.json")
race("race_sweep_summary_flip", "sweep_report", "sweep_dir", lambda: W().sweeps / "race_sweep", "summary.md",
     lambda: W().outside / "secret.txt", n=20)


@attack("race_run_dir_swapped_for_link", "race")
def _(p: Play) -> None:
    d = W().runs / "race_dir"
    W().mkrun("race_dir")
    real = d.with_name("race_dir.real")
    os.replace(d, real)
    os.symlink(real, d)
    stop = threading.Event()

    def flip() -> None:
        lnk = d.with_name("race_dir.lnk")
        while not stop.is_set():
            for target in (W().outside / "fake_run", real):
                try:
                    if os.path.lexists(lnk):
                        os.unlink(lnk)
                    os.symlink(target, lnk)
                    os.replace(lnk, d)
                except OSError:
                    pass
                time.sleep(0.0005)

    t = threading.Thread(target=flip, daemon=True)
    t.start()
    try:
        for _ in range(20):
            p.call("run_status", run_dir=str(d), log_lines=20)
            if p.problems:
                break
    finally:
        stop.set()
        t.join(5)


def _swap_later(path: Path, target: Path, delay: float) -> threading.Thread:
    def go() -> None:
        time.sleep(delay)
        tmp = path.with_name(path.name + ".swp")
        if os.path.lexists(tmp):
            os.unlink(tmp)
        os.symlink(target, tmp)
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        os.replace(tmp, path)

    t = threading.Thread(target=go, daemon=True)
    t.start()
    return t


@attack("race_ingest_input_swapped_after_check", "race")
def _(p: Play) -> None:
    for i, delay in enumerate((0.15, 0.6)):
        d = W().outputs / f"race_in{i}"
        d.mkdir(exist_ok=True)
        shutil.copy(W().project / "logs" / "chats.jsonl", d / "in.jsonl")
        h = p.start("ingest", inputs=[str(d / "in.jsonl")], output=str(W().outputs / f"race_in_out{i}"))
        t = _swap_later(d / "in.jsonl", W().outside / "secret.jsonl", delay)
        p.finish(h)
        t.join(5)


@attack("race_ingest_dir_link_added_after_check", "race")
def _(p: Play) -> None:
    d = W().outputs / "race_indir"
    d.mkdir(exist_ok=True)
    shutil.copy(W().project / "logs" / "chats.jsonl", d / "a.jsonl")
    h = p.start("ingest", inputs=[str(d)], output=str(W().outputs / "race_indir_out"))

    def add() -> None:
        time.sleep(0.2)
        os.symlink(W().outside / "secret.jsonl", d / "z.jsonl")

    t = threading.Thread(target=add, daemon=True)
    t.start()
    p.finish(h)
    t.join(5)


@attack("race_ingest_output_swapped_for_link", "race")
def _(p: Play) -> None:
    out = W().outputs / "race_out"
    out.mkdir(exist_ok=True)
    h = p.start("ingest", inputs=["logs/chats.jsonl"], output=str(out))
    t = _swap_later(out, W().outside / "outdir", 0.2)
    p.finish(h)
    t.join(5)


@attack("race_improve_transcripts_swapped", "race")
def _(p: Play) -> None:
    d = W().outputs / "race_tr"
    d.mkdir(exist_ok=True)
    src = W().outputs / "control_tr" / "transcripts.jsonl"
    if src.exists():
        shutil.copy(src, d / "transcripts.jsonl")
    else:  # the control ingest did not run (a -k subset)
        (d / "transcripts.jsonl").write_text(json.dumps({"id": "t-1", "format": "openai", "source": {
            "path": "x", "line": 1, "record": None}, "messages": [{"role": "user", "content": "hi"},
            {"role": "assistant", "content": "hello"}], "metadata": {}}) + "\n")
    h = p.start("improve", transcripts=str(d / "transcripts.jsonl"), output=str(W().outputs / "race_tr_out"),
                reward="arithmetic", task="arithmetic")
    t = _swap_later(d / "transcripts.jsonl", W().outside / "secret_transcripts.jsonl", 0.2)
    p.finish(h)
    t.join(5)


# ---- G. secrets in the files the readers return ------------------------------------------------------------------

LOG_FORMS: dict[str, Callable[[str], str]] = {
    "log_basic_auth_header": lambda c: f"request headers: Authorization: Basic {b64('admin:' + c)}",
    "log_cookie_header": lambda c: f"> Cookie: sessionid={c}; csrftoken=abc",
    "log_set_cookie_header": lambda c: f"< Set-Cookie: __Secure-next-auth.session-token={c}; Path=/; HttpOnly",
    "log_authorization_token_scheme": lambda c: f"Authorization: token {c}",
    "log_authorization_raw": lambda c: f"authorization: {c}",
    "log_proxy_authorization": lambda c: f"Proxy-Authorization: Digest username=\"u\", response=\"{c}\"",
    "log_curl_user_flag": lambda c: f"+ curl -sS -u admin:{c} https://api.example.com/v1/models",
    "log_url_token_as_user": lambda c: f"cloning https://{c}@github.com/org/repo.git",
    "log_url_empty_user": lambda c: f"connecting to redis://:{c}@cache.internal:6379/0",
    "log_url_query_api_key": lambda c: f"GET https://api.example.com/v1/x?api-key={c}&sig={c[::-1]} 200",
    "log_python_repr_dict": lambda c: f"client config: {{'api_key': '{c}', 'timeout': 30}}",
    "log_kwarg_passphrase": lambda c: f"open_wallet(passphrase='{c}')",
    "log_cli_flag_api_key": lambda c: f"$ judge-cli --api-key {c} --model gpt",
    "log_pgp_private_block": lambda c: (f"-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQVYBGW{c}AAAA\n=abcd\n"
                                        "-----END PGP PRIVATE KEY BLOCK-----"),
    "log_putty_key": lambda c: f"PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPrivate-Lines: 1\nAAAAI{c}",
    "log_pem_split_over_lines": lambda c: (f"-----BEGIN RSA PRIVATE KEY-----\nMIIEow{c}\nAAAA\n"
                                           "-----END RSA PRIVATE KEY-----"),
    "log_gitlab_pat": lambda c: f"using glpat-{c[:20]} for the registry ({c[20:]})",
    "log_slack_bot_token": lambda c: f"slack: xoxb-1234567890-1234567890123-{c}",
    "log_google_api_key": lambda c: f"maps key AIzaSy{c}abcdefghijk",
    "log_github_user_to_server": lambda c: f"token ghu_{c}abcdefghijkl and refresh ghr_{c[::-1]}",
    "log_aws_temporary_key": lambda c: f"ASIA{c[:16].upper()} {c}",
    "log_sendgrid_key": lambda c: f"SG.{c[:22]}.{c}abcdefghijklmnopqrs",
    "log_stripe_restricted": lambda c: f"rk_live_{c} pk_test_x",
    "log_jwt_with_space_header": lambda c: "jwt " + ".".join(
        base64.urlsafe_b64encode(x.encode()).decode().rstrip("=") for x in (
            '{ "alg": "HS256", "typ": "JWT" }', json.dumps({"sub": "u", "secret": c}), "sig")),
    "log_azure_connection_string": lambda c: (f"DefaultEndpointsProtocol=https;AccountName=b5;AccountKey={c}=="
                                              ";EndpointSuffix=core.windows.net"),
    "log_key_value_next_line": lambda c: f"api_key:\n    {c}",
    "log_json_escaped_hf_token": lambda c: '{"note": "\\u0068f_' + c + '"}',
    "log_npmrc_auth": lambda c: f"//registry.npmjs.org/:_authToken={c}",
    "log_docker_auths": lambda c: '{"auths": {"ghcr.io": {"auth": "' + b64("u:" + c) + '"}}}',
    "log_private_key_hex": lambda c: f"wallet private key (hex): 0x{c.encode().hex()}",
}


@plant
def _p_logs(w: World, k: dict) -> None:
    for name, form in LOG_FORMS.items():
        c = w.canary(f"planted:{name}", "planted")
        w.mkrun(name, log="step 1\n" + form(c.core) + "\nstep 2\n")
    # environment secrets written into a log in encoded or broken-up forms
    e = w.env_values
    enc = {
        "log_env_base64": ("HF_TOKEN", lambda v: f"debug: token b64 {b64(v)}"),
        "log_env_hex": ("OPENAI_API_KEY", lambda v: f"debug: key hex {v.encode().hex()}"),
        "log_env_reversed": ("GITHUB_PAT", lambda v: f"debug: {v[::-1]}"),
        "log_env_split_lines": ("RUNPOD_API_KEY", lambda v: f"key part 1: {v[:14]}\nkey part 2: {v[14:]}"),
        "log_env_zero_width": ("WANDB_API_KEY", lambda v: "wandb " + "\u200b".join(v)),
        "log_env_fullwidth": ("HF_TOKEN", lambda v: "token " + "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch
                                                                        for ch in v)),
        "log_env_percent_encoded": ("AWS_SECRET_ACCESS_KEY",
                                    lambda v: "aws " + "".join(f"%{b:02X}" for b in v.encode())),
        "log_env_spaced": ("ANTHROPIC_API_KEY", lambda v: "k: " + " ".join(v)),
        "log_env_unicode_escape_literal": ("OPENAI_API_KEY",
                                           lambda v: "k: " + "".join(f"\\u{ord(ch):04x}" for ch in v[:4]) + v[4:]),
        "log_env_tail_cut_64k": ("HF_TOKEN", lambda v: v + "B" * (65536 - len(v) + 3) + "\n"),
        "log_env_tail_cut_64000": ("GITHUB_PAT", lambda v: v + "C" * (64000 - len(v) + 5) + "\n"),
        "log_env_lowercased": ("OPENAI_API_KEY", lambda v: f"KEY={v.upper()}"),
    }
    for name, (var, f) in enc.items():
        w.mkrun(name, log="start\n" + f(e[var]) + "\nend\n")
    # odd-named environment variables, printed by a crash dump of os.environ
    for i, name in enumerate(list(ODD_ENV) + ["SHORT_PASSWORD"]):
        forms = [f"{name}={e[name]}", f"'{name}': '{e[name]}',", f"export {name}=\"{e[name]}\"", f"{name}: {e[name]}"]
        w.mkrun(f"envdump_{i:02d}", log=f"Traceback ...\nenviron:\n  {forms[i % 4]}\n")


for _name in LOG_FORMS:
    reader(_name, "secret-form", [("run_status", _name, {"log_lines": 200})])
for _name in ("log_env_base64", "log_env_hex", "log_env_reversed", "log_env_split_lines", "log_env_zero_width",
              "log_env_fullwidth", "log_env_percent_encoded", "log_env_spaced", "log_env_unicode_escape_literal",
              "log_env_tail_cut_64k", "log_env_tail_cut_64000", "log_env_lowercased"):
    reader(_name, "env-encoded", [("run_status", _name, {"log_lines": 200})])
for _i, _name in enumerate(list(ODD_ENV) + ["SHORT_PASSWORD"]):
    _id = _name.encode("ascii", "backslashreplace").decode().replace(chr(92), "u")
    reader(f"envdump_{_id}", "env-name",
           [("run_status", f"envdump_{_i:02d}", {"log_lines": 50})])


@plant
def _p_records(w: World, k: dict) -> None:
    e = w.env_values
    c = {n: w.canary(f"planted:{n}", "planted") for n in (
        "metrics_api_keys_list", "metrics_passphrase", "metrics_token_as_column", "metrics_nested_bearer",
        "metrics_base64_field", "metrics_unicode_escaped_sk", "metrics_hyphen_key_filter", "eval_hyphen_key",
        "eval_completion_ghr", "manifest_error_json_escaped", "manifest_token_dict_key", "manifest_error_dict_basic",
        "summary_yaml_multiline_key", "optres_malformed_echo", "optres_binary", "list_runs_overrides",
        "lineage_record_forms", "ingest_echo_role_id", "compose_rows_key_echo", "compose_not_json_echo",
        "eval_summary_cookie", "sweep_report_md_dsn")}
    w.mkrun("metrics_api_keys_list",
            metrics=json.dumps({"step": 1, "api_keys": [c["metrics_api_keys_list"].core]}) + "\n")
    w.mkrun("metrics_passphrase", metrics=json.dumps({"step": 1, "passphrase": c["metrics_passphrase"].core,
                                                      "pin": c["metrics_passphrase"].core}) + "\n")
    w.mkrun("metrics_token_as_column",
            metrics=json.dumps({"step": 1, "xoxp-1-2-" + c["metrics_token_as_column"].core: 1.0}) + "\n")
    w.mkrun("metrics_nested_bearer", metrics=json.dumps({"step": 1, "cfg": {
        "auth": {"bearer": c["metrics_nested_bearer"].core},
        "headers": {"Authorization": "Basic " + b64("u:" + c["metrics_nested_bearer"].core)}}}) + "\n")
    w.mkrun("metrics_base64_field", metrics=json.dumps({
        "step": 1, "config_b64": b64("api_key: sk-" + c["metrics_base64_field"].core + "\n")}) + "\n")
    w.mkrun("metrics_unicode_escaped_sk",
            metrics='{"step": 1, "note": "\\u0073\\u006b-proj-' + c["metrics_unicode_escaped_sk"].core + '"}\n')
    w.mkrun("metrics_env_split_fields",
            metrics=json.dumps({"step": 1, "a": e["HF_TOKEN"][:11], "b": e["HF_TOKEN"][11:]}) + "\n")
    w.mkrun("metrics_hyphen_key_filter", metrics=json.dumps({
        "step": 1, "Api-Key": c["metrics_hyphen_key_filter"].core,
        "X-Auth-Token ": c["metrics_hyphen_key_filter"].core}) + "\n")
    w.mkrun("eval_hyphen_key", eval_={"summary": {"base_accuracy": 0.1}, "records": [
        {"prompt": "p", "answer": "a", "solved": True, "metadata": {"x-api-key": c["eval_hyphen_key"].core,
                                                                    "private-token": c["eval_hyphen_key"].core}}]})
    w.mkrun("eval_completion_ghr", eval_={"summary": {"base_accuracy": 0.1}, "records": [
        {"prompt": "p", "answer": "a", "solved": True,
         "trained_completion": "here: ghr_" + c["eval_completion_ghr"].core + "abcdefghijkl"}]})
    w.mkrun("eval_summary_cookie", eval_={"summary": {"base_accuracy": 0.1,
                                                      "session_cookie": c["eval_summary_cookie"].core,
                                                      "signing_salt": c["eval_summary_cookie"].core}, "records": []})
    w.mkrun("manifest_error_json_escaped", manifest='{"status": "failed", "error": "bad key \\u0068\\u0066_'
            + c["manifest_error_json_escaped"].core + '", "overrides": ["model=tiny"]}')
    w.mkrun("manifest_token_dict_key", manifest={"result": {"xoxb-1-2-" + c["manifest_token_dict_key"].core: 1}})
    w.mkrun("manifest_error_dict_basic", manifest={"status": "failed", "error": {"request": {"headers": {
        "Authorization": "Basic " + b64("svc:" + c["manifest_error_dict_basic"].core)}}}})
    w.mksweep("summary_yaml_multiline_key", {"summary.md": "# sweep\n```yaml\nhf_token: |\n  hf_"
              + c["summary_yaml_multiline_key"].core + "\nwebhook: https://hooks.slack.com/services/T0/B0/"
              + c["summary_yaml_multiline_key"].core[::-1] + "\n```\n"})
    w.mksweep("optres_malformed_echo", {"optimization_results.yaml": "name: x\nbest_params:\n  lr: 1\n token ghu_"
              + c["optres_malformed_echo"].core + " " + e["PRIVKEY"] + " : [\n"})
    w.mksweep("optres_binary", {"optimization_results.yaml": "name: x\nbest_params:\n  blob: !!binary "
              + b64("password=" + c["optres_binary"].core) + "\n"})
    w.mksweep("sweep_report_md_dsn", {"sweep_report.md": "# report\nstorage: postgresql://optuna:"
              + c["sweep_report_md_dsn"].core + "@db/optuna\nstorage2: mysql://"
              + c["sweep_report_md_dsn"].core[::-1] + "@db/x\n"})
    lr = c["list_runs_overrides"].core
    w.mkrun("list_runs_overrides", manifest={"overrides": [f"+x.api_keys=[{lr}]", f"+x.passphrase={lr}",
                                                           f"+x.bearer={lr}", f"+x.private-key={lr}",
                                                           f"notes=Basic {b64('u:' + lr)}"],
                                             "choices": {"model": "tiny", "x": lr[::-1]}})
    lc = c["lineage_record_forms"].core
    w.mkrun("lineage_record_forms", manifest={"lineage": {"data": {"path": f"https://{lc}@data.example.com/x.jsonl",
                                                                   "sha256": "0" * 64, "headers": {"x-api-key": lc}},
                                                          "held_out": {"path": f"s3://b?X-Amz-Signature={lc[::-1]}"}}})
    ic = c["ingest_echo_role_id"].core
    w.write(w.project / "logs" / "echo.jsonl", "".join(json.dumps(r) + "\n" for r in (
        {"id": "xoxb-1-2-" + ic, "messages": [{"role": "user", "content": "hi"},
                                              {"role": "robot-" + ic, "content": "x"}]},
        {"id": "c2", "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "",
            "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": e["PRIVKEY"], "content": "r"}]},
        {"id": "c3", "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "x",
            "tool_calls": [{"id": "call_2", "type": "function",
                            "function": {"name": "f", "arguments": "{\"pw\": \"" + ic + "\""}}]}]})))
    w.write(w.project / "data" / "rows_secret_key.jsonl",
            json.dumps({"ghu_" + c["compose_rows_key_echo"].core: 1, "question": "q"}) + "\n")
    w.write(w.project / "data" / "not_json.jsonl", "Authorization: Basic " + b64("u:" + c["compose_not_json_echo"].core)
            + " " + e["MNEMONIC"] + "\n")


reader("metrics_api_keys_list", "secret-form", [("run_metrics", "metrics_api_keys_list", {})])
reader("metrics_passphrase_and_pin", "secret-form", [("run_metrics", "metrics_passphrase", {})])
reader("metrics_token_as_column_name", "secret-form", [("run_metrics", "metrics_token_as_column", {})])
reader("metrics_nested_bearer_and_basic", "secret-form", [("run_metrics", "metrics_nested_bearer", {})])
reader("metrics_base64_field", "secret-form", [("run_metrics", "metrics_base64_field", {})])
reader("metrics_unicode_escaped_sk", "secret-form", [("run_metrics", "metrics_unicode_escaped_sk", {})])
reader("metrics_env_value_split_fields", "env-encoded", [("run_metrics", "metrics_env_split_fields", {})])
reader("metrics_hyphen_key_via_keys_filter", "secret-form",
       [("run_metrics", "metrics_hyphen_key_filter", {"keys": ["Api-Key", "X-Auth-Token "]})])
reader("eval_record_hyphen_keys", "secret-form", [("run_eval", "eval_hyphen_key", {"records": 5})])
reader("eval_completion_ghr_token", "secret-form", [("run_eval", "eval_completion_ghr", {"records": 5})])
reader("eval_summary_cookie_salt", "secret-form", [("run_eval", "eval_summary_cookie", {})])
reader("manifest_error_json_escaped_hf", "secret-form", [("run_status", "manifest_error_json_escaped", {})])
reader("manifest_token_as_dict_key", "secret-form", [("run_status", "manifest_token_dict_key", {})])
reader("manifest_error_dict_basic_auth", "secret-form", [("run_status", "manifest_error_dict_basic", {})])
reader("summary_md_yaml_multiline_key", "secret-form", [("sweep_report", "sweep:summary_yaml_multiline_key", {})])
reader("optimization_results_malformed_yaml_echo", "error-echo", [("sweep_report", "sweep:optres_malformed_echo", {})])
reader("optimization_results_binary_tag", "secret-form", [("sweep_report", "sweep:optres_binary", {})])
reader("sweep_report_md_storage_dsn", "secret-form", [("sweep_report", "sweep:sweep_report_md_dsn", {})])
reader("lineage_record_url_userinfo_and_headers", "secret-form", [("lineage", "lineage_record_forms", {})])
ATTACKS["list_runs_overrides_forms"] = Attack("list_runs_overrides_forms", "secret-form",
                                              lambda p: p.call("list_runs", limit=500))


@attack("ingest_error_echoes_record_values", "error-echo")
def _(p: Play) -> None:
    p.call("ingest", inputs=["logs/echo.jsonl"], output=str(W().outputs / "ing_echo"))


simple("compose_task_rows_key_echo", "error-echo", "compose_config",
       overrides=["model=tiny", "profile=smoke", "task=jsonl", "task.path=data/rows_secret_key.jsonl"])
simple("compose_task_not_json_echo", "error-echo", "compose_config",
       overrides=["model=tiny", "profile=smoke", "task=jsonl", "task.path=data/not_json.jsonl"])
simple("compose_eval_prompts_not_json_echo", "error-echo", "compose_config",
       overrides=["model=tiny", "profile=smoke", "eval.prompts=data/not_json.jsonl"])


# ---- H. secrets the client sends under secret-named keys ----------------------------------------------------------

CLIENT_FORMS = {
    "client_hf_token_single_quoted": lambda c: (["+extra.hf_token='" + c + "'"], False),
    "client_hf_token_str_function": lambda c: (["+extra.hf_token=str(" + c + ")"], False),
    "client_hf_token_missing_key_error": lambda c: (["extra.hf_token=" + c], False),
    "client_api_keys_list": lambda c: (["+extra.api_keys=[" + c + "]"], False),
    "client_passphrase": lambda c: (["+extra.passphrase=" + c], False),
    "client_hyphen_x_api_key": lambda c: (["+extra.x-api-key=" + c], False),
    "client_authorization_basic": lambda c: (["+extra.authorization='Basic " + c + "'"], False),
    "client_hf_token_sweep_value": lambda c: (["+extra.hf_token=abcdefghij," + c], True),
    "client_hf_token_escaped_comma": lambda c: (["+extra.hf_token=" + c[:12] + "\\," + c[12:]], False),
    "client_token_type_error": lambda c: (["+extra.hf_token=" + c, "profile.max_steps=" + c[::-1] + "x"], False),
}


def _client(name: str, form: Callable[[str], tuple[list[str], bool]]) -> None:
    def play(p: Play) -> None:
        c = next(x for x in W().canaries if x.label == f"client:{name}")
        overrides, multi = form(c.core)
        p.call("compose_config", overrides=["model=tiny", *overrides], multirun=multi)

    ATTACKS[name] = Attack(name, "client-secret", play)


for _name, _form in CLIENT_FORMS.items():
    _client(_name, _form)


@plant
def _p_client(w: World, k: dict) -> None:
    for name in CLIENT_FORMS:
        w.canary(f"client:{name}", "client")
    w.canary("client:improve_override_api_key", "client")


@attack("client_improve_override_api_key_echo", "client-secret")
def _(p: Play) -> None:
    c = next(x for x in W().canaries if x.label == "client:improve_override_api_key").core
    p.call("improve", transcripts=str(W().outputs / "control_tr"), output=str(W().outputs / "imp_key"),
           reward="arithmetic", task="arithmetic",
           overrides=[f"+reward.params.api_keys=[{c}]", f"+task.params.passphrase={c}"])


# ---- I. resources -------------------------------------------------------------------------------------------------

simple("res_200_long_strings", "resource", "compose_config",
       overrides=["model=tiny"] + [f"+e{i}=" + "A" * 19990 for i in range(200)])
simple("res_deep_list_value", "resource", "compose_config",
       overrides=["model=tiny", "+extra=" + "[" * 4000 + "]" * 4000])
simple("res_deep_dict_value", "resource", "compose_config",
       overrides=["model=tiny", "+extra=" + "{a:" * 3000 + "1" + "}" * 3000])
simple("res_sweep_shuffle_huge_range", "resource", "compose_config",
       overrides=["model=tiny", "seed=shuffle(range(0,50000000))"], multirun=True)
simple("res_sweep_float_range_tiny_step", "resource", "compose_config",
       overrides=["model=tiny", "objective.learning_rate=range(0,1,step=0.0000000001)"], multirun=True)
simple("res_sweep_product", "resource", "plan_job",
       overrides=["model=tiny", "seed=range(0,100)", "task.seed=range(0,100)", "task.n_train=range(1,4)"],
       multirun=True)
simple("res_sweep_sort_reverse_huge", "resource", "compose_config",
       overrides=["model=tiny", "seed=sort(range(0,90000000),reverse=true)"], multirun=True)
simple("res_n_trials_huge_plan", "resource", "plan_job",
       overrides=["model=tiny", "sweep=grpo_lr_kl", "hydra.sweeper.n_trials=1000000000000"], multirun=True)


@attack("res_many_calls", "resource", total_limit=45.0)
def _(p: Play) -> None:
    for i in range(40):
        p.call("list_runs", limit=500)
        p.call("list_options", group="model")
        if p.problems:
            break


@attack("res_concurrent_compose", "resource")
def _(p: Play) -> None:
    hs = [p.start("compose_config", overrides=["model=tiny", f"seed={i}"]) for i in range(16)]
    for h in hs:
        p.finish(h)


@attack("res_metrics_keys_huge", "resource")
def _(p: Play) -> None:
    p.call("run_metrics", run_dir=str(W().runs / "control_good"), keys=["k" * 19999] * 400, last=10 ** 15)


def _sparse(path: Path, size: int, head: bytes = b"") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        f.write(head)
        f.truncate(size)


@attack("res_lineage_hashes_sparse_40g", "resource")
def _(p: Play) -> None:
    d = W().runs / "sparse_lineage"
    big = W().outputs / "sparse" / "curated.jsonl"
    _sparse(big, 40 << 30)
    W().mkrun("sparse_lineage", manifest={"lineage": {"data": {"path": str(big), "sha256": "0" * 64}},
                                          "config": {"model": {"name": "tiny"},
                                                     "task": {"name": "curated", "path": str(big)}}})
    try:
        p.call("lineage", run_dir=str(d))
    finally:
        big.unlink()


@attack("res_ingest_sparse_20g_no_newline", "resource")
def _(p: Play) -> None:
    big = W().outputs / "sparse_in" / "big.jsonl"
    _sparse(big, 20 << 30, b'{"id": "x", "messages": [')
    try:
        p.call("ingest", inputs=[str(big)], output=str(W().outputs / "ing_sparse"))
    finally:
        big.unlink()


@attack("res_list_runs_sparse_manifest", "resource")
def _(p: Play) -> None:
    d = W().runs / "zz_sparse_manifest"
    d.mkdir()
    _sparse(d / "manifest.json", 30 << 30, b'{"status": "')
    try:
        p.call("list_runs", limit=500)
        p.call("run_status", run_dir=str(d))
    finally:
        shutil.rmtree(d)


@attack("res_deep_json_in_readers", "resource")
def _(p: Play) -> None:
    d = W().runs / "deep_json"
    deep = "[" * 200000 + "]" * 200000
    W().mkrun("deep_json", manifest='{"status": "completed", "result": ' + deep + "}",
              metrics='{"step": 1}\n{"step": 2, "x": ' + deep + "}\n", eval_='{"summary": ' + deep + "}")
    for tool in ("run_status", "run_metrics", "run_eval", "lineage"):
        p.call(tool, run_dir=str(d))
    shutil.rmtree(d)


@attack("res_sweep_sparse_reports", "resource")
def _(p: Play) -> None:
    d = W().sweeps / "sparse_sweep"
    W().mksweep("sparse_sweep", {})
    _sparse(d / "summary.md", 30 << 30, b"# x\n")
    _sparse(d / "sweep_report.md", 30 << 30)
    _sparse(d / "optimization_results.yaml", 30 << 30, b"name: x\n")
    try:
        p.call("sweep_report", sweep_dir=str(d))
    finally:
        shutil.rmtree(d)


# ---- J. types, unicode, odd arguments -------------------------------------------------------------------------------

simple("type_overrides_is_string", "types", "compose_config", overrides="model=tiny")
simple("type_overrides_mixed_items", "types", "compose_config", overrides=[{"a": 1}, None, 3, ["x"]])
simple("type_run_dir_is_list", "types", "run_status", run_dir=["a", "b"])
simple("type_limit_huge_and_negative", "types", "run_metrics", run_dir="outputs", last=-5)
simple("unicode_rtl_key", "types", "compose_config", overrides=["+extra.\u202ehf_token=abc"])
simple("unicode_homoglyph_target", "types", "compose_config", overrides=["+reward.params._t\u0430rget_=b5evil.fn"])
simple("nul_in_override", "types", "compose_config", overrides=["notes=a\x00b", "+x\x00y=1"])
simple("long_group_name", "types", "list_options", group="x" * 20000)
simple_lazy("ingest_format_injection", "types", "ingest", lambda: {
    "inputs": ["logs/chats.jsonl"], "output": str(W().outputs / "ing_fmt"), "format": "openai input=[/etc/passwd]"})


# ---------------------------------------------------------------------------------------------------------------
# pytest
# ---------------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def world(tmp_path_factory):
    w = World(tmp_path_factory.mktemp("blind5"))
    k = build(w)
    _W.w, _W.k = w, k
    for fn in PLANT:
        fn(w, k)
    server = Server(w)
    server.start()
    yield w, server
    server.stop(kill=True)
    if w.decoy:
        w.decoy.kill()
        w.decoy.wait()
    w.proxy.sock.close()
    w.host.sock.close()
    if RECORD:
        (HERE / "measurement.json").write_text(json.dumps({
            "commit": subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                                     text=True).stdout.strip(),
            "attacks": len(ATTACKS), "server_starts": server.starts, "results": RESULTS}, indent=1, ensure_ascii=False))


def test_control_detectors_detect_every_encoding():
    """The detectors themselves: each encoding of a canary is found, and a plain text is quiet."""
    can = Canary("t", "test", _core())
    c = can.core
    for text in (c, f"x{b64('ab' + c)}y", base64.urlsafe_b64encode(("q" + c).encode()).decode(), c.encode().hex(),
                 urllib.parse.quote("%" + c), c[::-1], "-".join(c), c.upper(), json.dumps({"a": c[:12], "b": c[12:]}),
                 "".join(chr(ord(ch) + 0xFEE0) for ch in c), "\\u0041" + c, c[:12]):
        assert scan(text, [can]), text
    assert not scan("nothing here " + _core(), [can])


@pytest.mark.parametrize("name", list(CONTROLS))
def test_control(name, world):
    w, server = world
    rec = play_attack(w, server, CONTROLS[name])
    assert rec["harness_error"] is None, rec
    assert not rec["evidence"], rec


def _params():
    out = []
    for name in ATTACKS:
        marks = [pytest.mark.xfail(strict=True, reason=OPEN_LEAKS[name])] if name in OPEN_LEAKS else []
        out.append(pytest.param(name, marks=marks, id=name))
    return out


@pytest.mark.parametrize("name", _params())
def test_attack_fails(name, world):
    w, server = world
    rec = play_attack(w, server, ATTACKS[name])
    assert rec["outcome"] != "succeeded", f"{name} succeeded: {rec['evidence'][:6]} reply: {rec['reply'][:300]!r}"


def test_control_detectors_catch_bytes_markers_and_writes(world):
    """The other detectors, played by the harness itself (no server call): bytes on both catchers, a marker file,
    a file written outside the outputs dir and an outside canary copied into the outputs dir are all evidence."""
    w, server = world

    def play(p: Play) -> None:
        for cat in (w.proxy, w.host):
            with socket.create_connection(("127.0.0.1", cat.port)) as s:
                s.sendall(b"GET /control HTTP/1.1\r\nHost: x\r\n\r\n")
                s.recv(100)
        (w.markers / "control-marker").write_text("x")
        (w.outside / "control-written.txt").write_text("x")
        (w.outputs / "control-copy.txt").write_text((w.outside / "secret.txt").read_text())

    rec = play_attack(w, server, Attack("control_detectors", "control", play))
    RESULTS.pop()
    (w.outside / "control-written.txt").unlink()
    (w.outputs / "control-copy.txt").unlink()
    ev = " | ".join(rec["evidence"])
    for needle in ("proxy catcher", "host catcher", "marker file", "outside the outputs dir", "outside canary written"):
        assert needle in ev, (needle, ev)
