"""Secrets on the command line of a sweep must not stay in any file the run writes, even when it stops early.

One real ``python -m loopwright.train -m`` whose single job fails validation (cheap: no torch): Hydra has
already written ``multirun.yaml`` in the sweep dir and ``.hydra/*`` in the job dir, with the overrides as
given. Secret-named keys (including names such as ``github_pat``, ``hf_auth``, ``api_key_2``) and the values
of secret-looking environment variables, wherever they appear, must be gone from every file left behind.
The job dir holds a file of its own, so a failed validation keeps it (and its ``.hydra/``) on disk.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys

from helpers import ROOT


def test_a_sweep_that_fails_validation_leaves_no_secret_in_multirun_yaml_or_hydra_files(tmp_path):
    named = {key: f"{key}-{secrets.token_hex(8)}" for key in ("hf_token", "github_pat", "hf_auth", "api_key_2")}
    env_value = "ghp_" + secrets.token_hex(12)  # the value of $GITHUB_PAT, put into free-text and path fields
    sweep = tmp_path / "sweep"
    (sweep / "0").mkdir(parents=True)
    (sweep / "0" / "keep.txt").write_text("the user's own file: the job dir is not removed\n")
    args = ["-m", f"hydra.sweep.dir={sweep}", "model=tiny", "profile.num_generations=1",
            *(f"+extra.{k}={v}" for k, v in named.items()), f"notes={env_value}",
            f"eval.prompts={tmp_path}/missing-{env_value}.jsonl"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "HF_HUB_OFFLINE": "1", "WANDB_MODE": "disabled",
           "GITHUB_PAT": env_value}
    proc = subprocess.run([sys.executable, "-m", "loopwright.train", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert proc.returncode != 0 and "profile.num_generations=1 must be >= 2" in proc.stderr + proc.stdout, \
        proc.stderr[-2000:]
    written = {p: p.read_text(errors="replace") for p in sweep.rglob("*") if p.is_file()}
    assert sweep / "multirun.yaml" in written and sweep / "0" / ".hydra" / "overrides.yaml" in written, \
        sorted(map(str, written))
    leaks = {str(p.relative_to(sweep)): [n for n, v in [*named.items(), ("$GITHUB_PAT", env_value)] if v in text]
             for p, text in written.items()}
    assert {p: n for p, n in leaks.items() if n} == {}
    assert "+extra.github_pat=***REDACTED***" in written[sweep / "multirun.yaml"]
    assert "notes=***REDACTED***" in written[sweep / "0" / ".hydra" / "overrides.yaml"]
