"""provider=skypilot: the task as SkyPilot parses it, the plan and its ceilings, and a real job through a local
stand-in of SkyPilot's SDK (tests/helpers/sky_standin.py: clusters are processes on this machine, its state a
directory, ``ssh <cluster>`` a stand-in on PATH). No credentials, no network.

The tests that parse with SkyPilot itself (its Task schema, its catalog) need ``skypilot==0.14.1``, which is not
in the ``dev`` extra (it pins click<8.2, which moves huggingface-hub and transformers back): they skip without it;
the stand-in tests run either way (the stand-in then keeps the task as given, unparsed).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from helpers import ROOT, compose

NO_SKY = "skypilot is not installed: pip install -e '.[skypilot]' (skypilot==0.14.1; not in dev, see the module doc)"
try:
    import sky  # noqa: F401

    HAVE_SKY = True
except ImportError:
    HAVE_SKY = False
needs_sky = pytest.mark.skipif(not HAVE_SKY, reason=NO_SKY)

A100_ROW = ("p4d.24xlarge,A100,1,96,1152,\"{'Gpus': [{'Name': 'A100', 'Manufacturer': 'NVIDIA', 'Count': 1, "
            "'MemoryInfo': {'SizeInMiB': 40960}}], 'TotalGpuMemoryInMiB': 40960}\",PRICE,x86_64")


def catalog_home(tmp_path: Path) -> Path:
    """A home whose SkyPilot catalog (aws, two regions) is already on disk: SkyPilot's own catalog code prices
    from it and fetches nothing (a hand-placed catalog is never refreshed)."""
    home = tmp_path / "home"
    aws = home / ".sky" / "catalogs" / "v8" / "aws"
    aws.mkdir(parents=True)
    (aws / "vms.csv").write_text("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,"
                                 "SpotPrice,Region,AvailabilityZone,Arch\n"
                                 + A100_ROW.replace("PRICE", "3.0,1.0,us-east-1,use1-az1") + "\n"
                                 + A100_ROW.replace("PRICE", "4.0,1.5,eu-west-1,euw1-az1") + "\n")
    return home


def _provider(*overrides: str):
    return compose(["provider=skypilot", *overrides]).provider


def _run_script(tmp_path: Path, script: str, env: dict[str, str]) -> list[list[str]]:
    """Run a task's ``run`` under bash with a ``python`` that records its argv (one JSON line per call)."""
    fake = tmp_path / "bin"
    fake.mkdir(exist_ok=True)
    calls = tmp_path / "calls.jsonl"
    (fake / "python").write_text(f"#!{sys.executable}\nimport json, sys\n"
                                 f"open({str(calls)!r}, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n")
    (fake / "python").chmod(0o755)
    subprocess.run(["bash", "-c", script], cwd=tmp_path, check=True,
                   env={"PATH": f"{fake}:/usr/bin:/bin", "HOME": str(tmp_path), **env})
    return [json.loads(line) for line in calls.read_text().splitlines()]


# ------------------------------------------------------------------ the task
def test_an_override_is_data_never_shell(tmp_path):
    """Attack: overrides reach a shell on the node. Each must arrive as one argv word, nothing executed."""
    from hydra_plugins.loopwright_launchers.skypilot._task import run_script

    evil = ["notes=$(touch pwned1)", "run_name=`touch pwned2`", "tags=[a;touch pwned3]", "notes='x'\"; touch pwned4"]
    (argv,) = _run_script(tmp_path, run_script(_provider(), "loopwright-0-abc", evil), {})
    assert not list(tmp_path.glob("pwned*")), "an override ran as shell on the node"
    assert argv[0] == "train.py" and argv[1:5] == evil and argv[5] == "provider=local"
    assert argv[6] == f"hydra.run.dir={tmp_path}/loopwright-out/loopwright-0-abc"


def test_multi_node_runs_torchrun_from_skypilots_environment(tmp_path):
    from hydra_plugins.loopwright_launchers.skypilot._task import run_script

    script = run_script(_provider("provider.num_nodes=2"), "loopwright-0-abc", ["seed=3"])
    env = {"SKYPILOT_NUM_NODES": "2", "SKYPILOT_NODE_RANK": "1", "SKYPILOT_NODE_IPS": "10.0.0.7\n10.0.0.8",
           "SKYPILOT_NUM_GPUS_PER_NODE": "8"}
    (argv,) = _run_script(tmp_path, script, env)
    assert argv[:8] == ["-m", "torch.distributed.run", "--nnodes=2", "--node_rank=1", "--nproc_per_node=8",
                        "--master_addr=10.0.0.7", "--master_port=29500",
                        f"--log_dir={tmp_path}/loopwright-out/loopwright-0-abc/ranks/node1"]
    assert argv[9:12] == ["-m", "loopwright.train", "seed=3"]
    assert not (tmp_path / "loopwright-out" / "loopwright-0-abc" / "status.json").exists()  # rank 0 writes it


@needs_sky
def test_resources_from_the_profile_as_skypilot_parses_them():
    import sky

    from hydra_plugins.loopwright_launchers.skypilot._task import task_config

    p = _provider("provider.gpu_type=H100", "provider.gpu_count=8", "provider.num_nodes=2",
                  "provider.infra=[aws,gcp/us-central1,k8s/my-context]", "provider.use_spot=true",
                  "provider.bucket=s3://lw-bucket/runs", "provider.disk_size=500", "+provider.env.WANDB_MODE=offline")
    config = task_config(p, name="loopwright-0-abc", workdir=str(ROOT), overrides=["seed=1"])
    task = sky.Task.from_yaml_config(config)
    back = task.to_yaml_config()
    assert back["num_nodes"] == 2 and task.envs == {"WANDB_MODE": "offline"}
    assert {r.accelerators["H100"] for r in task.resources} == {8}
    assert {r.infra.to_str() for r in task.resources} == {"aws", "gcp/us-central1", "kubernetes/my-context"}
    assert all(r.use_spot and r.disk_size == 500 for r in task.resources)
    assert back["file_mounts"]["/outputs"]["source"] == "s3://lw-bucket/runs"  # a managed job's run dir
    assert "resume=auto" in task.run and "max_restarts_on_errors" in json.dumps(back["resources"])


@needs_sky
def test_plan_only_sweep_prints_three_parsed_tasks_and_the_worst_case(tmp_path):
    """The issue's goal: three tasks SkyPilot parses back, a sweep-wide worst case, nothing rented, < 10 s."""
    import sky

    home = catalog_home(tmp_path)
    cmd = [sys.executable, str(ROOT / "train.py"), "-m", "provider=skypilot", "provider.plan_only=true",
           "seed=1,2,3", "provider.infra=[aws]", f"hydra.sweep.dir={tmp_path / 'sweep'}",
           f"provider.ledger={tmp_path / 'costs.jsonl'}"]
    t0 = time.monotonic()
    out = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "HOME": str(home)})
    seconds = time.monotonic() - t0
    assert out.returncode == 0, out.stderr[-3000:]
    print(f"\n[skypilot plan_only] 3 jobs in {seconds:.1f} s")
    tasks = sorted((tmp_path / "sweep").glob("*/task.yaml"))
    assert len(tasks) == 3
    for seed, path in zip((1, 2, 3), tasks):
        task = sky.Task.from_yaml_config(yaml.safe_load(path.read_text()))  # parsed back by SkyPilot
        assert f"seed={seed} provider=local" in task.run and task.num_nodes == 1
        assert {r.accelerators["A100"] for r in task.resources} == {1}
    assert out.stdout.count("skypilot task loopwright-") == 3
    # the dearest offer ($4/hr, eu-west-1) x (30 min setup + 1 h + 5 min autodown) = $6.33 a job
    assert "$4.0000/hr" in out.stdout and "the cheapest is $3.0000/hr" in out.stdout
    assert "skypilot sweep: 3 job(s), worst case $19.00 in all" in out.stdout
    assert not (tmp_path / "costs.jsonl").exists()  # nothing opened, nothing rented


def test_kubernetes_only_is_free_unless_priced():
    from hydra_plugins.loopwright_launchers.skypilot._job import SkypilotJob

    job = SkypilotJob(_provider("provider.infra=[k8s/lab]"), job_dir=Path("/tmp/x"), overrides=[], code_root=ROOT,
                      ledger_path=Path("/tmp/x/costs.jsonl"), out=lambda _: None)
    plan = job.plan()
    assert plan.usd_per_hr == 0.0 and job.free(plan)
    priced = SkypilotJob(_provider("provider.infra=[k8s/lab]", "provider.usd_per_hr=2", "provider.max_cost=1"),
                         job_dir=Path("/tmp/x"), overrides=[], code_root=ROOT, ledger_path=Path("/tmp/x/c.jsonl"),
                         out=lambda _: None)
    from loopwright.train.cost_plan import PlanRefused

    with pytest.raises(PlanRefused, match="exceeds provider.max_cost"):
        priced.check(priced.plan())


@pytest.mark.parametrize("override, key", [
    ("provider.num_nodes=0", "provider.num_nodes=0 must be > 0"),
    ("provider.idle_minutes=-1", "provider.idle_minutes=-1"),
    ("provider.infra=['aws; rm -rf ~']", "provider.infra[0]="),
    ("provider.bucket='/home/me'", "provider.bucket='/home/me' is not a bucket URL"),
    ("provider.use_spot=true", "provider.bucket is not set"),
])
def test_bad_skypilot_values_are_refused_naming_the_key(override, key):
    from helpers import config_error

    assert key in config_error(["provider=skypilot", override])


def test_a_hostile_run_dir_stream_writes_nothing_outside_the_job_dir(tmp_path, monkeypatch):
    """Attack: the tar stream comes from the cluster (a node that was compromised sends what it likes): a member
    climbing out of the job dir, and a link to a file outside it followed by a write through the link."""
    import io
    import tarfile

    from loopwright.cloud.skypilot_api import SkyClient

    crafted = tmp_path / "crafted.tar"
    with tarfile.open(crafted, "w") as tar:
        for name, data in (("../escaped.txt", b"out"), ("ok.txt", b"in")):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        link = tarfile.TarInfo("victim")
        link.type, link.linkname = tarfile.SYMTYPE, str(tmp_path / "outside.txt")
        tar.addfile(link)
        info = tarfile.TarInfo("victim")
        info.size = 6
        tar.addfile(info, io.BytesIO(b"pwned!"))
    (tmp_path / "outside.txt").write_text("original")
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "ssh").write_text(f"#!/bin/sh\ncat {crafted}\n")
    (fake / "ssh").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}:{os.environ['PATH']}")
    job = tmp_path / "sweep" / "0"
    with pytest.raises(Exception):
        SkyClient(sky=object()).download("loopwright-0-abc", "loopwright-out/loopwright-0-abc", job)
    assert not (tmp_path / "sweep" / "escaped.txt").exists()
    assert (tmp_path / "outside.txt").read_text() == "original"
