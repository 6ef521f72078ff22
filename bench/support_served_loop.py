"""The support agent's loop, once (issue 45 item 5): serve a trained support run, talk to it as customers would,
ingest what was served, grade it, train a child on what was kept, and print the lineage back to the served run.

    python bench/support_served_loop.py outputs/support_agent/sft                 # -> outputs/support_agent/loop
    python bench/support_served_loop.py RUN --n 12 --follow-up-every 3 --child-steps 4 --out DIR

Every step is the user's own command: ``python -m loopwright.serve`` (transformers backend, loopback, a free
port), the ``openai`` client for the conversations, ``python -m loopwright.ingest format=openai`` on the server's
``traffic.jsonl``, ``python -m loopwright.improve reward=customer_support``, the SFT command improve writes into
``next_steps.md`` from the served run's weights (``--child-steps`` steps, no evaluation: the child proves the
chain, not a gain),
and ``python -m loopwright.lineage`` on the child. The customers: the run's own held-out scenarios (the
``data/held_out.jsonl`` train.py wrote: the shop's system prompt with the order record, the customer's first
message), greedy, 64 new tokens as in training; every ``--follow-up-every``-th conversation gets a scripted second
turn asking for the order's status again, so multi-turn traffic goes round the loop too. The figures (served,
graded, kept, why dropped) go to ``<out>/served_loop.json``.
"""

from __future__ import annotations

import argparse
import json
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLLOW_UP = "Thank you. Just so I have it right: what is the status of order {order_id} now?"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _app(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True, timeout=3600)
    print(f"$ {' '.join(args)}\n{proc.stdout.strip()}\n{proc.stderr.strip()[-1500:]}\nexit {proc.returncode}",
          flush=True)
    return proc


def serve_and_talk(run: Path, out: Path, n: int, every: int) -> dict:
    """Start the server, hold the conversations through the openai client, stop it. The scenarios' ids and turns."""
    from openai import OpenAI

    rows = [json.loads(line) for line in (run / "data" / "held_out.jsonl").open()][:n]
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "loopwright.serve", f"run={run}", f"dir={out / 'serve'}",
                               "backend=hf", f"port={port}"], cwd=out, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    base_url, turns = f"http://127.0.0.1:{port}/v1", 0
    try:
        deadline = time.monotonic() + 600
        while True:
            try:
                with urllib.request.urlopen(f"{base_url}/models", timeout=5) as reply:
                    model = json.load(reply)["data"][0]["id"]
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"the server did not come up:\n{server.stdout.read()[-3000:]}")
                time.sleep(1)
        client = OpenAI(base_url=base_url, api_key="unused-on-loopback")
        for i, row in enumerate(rows):
            messages = list(row["prompt"])
            for turn in range(2 if every and i % every == every - 1 else 1):
                if turn:
                    messages.append({"role": "user", "content": FOLLOW_UP.format(order_id=row["order_id"])})
                reply = client.chat.completions.create(model=model, messages=messages, max_tokens=64, temperature=0)
                messages.append({"role": "assistant", "content": reply.choices[0].message.content})
                turns += 1
            print(f"[{row['scenario_id']}] {messages[1]['content'][:70]!r} -> {messages[-1]['content'][:110]!r}",
                  flush=True)
    finally:
        server.terminate()
        server.wait(timeout=60)
    return {"conversations": len(rows), "requests": turns, "model": model}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path, help="a trained support run (outputs/support_agent/sft)")
    parser.add_argument("--out", type=Path, default=None, help="default: <run>/../loop")
    parser.add_argument("--n", type=int, default=12, help="held-out scenarios to hold conversations on")
    parser.add_argument("--follow-up-every", type=int, default=3, help="every k-th conversation gets a 2nd turn")
    parser.add_argument("--child-steps", type=int, default=4, help="SFT steps of the child on the kept rows")
    args = parser.parse_args(argv)
    run = args.run.resolve()
    out = (args.out or run.parent / "loop").resolve()
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    figures = {"run": str(run), **serve_and_talk(run, out, args.n, args.follow_up_every)}
    traffic = out / "serve" / "traffic.jsonl"
    if _app("-m", "loopwright.ingest", "format=openai", f"input={traffic}", "output=transcripts",
            cwd=out).returncode:
        return 1
    improve = _app("-m", "loopwright.improve", "transcripts=transcripts", "reward=customer_support",
                   "output=improved", cwd=out)
    summary = json.loads((out / "improved" / "improve_summary.json").read_text())
    graded = [json.loads(line) for line in (out / "improved" / "graded.jsonl").open()]
    figures.update(improve_exit=improve.returncode, turns=summary["turns"],
                   mean_score=round(sum(g["score"] for g in graded) / max(len(graded), 1), 3))
    if improve.returncode == 0 and args.child_steps:
        steps = (out / "improved" / "next_steps.md").read_text()
        command = next(line for line in steps.splitlines() if line.startswith("python train.py")
                       and "objective=sft" in line)
        child = out / "child"
        proc = _app(str(ROOT / "train.py"), *shlex.split(command)[2:], f"model.name_or_path={run / 'model'}",
                    f"profile.max_steps={args.child_steps}",
                    "eval.enabled=false", f"hydra.run.dir={child}", cwd=out)
        figures["child_exit"] = proc.returncode
        if proc.returncode == 0:
            lineage = _app("-m", "loopwright.lineage", str(child), cwd=out)
            figures["lineage"] = lineage.stdout.splitlines()
    figures["wall_s"] = round(time.monotonic() - t0, 1)
    (out / "served_loop.json").write_text(json.dumps(figures, indent=1) + "\n")
    print(json.dumps({k: v for k, v in figures.items() if k != "lineage"}, indent=1))
    return 0 if figures.get("child_exit", improve.returncode) == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
