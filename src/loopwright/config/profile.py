"""``profile=``: the resource/quality trade-off (conf/profile/*.yaml): batch, group size, lengths, steps."""


from enum import Enum
from typing import Any, Optional

from omegaconf import MISSING

from loopwright.config._schema import schema


class Precision(str, Enum):
    auto = "auto"  # bf16 autocast where the device computes bf16 natively (CUDA >= 8.0, AVX512-BF16/AMX), else fp32
    fp32 = "fp32"
    bf16 = "bf16"
    fp16 = "fp16"


class OmpWaitPolicy(str, Enum):
    # How torch's OpenMP threads wait at the end of a parallel region (OMP_WAIT_POLICY, set before torch loads).
    # spin 2000 times (GOMP_SPINCOUNT), then sleep: faster than passive both idle and on a loaded CPU
    brief = "brief"
    passive = "passive"  # sleep: on a CPU shared with other jobs a spinning thread holds the core its partner needs
    active = "active"    # spin: lowest latency on an idle machine


class AttnImplementation(str, Enum):
    # transformers' attention kernel (from_pretrained's attn_implementation); null: transformers' default (sdpa)
    eager = "eager"  # plain matmuls + softmax: on the CPU, short sequences train faster than sdpa's flash kernel
    sdpa = "sdpa"
    flash_attention_2 = "flash_attention_2"  # needs the flash-attn package and a CUDA GPU
    flex_attention = "flex_attention"


class Device(str, Enum):
    auto = "auto"  # CUDA when available, else CPU
    cpu = "cpu"
    cuda = "cuda"


@schema
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
    # null: libgomp's default (spin, then sleep). Measured: docs/EPISODES.md, "Where a step's time went".
    omp_wait_policy: Optional[OmpWaitPolicy] = OmpWaitPolicy.brief
    # Measured: docs/BENCHMARKS.md, "Where a step's time goes" (eager: the CPU backward of sdpa's flash kernel
    # was 22% of a default step).
    attn_implementation: Optional[AttnImplementation] = None
    # A GRPO group's prompt run once, not once per completion, in the HF rollout's prefill and the log-probability
    # passes (loopwright.rollout.prompt_sharing; the CPU, one process, no gradient checkpointing). Measured:
    # docs/BENCHMARKS.md, "One prefill per prompt". false: TRL's own path.
    share_prompts: bool = True
    # true: each sampled token of an HF rollout drawn by inverse CDF (one uniform per row) instead of
    # torch.multinomial's exponential draw per vocabulary entry, on the CPU: the same distribution, other draws at a
    # given seed (loopwright.rollout.inverse_cdf_sampling), ~0.3 s faster per default step. Off by default until
    # the seed-sensitive learning checks are re-established under its draws: docs/BENCHMARKS.md, "Sampling by
    # inverse CDF".
    inverse_cdf_sampling: bool = False


def problems(cfg: Any) -> list[str]:
    """profile=: its sizes, and the precision and attention kernel its device can run."""
    from loopwright.config.checks import positive

    p = cfg.profile
    problems = positive(cfg, "profile.per_device_train_batch_size", "profile.gradient_accumulation_steps",
                        "profile.num_generations", "profile.max_completion_length", "profile.max_steps",
                        "profile.logging_steps", "profile.eval_batch_size")
    if p.device.value == "cpu" and p.precision.value == "fp16":
        problems.append("profile.precision=fp16 is not supported with profile.device=cpu; use fp32 or bf16")
    kernel = p.get("attn_implementation")
    if p.device.value == "cpu" and getattr(kernel, "value", kernel) == "flash_attention_2":
        problems.append("profile.attn_implementation=flash_attention_2 needs a CUDA GPU and profile.device=cpu has "
                        "none; use eager, sdpa or null")
    return problems
