"""``reward=``: the graders and their weights (conf/reward/*.yaml; graders in loopwright.rewards)."""

from dataclasses import field
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
