"""Ingest: conversation logs in any supported format -> ``transcripts.jsonl`` + ``ingest_report.json``.

    ingestion.transcripts              the normalised transcript format, its checks and its rendering for training
    ingestion.formats.detect           format=auto: which parser reads a record
    ingestion.formats.openai           OpenAI chat-completions logs (conversations, request/response pairs)
    ingestion.formats.anthropic        Anthropic Messages API logs
    ingestion.formats.langchain        LangChain / LangSmith run exports (nested or flat runs)
    ingestion.formats.langsmith_tree   flat LangSmith runs -> a tree, in execution order
    ingestion.turns                    turn-by-turn request logs of one conversation folded into one transcript
    ingestion.records                  a log file's records as a stream (JSONL, a JSON array, one object)
    ingestion.spool                    ingest's working set in a temporary SQLite file: memory bounded
    ingestion.store                    files -> transcripts.jsonl + ingest_report.json (idempotent upsert)

The command is ``python -m loopwright.ingest`` (docs/LOOP.md). Pure python, no torch.
"""
