"""Typed configs of the loop's Hydra apps (conf/ingest.yaml, conf/improve.yaml, conf/audit.yaml, conf/chat.yaml).

conf/serve.yaml's schema is config/serve.py.

Registered in Hydra's ConfigStore like ``train_schema``, so a misspelt key fails at
composition. ``improve`` shares the ``reward`` and ``task`` groups with train.py
through the same dataclasses. Importable without torch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from hydra.core.config_store import ConfigStore
from omegaconf import MISSING

from loopwright.config.reward import RewardConfig
from loopwright.config.task import TaskConfig


@dataclass
class IngestConfig:
    # A log file or a directory of .jsonl/.json logs; or a list of them: input=[a.jsonl,b.json]
    input: Any = MISSING
    # The transcript store: <output>/transcripts.jsonl and <output>/ingest_report.json
    output: str = MISSING
    # openai | anthropic | langchain | auto (per record, ingestion/formats/detect.py: Anthropic markers -> anthropic,
    # 'messages'/'request' -> openai, 'run_type'/'inputs' -> langchain)
    format: str = "auto"
    # true: any malformed record fails the call (exit 1) and leaves the transcripts untouched
    strict: bool = False


@dataclass
class ImproveConfig:
    reward: RewardConfig = field(default_factory=RewardConfig)
    task: TaskConfig = field(default_factory=TaskConfig)
    # An ingest output directory (its transcripts.jsonl) or a transcripts .jsonl file
    transcripts: str = MISSING
    # curated.jsonl, graded.jsonl, improve_summary.json, next_steps.md go here
    output: str = MISSING
    # A turn is kept when its score is >= this; null: reward.params.threshold, else 0.7
    threshold: Optional[float] = None
    # Held-out prompts (.jsonl with optional expect/forbid) to put into next_steps.md's commands
    eval_prompts: Optional[str] = None
    # true: score reward.calibration (a labelled .jsonl) first and stop with exit 2 when the agreement is below
    # reward.min_agreement (loopwright.rewards._calibration); without transcripts, only the check runs
    calibrate: bool = False
    # false: curate logs that are not the shipped scenarios with a grader that has no reward.calibration on them
    # (recorded in improve_summary.json); true (default) refuses them with exit 2, naming python -m loopwright.label
    calibration_required: bool = True


@dataclass
class AuditConfig:
    reward: RewardConfig = field(default_factory=RewardConfig)
    task: TaskConfig = field(default_factory=TaskConfig)
    # Held-out rows of the task each probe is scored on
    rows: int = 8
    # The curation cut a probe must stay below; null: reward.params.threshold, else 0.7
    threshold: Optional[float] = None
    # A probe is gameable when more than this share of its replies reach the threshold
    max_rate: float = 0.0
    # The maximal-length probe's size in characters
    max_chars: int = 8000
    # Also write the report as JSON here
    output: Optional[str] = None


@dataclass
class ChatConfig:
    # A run directory (outputs/runs/...) whose model/ to talk to in this process; with base_url: the run
    # the server serves (recorded in the logs; optional)
    run: Optional[str] = None
    # Conversations are appended here, one OpenAI-format line each; null: <run>/chats/chats.jsonl
    # (./chats/chats.jsonl with base_url and no run)
    output: Optional[str] = None
    # The system message of every conversation; null: none
    system_prompt: Optional[str] = None
    max_new_tokens: int = 128
    # An OpenAI-compatible server (python -m loopwright.serve: http://127.0.0.1:8000/v1); null: in-process
    base_url: Optional[str] = None
    # The NAME of the environment variable holding the server's API key; null: none sent
    api_key_env: Optional[str] = None
    # The model id to ask the server for; null: the first of its /v1/models
    model: Optional[str] = None
    # task=customer_support | tool_use (the task group, null by default): the model may call that
    # task's episode tools; they run here
    task: Optional[TaskConfig] = None
    # Tool-call rounds per user message before the reply is taken as it is
    max_tool_rounds: int = 4


def register_configs() -> None:
    store = ConfigStore.instance()
    store.store(name="ingest_schema", node=IngestConfig)
    store.store(name="improve_schema", node=ImproveConfig)
    store.store(name="audit_schema", node=AuditConfig)
    store.store(name="chat_schema", node=ChatConfig)


register_configs()
