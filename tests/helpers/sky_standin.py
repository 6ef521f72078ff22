"""A local stand-in of SkyPilot at its SDK boundary (the ``sky`` module loopwright.cloud.skypilot_api calls).

It speaks the SDK's calling convention: every call returns a request id, ``sky.get`` / ``sky.stream_and_get``
give its result or raise its error (``ClusterDoesNotExist`` by that name). Its "cloud" is a state directory, so
every process of a test (the launcher, ``python -m loopwright.reap``) sees the same clusters:

* ``clusters/<name>.json``: a live cluster (status, the pid of its job's process group, the autodown flag);
* ``nodes/<name>/home``: the node's home; the task's workdir is synced to ``home/sky_workdir`` and the
  run dir lands under ``home/loopwright-out`` (the ``ssh`` stand-in, ``sky_bin/ssh``, runs commands there);
* ``tasks/<name>.yaml``: the task as received, written back by SkyPilot's own ``to_yaml_config`` when SkyPilot
  is installed (the stand-in then parses with the real ``sky.Task``); ``hold/<call>``: seconds a call waits
  before it answers, so a test can signal the launcher mid-launch.

``launch`` runs ``setup`` then starts ``run`` in its own session (a cluster outlives its launcher, as a real one
does); ``down`` kills that session and removes the cluster. A managed job runs the same way, named in
``managed/<id>.json``, its bucket a local directory (``LOOPWRIGHT_OUTPUTS``).
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

STATE_ENV = "LOOPWRIGHT_TEST_SKY_STATE"
NODE_ENV = "LOOPWRIGHT_STANDIN_NODE"  # every process of a stand-in node carries it: the node's processes, found


def node_processes(name: str) -> list[int]:
    """The live (not zombie) processes of a stand-in node, whatever process group they moved to (GNU timeout
    makes its own): what a real node's teardown takes with it."""
    mark = f"{NODE_ENV}={name}".encode() + b"\0"
    pids = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
            if state != "Z" and mark in (proc / "environ").read_bytes():
                pids.append(int(proc.name))
        except (OSError, IndexError):
            continue
    return pids


def kill_node(name: str) -> None:
    for pid in node_processes(name):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
BIN = Path(__file__).resolve().parent / "sky_bin"


class ClusterDoesNotExist(Exception):
    pass


def real_sky() -> Any:
    try:
        import sky
    except ImportError:
        return None
    return sky


class _Task:
    """SkyPilot's Task where SkyPilot is not installed: the dict kept as given (no schema check)."""

    def __init__(self, config: dict):
        self.config = dict(config)
        self.name = config.get("name")

    @classmethod
    def from_yaml_config(cls, config: dict) -> "_Task":
        return cls(config)

    def to_yaml_config(self) -> dict:
        return dict(self.config)


class StandinSky:
    def __init__(self, state: Path):
        self.state = Path(state)
        for sub in ("clusters", "nodes", "tasks", "hold", "managed", "bucket"):
            (self.state / sub).mkdir(parents=True, exist_ok=True)
        self.real = real_sky()
        self.Task = self.real.Task if self.real is not None else _Task
        self.catalog = getattr(self.real, "catalog", None)
        self.cloud_stores = SimpleNamespace(get_storage_from_path=lambda url: _LocalStore(self.state / "bucket"))
        self.exceptions = SimpleNamespace(ClusterDoesNotExist=ClusterDoesNotExist)
        self.jobs = SimpleNamespace(launch=self._jobs_launch, queue=self._jobs_queue, cancel=self._jobs_cancel)
        self._results: dict[str, tuple[str, Any]] = {}
        self._ids = itertools.count(1)
        self.cancelled: list[str] = []

    # ------------------------------------------------------------------ requests
    def _request(self, call: str, fn, *args) -> str:
        rid = f"req-{os.getpid()}-{next(self._ids)}"
        self._results[rid] = (call, lambda: fn(*args))
        return rid

    def get(self, rid: str) -> Any:
        call, fn = self._results.pop(rid)
        hold = self.state / "hold" / call
        if hold.is_file():
            time.sleep(float(hold.read_text()))
        return fn()

    stream_and_get = get

    def api_cancel(self, rid: str) -> None:
        self.cancelled.append(rid)

    # ------------------------------------------------------------------ clusters
    def _cluster(self, name: str) -> Path:
        return self.state / "clusters" / f"{name}.json"

    def launch(self, task, cluster_name, idle_minutes_to_autostop=None, down=False, **_):
        config = task.to_yaml_config()
        (self.state / "tasks" / f"{cluster_name}.json").write_text(json.dumps(config, indent=1, default=str))
        # The cluster exists from the request on (it is provisioning), before the launch answers.
        self._write(cluster_name, {"name": cluster_name, "status": "INIT", "autostop": idle_minutes_to_autostop,
                                   "to_down": down})
        return self._request("launch", self._start, cluster_name, config)

    def _start(self, name: str, config: dict, managed: bool = False):
        home = self.state / "nodes" / name / "home"
        workdir = home / "sky_workdir"
        src = config.get("workdir")
        if src:
            shutil.copytree(src, workdir, symlinks=True, dirs_exist_ok=True)
        workdir.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, **{str(k): str(v) for k, v in (config.get("envs") or {}).items()}, "HOME": str(home),
               "SKYPILOT_NODE_RANK": "0", "SKYPILOT_NUM_NODES": "1", "SKYPILOT_NODE_IPS": "127.0.0.1",
               "SKYPILOT_TASK_ID": name, NODE_ENV: name}
        # the node's python is this one; its model caches the test machine's (the node's home is a fresh dir)
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
        real_home = Path(os.environ.get("HOME", str(Path.home())))
        env.setdefault("LOOPWRIGHT_CACHE", str(real_home / ".cache" / "loopwright"))
        env.setdefault("HF_HOME", str(real_home / ".cache" / "huggingface"))
        if managed:
            env["LOOPWRIGHT_OUTPUTS"] = str(self.state / "bucket")
        if config.get("setup"):
            setup = subprocess.run(["bash", "-c", config["setup"]], cwd=workdir, env=env, capture_output=True)
            if setup.returncode:
                self._write(name, {**self._read(name), "status": "UP", "job": "FAILED_SETUP"})
                return 1, None
        exit_file = home / ".job_exit"
        hold = self.state / "hold" / "run"  # a test's knob: the job starts this many seconds late (a long job)
        wait = f"sleep {float(hold.read_text())}; " if hold.is_file() else ""
        run = f"{wait}( {config['run']}\n) ; echo $? > {exit_file}"
        proc = subprocess.Popen(["bash", "-c", run], cwd=workdir, env=env, start_new_session=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._write(name, {**self._read(name), "status": "UP", "pid": proc.pid, "exit_file": str(exit_file)})
        return 1, SimpleNamespace(cluster_name=name)

    def _job(self, name: str) -> str | None:
        try:
            c = self._read(name)
        except FileNotFoundError:
            return None
        if c.get("job"):
            return c["job"]
        exit_file = Path(c.get("exit_file", "/nonexistent"))
        if exit_file.is_file():
            return "SUCCEEDED" if exit_file.read_text().strip() == "0" else "FAILED"
        return "RUNNING" if c.get("pid") else "PENDING"

    def job_status(self, cluster_name, job_ids=None):
        return self._request("job_status", lambda: {(job_ids or [1])[0]: self._job(cluster_name)})

    def down(self, cluster_name, **_):
        return self._request("down", self._down, cluster_name)

    def _down(self, name: str) -> None:
        path = self._cluster(name)
        if not path.is_file():
            raise ClusterDoesNotExist(f"Cluster {name!r} does not exist.")
        kill_node(name)  # the node goes away with every process on it
        path.unlink()
        shutil.rmtree(self.state / "nodes" / name, ignore_errors=True)

    def status(self, cluster_names=None, all_users=False, **_):
        return self._request("status", lambda: [
            {"name": c["name"], "status": c["status"]} for c in map(json.loads, map(Path.read_text, sorted(
                (self.state / "clusters").glob("*.json")))) if cluster_names is None or c["name"] in cluster_names])

    # ------------------------------------------------------------------ managed jobs
    def _jobs_launch(self, task, name=None, **_):
        config = task.to_yaml_config()
        job_id = len(list((self.state / "managed").glob("*.json"))) + 1
        (self.state / "tasks" / f"{name}.json").write_text(json.dumps(config, indent=1, default=str))
        cluster = f"{name}-{job_id}"  # the cluster the jobs controller brings up for it
        (self.state / "managed" / f"{job_id}.json").write_text(json.dumps({"job_id": job_id, "name": name,
                                                                           "cluster": cluster}))
        self._write(cluster, {"name": cluster, "status": "INIT", "managed_by": job_id})
        return self._request("jobs_launch", lambda: (self._start(cluster, config, managed=True) and ([job_id], None)))

    def _managed_rows(self) -> list[dict]:
        rows = []
        for path in sorted((self.state / "managed").glob("*.json")):
            m = json.loads(path.read_text())
            status = m.get("status") or self._recover(path, m) or self._job(m["cluster"]) or "CANCELLED"
            rows.append({"job_id": m["job_id"], "job_name": m["name"], "status": status})
        return rows

    def _recover(self, path: Path, m: dict) -> str | None:
        """The jobs controller's part: a node taken back (``preempt``: its processes killed, the marker
        ``preempted/<cluster>`` left) is replaced by a new cluster running the same task, the bucket kept."""
        marker = self.state / "preempted" / m["cluster"]
        if not marker.is_file():
            return None
        marker.unlink()
        if self._cluster(m["cluster"]).is_file():
            self._down(m["cluster"])
        cluster = f"{m['name']}-{m['job_id']}-r{int(m.get('recoveries', 0)) + 1}"
        path.write_text(json.dumps({**m, "cluster": cluster, "recoveries": int(m.get("recoveries", 0)) + 1}))
        self._write(cluster, {"name": cluster, "status": "INIT", "managed_by": m["job_id"]})
        self._start(cluster, self.task(m["name"]), managed=True)
        return "RECOVERING"

    def preempt(self, job_id: int) -> None:
        """A spot node taken back: its job's processes die at once (no signal it could act on)."""
        m = json.loads((self.state / "managed" / f"{job_id}.json").read_text())
        (self.state / "preempted").mkdir(exist_ok=True)
        (self.state / "preempted" / m["cluster"]).write_text("")
        kill_node(m["cluster"])

    def _jobs_queue(self, refresh=False, skip_finished=False, job_ids=None, version=2, **_):
        return self._request("jobs_queue", lambda: ([r for r in self._managed_rows()
                                                     if job_ids is None or r["job_id"] in job_ids], 0, {}, 0))

    def _jobs_cancel(self, job_ids=None, name=None, **_):
        def cancel():
            for job_id in job_ids or []:
                path = self.state / "managed" / f"{job_id}.json"
                m = json.loads(path.read_text())
                if self._cluster(m["cluster"]).is_file():
                    self._down(m["cluster"])
                path.write_text(json.dumps({**m, "status": m.get("status") or "CANCELLED"}))
        return self._request("jobs_cancel", cancel)

    # ------------------------------------------------------------------ state
    def _read(self, name: str) -> dict:
        return json.loads(self._cluster(name).read_text())

    def _write(self, name: str, data: dict) -> None:
        tmp = self._cluster(name).with_suffix(".tmp")
        tmp.write_text(json.dumps(data))
        tmp.replace(self._cluster(name))

    # ------------------------------------------------------------------ for the tests
    def alive(self) -> list[str]:
        """Clusters still up, and whether their job's processes still run."""
        return sorted(p.stem for p in (self.state / "clusters").glob("*.json"))

    def task(self, name: str) -> dict:
        return json.loads((self.state / "tasks" / f"{name}.json").read_text())

    def hold(self, call: str, seconds: float) -> None:
        (self.state / "hold" / call).write_text(str(seconds))


class _LocalStore:
    """SkyPilot's cloud store for a bucket URL, here a local directory: the sync command it gives."""

    def __init__(self, root: Path):
        self.root = root

    def make_sync_dir_command(self, source: str, destination: str) -> str:
        import shlex

        prefix = source.split("://", 1)[-1].split("/", 1)[-1].rsplit("/", 1)[-1]
        return f"cp -a {shlex.quote(str(self.root / prefix))}/. {shlex.quote(destination)}/"


def install(state: Path) -> StandinSky:
    """Put the stand-in at loopwright's SkyPilot boundary (this process) and the ssh stand-in on PATH."""
    from loopwright.cloud import skypilot_api

    standin = StandinSky(state)
    skypilot_api.SDK = standin
    os.environ[STATE_ENV] = str(state)
    os.environ["PATH"] = f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"
    return standin
