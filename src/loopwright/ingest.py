"""``python -m loopwright.ingest format=openai input=logs.jsonl output=transcripts/``

Conversation logs -> ``<output>/transcripts.jsonl`` + ``<output>/ingest_report.json``
(src/loopwright/ingestion/store.py has the rules). Exit 0 when something valid was
ingested, 1 when nothing valid remains (or ``strict=true`` and a record is
malformed), 2 for an unusable argument. Imports no torch.
"""

from __future__ import annotations

import sys
from pathlib import Path

from omegaconf import DictConfig, ListConfig

from loopwright.config.app_entry import hydra_app
from loopwright.ingestion.store import IngestInputError, describe, expand_inputs, ingest


def inputs_of(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, (list, tuple, ListConfig)) else [str(value)]


def run(cfg: DictConfig) -> int:
    inputs = inputs_of(cfg.input)
    try:
        files = expand_inputs(inputs)
        report, code = ingest(inputs, str(cfg.format), cfg.output, bool(cfg.strict))
    except IngestInputError as err:
        print(f"loopwright.ingest: {err}", file=sys.stderr)
        return 2
    for damaged in report["transcripts"].get("damaged", []):
        print(f"loopwright.ingest: {damaged['at']}: {damaged['reason']}; skipped (the transcript store's line is "
              f"dropped; its conversation comes back when its raw file is ingested again)", file=sys.stderr)
    for line in describe(report, files):
        print(line, file=sys.stdout if code == 0 and not line.startswith("  ") else sys.stderr)
    out = Path(str(cfg.output)).expanduser().resolve()
    print(f"{report['transcripts']['conversations']} conversations in {out / 'transcripts.jsonl'}; "
          f"report: {out / 'ingest_report.json'}")
    return code


main = hydra_app("ingest", run)


if __name__ == "__main__":
    main()
