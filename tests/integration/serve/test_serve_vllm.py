"""``python -m loopwright.serve backend=vllm``: vLLM's own server (the second environment) behind the front.

Uses the vLLM environment through the session fixture that builds it on first use (the rollout
tests share it), so it never skips; marked slow: vLLM's CPU start-up takes a minute or two. The model is the tiny Llama
(vLLM's CPU attention cannot serve the tiny model's head_dim of 16). A LoRA run is served as its
adapter on the base (``--enable-lora``) and must answer as PEFT does on the same weights, and
differently from the base; the traffic is logged as with the transformers backend.
"""

from __future__ import annotations

import json

import openai
import pytest

from helpers.serving import perturb_adapter, serving, train_tiny
pytestmark = [pytest.mark.slow]

VLLM = ["vllm.dtype=float32", "vllm.max_model_len=512", "vllm.extra_args=[--enforce-eager]"]
MESSAGES = [{"role": "user", "content": "Hello"}]


@pytest.fixture(scope="module")
def lora_run(tmp_path_factory):
    run = tmp_path_factory.mktemp("vllm-served") / "lora"
    proc = train_tiny(["model=tiny_llama", "model.lora.enabled=true", "model.lora.r=4"], run)
    _, err = proc.communicate(timeout=900)
    assert proc.returncode == 0, err[-3000:]
    perturb_adapter(run / "model")
    return run


def _greedy(model, tokenizer, max_new_tokens: int = 8) -> str:
    import torch

    from loopwright.serving.tool_calls import prompt_ids

    ids = torch.tensor([prompt_ids(tokenizer, MESSAGES, None)])
    out = model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), max_new_tokens=max_new_tokens,
                         do_sample=False, pad_token_id=tokenizer.pad_token_id)
    return tokenizer.decode(out[0, ids.shape[1]:], skip_special_tokens=True)


def test_vllm_serves_the_adapter_streams_and_logs(lora_run, vllm_python):
    from transformers import AutoModelForCausalLM

    from loopwright.serving.backend_hf import load_run_model

    with serving(lora_run, *VLLM, f"vllm.python={vllm_python}", backend="vllm",
                 env={"VLLM_CPU_KVCACHE_SPACE": "1"}, timeout=900) as (url, _):
        client = openai.OpenAI(base_url=url, api_key="unused", max_retries=0)
        model = client.models.list().data[0].id
        whole = client.chat.completions.create(model=model, messages=MESSAGES, max_tokens=8, temperature=0)
        chunks = list(client.chat.completions.create(model=model, messages=MESSAGES, max_tokens=8, temperature=0,
                                                     stream=True))
        with pytest.raises(openai.BadRequestError):
            client.chat.completions.create(model=model, messages=MESSAGES, max_tokens=5000)
    text = whole.choices[0].message.content
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == text
    peft_model, tokenizer = load_run_model(lora_run / "model")
    base = AutoModelForCausalLM.from_pretrained(peft_model.peft_config["default"].base_model_name_or_path)
    assert text == _greedy(peft_model, tokenizer) != _greedy(base, tokenizer)
    records = [json.loads(line) for line in (lora_run / "serve" / "traffic.jsonl").open()]
    assert len(records) == 2 and all(r["metadata"]["backend"] == "vllm" and r["metadata"]["adapter"] for r in records)
    assert "'enable_lora': True" in (lora_run / "serve" / "vllm.log").read_text()  # vLLM's own record
