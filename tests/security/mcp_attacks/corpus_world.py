"""The one world the MCP attack corpus is played in, built from data (``data/<set>.json``).

Layout under a temp root: ``project/`` (the server's ``--project`` and cwd), ``outputs/`` (its ``--outputs``),
``outside/`` and ``home/`` (the server's ``$HOME``) outside the roots, ``pythonpath/`` (on the server's
``PYTHONPATH``, outside the roots), ``markers/`` (planted code writes a file here when it runs) and ``bin/``
(shims first on ``PATH``, writing markers). Every set's ``plant`` records are written here; values in them and in
the attacks are placeholders ``@{...}`` (see ``expand``) filled from this world: its dirs, the catcher's URL, the
canaries (random per session) and long repeats.
"""

from __future__ import annotations

import base64
import codecs
import json
import os
import pickle
import re
import secrets
import shutil
import signal
import socket
import string
import subprocess
import sys
import urllib.parse
from pathlib import Path
from typing import Any

from helpers import ROOT

DATA = Path(__file__).resolve().parent / "data"
DIRS = ("project", "outputs", "outside", "home", "pp", "markers", "bin", "tmpdir", "cache", "hfhome")
SHIMS = ("curl", "wget", "ssh", "scp", "sftp", "rsync", "nc", "ncat", "netcat", "socat", "telnet", "ftp", "git",
         "sbatch", "srun", "squeue", "scancel", "sky", "modal", "runpodctl", "aws", "gsutil", "gcloud", "az", "ray",
         "docker", "kubectl", "ping", "nslookup", "dig", "huggingface-cli", "hf", "wandb", "pip", "git-remote-https",
         "sinfo", "scontrol", "salloc", "podman", "openssl", "host", "http", "xdg-open", "sendmail", "mail", "sacct",
         "git-lfs")
PROXY_VARS = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy", "FTP_PROXY",
              "WS_PROXY")
ENDPOINTS = {"HF_ENDPOINT": "/hf-endpoint", "WANDB_BASE_URL": "/wandb", "MODAL_SERVER_URL": "/modal",
             "OPENAI_BASE_URL": "/openai/v1", "OPENAI_API_BASE": "/openai/v1", "ANTHROPIC_BASE_URL": "/anthropic",
             "RUNPOD_API_URL": "/runpod", "RUNPOD_GRAPHQL_URL": "/runpod/graphql", "RUNPOD_API_BASE": "/runpod",
             "RUNPOD_API_BASE_URL": "/runpod", "MLFLOW_TRACKING_URI": "/mlflow", "AWS_ENDPOINT_URL": "/aws",
             "TENSORBOARD_URL": "/tb", "NO_PROXY_X": "", "VLLM_BASE_URL": "/vllm", "JUDGE_BASE_URL": "/judge",
             "RUNPOD_ENDPOINT": "/runpod", "AWS_ENDPOINT_URL_S3": "/s3", "S3_ENDPOINT_URL": "/s3",
             "PIP_INDEX_URL": "/pip", "LOOPWRIGHT_JUDGE_URL": "/judge", "GRAPHQL_URL": "/graphql",
             "HF_HUB_ENDPOINT": "/hf-endpoint", "TRANSFORMERS_ENDPOINT": "/hf-endpoint"}


# placeholder kind -> the table of a set's data that names them (with the shape of their values): "canary" are the
# server's environment variables, "client" what attacks send under secret-named keys, "file" what planted files
# hold; all are looked for in every reply. "plain" values are random but not secrets (not looked for).
KINDS = {"canary": "env", "client": "client", "file": "file", "plain": "plain"}
_CORE = re.compile(r"@\{(core|CORE)(?::(\d+))?(?::(\w+))?\}")
ALNUM = string.ascii_letters + string.digits


ALPHABETS = {"alnum": ALNUM, "hex": "0123456789abcdef", "lower": string.ascii_lowercase, "digits": string.digits}


def _core(kind: str, n: str | None, alphabet: str | None) -> str:
    """``@{core}``: 20 hex digits; ``@{core:N}``: N random letters and digits (``@{core:N:hex}``, ``lower``,
    ``digits``: of those); ``@{CORE:N}``: upper case."""
    if n is None:
        return secrets.token_hex(10)
    core = "".join(secrets.choice(ALPHABETS[alphabet or "alnum"]) for _ in range(int(n)))
    return core.upper() if kind == "CORE" else core


def load_sets() -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(DATA.glob("*.json"))]


class World:
    def __init__(self, tmp: Path, sets: list[dict], catcher_url: str):
        self.tmp, self.sets, self.catcher_url = tmp, sets, catcher_url
        self.dirs = {d: tmp / ("pythonpath" if d == "pp" else d) for d in DIRS}
        for d in self.dirs.values():
            d.mkdir(parents=True, exist_ok=True)
        self.project, self.outputs, self.outside = self.dirs["project"], self.dirs["outputs"], self.dirs["outside"]
        self.home, self.markers = self.dirs["home"], self.dirs["markers"]
        self.file_canary = "LWFILECANARY" + secrets.token_hex(10)
        self.cores: dict[str, str] = {}  # canary label -> its random core (what the detectors look for too)
        self.values: dict[str, str] = {}  # canary label -> the whole value
        self.env: dict[str, str] = {}    # the server's canary environment variables
        for s in sets:
            for kind, table in KINDS.items():
                for name, shape in s.get(table, {}).items():
                    label = f"{kind}:{name}"
                    if label not in self.values:
                        m = _CORE.search(shape)
                        core = _core(*m.groups()) if m else shape
                        self.values[label] = shape[:m.start()] + core + shape[m.end():] if m else shape
                        if kind != "plain":
                            self.cores[label] = core
                    if kind == "canary":
                        self.env[name] = self.values[label]
        self.values["file_canary"] = self.cores["file_canary"] = self.file_canary
        self.inside_canary = "INSIDECANARY" + secrets.token_hex(10)  # inside content: it may come back
        self.planted: dict[str, Any] = {}
        self.sockets: list[socket.socket] = []
        self.procs: dict[str, subprocess.Popen] = {}  # processes a set spawned (a decoy whose pid a run names)
        self.server_pid = 0

    # ------------------------------------------------------------------------------------------ placeholders
    def lookup(self, key: str) -> str:
        if key in self.dirs:
            return str(self.dirs[key])
        simple = {"tmp": str(self.tmp), "catcher": self.catcher_url, "root": str(ROOT), "pid": str(os.getpid()),
                  "python": sys.executable,
                  "port": self.catcher_url.rsplit(":", 1)[1],
                  "inside_canary": self.inside_canary}
        if key == "server_pid":  # the running server's (corpus_runner.Session sets it)
            return str(self.server_pid)
        if key.startswith("proc:"):
            return str(self.procs[key[5:]].pid)
        return simple[key] if key in simple else "@{i}" if key == "i" else self.values[key]

    def expand(self, x: Any) -> Any:
        if isinstance(x, str):
            return expand_str(x, self.lookup)
        if _is_for(x):
            a, b = map(int, x[0][6:-1].split(":"))  # ["@{for:A:B}", template]: the template for each i in A..B-1
            template = self.expand(x[1])
            return [template.replace("@{i}", str(i)) for i in range(a, b)]
        if isinstance(x, list):  # a for-list inside a list is spliced into it
            return [j for i in x for j in (self.expand(i) if _is_for(i) else [self.expand(i)])]
        if isinstance(x, dict):
            return {self.expand(k): self.expand(v) for k, v in x.items()}
        return x

    # -------------------------------------------------------------------------------------------- planting
    def plant(self, records: list[dict], owner: str = "") -> None:
        """Write plant records. Sets plant into one world: where two plant the same file outside the roots (each
        holding its canary), the first set's stays unless the later one's is a hard link into the roots; inside
        the roots they must not collide."""
        for rec in [r for rec in records for r in _each(rec)]:
            if "kill" in rec:
                self.procs[rec["kill"]].kill()
                self.procs[rec["kill"]].wait()
                continue
            if "spawn" in rec:  # a process left running (its command line and environment hold canaries)
                self.procs[rec["spawn"]] = subprocess.Popen(
                    self.expand(rec["argv"]), env=self.expand(rec["env"]), cwd=self.expand(rec["cwd"]),
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                continue
            path = Path(self.expand(rec["path"]))
            if owner:
                first = self.planted.setdefault(str(path), (owner, rec))
                if first[1] != rec and (first[0] == owner or not path.is_relative_to(self.outside)
                                        and not path.is_relative_to(self.home)):
                    raise AssertionError(f"{owner} plants {rec['path']} over {first[0]}'s")
                if first[0] != owner and "hardlink" not in rec:
                    continue
                if first[0] != owner:  # a hard link into the roots is the later set's point: it replaces the file
                    rec = dict(rec, replace=True)
            path.parent.mkdir(parents=True, exist_ok=True)
            if "link" in rec and rec.get("replace") and (path.is_symlink() or not path.is_dir()):
                tmp = path.with_name(path.name + ".swp")  # a file swapped for a link in one rename
                if os.path.lexists(tmp):
                    tmp.unlink()
                tmp.symlink_to(self.expand(rec["link"]))
                os.replace(tmp, path)
                continue
            if rec.get("replace") or rec.get("unlink"):
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                elif os.path.lexists(path):
                    path.unlink()
            if rec.get("unlink"):
                continue
            if "dir" in rec:
                path.mkdir(parents=True, exist_ok=True)
            elif "link" in rec:
                path.symlink_to(self.expand(rec["link"]))
            elif "copy" in rec:  # a file or tree of this checkout
                src = Path(self.expand(rec["copy"]))
                shutil.copytree(src, path, dirs_exist_ok=True) if src.is_dir() else shutil.copy(src, path)
            elif "hardlink" in rec:
                os.link(self.expand(rec["hardlink"]), path)
            elif "sparse" in rec:  # a huge file that takes no disk: its head, then a hole up to the size
                with open(path, "wb") as f:
                    f.write(self.expand(rec.get("head", "")).encode())
                    f.truncate(rec["sparse"])
            elif rec.get("special") == "socket":  # a listening unix socket nobody answers
                self.sockets.append(socket.socket(socket.AF_UNIX))
                self.sockets[-1].bind(str(path))
                self.sockets[-1].listen(1)
            elif "special" in rec:
                os.mkfifo(path)
            elif "lines" in rec:  # a big file: a template (@{i}: its number) over a range, joined, times over
                template, sep, each = rec["lines"], rec.get("sep", ""), rec.get("expand_each")
                template = template if each else self.expand(template)  # each: @{i} inside a template too
                with open(path, "w") as f:
                    f.write(self.expand(rec.get("head", "")))
                    for _ in range(rec.get("times", 1)):
                        f.write(sep.join(self.expand(template.replace("@{i}", str(i))) if each else
                                         template.replace("@{i}", str(i)) for i in range(*rec["range"])))
                    f.write(self.expand(rec.get("tail", "")))
            else:
                path.write_bytes(self.expand(rec["text"]).encode(rec.get("encoding", "utf-8"), "surrogateescape"))
                if "mode" in rec:
                    path.chmod(int(rec["mode"], 8))

    def build(self) -> None:
        for name in SHIMS:
            shim = self.dirs["bin"] / name
            shim.write_text(f"#!/bin/sh\necho \"$0 $*\" > {self.markers}/shim-{name}-$$\nexit 1\n")
            shim.chmod(0o755)
        for s in self.sets:
            self.plant(s.get("plant", []), owner=s["set"])

    def close(self) -> None:
        for proc in self.procs.values():
            proc.send_signal(signal.SIGKILL)
            proc.wait()

    def server_env(self) -> dict[str, str]:
        url = self.catcher_url
        env = {"PATH": os.pathsep.join([str(self.dirs["bin"]), os.environ.get("PATH", "/usr/bin:/bin")]),
               "HOME": str(self.home), "LANG": "C.UTF-8", "TOKENIZERS_PARALLELISM": "false",
               "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(self.dirs["pp"])]),
               "HF_HUB_ETAG_TIMEOUT": "3", "HF_HUB_DOWNLOAD_TIMEOUT": "3", "RAY_ADDRESS": url.split("//")[1],
               "PYTHONDONTWRITEBYTECODE": "1", "TMPDIR": str(self.dirs["tmpdir"]), "NO_PROXY": "", "no_proxy": "",
               "USERPROFILE": str(self.home), "XDG_CONFIG_HOME": str(self.home / ".config"),
               "XDG_CACHE_HOME": str(self.home / ".cache"), "HF_HOME": str(self.home / ".cache" / "huggingface"),
               "LOOPWRIGHT_CACHE": str(self.home / ".cache" / "loopwright")}
        env.update({name: url for name in PROXY_VARS})
        env.update({name: url + path for name, path in ENDPOINTS.items()})
        env.update(self.env)
        for s in self.sets:
            env.update(self.expand(s.get("env_plain", {})))
        return env


def _each(rec: dict) -> list[dict]:
    """A plant record with ``"for": [A, B, width]`` is one record for each i in A..B-1 (``@{i}`` and ``@{i-1}`` in
    its path and text, zero-padded to the width)."""
    if "for" not in rec:
        return [rec]
    a, b, width = (rec["for"] + [0])[:3]
    return [{k: v.replace("@{i}", str(i).zfill(width)).replace("@{i-1}", str(i - 1).zfill(width))
             if isinstance(v, str) else v for k, v in rec.items() if k != "for"} for i in range(a, b)]


def _is_for(x: Any) -> bool:
    return isinstance(x, list) and bool(x) and isinstance(x[0], str) and x[0].startswith("@{for:")


_REP = re.compile(r"(rep|enc):([^:]+):(\d+):")
# forms a planted secret is written in (``@{enc:FORM:L:<L chars>}``), for values only known when the world is built
ENCODINGS = {
    "b64": lambda v, *_: base64.b64encode(v.encode()).decode(), "hex": lambda v, *_: v.encode().hex(),
    "upper": lambda v, *_: v.upper(), "reverse": lambda v, *_: v[::-1], "spaced": lambda v, *_: " ".join(v),
    "zwsp": lambda v, *_: "\u200b".join(v), "percent": lambda v, *_: "".join(f"%{b:02X}" for b in v.encode()),
    "fullwidth": lambda v, *_: "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in v),
    "uesc": lambda v, *_: "".join(f"\\u{ord(c):04x}" for c in v),
    "slice": lambda v, a, b: v[_at(v, a or "0"):_at(v, b) if b else None], "ljust": lambda v, n, c: v.ljust(int(n), c),
    "url": lambda v, *_: urllib.parse.quote(v, safe=""), "json": lambda v, *_: json.dumps(v)[1:-1],
    "group": lambda v, n: " ".join(v[i:i + int(n)] for i in range(0, len(v), int(n))),
    "rot13": lambda v, *_: codecs.encode(v, "rot13"),
    "b64url": lambda v, *_: base64.urlsafe_b64encode(v.encode()).decode(),
    "b64url_nopad": lambda v, *_: base64.urlsafe_b64encode(v.encode()).decode().rstrip("="),
    "codes": lambda v, sep: {"comma": ",", "commaspace": ", "}[sep].join(str(ord(c)) for c in v),
    # a pickle that, loaded, calls open(v, "w") (REDUCE on io.open): it creates the marker file v. Built for the
    # path as expanded (its length is in the pickle), as text whose surrogates are its bytes (plant writes them back)
    "pickle_open": lambda v, *_: pickle.dumps(_OpensForWriting(v), protocol=4).decode("utf-8", "surrogateescape")}


class _OpensForWriting:
    """Pickled (never loaded here) as ``open(path, "w")``: what blind4's pickles do when a reader unpickles them."""

    def __init__(self, path: str):
        self.path = path

    def __reduce__(self) -> tuple:
        return open, (self.path, "w")


def _at(v: str, x: str) -> int:
    """A slice bound: a count of characters, or (with a point) a fraction of the value's length (another set may
    hold a longer or shorter value under the same name)."""
    return int(float(x) * len(v)) if "." in x else int(x)


def expand_str(s: str, lookup: Any) -> str:
    """``@{key}`` -> ``lookup(key)``; ``@{rep:L:N:<L chars>}`` -> the L chars (expanded) N times;
    ``@{enc:FORM:L:<L chars>}`` -> the L chars (expanded) in that form (``ENCODINGS``; ``FORM=a,b`` its
    arguments; ``slice=0.4,`` a fraction of its length); ``@{range:A:B}`` -> A,A+1,...,B-1."""
    out, i = [], 0
    while (j := s.find("@{", i)) >= 0:
        out.append(s[i:j])
        rep = _REP.match(s, j + 2)
        if rep:
            what, arg, n = rep.groups()
            size = int(arg if what == "rep" else n)
            unit = expand_str(s[rep.end():rep.end() + size], lookup)
            if what == "rep":
                out.append(unit * int(n))
            else:
                form, _, args = arg.partition("=")
                out.append(ENCODINGS[form](unit, *args.split(",")) if args else ENCODINGS[form](unit))
            i = rep.end() + size + 1
        else:
            k = s.index("}", j)
            key = s[j + 2:k]
            out.append(",".join(map(str, range(*map(int, key.split(":")[1:])))) if key.startswith("range:")
                       else lookup(key))
            i = k + 1
    out.append(s[i:])
    return "".join(out)
