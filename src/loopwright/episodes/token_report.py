"""The token check as a step of the job: sample, check, print, record in the manifest, stop on a mismatch.

``task.token_check`` (default true) runs it when ``task.multi_turn=true``, on
``task.token_check_samples`` episodes synthesised from the first training rows and the
environment the trainer will get (the task's, or ``task.environment._target_``). It needs
only the tokenizer: no generation, a second or two. The comparison itself is in
:mod:`loopwright.episodes.token_check`; docs/EPISODES.md shows a report.
"""

from __future__ import annotations

from typing import Any

from loopwright.episodes.token_check import EpisodeResult, Span, TokenCheckError, describe_message, template_label

_SNIPPET = 48  # characters of a span shown in the mask listing
_OFF = "task.token_check=false"


def template_name(model_cfg: Any, tokenizer: Any) -> str:
    """Where the tokenizer's chat template comes from, for the report's "template to blame"."""
    from loopwright.episodes.chat_template import SMOLLM2_TOOL_CHAT_TEMPLATE
    from loopwright.models import chat_template_text

    source = getattr(model_cfg.source, "value", model_cfg.source)
    named = model_cfg.random_init.chat_template if source == "random_init" else None
    if tokenizer.chat_template == SMOLLM2_TOOL_CHAT_TEMPLATE:
        name = (f"loopwright.episodes.chat_template.SMOLLM2_TOOL_CHAT_TEMPLATE (model={model_cfg.name}: SmolLM2's "
                "template, patched for tools)")
    elif named and tokenizer.chat_template == chat_template_text(named):
        name = f"src/loopwright/models/chat_templates/{named}.jinja (model={model_cfg.name})"
    else:
        name = f"the chat template of {model_cfg.name_or_path or model_cfg.name} (model={model_cfg.name})"
    return template_label(tokenizer, name)


def _snippet(tokenizer: Any, ids: list[int]) -> str:
    text = tokenizer.decode(ids)
    if len(text) > _SNIPPET:
        text = text[: _SNIPPET // 2] + " ... " + text[-_SNIPPET // 2:]
    return repr(text)


def _what(span: Span, episode: Any) -> str:
    if span.what == "prompt":
        return "prompt (system/user turns, header)"
    if span.what == "tool":
        return "tool result(s) + glue"
    return describe_message(episode, span.message).split(" (", 1)[1].rstrip(")").replace("assistant, ", "assistant: ")


def mask_lines(tokenizer: Any, result: EpisodeResult, episode: Any) -> list[str]:
    """One line per span of TRL's sequence: tokens, what it is, whether the loss sees it."""
    lines = []
    for span in result.spans:
        state = ("trained" if span.trained else
                 "masked (tool_mask=0)" if span.what == "tool" else "not in the loss (prompt)")
        text = _snippet(tokenizer, result.generation_ids[span.start:span.end])
        lines.append(f"    [{span.start:5d}, {span.end:5d})  {span.end - span.start:5d} tok  "
                     f"{_what(span, episode):<36} {state:<25} {text}")
    return lines


def _blame(result: EpisodeResult, label: str, swapped: str | None) -> str:
    m = result.mismatch
    if m.same_text:
        return (f"tokenisation, not {label}: both sides decode to the same text, but the tokens split differently "
                f"in {m.message} (the generated turn is tokenised on its own, the re-rendered conversation as one "
                "string)")
    blame = (f"{label}: it renders {m.message} differently inside the whole conversation than as the turn the model "
             "generates")
    return blame + (f"; {swapped}, and re-rendering uses the tokenizer's own" if swapped else "")


def summary(results: list[EpisodeResult], episodes: list[Any], label: str, swapped: str | None) -> dict[str, Any]:
    """The manifest's ``token_check`` section."""
    first = next((r for r in results if r.mismatch is not None), None)
    record: dict[str, Any] = {
        "passed": first is None, "episodes": len(results), "template": label,
        "generation_template": "TRL's training template" if swapped else "the tokenizer's template",
        "failed_rows": [r.row_id for r in results if r.mismatch is not None],
        "spans": [{"start": s.start, "end": s.end, "what": s.what, "trained": s.trained}
                  for s in results[0].spans] if results else [],
    }
    if first is not None:
        m = first.mismatch
        record["mismatch"] = {"row_id": first.row_id, "position": m.position, "message": m.message,
                              "generation": list(m.generation), "rendered": list(m.rendered),
                              "same_text": m.same_text, "blame": _blame(first, label, swapped)}
    return record


def format_report(tokenizer: Any, results: list[EpisodeResult], episodes: list[Any], record: dict[str, Any]) -> str:
    lines = [f"token check: {record['episodes']} sample episodes, template {record['template']}, generation with "
             f"{record['generation_template']}"]
    for result, episode in zip(results, episodes):
        state = "ok" if result.mismatch is None else f"MISMATCH at token {result.mismatch.position}"
        lines.append(f"  row {result.row_id}: {len(result.generation_ids)} tokens generated, "
                     f"{len(result.rendered_ids)} re-rendered: {state}")
    if results:
        lines.append(f"  loss mask of row {results[0].row_id} (what TRL trains on):")
        lines.extend(mask_lines(tokenizer, results[0], episodes[0]))
    return "\n".join(lines)  # a mismatch's details travel in the error (stderr, manifest)


def failure_text(record: dict[str, Any]) -> str:
    m = record["mismatch"]
    return (f"row {m['row_id']}: generation and re-rendering differ at token {m['position']}, in {m['message']}\n"
            f"  generation (what TRL trains on): {m['generation'][0]!r} | {m['generation'][1]!r}\n"
            f"  re-rendered (apply_chat_template): {m['rendered'][0]!r} | {m['rendered'][1]!r}\n"
            f"  template to blame: {m['blame']}\n"
            f"  ({len(record['failed_rows'])} of {record['episodes']} sample episodes differ; {_OFF} skips the check)")


def run(tokenizer: Any, factory: Any, rows: list[dict], count: int, label: str,
        chat_template_kwargs: dict | None = None) -> tuple[list[EpisodeResult], list[Any], dict[str, Any]]:
    """Check ``count`` episodes synthesised from ``rows`` -> (per-episode results, episodes, manifest record)."""
    from loopwright.episodes import sample_episodes, token_check

    episodes = sample_episodes.synthesise(factory, rows, count)
    template, swapped = token_check.generation_template(tokenizer)
    results = [token_check.check_episode(tokenizer, ep, template, chat_template_kwargs) for ep in episodes]
    return results, episodes, summary(results, episodes, label, swapped)


def preflight(job: Any, tokenizer: Any, train_rows: list[dict]) -> dict[str, Any] | None:
    """The job's step: run the check when the task is multi-turn and the check is on; raise on a mismatch."""
    cfg = job.cfg
    if not (cfg.task.multi_turn and cfg.task.token_check):
        return None
    from loopwright.episodes import environment_class, prepare_tokenizer
    from loopwright.models.families import chat_template_kwargs

    prepare_tokenizer(tokenizer)  # what trainer_extras does: the template the trainer will see
    label = template_name(cfg.model, tokenizer)
    try:
        with job.record.timed("token_check_s"):
            results, episodes, record = run(tokenizer, environment_class(cfg), train_rows,
                                            int(cfg.task.token_check_samples), label, chat_template_kwargs(cfg))
    except TokenCheckError as err:
        job.record.token_check({**err.report, "template": label})
        raise
    job.record.token_check(record)
    print("[loopwright] " + format_report(tokenizer, results, episodes, record), flush=True)
    if not record["passed"]:
        raise TokenCheckError(failure_text(record), record)
    return record
