"""The improvement loop: conversation logs -> transcripts -> graded, curated training rows.

    loop.transcripts   the normalised transcript format, its checks and its rendering for training
    loop.openai_logs   OpenAI chat-completions logs (conversations, request/response pairs)
    loop.langchain_runs  LangChain / LangSmith run exports (nested or flat runs)
    loop.ingest        files -> transcripts.jsonl + ingest_report.json (idempotent upsert)
    loop.columns       the reward columns a conversation needs, looked up from the task's records
    loop.improve       grade every assistant turn, curate, summarise, write next steps
    loop.schemas       typed configs of the ingest / improve / chat apps
    loop.app           the apps' shared Hydra entry point (conf/<app>.yaml next to conf/train.yaml)

The command-line apps are ``python -m loopwright.ingest``, ``loopwright.improve``,
``loopwright.lineage`` and ``loopwright.chat`` (docs/LOOP.md). Pure python: nothing
here imports torch.
"""
