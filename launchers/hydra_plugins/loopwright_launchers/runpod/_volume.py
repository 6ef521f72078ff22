"""A RunPod network volume through its S3-compatible API (boto3, imported lazily).

The bucket is the network volume id; an object key is a path below the volume's
mount point in the pod (``provider.volume_mount_path``, /workspace by default). So
the launcher uploads ``loopwright/<job>/bundle.tar.gz`` here and the pod reads
``/workspace/loopwright/<job>/bundle.tar.gz`` from its own file system; the pod
writes its run dir there and the launcher downloads it, whether or not the pod is
still alive.

Credentials: RUNPOD_S3_ACCESS_KEY / RUNPOD_S3_SECRET_KEY (the S3 API key made in
RunPod's console), else boto3's usual chain (AWS_ACCESS_KEY_ID, ~/.aws, ...).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Optional


class Volume:
    def __init__(self, bucket: str, endpoint: str, region: Optional[str]):
        import boto3
        from botocore.config import Config

        kwargs: dict[str, Any] = {}
        if os.environ.get("RUNPOD_S3_ACCESS_KEY") and os.environ.get("RUNPOD_S3_SECRET_KEY"):
            kwargs = {"aws_access_key_id": os.environ["RUNPOD_S3_ACCESS_KEY"],
                      "aws_secret_access_key": os.environ["RUNPOD_S3_SECRET_KEY"]}
        self.bucket = bucket
        self.s3 = boto3.client("s3", endpoint_url=endpoint, region_name=region or "us-east-1",
                               config=Config(retries={"max_attempts": 8, "mode": "standard"},
                                             s3={"addressing_style": "path"}), **kwargs)

    def upload_file(self, local: Path, key: str) -> None:
        self.s3.upload_file(str(local), self.bucket, key)

    def put_bytes(self, key: str, data: bytes) -> None:
        self.s3.put_object(Bucket=self.bucket, Key=key, Body=data)

    def read_json(self, key: str) -> Optional[dict[str, Any]]:
        """The object parsed as JSON, or None while it does not exist (yet)."""
        from botocore.exceptions import ClientError

        try:
            body = self.s3.get_object(Bucket=self.bucket, Key=key)["Body"].read()
        except ClientError as err:
            if err.response.get("Error", {}).get("Code") in ("NoSuchKey", "404", "NotFound"):
                return None
            raise
        try:
            return json.loads(body)
        except ValueError:
            return None  # written half-way; the next poll sees it whole

    def delete(self, keys: list[str]) -> None:
        """Remove these objects (absent ones are no error)."""
        for key in keys:
            self.s3.delete_object(Bucket=self.bucket, Key=key)

    def keys(self, prefix: str) -> list[str]:
        out: list[str] = []
        for page in self.s3.get_paginator("list_objects_v2").paginate(Bucket=self.bucket, Prefix=prefix):
            out.extend(obj["Key"] for obj in page.get("Contents", []))
        return out

    def download_prefix(self, prefix: str, dest: Path, skip: tuple[str, ...] = ()) -> list[Path]:
        """Copy every object under ``prefix`` into ``dest`` (same relative paths); return the files."""
        prefix = prefix.rstrip("/") + "/"
        written = []
        for key in self.keys(prefix):
            rel = key[len(prefix):]
            if not rel or rel.endswith("/") or any(rel == s or rel.startswith(s.rstrip("/") + "/") for s in skip):
                continue
            target = (dest / rel).resolve()
            if dest.resolve() not in target.parents:
                continue  # a key like ../x would escape the job dir
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(f".{target.name}.part")
            self.s3.download_file(self.bucket, key, str(tmp))
            os.replace(tmp, target)
            written.append(target)
        return written
