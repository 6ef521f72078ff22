"""Peak memory of ``loopwright.ingest`` on a big traffic log against a small one, in one invocation.

    python bench/ingest_memory.py                 # a ~1 GB log (minutes on 2 cores), a ~10 MB baseline
    python bench/ingest_memory.py --mb 200 --small-mb 5

Generates ``traffic.jsonl`` files in loopwright.serve's request/response shape (a third of the
conversations logged turn by turn, so folding has work; every conversation distinct) in a temp dir
that is deleted afterwards, ingests each in a child process (``loop.store.ingest``, what the CLI
runs) and reads the child's own peak RSS (``os.wait4``'s ru_maxrss). Prints the file sizes, the
peak RSS of each, their ratio and the goal of issue 25 (peak RSS under 500 MB for a 1 GB log).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL_MB = 500
WORDS = ("order refund shipping invoice account password delivery tracking warranty return label "
         "payment address upgrade plan cancel support agent customer ticket status").split()


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)) + f" #{rng.getrandbits(48):x}."


def _record(rng: random.Random, messages: list[dict], reply: str, i: int) -> dict:
    cid = f"chatcmpl-{i:012d}"
    return {"id": cid, "request": {"model": "demo/tiny", "messages": messages, "max_tokens": 256},
            "response": {"id": cid, "object": "chat.completion", "created": 1796000000 + i, "model": "demo/tiny",
                         "choices": [{"index": 0, "message": {"role": "assistant", "content": reply},
                                      "finish_reason": "stop", "logprobs": None}],
                         "usage": {"prompt_tokens": 100, "completion_tokens": 50, "total_tokens": 150}},
            "metadata": {"source": "loopwright.serve", "run": "/runs/demo/tiny", "run_id": "demo/tiny",
                         "model": "demo/tiny", "backend": "hf", "stream": False, "latency_s": 0.2}}


def generate(path: Path, target_bytes: int, seed: int = 0) -> int:
    """Write traffic records until the file reaches ``target_bytes``; return the record count."""
    rng, written, count = random.Random(seed), 0, 0
    with path.open("w", encoding="utf-8") as out:
        while written < target_bytes:
            messages = [{"role": "system", "content": "You are a support agent. " + _sentence(rng, 20)}]
            turns = rng.choice((1, 1, 3))  # a third logged turn by turn: each request repeats the turns before
            for _ in range(turns):
                messages.append({"role": "user", "content": _sentence(rng, rng.randint(30, 120))})
                reply = _sentence(rng, rng.randint(40, 160))
                line = json.dumps(_record(rng, messages, reply, count), ensure_ascii=False) + "\n"
                out.write(line)
                written += len(line.encode())
                count += 1
                messages = messages + [{"role": "assistant", "content": reply}]
    return count


CHILD = """
import sys
from loopwright.ingestion.store import ingest
report, code = ingest([sys.argv[1]], "openai", sys.argv[2])
print(report["transcripts"]["conversations"], code)
"""


def measure(log: Path, out: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(log), str(out)], env=env, stdout=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    printed = proc.stdout.read().decode().split()
    proc.stdout.close()
    if proc.returncode != 0:
        raise SystemExit(f"ingest of {log} exited {proc.returncode}")
    return {"file_mb": log.stat().st_size / 1e6, "peak_rss_mb": usage.ru_maxrss / 1024,  # Linux: KiB
            "seconds": time.monotonic() - t0, "conversations": int(printed[0])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=1000.0, help="size of the big log (MB)")
    parser.add_argument("--small-mb", type=float, default=10.0, help="size of the baseline log (MB)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ingest-memory-") as tmp:
        results = {}
        for name, mb in (("small", args.small_mb), ("big", args.mb)):
            log = Path(tmp) / f"{name}-traffic.jsonl"
            t0 = time.monotonic()
            records = generate(log, int(mb * 1e6), seed=len(name))
            print(f"{name}: generated {log.stat().st_size / 1e6:.0f} MB, {records} records "
                  f"in {time.monotonic() - t0:.0f} s", flush=True)
            results[name] = {**measure(log, Path(tmp) / f"{name}-store"), "records": records}
            r = results[name]
            print(f"{name}: ingest {r['file_mb']:.0f} MB -> {r['conversations']} conversations in "
                  f"{r['seconds']:.0f} s, peak RSS {r['peak_rss_mb']:.0f} MB", flush=True)
            log.unlink()
            for path in sorted((Path(tmp) / f"{name}-store").glob("*")):
                path.unlink()
    small, big = results["small"], results["big"]
    print(json.dumps(results, indent=2))
    print(f"peak RSS: {big['peak_rss_mb']:.0f} MB for {big['file_mb']:.0f} MB against {small['peak_rss_mb']:.0f} MB "
          f"for {small['file_mb']:.0f} MB: ratio {big['peak_rss_mb'] / small['peak_rss_mb']:.2f} "
          f"(file sizes {big['file_mb'] / small['file_mb']:.0f}x); goal < {GOAL_MB} MB: "
          f"{'met' if big['peak_rss_mb'] < GOAL_MB else 'NOT met'}")


if __name__ == "__main__":
    main()
