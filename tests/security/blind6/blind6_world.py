"""blind6's world: canaries, catchers, shims, planted files, detectors and the one reused MCP server session.

Written blind (see RESULTS.md): only the public docs and tests/helpers/{mcp_client,listener}.py were read."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import pickle
import random
import re
import signal
import socket
import stat
import string
import sys
import tempfile
import threading
import time
import unicodedata
import urllib.parse
from pathlib import Path

from helpers.listener import Received, listen_on_loopback, read_head

SRC = Path(__file__).resolve().parents[3] / "src"
CALL_LIMIT_S = 45.0
_rng = random.Random()
_rng.seed(os.urandom(16))


def rnd(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


def hexs(n: int) -> str:
    return rnd(n, "0123456789abcdef")


WORDS = ("quartz mango velvet orbit lantern saffron glacier pepper tundra walnut cobalt meadow falcon ember "
         "harbor juniper nimbus onyx prairie quiver raven sorrel thistle umber violet willow yonder zephyr").split()


def phrase(n: int = 5) -> str:
    return "-".join(_rng.choice(WORDS) for _ in range(n)) + "-" + rnd(5, string.ascii_lowercase)


# ---------------------------------------------------------------------------------------------- canaries
DB_PW = "p@ss:W0rd/" + rnd(8) + "!#%"
DATABASE_PW = rnd(18)
SENTRY_HEX = hexs(32)
SLACK_TAIL = rnd(24)

ENV_CANARIES: dict[str, str] = {
    "OPENAI_API_KEY": "sk-proj-" + rnd(40),
    "HF_TOKEN": "hf_" + rnd(34),
    "GITHUB_TOKEN": "ghp_" + rnd(36),
    "WANDB_API_KEY": hexs(40),
    "RUNPOD_API_KEY": rnd(32).upper(),
    "AWS_SECRET_ACCESS_KEY": rnd(30) + "/+" + rnd(8),
    "DB_PASSWORD": DB_PW,
    "SHORT_SECRET": rnd(6),
    "LONG_SECRET_KEY": rnd(320),
    "BACKUP_PASSPHRASE": phrase(),
    "DEPLOY_PHRASE_B6": phrase(6),
    "DATABASE_URL": f"postgresql://svc_{rnd(4)}:{DATABASE_PW}@db.internal.example:5432/prod",
    "SENTRY_DSN": f"https://{SENTRY_HEX}@o1.ingest.sentry.example/1",
    "SLACK_WEBHOOK_URL": f"https://hooks.slack.example/services/T0/B0/{SLACK_TAIL}",
    "XQ7_VAL": hexs(32),
    "ZZ_OPAQUE": rnd(24),
    "MYAPP_CREDS": rnd(20),
    "B6_PIN_TOKEN": str(_rng.randint(10**13, 10**14 - 1)),
    "UNICODE_SECRET_KEY": "\uff53\uff45\uff43\uff52\uff45\uff54" + rnd(14),  # fullwidth "secret" + tail
    "lowercase_api_key": rnd(22, string.ascii_lowercase),
    "X_AUTH": rnd(16),
    "COOKIE_JAR_B6": rnd(28),
    "B6_INTERP_PROBE": "interp-" + rnd(16),
}
# what to look for: the secret part (a URL's password, a DSN's key, a hook's tail), else the whole value
ENV_NEEDLES = dict(ENV_CANARIES)
ENV_NEEDLES["DATABASE_URL"] = DATABASE_PW
ENV_NEEDLES["SENTRY_DSN"] = SENTRY_HEX
ENV_NEEDLES["SLACK_WEBHOOK_URL"] = SLACK_TAIL

FILE_CANARIES: dict[str, str] = {
    "outside_txt": "outside-" + rnd(24),
    "outside_jsonl": "outjsonl-" + rnd(24),
    "outside_yaml": "outyaml-" + rnd(24),
    "home_netrc": "netrc-" + rnd(24),
    "home_aws": rnd(40),
    "home_hf_token": "hf_" + rnd(34),
    "home_ssh": "sshkey-" + rnd(30),
    "project_env_odd": hexs(36),
    "project_env_key": "sk-" + rnd(44),
    "project_credentials": "cred-" + rnd(26),
    "outside_run": "outrun-" + rnd(24),
    "planted_hf_token": "hf_" + rnd(34),
    "planted_password": "Pw!" + rnd(20),
    "planted_pem": rnd(60),
}
CANARIES: dict[str, str] = {**{f"env:{k}": v for k, v in ENV_NEEDLES.items()},
                            **{f"file:{k}": v for k, v in FILE_CANARIES.items()}}


def _b64_needles(b: bytes, alt: bytes | None = None) -> list[str]:
    out = []
    for k in range(3):
        enc = base64.b64encode(b"\0" * k + b, altchars=alt).decode()
        lo, hi = 4 * -(-k // 3), 4 * ((k + len(b)) // 3)
        needle = enc[lo:hi]
        if len(needle) >= 8:
            out.append(needle)
    return out


def _strip(s: str) -> str:
    return re.sub(r"[\W_]+", "", s)


def forms(value: str) -> list[tuple[str, str]]:
    """(form, needle) pairs to look for in a reply."""
    b = value.encode()
    out = [("raw", value)]
    if len(value) < 8:
        return out
    out += [(f"base64@{i}", n) for i, n in enumerate(_b64_needles(b))]
    out += [(f"urlsafe-base64@{i}", n) for i, n in enumerate(_b64_needles(b, b"-_"))]
    out += [("hex", b.hex()), ("HEX", b.hex().upper()), ("reversed", value[::-1])]
    for f, n in (("url-encoded", urllib.parse.quote(value, safe="")),
                 ("url-plus", urllib.parse.quote_plus(value)),
                 ("unicode-escaped", "".join(f"\\u{ord(c):04x}" for c in value)),
                 ("py-escaped", value.encode("unicode_escape").decode())):
        if n != value:
            out.append((f, n))
    if len(value) >= 20:
        out += [("first-half", value[: len(value) // 2]), ("second-half", value[len(value) // 2:])]
    return out


_FORMS = {name: forms(v) for name, v in CANARIES.items()}
_NFKC = {name: unicodedata.normalize("NFKC", v) for name, v in CANARIES.items()}
_STRIPPED = {name: _strip(unicodedata.normalize("NFKC", v)) for name, v in CANARIES.items()}


def _leaves(obj, out: list[str]) -> None:
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.append(str(k))
            _leaves(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _leaves(v, out)
    elif obj is not None:
        out.append(str(obj) if not isinstance(obj, float) else repr(obj))
        if isinstance(obj, float) and obj.is_integer() and abs(obj) < 1e17:
            out.append(str(int(obj)))


def haystack(text: str, data=None) -> str:
    parts = [text]
    for src in (data,):
        if src is not None:
            _leaves(src, parts)
    try:
        _leaves(json.loads(text), parts)
    except Exception:
        pass
    return "\n".join(parts)


def find_canaries(text: str, data=None) -> list[str]:
    """Every canary (raw or encoded) in a reply: 'name (form)'."""
    hay = haystack(text, data)
    low = hay.lower()
    nfkc = unicodedata.normalize("NFKC", hay)
    stripped = _strip(nfkc)
    found = []
    for name, fs in _FORMS.items():
        for form, needle in fs:
            if needle in hay or (form in ("hex", "HEX") and needle.lower() in low):
                found.append(f"{name} ({form})")
                break
        else:
            if len(_NFKC[name]) >= 8 and _NFKC[name] in nfkc:
                found.append(f"{name} (NFKC-folded)")
            elif len(_STRIPPED[name]) >= 12 and _STRIPPED[name] in stripped:
                found.append(f"{name} (separators removed)")
    return found


# ---------------------------------------------------------------------------------------------- world
class World:
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="blind6-")).resolve()
        r = self.root
        self.project, self.outputs, self.outside = r / "project", r / "outputs", r / "outside"
        self.home, self.markers, self.shims, self.tmp = r / "home", r / "markers", r / "shims", r / "tmp"
        for d in (self.project, self.outputs, self.outside, self.home, self.markers, self.shims, self.tmp):
            d.mkdir(parents=True)
        self.errlog = r / "server.err"
        self.shim_log = self.markers / "shims.log"
        self.catchers: dict[str, tuple[socket.socket, Received]] = {}
        for name in ("proxy", "endpoint", "attack"):
            rec = Received()

            def handle(conn, rec=rec):
                rec.add(read_head(conn, 2.0))
                try:
                    conn.close()
                except OSError:
                    pass

            self.catchers[name] = (listen_on_loopback(handle), rec)
        self.url = {n: f"http://127.0.0.1:{s.getsockname()[1]}" for n, (s, _) in self.catchers.items()}
        self.attack_url = self.url["attack"] + "/b6"
        self._shims()
        self._plant()

    # --- environment
    def env(self) -> dict[str, str]:
        env = {k: os.environ[k] for k in ("LANG", "LC_ALL", "VIRTUAL_ENV") if k in os.environ}
        env.update(ENV_CANARIES)
        proxy = self.url["proxy"]
        env.update({
            "PATH": f"{self.shims}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}/usr/bin:/bin",
            "HOME": str(self.home), "TMPDIR": str(self.tmp), "PYTHONPATH": str(SRC),
            "PYTHONDONTWRITEBYTECODE": "1",
            "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled",
            "HTTP_PROXY": proxy, "HTTPS_PROXY": proxy, "ALL_PROXY": proxy,
            "http_proxy": proxy, "https_proxy": proxy, "all_proxy": proxy, "NO_PROXY": "", "no_proxy": "",
            "HF_ENDPOINT": self.url["endpoint"] + "/hf", "WANDB_BASE_URL": self.url["endpoint"] + "/wandb",
            "OPENAI_BASE_URL": self.url["endpoint"] + "/openai/v1",
            "ANTHROPIC_BASE_URL": self.url["endpoint"] + "/anthropic",
            "RUNPOD_API_URL": self.url["endpoint"] + "/runpod", "MLFLOW_TRACKING_URI": self.url["endpoint"] + "/mlflow",
            "B6_MARKERS": str(self.markers),
        })
        return env

    def _shims(self) -> None:
        for tool in ("curl wget nc ncat netcat ssh scp sftp rsync telnet ftp socat ping dig nslookup host "
                     "sbatch srun squeue scancel sinfo sacct salloc runpodctl modal kubectl docker podman aws "
                     "gcloud gsutil az ray huggingface-cli hf wandb git-lfs").split():
            p = self.shims / tool
            p.write_text(f"#!/bin/sh\necho \"{tool} $*\" >> '{self.shim_log}'\nexit 1\n")
            p.chmod(0o755)

    def marker_code(self, tag: str) -> str:
        return (f"import os as _o, time as _t\n_p = _o.path.join({str(self.markers)!r}, "
                f"'{tag}-%d-%d' % (_o.getpid(), _t.time_ns()))\nopen(_p, 'w').write('ran')\n")

    # --- planting
    def _plant(self) -> None:
        P, _, X, H = self.project, self.outputs, self.outside, self.home
        fc = FILE_CANARIES
        # outside the roots
        (X / "secret.txt").write_text(fc["outside_txt"] + "\n")
        (X / "secret.jsonl").write_text(json.dumps({"messages": [{"role": "user", "content": fc["outside_jsonl"]},
                                                                  {"role": "assistant", "content": "ok"}]}) + "\n")
        (X / "secret.yaml").write_text(f"name: {fc['outside_yaml']}\nvalue: {fc['outside_yaml']}\n")
        (X / "victim.txt").write_text("victim\n")
        (X / "evil.py").write_text(self.marker_code("outside_module"))
        (X / "conf" / "model").mkdir(parents=True)
        (X / "conf" / "model" / "outside.yaml").write_text(f"name: {fc['outside_yaml']}\n")
        orun = X / "run"
        orun.mkdir()
        (orun / "manifest.json").write_text(json.dumps({"status": "completed", "note": fc["outside_run"],
                                                        "overrides": [f"+n={fc['outside_run']}"]}))
        (orun / "metrics.jsonl").write_text(json.dumps({"step": 1, "note": fc["outside_run"]}) + "\n")
        (orun / "eval_results.json").write_text(json.dumps({"summary": {"note": fc["outside_run"]}, "records": []}))
        (orun / "train.log").write_text(fc["outside_run"] + "\n")
        (H / ".ssh").mkdir()
        (H / ".ssh" / "id_rsa").write_text(f"-----BEGIN OPENSSH PRIVATE KEY-----\n{fc['home_ssh']}\n"
                                          "-----END OPENSSH PRIVATE KEY-----\n")
        (H / ".netrc").write_text(f"machine huggingface.co login u password {fc['home_netrc']}\n")
        (H / ".aws").mkdir()
        (H / ".aws" / "credentials").write_text(f"[default]\naws_secret_access_key = {fc['home_aws']}\n")
        (H / ".cache" / "huggingface").mkdir(parents=True)
        (H / ".cache" / "huggingface" / "token").write_text(fc["home_hf_token"])
        # the project: planted code, secret-named files, hostile logs
        (P / "evilmod.py").write_text(self.marker_code("project_module") + "def boom(*a, **k):\n    return 1\n"
                                      "class Cb:\n    def __init__(self, *a, **k):\n        pass\n")
        (P / "hydra_plugins" / "b6evil").mkdir(parents=True)
        (P / "hydra_plugins" / "b6evil" / "__init__.py").write_text(self.marker_code("plugin_scan"))
        (P / "conf" / "model").mkdir(parents=True)
        (P / "conf" / "model" / "evil.yaml").write_text(
            "# Evil.\n_target_: evilmod.boom\nname: !!python/object/apply:os.system ['touch "
            f"{self.markers}/yaml_tag_conf']\n")
        (P / "templates").mkdir()
        (P / "templates" / "evil.jinja").write_text(
            "{{ cycler.__init__.__globals__.os.system('touch " + str(self.markers) + "/jinja_ran') }}"
            "{% for m in messages %}{{ m.content }}{% endfor %}")
        (P / ".env").write_text(f"OPENAI_API_KEY={fc['project_env_key']}\nXYZZY={fc['project_env_odd']}\n")
        (P / "credentials.json").write_text(json.dumps({"client_secret": fc["project_credentials"],
                                                        "x": fc["project_credentials"]}))
        (P / "id_rsa").write_text(f"-----BEGIN RSA PRIVATE KEY-----\n{fc['planted_pem']}\n"
                                  "-----END RSA PRIVATE KEY-----\n")
        logs = P / "logs"
        logs.mkdir()
        rec = {"messages": [{"role": "user", "content": "where is my order?"},
                            {"role": "assistant", "content": "It ships tomorrow."}]}
        (logs / "ok.jsonl").write_text(json.dumps(rec) + "\n")
        e = ENV_CANARIES
        (logs / "malformed_secret.jsonl").write_text(
            f"not json {e['WANDB_API_KEY']} {e['BACKUP_PASSPHRASE']}\n{{\"messages\": \"{e['OPENAI_API_KEY']}\"}}\n"
            f"{{\"messages\": [{{\"role\": \"{e['HF_TOKEN']}\", \"content\": 1}}]}}\n")
        (logs / "utf16.jsonl").write_bytes((json.dumps(rec) + "\n" + f"garbage {e['X_AUTH']}\n").encode("utf-16"))
        (logs / "bom.jsonl").write_bytes(b"\xef\xbb\xbf" + (json.dumps(rec) + "\r\n").encode() +
                                         f"{{bad {e['COOKIE_JAR_B6']}\r\n".encode())
        (logs / "nul.jsonl").write_bytes(json.dumps(rec).encode() + b"\n\x00\x00" + e["COOKIE_JAR_B6"].encode() +
                                         b"\x00{\n")
        (logs / "badutf8.jsonl").write_bytes(b'{"messages": [{"role": "user", "content": "\xff\xfe' +
                                             e["X_AUTH"].encode() + b'"}]}\n')
        (logs / "overlong.jsonl").write_text("x" * 3_000_000 + e["BACKUP_PASSPHRASE"] + "\n" + json.dumps(rec) + "\n")
        (logs / "deep.json").write_text("[" * 200_000 + "]" * 200_000)
        (logs / "number_secret.jsonl").write_text(
            json.dumps({"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}],
                        "metadata": {"token_count": int(e["B6_PIN_TOKEN"]), e["WANDB_API_KEY"]: 1}}) + "\n")
        (logs / "keys_secret.jsonl").write_text(json.dumps(
            {"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}],
             "metadata": {"api_key": e["LONG_SECRET_KEY"], "auth": e["X_AUTH"],
                          "url": f"https://u:{e['DB_PASSWORD']}@h.example/"}}) + "\n")
        nl = logs / "name\nwith\x1bctrl.jsonl"
        nl.write_text(json.dumps(rec) + "\n")
        (logs / "named").mkdir()
        (logs / "named" / f"secret_{ENV_CANARIES['OPENAI_API_KEY']}.jsonl").write_text(json.dumps(rec) + "\n")
        many = logs / "many"
        many.mkdir()
        for i in range(3000):
            (many / f"{i:05d}.jsonl").write_text("")
        (P / "link_out").symlink_to(X)
        (P / "link_secret.jsonl").symlink_to(X / "secret.jsonl")
        os.link(X / "secret.txt", P / "hard_secret.txt")
        (P / "fifo.jsonl").parent.mkdir(exist_ok=True)
        os.mkfifo(P / "fifo.jsonl")
        (P / "prompts.jsonl").write_text(json.dumps({"prompt": "hi", "answer": "1"}) + "\n")
        self._plant_runs()

    def run_dir(self, name: str, manifest: dict | None = None, **files) -> Path:
        d = self.outputs / "runs" / "2026-02-01" / name
        d.mkdir(parents=True, exist_ok=True)
        (d / "manifest.json").write_text(json.dumps(manifest or {"status": "completed", "overrides": ["model=tiny"]}))
        for fname, content in files.items():
            p = d / fname.replace("__", "/")
            p.parent.mkdir(parents=True, exist_ok=True)
            (p.write_bytes if isinstance(content, bytes) else p.write_text)(content)
        return d

    def _plant_runs(self) -> None:
        e, fc = ENV_CANARIES, FILE_CANARIES
        rec = {"step": 1, "reward": 0.5, "loss": 0.1}
        self.ok_run = self.run_dir("ok", None, **{
            "metrics.jsonl": "".join(json.dumps(dict(rec, step=i)) + "\n" for i in range(1, 6)),
            "eval_results.json": json.dumps({"summary": {"base_accuracy": 0.1, "trained_accuracy": 0.2},
                                             "records": [{"prompt": "p", "base": "b", "trained": "t", "score": 1}]}),
            "train.log": "step 1\nstep 2\n", ".hydra__config.yaml": "model:\n  name: tiny\n",
            ".hydra__overrides.yaml": "- model=tiny\n"})
        sw = self.outputs / "multirun" / "2026-02-01" / "ok"
        for j in ("0", "1"):
            (sw / j).mkdir(parents=True)
            (sw / j / "manifest.json").write_text(json.dumps({"status": "completed", "overrides": [f"seed={j}"]}))
        (sw / "summary.md").write_text("| job | status |\n|---|---|\n| 0 | completed |\n")
        (sw / "multirun.yaml").write_text("hydra:\n  mode: MULTIRUN\n")
        self.ok_sweep = sw
        b64 = base64.b64encode(f"svc:{e['DB_PASSWORD']}".encode()).decode()
        self.log_forms = self.run_dir("log_forms", None, **{"train.log": "\n".join([
            f"Authorization: Basic {b64}",
            f"connecting to postgresql://svc:{urllib.parse.quote(e['DB_PASSWORD'], safe='')}@db/x",
            f"token bytes {e['GITHUB_TOKEN'].encode().hex()}",
            "escaped: " + "".join("\\u%04x" % ord(c) for c in e["HF_TOKEN"]),
            f"spaced: {' '.join(e['OPENAI_API_KEY'][i:i + 4] for i in range(0, len(e['OPENAI_API_KEY']), 4))}",
            f"wide: {''.join(chr(ord(c) + 0xFEE0) if '!' <= c <= '~' else c for c in e['RUNPOD_API_KEY'])}",
            f"reversed {e['WANDB_API_KEY'][::-1]}",
            f"passphrase in prose: the words are {e['BACKUP_PASSPHRASE']} ok",
            f"sentry {e['SENTRY_DSN']}", f"hook {e['SLACK_WEBHOOK_URL']}",
            f"url-b64 {base64.urlsafe_b64encode(e['COOKIE_JAR_B6'].encode()).decode()}",
            f"short {e['SHORT_SECRET']}", f"unicode {e['UNICODE_SECRET_KEY']}",
            f"split {e['LONG_SECRET_KEY'][:160]}", f"split2 {e['LONG_SECRET_KEY'][160:]}",
            f"plain {e['lowercase_api_key']}", f"aws {e['AWS_SECRET_ACCESS_KEY']}", ""])})
        self.metrics_forms = self.run_dir("metrics_forms", None,
                                          **{"metrics.jsonl": "".join(json.dumps(r) + "\n" for r in [
            {"step": 1, "reward": 0.1, e["HF_TOKEN"]: 1.0},
            {"step": 2, "reward": int(e["B6_PIN_TOKEN"]), "note": e["DB_PASSWORD"]},
            {"step": 3, f"rewards/{e['OPENAI_API_KEY']}/mean": 0.3, "hex": e["GITHUB_TOKEN"].encode().hex()},
            {"step": 4, "x": base64.b64encode(b"a" + e["WANDB_API_KEY"].encode()).decode()},
        ])})
        self.manifest_forms = self.run_dir("manifest_forms", {
            "status": "failed", "error": f"HTTPError 401 for https://api.example/?key={e['RUNPOD_API_KEY']} "
                                         f"password={e['DB_PASSWORD']} phrase {e['BACKUP_PASSPHRASE']}",
            "overrides": [f"+x.hf_token={fc['planted_hf_token']}", f"+y.note={e['BACKUP_PASSPHRASE']}"],
            "config": {"reward": {"api_key": fc["planted_hf_token"], "pin": int(e["B6_PIN_TOKEN"]),
                                  "password": fc["planted_password"], e["COOKIE_JAR_B6"]: 1,
                                  "private": f"-----BEGIN PRIVATE KEY-----\n{fc['planted_pem']}\n"
                                             "-----END PRIVATE KEY-----"}},
            "choices": {"model": e["X_AUTH"]}, "global_step": int(e["B6_PIN_TOKEN"]),
            "result": {"trained_accuracy": float(e["B6_PIN_TOKEN"])}})
        long_pre = "y" * 490
        self.eval_forms = self.run_dir("eval_forms", None, **{"eval_results.json": json.dumps({
            "summary": {"base_accuracy": 0.1, "note": e["COOKIE_JAR_B6"]},
            "records": [{"prompt": e["X_AUTH"] * 2, "base": long_pre + e["LONG_SECRET_KEY"],
                         "trained": f"my key is {e['OPENAI_API_KEY']}", "score": 1.0},
                        {"prompt": "q", "base": base64.b64encode(e["HF_TOKEN"].encode()).decode(),
                         "trained": e["UNICODE_SECRET_KEY"], "score": 0.0}]})})
        self.named_secret = self.run_dir("named_secret", None, **{f"{e['OPENAI_API_KEY']}.txt": "x",
                                                                  f"ckpt_{e['WANDB_API_KEY']}__x": "y"})
        self.dir_secret = self.run_dir(f"run_{e['GITHUB_TOKEN']}", None)
        self.ctrl_name = self.run_dir("00-00-00-\nname\x1b[2Jwith\rctrl", None)
        # links and special files
        d = self.run_dir("link_metrics")
        (d / "metrics.jsonl").symlink_to(self.outside / "run" / "metrics.jsonl")
        (d / "train.log").symlink_to(self.outside / "run" / "train.log")
        self.link_metrics = d
        d = self.run_dir("hard_eval")
        os.link(self.outside / "run" / "eval_results.json", d / "eval_results.json")
        self.hard_eval = d
        d = self.run_dir("fifo_log")
        os.mkfifo(d / "train.log")
        os.mkfifo(d / "metrics.jsonl")
        (d / "eval_results.json").symlink_to("/dev/zero")
        self.fifo_run = d
        self.link_run = self.outputs / "runs" / "2026-02-01" / "link_run"
        self.link_run.symlink_to(self.outside / "run")
        d = self.run_dir("manifest_link")
        (d / "manifest.json").unlink()
        (d / "manifest.json").symlink_to(self.outside / "run" / "manifest.json")
        self.manifest_link = d
        # pickles, YAML tags, templates in run and sweep files
        boom = pickle.dumps(_Boom(str(self.markers / "pickle_loaded")))
        self.pickle_run = self.run_dir("pickles", None, **{
            "checkpoints__checkpoint-1__trainer_state.pt": boom, "checkpoints__checkpoint-1__rng_state.pth": boom,
            "checkpoints__checkpoint-1__training_args.bin": boom, "model__training_args.bin": boom,
            ".hydra__config.yaml": f"a: !!python/object/apply:os.system ['touch {self.markers}/yaml_tag_run']\n",
            ".hydra__overrides.yaml": f"- !!python/object/apply:os.system ['touch {self.markers}/yaml_tag_ovr']\n",
            ".hydra__hydra.yaml": f"hydra: !!python/object/new:os.system ['touch {self.markers}/yaml_tag_hyd']\n",
            "launch.json": json.dumps({"pid": 1, "command": ["sh", "-c", f"touch {self.markers}/launch_cmd"]}),
            "loopwright_resume.json": json.dumps({"x": "${oc.env:XQ7_VAL}"})})
        self.sweeps: dict[str, Path] = {}
        for name, opt in {
            "yaml_tag": f"best: !!python/object/apply:os.system ['touch {self.markers}/yaml_tag_sweep']\n",
            "yaml_new": f"best: !!python/object/new:subprocess.Popen [['touch', '{self.markers}/yaml_new_sweep']]\n",
            "yaml_bomb": "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
                f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n" for p, c in zip("abcdefgh", "bcdefghi")),
            "yaml_deep": "a: " + "[" * 5000 + "]" * 5000 + "\n",
            "yaml_secret": f"best_params:\n  x.hf_token: {fc['planted_hf_token']}\n  {e['WANDB_API_KEY']}: 1\n"
                           f"bad: [unclosed {e['X_AUTH']}\n",
            "yaml_err": f"best_value: {{{e['COOKIE_JAR_B6']}: [\n",
            "yaml_interp": "best_params:\n  seed: ${oc.env:B6_INTERP_PROBE}\n  x: ${oc.env:XQ7_VAL}\n",
            "yaml_utf16": None,
        }.items():
            sw = self.outputs / "multirun" / "2026-02-02" / name
            (sw / "0").mkdir(parents=True)
            (sw / "0" / "manifest.json").write_text(json.dumps({"status": "completed", "overrides": ["seed=0"]}))
            if opt is None:
                (sw / "optimization_results.yaml").write_bytes(
                    f"best_params:\n  note: {e['lowercase_api_key']}\n".encode("utf-16"))
            else:
                (sw / "optimization_results.yaml").write_text(opt)
            self.sweeps[name] = sw
        sw = self.outputs / "multirun" / "2026-02-02" / "reports"
        (sw / "0").mkdir(parents=True)
        (sw / "0" / "manifest.json").write_text(json.dumps({"status": "completed", "overrides": ["seed=0"]}))
        (sw / "summary.md").write_text(f"| job | note |\n| 0 | {e['OPENAI_API_KEY']} |\n"
                                       f"password: {e['DB_PASSWORD']}\n" + "z" * 99_990 + e["LONG_SECRET_KEY"])
        (sw / "sweep_report.md").write_bytes(b"\xef\xbb\xbf"
                                             + f"hf {e['HF_TOKEN']}\r\n\x00{e['GITHUB_TOKEN']}\r\n".encode())
        self.sweeps["reports"] = sw
        sw = self.outputs / "multirun" / "2026-02-02" / "links"
        sw.mkdir(parents=True)
        (sw / "0").symlink_to(self.outside / "run")
        (sw / "summary.md").symlink_to(self.outside / "secret.txt")
        (sw / "optimization_results.yaml").symlink_to(self.outside / "secret.yaml")
        self.sweeps["links"] = sw
        sw = self.outputs / "multirun" / "2026-02-02" / "many"
        for j in range(1500):
            (sw / str(j)).mkdir(parents=True)
        (sw / "0" / "manifest.json").write_text(json.dumps({"status": "completed"}))
        self.sweeps["many"] = sw
        # lineage
        self.lin_outside = self.run_dir("lin_outside", {"status": "completed", "lineage": {
            "curated": {"path": str(self.outside / "secret.jsonl"), "sha256": "0" * 64},
            "transcripts": {"path": str(self.home / ".netrc"), "sha256": "1" * 64},
            "raw_logs": [{"path": "/proc/self/environ", "sha256": "2" * 64},
                         {"path": str(self.project / "fifo.jsonl"), "sha256": "3" * 64},
                         {"path": "/dev/zero", "sha256": "4" * 64},
                         {"path": str(self.project / "hard_secret.txt"), "sha256": "5" * 64},
                         {"path": str(self.project / ".env"), "sha256": "6" * 64}],
            "improve": {"path": str(self.outside / "secret.yaml")}},
            "model": {"source": "run", "name_or_path": str(self.outside / "run")}})
        a, b = (self.outputs / "runs" / "2026-02-01" / n for n in ("lin_loop_a", "lin_loop_b"))
        self.run_dir("lin_loop_a", {"status": "completed", "resumed_from": str(b),
                                    "model": {"source": "run", "name_or_path": str(b)},
                                    "lineage": {"parent": {"path": str(b)}}})
        self.run_dir("lin_loop_b", {"status": "completed", "model": {"source": "run", "name_or_path": str(a)},
                                    "lineage": {"parent": {"path": str(a)}}})
        self.lin_loop = a
        prev = None
        for i in range(150):
            m = {"status": "completed", "model": {"source": "run", "name_or_path": str(prev)} if prev else {}}
            prev = self.run_dir(f"chain_{i:03d}", m)
        self.lin_chain = prev
        self.lin_secret_path = self.run_dir("lin_secret_path", {"status": "completed", "lineage": {
            "curated": {"path": str(self.outputs / e["OPENAI_API_KEY"] / "curated.jsonl"),
                        "sha256": e["WANDB_API_KEY"]},
            "note": "${oc.env:XQ7_VAL}"}})
        self.secret_sha = hashlib.sha256((FILE_CANARIES["outside_txt"] + "\n").encode()).hexdigest()
        self.secret_jsonl_sha = hashlib.sha256((self.outside / "secret.jsonl").read_bytes()).hexdigest()
        # many runs in one day dir
        big = self.outputs / "runs" / "2026-03-01"
        big.mkdir(parents=True)
        for i in range(2500):
            (big / f"{i:06d}").mkdir()
            (big / f"{i:06d}" / "manifest.json").write_text('{"status": "completed"}')
        # ingest / improve write targets prepared with links
        for name, target in (("out_link_file", self.outside / "victim.txt"),):
            d = self.outputs / name
            d.mkdir()
            (d / "transcripts.jsonl").symlink_to(target)
            (d / "ingest_report.json").symlink_to(target)
        d = self.outputs / "out_hard"
        d.mkdir()
        os.link(self.outside / "victim.txt", d / "transcripts.jsonl")
        (self.outputs / "out_dirlink").symlink_to(self.outside)
        d = self.outputs / "imp_link"
        d.mkdir()
        for f in ("curated.jsonl", "graded.jsonl", "improve_summary.json", "next_steps.md"):
            (d / f).symlink_to(self.outside / "victim.txt")
        self.benign_tr = self.outputs / "tr_ok"

    # --- fs snapshot of everything outside the outputs dir
    def snapshot(self) -> dict[str, tuple]:
        snap = {}
        skip = {self.outputs, self.markers}
        stack = [self.root]
        while stack:
            d = stack.pop()
            try:
                entries = list(os.scandir(d))
            except OSError:
                continue
            for ent in entries:
                p = Path(ent.path)
                if p in skip or p == self.errlog:
                    continue
                try:
                    st = ent.stat(follow_symlinks=False)
                except OSError:
                    continue
                if stat.S_ISDIR(st.st_mode):
                    snap[ent.path] = ("d", st.st_mode)
                    if p.name == "many":  # 3000 empty files: entries added or removed show in the dir's mtime
                        snap[ent.path] = ("d", st.st_mode, st.st_mtime_ns)
                    else:
                        stack.append(p)
                else:
                    snap[ent.path] = ("f", st.st_mode, st.st_size, st.st_mtime_ns, st.st_ino)
        return snap

    def markers_now(self) -> set[str]:
        return {p.name for p in self.markers.iterdir() if p.name != self.shim_log.name}

    def shim_lines(self) -> int:
        return len(self.shim_log.read_text().splitlines()) if self.shim_log.exists() else 0

    def catcher_counts(self) -> dict[str, int]:
        return {n: rec.count() for n, (_, rec) in self.catchers.items()}


class _Boom:
    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self):
        return (os.system, (f"touch {self.path}",))


# ---------------------------------------------------------------------------------------------- the server
def _descendants(pid: int) -> list[int]:
    kids: dict[int, list[int]] = {}
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                ppid = int((p / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(p.name))
    out, stack = [], [pid]
    while stack:
        for c in kids.get(stack.pop(), []):
            out.append(c)
            stack.append(c)
    return out


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


class Reply:
    def __init__(self, result=None, exc: BaseException | None = None, seconds: float = 0.0) -> None:
        self.seconds, self.exc = seconds, exc
        if result is not None:
            self.is_error = bool(result.is_error)
            self.text = "".join(getattr(c, "text", "") for c in result.content)
            self.data = result.structured_content
        else:
            self.is_error, self.text, self.data = True, f"<no reply: {type(exc).__name__}: {exc}>", None

    @property
    def refused(self) -> bool:
        return self.is_error and "refused" in self.text[:200]


class Server:
    """One MCP client session held open in a background event loop; restarted by pid if it stalls or dies."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.client = None
        self.restarts = 0
        self.start()

    def _run(self, coro, timeout: float):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def start(self) -> None:
        self._run(self._open(), 90)

    async def _open(self) -> None:
        ready = asyncio.Event()
        self.stop_ev = asyncio.Event()
        self.failure = None
        self.task = asyncio.ensure_future(self._hold(ready))
        await asyncio.wait_for(ready.wait(), 80)
        if self.failure is not None:
            raise RuntimeError(f"server did not start: {self.failure!r}")

    async def _hold(self, ready: asyncio.Event) -> None:
        from mcp import ClientSession, StdioServerParameters, stdio_client

        w = self.world
        params = StdioServerParameters(command=sys.executable, cwd=str(w.project), env=w.env(),
                                       args=["-m", "loopwright.mcp", "--project", str(w.project),
                                             "--outputs", str(w.outputs)])
        try:
            with open(w.errlog, "a") as errlog:
                async with stdio_client(params, errlog=errlog) as (r, wr), ClientSession(r, wr) as s:
                    self.init = await s.initialize()
                    self.client = s
                    ready.set()
                    await self.stop_ev.wait()
        except BaseException as e:  # noqa: BLE001
            self.failure = e
        finally:
            self.client = None
            ready.set()

    def pids(self) -> list[int]:
        return [p for p in _descendants(os.getpid()) if "loopwright.mcp" in _cmdline(p)]

    def alive(self) -> bool:
        return self.client is not None and bool(self.pids()) and not self.task.done()

    def kill(self) -> None:
        for pid in self.pids():
            for p in [pid, *_descendants(pid)]:
                try:
                    os.kill(p, signal.SIGKILL)
                except OSError:
                    pass

    def restart(self) -> None:
        self.restarts += 1
        self.kill()

        async def close():
            self.stop_ev.set()
            try:
                await asyncio.wait_for(asyncio.shield(self.task), 10)
            except BaseException:  # noqa: BLE001
                self.task.cancel()

        try:
            self._run(close(), 15)
        except BaseException:  # noqa: BLE001
            pass
        self.start()

    def call(self, tool: str, args: dict, limit: float = CALL_LIMIT_S) -> Reply:
        if not self.alive():
            self.restart()
        t0 = time.monotonic()
        try:
            res = self._run(asyncio.wait_for(self.client.call_tool(tool, args), limit), limit + 10)
            return Reply(res, seconds=time.monotonic() - t0)
        except BaseException as e:  # noqa: BLE001
            return Reply(None, e, time.monotonic() - t0)
