"""``task=``: the data, train and held-out splits (conf/task/*.yaml; builders in loopwright.tasks)."""

from dataclasses import field
from typing import Any, Dict, List, Optional

from omegaconf import MISSING

from loopwright.config._schema import schema


@schema
class TaskConfig:
    # The option's name (conf/task/<name>.yaml), recorded in the manifest.
    name: str = MISSING
    # Registered task builder (loopwright.tasks.REGISTRY); defaults to the option's name.
    kind: str = "${.name}"
    seed: int = 0
    n_train: int = 60
    n_eval: int = 40
    # arithmetic generator
    operations: List[str] = field(default_factory=lambda: ["+"])
    min_operand: int = 0
    max_operand: int = 9
    prompt_template: str = "What is {a} {op} {b}? Answer with just the number."
    # file-backed tasks (gsm8k, jsonl, curated): a JSONL path and how its fields map
    path: Optional[str] = None
    field_map: Dict[str, str] = field(default_factory=dict)
    system_prompt: Optional[str] = None
    # Task-specific settings; each task declares the names it accepts.
    params: Dict[str, Any] = field(default_factory=dict)
    # Run as multi-turn tool-calling episodes (tasks that support it).
    multi_turn: bool = False
