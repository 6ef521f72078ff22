"""Serving a trained run in tests: scripted tool-calling weights and ``python -m loopwright.serve`` on a free port.

A random-init model never writes a tool call, so :func:`script_tool_call` gives a run's
``generation_config.json`` a ``sequence_bias`` that scripts one conversation (transformers'
own logits processor, applied inside ``model.generate``): after "What is 12 times 7?" the
model writes a calculator call, after the tool's "84" it answers "12 times 7 is 84."; any
other prompt gets the random model's own text. It stands in for a model trained to call
tools; the template rendering, generation, parsing and wire format around it are the real ones.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from helpers import ROOT, free_port

TINY = ["model=tiny", "profile=smoke"]
QUESTION = "What is 12 times 7?"
CALL = '<tool_call>\n{"name": "calculator", "arguments": {"expression": "12 * 7"}}\n</tool_call>'
ANSWER = "12 times 7 is 84."
TOOLS = [{"type": "function", "function": {
    "name": "calculator", "description": "Evaluate an arithmetic expression.",
    "parameters": {"type": "object", "properties": {"expression": {"type": "string"}}, "required": ["expression"]}}}]
KEY = "sk-loopwright-test-0123456789"


def train_tiny(args: list[str], run_dir: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(ROOT / "train.py"), *TINY, *args, f"hydra.run.dir={run_dir}"],
                            cwd=run_dir.parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def script_tool_call(model_dir: Path) -> None:
    """Bias the saved generation config so the scripted conversation comes out token for token."""
    from transformers import AutoTokenizer, GenerationConfig

    from loopwright.serving.tool_calls import prompt_ids, tool_ready

    tokenizer = tool_ready(AutoTokenizer.from_pretrained(str(model_dir)))
    asked = [{"role": "user", "content": QUESTION}]
    called = asked + [{"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function",
         "function": {"name": "calculator", "arguments": '{"expression": "12 * 7"}'}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "84"}]
    sequences = []
    for messages, reply in ((asked, CALL), (called, ANSWER)):
        context = prompt_ids(tokenizer, messages, TOOLS)[-8:]  # the question (or the tool's answer) and the header
        target = tokenizer(reply + "<|im_end|>", add_special_tokens=False)["input_ids"]
        sequences += [[context + target[: i + 1], 100.0] for i in range(len(target))]
    config = GenerationConfig.from_pretrained(str(model_dir))
    config.sequence_bias = sequences
    config.save_pretrained(str(model_dir))


def perturb_adapter(model_dir: Path) -> None:
    """LoRA's B starts at zero; after two smoke steps the adapter barely moves the output. Make it matter."""
    import torch
    from safetensors.torch import load_file, save_file

    path = model_dir / "adapter_model.safetensors"
    weights = load_file(str(path))
    generator = torch.Generator().manual_seed(0)
    for name, tensor in weights.items():
        if "lora_B" in name:
            weights[name] = torch.randn(tensor.shape, generator=generator) * 0.5
    save_file(weights, str(path))


@contextlib.contextmanager
def server_process(cmd: list[str], base: str, log: Path, env: dict | None = None, timeout: float = 300):
    """``cmd`` started with its output in ``log``, until ``<base>/health`` answers; stopped on exit."""
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, env={**os.environ, **(env or {})}, stdout=out, stderr=subprocess.STDOUT,
                                cwd=log.parent, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while True:
            assert proc.poll() is None, log.read_text()[-5000:]
            try:
                urllib.request.urlopen(f"{base}/health", timeout=2)
                break
            except OSError:
                assert time.monotonic() < deadline, f"{cmd[:3]} did not come up in {timeout:.0f} s\n" + \
                    log.read_text()[-5000:]
                time.sleep(0.5)
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def serving(run_dir: Path, *overrides: str, env: dict | None = None, timeout: float = 300, backend: str = "hf"):
    """``python -m loopwright.serve run=<run_dir>`` on a free port; yields (base_url, its log file)."""
    port = free_port()
    log = run_dir.parent / f"serve-{port}.log"
    cmd = [sys.executable, "-m", "loopwright.serve", f"run={run_dir}", f"port={port}", f"backend={backend}",
           *overrides]
    with server_process(cmd, f"http://127.0.0.1:{port}", log, env, timeout):
        yield f"http://127.0.0.1:{port}/v1", log
