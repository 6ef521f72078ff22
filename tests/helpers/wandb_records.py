"""Read what an offline W&B run wrote: the records of ``run-<id>.wandb``.

wandb >= 0.2x writes its transaction log from a Go core and ships no Python reader,
so this parses the format directly: a 7-byte header (``:W&B``, magic, version), then
LevelDB-style log blocks of 32 KiB holding chunks (crc32c u32, length u16, type u8:
1 full, 2 first, 3 middle, 4 last), each record a ``wandb_internal_pb2.Record``.
"""

from __future__ import annotations

import json
import struct
from collections import defaultdict
from pathlib import Path

_BLOCK = 32768
_HEADER = 7


def records(path: Path) -> list:
    from wandb.proto import wandb_internal_pb2 as pb

    data = path.read_bytes()
    assert data[:4] == b":W&B", f"{path} is not a W&B transaction log"
    out, pending, pos = [], b"", _HEADER
    while pos + _HEADER <= len(data):
        if _BLOCK - pos % _BLOCK < _HEADER:  # block trailer too small for a chunk header
            pos += _BLOCK - pos % _BLOCK
            continue
        _crc, length, kind = struct.unpack("<IHB", data[pos:pos + _HEADER])
        pos += _HEADER
        chunk, pos = data[pos:pos + length], pos + length
        if kind == 0 and length == 0:  # zero padding up to the end of the block
            pos += (_BLOCK - pos % _BLOCK) % _BLOCK
            continue
        if kind == 1:
            out.append(chunk)
        elif kind == 2:
            pending = chunk
        elif kind == 3:
            pending += chunk
        elif kind == 4:
            out.append(pending + chunk)
    parsed = []
    for raw in out:
        record = pb.Record()
        record.ParseFromString(raw)
        parsed.append(record)
    return parsed


class OfflineRun:
    """The parts of an offline run the tests look at."""

    def __init__(self, run_dir: Path):
        (self.path,) = sorted(run_dir.glob("run-*.wandb"))
        self.dir = run_dir
        self.by_kind = defaultdict(list)
        for record in records(self.path):
            kind = record.WhichOneof("record_type")
            self.by_kind[kind].append(getattr(record, kind))
        run = self.by_kind["run"][0]
        self.id, self.project, self.group, self.name = run.run_id, run.project, run.run_group, run.display_name
        self.job_type = run.job_type
        self.tags = list(run.tags)
        self.config = {item.key: json.loads(item.value_json) for item in run.config.update}
        for extra in self.by_kind["config"]:  # later config.update() calls (TRL adds its args)
            self.config.update({item.key: json.loads(item.value_json) for item in extra.update})

    @property
    def history(self) -> list[dict]:
        rows = []
        for item in self.by_kind["history"]:
            rows.append({"/".join(i.nested_key) or i.key: json.loads(i.value_json) for i in item.item})
        return rows

    @property
    def metric_definitions(self) -> list[tuple[str, str]]:
        return [(m.name or m.glob_name, m.step_metric) for m in self.by_kind["metric"]]

    @property
    def artifacts(self) -> list[tuple[str, str]]:
        return [(a.type, a.name) for a in self.by_kind["artifact"]]

    @property
    def exit_codes(self) -> list[int]:
        return [e.exit_code for e in self.by_kind["exit"]]


def offline_runs(run_dir: Path) -> list[OfflineRun]:
    return [OfflineRun(p) for p in sorted((run_dir / "wandb").glob("offline-run-*"))]
