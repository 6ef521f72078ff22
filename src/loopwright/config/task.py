"""``task=``: the data, train and held-out splits (conf/task/*.yaml; builders in loopwright.tasks)."""

from dataclasses import field
from typing import Any, Dict, List, Optional

from omegaconf import MISSING

from loopwright.config._schema import schema


@schema
class EnvironmentConfig:
    # A user's environment class for episodes, module.Class (TRL's environment_factory contract,
    # checked at validation: loopwright.episodes.adapter); null: the task's own environment.
    _target_: Optional[str] = None
    # Keyword arguments bound into its constructor (TRL constructs it with none).
    kwargs: Dict[str, Any] = field(default_factory=dict)
    # objective=sft: each train row becomes the environment's own demonstration of it (the tool calls, their real
    # results, the final reply; loopwright.episodes.demonstrations): the warm-up before GRPO in episodes.
    demonstrations: bool = False


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
    # task=verifiers: the verifiers environment, a module or installed package exporting a vf.Taskset
    # (loopwright.tasks.verifiers); any other task refuses it.
    env: Optional[str] = None
    # Task-specific settings; each task declares the names it accepts.
    params: Dict[str, Any] = field(default_factory=dict)
    # Run as multi-turn tool-calling episodes (tasks that support it).
    multi_turn: bool = False
    # Episodes: the environment class (default: the task's own; loopwright.episodes.adapter).
    environment: EnvironmentConfig = field(default_factory=EnvironmentConfig)
    # Episodes: before training, compare TRL's generated token sequence with the re-rendered
    # conversation on sample episodes; a mismatch stops the run (loopwright.episodes.token_check).
    token_check: bool = True
    # How many sample episodes the token check synthesises from the first training rows.
    token_check_samples: int = 4
