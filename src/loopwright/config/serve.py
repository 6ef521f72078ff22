"""Typed config of ``python -m loopwright.serve`` (conf/serve.yaml).

Registered as ``serve_schema`` beside the loop apps' schemas, so a misspelt key
(``api_keyenv=``) fails at composition. Importable without torch.
"""

from dataclasses import field
from enum import Enum
from typing import List, Optional

from hydra.core.config_store import ConfigStore
from omegaconf import MISSING

from loopwright.config._schema import schema


class ServeBackend(str, Enum):
    auto = "auto"   # vllm when its environment is ready and a CUDA GPU is visible, else hf
    hf = "hf"       # transformers in this process, requests batched (serving/backend_hf.py)
    vllm = "vllm"   # vLLM's OpenAI server as a subprocess of the second environment (serving/backend_vllm.py)


@schema
class BatchConfig:
    # At most this many concurrent requests share one generate call
    max_size: int = 8
    # How long the first request of a batch waits for others to join (milliseconds)
    wait_ms: float = 10.0
    # Requests waiting beyond this many are refused with 503 (the server is saturated)
    max_pending: int = 64


@schema
class VllmServeConfig:
    # The vLLM environment's python; null: $LOOPWRIGHT_VLLM_ENV or ~/.cache/loopwright/vllm-env-<version>
    python: Optional[str] = None
    # vLLM's --dtype (auto, float32, bfloat16, float16)
    dtype: str = "auto"
    # vLLM's --max-model-len; null: the model's context
    max_model_len: Optional[int] = None
    # Seconds to wait for vLLM's /health before giving up (its start-up compiles and profiles)
    startup_timeout_s: float = 600.0
    # Extra arguments for vLLM's api_server, appended as they are (e.g. [--gpu-memory-utilization, "0.5"])
    extra_args: List[str] = field(default_factory=list)


@schema
class ServeConfig:
    # A run directory (outputs/runs/...) whose model/ (full weights or a LoRA adapter) to serve
    run: str = MISSING
    # traffic.jsonl, serve.json (what was served) and vllm.log go here; null: <run>/serve
    dir: Optional[str] = None
    backend: ServeBackend = ServeBackend.auto
    # Loopback by default: the server is reachable from other machines only when this says so, and then
    # only with api_key_env set (a host beyond loopback without a key is refused at start)
    host: str = "127.0.0.1"
    port: int = 8000
    # The model id clients send and /v1/models lists; null: the run id (<date>/<time> of the run dir)
    model_name: Optional[str] = None
    # The NAME of an environment variable holding the API key; null: no key (loopback use).
    # When set, every /v1 request needs "Authorization: Bearer <key>" (401 otherwise); the key is never logged.
    api_key_env: Optional[str] = None
    # Host names requests may carry besides the loopback names and host (421 otherwise: DNS rebinding);
    # ["*"]: any. A server on 0.0.0.0 lists the names its clients use (e.g. [gpu-box, 10.0.0.5])
    allowed_hosts: List[str] = field(default_factory=list)
    # Chat completions in flight at once (a stream counts until it ends); more are refused with 503
    max_concurrent: int = 64
    # Stop strings of one request longer than this in all (characters) are refused with 400
    max_stop_chars: int = 256
    # Request bodies over this many bytes are refused with 413
    max_request_bytes: int = 1_000_000
    # A request asking for more completion tokens than this is refused with 400
    max_tokens: int = 1024
    # Completion tokens of a request that does not say (bounded by the context left)
    default_max_tokens: int = 256
    # false: nothing is appended to <dir>/traffic.jsonl
    log_traffic: bool = True
    batch: BatchConfig = field(default_factory=BatchConfig)
    vllm: VllmServeConfig = field(default_factory=VllmServeConfig)


def register_configs() -> None:
    ConfigStore.instance().store(name="serve_schema", node=ServeConfig)


register_configs()
