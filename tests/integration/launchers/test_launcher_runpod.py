"""The runpod launcher against a loopback stand-in of RunPod's API and moto as the network volume.

Jobs go through the real ``python train.py -m provider=runpod ...``; an emulated pod
(tests/helpers/runpod_standin.py) runs the real train.py on model=tiny profile=smoke from the
code bundle it finds on the volume. After every outcome - success, refusal, create
failure, a pod that never starts, a crashing job, Ctrl-C, an exception in the
launcher - no pod may be left running and the cost ledger must say what was spent.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest

from helpers import ROOT, compose, ctrl_c_reaches_it, free_port

from helpers.runpod_standin import RunpodStandin  # noqa: E402

KEY = "rpa_LWTEST_" + secrets.token_hex(16)  # must appear in no file anything writes
S3_ID, S3_SECRET = "user_standin", "rps_standin_" + secrets.token_hex(8)


@pytest.fixture(scope="module")
def moto_url():
    from moto.server import ThreadedMotoServer

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


class Cloud:
    def __init__(self, tmp: Path, moto: str):
        import boto3

        self.tmp, self.moto = tmp, moto
        self.bucket = "vol" + secrets.token_hex(4)
        self.s3 = boto3.client("s3", endpoint_url=moto, region_name="us-east-1",
                               aws_access_key_id=S3_ID, aws_secret_access_key=S3_SECRET)
        self.s3.create_bucket(Bucket=self.bucket)
        self.standin = RunpodStandin(KEY, moto, tmp / "standin").start()
        self.ledger = tmp / "costs.jsonl"
        self.sweep = tmp / "sweep"

    def args(self, *extra: str) -> list[str]:
        url = self.standin.url
        return [sys.executable, str(ROOT / "train.py"), "-m", "provider=runpod", "model=tiny", "profile=smoke",
                f"provider.api_url={url}", f"provider.graphql_url={url}/graphql",
                f"provider.volume_id={self.bucket}", f"provider.s3_endpoint={self.moto}",
                "provider.s3_region=EU-RO-1", "provider.setup_cmd=null", "provider.poll_s=0.3",
                f"provider.ledger={self.ledger}", f"hydra.sweep.dir={self.sweep}", *extra]

    def env(self) -> dict[str, str]:
        return dict(os.environ, RUNPOD_API_KEY=KEY, RUNPOD_S3_ACCESS_KEY=S3_ID, RUNPOD_S3_SECRET_KEY=S3_SECRET)

    def run(self, *extra: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run(self.args(*extra), env=self.env(), cwd=self.tmp, capture_output=True, text=True,
                              timeout=timeout)

    def costs(self) -> list[dict]:
        """The ledger's cost lines (event "closed"); the opening/opened lines name pods and carry no cost."""
        rows = [json.loads(line) for line in self.ledger.read_text().splitlines()] if self.ledger.is_file() else []
        return [r for r in rows if r.get("event") == "closed"]

    def calls(self, method: str, prefix: str = "/pods") -> list[tuple[str, str, int]]:
        return [c for c in self.standin.log if c[0] == method and c[1].startswith(prefix)]


@pytest.fixture
def cloud(tmp_path, moto_url):
    c = Cloud(tmp_path, moto_url)
    yield c
    c.standin.stop()


def _no_pod_left(cloud: Cloud) -> None:
    assert cloud.standin.running() == [], f"pods still running: {cloud.standin.running()}"
    assert cloud.standin.live_processes() == [], "a terminated pod's processes are still alive"


# --------------------------------------------------------------------- plan
def test_plan_only_prints_the_plan_and_rents_nothing(cloud):
    r = cloud.run("provider.plan_only=true", "provider.max_hours=2", "provider.gpu_count=2")
    assert r.returncode == 0, r.stderr
    assert "2 x NVIDIA A40" in r.stdout and "$0.8000/hr" in r.stdout and "worst case   $1.60" in r.stdout
    assert "nothing rented; would be refused: provider.max_cost is not set" in r.stdout
    assert [c[:2] for c in cloud.standin.log] == [("POST", "/graphql")]  # a price query, nothing billable
    assert cloud.standin.pods == {} and cloud.costs() == []
    assert cloud.s3.list_objects_v2(Bucket=cloud.bucket).get("KeyCount") == 0  # nothing shipped either


@pytest.mark.parametrize("extra, message", [
    ((), "provider.max_cost is not set"),
    (("provider.max_cost=0.5", "provider.max_hours=2"), "worst case $0.80"),
    (("provider.max_cost=100", "provider.gpu_type='NVIDIA GeForce RTX 3070'"), "gives no price"),
])
def test_refused_before_anything_is_rented(cloud, extra, message):
    r = cloud.run(*extra)
    assert r.returncode != 0
    assert message in r.stderr
    assert cloud.calls("POST") == [] and cloud.standin.pods == {}
    assert cloud.s3.list_objects_v2(Bucket=cloud.bucket).get("KeyCount") == 0


def test_no_api_key_in_the_environment_is_refused(cloud):
    env = {k: v for k, v in cloud.env().items() if k != "RUNPOD_API_KEY"}
    r = subprocess.run(cloud.args("provider.max_cost=1"), env=env, cwd=cloud.tmp, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode != 0 and "RUNPOD_API_KEY is not set" in r.stderr
    assert cloud.standin.log == []  # not even the price was asked


# ------------------------------------------------------------------ success
def test_two_jobs_each_on_its_own_pod_outputs_back_and_costs_written(cloud):
    cloud.standin.terminate_5xx = 2  # the launcher's first DELETE answers 503 twice: retried until confirmed
    cloud.standin.drop_gets = 2  # and two status polls lose their connection
    # versions kept: the bundle is deleted after the job, and its contents are checked below all the same
    cloud.s3.put_bucket_versioning(Bucket=cloud.bucket, VersioningConfiguration={"Status": "Enabled"})
    r = cloud.run("provider.max_cost=1", "provider.max_cost_total=1", "seed=1,2")  # 2 x $0.40 worst case
    assert r.returncode == 0, r.stderr[-3000:]
    _no_pod_left(cloud)
    assert len(cloud.standin.pods) == 2

    for job in ("0", "1"):
        job_dir = cloud.sweep / job
        manifest = json.loads((job_dir / "manifest.json").read_text())
        assert manifest["status"] == "completed"
        assert (job_dir / "metrics.jsonl").is_file() and (job_dir / "eval_results.json").is_file()
        assert json.loads((job_dir / "pod" / "status.json").read_text()) == {"returncode": 0}
        assert "model=tiny" in (job_dir / "pod" / "run.sh").read_text()
    seeds = {json.loads((cloud.sweep / j / "manifest.json").read_text())["config"]["seed"] for j in ("0", "1")}
    assert seeds == {1, 2}

    costs = cloud.costs()
    assert [c["status"] for c in costs] == ["succeeded", "succeeded"]
    assert {c["pod_id"] for c in costs} == set(cloud.standin.pods)
    for c in costs:
        assert c["provider"] == "runpod" and c["gpu"] == "NVIDIA A40" and c["usd_per_hr"] == 0.4
        assert c["seconds"] > 0 and c["dollars"] == pytest.approx(c["seconds"] * 0.4 / 3600, abs=1e-5)

    # 503s were retried, dropped polls survived. (A pod also removes itself after its job; whether it or
    # the launcher's DELETE comes first is a race, so that line of defence has its own test below.)
    assert [c[2] for c in cloud.calls("DELETE")].count(503) == 2
    assert ("GET", f"/pods/{costs[0]['pod_id']}", 0) in cloud.standin.log or \
        ("GET", f"/pods/{costs[1]['pod_id']}", 0) in cloud.standin.log
    assert set(cloud.standin.self_removed) <= set(cloud.standin.pods)

    body = cloud.standin.bodies[0]
    assert body["gpuTypeIds"] == ["NVIDIA A40"] and body["networkVolumeId"] == cloud.bucket
    start = body["dockerStartCmd"][0]
    assert "timeout --kill-after=60 3600 " in start and 'runpodctl remove pod "$RUNPOD_POD_ID"' in start

    # The code bundle carries the resolved config, and is gone from the volume after the job (run.sh, holding
    # the overrides, too); the API key is written nowhere.
    left = [k["Key"] for k in cloud.s3.list_objects_v2(Bucket=cloud.bucket)["Contents"]]
    assert not [k for k in left if k.endswith(("bundle.tar.gz", "run.sh"))], left
    bundle = cloud.tmp / "bundle.tar.gz"
    version = next(v for v in cloud.s3.list_object_versions(Bucket=cloud.bucket)["Versions"]
                   if v["Key"].endswith("bundle.tar.gz"))
    cloud.s3.download_file(cloud.bucket, version["Key"], str(bundle), ExtraArgs={"VersionId": version["VersionId"]})
    with tarfile.open(bundle) as tar:
        names = tar.getnames()
        config = tar.extractfile(".loopwright_job/config.yaml").read().decode()
    assert "train.py" in names and "src/loopwright/train/job.py" in names and "conf/provider/runpod.yaml" in names
    assert "seed: 1" in config or "seed: 2" in config
    _assert_key_nowhere(cloud, r)


def _assert_key_nowhere(cloud: Cloud, r: subprocess.CompletedProcess) -> None:
    assert KEY not in r.stdout and KEY not in r.stderr
    assert KEY not in json.dumps(cloud.standin.bodies)
    for path in cloud.tmp.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            if path.suffix == ".gz":
                import gzip

                data = gzip.decompress(data)
            assert KEY.encode() not in data, f"API key written to {path}"
    for obj in cloud.s3.list_objects_v2(Bucket=cloud.bucket).get("Contents", []):
        assert KEY.encode() not in cloud.s3.get_object(Bucket=cloud.bucket, Key=obj["Key"])["Body"].read()


# ------------------------------------------------------------------- faults
def test_create_fails(cloud):
    cloud.standin.create_failures = 1
    r = cloud.run("provider.max_cost=1")
    assert r.returncode != 0 and "no longer any instances available" in r.stderr
    _no_pod_left(cloud)
    assert [(c["status"], c["pod_id"], c["dollars"]) for c in cloud.costs()] == [("create_failed", None, 0.0)]


def test_pod_never_becomes_ready(cloud):
    cloud.standin.never_ready = True
    r = cloud.run("provider.max_cost=1", "provider.ready_timeout_s=2")
    assert r.returncode != 0 and "did not start the job within provider.ready_timeout_s" in r.stderr
    _no_pod_left(cloud)
    (cost,) = cloud.costs()
    assert cost["status"] == "failed" and cost["pod_id"] in cloud.standin.pods and cost["seconds"] >= 2


def test_job_crashes_on_the_pod(cloud):
    # Passes local validation, then train.py aborts on the pod: tiny's rewards are all 0 (no signal).
    r = cloud.run("provider.max_cost=1", "guards.zero_signal_steps=1")
    assert r.returncode != 0 and "runpod job failed (exit 3)" in r.stderr
    _no_pod_left(cloud)
    assert "run aborted" in (cloud.sweep / "0" / "pod" / "pod.log").read_text()
    (cost,) = cloud.costs()
    assert cost["status"] == "failed" and cost["dollars"] > 0


def test_ctrl_c_while_polling(cloud):
    # The job must outlive the Ctrl-C: no zero-signal abort at step 20, which once passed for a missed Ctrl-C
    # (status 'failed'); and the Ctrl-C must reach the launcher however pytest was started.
    proc = subprocess.Popen(cloud.args("provider.max_cost=1", "profile.max_steps=1000",
                                       "guards.zero_signal_steps=null"),
                            env=cloud.env(), cwd=cloud.tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=ctrl_c_reaches_it)
    deadline = time.monotonic() + 120
    while not any((p.mount.rglob("started.json") and list(p.mount.rglob("started.json")))
                  for p in cloud.standin.pods.values()):
        assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
        time.sleep(0.2)
    time.sleep(1.0)  # the launcher is in its polling loop now
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode != 0
    _no_pod_left(cloud)
    (cost,) = cloud.costs()
    assert cost["status"] == "interrupted" and cost["pod_id"] in cloud.standin.pods
    assert "terminated" in out


def test_spot_pod_taken_back_is_reported_as_preempted_with_its_checkpoint(cloud):
    proc = subprocess.Popen(cloud.args("provider.max_cost=1", "profile.max_steps=1000",
                                       "guards.zero_signal_steps=null"),
                            env=cloud.env(), cwd=cloud.tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300

    def training_pod():
        for pod in cloud.standin.pods.values():
            if any(m.read_text().strip() for m in pod.mount.rglob("metrics.jsonl")):
                return pod
        return None

    while (pod := training_pod()) is None:
        assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
        time.sleep(0.2)
    cloud.standin.preempt(pod.id)  # SIGTERM to the container, as RunPod does to an interruptible pod
    out, err = proc.communicate(timeout=300)
    assert proc.returncode != 0
    assert "runpod job preempted (exit 7)" in err, err[-3000:]
    _no_pod_left(cloud)
    (cost,) = cloud.costs()
    assert cost["status"] == "preempted" and cost["pod_id"] == pod.id
    job_dir = cloud.sweep / "0"
    manifest = json.loads((job_dir / "manifest.json").read_text())
    assert manifest["status"] == "preempted" and "SIGTERM at step" in manifest["error"]
    step = manifest["global_step"]
    assert (job_dir / "checkpoints" / f"checkpoint-{step}" / "trainer_state.json").is_file()  # brought back


def test_launcher_raises_mid_run(cloud, monkeypatch):
    from hydra_plugins.loopwright_launchers.runpod._job import RunpodJob

    monkeypatch.setenv("RUNPOD_API_KEY", KEY)
    monkeypatch.setenv("RUNPOD_S3_ACCESS_KEY", S3_ID)
    monkeypatch.setenv("RUNPOD_S3_SECRET_KEY", S3_SECRET)
    cfg = compose(["provider=runpod", "model=tiny", "profile=smoke", "provider.max_cost=1",
                   f"provider.api_url={cloud.standin.url}", f"provider.graphql_url={cloud.standin.url}/graphql",
                   f"provider.volume_id={cloud.bucket}", f"provider.s3_endpoint={cloud.moto}",
                   "provider.setup_cmd=null", "provider.poll_s=0.2", "profile.max_steps=1000"])
    job_dir = cloud.tmp / "job"
    job_dir.mkdir()
    job = RunpodJob(cfg.provider, job_dir=job_dir, overrides=["model=tiny", "profile=smoke", "profile.max_steps=1000"],
                    code_root=ROOT, ledger_path=cloud.ledger, out=lambda _: None)
    real_get = None

    def get_pod_then_fail(pod_id):
        if any(p.proc is not None for p in cloud.standin.pods.values()):
            raise RuntimeError("launcher bug mid-run")
        return real_get(pod_id)

    job.client = job.make_client()
    real_get = job.client.get_pod
    monkeypatch.setattr(job.client, "get_pod", get_pod_then_fail)
    with pytest.raises(RuntimeError, match="launcher bug mid-run"):
        job.run()
    _no_pod_left(cloud)
    (cost,) = cloud.costs()
    assert cost["status"] == "failed" and cost["pod_id"] in cloud.standin.pods


def test_launcher_killed_pod_times_out_and_removes_itself(cloud):
    """Second line of defence: with the launcher gone (kill -9), the pod's own `timeout` and
    `runpodctl remove pod` end it. Nothing is left to write the ledger: the one gap, documented."""
    proc = subprocess.Popen(cloud.args("provider.max_cost=1", "provider.max_hours=0.0005", "profile.max_steps=1000"),
                            env=cloud.env(), cwd=cloud.tmp, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not any(p.proc is not None for p in cloud.standin.pods.values()):
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.05)
    proc.kill()
    proc.wait()
    while cloud.standin.running():
        assert time.monotonic() < deadline, "the pod did not remove itself"
        time.sleep(0.2)
    (pod_id,) = cloud.standin.pods
    assert cloud.standin.self_removed == [pod_id]
    status = next(cloud.standin.pods[pod_id].mount.rglob("status.json"))
    assert json.loads(status.read_text()) == {"returncode": 124}  # `timeout` after max_hours (1 s here)


def test_terminate_never_confirmed_is_loud_and_still_accounted(cloud, monkeypatch):
    import functools

    from hydra_plugins.loopwright_launchers.runpod._api import RunpodApiError
    from hydra_plugins.loopwright_launchers.runpod._job import RunpodJob

    monkeypatch.setenv("RUNPOD_API_KEY", KEY)
    monkeypatch.setenv("RUNPOD_S3_ACCESS_KEY", S3_ID)
    monkeypatch.setenv("RUNPOD_S3_SECRET_KEY", S3_SECRET)
    cloud.standin.never_ready = True
    cloud.standin.terminate_5xx = 10**6  # RunPod answers 503 to every DELETE
    cfg = compose(["provider=runpod", "provider.max_cost=1", f"provider.api_url={cloud.standin.url}",
                   f"provider.graphql_url={cloud.standin.url}/graphql", f"provider.volume_id={cloud.bucket}",
                   f"provider.s3_endpoint={cloud.moto}", "provider.poll_s=0.2", "provider.ready_timeout_s=0.5"])
    job_dir = cloud.tmp / "job"
    job_dir.mkdir()
    job = RunpodJob(cfg.provider, job_dir=job_dir, overrides=[], code_root=ROOT, ledger_path=cloud.ledger,
                    out=lambda _: None)
    job.client = job.make_client()
    monkeypatch.setattr(job.client, "terminate_pod", functools.partial(job.client.terminate_pod, deadline_s=2.0))
    with pytest.raises(RunpodApiError, match="not confirmed .* TERMINATE IT BY HAND"):
        job.run()
    (cost,) = cloud.costs()
    assert cost["status"] == "failed+terminate_unconfirmed" and cost["pod_id"] in cloud.standin.pods
    assert len(cloud.calls("DELETE")) >= 2  # it kept trying


# ------------------------------------------------------- pieces on their own
def test_pod_removes_itself_after_max_hours(tmp_path):
    """The start command alone: `timeout` ends the job, status 124 is written, runpodctl removes the pod."""
    from hydra_plugins.loopwright_launchers.runpod._pod_script import start_command

    job = tmp_path / "vol" / "loopwright" / "j"
    job.mkdir(parents=True)
    (job / "run.sh").write_text("sleep 60\n")
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "runpodctl").write_text(f"#!/bin/sh\necho \"$@\" >> {tmp_path}/runpodctl.calls\n")
    (bindir / "runpodctl").chmod(0o755)
    (bindir / "sleep").write_text("#!/bin/sh\n[ \"$1\" = infinity ] && exit 0\nexec /bin/sleep \"$@\"\n")
    (bindir / "sleep").chmod(0o755)
    env = dict(os.environ, PATH=f"{bindir}:{os.environ['PATH']}", RUNPOD_POD_ID="pod123",
               LOOPWRIGHT_VOLUME_ROOT=str(tmp_path / "vol"))
    t0 = time.monotonic()
    subprocess.run(["bash", "-c", start_command("loopwright/j", "/workspace", 1)], env=env, timeout=60, check=True)
    assert time.monotonic() - t0 < 30
    assert json.loads((job / "status.json").read_text()) == {"returncode": 124}
    assert (tmp_path / "runpodctl.calls").read_text().splitlines()[0] == "remove pod pod123"


def test_bundle_is_the_working_tree_with_uncommitted_changes(tmp_path):
    from hydra_plugins.loopwright_launchers.remote._bundle import code_files, write_bundle

    def git(*a):
        subprocess.run(["git", *a], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    (tmp_path / ".gitignore").write_text("outputs/\n")
    (tmp_path / "train.py").write_text("committed\n")
    (tmp_path / "gone.py").write_text("x\n")
    git("add", ".")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "init")
    (tmp_path / "train.py").write_text("edited, not committed\n")
    (tmp_path / "new.py").write_text("untracked\n")
    (tmp_path / "gone.py").unlink()
    (tmp_path / "outputs").mkdir()
    (tmp_path / "outputs" / "big.bin").write_text("ignored\n")
    assert code_files(tmp_path) == [".gitignore", "new.py", "train.py"]
    n = write_bundle(tmp_path, tmp_path / "b.tar.gz", {".loopwright_job/config.yaml": b"seed: 3\n"})
    with tarfile.open(tmp_path / "b.tar.gz") as tar:
        assert n == 4 and tar.extractfile("train.py").read() == b"edited, not committed\n"
        assert tar.extractfile(".loopwright_job/config.yaml").read() == b"seed: 3\n"


def test_secret_overrides_reach_the_pod_but_not_the_local_copy(tmp_path):
    from hydra_plugins.loopwright_launchers.runpod._job import RunpodJob

    class RecordingVolume:
        def __init__(self):
            self.objects = {}

        def upload_file(self, local, key):
            self.objects[key] = Path(local).read_bytes()

        def put_bytes(self, key, data):
            self.objects[key] = data

    job = RunpodJob(compose(["provider=runpod"]).provider, job_dir=tmp_path, code_root=ROOT,
                    overrides=["seed=3", "+logger.hf_token=hf_abc123"], ledger_path=tmp_path / "c.jsonl",
                    out=lambda _: None)
    job.volume = RecordingVolume()
    job.ship()
    shipped = job.volume.objects[f"{job.job_rel}/run.sh"].decode()
    assert "+logger.hf_token=hf_abc123" in shipped and "seed=3" in shipped  # the pod needs it to run the job
    local = (tmp_path / "pod" / "run.sh").read_text()
    assert "hf_abc123" not in local and "+logger.hf_token=***REDACTED***" in local and "seed=3" in local
