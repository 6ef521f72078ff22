"""The other shop's plain {prompt, reply, facts, label} lines -> OpenAI chat logs loopwright.ingest reads.

    python examples/other_shop/to_openai.py tests/data/support_replies_other_shop.jsonl examples/other_shop/chats.jsonl

Each line becomes one conversation (the prompt's messages + the reply as the assistant
turn); its inline facts travel as ``metadata.columns.facts_json``, the reward column
loopwright.improve reads first (tasks.columns_for). Lines without facts get no columns:
the grader judges them from the conversation alone. The label is kept as metadata only.
"""

import json
import sys

src, dst = sys.argv[1], sys.argv[2]
with open(src, encoding="utf-8") as fh, open(dst, "w", encoding="utf-8") as out:
    for line in fh:
        if not line.strip():
            continue
        r = json.loads(line)
        meta = {"label": r.get("label"), "kind": r.get("kind")}
        if r.get("facts"):
            meta["columns"] = {"facts_json": json.dumps(r["facts"], sort_keys=True)}
        out.write(json.dumps({"messages": r["prompt"] + [{"role": "assistant", "content": r["reply"]}],
                              "metadata": meta}) + "\n")
