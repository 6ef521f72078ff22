"""The improvement loop: conversation logs -> transcripts -> graded, curated training rows, and the flywheel.

    loop.transcripts              the normalised transcript format, its checks and its rendering for training
    loop.formats.detect           format=auto: which parser reads a record
    loop.formats.openai           OpenAI chat-completions logs (conversations, request/response pairs)
    loop.formats.anthropic        Anthropic Messages API logs
    loop.formats.langchain        LangChain / LangSmith run exports (nested or flat runs)
    loop.formats.langsmith_tree   flat LangSmith runs -> a tree, in execution order
    loop.turns                    turn-by-turn request logs of one conversation folded into one transcript
    loop.records                  a log file's records as a stream (JSONL, a JSON array, one object)
    loop.spool                    ingest's working set in a temporary SQLite file: memory bounded
    loop.store                    files -> transcripts.jsonl + ingest_report.json (idempotent upsert)
    loop.curate                   grade every assistant turn, curate, summarise, write next steps
    loop.improve                  improve's checks, threshold and calibration gate (python -m loopwright.improve)
    loop.lineage                  a run's lineage record at training time; the tree back to the raw logs
    loop.probes                   the reward audit's fixed degenerate / adversarial completions
    loop.attacks                  its generated attacks: templates, prompt swaps, specifics stripped / swapped, ...
    loop.gaming                   the attacks scored by any reward: gameability per probe, worst examples
    loop.audit                    the reward audit and the training pre-flight's subset (python -m loopwright.audit)
    loop.harvest                  the flywheel's best-of-N sampling of a model, scored, as transcripts
    loop.flywheel_state           flywheel.json, the stop rules, the cost ledger's sum
    loop.flywheel                 the flywheel's inputs and its four steps (python -m loopwright.flywheel)
    loop.app                      the apps' shared Hydra entry point (conf/<app>.yaml next to conf/train.yaml)

A logged conversation's reward columns come from its task (``tasks.columns_for``,
e.g. the order lookup of tasks/customer_support.py); a grader's per-part breakdown
from its reward module (``rewards.REGISTRY[kind].breakdown``).

The command-line apps are ``python -m loopwright.ingest``, ``loopwright.improve``,
``loopwright.audit``, ``loopwright.lineage``, ``loopwright.flywheel`` and
``loopwright.chat`` (docs/LOOP.md, docs/FLYWHEEL.md). Pure python: nothing here
imports torch at import time; harvest.py imports it to sample a model (the flywheel).
"""
