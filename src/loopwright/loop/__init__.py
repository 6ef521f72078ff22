"""The improvement loop: conversation logs -> transcripts -> graded, curated training rows.

    loop.transcripts         the normalised transcript format, its checks and its rendering for training
    loop.formats.openai      OpenAI chat-completions logs (conversations, request/response pairs)
    loop.formats.langchain   LangChain / LangSmith run exports (nested or flat runs)
    loop.store               files -> transcripts.jsonl + ingest_report.json (idempotent upsert)
    loop.curate              grade every assistant turn, curate, summarise, write next steps
    loop.app                 the apps' shared Hydra entry point (conf/<app>.yaml next to conf/train.yaml)

A logged conversation's reward columns come from its task (``tasks.columns_for``,
e.g. the order lookup of tasks/customer_support.py); a grader's per-part breakdown
from its reward module (``rewards.REGISTRY[kind].breakdown``).

The command-line apps are ``python -m loopwright.ingest``, ``loopwright.improve``,
``loopwright.lineage`` and ``loopwright.chat`` (docs/LOOP.md). Pure python: nothing
here imports torch.
"""
