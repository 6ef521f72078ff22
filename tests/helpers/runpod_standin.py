"""A loopback stand-in for the subset of RunPod's API the runpod launcher uses.

Same paths, bodies and status codes as RunPod's REST v1 (rest.runpod.io/v1,
openapi.json) and the GraphQL ``gpuTypes`` price query:

  POST   /pods            PodCreateInput -> 201 Pod   (400 unknown GPU, 401 bad key)
  GET    /pods?name=      -> 200 [Pod]
  GET    /pods/{id}       -> 200 Pod | 404 once terminated
  DELETE /pods/{id}       -> 204 | 404
  POST   /graphql         gpuTypes(input: {id}) { id displayName securePrice communityPrice }

A created pod is emulated by a local process group running the pod's
``dockerEntrypoint + dockerStartCmd`` with what a RunPod container has:
RUNPOD_POD_ID, a pod-scoped RUNPOD_API_KEY, ``runpodctl`` on PATH (a shim that
calls DELETE /pods/{id} here), and the network volume. The volume is the moto S3
bucket named by ``networkVolumeId``: since nothing can be mounted at /workspace,
the pod gets a local directory (LOOPWRIGHT_VOLUME_ROOT) filled from the bucket at
start and synced back to it every 0.2 s and when the pod ends - what the launcher
sees through the S3 API is what a real pod would have written to the volume.

Faults (attributes, set by tests): ``create_failures`` (POST answers 500 that many
times), ``never_ready`` (the container never starts), ``terminate_5xx`` (DELETE
answers 503 that many times), ``drop_gets`` (GET /pods/{id} closes the connection
without an answer that many times), ``delays`` ({(method, path prefix): seconds}: hold such a request that
long; POST /pods is held after the pod exists, before the answer, as a slow create is). ``received``
lists every request as it arrives (before any delay), for tests that act mid-request.
``preempt(pod_id)`` takes a running pod back like a spot
interruption (SIGTERM to the container's main process, SIGKILL after a grace period).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any, Optional
from urllib.parse import parse_qs, urlparse

from helpers.listener import LoopbackHTTP

PRICES = {"NVIDIA A40": {"displayName": "A40", "securePrice": 0.40, "communityPrice": 0.35},
          "NVIDIA H100 80GB HBM3": {"displayName": "H100 SXM", "securePrice": 2.99, "communityPrice": 2.69},
          "NVIDIA GeForce RTX 3070": {"displayName": "RTX 3070", "securePrice": None, "communityPrice": None}}

# PodCreateInput's properties in rest.runpod.io/v1/openapi.json: a body with any other key is refused,
# so a misspelt field in the launcher fails here instead of being silently ignored.
POD_CREATE_FIELDS = {
    "allowedCudaVersions", "cloudType", "computeType", "containerDiskInGb", "containerRegistryAuthId",
    "countryCodes", "cpuFlavorIds", "cpuFlavorPriority", "dataCenterIds", "dataCenterPriority", "dockerEntrypoint",
    "dockerStartCmd", "env", "globalNetworking", "gpuCount", "gpuTypeIds", "gpuTypePriority", "imageName",
    "interruptible", "locked", "minDiskBandwidthMBps", "minDownloadMbps", "minRAMPerGPU", "minUploadMbps",
    "minVCPUPerGPU", "name", "networkVolumeId", "ports", "supportPublicIp", "templateId", "vcpuCount", "volumeInGb",
    "volumeMountPath"}


def pod_create_problems(body: dict[str, Any]) -> list[str]:
    problems = [f"unknown field {k!r}" for k in sorted(set(body) - POD_CREATE_FIELDS)]
    for key in ("dockerEntrypoint", "dockerStartCmd", "gpuTypeIds", "ports"):
        if key in body and not (isinstance(body[key], list) and all(isinstance(v, str) for v in body[key])):
            problems.append(f"{key} must be a list of strings")
    if not isinstance(body.get("env", {}), dict) or not all(isinstance(v, str) for v in body.get("env", {}).values()):
        problems.append("env must be an object of strings")
    if not isinstance(body.get("gpuCount", 1), int) or body.get("gpuCount", 1) < 1:
        problems.append("gpuCount must be an integer >= 1")
    if body.get("cloudType", "SECURE") not in ("SECURE", "COMMUNITY"):
        problems.append("cloudType must be SECURE or COMMUNITY")
    if body.get("gpuTypePriority", "availability") not in ("availability", "custom"):
        problems.append("gpuTypePriority must be availability or custom")
    return problems


RUNPODCTL = '''#!{python}
"""runpodctl shim: `runpodctl remove pod ID` / `runpodctl pod delete ID` -> DELETE /pods/ID."""
import os, sys, urllib.request
args = sys.argv[1:]
if args[:2] not in (["remove", "pod"], ["pod", "delete"]) or len(args) != 3:
    sys.exit("runpodctl shim: only 'remove pod ID' and 'pod delete ID'")
req = urllib.request.Request("{url}/pods/" + args[2], method="DELETE",
                             headers={{"Authorization": "Bearer " + os.environ["RUNPOD_API_KEY"]}})
try:
    urllib.request.urlopen(req, timeout=30)
except Exception as err:
    sys.exit(f"runpodctl: {{err}}")
'''


def session_pids(sid: int) -> list[int]:
    """Every live process in session ``sid`` (Linux /proc): `timeout` moves its child into a process
    group of its own, so killing the pod's process group alone would leave the job running."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[3]) == sid and fields[0] != "Z":  # fields after "pid (comm)": state ppid pgrp session
            pids.append(int(stat.parent.name))
    return pids


class Pod:
    def __init__(self, pod_id: str, body: dict[str, Any], cost: float, key: str, root: Path):
        self.id, self.body, self.cost, self.key = pod_id, body, cost, key
        self.status = "RUNNING"
        self.created = time.time()
        self.proc: Optional[subprocess.Popen] = None
        self.mount = root / pod_id / "volume"
        self.lock = threading.Lock()
        self.synced: dict[str, tuple[float, int]] = {}

    def as_json(self) -> dict[str, Any]:
        b = self.body
        return {"id": self.id, "name": b.get("name"), "desiredStatus": self.status, "costPerHr": self.cost,
                "adjustedCostPerHr": self.cost, "imageName": b.get("imageName"), "image": b.get("imageName"),
                "gpuCount": b.get("gpuCount", 1), "gpu": {"id": b["gpuTypeIds"][0], "count": b.get("gpuCount", 1)},
                "networkVolumeId": b.get("networkVolumeId"), "volumeMountPath": b.get("volumeMountPath"),
                "dockerEntrypoint": b.get("dockerEntrypoint", []), "dockerStartCmd": b.get("dockerStartCmd", []),
                "env": b.get("env", {}), "lastStartedAt": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                                                         time.gmtime(self.created))}


class RunpodStandin:
    def __init__(self, api_key: str, s3_endpoint: str, workdir: Path):
        self.api_key = api_key
        self.s3_endpoint = s3_endpoint
        self.root = Path(workdir)
        self.pods: dict[str, Pod] = {}
        self.log: list[tuple[str, str, int]] = []  # (method, path, status) as answered
        self.bodies: list[dict[str, Any]] = []  # every POST /pods body, as received
        self.create_failures = 0
        self.never_ready = False
        self.terminate_5xx = 0
        self.drop_gets = 0
        self.self_removed: list[str] = []
        self.delays: dict[tuple[str, str], float] = {}
        self.received: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        self._http = LoopbackHTTP(self._handler())
        self.url = self._http.url

    # ----------------------------------------------------------- lifecycle
    def start(self) -> "RunpodStandin":
        self._http.start()
        return self

    def stop(self) -> None:
        for pod in list(self.pods.values()):
            self._kill(pod)
        self._http.stop()

    def running(self) -> list[str]:
        return [p.id for p in self.pods.values() if p.status != "TERMINATED"]

    def live_processes(self) -> list[int]:
        """Processes of any emulated pod still alive (a terminated pod must have none)."""
        return [pid for p in self.pods.values() if p.proc is not None for pid in session_pids(p.proc.pid)]

    # --------------------------------------------------------------- s3 sync
    def _s3(self):
        import boto3

        return boto3.client("s3", endpoint_url=self.s3_endpoint, region_name="us-east-1",
                            aws_access_key_id="standin", aws_secret_access_key="standin")

    def _pull(self, pod: Pod) -> None:
        s3, bucket = self._s3(), pod.body["networkVolumeId"]
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
            for obj in page.get("Contents", []):
                target = pod.mount / obj["Key"]
                target.parent.mkdir(parents=True, exist_ok=True)
                s3.download_file(bucket, obj["Key"], str(target))
                st = target.stat()
                pod.synced[obj["Key"]] = (st.st_mtime, st.st_size)

    def _push(self, pod: Pod) -> None:
        with pod.lock:
            s3, bucket = self._s3(), pod.body["networkVolumeId"]
            for path in sorted(pod.mount.rglob("*")):
                if not path.is_file():
                    continue
                key = path.relative_to(pod.mount).as_posix()
                try:
                    st = path.stat()
                except FileNotFoundError:
                    continue
                if pod.synced.get(key) != (st.st_mtime, st.st_size):
                    try:
                        s3.put_object(Bucket=bucket, Key=key, Body=path.read_bytes())
                    except FileNotFoundError:
                        continue
                    pod.synced[key] = (st.st_mtime, st.st_size)

    def _sync_loop(self, pod: Pod) -> None:
        while pod.status != "TERMINATED" and pod.proc is not None and pod.proc.poll() is None:
            self._push(pod)
            time.sleep(0.2)
        if pod.status != "TERMINATED":
            self._push(pod)

    # ---------------------------------------------------------------- pods
    def _boot(self, pod: Pod) -> None:
        pod.mount.mkdir(parents=True, exist_ok=True)
        self._pull(pod)
        if self.never_ready:
            return  # the pod is RUNNING as far as the API says, but its container never starts
        bindir = self.root / pod.id / "bin"
        bindir.mkdir(parents=True, exist_ok=True)
        shim = bindir / "runpodctl"
        shim.write_text(RUNPODCTL.format(python=sys.executable, url=self.url))
        shim.chmod(0o755)
        env = {k: v for k, v in os.environ.items() if k != "RUNPOD_API_KEY"}  # the image's own environment
        env.update(pod.body.get("env") or {})
        env.update({"RUNPOD_POD_ID": pod.id, "RUNPOD_API_KEY": pod.key, "LOOPWRIGHT_VOLUME_ROOT": str(pod.mount),
                    "PATH": f"{bindir}:{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"})
        cmd = list(pod.body.get("dockerEntrypoint") or []) + list(pod.body.get("dockerStartCmd") or [])
        with pod.lock:
            if pod.status == "TERMINATED":
                return
            pod.proc = subprocess.Popen(cmd, env=env, cwd=self.root / pod.id, start_new_session=True,
                                        stdout=open(self.root / pod.id / "container.log", "wb"),
                                        stderr=subprocess.STDOUT)
        threading.Thread(target=self._sync_loop, args=(pod,), daemon=True).start()

    def _kill(self, pod: Pod) -> None:
        with pod.lock:
            proc = pod.proc
            pod.status = "TERMINATED"
        if proc is not None:
            # A terminated pod's container is gone as a whole: kill its entire session, not one group.
            for _ in range(50):
                pids = session_pids(proc.pid)
                if not pids:
                    break
                for pid in pids:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                time.sleep(0.05)
            proc.wait(timeout=30)
        if pod.mount.is_dir():
            self._push(pod)  # the network volume keeps what the pod wrote

    def preempt(self, pod_id: str, grace_s: float = 120.0) -> None:
        """A spot pod taken back: SIGTERM to the container's main process (as ``docker stop`` does), the
        whole container killed after ``grace_s`` if it has not ended by then."""
        pod = self.pods[pod_id]
        os.kill(pod.proc.pid, signal.SIGTERM)

        def kill_after_grace() -> None:
            try:
                pod.proc.wait(timeout=grace_s)
            except subprocess.TimeoutExpired:
                self._kill(pod)

        threading.Thread(target=kill_after_grace, daemon=True).start()

    def _hold(self, method: str, path: str) -> None:
        for (m, prefix), seconds in self.delays.items():
            if m == method and path.startswith(prefix):
                time.sleep(seconds)
                return

    def _create(self, body: dict[str, Any]) -> tuple[int, Any]:
        self.bodies.append(body)
        if self.create_failures > 0:
            self.create_failures -= 1
            return 500, {"error": "create pod: There are no longer any instances available with the "
                                  "requested specifications. (stand-in fault)"}
        problems = pod_create_problems(body)
        if problems:
            return 400, {"error": "invalid PodCreateInput: " + "; ".join(problems)}
        gpus = body.get("gpuTypeIds") or []
        if not gpus or gpus[0] not in PRICES or not body.get("imageName"):
            return 400, {"error": f"invalid input: gpuTypeIds={gpus} imageName={body.get('imageName')}"}
        price = PRICES[gpus[0]]["securePrice" if body.get("cloudType", "SECURE") == "SECURE" else "communityPrice"]
        if price is None:
            return 500, {"error": "no instances available"}
        pod = Pod(secrets.token_hex(7), body, round(price * int(body.get("gpuCount", 1)), 4),
                  "pod-" + secrets.token_hex(8), self.root)
        self.pods[pod.id] = pod
        threading.Thread(target=self._boot, args=(pod,), daemon=True).start()
        return 201, pod.as_json()

    def _graphql(self, body: dict[str, Any]) -> tuple[int, Any]:
        query = body.get("query", "")
        if "gpuTypes" not in query:
            return 400, {"errors": [{"message": "stand-in answers only gpuTypes"}]}
        wanted = (body.get("variables") or {}).get("id")
        rows = [{"id": gid, **row} for gid, row in PRICES.items() if wanted in (None, gid)]
        return 200, {"data": {"gpuTypes": rows}}

    # ---------------------------------------------------------------- http
    def _handler(self):
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def _auth(self) -> Optional[Pod | bool]:
                got = self.headers.get("Authorization", "")
                if got == f"Bearer {standin.api_key}":
                    return True
                for pod in standin.pods.values():
                    if got == f"Bearer {pod.key}":
                        return pod
                return None

            def _answer(self, status: int, payload: Any = None) -> None:
                standin.log.append((self.command, self.path, status))
                data = b"" if payload is None else json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def _body(self) -> dict[str, Any]:
                n = int(self.headers.get("Content-Length") or 0)
                return json.loads(self.rfile.read(n) or b"{}")

            def do_POST(self):
                standin.received.append(("POST", self.path))
                who = self._auth()
                if who is not True:
                    return self._answer(401, {"error": "unauthorized"})
                path = urlparse(self.path).path
                if path == "/pods":
                    answer = standin._create(self._body())
                    standin._hold("POST", path)
                    return self._answer(*answer)
                if path == "/graphql":
                    standin._hold("POST", path)
                    return self._answer(*standin._graphql(self._body()))
                self._answer(404, {"error": "not found"})

            def do_GET(self):
                standin.received.append(("GET", self.path))
                standin._hold("GET", self.path)
                if self._auth() is not True:
                    return self._answer(401, {"error": "unauthorized"})
                url = urlparse(self.path)
                if url.path == "/pods":
                    name = (parse_qs(url.query).get("name") or [None])[0]
                    return self._answer(200, [p.as_json() for p in standin.pods.values()
                                              if p.status != "TERMINATED" and name in (None, p.body.get("name"))])
                m = re.fullmatch(r"/pods/([a-z0-9]+)", url.path)
                if not m:
                    return self._answer(404, {"error": "not found"})
                with standin._lock:
                    drop = standin.drop_gets > 0
                    standin.drop_gets -= int(drop)
                if drop:
                    standin.log.append(("GET", self.path, 0))
                    self.close_connection = True
                    self.connection.shutdown(2)  # lost connection: no status line at all
                    return
                pod = standin.pods.get(m.group(1))
                if pod is None or pod.status == "TERMINATED":
                    return self._answer(404, {"error": "pod not found"})
                self._answer(200, pod.as_json())

            def do_DELETE(self):
                standin.received.append(("DELETE", self.path))
                standin._hold("DELETE", self.path)
                who = self._auth()
                m = re.fullmatch(r"/pods/([a-z0-9]+)", urlparse(self.path).path)
                pod = standin.pods.get(m.group(1)) if m else None
                if who is None or (who is not True and who is not pod):
                    return self._answer(401, {"error": "unauthorized"})
                with standin._lock:
                    fail = standin.terminate_5xx > 0
                    standin.terminate_5xx -= int(fail)
                if fail:
                    return self._answer(503, {"error": "service unavailable (stand-in fault)"})
                if pod is None or pod.status == "TERMINATED":
                    return self._answer(404, {"error": "pod not found"})
                if who is pod:
                    standin.self_removed.append(pod.id)  # runpodctl inside the pod, the second line of defence
                standin._kill(pod)
                self._answer(204)

        return Handler


def main() -> None:
    """Serve the stand-in and a moto volume on loopback, to try the launcher by hand (docs/CLOUD.md)."""
    import argparse
    import socket
    import tempfile

    import boto3
    from moto.server import ThreadedMotoServer

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="moto S3 port (0: any free one)")
    args = parser.parse_args()
    key = os.environ.get("RUNPOD_API_KEY") or sys.exit("set RUNPOD_API_KEY (any value): the stand-in checks it")
    port = args.port
    if not port:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
    moto = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    moto.start()
    s3_url = f"http://127.0.0.1:{port}"
    boto3.client("s3", endpoint_url=s3_url, region_name="us-east-1", aws_access_key_id="standin",
                 aws_secret_access_key="standin").create_bucket(Bucket="standinvolume")
    standin = RunpodStandin(key, s3_url, Path(tempfile.mkdtemp(prefix="runpod-standin-"))).start()
    print("RunPod stand-in ready. In another shell (same RUNPOD_API_KEY):\n"
          "  export RUNPOD_S3_ACCESS_KEY=standin RUNPOD_S3_SECRET_KEY=standin\n"
          f"  python train.py -m provider=runpod provider.api_url={standin.url} "
          f"provider.graphql_url={standin.url}/graphql provider.volume_id=standinvolume "
          f"provider.s3_endpoint={s3_url} provider.setup_cmd=null provider.poll_s=1 provider.max_cost=1 "
          "model=tiny profile=smoke", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        print(f"pods still running at exit: {standin.running()}")
        standin.stop()
        moto.stop()


if __name__ == "__main__":
    main()
