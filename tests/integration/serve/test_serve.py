"""``python -m loopwright.serve`` on loopback, talked to with the real ``openai`` client.

One server (transformers backend, API key on, small bounds) serves the scripted tiny run
for the module; the LoRA run gets its own. Each test checks what a client sees and what
``traffic.jsonl`` holds afterwards.
"""

from __future__ import annotations

import json
import threading

import httpx
import openai
import pytest

from helpers.serving import ANSWER, KEY, QUESTION, TOOLS, serving

BOUNDS = ["max_request_bytes=20000", "max_tokens=64", "default_max_tokens=16", "batch.wait_ms=300",
          "api_key_env=LOOPWRIGHT_TEST_SERVE_KEY"]


@pytest.fixture(scope="module")
def server(runs):
    with serving(runs["full"], *BOUNDS, env={"LOOPWRIGHT_TEST_SERVE_KEY": KEY}) as (base_url, log):
        yield {"base_url": base_url, "log": log, "run": runs["full"],
               "client": openai.OpenAI(base_url=base_url, api_key=KEY, max_retries=0)}


def _traffic(run_dir) -> list[dict]:
    return [json.loads(line) for line in (run_dir / "serve" / "traffic.jsonl").open()]


def _model(server) -> str:
    return server["client"].models.list().data[0].id


def test_models_lists_the_run(server):
    models = server["client"].models.list().data
    run = server["run"]
    assert [m.id for m in models] == [f"{run.parent.name}/{run.name}"]


def test_plain_completion_is_greedy_logged_and_ingestible(server):
    client = server["client"]
    kwargs = dict(model=_model(server), messages=[{"role": "user", "content": "Hello there"}], max_tokens=12,
                  temperature=0)
    first = client.chat.completions.create(**kwargs)
    again = client.chat.completions.create(**kwargs)
    choice = first.choices[0]
    assert choice.message.role == "assistant" and isinstance(choice.message.content, str)
    assert choice.finish_reason in ("stop", "length") and first.usage.completion_tokens <= 12
    assert again.choices[0].message.content == choice.message.content  # temperature=0 is greedy
    record = next(r for r in _traffic(server["run"]) if r["id"] == first.id)
    assert record["request"]["messages"] == kwargs["messages"]
    assert record["response"]["choices"][0]["message"]["content"] == choice.message.content
    meta = record["metadata"]
    assert meta["source"] == "loopwright.serve" and meta["run"] == str(server["run"])
    assert meta["run_id"] == _model(server) and meta["backend"] == "hf" and meta["stream"] is False


def test_streaming_sends_the_same_reply_in_pieces(server):
    client, model = server["client"], _model(server)
    messages = [{"role": "user", "content": "Tell me a story"}]
    whole = client.chat.completions.create(model=model, messages=messages, max_tokens=16, temperature=0)
    chunks = list(client.chat.completions.create(model=model, messages=messages, max_tokens=16, temperature=0,
                                                 stream=True, stream_options={"include_usage": True}))
    pieces = [c.choices[0].delta.content for c in chunks if c.choices and c.choices[0].delta.content]
    assert "".join(pieces) == whole.choices[0].message.content
    assert len(pieces) > 1, "streamed as one piece"
    assert [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason] == \
        [whole.choices[0].finish_reason]
    assert chunks[-1].usage.completion_tokens == whole.usage.completion_tokens
    record = next(r for r in _traffic(server["run"]) if r["id"] == chunks[0].id)
    assert record["metadata"]["stream"] is True
    assert record["response"]["choices"][0]["message"]["content"] == whole.choices[0].message.content


@pytest.mark.parametrize("stream", [False, True])
def test_a_tool_call_comes_back_as_tool_calls(server, stream):
    client, model = server["client"], _model(server)
    messages = [{"role": "user", "content": QUESTION}]
    if stream:
        chunks = list(client.chat.completions.create(model=model, messages=messages, tools=TOOLS, max_tokens=40,
                                                     temperature=0, stream=True))
        calls = [tc for c in chunks if c.choices for tc in (c.choices[0].delta.tool_calls or [])]
        text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
        finish = [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason]
        cid = chunks[0].id
    else:
        reply = client.chat.completions.create(model=model, messages=messages, tools=TOOLS, max_tokens=40,
                                               temperature=0)
        calls, text = reply.choices[0].message.tool_calls, reply.choices[0].message.content or ""
        finish, cid = [reply.choices[0].finish_reason], reply.id
    assert finish == ["tool_calls"] and text == "" and "<tool_call>" not in text
    assert len(calls) == 1 and calls[0].function.name == "calculator"
    assert json.loads(calls[0].function.arguments) == {"expression": "12 * 7"} and calls[0].id
    record = next(r for r in _traffic(server["run"]) if r["id"] == cid)
    logged = record["response"]["choices"][0]["message"]
    assert logged["content"] is None and logged["tool_calls"][0]["function"]["name"] == "calculator"
    assert record["request"]["tools"] == TOOLS
    # the conversation goes on: the tool's result back, and the model answers from it
    follow = client.chat.completions.create(model=model, temperature=0, max_tokens=40, tools=TOOLS, messages=[
        *messages, {"role": "assistant", "content": None, "tool_calls": [
            {"id": calls[0].id, "type": "function", "function": {"name": "calculator",
                                                                 "arguments": calls[0].function.arguments}}]},
        {"role": "tool", "tool_call_id": calls[0].id, "content": "84"}])
    assert follow.choices[0].message.content == ANSWER and follow.choices[0].finish_reason == "stop"


def test_without_tools_the_model_text_is_left_as_it_is(server):
    reply = server["client"].chat.completions.create(model=_model(server), temperature=0, max_tokens=40,
                                                     messages=[{"role": "user", "content": QUESTION}])
    assert reply.choices[0].message.tool_calls is None and "<tool_call>" in reply.choices[0].message.content


def test_bad_requests_get_400_with_a_message_naming_the_field(server):
    client, model = server["client"], _model(server)
    with pytest.raises(openai.BadRequestError) as err:
        client.chat.completions.create(model=model, messages=[{"role": "wizard", "content": "hi"}])
    assert "messages[0].role" in err.value.message and "wizard" in err.value.message
    with pytest.raises(openai.BadRequestError) as err:
        client.chat.completions.create(model=model, messages=[{"role": "user", "content": "hi"}], max_tokens=65)
    assert "max_tokens" in err.value.message and "64" in err.value.message
    with pytest.raises(openai.BadRequestError) as err:
        client.chat.completions.create(model=model, messages=[{"role": "user", "content": "hi"}], n=3)
    assert err.value.body["param"] == "n"
    with pytest.raises(openai.NotFoundError) as err:
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    assert model in err.value.message
    raw = httpx.post(f"{server['base_url']}/chat/completions", content=b"{not json",
                     headers={"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"})
    assert raw.status_code == 400 and "not JSON" in raw.json()["error"]["message"]


def test_an_oversized_request_is_refused_with_413(server):
    with pytest.raises(openai.APIStatusError) as err:
        server["client"].chat.completions.create(model=_model(server),
                                                 messages=[{"role": "user", "content": "x" * 30_000}])
    assert err.value.status_code == 413 and "20000 bytes" in err.value.message


def test_auth_is_required_and_the_key_is_never_written(server):
    url = f"{server['base_url']}/chat/completions"
    body = {"model": _model(server), "messages": [{"role": "user", "content": "hi"}], "max_tokens": 2}
    assert httpx.post(url, json=body).status_code == 401
    assert httpx.get(f"{server['base_url']}/models").status_code == 401
    wrong = openai.OpenAI(base_url=server["base_url"], api_key="sk-wrong", max_retries=0)
    with pytest.raises(openai.AuthenticationError):
        wrong.chat.completions.create(**body)
    assert httpx.post(url, json=body, headers={"Authorization": f"Bearer {KEY}"}).status_code == 200
    serve_dir = server["run"] / "serve"
    for path in [serve_dir / "traffic.jsonl", serve_dir / "serve.json", server["log"]]:
        assert KEY not in path.read_text(), path
    assert json.loads((serve_dir / "serve.json").read_text())["auth"] is True


def test_concurrent_requests_share_generate_calls(server):
    client, model = server["client"], _model(server)
    replies: dict[int, str] = {}

    def ask(i: int) -> None:
        replies[i] = client.chat.completions.create(model=model, temperature=0, max_tokens=8, messages=[
            {"role": "user", "content": f"Request number {i}"}]).id

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert len(replies) == 4
    batches = {r["id"]: r["metadata"]["batch"] for r in _traffic(server["run"]) if r["id"] in replies.values()}
    assert len(batches) == 4 and max(batches.values()) >= 2, batches


def test_a_lora_run_is_served_as_its_adapter_on_the_base(runs):
    import torch
    from transformers import AutoModelForCausalLM

    from loopwright.serving.backend_hf import load_run_model
    from loopwright.serving.tool_calls import prompt_ids

    run = runs["lora"]
    messages = [{"role": "user", "content": "Hello"}]
    with serving(run) as (base_url, _):
        client = openai.OpenAI(base_url=base_url, api_key="unused", max_retries=0)
        model = client.models.list().data[0].id
        served = client.chat.completions.create(model=model, messages=messages, max_tokens=8,
                                                temperature=0).choices[0].message.content
    peft_model, tokenizer = load_run_model(run / "model")
    assert hasattr(peft_model, "peft_config")  # loaded as an adapter, not merged weights
    base = AutoModelForCausalLM.from_pretrained(peft_model.peft_config["default"].base_model_name_or_path)
    ids = torch.tensor([prompt_ids(tokenizer, messages, None)])

    def greedy(m) -> str:
        out = m.generate(input_ids=ids, attention_mask=torch.ones_like(ids), max_new_tokens=8, do_sample=False,
                         pad_token_id=tokenizer.pad_token_id)
        return tokenizer.decode(out[0, ids.shape[1]:], skip_special_tokens=True)

    assert served == greedy(peft_model) != greedy(base)
    record = _traffic(run)[-1]
    assert record["metadata"]["adapter"] is True and record["metadata"]["run"] == str(run)
