"""The RunPod stand-in and a moto network volume, driven through the real ``python train.py -m provider=runpod``:
what the security tests of the launcher's money play against (tests/security/test_money_*.py)."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

from helpers import ROOT, free_port
from helpers.runpod_standin import RunpodStandin

KEY = "rpa_LWSEC_" + secrets.token_hex(16)
S3_ID, S3_SECRET = "user_standin", "rps_standin_" + secrets.token_hex(8)


def moto_server():
    """A started moto S3 server on loopback and its URL (the caller stops it)."""
    from moto.server import ThreadedMotoServer

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    return server, f"http://127.0.0.1:{port}"


class Cloud:
    def __init__(self, tmp: Path, moto: str):
        import boto3

        self.tmp, self.moto = tmp, moto
        self.bucket = "vol" + secrets.token_hex(4)
        boto3.client("s3", endpoint_url=moto, region_name="us-east-1", aws_access_key_id=S3_ID,
                     aws_secret_access_key=S3_SECRET).create_bucket(Bucket=self.bucket)
        self.standin = RunpodStandin(KEY, moto, tmp / "standin").start()
        self.ledger = tmp / "costs.jsonl"

    def env(self) -> dict[str, str]:
        return dict(os.environ, RUNPOD_API_KEY=KEY, RUNPOD_S3_ACCESS_KEY=S3_ID, RUNPOD_S3_SECRET_KEY=S3_SECRET)

    def launch(self, *extra: str) -> subprocess.Popen:
        url = self.standin.url
        args = [sys.executable, str(ROOT / "train.py"), "-m", "provider=runpod", "model=tiny", "profile=smoke",
                f"provider.api_url={url}", f"provider.graphql_url={url}/graphql", f"provider.volume_id={self.bucket}",
                f"provider.s3_endpoint={self.moto}", "provider.s3_region=EU-RO-1", "provider.setup_cmd=null",
                "provider.poll_s=0.3", "provider.max_cost=1", f"provider.ledger={self.ledger}",
                f"hydra.sweep.dir={self.tmp / 'sweep'}", *extra]
        return subprocess.Popen(args, env=self.env(), cwd=self.tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)

    def reap(self, *extra: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "loopwright.reap", "--ledger", str(self.ledger),
                               "--api-url", self.standin.url, *extra], env=self.env(), cwd=self.tmp,
                              capture_output=True, text=True, timeout=120)

    def ledger_rows(self) -> list[dict]:
        if not self.ledger.is_file():
            return []
        return [json.loads(line) for line in self.ledger.read_text().splitlines() if line.strip()]
