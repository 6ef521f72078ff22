"""The training app's top-level schema: one field per group, plus the knobs of conf/train.yaml itself.

Registered as ``train_schema`` (first in conf/train.yaml's defaults), so every group
option merges into the typed node of its group module.
"""

from dataclasses import field
from enum import Enum
from typing import List, Optional

from omegaconf import MISSING

from loopwright.config._schema import schema
from loopwright.config.logger import LoggerConfig
from loopwright.config.model import ModelConfig
from loopwright.config.objective import ObjectiveConfig
from loopwright.config.profile import ProfileConfig
from loopwright.config.provider import ProviderConfig
from loopwright.config.reward import RewardConfig
from loopwright.config.rollout import RolloutConfig
from loopwright.config.task import TaskConfig


# ------------------------------------------------------------------------ eval
class GateBaseline(str, Enum):
    base = "base"  # the run's own base model, evaluated on the same held-out prompts


@schema
class EvalConfig:
    enabled: bool = True
    # Also evaluate the policy every N training steps (logged as eval/* in metrics.jsonl); null = only at the end.
    every: Optional[int] = None
    # Greedy decoding budget; null means profile.max_completion_length.
    max_new_tokens: Optional[int] = None
    # A held-out prompt counts as solved when its reward is at least this.
    success_threshold: float = 1.0
    # Held-out prompts file (.jsonl, optional expect/forbid per prompt) evaluated instead of the task's split.
    prompts: Optional[str] = None
    # Evaluate only the first N held-out prompts (of the task's split or eval.prompts): a quicker check that
    # leaves the training split as it is (task.n_eval would move items between the splits). null = all.
    limit: Optional[int] = None
    # Fail the job (exit 4, artifacts kept) when the trained pass rate (or accuracy) is below this.
    fail_below: Optional[float] = None
    # The ship gate (src/loopwright/evaluation/paired.py): base = the trained policy must beat the base model
    # (paired bootstrap + sign test, no regression) or the job ends DON'T SHIP (exit 5, artifacts kept). null = off.
    gate: Optional[GateBaseline] = None
    # A signal the training reward never saw, scored on the held-out replies of both models
    # (src/loopwright/evaluation/held_out_check.py): grounding, another reward option, or a dotted function.
    # Training reward up while it goes down: DON'T SHIP (exit 5), reward hacking named. null = off.
    held_out_check: Optional[str] = None
    # true: a run whose held-out figure did not move past its 95% interval (summary.gain) ends no_gain (exit 14)
    # instead of completed; the verdict is printed and recorded either way. false: recorded only.
    require_gain: bool = False


# ---------------------------------------------------------------------- guards
@schema
class GuardsConfig:
    """Stop runs that waste compute (src/loopwright/train/guards.py)."""

    # Abort after this many consecutive logged steps whose reward_std is 0: no group
    # had any reward difference, so the policy gradient is zero. null = off.
    zero_signal_steps: Optional[int] = 20
    # Step 0 (src/loopwright/train/signal_check.py): the first step's own rollouts, judged before its optimizer
    # step; no group with a reward difference, or nearly every completion cut at the budget: stop, status no_signal
    # (exit 10). true: enforced; false: skipped; null: enforced except on a random-init model (recorded only).
    signal_check: Optional[bool] = None
    # Abort when the loss or the gradient norm is NaN or infinite.
    stop_on_nonfinite: bool = True
    # Training time budget in seconds: stop cleanly, then evaluate and write the manifest. null = none.
    max_time: Optional[float] = None
    # Rollout drift: stop (exit 11, status rollout_drift) when TRL's trainer<->sampler log-prob gap
    # (sampling/sampling_logp_difference/mean, logged when vLLM generates) is above rollout_drift_max for
    # rollout_drift_steps consecutive logged steps: vLLM is sampling from other weights than the trainer's. null = off.
    rollout_drift_max: Optional[float] = 0.1
    rollout_drift_steps: int = 3
    # Hang watchdog: no training step finished within max(hang_floor_s, hang_factor x the median step time)
    # -> every thread's stack into <run dir>/hang_stacks.txt, status hung, exit 12. null factor = off.
    # hang_floor_s also bounds the reward's calls outside steps (pre-flight audit, the signal check's references).
    hang_factor: Optional[float] = 10.0
    hang_floor_s: float = 600.0
    # Resume progress: refuse (exit 2, resume_refused) a resume that would train 0 steps or restarts the schedule.
    resume_progress: bool = True
    # The reward-hacking monitor (src/loopwright/train/hacking.py): stop (exit 13) when this share of completions
    # is near-identical across prompts and rewarded, or of sampled rewarded completions keeps its reward on
    # another prompt, on reward_hacking_steps consecutive logged steps. null: off.
    reward_hacking: Optional[float] = 0.8
    reward_hacking_steps: int = 2
    reward_hacking_sample: int = 8


# ------------------------------------------------------------------ checkpoint
@schema
class CheckpointConfig:
    """Atomic checkpoints under <run dir>/checkpoints (src/loopwright/train/checkpoints.py)."""

    every: Optional[int] = None  # save every N steps; null = no checkpoints
    keep: int = 2  # newest complete checkpoints kept


# ----------------------------------------------------------------------- trial
@schema
class TrialConfig:
    """Set by the loopwright sweeper (hydra/sweeper=loopwright) when this job is a trial.

    The job reports its periodic held-out eval to the study (pruning) and W&B groups
    runs by study_name. Outside a sweep all three stay null.
    """

    study_name: Optional[str] = None
    storage: Optional[str] = None  # Optuna storage URL, or journal:<path>
    number: Optional[int] = None
    # Research rounds (hydra.sweeper.research.rounds > 1): one W&B group per research run, one job type per round.
    group: Optional[str] = None
    job_type: Optional[str] = None


# ------------------------------------------------------------------------- top
@schema
class TrainConfig:
    # The groups are typed but empty (MISSING) here: the chosen option's YAML merges into
    # an empty typed node, which OmegaConf then builds from the group's dataclass, checking
    # every key. An empty node keeps train_schema small, and Hydra deep-copies every stored
    # schema at each composition (hydra/_internal/config_repository.py), so filled nodes
    # cost start-up time for nothing (bench/overhead.py: about 8 ms of --cfg job).
    model: ModelConfig = MISSING
    objective: ObjectiveConfig = MISSING
    reward: RewardConfig = MISSING
    task: TaskConfig = MISSING
    # The base node (name, kind); conf/provider/<kind>.yaml narrows it to its kind (config/provider.py).
    provider: ProviderConfig = MISSING
    profile: ProfileConfig = MISSING
    rollout: RolloutConfig = MISSING
    logger: LoggerConfig = MISSING
    eval: EvalConfig = field(default_factory=EvalConfig)
    guards: GuardsConfig = field(default_factory=GuardsConfig)
    checkpoint: CheckpointConfig = field(default_factory=CheckpointConfig)
    trial: TrialConfig = field(default_factory=TrialConfig)
    # null: start fresh; auto: newest complete checkpoint of this run dir; or a checkpoint / run dir path
    resume: Optional[str] = None
    # Resume even though the training data's sha256 differs from the checkpoint's (recorded as resume.forced).
    resume_force: bool = False
    seed: int = 0
    run_name: Optional[str] = None
    tags: List[str] = field(default_factory=list)
    # Write the trained weights (or LoRA adapter) into <run dir>/model.
    save_model: bool = True
    # Free-form notes recorded in the manifest.
    notes: Optional[str] = None
