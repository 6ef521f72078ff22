"""customer_support's speed inside the GRPO loop: replies graded per second on one core, before and after.

    python bench/rewards.py --speed                     # this tree against e0f7522 (the issue's baseline)
    python bench/rewards.py --speed --baseline REV      # against another commit

Each grader runs in its own process pinned to one core (``os.sched_setaffinity``), on the same work, shaped as
GRPO's: each prompt of the newest blind sets under tests/data (multilingual, with records, policies and earlier
turns) with a group of 8 completions (its own reply and the next 7 of the set, each made a new text by trailing
spaces, since the grader caches by text and a run's completions are new), scored as a TRL reward call would (the
registered reward function, batches of 16: two groups). A warm-up on the older sets' rows loads what a run loads
at its first step (CLDR tables, stop-word lists) without scoring any timed reply or prompt before its turn. The
baseline is the commit's ``src/`` from ``git archive``, imported in place of this tree's; each process reads
only the rows, so the two see the same input. Issue 44's goal: at least 300 replies a second on one core.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "e0f7522"
BATCH = 16


TIMED = ("blind_support8", "blind_shop9", "blind_support10", "blind_shop11")
GROUP = 8  # completions per prompt (the default profile's num_generations)


def _rows(timed: bool = True) -> list[dict]:
    rows = []
    for path in sorted((ROOT / "tests" / "data").glob("blind_*/replies.jsonl")):
        if (path.parent.name in TIMED) != timed:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                rows.append({"reply": r["reply"], "prompt": r["prompt"],
                             "facts": json.dumps(r["facts"]) if r.get("facts") else None})
    return rows


def _groups(rows: list[dict]) -> list[dict]:
    """Each row's prompt and record with GROUP completions: its reply and the next GROUP - 1 of the set, each a new
    text (k trailing spaces), as a run's completions for one prompt are."""
    out = []
    for i, r in enumerate(rows):
        for k in range(GROUP):
            out.append({**r, "reply": rows[(i + k) % len(rows)]["reply"] + " " * k})
    return out


def worker(rows_file: str) -> None:
    """Run inside the pinned process: time the registered reward over every row; print replies per second."""
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    from loopwright.rewards import customer_support as cs

    data = json.loads(Path(rows_file).read_text(encoding="utf-8"))
    fn = cs.make({})

    def one_pass(rows: list[dict]) -> None:
        for i in range(0, len(rows), BATCH):
            b = rows[i:i + BATCH]
            fn(completions=[r["reply"] for r in b], facts_json=[r["facts"] for r in b],
               prompts=[r["prompt"] for r in b])

    one_pass(data["warm_up"])  # other replies and prompts: what a run loads at its first step, nothing timed
    start = time.perf_counter()
    one_pass(data["timed"])
    print(json.dumps({"replies": len(data["timed"]), "seconds": time.perf_counter() - start}))


def _measure(src: Path, rows_file: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run([sys.executable, __file__, "--worker", str(rows_file)], env=env, capture_output=True,
                         text=True, check=True, cwd=src.parent)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(baseline: str = BASELINE) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        rows_file = tmp_path / "rows.json"
        rows_file.write_text(json.dumps({"warm_up": _rows(False)[:200], "timed": _groups(_rows(True))}),
                             encoding="utf-8")
        archive = tmp_path / "base.tar"
        subprocess.run(["git", "archive", "-o", str(archive), baseline, "src"], cwd=ROOT, check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(tmp_path / "base", filter="data")
        results = {f"baseline {baseline}": _measure(tmp_path / "base" / "src", rows_file),
                   "this tree": _measure(ROOT / "src", rows_file)}
    lines = ["| grader | replies | seconds | replies / s (one core) |", "|---|---|---|---|"]
    for name, r in results.items():
        lines.append(f"| {name} | {r['replies']} | {r['seconds']:.2f} | {r['replies'] / r['seconds']:.0f} |")
    base, now = results.values()
    ratio = (now["replies"] / now["seconds"]) / (base["replies"] / base["seconds"])
    lines.append(f"\nthis tree / baseline: {ratio:.2f}x the replies per second; goal >= 300 replies/s: "
                 f"{'met' if now['replies'] / now['seconds'] >= 300 else 'not met'}")
    return "\n".join(lines)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        worker(sys.argv[2])
    else:
        print(run(*sys.argv[1:2]))
