"""The support recipe's held-out checks on a finished run (docs/LOOP.md, "The support agent").

    python bench/support_agent_check.py outputs/support_agent/sft          # grounding of base and trained replies
    python bench/support_agent_check.py RUN --labels bench/results/support_agent/blind_labels.jsonl \
        --key bench/results/support_agent/blind_key.json                   # the blind labels' keep rate per side

Grounding: every specific of each held-out reply (loopwright.grounding) against the scenario's record and the
conversation: supported, contradicted, unsupported (invented), per side. Blind labels: the key says which side
wrote each labelled item; the labeller never saw it.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from loopwright.grounding import ground  # noqa: E402
from loopwright.runs.reader import read_eval_results, read_json, read_jsonl  # noqa: E402


def grounding(run: Path) -> dict:
    results, rows = read_eval_results(run), read_jsonl(run / "data" / "held_out.jsonl")
    out = {}
    for side in ("base", "trained"):
        counts, replies = collections.Counter(), 0
        for record, row in zip(results["records"], rows):
            facts = json.loads(row["facts_json"]) if row.get("facts_json") else None
            facts = {k: v for k, v in (facts or {}).items() if k not in ("must_state", "kind")} or None
            g = ground(record[f"{side}_completion"], facts, row["prompt"])
            counts.update(g.counts())
            replies += bool(g.contradicted or g.unsupported)
        total = sum(counts.values())
        out[side] = {**counts, "supported_share": round(counts["supported"] / total, 3) if total else None,
                     "replies_with_an_ungrounded_claim": replies}
    return out


def blind(labels: Path, key: Path) -> dict:
    sides = {k["item"]: k["side"] for k in read_json(key)}
    kept = collections.Counter()
    seen = collections.Counter()
    for line in read_jsonl(labels):
        seen[sides[line["item"]]] += 1
        kept[sides[line["item"]]] += int(line["label"])
    return {side: f"{kept[side]} of {seen[side]}" for side in sorted(seen)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", type=Path)
    ap.add_argument("--labels", type=Path)
    ap.add_argument("--key", type=Path)
    args = ap.parse_args()
    print(json.dumps({"grounding": grounding(args.run),
                      **({"blind_keep": blind(args.labels, args.key)} if args.labels and args.key else {})}, indent=1))


if __name__ == "__main__":
    main()
