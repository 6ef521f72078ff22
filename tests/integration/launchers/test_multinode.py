"""provider.nodes=2: two "nodes" as two torchrun process groups on this machine (gloo, CPU), and the sbatch script."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT, free_port, load_script, run_train
from loopwright.train import multinode

SLURM_TESTS = load_script(Path(__file__).with_name("test_launcher_slurm.py"), "slurm_tests_for_multinode")


@pytest.mark.parametrize("nodelist, host", [("node1", "node1"), ("gpu[03-05,07]", "gpu03"), ("a[7],b[1-2]", "a7"),
                                            ("127.0.0.1", "127.0.0.1"), ("cn-[010-011]", "cn-010")])
def test_first_host_of_a_slurm_node_list(nodelist: str, host: str) -> None:
    assert multinode.first_host(nodelist) == host


def test_rendezvous_from_slurms_environment() -> None:
    env = {"SLURM_JOB_NODELIST": "gpu[03-04]", "SLURM_NODEID": "1", "SLURM_NNODES": "2", "SLURM_JOB_ID": "4242"}
    assert multinode.rendezvous(2, env) == {"nnodes": "2", "node_rank": "1", "master_addr": "gpu03",
                                            "master_port": "29742"}
    with pytest.raises(RuntimeError, match="SLURM_NODEID"):
        multinode.rendezvous(2, {})


def test_two_nodes_train_one_job_and_rank_zero_alone_writes_the_record(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    port = str(free_port())
    procs, consoles = [], [tmp_path / f"node{node}.out" for node in (0, 1)]
    for node in (0, 1):  # what srun starts on each node of a 2-node allocation
        # Both "nodes" are this host: their gloo ranks meet on loopback (a real cluster names its interface).
        env = {**os.environ, "LOOPWRIGHT_IN_LAUNCHER": "1", "SLURM_NNODES": "2", "SLURM_NODEID": str(node),
               "SLURM_JOB_NODELIST": "127.0.0.1", "MASTER_PORT": port, "OMP_NUM_THREADS": "1",
               "GLOO_SOCKET_IFNAME": "lo"}
        with consoles[node].open("w") as console:  # files, not pipes: a node never blocks on an unread pipe
            procs.append(subprocess.Popen(
                [sys.executable, str(ROOT / "train.py"), "provider=slurm", "provider.nodes=2",
                 "provider.gpus_per_node=0", "model=tiny", "profile=smoke", "save_model=false",
                 f"hydra.run.dir={run_dir}"],
                cwd=ROOT, env=env, stdout=console, stderr=subprocess.STDOUT, start_new_session=True))
    try:
        for p in procs:  # ~11 s here; a hang is cut at 5 minutes
            p.wait(timeout=300)
    finally:
        for p in procs:
            if p.poll() is None:  # a hung node and its ranks go, so later tests do not share the cores with them
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
    outs = [c.read_text() for c in consoles]
    rank_logs = "".join(f"--- {p}\n{p.read_text()[-3000:]}\n" for p in sorted((run_dir / "ranks").rglob("*.log")))
    assert [p.returncode for p in procs] == [0, 0], "\n\n".join(o[-3000:] for o in outs) + rank_logs
    assert "node 0 of 2" in outs[0] and "node 1 of 2" in outs[1]
    logs = {node: "".join(p.read_text() for p in (run_dir / "ranks" / f"node{node}").rglob("stdout.log"))
            for node in (0, 1)}
    assert "[rank 0/2]" in logs[0] and "[rank 1/2]" in logs[1]  # each rank's lines say which rank wrote them
    assert "evaluating" in logs[0] and "evaluating" not in logs[1]  # rank 0 alone evaluates
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["status"] == "completed" and manifest["config"]["provider"]["nodes"] == 2
    rows = [json.loads(r) for r in (run_dir / "metrics.jsonl").read_text().splitlines()]
    assert [r["step"] for r in rows] == [1, 2]  # one row per step: rank 0's
    assert json.loads((run_dir / "eval_results.json").read_text())["summary"]


def test_sbatch_script_for_two_nodes_sets_the_rendezvous(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PATH", f"{SLURM_TESTS._fake_slurm_bin(tmp_path)}{os.pathsep}{os.environ['PATH']}")
    proc = run_train(["-m", "provider=slurm", "provider.nodes=2", "provider.gpus_per_node=4", "model=tiny",
                      "profile=smoke", f"hydra.sweep.dir={tmp_path / 'sweep'}"], timeout=300)
    assert proc.returncode != 0 and "no cluster here" in proc.stderr + proc.stdout
    script = (tmp_path / "submitted.sbatch").read_text()
    for line in ("#SBATCH --nodes=2", "#SBATCH --ntasks-per-node=1", "#SBATCH --gpus-per-node=4",
                 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)',
                 "export MASTER_PORT=$((29500 + SLURM_JOB_ID % 1000))"):
        assert line in script, script
    assert script.index("export MASTER_ADDR") < script.index("srun")  # set before the tasks start
