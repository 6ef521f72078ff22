"""Blind8 world: a project copy, outputs, an outside dir, a fake HOME, canaries in env and files, a TCP catcher
(standing for an attacker host and every proxy/endpoint env var), PATH shims and planted modules that write
marker files, and one reused MCP stdio session (restarted on failure) with detectors over every reply."""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import hashlib
import json
import os
import secrets
import shutil
import socket
import stat
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
CALL_LIMIT = 45.0


def _canary(prefix: str = "") -> str:
    return prefix + "B8" + secrets.token_hex(12).upper()


class Catcher:
    """A loopback TCP listener: every byte any client sends is recorded."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.hits: list[bytes] = []
        self.connections = 0
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except (socket.timeout, OSError):
                continue
            self.connections += 1
            conn.settimeout(0.5)
            data = b""
            try:
                while len(data) < 65536:
                    chunk = conn.recv(4096)
                    if not chunk:
                        break
                    data += chunk
            except OSError:
                pass
            finally:
                self.hits.append(data)
                try:
                    conn.close()
                except OSError:
                    pass

    def close(self) -> None:
        self._stop.set()
        self.thread.join(timeout=2)
        self.sock.close()


SHIM_TOOLS = ["curl", "wget", "git", "ssh", "scp", "nc", "ncat", "aws", "gsutil", "gcloud", "az", "runpodctl",
              "docker", "kubectl", "sky", "rsync", "ping", "nslookup", "dig", "huggingface-cli", "wandb", "pip"]

ENV_SECRET_NAMES = ["AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN",
                    "WANDB_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GITHUB_TOKEN", "GH_TOKEN",
                    "RUNPOD_API_KEY", "DATABASE_URL", "DB_PASSWORD", "SLACK_WEBHOOK", "B8_PRIVATE_KEY",
                    "MY_SETTINGS", "COLOR", "LW_NOTE", "TEAM", "X", "DATA_HOME_HINT", "PROJECT_LABEL",
                    "npm_config__auth", "SSH_AUTH_PASS", "CI_JOB_JWT", "AZURE_CLIENT_SECRET",
                    "GOOGLE_APPLICATION_CREDENTIALS_JSON", "LOOPWRIGHT_TOKEN", "HYDRA_SECRET", "PASS", "KEY"]

ENDPOINT_VARS = ["HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "ALL_PROXY", "all_proxy",
                 "WANDB_BASE_URL", "HF_ENDPOINT", "MLFLOW_TRACKING_URI", "OPENAI_BASE_URL", "OPENAI_API_BASE",
                 "ANTHROPIC_BASE_URL", "RUNPOD_API_BASE", "AWS_ENDPOINT_URL", "NO_PROXY_X", "TENSORBOARD_URL"]


class World:
    def __init__(self) -> None:
        self.base = Path(tempfile.mkdtemp(prefix="blind8_"))
        self.project = self.base / "project"
        self.outputs = self.base / "outputs"
        self.outside = self.base / "outside"
        self.home = self.base / "home"
        self.shims = self.base / "shims"
        self.markers = self.base / "markers"
        for d in (self.outputs, self.outside, self.home, self.shims, self.markers):
            d.mkdir(parents=True)
        shutil.copytree(ROOT / "conf", self.project / "conf")
        for name in ("train.py", "pyproject.toml", "README.md"):
            if (ROOT / name).exists():
                shutil.copy(ROOT / name, self.project / name)
        self.catcher = Catcher()
        self.url = f"http://127.0.0.1:{self.catcher.port}"
        self.canaries: dict[str, str] = {}
        self.env_secret: dict[str, str] = {}
        shapes = ["sk-", "ghp_", "AKIA", "hf_", "xoxb-", "", "pat-", "eyJ", "glpat-", "rp_"]
        for i, name in enumerate(ENV_SECRET_NAMES):
            value = _canary(shapes[i % len(shapes)])
            if name == "DATABASE_URL":
                value = f"postgres://admin:{value}@db.internal:5432/x"
            self.env_secret[name] = value
            self.canaries["env:" + name] = value
        # secret files
        self.secret_files: dict[str, Path] = {}
        def plant(key: str, path: Path, fmt: str = "{v}\n") -> None:
            v = _canary("sk-")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(fmt.format(v=v))
            self.canaries["file:" + key] = v
            self.secret_files[key] = path
        plant("outside_txt", self.outside / "secret.txt")
        plant("outside_yaml", self.outside / "conf" / "evil.yaml", "password: {v}\nmodel: {{name: x}}\n")
        plant("outside_group", self.outside / "model" / "evil.yaml", "name: {v}\n")
        plant("outside_json", self.outside / "run" / "manifest.json", '{{"token": "{v}", "status": "done"}}')
        plant("outside_metrics", self.outside / "run" / "metrics.jsonl", '{{"step": 1, "loss": 0.5, "note": "{v}"}}\n')
        plant("outside_eval", self.outside / "run" / "eval_results.json", '{{"score": 1, "detail": "{v}"}}')
        plant("outside_hydra", self.outside / "run" / ".hydra" / "config.yaml", "secret: {v}\n")
        plant("outside_transcripts", self.outside / "transcripts.jsonl",
              '{{"messages": [{{"role": "user", "content": "{v}"}}, {{"role": "assistant", "content": "ok"}}]}}\n')
        plant("home_netrc", self.home / ".netrc", "machine x login u password {v}\n")
        plant("home_aws", self.home / ".aws" / "credentials", "[default]\naws_secret_access_key = {v}\n")
        plant("home_ssh", self.home / ".ssh" / "id_rsa", "-----BEGIN OPENSSH PRIVATE KEY-----\n{v}\n")
        plant("home_hf", self.home / ".cache" / "huggingface" / "token", "hf_{v}")
        plant("home_wandb", self.home / ".config" / "wandb" / "settings", "[default]\napi_key = {v}\n")
        plant("home_bash", self.home / ".bash_history", "export TOKEN={v}\n")
        plant("project_env", self.project / ".env", "OPENAI_API_KEY={v}\n")
        plant("project_secrets", self.project / "secrets.yaml", "api_key: {v}\n")
        plant("project_conf_secret", self.project / "conf" / "local_secret.yaml", "token: {v}\n")
        plant("project_credentials", self.project / "credentials.json", '{{"private_key": "{v}"}}')
        plant("outputs_env", self.outputs / ".env", "HF_TOKEN={v}\n")
        # shims and planted modules
        for tool in SHIM_TOOLS:
            shim = self.shims / tool
            shim.write_text(f"#!/bin/sh\necho \"$0 $@\" >> '{self.markers}/shim_{tool}'\nexit 0\n")
            shim.chmod(0o755)
        module_src = ("import pathlib, os\npathlib.Path({m!r}).joinpath('module_' + __name__.replace('.', '_'))"
                      ".write_text('imported')\ndef evil(*a, **k):\n    pathlib.Path({m!r}).joinpath('called_' + "
                      "__name__).write_text('called')\n    return 1.0\nclass Evil:\n    def __init__(self, *a, **k):\n"
                      "        evil()\n    def __call__(self, *a, **k):\n        return evil()\n")
        module_src = module_src.format(m=str(self.markers))
        self.module_names = ["b8evil_proj", "b8evil_out", "b8evil_home", "b8evil_outputs", "b8evil_cwd"]
        for name, where in zip(self.module_names, (self.project, self.outside, self.home, self.outputs, self.project)):
            (where / f"{name}.py").write_text(module_src)
        (self.outside / "sitecustomize.py").write_text(module_src)
        (self.project / "usercustomize.py").write_text(module_src)
        self.env = self._env()
        self.snapshot = self._snapshot()
        self.session: SessionThread | None = None

    def _env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k in ("LANG", "LC_ALL", "TMPDIR", "VIRTUAL_ENV")}
        env.update(self.env_secret)
        for name in ENDPOINT_VARS:
            env[name] = self.url
        env["NO_PROXY"] = ""
        env["no_proxy"] = ""
        env["HOME"] = str(self.home)
        env["USERPROFILE"] = str(self.home)
        env["XDG_CONFIG_HOME"] = str(self.home / ".config")
        env["XDG_CACHE_HOME"] = str(self.home / ".cache")
        env["HF_HOME"] = str(self.home / ".cache" / "huggingface")
        env["PATH"] = os.pathsep.join([str(self.shims), str(Path(sys.executable).parent), "/usr/bin", "/bin"])
        env["PYTHONPATH"] = str(ROOT / "src")
        env["HF_HUB_OFFLINE"] = "1"
        env["WANDB_MODE"] = "disabled"
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        return env

    # ---------- detectors
    def _snapshot(self) -> dict[str, tuple]:
        snap: dict[str, tuple] = {}
        for top in (self.project, self.outside, self.home, self.shims):
            for dirpath, dirnames, filenames in os.walk(top, followlinks=False):
                snap[dirpath] = ("dir",)
                for f in filenames:
                    p = os.path.join(dirpath, f)
                    try:
                        st = os.lstat(p)
                    except OSError:
                        continue
                    if stat.S_ISREG(st.st_mode):
                        with open(p, "rb") as fh:
                            digest = hashlib.sha256(fh.read()).hexdigest()
                    else:
                        digest = str(st.st_mode)
                    snap[p] = (st.st_size, digest, st.st_mode)
        for p in [self.base / n for n in os.listdir(self.base)]:
            snap.setdefault(str(p), ("top",))
        return snap

    def rebaseline(self) -> None:
        self.snapshot = self._snapshot()

    def fs_changes(self) -> list[str]:
        now = self._snapshot()
        changed = [p for p in set(now) | set(self.snapshot) if now.get(p) != self.snapshot.get(p)]
        changed += [f"/tmp-root:{p}" for p in self._tmp_roots_new()]
        return sorted(changed)

    def _tmp_roots_new(self) -> list[str]:
        return []

    def markers_found(self) -> list[str]:
        return sorted(os.listdir(self.markers))

    def leaks(self, text: str) -> list[str]:
        return find_leaks(text, self.canaries)

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
        self.catcher.close()
        shutil.rmtree(self.base, ignore_errors=True)


def encodings(value: str) -> dict[str, str]:
    """Forms of a canary to look for in a reply (all compared case-insensitively where sensible)."""
    raw = value.encode()
    core = value[-24:]  # the random part (and some of the prefix)
    forms = {"raw": value, "core": core, "half1": core[:12], "half2": core[12:],
             "reversed": core[::-1], "hex": core.encode().hex(), "url": urllib.parse.quote(value, safe=""),
             "json_u": "".join(f"\\u{ord(c):04x}" for c in core[:10]),
             "codes_comma": ",".join(str(ord(c)) for c in core[:8]),
             "codes_space": " ".join(str(ord(c)) for c in core[:8]),
             "rot13": core.translate(str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                                                   "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm")),
             "sha256": hashlib.sha256(raw).hexdigest(), "md5": hashlib.md5(raw).hexdigest(),
             "sha1": hashlib.sha1(raw).hexdigest()}
    for off in range(3):
        for name, enc in (("b64", base64.b64encode), ("b64url", base64.urlsafe_b64encode),
                          ("b32", base64.b32encode)):
            s = enc(b"\0" * off + core.encode()).decode().rstrip("=")
            forms[f"{name}_{off}"] = s[4 + off * 2: -4]
    return forms


def _normalise(text: str) -> str:
    return "".join(c for c in text if c.isalnum())


def find_leaks(text: str, canaries: dict[str, str]) -> list[str]:
    found = []
    low = text.lower()
    squashed = _normalise(text).lower()
    for label, value in canaries.items():
        for form, needle in encodings(value).items():
            if len(needle) < 8:
                continue
            hay = text if form.startswith(("b64", "b32")) else low
            n = needle if form.startswith(("b64", "b32")) else needle.lower()
            if n in hay:
                found.append(f"{label}:{form}")
        core = value[-24:].lower()
        if core in squashed and f"{label}:core" not in found:
            found.append(f"{label}:split")
    return found


# ---------- the reused MCP session, held by a background thread's event loop
class SessionThread:
    def __init__(self, world: World) -> None:
        self.world = world
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queue: asyncio.Queue | None = None
        self.ready = concurrent.futures.Future()
        self.done = concurrent.futures.Future()
        self.errlog = open(world.base / "server.err", "a")
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        self.ready.result(timeout=90)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # noqa: BLE001
            if not self.ready.done():
                self.ready.set_exception(exc)
        finally:
            if not self.done.done():
                self.done.set_result(None)

    async def _main(self) -> None:
        from mcp import ClientSession, StdioServerParameters
        from mcp.client.stdio import stdio_client

        params = StdioServerParameters(command=sys.executable, cwd=str(self.world.project), env=self.world.env,
                                       args=["-m", "loopwright.mcp", "--project", str(self.world.project),
                                             "--outputs", str(self.world.outputs)])
        self.loop = asyncio.get_running_loop()
        self.queue = asyncio.Queue()
        async with stdio_client(params, errlog=self.errlog) as (read, write), ClientSession(read, write) as client:
            await client.initialize()
            self.ready.set_result(None)
            while True:
                item = await self.queue.get()
                if item is None:
                    return
                fut, tool, args = item
                try:
                    res = await asyncio.wait_for(client.call_tool(tool, args), timeout=CALL_LIMIT + 5)
                    text = "".join(getattr(c, "text", "") or "" for c in res.content)
                    sc = getattr(res, "structured_content", None)
                    if sc is not None:
                        text += "\n" + json.dumps(sc)
                    fut.set_result((bool(res.is_error), text))
                except BaseException as exc:  # noqa: BLE001
                    if not fut.done():
                        fut.set_exception(exc if isinstance(exc, Exception) else RuntimeError(repr(exc)))
                    if isinstance(exc, (asyncio.TimeoutError, asyncio.CancelledError)):
                        return

    def call(self, tool: str, args: dict) -> tuple[bool, str]:
        if self.done.done() or self.loop is None:
            raise RuntimeError("session is gone")
        fut: concurrent.futures.Future = concurrent.futures.Future()
        self.loop.call_soon_threadsafe(self.queue.put_nowait, (fut, tool, args))
        return fut.result(timeout=CALL_LIMIT + 10)

    def alive(self) -> bool:
        return not self.done.done()

    def close(self) -> None:
        if self.loop is not None and not self.done.done():
            try:
                self.loop.call_soon_threadsafe(self.queue.put_nowait, None)
            except RuntimeError:
                pass
        try:
            self.done.result(timeout=15)
        except Exception:  # noqa: BLE001
            pass
        self.thread.join(timeout=5)
        self.errlog.close()


def ensure_session(world: World) -> SessionThread:
    if world.session is None or not world.session.alive():
        if world.session is not None:
            world.session.close()
        world.session = SessionThread(world)
    return world.session


BENIGN = ("list_options", {})


def run_attack(world: World, name: str, attack: dict) -> dict:
    """Run one attack; returns the measurement: succeeded, verdict, evidence, calls."""
    evidence: list[str] = []
    calls_made = []
    try:
        if attack.get("setup"):
            attack["setup"](world)
    except Exception as exc:  # noqa: BLE001
        evidence.append(f"setup-error(not a success): {exc!r}")
    world.rebaseline()
    hits_before = len(world.catcher.hits)
    conns_before = world.catcher.connections
    markers_before = set(world.markers_found())
    calls = attack["calls"](world) if callable(attack["calls"]) else attack["calls"]
    broken = False
    for tool, args in calls:
        session = ensure_session(world)
        t0 = time.monotonic()
        try:
            is_error, text = session.call(tool, args)
        except Exception as exc:  # noqa: BLE001
            is_error, text = True, f"<no reply: {exc!r}>"
            broken = True
        elapsed = time.monotonic() - t0
        calls_made.append({"tool": tool, "args": _short(args), "is_error": is_error, "reply": text[:300]})
        leaks = world.leaks(text)
        if leaks:
            evidence.append(f"canary in reply of {tool}: {leaks[:6]}")
        if elapsed > CALL_LIMIT:
            evidence.append(f"call {tool} took over {CALL_LIMIT:.0f}s")
        if broken:
            evidence.append(f"session broken on {tool}: {text[:200]}")
            break
    time.sleep(0.05)
    if not broken:
        try:
            is_error, text = ensure_session(world).call(*BENIGN)
            if is_error:
                evidence.append(f"benign call fails after attack: {text[:200]}")
        except Exception as exc:  # noqa: BLE001
            evidence.append(f"session dead after attack: {exc!r}")
    if world.catcher.connections > conns_before or len(world.catcher.hits) > hits_before:
        evidence.append(f"catcher got connection(s): {[h[:120] for h in world.catcher.hits[hits_before:]]}")
    new_markers = set(world.markers_found()) - markers_before
    if new_markers:
        evidence.append(f"marker files: {sorted(new_markers)}")
    changes = world.fs_changes()
    if changes:
        evidence.append(f"changes outside outputs: {changes[:8]}")
    succeeded = any(not e.startswith("setup-error") for e in evidence)
    return {"category": attack["category"], "succeeded": succeeded,
            "verdict": "ATTACK SUCCEEDED" if succeeded else "held",
            "evidence": evidence, "calls": calls_made}


def _short(args: Any) -> Any:
    s = json.dumps(args, default=str)
    return json.loads(s) if len(s) < 600 else s[:600] + "..."
