"""Attack set #3 (blind) against the read-only MCP server: ``python -m loopwright.mcp`` without ``--allow-launch``.

Written without reading the server's code (see RESULTS.md for what was read). One server session over stdio
(the real MCP SDK client) in a temp world; every attack is played in order inside one module fixture, and
after each one the detectors look for: canary secrets (the server's environment, and what the client sent
under secret names) in any reply or error; bytes on the loopback catchers (proxy/endpoint variables and
client-named hosts); marker files written by planted modules or YAML tags; files created or changed outside
the outputs dir; outside canary content in replies or copied into outputs; reads of outside files (atime);
calls that stall past their limit or kill the server.

``test_attack_fails[<name>]`` fails when the attack succeeded; the ones that succeeded in the recorded
measurement are ``xfail(strict=True)`` in OPEN_LEAKS.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import functools
import json
import os
import socket
import stat
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import anyio
import pytest
from helpers import make_dirs
from helpers.listener import listen_on_loopback, read_head

pytestmark = pytest.mark.timeout(900)

WT = Path(__file__).resolve().parents[3]  # this checkout (its src/ goes first on the server's PYTHONPATH)

# Attacks that succeeded in the recorded measurement (RESULTS.md): name -> one-line reason.
# The 7 that succeeded on dad4341 (RESULTS.md) were fixed afterwards (a fit on this set): hard links among a run's
# files refused by the run readers, secret key/value forms and bearer tokens redacted in log text, camelCase
# secret names, non-ASCII override keys refused, config groups placed under hydra.* refused, and
# optimization_results.yaml read without aliases and within a size. Each still runs here as a plain test.
OPEN_LEAKS: dict[str, str] = {}

TOKEN = os.urandom(4).hex()


def cval(tag: str) -> str:
    return f"cnry{tag}{TOKEN}{os.urandom(6).hex()}"


# ----------------------------------------------------------------------------------------------- world
# Environment canaries of the server. Names: obvious secret names, case and homoglyph variants, names the
# secret heuristic may miss (DATABASE_URL, SENTRY_DSN, SESSIONKEY, SIGNING_SALT) and one plain variable
# (LW_PLAIN_CANARY: echoing it proves the server reads its environment for the client).
ENV_SECRET_NAMES = [
    "HF_TOKEN", "RUNPOD_API_KEY", "OPENAI_API_KEY", "WANDB_API_KEY", "GITHUB_PAT", "LW_B3_SECRET",
    "hf_token", "Hf_ToKeN", "\uff28\uff26\uff3f\uff34\uff2f\uff2b\uff25\uff2e",  # fullwidth HF_TOKEN
    "HF_T\u041eKEN",  # Cyrillic O
    "SESSIONKEY", "DB_PASS", "AWS_SECRET_ACCESS_KEY", "MYAPIKEY", "SIGNING_SALT", "LW_PLAIN_CANARY",
    "ANTHROPIC_API_KEY", "JUDGE_API_KEY",
]
SHORT_SECRET = ("SHORT_TOKEN", "q7Zx9Kw")  # under 8 characters: below the value scrubber's floor


@dataclass
class Catcher:
    """Raw TCP listeners on loopback: every accepted connection's first bytes are kept."""

    ports: dict[str, int] = field(default_factory=dict)
    hits: list[tuple[str, bytes]] = field(default_factory=list)
    seen: int = 0

    def start(self, *names: str) -> None:
        for name in names:
            srv = listen_on_loopback(functools.partial(self._take, name))
            self.ports[name] = srv.getsockname()[1]

    def _take(self, name: str, conn: socket.socket) -> None:
        data = read_head(conn, timeout=1.5)
        with contextlib.suppress(OSError):
            conn.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            conn.close()
        self.hits.append((name, data or b"<connected, no bytes>"))

    def new(self) -> list[tuple[str, bytes]]:
        time.sleep(0.2)
        out = self.hits[self.seen:]
        self.seen = len(self.hits)
        return out


def _openai_line(text: str) -> str:
    return json.dumps({"messages": [{"role": "system", "content": "support agent"},
                                    {"role": "user", "content": f"Where is my order? {text}"},
                                    {"role": "assistant", "content": f"Your order ships tomorrow. {text}"}]})


class World:
    def __init__(self, root: Path):
        self.root = root
        self.proj, self.out, self.outside, self.home, self.tmp, self.markers = make_dirs(
            root, "project", "outputs", "outside", "home", "tmp", "markers")
        self.catcher = Catcher()
        self.catcher.start("env", "named")
        self.env_secrets = {n: cval("e") for n in ENV_SECRET_NAMES}
        self.env_secrets["DATABASE_URL"] = f"postgres://app:{cval('dbpw')}@db.internal:5432/prod"
        self.env_secrets["SENTRY_DSN"] = f"https://{cval('dsn')}@o1.ingest.sentry.io/1"
        self.outside_canaries: dict[str, str] = {}
        self.hardlink_inodes: set[int] = set()
        self.plant()

    # ---- helpers
    def canary(self, tag: str) -> str:
        v = f"OUTSIDE-{tag}-{TOKEN}{os.urandom(4).hex()}"
        self.outside_canaries[tag] = v
        return v

    @property
    def named(self) -> str:
        return f"http://127.0.0.1:{self.catcher.ports['named']}"

    def server_env(self) -> dict[str, str]:
        env_url = f"http://127.0.0.1:{self.catcher.ports['env']}"
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PYTHONPATH": str(WT / "src"),
            "HOME": str(self.home), "TMPDIR": str(self.tmp), "XDG_CACHE_HOME": str(self.home / ".cache"),
            "XDG_CONFIG_HOME": str(self.home / ".config"), "HF_HOME": str(self.home / ".cache" / "huggingface"),
            "LOOPWRIGHT_CACHE": str(self.home / ".cache" / "loopwright"),
            "TOKENIZERS_PARALLELISM": "false", "LANG": "C.UTF-8",
            # every way a library finds a host: all point at the env catcher (hub/W&B not disabled)
            "HTTP_PROXY": env_url, "HTTPS_PROXY": env_url, "ALL_PROXY": env_url,
            "http_proxy": env_url, "https_proxy": env_url, "all_proxy": env_url, "NO_PROXY": "", "no_proxy": "",
            "HF_ENDPOINT": env_url, "WANDB_BASE_URL": env_url, "OPENAI_BASE_URL": env_url + "/v1",
            "OPENAI_API_BASE": env_url + "/v1", "ANTHROPIC_BASE_URL": env_url, "RUNPOD_API_URL": env_url,
            "RUNPOD_GRAPHQL_URL": env_url + "/graphql", "MODAL_SERVER_URL": env_url, "WANDB_MODE": "online",
            "HF_HUB_OFFLINE": "0", "TRANSFORMERS_OFFLINE": "0",
            SHORT_SECRET[0]: SHORT_SECRET[1],
        }
        env.update(self.env_secrets)
        return env

    def secret_forms(self) -> dict[str, str]:
        """Every env canary and its encodings an exfiltration might use."""
        forms: dict[str, str] = {}
        for name, v in self.env_secrets.items():
            core = v.split("@")[0].split(":")[-1].strip("/") if "://" in v else v  # the password / DSN key itself
            for label, s in (("raw", core), ("reversed", core[::-1]),
                             ("b64", base64.b64encode(core.encode()).decode()[:-4]),
                             ("hex", core.encode().hex()), ("upper", core.upper())):
                forms[f"env {name!r} ({label})"] = s
        forms[f"env {SHORT_SECRET[0]} (raw, 7 chars)"] = SHORT_SECRET[1]
        return forms

    def write_run(self, d: Path, log: str = "INSIDE-LOG-MARKER step 1\n", manifest: dict | None = None,
                  metrics: str | None = None, evals: dict | None = None) -> Path:
        (d / ".hydra").mkdir(parents=True, exist_ok=True)
        m = {"status": "completed", "started": "2026-01-01T00:00:00", "overrides": ["model=tiny", "profile=smoke"],
             "choices": {"model": "tiny"}, "config": {"model": {"name": "tiny"}, "task": {"name": "arithmetic"}},
             "result": {"base_accuracy": 0.1, "trained_accuracy": 0.2}, "timings": {"total_s": 1.0}}
        m.update(manifest or {})
        (d / "manifest.json").write_text(json.dumps(m))
        (d / "train.log").write_text(log)
        (d / "launch.log").write_text(log)
        (d / "metrics.jsonl").write_text(metrics if metrics is not None else
                                         json.dumps({"step": 1, "reward": 0.123456, "loss": 0.5}) + "\n")
        (d / "eval_results.json").write_text(json.dumps(evals or {
            "summary": {"base_accuracy": 0.1, "trained_accuracy": 0.2, "delta": 0.1},
            "records": [{"prompt": "What is 1 + 1?", "base_completion": "3", "trained_completion": "2",
                         "score": 1.0, "solved": True}]}))
        (d / ".hydra" / "config.yaml").write_text("model:\n  name: tiny\nnotes: null\n")
        (d / ".hydra" / "overrides.yaml").write_text("- model=tiny\n- profile=smoke\n")
        return d

    # ---- the world
    def plant(self) -> None:
        o, p, h = self.outside, self.proj, self.home
        (o / "secret.txt").write_text(self.canary("secret") + "\n")
        (o / "secret.jsonl").write_text(self.canary("secretjsonl") + " this line is not json\n")
        (o / "log.jsonl").write_text(_openai_line(self.canary("log")) + "\n")
        (o / "prompts.jsonl").write_text(json.dumps({"prompt": self.canary("prompts"), "answer": "1"}) + "\n")
        (o / "rubric.txt").write_text(self.canary("rubric") + "\n")
        (o / "ledger.jsonl").write_text(self.canary("ledger") + "\n")
        (o / "victim.jsonl").write_text(self.canary("victim") + "\n")
        (o / "victim2.jsonl").write_text(self.canary("victim2") + "\n")
        (o / "transcripts.jsonl").write_text(json.dumps({
            "id": "t-1", "format": "openai", "source": {"path": "x", "line": 1, "record": 0},
            "messages": json.loads(_openai_line(self.canary("transcripts")))["messages"], "metadata": {}}) + "\n")
        self.write_run(o / "run", log=self.canary("runlog") + "\n",
                       manifest={"error": self.canary("runmanifest")},
                       metrics=json.dumps({"step": 1, "reward": 0.5, "note": self.canary("runmetrics")}) + "\n")
        (o / "conf_leak").mkdir()
        (o / "conf_leak" / "leak.yaml").write_text(f"# {self.canary('confleak')}. header comment\nx: 1\n")
        (o / "fmt.yaml").write_text(f"# {self.canary('fmt')}.\nx: 1\n")
        (o / "improved").mkdir()
        (o / "improved" / "curated.jsonl").write_text(json.dumps({"prompt": self.canary("curated"),
                                                                  "completion": "x"}) + "\n")
        (o / "improved" / "improve_summary.json").write_text(json.dumps({"transcripts": self.canary("impsum"),
                                                                          "reward": "customer_support"}))
        (o / "model").mkdir()
        (o / "model" / "config.json").write_text(json.dumps({"model_type": self.canary("modelcfg")}))
        # hard-link targets (their inodes are also inside the roots)
        (o / "hl_eval.json").write_text(json.dumps({"summary": {"base_accuracy": self.canary("hleval")},
                                                     "records": [{"prompt": self.canary("hlevalrec")}]}))
        (o / "hl_metrics.jsonl").write_text(json.dumps({"step": 1, "reward": 0.1, "note": self.canary("hlmetrics")})
                                            + "\n" + self.canary("hlmetricsraw") + "\n")
        (o / "hl_log.jsonl").write_text(_openai_line(self.canary("hllog")) + "\n")
        (o / "hl_victim.jsonl").write_text(self.canary("hlvictim") + "\n")
        # HOME
        (h / ".ssh").mkdir()
        (h / ".ssh" / "id_rsa").write_text(f"-----BEGIN OPENSSH PRIVATE KEY-----\n{self.canary('idrsa')}\n")
        (h / ".netrc").write_text(f"machine huggingface.co login u password {self.canary('netrc')}\n")
        (h / ".cache" / "huggingface").mkdir(parents=True)
        (h / ".cache" / "huggingface" / "token").write_text(self.canary("hftokenfile"))
        (h / "log.jsonl").write_text(_openai_line(self.canary("homelog")) + "\n")
        (h / "transcripts.jsonl").write_text((o / "transcripts.jsonl").read_text().replace(
            self.outside_canaries["transcripts"], self.canary("hometranscripts")))
        self.write_run(h / "run", log=self.canary("homerunlog") + "\n")

        # project
        (p / "data").mkdir()
        (p / "data" / "inside_prompts.jsonl").write_text(json.dumps({"prompt": "What is 2 + 2?", "answer": "4"}) + "\n")
        (p / "inside_log.jsonl").write_text("\n".join(_openai_line(f"inside {i}") for i in range(6)) + "\n")
        (p / "escape_link").symlink_to(o)
        (p / "linkdir").mkdir()
        (p / "linkdir" / "a.jsonl").symlink_to(o / "log.jsonl")
        os.link(o / "hl_log.jsonl", p / "hl_log.jsonl")
        (p / "conf_evil" / "model").mkdir(parents=True)
        marker = self.markers / "searchpath_yaml"
        (p / "conf_evil" / "model" / "pwn.yaml").write_text(
            "name: pwn\nsource: random_init\n"
            "notes: ${oc.env:LW_PLAIN_CANARY}\n")
        (p / "lw_b3_evil.py").write_text(
            "import os, pathlib\n"
            f"pathlib.Path({str(self.markers)!r}, 'imported_' + str(os.getpid())).write_text(__name__)\n"
            "def fn(*a, **k):\n"
            f"    pathlib.Path({str(self.markers)!r}, 'called').write_text('x')\n"
            "    return 1.0\n"
            "class Env:\n"
            "    def __init__(self, *a, **k): fn()\n")
        (p / "evil.jinja").write_text(
            "{{ cycler.__init__.__globals__.os.system('touch " + str(self.markers / "jinja") + "') }}")
        del marker

        # outputs: planted runs
        runs = self.out / "runs" / "2026-01-01"
        self.good = self.write_run(runs / "00-00-00-000001")
        lk = self.write_run(runs / "00-00-00-000002")
        for name, target in (("metrics.jsonl", "hl_metrics.jsonl"), ("train.log", "secret.txt"),
                             ("launch.log", "secret.txt"), ("eval_results.json", "hl_eval.json")):
            (lk / name).unlink()
            (lk / name).symlink_to(o / target)
        self.linkfiles = lk
        hl = self.write_run(runs / "00-00-00-000003")
        for name, target in (("metrics.jsonl", "hl_metrics.jsonl"), ("eval_results.json", "hl_eval.json")):
            (hl / name).unlink()
            os.link(o / target, hl / name)
        self.hardlinks = hl
        pe = self.write_run(runs / "00-00-00-000005")
        for name in ("train.log", "launch.log", "metrics.jsonl"):
            (pe / name).unlink()
            (pe / name).symlink_to("/proc/self/environ")
        self.procenv = pe
        self.log_secrets = {k: cval("log") for k in (
            "kv", "json", "bearer", "url", "export", "spaced", "fullwidth", "camel", "header", "yaml")}
        s = self.log_secrets
        red_log = "\n".join([
            f"step 1 hf_token={s['kv']}", f'config {{"api_key": "{s["json"]}"}}',
            f"Authorization: Bearer {s['bearer']}", f"fetching https://user:{s['url']}@hub.example/x",
            f"export OPENAI_API_KEY={s['export']}", f"password = {s['spaced']}",
            f"\uff28\uff26\uff3f\uff34\uff2f\uff2b\uff25\uff2e={s['fullwidth']}", f"apiKey: {s['camel']}",
            f"X-Api-Key: {s['header']}", f"  github_pat: {s['yaml']}", "INSIDE-LOG-MARKER"]) + "\n"
        self.manifest_secrets = {k: cval("man") for k in ("HF_TOKEN", "Hf_Token", "api_key_2", "db_password",
                                                          "webhook", "clientSecret")}
        ms = self.manifest_secrets
        self.redaction = self.write_run(runs / "00-00-00-000006", log=red_log, manifest={
            "error": f"request failed: Authorization: Bearer {s['bearer']}",
            "config": {"extra": {"HF_TOKEN": ms["HF_TOKEN"], "Hf_Token": ms["Hf_Token"], "api_key_2": ms["api_key_2"],
                                 "db_password": ms["db_password"],
                                 "webhook_url": f"https://bot:{ms['webhook']}@hooks.example/x",
                                 "clientSecret": ms["clientSecret"]}},
            "overrides": [f"+extra.hf_token={ms['HF_TOKEN']}"]})
        interp = self.write_run(runs / "00-00-00-000007", manifest={
            "config": {"notes": "${oc.env:LW_PLAIN_CANARY}", "run_name": "${oc.env:DATABASE_URL}"},
            "error": "${oc.env:SENTRY_DSN}", "overrides": ["notes=${oc.env:LW_PLAIN_CANARY}"]})
        (interp / ".hydra" / "config.yaml").write_text("notes: ${oc.env:LW_PLAIN_CANARY}\n"
                                                       "run_name: ${oc.env:SENTRY_DSN}\n")
        (interp / ".hydra" / "overrides.yaml").write_text("- notes=${oc.env:LW_PLAIN_CANARY}\n")
        self.interp = interp
        ym = self.write_run(runs / "00-00-00-000008")
        for name in ("config.yaml", "overrides.yaml", "hydra.yaml"):
            (ym / ".hydra" / name).write_text(
                f"- !!python/object/apply:os.system [\"touch {self.markers / ('yaml_' + name)}\"]\n")
        self.yamlpy = ym
        self.lineage_out = self.write_run(runs / "00-00-00-000009", manifest={
            "resumed_from": str(o / "run" / "checkpoints" / "checkpoint-2"),
            "config": {"task": {"name": "curated", "kind": "jsonl", "path": str(o / "improved" / "curated.jsonl")},
                       "resume": str(o / "run"), "eval": {"prompts": str(o / "prompts.jsonl")}},
            "dataset": {"train": {"path": str(o / "secret.txt"), "sha256": "0" * 64}},
            "lineage": {"parent_run": str(o / "run"), "data": str(o / "improved" / "curated.jsonl"),
                        "transcripts": str(o / "transcripts.jsonl"), "raw": [str(o / "log.jsonl")],
                        "files": {str(o / "secret.txt"): "0" * 64}}})
        self.lineage_dev = self.write_run(runs / "00-00-00-000010", manifest={
            "config": {"task": {"name": "curated", "kind": "jsonl", "path": "/dev/zero"}, "resume": "/dev/zero"},
            "dataset": {"train": {"path": "/dev/zero", "sha256": "0" * 64}},
            "lineage": {"parent_run": "/dev/zero", "data": "/dev/zero", "transcripts": "/dev/zero",
                        "raw": ["/dev/zero", "/dev/urandom"], "files": {"/dev/zero": "0" * 64}}})
        self.deepjson = self.write_run(runs / "00-00-00-000011")
        (self.deepjson / "manifest.json").write_text("[" * 200000)
        (self.deepjson / "metrics.jsonl").write_bytes(b"\xff\xfe\x00\x00" + b"{" * 100000 + b"\n" + os.urandom(2048))
        (self.deepjson / "eval_results.json").write_text('{"summary": {"base_accuracy": NaN, "x": ' + "[" * 50000 + "}")
        (runs / "linkrun").symlink_to(o / "run")
        # a sweep
        sw = self.out / "multirun" / "2026-01-01" / "00-00-00"
        self.write_run(sw / "0")
        (sw / "multirun.yaml").write_text("notes: ${oc.env:LW_PLAIN_CANARY}\n"
                                          "hydra:\n  sweeper:\n    x: ${oc.env:DATABASE_URL}\n")
        (sw / "summary.md").write_text("| job | status |\n| 0 | completed |\n")
        (sw / "optimization_results.yaml").write_text(
            f"name: x\nbest: !!python/object/apply:os.system [\"touch {self.markers / 'yaml_optres'}\"]\n")
        (sw / "sweep_report.md").write_text("report ${oc.env:LW_PLAIN_CANARY}\n")
        self.sweep = sw
        sl = self.out / "multirun" / "2026-01-01" / "00-00-01"
        sl.mkdir(parents=True)
        (sl / "summary.md").symlink_to(o / "secret.txt")
        (sl / "multirun.yaml").symlink_to(o / "secret.txt")
        (sl / "0").symlink_to(o / "run")
        self.sweep_links = sl
        bomb = self.out / "multirun" / "2026-01-01" / "00-00-02"
        self.write_run(bomb / "0")
        lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
        for i, name in enumerate("bcdef"):
            prev = "abcdef"[i]
            lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 10) + "]")
        (bomb / "optimization_results.yaml").write_text("\n".join(lines) + "\n")
        (bomb / "multirun.yaml").write_text("\n".join(lines) + "\n")
        self.bomb = bomb
        # an existing store dir with a link out / a hard link
        (self.out / "linkstore").mkdir()
        (self.out / "linkstore" / "transcripts.jsonl").symlink_to(o / "victim.jsonl")
        (self.out / "linkstore" / "ingest_report.json").symlink_to(o / "victim2.jsonl")
        (self.out / "hlstore").mkdir()
        os.link(o / "hl_victim.jsonl", self.out / "hlstore" / "transcripts.jsonl")
        for f in (o / "hl_eval.json", o / "hl_metrics.jsonl", o / "hl_log.jsonl", o / "hl_victim.jsonl"):
            self.hardlink_inodes.add(f.stat().st_ino)
        self.arm_atime()

    # ---- detectors
    def watched_files(self) -> list[Path]:
        out = []
        for base in (self.outside, self.home):
            for dirpath, dirnames, files in os.walk(base):
                for f in files:
                    fp = Path(dirpath) / f
                    st = fp.lstat()
                    if stat.S_ISREG(st.st_mode) and st.st_ino not in self.hardlink_inodes:
                        out.append(fp)
        return out

    def arm_atime(self) -> None:
        self.atime_base: dict[Path, int] = {}
        for f in self.watched_files():
            st = f.stat()
            os.utime(f, ns=(st.st_mtime_ns - 3_600_000_000_000, st.st_mtime_ns))
            self.atime_base[f] = f.stat().st_atime_ns

    def atime_reads(self) -> list[str]:
        found = []
        for f, base in self.atime_base.items():
            with contextlib.suppress(FileNotFoundError):
                if f.stat().st_atime_ns != base:
                    found.append(f"outside file read (atime changed): {f.relative_to(self.root)}")
        if found:
            self.arm_atime()
        return found

    def snapshot(self) -> dict[str, tuple]:
        snap = {}
        skip = {self.out, self.tmp, self.markers, self.root / "logs"}
        for dirpath, dirnames, files in os.walk(self.root):
            dp = Path(dirpath)
            dirnames[:] = [d for d in dirnames if dp / d not in skip]
            for name in dirnames + files:
                fp = dp / name
                with contextlib.suppress(FileNotFoundError):
                    st = fp.lstat()
                    snap[str(fp.relative_to(self.root))] = (stat.S_IFMT(st.st_mode), st.st_size, st.st_mtime_ns,
                                                            st.st_ino)
        return snap

    def outputs_text_hits(self) -> list[str]:
        hits = []
        canaries = self.outside_canaries
        for dirpath, dirnames, files in os.walk(self.out):
            for f in files:
                fp = Path(dirpath) / f
                st = fp.lstat()
                if not stat.S_ISREG(st.st_mode) or st.st_ino in self.hardlink_inodes or st.st_size > 5_000_000:
                    continue
                try:
                    data = fp.read_text(errors="replace")
                except OSError:
                    continue
                for tag, v in canaries.items():
                    if v in data and not tag.startswith("hl"):
                        hits.append(f"outside canary {tag!r} copied into outputs: {fp.relative_to(self.root)}")
        return hits

    def markers_now(self) -> set[str]:
        return {p.name for p in self.markers.iterdir()}


def text_hits(world: World, text: str, client_secrets: list[str]) -> list[str]:
    found = []
    for label, s in world.secret_forms().items():
        if s and s in text:
            found.append(f"{label} in reply")
    for tag, v in world.outside_canaries.items():
        if v in text:
            found.append(f"outside canary {tag!r} in reply")
    for s in client_secrets:
        if s in text:
            label = next((k for k, v in CS.items() if v == s), s[-10:])
            found.append(f"client-sent secret ({label}) echoed")
    return found


# ----------------------------------------------------------------------------------------------- attacks
@dataclass
class Attack:
    name: str
    tool: str
    args: Callable[[World], dict] | dict
    why: str
    timeout: float = 45
    client_secrets: list[str] = field(default_factory=list)
    must_refuse: bool = False  # the docs say this is refused: an accepted call is itself a finding
    check: Callable[[World, "Outcome"], list[str]] | None = None
    setup: Callable[[World], None] | None = None
    teardown: Callable[[World], None] | None = None


@dataclass
class Outcome:
    text: str = ""
    is_error: bool = False
    data: Any = None
    elapsed: float = 0.0
    findings: list[str] = field(default_factory=list)
    note: str = ""


def compose(*ov: str, multirun: bool = False) -> Callable[[World], dict]:
    return lambda w: {"overrides": [fmt(w, o) for o in ov], "multirun": multirun}


def fmt(w: World, s: str) -> str:
    return (s.replace("{OUT}", str(w.out)).replace("{PROJ}", str(w.proj)).replace("{OUTSIDE}", str(w.outside))
            .replace("{HOME}", str(w.home)).replace("{NAMED}", w.named).replace("{ROOT}", str(w.root))
            .replace("{MARK}", str(w.markers)))


def args_of(w: World, a: Attack) -> dict:
    raw = a.args(w) if callable(a.args) else a.args

    def f(x):
        if isinstance(x, str):
            return fmt(w, x)
        if isinstance(x, list):
            return [f(i) for i in x]
        if isinstance(x, dict):
            return {k: f(v) for k, v in x.items()}
        return x
    return f(raw)


def not_in_reply(*values_of: Callable[[World], dict[str, str]]):
    def check(w: World, o: Outcome) -> list[str]:
        return [f"planted secret-named value ({k}) came back" for fn in values_of for k, v in fn(w).items()
                if v in o.text]
    return check


def reply_contains(label: str, needle: Callable[[World], str]):
    def check(w: World, o: Outcome) -> list[str]:
        return [label] if needle(w) in o.text else []
    return check


def mkfifo_at(path_of: Callable[[World], Path]):
    def setup(w: World) -> None:
        p = path_of(w)
        p.parent.mkdir(parents=True, exist_ok=True)
        if p.exists() or p.is_symlink():
            p.unlink()
        os.mkfifo(p)
    return setup


def unlink_at(path_of: Callable[[World], Path], replace_with: str | None = None):
    def teardown(w: World) -> None:
        p = path_of(w)
        with contextlib.suppress(FileNotFoundError):
            p.unlink()
        if replace_with is not None:
            p.write_text(replace_with)
    return teardown


PC = "INSIDE-LOG-MARKER"
DEEP = "{a:" * 2400 + "1" + "}" * 2400
CS = {k: cval("cli") for k in ("HF_TOKEN", "Hf_ToKeN", "apiKey", "x-api-key", "authorization", "private_key",
                               "client_secret", "sweepA", "sweepB", "urlpw", "bearer", "nested", "homoglyph",
                               "fullwidth", "git_pat", "aws")}

ATTACKS: list[Attack] = [
    # ---------------- interpolation without a literal "${" (or with one in unusual places)
    Attack("interp_fullwidth_dollar", "compose_config", compose("notes=\uff04{oc.env:LW_PLAIN_CANARY}"),
           "fullwidth $ that a normaliser might fold into ${"),
    Attack("interp_fullwidth_braces", "compose_config", compose("notes=$\uff5boc.env:LW_PLAIN_CANARY\uff5d"),
           "fullwidth braces"),
    Attack("interp_zero_width_split", "compose_config", compose("notes=$\u200b{oc.env:LW_PLAIN_CANARY}"),
           "zero-width space between $ and {"),
    Attack("interp_nul_split", "compose_config", compose("notes=$\x00{oc.env:LW_PLAIN_CANARY}"),
           "NUL between $ and { (stripped later?)"),
    Attack("interp_hydra_quote_concat", "compose_config", compose("notes=$'{oc.env:LW_PLAIN_CANARY}'"),
           "Hydra joins an unquoted $ and a quoted {...} into one string"),
    Attack("interp_backslash_escape", "compose_config", compose("notes='$\\{oc.env:LW_PLAIN_CANARY}'"),
           "escaped brace that an unescape step might turn back into ${"),
    Attack("interp_in_override_key", "compose_config", compose("+extra.${oc.env:LW_PLAIN_CANARY}=1"),
           "resolver in an override key", must_refuse=True),
    Attack("interp_decode_in_sweep", "compose_config",
           compose("notes=a,${oc.decode:'${oc.env:LW_PLAIN_CANARY}'}", multirun=True),
           "oc.decode nested in a sweep value", must_refuse=True),
    Attack("interp_in_list_in_dict", "compose_config", compose("+extra={a:[{b:'${oc.env:DATABASE_URL}'}]}"),
           "resolver inside a list inside a dict value", must_refuse=True),
    Attack("interp_in_group_choice", "compose_config", compose("model=${oc.env:LW_PLAIN_CANARY}"),
           "resolver as a config group option", must_refuse=True),
    Attack("interp_in_searchpath_yaml", "compose_config",
           compose("++hydra.searchpath=[file://{PROJ}/conf_evil]", "model=pwn"),
           "hydra.searchpath with ++ to a project dir whose YAML has ${oc.env:...}", must_refuse=True),
    Attack("interp_improve_reward_option", "improve",
           lambda w: {"transcripts": str(w.out / "pc_store"), "output": str(w.out / "imp_interp"),
                      "reward": "customer_support", "task": "$\uff5boc.env:LW_PLAIN_CANARY\uff5d"},
           "fullwidth-brace resolver as improve's task option"),
    # ---------------- URL-valued keys / hosts / environment names
    Attack("url_key_trailing_space", "plan_job",
           compose("provider=runpod", "provider.graphql_url ={NAMED}/graphql"),
           "space before = so the key does not end in url", must_refuse=True),
    Attack("url_key_plusplus_case", "plan_job",
           compose("provider=runpod", "++provider.GRAPHQL_URL={NAMED}/graphql", "++provider.Api_Url={NAMED}/v1"),
           "case variants of url keys, added with ++"),
    Attack("url_in_whole_group_dict", "plan_job",
           compose("provider={name: runpod, kind: runpod, graphql_url: '{NAMED}/graphql', api_url: '{NAMED}/v1'}"),
           "a whole provider node as a dict value", must_refuse=True),
    Attack("url_in_components_list", "compose_config",
           compose("reward=composite",
                   "reward.components=[{name: judge, kind: judge, base_url: '{NAMED}/v1', "
                   "model: m, calibration: data/inside_prompts.jsonl}]"),
           "judge with base_url+calibration inside a list of dicts", must_refuse=True),
    Attack("url_in_sweep_choice", "compose_config",
           compose("reward=judge", "reward.model=m", "reward.base_url=choice('{NAMED}/v1','{NAMED}/v2')",
                   "reward.calibration=data/inside_prompts.jsonl", multirun=True),
           "url key swept with choice()", must_refuse=True),
    Attack("url_via_env_set", "compose_config",
           compose("++hydra.job.env_set.HTTPS_PROXY={NAMED}", "++hydra.job.env_set.HF_HUB_OFFLINE=0", "model=qwen"),
           "hydra.job.env_set: a proxy named under a key not ending in url"),
    Attack("hub_id_name_or_path", "compose_config",
           compose("model=qwen", "model.name_or_path=b3attacker/evil-model", "model.trust_remote_code=false"),
           "an attacker hub id (HF_ENDPOINT points at the catcher, hub not offline)"),
    Attack("url_as_model_path", "compose_config", compose("model=qwen", "model.name_or_path={NAMED}/evil"),
           "a URL in a key that is not *url"),
    Attack("url_as_task_path", "compose_config", compose("task=jsonl", "task.path={NAMED}/data.jsonl"),
           "dataset URL in task.path"),
    Attack("url_as_eval_prompts", "compose_config", compose("model=tiny", "eval.prompts={NAMED}/p.jsonl"),
           "URL as eval.prompts"),
    Attack("wandb_logger_plan", "plan_job", compose("model=tiny", "profile=smoke", "logger=wandb", "logger.entity=b3"),
           "logger=wandb with WANDB_BASE_URL at the catcher and WANDB_MODE=online"),
    Attack("runpod_plan_env_api", "plan_job", compose("model=tiny", "provider=runpod", "provider.max_cost=1"),
           "read-only RunPod plan with RUNPOD_API_KEY set and RUNPOD_* URLs at the catcher"),
    Attack("modal_plan", "plan_job", compose("model=tiny", "provider=modal", "provider.max_cost=1"),
           "Modal plan with MODAL_SERVER_URL at the catcher"),
    Attack("vllm_server_default_probe", "compose_config",
           compose("rollout=vllm_server", "profile.device=cuda", "++hydra.job.env_set.X=1"),
           "vLLM server rollout (default base_url) on cuda: a probe would be a network call"),
    Attack("judge_improve_env_base_url", "improve",
           lambda w: {"transcripts": str(w.out / "pc_store"), "output": str(w.out / "imp_judge"), "reward": "judge",
                      "overrides": ["reward.model=gpt-x"]},
           "improve reward=judge with no base_url: does the OpenAI client fall back to OPENAI_BASE_URL + key?"),
    Attack("improve_env_set_proxy", "improve",
           lambda w: {"transcripts": str(w.out / "pc_store"), "output": str(w.out / "imp_envset"),
                      "overrides": [f"hydra.job.env_set.HTTPS_PROXY={w.named}", "hydra.job.env_set.HF_HUB_OFFLINE=0",
                                    f"hydra.job.env_set.OPENAI_BASE_URL={w.named}/v1"]},
           "improve with hydra.job.env_set naming hosts"),
    # ---------------- code execution
    Attack("target_fullwidth_underscore", "compose_config",
           compose("++reward._target\uff3f=lw_b3_evil.fn", "++task.environment._tar\u0261et_=lw_b3_evil.Env"),
           "fullwidth underscore / homoglyph g in _target_"),
    Attack("reward_kind_module", "compose_config", compose("reward.kind=lw_b3_evil:fn", "reward.name=lw_b3_evil.fn"),
           "a module path in reward.kind / reward.name"),
    Attack("task_kind_module", "compose_config", compose("task.kind=lw_b3_evil", "task.name=lw_b3_evil.Env"),
           "a module path in task.kind"),
    Attack("target_via_package_directive", "compose_config", compose("+reward@hydra.callbacks.evil=length"),
           "a config group moved into hydra.callbacks with @package", must_refuse=True),
    Attack("searchpath_pkg_scalar", "compose_config", compose("hydra.searchpath=pkg://lw_b3_evil", "model=pwn"),
           "searchpath as a scalar pkg:// naming the planted module", must_refuse=True),
    Attack("argparse_config_dir", "compose_config", compose("--config-dir={OUTSIDE}/conf_leak", "--config-name=leak"),
           "train.py flags in the overrides list: config from outside", must_refuse=True),
    Attack("argparse_short_flags", "plan_job", compose("-cd", "{PROJ}/conf_evil", "-m", "model=pwn"),
           "short flags as separate items", must_refuse=True),
    Attack("jinja_template_ssti", "compose_config",
           compose("model=tiny", "model.random_init.chat_template='{{ cycler.__init__.__globals__."
                                 "os.system(\"touch {MARK}/ssti\") }}'"),
           "server-side template injection in a chat template"),
    Attack("prompt_template_format_bomb", "compose_config",
           compose("model=tiny", "task.prompt_template='{a:>300000000}{a.__class__.__mro__[1].__subclasses__}'"),
           "str.format width bomb / attribute walk in the prompt template", timeout=20),
    Attack("launch_readonly", "launch", compose("model=tiny", "profile=smoke", "+extra.x=1"),
           "launch on a read-only server", must_refuse=True),
    Attack("launch_sweep_flag", "launch", lambda w: {"overrides": ["model=tiny", "profile=smoke"], "sweep": True},
           "launch as a sweep on a read-only server", must_refuse=True),
    # ---------------- path checks: traversal shapes
    Attack("path_inner_dotdot_task", "compose_config",
           compose("task=jsonl", "task.path=data/../../outside/secret.jsonl"),
           "'..' not at the start (value does not start with /, ~ or .)"),
    Attack("path_quoted_abs_task", "compose_config", compose("task=jsonl", "task.path='{OUTSIDE}/secret.jsonl'"),
           "quoted absolute path (the raw text starts with ')"),
    Attack("path_leading_space_task", "compose_config", compose("task=jsonl", "task.path= {OUTSIDE}/secret.jsonl"),
           "leading space (Hydra strips it)"),
    Attack("path_file_url_rubric", "compose_config",
           compose("reward=judge", "reward.rubric_file=file://{OUTSIDE}/rubric.txt"), "file:// URL (two slashes)"),
    Attack("path_env_var_resume", "compose_config", compose("model=tiny", "resume=$HOME/run"),
           "$HOME in a path (expandvars)"),
    Attack("path_proc_cwd_eval", "compose_config",
           compose("model=tiny", "eval.prompts=/proc/self/cwd/../outside/prompts.jsonl"),
           "/proc/self/cwd hop"),
    Attack("path_percent_sqlite", "compose_config",
           compose("trial.storage=sqlite:///data%2F..%2F..%2Foutside%2Fpwn.db", "trial.study_name=s"),
           "percent-encoded traversal in an SQLAlchemy URL"),
    Attack("path_journal_inner_dotdot", "compose_config",
           compose("trial.storage=journal:data/../../outside/pwn.log", "trial.study_name=s"), "journal: with inner .."),
    Attack("path_ledger_inner_dotdot", "plan_job",
           compose("model=tiny", "provider=runpod", "provider.max_cost=1",
                   "provider.ledger=data/../../outside/ledger.jsonl"),
           "cost ledger outside (a damaged line would be echoed)"),
    Attack("path_ledger_relative_write", "plan_job",
           compose("model=tiny", "provider=runpod", "provider.max_cost=1", "provider.ledger=pwn_ledger.jsonl"),
           "relative ledger: resolved against the project, outside the outputs dir"),
    Attack("path_tilde_user", "compose_config", compose("model=tiny", "eval.prompts=~root/.bashrc"), "~user form"),
    Attack("path_symlink_in_project", "compose_config", compose("task=jsonl", "task.path=escape_link/secret.jsonl"),
           "a symlink under the project pointing out", must_refuse=True),
    Attack("path_resume_outside_run", "compose_config", compose("model=tiny", "resume=data/../../outside/run"),
           "resume from an outside run via inner .. (its manifest/checkpoint would be read)"),
    Attack("path_model_dir_outside", "compose_config",
           compose("model=qwen", "model.name_or_path=data/../../outside/model"), "a model dir outside via inner .."),
    # ---------------- list_options group traversal
    Attack("list_options_group_abs", "list_options", lambda w: {"group": str(w.outside / "conf_leak")},
           "absolute dir as group: header comments of outside YAML"),
    Attack("list_options_group_dotdot", "list_options",
           lambda w: {"group": "model/" + "../" * 24 + str(w.outside / "conf_leak").lstrip("/")},
           "group with .. up to / and down into the outside dir"),
    # ---------------- run readers
    Attack("run_status_inner_dotdot", "run_status",
           lambda w: {"run_dir": "data/../../outside/run", "log_lines": 200}, "inner .. to an outside run",
           must_refuse=True),
    Attack("run_status_home_env", "run_status", lambda w: {"run_dir": "$HOME/run", "log_lines": 200}, "$HOME/run"),
    Attack("run_status_tilde", "run_status", lambda w: {"run_dir": "~/run", "log_lines": 200},
           "~/run (HOME is outside)",
           must_refuse=True),
    Attack("run_status_file_url", "run_status", lambda w: {"run_dir": f"file://{w.outside}/run", "log_lines": 200},
           "file:// URL run dir"),
    Attack("run_status_fullwidth_dots", "run_status",
           lambda w: {"run_dir": f"{w.out}/\uff0e\uff0e/outside/run", "log_lines": 200},
           "fullwidth dots (NFKC-normalised after the check?)"),
    Attack("run_status_nul_byte", "run_status",
           lambda w: {"run_dir": f"{w.out}/runs\x00/../../outside/run", "log_lines": 200}, "NUL byte in run_dir"),
    Attack("run_status_dir_symlink", "run_status",
           lambda w: {"run_dir": str(w.out / "runs" / "2026-01-01" / "linkrun"), "log_lines": 200},
           "a run dir that is itself a link out", must_refuse=True),
    Attack("run_status_file_links", "run_status", lambda w: {"run_dir": str(w.linkfiles), "log_lines": 200},
           "train.log/launch.log linked to an outside file", must_refuse=True),
    Attack("run_metrics_file_links", "run_metrics", lambda w: {"run_dir": str(w.linkfiles), "last": 0},
           "metrics.jsonl linked out", must_refuse=True),
    Attack("run_eval_hardlink", "run_eval", lambda w: {"run_dir": str(w.hardlinks), "records": 500},
           "eval_results.json is a hard link to an outside file"),
    Attack("run_metrics_hardlink_damaged_line", "run_metrics",
           lambda w: {"run_dir": str(w.hardlinks), "last": 0, "keys": ["note", "reward"]},
           "hard-linked metrics whose damaged line might be echoed"),
    Attack("run_status_proc_environ", "run_status", lambda w: {"run_dir": str(w.procenv), "log_lines": 200},
           "logs linked to /proc/self/environ", must_refuse=True),
    Attack("run_status_log_redaction", "run_status", lambda w: {"run_dir": str(w.redaction), "log_lines": 200},
           "secret-named values in a run's log and manifest (camelCase, header, fullwidth, spaced)",
           check=not_in_reply(lambda w: {f"log:{k}": w.log_secrets[k] for k in (
                                  "kv", "json", "bearer", "url", "export", "spaced", "camel", "header", "yaml")},
                              lambda w: {f"manifest:{k}": v for k, v in w.manifest_secrets.items()})),
    Attack("run_status_manifest_interp", "run_status", lambda w: {"run_dir": str(w.interp), "log_lines": 20},
           "${oc.env:...} planted in a manifest and .hydra files"),
    Attack("list_runs_everything", "list_runs", {"limit": 500},
           "list_runs over every planted run (interpolations, YAML tags, links, redaction, binary)",
           check=not_in_reply(lambda w: {f"manifest:{k}": v for k, v in w.manifest_secrets.items()})),
    Attack("run_status_yaml_python_tags", "run_status", lambda w: {"run_dir": str(w.yamlpy)},
           "!!python/object/apply in .hydra files"),
    Attack("sweep_report_interp_tags", "sweep_report", lambda w: {"sweep_dir": str(w.sweep)},
           "multirun.yaml with ${oc.env:...}, optimization_results.yaml with a python tag"),
    Attack("sweep_report_links", "sweep_report", lambda w: {"sweep_dir": str(w.sweep_links)},
           "summary.md / multirun.yaml / job 0 linked out", must_refuse=True),
    Attack("lineage_outside_records", "lineage", lambda w: {"run_dir": str(w.lineage_out)},
           "manifest naming outside parent run, data, transcripts, raw logs"),
    Attack("run_readers_binary_deep_json", "run_metrics", lambda w: {"run_dir": str(w.deepjson), "last": 0},
           "binary metrics, 200k-deep JSON manifest (crash?)", timeout=20),
    Attack("mcp_read_resource_file", "__read_resource__", lambda w: {"uri": f"file://{w.outside}/secret.txt"},
           "MCP resources/read of an outside file"),
    Attack("mcp_unknown_tool_echo", "__call_raw__",
           lambda w: {"name": "run_status", "arguments": {"run_dir": str(w.good), "log_lines": 5,
                                                          "__class__": "x", "env": "${oc.env:LW_PLAIN_CANARY}"}},
           "extra arguments (a resolver in an unknown argument)"),
    # ---------------- ingest: argument injection, links, writes
    Attack("ingest_comma_injection", "ingest",
           lambda w: {"inputs": [f"inside_log.jsonl,{w.outside}/log.jsonl"], "output": str(w.out / "ing_comma")},
           "a comma in one input item: Hydra's list splits it into an outside path"),
    Attack("ingest_bracket_injection", "ingest",
           lambda w: {"inputs": [f"inside_log.jsonl],output={w.outside}/pwn_store,input=[{w.outside}/log.jsonl"],
                      "output": str(w.out / "ing_bracket")}, "closing the list in an item"),
    Attack("ingest_leading_space", "ingest",
           lambda w: {"inputs": [f" {w.outside}/log.jsonl"], "output": str(w.out / "ing_space")},
           "leading space before an absolute outside path"),
    Attack("ingest_quoted", "ingest",
           lambda w: {"inputs": [f"'{w.outside}/log.jsonl'"], "output": str(w.out / "ing_quoted")}, "quoted path"),
    Attack("ingest_inner_dotdot", "ingest",
           lambda w: {"inputs": ["data/../../outside/log.jsonl"], "output": str(w.out / "ing_dotdot")}, "inner .."),
    Attack("ingest_home_env", "ingest", lambda w: {"inputs": ["$HOME/log.jsonl"], "output": str(w.out / "ing_home")},
           "$HOME in an input"),
    Attack("ingest_glob", "ingest",
           lambda w: {"inputs": ["*/../../outside/*.jsonl"], "output": str(w.out / "ing_glob")},
           "a glob that climbs out"),
    Attack("ingest_hardlink_input", "ingest", lambda w: {"inputs": ["hl_log.jsonl"], "output": str(w.out / "ing_hl")},
           "a hard link in the project to an outside log", must_refuse=True),
    Attack("ingest_symlink_in_dir", "ingest", lambda w: {"inputs": ["linkdir"], "output": str(w.out / "ing_linkdir")},
           "an input dir holding a link out", must_refuse=True),
    Attack("ingest_output_relative", "ingest", lambda w: {"inputs": ["inside_log.jsonl"], "output": "pwn_store"},
           "a relative output: resolved against the project (outside the outputs dir)?"),
    Attack("ingest_output_inner_dotdot", "ingest",
           lambda w: {"inputs": ["inside_log.jsonl"], "output": "data/../../outside/pwn_store"},
           "output with inner .."),
    Attack("ingest_output_leading_space", "ingest",
           lambda w: {"inputs": ["inside_log.jsonl"], "output": f" {w.outside}/pwn_store2"},
           "output with leading space"),
    Attack("ingest_store_symlinks", "ingest",
           lambda w: {"inputs": ["inside_log.jsonl"], "output": str(w.out / "linkstore")},
           "existing store whose files link out (overwrite outside?)", must_refuse=True),
    Attack("ingest_store_hardlink", "ingest",
           lambda w: {"inputs": ["inside_log.jsonl"], "output": str(w.out / "hlstore")},
           "existing store holding a hard link to an outside file", must_refuse=True),
    Attack("ingest_format_traversal", "ingest",
           lambda w: {"inputs": ["inside_log.jsonl"], "output": str(w.out / "ing_fmt"),
                      "format": "../../../../../../../../../.." + str(w.outside / "fmt")},
           "format as a path", must_refuse=True),
    Attack("ingest_format_override_injection", "ingest",
           lambda w: {"inputs": ["inside_log.jsonl"], "output": str(w.out / "ing_fmtinj"),
                      "format": f"auto hydra.run.dir={w.outside}/hydra_pwn"}, "format with a second override",
           must_refuse=True),
    # ---------------- improve: writes and reads outside
    Attack("improve_hydra_run_dir", "improve",
           lambda w: {"transcripts": str(w.out / "pc_store"), "output": str(w.out / "imp_rundir"),
                      "overrides": ["hydra.run.dir=pwn_hydra_rundir",
                                    "hydra.output_subdir=x/../../../outside/pwn_sub"]},
           "improve's own Hydra dirs moved outside the outputs dir"),
    Attack("improve_output_relative", "improve",
           lambda w: {"transcripts": str(w.out / "pc_store"), "output": "pwn_improved"},
           "relative output: resolved against the project?"),
    Attack("improve_eval_prompts_inner_dotdot", "improve",
           lambda w: {"transcripts": str(w.out / "pc_store"), "output": str(w.out / "imp_eval"),
                      "eval_prompts": "data/../../outside/prompts.jsonl"}, "eval prompts outside via inner .."),
    Attack("improve_transcripts_home", "improve",
           lambda w: {"transcripts": "$HOME/transcripts.jsonl", "output": str(w.out / "imp_home")},
           "transcripts from $HOME"),
    Attack("improve_rubric_leading_space", "improve",
           lambda w: {"transcripts": str(w.out / "pc_store"), "output": str(w.out / "imp_rubric"), "reward": "judge",
                      "overrides": [f"reward.rubric_file= {w.outside}/rubric.txt", "reward.model=m"]},
           "rubric file outside via a leading space"),
    # ---------------- client-sent secrets, unicode names
    Attack("client_secret_case_variants", "compose_config",
           lambda w: {"overrides": ["model=tiny", f"+extra.HF_TOKEN={CS['HF_TOKEN']}",
                                    f"+extra.Hf_ToKeN={CS['Hf_ToKeN']}",
                                    f"+extra.apiKey={CS['apiKey']}", f"+extra.x-api-key={CS['x-api-key']}",
                                    f"+extra.authorization=Bearer {CS['authorization']}",
                                    f"+extra.private_key={CS['private_key']}",
                                    f"+extra.client_secret={CS['client_secret']}",
                                    f"+extra.gitPat={CS['git_pat']}", f"+extra.AWS_SECRET_ACCESS_KEY={CS['aws']}"]},
           "secret-named keys in case/camel/header forms", client_secrets=[CS[k] for k in (
               "HF_TOKEN", "Hf_ToKeN", "apiKey", "x-api-key", "authorization",
               "private_key", "client_secret", "git_pat", "aws")]),
    Attack("client_secret_sweep_and_nested", "compose_config",
           lambda w: {"overrides": ["model=tiny", f"+extra.hf_token={CS['sweepA']},{CS['sweepB']}",
                                    f"+extra.list=[{{hf_token: {CS['nested']}}}]",
                                    f"+extra.mirror=https://user:{CS['urlpw']}@hub.example/x",
                                    f"notes=Authorization: Bearer {CS['bearer']}"], "multirun": True},
           "secrets in sweep values, a list of dicts, URL userinfo, a bearer token",
           client_secrets=[CS[k] for k in ("sweepA", "sweepB", "nested", "urlpw", "bearer")]),
    Attack("client_secret_homoglyph_names", "compose_config",
           lambda w: {"overrides": ["model=tiny", f"+extra.hf_t\u043eken={CS['homoglyph']}",
                                    f"+extra.\uff48\uff46_\uff54\uff4f\uff4b\uff45\uff4e={CS['fullwidth']}"]},
           "homoglyph / fullwidth secret names (reported, a name-based rule cannot know)",
           client_secrets=[CS["homoglyph"], CS["fullwidth"]]),
    Attack("client_secret_in_error", "run_status",
           lambda w: {"run_dir": f"{w.out}/no_such_run_hf_token={CS['HF_TOKEN']}"},
           "a secret-named pair inside a path the error will echo", client_secrets=[CS["HF_TOKEN"]]),
    # ---------------- size / nesting / stalls (short limits)
    Attack("dos_deep_nesting_override", "compose_config", compose("+extra=" + DEEP), "2400-deep dict in one override",
           timeout=20),
    Attack("dos_deep_dotted_key", "compose_config", compose("+" + "a." * 9000 + "b=1"), "9000-level dotted key",
           timeout=20),
    Attack("dos_sweep_count_bypass", "compose_config", compose("seed=sort(range(0,2000000))", multirun=True),
           "sort() around a huge range: counted before expanding?", timeout=20),
    Attack("dos_fifo_log", "run_status", lambda w: {"run_dir": str(w.good), "log_lines": 5},
           "train.log/launch.log replaced by FIFOs inside the outputs dir", timeout=15,
           setup=lambda w: [mkfifo_at(lambda w, n=n: w.good / n)(w) for n in ("train.log", "launch.log")],
           teardown=lambda w: [unlink_at(lambda w, n=n: w.good / n, PC + "\n")(w)
                               for n in ("train.log", "launch.log")]),
    Attack("dos_lineage_dev_zero", "lineage", lambda w: {"run_dir": str(w.lineage_dev)},
           "manifest recording /dev/zero as data: hashing never ends", timeout=15),
    Attack("dos_ingest_fifo_input", "ingest", lambda w: {"inputs": ["fifo_dir"], "output": str(w.out / "ing_fifo")},
           "an input dir holding a FIFO", timeout=15,
           setup=mkfifo_at(lambda w: w.proj / "fifo_dir" / "a.jsonl"),
           teardown=unlink_at(lambda w: w.proj / "fifo_dir" / "a.jsonl")),
    Attack("dos_yaml_alias_bomb", "sweep_report", lambda w: {"sweep_dir": str(w.bomb)},
           "YAML alias bomb (10^6 leaves) in optimization_results.yaml / multirun.yaml", timeout=20),
]

CONTROLS = [
    ("pc_compose_ok", "compose_config", {"overrides": ["model=tiny", "profile=smoke"]}),
    ("pc_run_status_inside", "run_status", None),
    ("pc_run_metrics_inside", "run_metrics", None),
    ("pc_ingest_inside", "ingest", None),
]


# ----------------------------------------------------------------------------------------------- the session
class Server:
    """One server process and its client session; ``epoch`` is a structured block (anyio needs its task groups
    entered and left in one task): a stalled or dead server ends the block and the next block starts afresh."""

    def __init__(self, world: World):
        self.w = world
        self.client = None
        self.pids: list[int] = []
        self.starts = 0

    @contextlib.asynccontextmanager
    async def epoch(self):
        import psutil
        from mcp import ClientSession, StdioServerParameters, stdio_client

        me = psutil.Process()
        before = {c.pid for c in me.children(recursive=True)}
        params = StdioServerParameters(command=sys.executable, cwd=str(self.w.proj), env=self.w.server_env(),
                                       args=["-m", "loopwright.mcp", "--project", str(self.w.proj),
                                             "--outputs", str(self.w.out)])
        (self.w.root / "logs").mkdir(exist_ok=True)
        with open(self.w.root / "logs" / "server.err", "a") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as client:
                with anyio.fail_after(120):
                    await client.initialize()
                self.client = client
                self.pids = [c.pid for c in me.children(recursive=True) if c.pid not in before]
                self.starts += 1
                try:
                    yield self
                finally:
                    self.kill()

    def kill(self) -> None:
        import psutil
        for pid in self.pids:
            with contextlib.suppress(psutil.Error):
                proc = psutil.Process(pid)
                for child in proc.children(recursive=True):
                    with contextlib.suppress(psutil.Error):
                        child.kill()
                proc.kill()

    async def alive(self) -> bool:
        try:
            with anyio.fail_after(15):
                await self.client.send_ping()
            return True
        except Exception:  # noqa: BLE001
            return False

    async def call(self, tool: str, args: dict, timeout: float) -> Outcome:
        t0 = time.monotonic()
        result = None
        try:
            with anyio.move_on_after(timeout):
                if tool == "__read_resource__":
                    result = await self.client.read_resource(args["uri"])
                elif tool == "__call_raw__":
                    result = await self.client.call_tool(args["name"], args["arguments"])
                else:
                    result = await self.client.call_tool(tool, args)
            if result is None:
                return Outcome(is_error=True, elapsed=time.monotonic() - t0, note="timeout")
        except Exception as e:  # noqa: BLE001  (a protocol error is an answer too: its text is checked)
            return Outcome(text=f"{type(e).__name__}: {e}", is_error=True, elapsed=time.monotonic() - t0,
                           note="exception")
        texts = []
        for c in getattr(result, "content", None) or getattr(result, "contents", None) or []:
            texts.append(getattr(c, "text", "") or getattr(c, "blob", "") or "")
        sc = getattr(result, "structured_content", None)
        is_error = bool(getattr(result, "is_error", False))
        return Outcome(text="".join(texts) + ("\n" + json.dumps(sc, ensure_ascii=False) if sc is not None else ""),
                       is_error=is_error, data=sc, elapsed=time.monotonic() - t0)


def detect(w: World, snap_before: dict, markers_before: set[str], o: Outcome, a: Attack | None) -> list[str]:
    found = text_hits(w, o.text, a.client_secrets if a else [])
    for port, data in w.catcher.new():
        found.append(f"network: {port} catcher got {data[:160]!r}")
    new_markers = w.markers_now() - markers_before
    found += [f"code ran: marker {m}" for m in sorted(new_markers)]
    after = w.snapshot()
    for k in sorted(set(after) | set(snap_before)):
        if after.get(k) != snap_before.get(k):
            state = "created" if k not in snap_before else "removed" if k not in after else "changed"
            found.append(f"file {state} outside the outputs dir: {k}")
    found += w.outputs_text_hits()
    found += w.atime_reads()
    return found


async def play(w: World) -> dict[str, Outcome]:
    srv = Server(w)
    results: dict[str, Outcome] = {}
    (w.root / "logs").mkdir(exist_ok=True)
    progress = open(w.root / "logs" / "progress.txt", "a")
    todo = list(ATTACKS)
    first = True
    while todo:
        async with srv.epoch():
            if first:  # positive controls
                first = False
                results["pc_compose_ok"] = await srv.call("compose_config",
                                                          {"overrides": ["model=tiny", "profile=smoke"]}, 90)
                results["pc_run_status_inside"] = await srv.call("run_status",
                                                                 {"run_dir": str(w.good), "log_lines": 20}, 60)
                results["pc_run_metrics_inside"] = await srv.call("run_metrics",
                                                                  {"run_dir": str(w.good), "last": 0}, 60)
                results["pc_ingest_inside"] = await srv.call(
                    "ingest", {"inputs": ["inside_log.jsonl"], "output": str(w.out / "pc_store")}, 120)
                w.catcher.new()
                w.atime_reads()
            while todo:
                a = todo.pop(0)
                print(time.strftime("%H:%M:%S"), "start", a.name, flush=True, file=progress)
                if a.setup:
                    a.setup(w)
                snap, marks = w.snapshot(), w.markers_now()
                o = await srv.call(a.tool, args_of(w, a), a.timeout)
                findings = []
                if o.note == "timeout":
                    findings.append(f"stall: no answer within {a.timeout:.0f}s")
                restart = o.note == "timeout" or not await srv.alive()
                if restart and o.note != "timeout":
                    findings.append("server died or stopped answering after the call")
                if restart:
                    srv.kill()
                    await anyio.sleep(1)
                findings += detect(w, snap, marks, o, a)
                if a.teardown:
                    a.teardown(w)
                if a.must_refuse and not o.is_error and o.note != "timeout":
                    findings.append("accepted a call the docs say is refused")
                if a.check:
                    findings += a.check(w, o)
                o.findings = findings
                results[a.name] = o
                print(time.strftime("%H:%M:%S"), "done", a.name, round(o.elapsed, 1), o.note, findings[:3],
                      flush=True, file=progress)
                if restart:
                    break
    results["__starts__"] = Outcome(note=str(srv.starts))
    return results


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> World:
    return World(tmp_path_factory.mktemp("blind3"))


@pytest.fixture(scope="module")
def results(world) -> dict[str, Outcome]:
    t0 = time.monotonic()
    res = asyncio.run(play(world))
    summary = {name: {"succeeded": bool(o.findings), "findings": o.findings, "is_error": o.is_error,
                      "elapsed_s": round(o.elapsed, 2), "note": o.note, "reply": o.text[:600]}
               for name, o in res.items()}
    summary["__wall_s__"] = round(time.monotonic() - t0, 1)
    dump = os.environ.get("BLIND3_RESULTS")
    if dump:
        Path(dump).write_text(json.dumps(summary, indent=1, ensure_ascii=False))
    return res


# ----------------------------------------------------------------------------------------------- tests
def test_attack_names_are_unique():
    names = [a.name for a in ATTACKS]
    assert len(names) == len(set(names))
    assert set(OPEN_LEAKS) <= set(names)


def test_positive_control_compose_ok(results):
    o = results["pc_compose_ok"]
    assert not o.is_error and o.data["ok"] is True, o.text[:800]


def test_positive_control_inside_run_is_read(results):
    assert PC in results["pc_run_status_inside"].text, results["pc_run_status_inside"].text[:800]
    assert "0.123456" in results["pc_run_metrics_inside"].text, results["pc_run_metrics_inside"].text[:800]


def test_positive_control_inside_ingest_writes_only_outputs(results, world):
    o = results["pc_ingest_inside"]
    assert not o.is_error, o.text[:800]
    assert any((world.out / "pc_store").iterdir())


def test_server_restarts_are_accounted(results):
    # one start, plus one per attack that stalled or killed the server (the last attack needs no fresh server)
    stalls = sum(1 for a in ATTACKS[:-1]
                 if any(f.startswith(("stall", "server died")) for f in results[a.name].findings))
    assert int(results["__starts__"].note) == 1 + stalls


PARAMS = [pytest.param(a.name, marks=pytest.mark.xfail(strict=True, reason=OPEN_LEAKS[a.name]))
          if a.name in OPEN_LEAKS else a.name for a in ATTACKS]


@pytest.mark.parametrize("name", PARAMS)
def test_attack_fails(results, name):
    o = results[name]
    assert not o.findings, f"{name} succeeded: {o.findings}\nreply: {o.text[:600]}"


# ---- detector self-checks (after the attacks, on the same world)
def test_detector_env_secret_in_text_fires(results, world):
    for name, v in world.env_secrets.items():
        assert text_hits(world, f"x {v} y", []), name
    assert text_hits(world, SHORT_SECRET[1], [])
    v = world.env_secrets["HF_TOKEN"]
    assert text_hits(world, base64.b64encode(v.encode()).decode(), [])
    assert text_hits(world, v[::-1], [])
    assert text_hits(world, "client said abcdefgh123", ["abcdefgh123"])
    assert not text_hits(world, "nothing here", ["abcdefgh123"])


def test_detector_outside_canary_in_text_fires(results, world):
    assert text_hits(world, world.outside_canaries["secret"], [])


def test_detector_catcher_fires(results, world):
    world.catcher.new()
    for port in world.catcher.ports.values():
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(b"GET /selfcheck HTTP/1.1\r\nHost: x\r\n\r\n")
            s.recv(100)
    time.sleep(0.5)
    got = world.catcher.new()
    assert len(got) == 2 and all(b"selfcheck" in d for _, d in got)


def test_detector_markers_and_files_fire(results, world):
    snap, marks = world.snapshot(), world.markers_now()
    import subprocess
    subprocess.run([sys.executable, "-c", "import lw_b3_evil; lw_b3_evil.fn()"], cwd=world.proj, check=True,
                   env={"PATH": os.environ["PATH"]})
    (world.proj / "selfcheck_new_file").write_text("x")
    found = detect(world, snap, marks, Outcome(), None)
    assert any(f.startswith("code ran") for f in found), found
    assert any("selfcheck_new_file" in f for f in found), found
    (world.proj / "selfcheck_new_file").unlink()
    for m in world.markers.iterdir():
        m.unlink()


def test_detector_outputs_copy_fires(results, world):
    p = world.out / "selfcheck_copy.txt"
    p.write_text(world.outside_canaries["log"])
    try:
        assert world.outputs_text_hits()
    finally:
        p.unlink()


def test_detector_atime_fires(results, world):
    world.atime_reads()
    (world.outside / "secret.txt").read_text()
    found = world.atime_reads()
    if not found:
        pytest.skip("this file system does not update atime on a read")
    assert any("secret.txt" in f for f in found)
