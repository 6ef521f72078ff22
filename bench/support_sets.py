"""reward=customer_support on the labelled sets, each measured on its own, at the curation threshold.

    python bench/support_sets.py                 # the table of docs/REWARDS.md
    python bench/support_sets.py --show-errors   # also every reply the grader disagrees with
    python bench/support_sets.py --sets other    # one set (shipped, other, harbour_pine, blind, blind2 ...)

Every set here is a FIT: the grader's rules were written by people who had read these
replies, so their figures say the grader still reads what it was built on (a regression
check), not how it does on wording nobody here wrote.

shipped       bench/data/labelled_support_replies.jsonl: the 78 replies to the shipped
              scenarios (facts with must_state), written with the first grader. Fit.
other         tests/data/support_replies_other_shop.jsonl: another shop's 30 replies
              (BL-48213, "Wednesday 2 December", EUR, other key names, 4 without facts);
              the grader was developed against it. Fit.
harbour_pine  tests/data/harbour_pine/: 38 conversations of a third shop, facts from an
              order-records CSV (task.params.records) with reward.params.facts_map; its
              replies were written by the author of the grader's rules, who knew them
              and later changed the rules with them in view (issue 26). Fit.

The only figure that measures the grader is on a set nobody on the team has read
(issue 26's blind set), measured once; docs/REWARDS.md gives it with the set's commit.
GOAL is issue 26's bar for that set (precision >= 0.90, recall >= 0.70); on a fit, "goal
met" only says the fit still holds.

A reply is kept when its score is at least the threshold (0.7, conf/reward/customer_support.yaml).
Precision = kept and labelled keep / kept; recall = kept and labelled keep / labelled keep.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from loopwright.rewards import customer_support as cs  # noqa: E402
from loopwright.tasks import support_records  # noqa: E402

HARBOUR = ROOT / "tests" / "data" / "harbour_pine"
# The third shop's own column names that no alias covers (tests/data/harbour_pine/README.md).
HARBOUR_FACTS_MAP = {"Haulier": "carrier", "Promised By": "eta", "Needs Escalation": "escalate"}
GOAL = {"precision": 0.90, "recall": 0.70}


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def shipped() -> tuple[list[dict], dict]:
    rows = [{"prompt": [{"role": "user", "content": r["message"]}], "reply": r["reply"], "facts_json": r["facts_json"],
             "keep": bool(r["kept"]), "case": r["type"]}
            for r in _jsonl(ROOT / "bench" / "data" / "labelled_support_replies.jsonl")]
    return rows, {}


def other() -> tuple[list[dict], dict]:
    rows = [{"prompt": r["prompt"], "reply": r["reply"],
             "facts_json": json.dumps(r["facts"]) if r.get("facts") else None, "keep": r["label"] == 1,
             "case": r["kind"]} for r in _jsonl(ROOT / "tests" / "data" / "support_replies_other_shop.jsonl")]
    return rows, {}


def harbour_pine() -> tuple[list[dict], dict]:
    rows = []
    for r in _jsonl(HARBOUR / "conversations.jsonl"):
        context = r["messages"][:-1]
        columns, _ = support_records.columns(context, HARBOUR / "orders.csv")
        rows.append({"prompt": context, "reply": r["messages"][-1]["content"], "facts_json": columns.get("facts_json"),
                     "keep": bool(r["keep"]), "case": r["case"]})
    return rows, {"facts_map": HARBOUR_FACTS_MAP}


def _blind_set(folder: Path) -> tuple[list[dict], dict]:
    """A blind set's rows; its facts_map is the union of the shops' maps in its README (no two shops map one
    field name differently)."""
    import re

    facts_map: dict = {}
    for block in re.findall(r"```json\n(.*?)```", (folder / "README.md").read_text(encoding="utf-8"), re.S):
        facts_map.update(json.loads(block))
    rows = [{"prompt": r["prompt"], "reply": r["reply"], "facts_json": json.dumps(r["facts"]) if r["facts"] else None,
             "keep": r["label"] == 1, "case": r["kind"]} for r in _jsonl(folder / "replies.jsonl")]
    return rows, {"facts_map": facts_map}


# Each set nobody on the team wrote: its folder under tests/data and its provenance (the commit that added it, how
# it was written, when it was measured once; after that one measurement every set here is a fit).
BLIND_SETS = {
    "blind": ("blind_support", "0ff1e03: five shops, written and labelled by a helper who never read the grader, "
                               "committed before the rebuild; measured once on 3d7432c"),
    "blind2": ("blind_support2", "a2ad795: five other shops (FR, BR, NL, KR, AU); measured once on 65792fd"),
    "blind3": ("blind_support3", "a266df7: five more shops (MX, PL, SE, TR, ZA); measured once on 65942eb"),
    "blind4": ("blind_support4", "b7fd3ac: five more shops (IT, NO, CA, ID, CL); measured once on 3a4e452"),
    "blind5": ("blind_support5", "27510bc: five more shops (IE, GR, PH, FI, CO); measured once on e416c9e"),
    "blind6": ("blind_support6", "67dc02f: five more shops; measured once on 33c5466"),
    "blind7": ("blind_support7", "5960b29 (cherry-picked as 7ccd2aa): five more shops (MA, HU, TH, AR, Scotland); "
                                 "measured once on 0c7bbe2"),
    "blind8": ("blind_support8", "0767098: six shops in six languages, 17 multi-turn; grounding measured once on "
                                 "its own commit's successor (docs/REWARDS.md), since then the development set: a fit"),
    "shop9": ("blind_shop9", "5aaf1ed: 142 replies of one Czech shop, for calibration from labels; measured once "
                             "(docs/REWARDS.md), since then a fit"),
    "blind10": ("blind_support10", "1690d16 (a3085695 on its branch): 112 replies from seven shops in eight languages, "
                                   "written and labelled blind on 2026-12-07, committed before the named checks' rules "
                                   "changed; measured once (docs/REWARDS.md)"),
    "shop11": ("blind_shop11", "1c96536 (631d63d on its branch): 142 replies of one Belgian shop in French, Dutch and "
                               "English, written and labelled blind on 2026-12-07, for calibration from labels; "
                               "measured once (docs/REWARDS.md)"),
    "shop12": ("blind_shop12", "6c38ad6: 150 replies of one Swiss shop in German, French, Italian and English, "
                               "written and labelled blind on 2026-12-07; committed after the carrier and payment "
                               "rule (b873efe), written without the code and not read before its one measurement "
                               "(docs/REWARDS.md)"),
    "blind13": ("blind_support13", "ba7c566: 126 replies of six shops (PL, ES, BR, AT, GR, VN) in seven languages, "
                                   "written and labelled blind on 2026-12-07, committed after the grader's last rule "
                                   "change (8d391a1) and measured once (docs/REWARDS.md)"),
    "shop14": ("blind_shop14", "23fc6fe (727af25 on its branch): 150 replies of one Nordic shop in Swedish, "
                               "Norwegian, Danish, Finnish and English, written and labelled blind on 2026-12-07, "
                               "committed before the rule changes of 6c5aa4b and measured once after them "
                               "(docs/REWARDS.md); since then a fit"),
    "blind15": ("blind_support15", "126 replies of six shops (NL, PT, IT, CZ, RO, IE) in six languages, written and "
                                   "labelled blind on 2026-12-07, committed after the grader's last rule change "
                                   "(c007bf3) and measured once (docs/REWARDS.md)"),
    "blind16": ("blind_support16", "5dfded7: 126 replies of six shops (FR, JP, HU, MX, TR, IN) in six languages, "
                                   "written and labelled blind on 2026-12-07, merged after the grader's last rule "
                                   "change (925a655) and measured once (docs/REWARDS.md)"),
}


def _blind(name: str):
    folder, provenance = BLIND_SETS[name]
    load = lambda: _blind_set(ROOT / "tests" / "data" / folder)  # noqa: E731
    load.__doc__ = provenance
    return load


SETS = {"shipped": shipped, "other": other, "harbour_pine": harbour_pine, **{n: _blind(n) for n in BLIND_SETS}}


def measure(name: str, grounding: str = "cap") -> dict:
    rows, params = SETS[name]()
    fn = cs.make({**params, "grounding": grounding})
    scores = fn(completions=[r["reply"] for r in rows], facts_json=[r["facts_json"] for r in rows],
                prompts=[r["prompt"] for r in rows])
    kept = [s >= fn.threshold for s in scores]
    tp = sum(k and r["keep"] for k, r in zip(kept, rows))
    fp = sum(k and not r["keep"] for k, r in zip(kept, rows))
    fn_ = sum(not k and r["keep"] for k, r in zip(kept, rows))
    return {"set": name, "n": len(rows), "positives": sum(r["keep"] for r in rows),
            "without_facts": sum(not r["facts_json"] for r in rows), "threshold": fn.threshold,
            "precision": tp / (tp + fp) if tp + fp else 1.0, "recall": tp / (tp + fn_) if tp + fn_ else 1.0,
            "false_keeps": fp, "missed": fn_, "rows": rows, "scores": scores}


def table(results: list[dict], show_errors: bool = False) -> str:
    lines = ["| set | replies | labelled keep | without facts | precision | recall | false keeps | missed | goal met |",
             "|---|---|---|---|---|---|---|---|---|"]
    for m in results:
        met = m["precision"] >= GOAL["precision"] and m["recall"] >= GOAL["recall"]
        lines.append(f"| {m['set']} | {m['n']} | {m['positives']} | {m['without_facts']} | {m['precision']:.3f} "
                     f"| {m['recall']:.3f} | {m['false_keeps']} | {m['missed']} | {'yes' if met else 'no'} |")
    if show_errors:
        for m in results:
            for r, s in zip(m["rows"], m["scores"]):
                if (s >= m["threshold"]) != r["keep"]:
                    lines.append(f"  {m['set']}: score={s:.3f} keep={r['keep']} [{r['case']}] {r['reply'][:150]!r}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", nargs="*", default=list(SETS), choices=list(SETS))
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument("--grounding", choices=("show", "cap"), default="cap",
                        help="reward.params.grounding: cap also caps a reply whose specifics are ungrounded")
    args = parser.parse_args()
    print(table([measure(name, args.grounding) for name in args.sets], args.show_errors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
