"""What ``python -m loopwright.serve`` runs: an OpenAI-compatible front over a run's model.

    app.py           the Starlette front: key, body bound, routes, streaming (SSE), traffic
    protocol.py      the Chat Completions wire format: request checks, the objects sent back
    backend_hf.py    transformers in this process, concurrent requests batched into one generate
    backend_vllm.py  vLLM's OpenAI server from the second environment, behind the same front
    tools.py         tools= rendered with the chat template, <tool_call> blocks parsed back; chat's tool runs
    traffic.py       <serve dir>/traffic.jsonl, the OpenAI request/response records ingest reads

Importing the package loads nothing heavy; torch and transformers load with a backend. docs/SERVE.md.
"""
