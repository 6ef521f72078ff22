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
    # Evaluate the trained policy on the held-out prompts after training.
    enabled: bool = True
    # Also evaluate every N training steps (eval/* in metrics.jsonl); null = only at the end.
    every: Optional[int] = None
    # Greedy decoding budget; null means profile.max_completion_length.
    max_new_tokens: Optional[int] = None
    # A held-out prompt counts as solved when its reward is at least this.
    success_threshold: float = 1.0
    # A held-out prompts file (.jsonl) evaluated instead of the task's split.
    # Each line a prompt, with optional expect/forbid (docs/EVALUATION.md).
    prompts: Optional[str] = None
    # Evaluate only the first N held-out prompts; null = all.
    # A quicker check that leaves the training split as it is (task.n_eval would move items between the splits).
    limit: Optional[int] = None
    # The trained pass rate below this floor fails the job       -> exit 4 (gate_failed)
    # Artifacts are kept; the accuracy is read where a task has no pass rate. null = off.
    fail_below: Optional[float] = None
    # The ship gate: base = not better than the base model       -> exit 5 (dont_ship)
    # src/loopwright/evaluation/paired.py: paired bootstrap + sign test, no regression; artifacts kept. null = off.
    gate: Optional[GateBaseline] = None
    # Reward up while a signal it never saw falls                -> exit 5 (dont_ship, reward hacking)
    # The signal, scored on the held-out replies of both models (src/loopwright/evaluation/held_out_check.py):
    # grounding, another reward option, or a dotted function. null = off.
    held_out_check: Optional[str] = None
    # true: the held-out figure did not move past its noise      -> exit 14 (no_gain)
    # The 95% interval of summary.gain; the verdict is printed and recorded either way. false: recorded only.
    require_gain: bool = False


# ---------------------------------------------------------------------- guards
@schema
class GuardsConfig:
    """Stop runs that waste compute (src/loopwright/train/guards.py)."""

    # Logged steps in a row with reward_std 0: nothing to learn   -> exit 3 (aborted)
    # No group had any reward difference, so the policy gradient is zero. null = off.
    zero_signal_steps: Optional[int] = 20
    # Step 1's rollouts judged before its optimizer step         -> exit 10 (no_signal)
    # src/loopwright/train/signal_check.py: no group with a reward difference, or nearly every completion cut at
    # the budget. true: enforced; false: skipped; null: enforced except on a random-init model (recorded only).
    signal_check: Optional[bool] = None
    # A NaN or infinite loss or gradient norm stops the run        -> exit 3 (aborted)
    stop_on_nonfinite: bool = True
    # A training time budget in seconds: a clean stop             -> exit 0 (completed)
    # Then evaluate and write the manifest. null = none.
    max_time: Optional[float] = None
    # vLLM's log-probs drift from the trainer's                   -> exit 11 (rollout_drift)
    # TRL's trainer<->sampler log-prob gap (sampling/sampling_logp_difference/mean, logged when vLLM generates)
    # above rollout_drift_max for rollout_drift_steps consecutive logged steps: vLLM samples from other weights.
    # null = off.
    rollout_drift_max: Optional[float] = 0.1
    rollout_drift_steps: int = 3
    # A step that never ends: every thread's stack dumped         -> exit 12 (hung)
    # No training step finished within max(hang_floor_s, hang_factor x the median step time): the stacks go to
    # <run dir>/hang_stacks.txt. null factor = off. hang_floor_s also bounds the reward's calls outside steps
    # (pre-flight audit, the signal check's references).
    hang_factor: Optional[float] = 10.0
    hang_floor_s: float = 600.0
    # A resume that would train 0 steps or restart the schedule  -> exit 2 (resume_refused)
    resume_progress: bool = True
    # Rewarded replies that fit any prompt                        -> exit 13 (reward_hacking)
    # The monitor (src/loopwright/train/hacking.py): this share of completions near-identical across prompts and
    # rewarded, or of sampled rewarded completions keeping its reward on another prompt, on reward_hacking_steps
    # consecutive logged steps. null: off.
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
