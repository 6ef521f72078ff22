"""``reward=``: the graders and their weights (conf/reward/*.yaml; graders in loopwright.rewards)."""

from dataclasses import field
from enum import Enum
from typing import Any, Dict, List, Optional

from omegaconf import MISSING

from loopwright.config._schema import schema


@schema
class RewardComponent:
    """One grader inside ``reward=composite``; logged as its own reward column."""

    kind: str = MISSING
    weight: float = 1.0
    params: Dict[str, Any] = field(default_factory=dict)


@schema
class RewardConfig:
    # The option's name (conf/reward/<name>.yaml), recorded in the manifest.
    name: str = MISSING
    # A registered grader (loopwright.rewards.REGISTRY) or "composite". Defaults to the
    # option's name, so conf/reward/gsm8k.yaml needs no `kind: gsm8k`; a YAML of another
    # name that reuses a grader sets it (conf/reward/my_math.yaml: kind: gsm8k).
    kind: str = "${.name}"
    weight: float = 1.0
    # Grader-specific settings; each grader declares the names it accepts.
    params: Dict[str, Any] = field(default_factory=dict)
    # kind=composite: the weighted graders, each logged separately.
    components: List[RewardComponent] = field(default_factory=list)
    # A user reward function with TRL's signature, "my_pkg.my_mod.my_fn"; replaces `kind`.
    _target_: Optional[str] = None
    # Calibration gate (loopwright.rewards.calibration): a labelled .jsonl (prompt, reply or completion,
    # label 0/1) scored before anything loads; agreement below min_agreement refuses the run (exit 2).
    calibration: Optional[str] = None
    min_agreement: float = 0.8
    # true: the labels also fit the grader (rewards/_fitting.py): its named checks reweighted by a regularised
    # logistic model with the shipped grader as prior; the gate then decides on the fitted grader's
    # cross-validated agreement, and training scores with the fitted grader. false: the labels only measure it.
    calibration_fit: bool = False
    # The pre-flight gaming audit (train.py, improve; src/loopwright/train/reward_audit.py): a reward that keeps
    # templates, swapped replies or a facts dump is refused (exit 2). false: skip it (recorded in the manifest).
    audit: bool = True


class JudgeMode(str, Enum):
    """How reward=judge asks (loopwright.rewards.judge)."""

    pointwise = "pointwise"  # one request per completion: a rubric score, scaled to [0, 1]
    group = "group"  # one request per GRPO group: the judge ranks them, the score is the rank in [0, 1]


@schema
class JudgeReward(RewardConfig):
    """``reward=judge``: an LLM judge over an OpenAI-compatible endpoint (conf/reward/judge.yaml pulls it in).

    A subclass of :class:`RewardConfig`, as the provider kinds are of ProviderConfig: the keys sit at
    ``reward.*`` and only ``reward=judge`` has them. The grader reads them as its params.
    """

    # The endpoint's base URL, ending in /v1 (vLLM: http://host:8000/v1; OpenAI: https://api.openai.com/v1).
    base_url: Optional[str] = None
    # The model name the endpoint serves.
    model: Optional[str] = None
    # The NAME of the environment variable holding the API key; null: no key. The key is never written.
    api_key_env: Optional[str] = None
    mode: JudgeMode = JudgeMode.pointwise
    # The grading standard; rubric_file (a text file) replaces it when set.
    rubric: Optional[str] = None
    rubric_file: Optional[str] = None
    # pointwise: the judge scores on 0..scale, the reward is score / scale.
    scale: int = 10
    concurrency: int = 8
    # Most HTTP requests this process may send (retries count; cache hits do not). null: no limit.
    max_requests: Optional[int] = 1000
    timeout_s: float = 60.0
    retries: int = 2
    retry_backoff_s: float = 1.0
    temperature: float = 0.0
    max_tokens: int = 256
    # The response cache; null: $LOOPWRIGHT_CACHE/judge (else ~/.cache/loopwright/judge).
    cache_dir: Optional[str] = None
    # group mode's calibration: labelled rows are ranked in groups of this many (each with both labels).
    calibration_group_size: int = 4


# Option name -> its typed node; stored as reward_<name>_schema (config/__init__.py).
REWARD_SCHEMAS = {"judge": JudgeReward}


def reward_schema_name(option: str) -> str:
    """The ConfigStore name a reward option's defaults list points at."""
    return f"reward_{option}_schema"
