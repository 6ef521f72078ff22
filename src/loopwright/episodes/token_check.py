"""The multi-turn token check: the tokens TRL trains on against the conversation the template renders.

Two token sequences are built for each sample episode (episodes.sample_episodes):

- **generation**, exactly as TRL 1.16's tool loop builds what it computes the loss on
  (``GRPOTrainer._tokenize_prompts`` / ``_tool_call_loop``): the prompt rendered with
  ``add_generation_prompt=True``; then the tokens the model emits for each assistant turn
  (the template's rendering of that turn as the newest message, up to and including the
  end-of-turn token, where generation stops); then, after a turn with tool calls, the
  tool suffix from TRL's own ``_get_tool_suffix_ids``; and so on. The chat template is
  the one TRL uses for generation: the tokenizer's, or TRL's training template when the
  tokenizer's is not prefix-preserving (``get_training_chat_template``).
- **re-rendered**: the whole conversation through ``apply_chat_template`` with the
  tokenizer's own template, as training on transcripts (``objective=sft``), serving and
  any later re-tokenisation see it.

The two must be equal token for token (trailing whitespace after the final end-of-turn
token aside). Where they differ, the policy is optimised on sequences it never sees when
the conversation is rendered again (or the other way round), silently. The check reports
the first differing position, both decoded contexts, the message it falls in and the
template to blame, and prints which spans TRL keeps out of the loss. See docs/EPISODES.md.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from loopwright.episodes.sample_episodes import SampleEpisode

_CONTEXT = 12  # tokens of context either side of a difference


class TokenCheckError(RuntimeError):
    """The generated and re-rendered token sequences of an episode differ (or TRL cannot build them)."""

    def __init__(self, message: str, report: dict[str, Any]):
        super().__init__(message)
        self.report = report


@dataclass
class Span:
    start: int
    end: int
    what: str  # "prompt", "assistant", "tool"
    trained: bool  # in TRL's loss (completion_mask * tool_mask == 1)
    message: int | None = None  # index of the (first) message it renders; None for the prompt


@dataclass
class Mismatch:
    position: int
    message: str  # the message of the episode the position falls in
    generation: tuple[str, str]  # decoded (before, from) the position
    rendered: tuple[str, str]
    same_text: bool  # same characters, different token boundaries


@dataclass
class EpisodeResult:
    row_id: str
    generation_ids: list[int]
    rendered_ids: list[int]
    spans: list[Span] = field(default_factory=list)
    mismatch: Mismatch | None = None


def template_label(tokenizer: Any, name: str | None = None) -> str:
    """Where the tokenizer's template comes from, with a short hash of its text."""
    text = tokenizer.chat_template if isinstance(tokenizer.chat_template, str) else str(tokenizer.chat_template)
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    return f"{name or 'tokenizer.chat_template'} (sha256 {digest})"


def generation_template(tokenizer: Any) -> tuple[str | None, str | None]:
    """(the template TRL generates with, None for the tokenizer's own; why TRL swapped it, or None).

    TRL (grpo_trainer.py, __init__) replaces a template that is not prefix-preserving by its
    training template; it raises when it has none for that template, and so does this."""
    from trl.chat_template_utils import get_training_chat_template, is_chat_template_prefix_preserving

    if is_chat_template_prefix_preserving(tokenizer):
        return None, None
    why = ("the tokenizer's template is not prefix-preserving, so TRL generates with "
           "trl.chat_template_utils.get_training_chat_template")
    try:
        return get_training_chat_template(tokenizer), why
    except ValueError as err:
        raise TokenCheckError(f"TRL cannot train episodes with this chat template: {err}",
                              {"passed": False, "error": str(err)}) from None


def _render(tokenizer: Any, messages: list[dict], tools: list, template: str | None, kwargs: dict,
            generation_prompt: bool, tokenize: bool = True) -> Any:
    return tokenizer.apply_chat_template(messages, tools=tools or None, chat_template=template,
                                         add_generation_prompt=generation_prompt, tokenize=tokenize,
                                         return_dict=False, **kwargs)


def _emitted_ids(tokenizer: Any, history: list[dict], message: dict, tools: list, template: str | None,
                 kwargs: dict) -> list[int]:
    """The tokens the model emits for ``message``: the template's rendering of it as the newest turn, after
    the generation prompt, up to and including the end-of-turn token (generation stops there)."""
    head = _render(tokenizer, history, tools, template, kwargs, True, tokenize=False)
    full = _render(tokenizer, history + [message], tools, template, kwargs, False, tokenize=False)
    if not full.startswith(head):
        # The template opens the turn differently from its own generation prompt. The model would continue the
        # generation prompt; emitting from where the two part makes the comparison stop at exactly that point.
        common = next((i for i, (a, b) in enumerate(zip(head, full)) if a != b), min(len(head), len(full)))
        head = head[:common]
    body = full[len(head):]
    eos = tokenizer.eos_token
    if eos and eos in body:
        body = body[: body.index(eos) + len(eos)]
    return tokenizer(body, add_special_tokens=False)["input_ids"]


def _tool_suffix_ids(tokenizer: Any, template: str | None, kwargs: dict, tool_messages: list[dict]) -> list[int]:
    """TRL's own ``GRPOTrainer._get_tool_suffix_ids``, run on the attributes it reads from the trainer."""
    from types import SimpleNamespace

    from trl import GRPOTrainer

    trainer_view = SimpleNamespace(processing_class=tokenizer, _tokenizer=tokenizer, _is_vlm=False,
                                   chat_template=template, chat_template_kwargs=kwargs)
    return GRPOTrainer._get_tool_suffix_ids(trainer_view, tool_messages)


def generation_sequence(tokenizer: Any, episode: SampleEpisode, template: str | None,
                        kwargs: dict | None = None) -> tuple[list[int], list[Span]]:
    """The episode's token ids as TRL's tool loop concatenates them, with the spans of each part."""
    kwargs = dict(kwargs or {})
    messages, tools = episode.messages, episode.tools
    prompt = messages[: episode.prompt_length]
    ids = list(tokenizer.apply_chat_template(prompt, tools=tools or None, chat_template=template,
                                             add_generation_prompt=True, tokenize=True, return_dict=True,
                                             **kwargs)["input_ids"])
    spans = [Span(0, len(ids), "prompt", False)]
    i = episode.prompt_length
    while i < len(messages):
        message = messages[i]
        if message["role"] == "assistant":
            part = _emitted_ids(tokenizer, messages[:i], message, tools, template, kwargs)
            spans.append(Span(len(ids), len(ids) + len(part), "assistant", True, i))
            i += 1
        else:  # the tool messages after a call: TRL's suffix (results plus the template's glue to the next turn)
            j = i
            while j < len(messages) and messages[j]["role"] == "tool":
                j += 1
            part = _tool_suffix_ids(tokenizer, template, kwargs, messages[i:j])
            spans.append(Span(len(ids), len(ids) + len(part), "tool", False, i))
            i = j
        ids += part
    return ids, spans


def rendered_sequence(tokenizer: Any, episode: SampleEpisode, kwargs: dict | None = None) -> list[int]:
    """The whole conversation through the tokenizer's own template (no generation prompt)."""
    return list(_render(tokenizer, episode.messages, episode.tools, None, dict(kwargs or {}), False))


def describe_message(episode: SampleEpisode, index: int | None) -> str:
    if index is None:
        return "the prompt (system/user turns and the generation header)"
    message = episode.messages[index]
    kind = ("tool call" if message.get("tool_calls") else "tool result" if message["role"] == "tool"
            else "final answer")
    return f"message {index} ({message['role']}, {kind})"


def _message_at(episode: SampleEpisode, spans: list[Span], position: int) -> str:
    """The message of the episode a token position of the generation sequence falls in."""
    span = next((s for s in spans if s.start <= position < s.end), spans[-1])
    return describe_message(episode, span.message)


def compare_tokens(tokenizer: Any, episode: SampleEpisode, generation: list[int], rendered: list[int],
            spans: list[Span]) -> Mismatch | None:
    """The first position where the two sequences differ; None when they agree (the rendered one may
    end with whitespace after the last end-of-turn token, which the model never generates)."""
    common = next((i for i, (a, b) in enumerate(zip(generation, rendered)) if a != b), None)
    if common is None:
        if len(generation) == len(rendered):
            return None
        if len(rendered) > len(generation) and not tokenizer.decode(rendered[len(generation):]).strip():
            return None
        common = min(len(generation), len(rendered))

    def around(ids: list[int]) -> tuple[str, str]:
        return (tokenizer.decode(ids[max(0, common - _CONTEXT): common]),
                tokenizer.decode(ids[common: common + _CONTEXT]))

    return Mismatch(common, _message_at(episode, spans, common), around(generation), around(rendered),
                    tokenizer.decode(generation) == tokenizer.decode(rendered))


def check_episode(tokenizer: Any, episode: SampleEpisode, template: str | None,
                  kwargs: dict | None = None) -> EpisodeResult:
    generation, spans = generation_sequence(tokenizer, episode, template, kwargs)
    rendered = rendered_sequence(tokenizer, episode, kwargs)
    result = EpisodeResult(episode.row_id, generation, rendered, spans)
    result.mismatch = compare_tokens(tokenizer, episode, generation, rendered, spans)
    return result
