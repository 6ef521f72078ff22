"""The vLLM backend: vLLM's own OpenAI server as a subprocess, behind loopwright's front.

vLLM lives in a second environment (docs/ROLLOUT.md, scripts/make_vllm_env.py).
``python -m loopwright.serve backend=vllm`` starts that environment's
``python -m vllm.entrypoints.openai.api_server`` on a free loopback port with the
run's model (a LoRA run: ``--model <base> --enable-lora --lora-modules <id>=<adapter>``),
waits for its ``/health``, and sends it the prompts as token ids on its
``/v1/completions`` endpoint. The front (serving/app.py) renders the chat
template, parses tool calls, bounds the request, checks the key and logs the
traffic exactly as with the transformers backend, so both backends answer alike.
vLLM gets a random key of its own through ``VLLM_API_KEY`` (not its command line,
which ``ps`` shows), so nothing else on the machine can bypass the front.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import AsyncIterator

from loopwright.runs.reader import read_json
from loopwright.serving.backend_hf import Outcome, Sampling


def vllm_python(configured: str | None) -> Path | None:
    """The vLLM environment's python when it is ready (configured, else the builder's default place)."""
    if configured:
        path = Path(configured).expanduser()
        return path if path.is_file() else None
    env = os.environ.get("LOOPWRIGHT_VLLM_ENV")
    cache = Path(os.environ.get("LOOPWRIGHT_CACHE", Path.home() / ".cache" / "loopwright"))
    candidates = [Path(env)] if env else sorted(cache.glob("vllm-env-*"), reverse=True)
    for env_dir in candidates:
        if (env_dir / "loopwright-vllm-env.json").is_file() and (env_dir / "bin" / "python").is_file():
            return env_dir / "bin" / "python"
    return None


# the --max-lora-rank values vLLM accepts
_LORA_RANKS = (8, 16, 32, 64, 128, 256, 320, 512)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    """Linux: vLLM gets SIGTERM when the serving process dies, even by SIGKILL (no orphan holding a GPU)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def server_command(python: Path, model_dir: Path, served_name: str, port: int, dtype: str,
                   max_model_len: int | None, extra: list[str]) -> list[str]:
    cmd = [str(python), "-m", "vllm.entrypoints.openai.api_server", "--host", "127.0.0.1", "--port", str(port),
           "--dtype", dtype, "--served-model-name", served_name]
    adapter = model_dir / "adapter_config.json"
    if adapter.is_file():
        config = read_json(adapter)
        base, rank = config["base_model_name_or_path"], int(config.get("r") or 16)
        max_rank = next((r for r in _LORA_RANKS if r >= rank), rank)
        cmd += ["--model", str(base), "--enable-lora", "--max-lora-rank", str(max_rank),
                "--lora-modules", f"{served_name}-adapter={model_dir}"]
    else:
        cmd += ["--model", str(model_dir)]
    if max_model_len:
        cmd += ["--max-model-len", str(max_model_len)]
    return cmd + list(extra)


class VllmEngine:
    name = "vllm"

    def __init__(self, python: Path, model_dir: Path, served_name: str, log_path: Path, dtype: str = "auto",
                 max_model_len: int | None = None, extra_args: list[str] | None = None,
                 startup_timeout_s: float = 600.0):
        from transformers import AutoConfig, AutoTokenizer

        from loopwright.serving.tool_calls import tool_ready

        self.adapter = (model_dir / "adapter_config.json").is_file()
        self.tokenizer = tool_ready(AutoTokenizer.from_pretrained(str(model_dir)))
        from loopwright.models.families import load_kwargs

        self.template_kwargs = load_kwargs(model_dir)  # model.thinking as the run trained (models/families.py)
        base = read_json(model_dir / "adapter_config.json")["base_model_name_or_path"] \
            if self.adapter else str(model_dir)
        self.context = int(max_model_len or getattr(AutoConfig.from_pretrained(base), "max_position_embeddings"))
        # requests go to the adapter's name for a LoRA run (vLLM serves the base under served_name too)
        self.target = f"{served_name}-adapter" if self.adapter else served_name
        self.port = _free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self._key = secrets.token_urlsafe(24)
        self.command = server_command(python, model_dir, served_name, self.port, dtype, max_model_len,
                                      extra_args or [])
        self._log = log_path.open("a", encoding="utf-8")
        env = {**os.environ, "VLLM_API_KEY": self._key}
        self.proc = subprocess.Popen(self.command, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                     preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None)
        self._client = None
        self._wait_healthy(startup_timeout_s, log_path)

    def _wait_healthy(self, timeout: float, log_path: Path) -> None:
        import httpx

        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                self.close()
                raise RuntimeError(f"vLLM exited with {self.proc.returncode} while starting; its log: {log_path}\n"
                                   + log_path.read_text(errors="replace")[-3000:])
            try:
                if httpx.get(f"{self.base_url}/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.close()
                raise RuntimeError(f"vLLM did not answer /health within {timeout:.0f} s; its log: {log_path}")
            time.sleep(1)

    def busy(self) -> bool:
        return False  # vLLM queues and schedules itself

    def _body(self, prompt: list[int], sampling: Sampling) -> dict:
        return {"model": self.target, "prompt": prompt, "max_tokens": sampling.max_tokens,
                "temperature": sampling.temperature, "top_p": sampling.top_p, "stop": list(sampling.stop) or None,
                "stream": True, "stream_options": {"include_usage": True}, "skip_special_tokens": True}

    async def generate(self, prompt: list[int], sampling: Sampling, outcome: Outcome) -> AsyncIterator[str]:
        import httpx

        if self._client is None:
            self._client = httpx.AsyncClient(base_url=self.base_url, timeout=httpx.Timeout(600, connect=10),
                                             headers={"Authorization": f"Bearer {self._key}"})
        async with self._client.stream("POST", "/v1/completions", json=self._body(prompt, sampling)) as response:
            if response.status_code != 200:
                detail = (await response.aread()).decode(errors="replace")[:2000]
                raise RuntimeError(f"vLLM answered {response.status_code}: {detail}")
            async for line in response.aiter_lines():
                if not line.startswith("data: ") or line == "data: [DONE]":
                    continue
                event = json.loads(line[6:])
                for choice in event.get("choices") or []:
                    if choice.get("text"):
                        yield choice["text"]
                    if choice.get("finish_reason"):
                        outcome.finish = choice["finish_reason"]
                if event.get("usage"):
                    outcome.tokens = int(event["usage"].get("completion_tokens") or 0)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()
