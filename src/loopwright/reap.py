"""``python -m loopwright.reap``: remove loopwright RunPod pods or SkyPilot clusters that no ledger line closed.

A launcher that was SIGKILLed (or whose machine died) leaves its pod billing until the pod's own
``timeout`` ends it. The ledger names every pod before it is created; this command lists the live
``loopwright-*`` pods of the account (RUNPOD_API_KEY) and removes those whose launcher is gone
(rules: loopwright.cloud.reaper). ``--dry-run`` lists them and removes nothing. The runpod launcher
runs the same check before each rent. ``--provider skypilot`` does the same for SkyPilot's ``loopwright-*``
clusters and managed jobs (SkyPilot's own credentials; its client must be installed).
"""

from __future__ import annotations

import argparse
import os
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m loopwright.reap", description=__doc__.splitlines()[0])
    parser.add_argument("--provider", choices=("runpod", "skypilot"), default="runpod",
                        help="whose loopwright-* machines to judge: RunPod pods or SkyPilot clusters / managed jobs")
    parser.add_argument("--ledger", default="outputs/costs.jsonl", help="the cost ledger (provider.ledger)")
    parser.add_argument("--api-url", default="https://rest.runpod.io/v1", help="RunPod REST API (provider.api_url)")
    parser.add_argument("--dry-run", action="store_true", help="list what would be removed; remove nothing")
    parser.add_argument("--unknown", action="store_true",
                        help="also remove loopwright-* pods no line of this ledger names (another machine's!)")
    args = parser.parse_args(argv)
    if args.provider == "skypilot":
        return _reap_skypilot(args)
    key = os.environ.get("RUNPOD_API_KEY", "")
    if not key:
        print("reap: RUNPOD_API_KEY is not set (the key is read from that environment variable only)",
              file=sys.stderr)
        return 2
    from pathlib import Path

    from loopwright.cloud.reaper import reap
    from loopwright.cloud.runpod_api import RunpodApiError, RunpodClient

    try:
        strays = reap(RunpodClient(args.api_url, "", key), Path(args.ledger), dry_run=args.dry_run,
                      include_unknown=args.unknown)
    except RunpodApiError as err:
        print(f"reap: {err}", file=sys.stderr)
        return 1
    verb = "would remove" if args.dry_run else "removed"
    print(f"reap: {verb} {len(strays)} pod(s)")
    return 0


def _reap_skypilot(args: argparse.Namespace) -> int:
    from pathlib import Path

    from loopwright.cloud.reaper import reap
    from loopwright.cloud.skypilot_api import SkyClient, SkyMissing

    try:
        strays = reap(SkyClient(), Path(args.ledger), dry_run=args.dry_run, include_unknown=args.unknown)
    except SkyMissing as err:
        print(f"reap: {err}", file=sys.stderr)
        return 2
    except Exception as err:  # noqa: BLE001  SkyPilot's errors (API server down, a down that failed): said, exit 1
        print(f"reap: SkyPilot: {type(err).__name__}: {err}", file=sys.stderr)
        return 1
    print(f"reap: {'would remove' if args.dry_run else 'removed'} {len(strays)} SkyPilot cluster(s) / managed job(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
