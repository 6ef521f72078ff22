"""Request checks of the served Chat Completions API: what is accepted, and the 400 each refusal gives."""

from __future__ import annotations

import pytest

from loopwright.serving.protocol import ApiError, parse_request

MODEL = "runs/a"


def _req(**fields):
    return {"model": MODEL, "messages": [{"role": "user", "content": "hi"}], **fields}


def test_a_plain_request_with_defaults():
    req = parse_request(_req(), MODEL, 64)
    assert req.messages == [{"role": "user", "content": "hi"}] and req.tools is None and not req.stream
    assert (req.max_tokens, req.temperature, req.top_p, req.stop) == (None, 1.0, 1.0, [])


def test_tool_history_is_kept_in_openai_shape():
    messages = [{"role": "developer", "content": [{"type": "text", "text": "be brief"}]},
                {"role": "user", "content": "12*7?"},
                {"role": "assistant", "content": None, "tool_calls": [
                    {"id": "c1", "type": "function", "function": {"name": "calculator", "arguments": {"x": 1}}}]},
                {"role": "tool", "tool_call_id": "c1", "content": "84"}]
    req = parse_request({"model": MODEL, "messages": messages, "tool_choice": "auto", "stop": "\n\n",
                         "tools": [{"type": "function", "function": {"name": "calculator"}}]}, MODEL, 64)
    assert req.messages[0] == {"role": "system", "content": "be brief"}
    assert req.messages[2]["tool_calls"][0]["function"]["arguments"] == '{"x": 1}'
    assert req.messages[3] == {"role": "tool", "content": "84", "tool_call_id": "c1"}
    assert req.stop == ["\n\n"] and req.tools[0]["function"]["name"] == "calculator"
    assert parse_request({**_req(tools=req.tools), "tool_choice": "none"}, MODEL, 64).tools is None


@pytest.mark.parametrize("fields,param,words", [
    ({"max_tokens": 65}, "max_tokens", "bound of 64"),
    ({"max_completion_tokens": 0}, "max_completion_tokens", "positive integer"),
    ({"temperature": 3}, "temperature", "[0.0, 2.0]"),
    ({"n": 2}, "n", "n=1"),
    ({"tool_choice": "required"}, "tool_choice", "'auto' and 'none'"),
    ({"tools": [{"type": "function"}]}, "tools[0]", "'name'"),
    ({"logprobs": True}, "logprobs", "only False"),
    ({"best_of": 2}, "best_of", "unsupported"),
    ({"messages": []}, "messages", "non-empty"),
    ({"messages": [{"role": "wizard", "content": "x"}]}, "messages[0].role", "unknown role 'wizard'"),
    ({"messages": [{"role": "tool", "content": "x"}]}, "messages[0]", "tool_call_id"),
    ({"stop": ["a", "b", "c", "d", "e"]}, "stop", "at most 4"),
    ({"messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}]},
     "messages[0].content[0]", "only text parts"),
])
def test_refusals_name_the_field(fields, param, words):
    with pytest.raises(ApiError) as err:
        parse_request(_req(**fields), MODEL, 64)
    assert err.value.status == 400 and err.value.param == param and words in err.value.message
    assert err.value.body()["error"]["type"] == "invalid_request_error"


def test_another_model_is_404():
    with pytest.raises(ApiError) as err:
        parse_request({**_req(), "model": "gpt-4o"}, MODEL, 64)
    assert err.value.status == 404 and MODEL in err.value.message and err.value.code == "model_not_found"
