"""The chat template a multi-turn episode needs: SmolLM2's ChatML plus tool calling.

TRL refuses a template that cannot render tool calls, and the SmolLM2 template
(also the ``tiny`` model's) renders only ``content``. :func:`prepare_tokenizer`
swaps in :data:`SMOLLM2_TOOL_CHAT_TEMPLATE` (the same ChatML rendering,
byte-identical without tools, plus Hermes/Qwen2.5-style ``<tools>`` /
``<tool_call>`` / ``<tool_response>`` blocks) and sets TRL's own parser for that
format (``trl.chat_template_utils.qwen3_template``). See docs/EPISODES.md.
"""

from __future__ import annotations

from typing import Any

# The chat template shipped with SmolLM2-135M-Instruct (and so with model=tiny):
# ChatML with a default system prompt, no tool support.
SMOLLM2_CHAT_TEMPLATE = (
    "{% for message in messages %}{% if loop.first and messages[0]['role'] != 'system' %}"
    "{{ '<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n' }}"
    "{% endif %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)

# SmolLM2's ChatML plus tool calling in the Hermes / Qwen2.5 format, whose parser
# TRL ships. Without tools and tool messages it renders exactly like the original.
SMOLLM2_TOOL_CHAT_TEMPLATE = """\
{%- set default_system = 'You are a helpful AI assistant named SmolLM, trained by Hugging Face' -%}
{%- if messages[0]['role'] == 'system' -%}
    {%- set system_message = messages[0]['content'] -%}
    {%- set loop_messages = messages[1:] -%}
{%- else -%}
    {%- set system_message = default_system -%}
    {%- set loop_messages = messages -%}
{%- endif -%}
{{- '<|im_start|>system\\n' + system_message -}}
{%- if tools -%}
    {{- '\\n\\n# Tools\\n\\nYou may call one or more functions to assist with the user query.\\n\\n\
You are provided with function signatures within <tools></tools> XML tags:\\n<tools>' -}}
    {%- for tool in tools -%}
        {{- '\\n' + (tool | tojson) -}}
    {%- endfor -%}
    {{- '\\n</tools>\\n\\nFor each function call, return a json object with function name and arguments within \
<tool_call></tool_call> XML tags:\\n<tool_call>\\n{"name": <function-name>, "arguments": <args-json-object>}\\n\
</tool_call>' -}}
{%- endif -%}
{{- '<|im_end|>\\n' -}}
{%- for message in loop_messages -%}
    {%- if message['role'] == 'assistant' and message.get('tool_calls') -%}
        {{- '<|im_start|>assistant\\n' -}}
        {%- if message['content'] -%}
            {{- message['content'] + '\\n' -}}
        {%- endif -%}
        {%- for tool_call in message['tool_calls'] -%}
            {%- if tool_call.function is defined -%}
                {%- set tool_call = tool_call.function -%}
            {%- endif -%}
            {%- if not loop.first -%}
                {{- '\\n' -}}
            {%- endif -%}
            {{- '<tool_call>\\n{"name": "' + tool_call.name + '", "arguments": ' -}}
            {%- if tool_call.arguments is string -%}
                {{- tool_call.arguments -}}
            {%- else -%}
                {{- tool_call.arguments | tojson -}}
            {%- endif -%}
            {{- '}\\n</tool_call>' -}}
        {%- endfor -%}
        {{- '<|im_end|>\\n' -}}
    {%- elif message['role'] == 'tool' -%}
        {%- if loop.first or loop_messages[loop.index0 - 1]['role'] != 'tool' -%}
            {{- '<|im_start|>user' -}}
        {%- endif -%}
        {{- '\\n<tool_response>\\n' + message['content'] + '\\n</tool_response>' -}}
        {%- if loop.last or loop_messages[loop.index0 + 1]['role'] != 'tool' -%}
            {{- '<|im_end|>\\n' -}}
        {%- endif -%}
    {%- else -%}
        {{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' -}}
    {%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}
    {{- '<|im_start|>assistant\\n' -}}
{%- endif -%}
"""


def prepare_tokenizer(tokenizer: Any) -> Any:
    """Make ``tokenizer`` usable for TRL tool calling (in place; returns it).

    - a template TRL already accepts for tools is left alone (TRL sets its parser);
    - SmolLM2's template gets :data:`SMOLLM2_TOOL_CHAT_TEMPLATE` and TRL's parser for
      ``<tool_call>{json}</tool_call>`` replies;
    - anything else: ValueError (set a tool-capable template and
      ``tokenizer.response_template`` yourself).
    """
    from trl.chat_template_utils import qwen3_template, supports_tool_calling

    if getattr(tokenizer, "_loopwright_tool_template", False):
        return tokenizer
    if tokenizer.chat_template in (SMOLLM2_CHAT_TEMPLATE, SMOLLM2_TOOL_CHAT_TEMPLATE):
        tokenizer.chat_template = SMOLLM2_TOOL_CHAT_TEMPLATE
        tokenizer.response_template = dict(qwen3_template)
        tokenizer._loopwright_tool_template = True
        return tokenizer
    if supports_tool_calling(tokenizer):
        if getattr(tokenizer, "response_template", None) is None:  # TRL sets its parser only in the trainer;
            from trl.chat_template_utils import add_response_schema  # the base evaluation parses turns before

            try:  # (Qwen2.5's template: found by the family x task-mode tests)
                add_response_schema(tokenizer)
            except ValueError:  # a template TRL has no parser for: left as it is, so the token check still
                pass  # runs and names the template; TRL's trainer asks for response_template itself
        return tokenizer
    raise ValueError(
        "task.multi_turn=true needs a chat template that renders tool calls; this tokenizer's template does not "
        "and is not SmolLM2's (which loopwright patches). Use a tool-capable model (e.g. a Qwen2.5/Qwen3 "
        "instruct model) or set tokenizer.chat_template and tokenizer.response_template yourself.")
