"""``rollout=``: which engine generates the completions a step learns from (conf/rollout/*.yaml).

``hf`` is transformers' ``generate`` inside the trainer (TRL's default, nothing to install);
``vllm`` is vLLM in the trainer's process (TRL's colocate mode); ``vllm_server`` is a vLLM server
the trainer talks to over HTTP (TRL's server mode). The keys map one to one onto TRL's
``vllm_*`` trainer fields and onto the vLLM engine arguments loopwright pins
(:mod:`loopwright.rollout`); the manifest records both. docs/ROLLOUT.md has the whole story.
"""

from enum import Enum
from typing import Optional

from omegaconf import MISSING

from loopwright.config._schema import schema


class Engine(str, Enum):
    hf = "hf"  # transformers generate (TRL's default)
    vllm = "vllm"  # vLLM, in-process (mode=colocate) or a server (mode=server)


class VllmMode(str, Enum):
    colocate = "colocate"
    server = "server"


class ImportanceSamplingMode(str, Enum):
    # TRL 1.16's modes for the trainer<->sampler mismatch correction (GRPOConfig docs)
    token_truncate = "token_truncate"
    token_mask = "token_mask"
    sequence_truncate = "sequence_truncate"
    sequence_mask = "sequence_mask"


@schema
class RolloutConfig:
    name: str = MISSING
    engine: Engine = Engine.hf
    mode: VllmMode = VllmMode.colocate
    # vLLM's dtype. null: the trainer's own weights' dtype (model.dtype). Never vLLM's "auto": that serves
    # an fp32 checkpoint in bf16 (CPU) or fp16 (GPU), and the trainer's log-probs then disagree with the sampler's.
    dtype: Optional[str] = None
    # Eager execution: no torch.compile at engine start (18 s instead of ~90 s on the CPU); false on GPUs for speed.
    enforce_eager: bool = True
    max_model_length: Optional[int] = None  # null: the model's context length
    # colocate on a GPU: the share of GPU memory vLLM takes (weights + KV cache); TRL's default 0.3
    gpu_memory_utilization: float = 0.3
    # colocate on the CPU: the KV cache vLLM reserves, in GiB (vLLM's VLLM_CPU_KVCACHE_SPACE)
    cpu_kv_cache_gib: int = 1
    tensor_parallel_size: int = 1
    enable_sleep_mode: bool = False  # GPU colocate: free vLLM's memory while the trainer steps
    # server mode: where `python -m vllm.entrypoints.openai.api_server` listens (docs/ROLLOUT.md)
    base_url: Optional[str] = None
    server_timeout: float = 240.0
    # TRL's correction for the sampler's log-probs differing from the trainer's (GRPO only; RLOO has none)
    importance_sampling_correction: bool = True
    importance_sampling_mode: ImportanceSamplingMode = ImportanceSamplingMode.sequence_mask
    importance_sampling_clip_max: float = 3.0
    # After training: push the final weights into vLLM and check that its greedy generation equals
    # transformers' on the same prompts (manifest.json "rollout_sync"); a mismatch fails the run.
    verify_sync: bool = True
    verify_sync_prompts: int = 4
