"""bench/peer_trl_defaults.py: TRL's GRPOConfig() defaults on a finished run's task, graded like loopwright's runs."""

from __future__ import annotations

import json
import subprocess
import sys

from helpers import ROOT, run_train


def test_the_peer_row_trains_with_trls_defaults_for_the_wall_time_and_is_graded(tmp_path):
    run_dir = tmp_path / "run"
    proc = run_train(["model=tiny", "profile=smoke", f"hydra.run.dir={run_dir}"])
    assert proc.returncode == 0, proc.stderr[-2000:]
    peer = subprocess.run([sys.executable, str(ROOT / "bench" / "peer_trl_defaults.py"), str(run_dir),
                           "--seconds", "0.1"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert peer.returncode == 0, peer.stderr[-3000:]
    row = json.loads(peer.stdout.strip().splitlines()[-1])
    assert row["peer_steps"] == 1  # the wall-clock budget stops TRL after its first step
    assert row["peer_defaults"]["max_completion_length"] == 512  # TRL's default, not the profile's 8
    assert 0.0 <= row["peer_accuracy"] <= 1.0 and row["base_accuracy"] == 0.0
