"""The one world the MCP attack corpus is played in, built from data (``data/<set>.json``).

Layout under a temp root: ``project/`` (the server's ``--project`` and cwd), ``outputs/`` (its ``--outputs``),
``outside/`` and ``home/`` (the server's ``$HOME``) outside the roots, ``pythonpath/`` (on the server's
``PYTHONPATH``, outside the roots), ``markers/`` (planted code writes a file here when it runs) and ``bin/``
(shims first on ``PATH``, writing markers). Every set's ``plant`` records are written here; values in them and in
the attacks are placeholders ``@{...}`` (see ``expand``) filled from this world: its dirs, the catcher's URL, the
canaries (random per session) and long repeats.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
from pathlib import Path
from typing import Any

from helpers import ROOT

DATA = Path(__file__).resolve().parent / "data"
DIRS = ("project", "outputs", "outside", "home", "pp", "markers", "bin", "tmpdir", "cache", "hfhome")
SHIMS = ("curl", "wget", "ssh", "scp", "sftp", "rsync", "nc", "ncat", "netcat", "socat", "telnet", "ftp", "git",
         "sbatch", "srun", "squeue", "scancel", "sky", "modal", "runpodctl", "aws", "gsutil", "gcloud", "az", "ray",
         "docker", "kubectl", "ping", "nslookup", "dig", "huggingface-cli", "hf", "wandb", "pip", "git-remote-https")
PROXY_VARS = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")
ENDPOINTS = {"HF_ENDPOINT": "/hf-endpoint", "WANDB_BASE_URL": "/wandb", "MODAL_SERVER_URL": "/modal",
             "OPENAI_BASE_URL": "/openai/v1", "OPENAI_API_BASE": "/openai/v1", "ANTHROPIC_BASE_URL": "/anthropic",
             "RUNPOD_API_URL": "/runpod", "RUNPOD_GRAPHQL_URL": "/runpod/graphql", "RUNPOD_API_BASE": "/runpod",
             "RUNPOD_API_BASE_URL": "/runpod", "MLFLOW_TRACKING_URI": "/mlflow", "AWS_ENDPOINT_URL": "/aws",
             "TENSORBOARD_URL": "/tb", "NO_PROXY_X": ""}


# placeholder kind -> the table of a set's data that names them (with the shape of their values): "canary" are the
# server's environment variables, "client" what attacks send under secret-named keys, "file" what planted files
# hold; all are looked for in every reply. "plain" values are random but not secrets (not looked for).
KINDS = {"canary": "env", "client": "client", "file": "file", "plain": "plain"}


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
                        core = secrets.token_hex(10) if "@{core}" in shape else shape
                        self.values[label] = shape.replace("@{core}", core)
                        if kind != "plain":
                            self.cores[label] = core
                    if kind == "canary":
                        self.env[name] = self.values[label]
        self.values["file_canary"] = self.cores["file_canary"] = self.file_canary
        self.inside_canary = "INSIDECANARY" + secrets.token_hex(10)  # inside content: it may come back
        self.planted: dict[str, Any] = {}
        self.sockets: list[socket.socket] = []

    # ------------------------------------------------------------------------------------------ placeholders
    def lookup(self, key: str) -> str:
        if key in self.dirs:
            return str(self.dirs[key])
        simple = {"tmp": str(self.tmp), "catcher": self.catcher_url, "root": str(ROOT), "pid": str(os.getpid()),
                  "port": self.catcher_url.rsplit(":", 1)[1],
                  "inside_canary": self.inside_canary}
        return simple[key] if key in simple else "@{i}" if key == "i" else self.values[key]

    def expand(self, x: Any) -> Any:
        if isinstance(x, str):
            return expand_str(x, self.lookup)
        if isinstance(x, list) and x and isinstance(x[0], str) and x[0].startswith("@{for:"):
            a, b = map(int, x[0][6:-1].split(":"))  # ["@{for:A:B}", template]: the template for each i in A..B-1
            template = self.expand(x[1])
            return [template.replace("@{i}", str(i)) for i in range(a, b)]
        if isinstance(x, list):
            return [self.expand(i) for i in x]
        if isinstance(x, dict):
            return {self.expand(k): self.expand(v) for k, v in x.items()}
        return x

    # -------------------------------------------------------------------------------------------- planting
    def plant(self, records: list[dict], owner: str = "") -> None:
        """Write plant records. Sets plant into one world: where two plant the same file outside the roots (each
        holding its canary), the first set's stays unless the later one's is a hard link into the roots; inside
        the roots they must not collide."""
        for rec in records:
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
                shutil.copytree(src, path) if src.is_dir() else shutil.copy(src, path)
            elif "hardlink" in rec:
                os.link(self.expand(rec["hardlink"]), path)
            elif rec.get("special") == "socket":  # a listening unix socket nobody answers
                self.sockets.append(socket.socket(socket.AF_UNIX))
                self.sockets[-1].bind(str(path))
                self.sockets[-1].listen(1)
            elif "special" in rec:
                os.mkfifo(path)
            elif "lines" in rec:  # a big file: a template (@{i}: its number) over a range, joined, times over
                template, sep = self.expand(rec["lines"]), rec.get("sep", "")
                with open(path, "w") as f:
                    f.write(rec.get("head", ""))
                    for _ in range(rec.get("times", 1)):
                        f.write(sep.join(template.replace("@{i}", str(i)) for i in range(*rec["range"])))
                    f.write(rec.get("tail", ""))
            else:
                path.write_bytes(self.expand(rec["text"]).encode("utf-8", "surrogateescape"))
                if "mode" in rec:
                    path.chmod(int(rec["mode"], 8))

    def build(self) -> None:
        for name in SHIMS:
            shim = self.dirs["bin"] / name
            shim.write_text(f"#!/bin/sh\necho \"$0 $*\" > {self.markers}/shim-{name}-$$\nexit 1\n")
            shim.chmod(0o755)
        for s in self.sets:
            self.plant(s.get("plant", []), owner=s["set"])

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


_REP = re.compile(r"rep:(\d+):(\d+):")


def expand_str(s: str, lookup: Any) -> str:
    """``@{key}`` -> ``lookup(key)``; ``@{rep:L:N:<L chars>}`` -> the L chars (expanded) N times;
    ``@{range:A:B}`` -> A,A+1,...,B-1."""
    out, i = [], 0
    while (j := s.find("@{", i)) >= 0:
        out.append(s[i:j])
        rep = _REP.match(s, j + 2)
        if rep:
            size, times = int(rep.group(1)), int(rep.group(2))
            unit = s[rep.end():rep.end() + size]
            out.append(expand_str(unit, lookup) * times)
            i = rep.end() + size + 1
        else:
            k = s.index("}", j)
            key = s[j + 2:k]
            out.append(",".join(map(str, range(*map(int, key.split(":")[1:])))) if key.startswith("range:")
                       else lookup(key))
            i = k + 1
    out.append(s[i:])
    return "".join(out)
