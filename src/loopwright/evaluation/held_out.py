"""Held-out evaluation: greedy decoding, graded by the run's own reward.

The base and the trained policy see the same prompts with the same decoding, so
the before/after difference is the training's doing. Completions are passed to
the reward in the same conversational shape TRL uses during training.
"""

from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterator


@contextlib.contextmanager
def saved_precision(model: Any) -> Iterator[Any]:
    """The model as its saved weights run (fp32 here), for the length of an evaluation.

    With mixed precision, accelerate's ``prepare`` replaces the model's ``forward`` with one under bf16
    autocast, and the replacement stays after training. Evaluated through it, the trained policy ran in bf16
    while the base model (evaluated before ``prepare``) ran in fp32, so the held-out delta mixed the
    precision change into the training's effect: one 2-step SFT model scored 0.625 under autocast and 0.025
    in fp32 on the same 40 episodes (docs/EPISODES.md). Served, chatted with or trained from, the saved
    weights run in fp32, so both sides are evaluated that way."""
    inner = getattr(model, "module", model)  # DDP keeps the model as .module
    patched = inner.__dict__.get("forward")
    original = inner.__dict__.get("_original_forward")
    if patched is None or original is None:
        yield model
        return
    inner.forward = original
    try:
        yield model
    finally:
        inner.forward = patched


def chat_texts(tokenizer: Any, rows: list[dict], template_kwargs: dict | None = None) -> list[str]:
    """The prompts as generation continues them; ``template_kwargs``: the run's (model.thinking), as in training."""
    return [tokenizer.apply_chat_template(r["prompt"], add_generation_prompt=True, tokenize=False,
                                          **(template_kwargs or {})) for r in rows]


def generate_greedy(model: Any, tokenizer: Any, rows: list[dict], max_new_tokens: int, batch_size: int,
                    template_kwargs: dict | None = None) -> list[str]:
    import torch

    was_training = model.training
    model.eval()
    previous_side = tokenizer.padding_side
    tokenizer.padding_side = "left"  # decoder-only generation continues from the right edge
    device = next(model.parameters()).device
    texts: list[str] = []
    from tqdm.auto import tqdm

    # A progress bar over prompts (stderr); leave=False keeps periodic evals from piling up bars.
    bar = tqdm(total=len(rows), desc="held-out eval", unit="prompt", leave=False, dynamic_ncols=True)
    try:
        for start in range(0, len(rows), batch_size):
            batch = chat_texts(tokenizer, rows[start:start + batch_size], template_kwargs)
            enc = tokenizer(batch, return_tensors="pt", padding=True, add_special_tokens=False).to(device)
            with torch.no_grad():
                out = model.generate(
                    **enc,
                    max_new_tokens=max_new_tokens,
                    do_sample=False,
                    temperature=None,
                    top_p=None,
                    top_k=None,
                    pad_token_id=tokenizer.pad_token_id,
                )
            new_tokens = out[:, enc["input_ids"].shape[1]:]
            texts.extend(tokenizer.batch_decode(new_tokens, skip_special_tokens=True))
            bar.update(len(batch))
        # tqdm prints at most every 0.1 s: an eval faster than that would never show its final count
        bar.refresh()
    finally:
        bar.close()
        tokenizer.padding_side = previous_side
        model.train(was_training)
    return texts


def grade(rows: list[dict], completions: list[str], reward_fn: Callable[..., list[float]]) -> list[float]:
    """Score completions with the reward, passing the rows' extra columns as TRL does."""
    columns = {k: [r.get(k) for r in rows] for k in rows[0] if k != "prompt"} if rows else {}
    wrapped = [[{"role": "assistant", "content": c}] for c in completions]
    return [float(s) for s in reward_fn(prompts=[r["prompt"] for r in rows], completions=wrapped, **columns)]


def evaluate_policy(model: Any, tokenizer: Any, rows: list[dict], reward_fn: Callable[..., list[float]],
                    max_new_tokens: int, batch_size: int, template_kwargs: dict | None = None
                    ) -> tuple[list[str], list[float]]:
    completions = generate_greedy(model, tokenizer, rows, max_new_tokens, batch_size, template_kwargs)
    return completions, grade(rows, completions, reward_fn)


def summarize(scores: list[float], threshold: float) -> dict[str, float]:
    """Accuracy (share of scores >= threshold) and mean reward."""
    n = len(scores)
    return {"accuracy": sum(s >= threshold for s in scores) / n if n else 0.0,
            "mean_reward": sum(scores) / n if n else 0.0}


def _prompt_text(row: dict) -> str:
    prompt = row["prompt"]
    if isinstance(prompt, list):
        return "\n".join(str(m.get("content", "")) for m in prompt if m.get("role") != "system")
    return str(prompt)


def base_vs_trained(rows: list[dict], base: tuple, trained: tuple, threshold: float) -> dict[str, Any]:
    """Per-prompt records and a summary of base vs trained on the same prompts.

    ``base`` / ``trained``: (completions, scores), plus per-episode records as a third item when the
    evaluation ran in episodes (:mod:`loopwright.evaluation.in_episodes`): then each record also has every
    turn and the tool counts, and the summary the episode metrics of both sides."""
    records = []
    for i, row in enumerate(rows):
        records.append({
            "index": i,
            "prompt": _prompt_text(row),
            "answer": row.get("answer"),
            "base_completion": base[0][i],
            "base_score": base[1][i],
            "base_solved": base[1][i] >= threshold,
            "trained_completion": trained[0][i],
            "trained_score": trained[1][i],
            "trained_solved": trained[1][i] >= threshold,
        })
    n = len(records)
    base_sum, trained_sum = summarize(base[1], threshold), summarize(trained[1], threshold)
    base_acc, trained_acc = base_sum["accuracy"], trained_sum["accuracy"]
    summary = {
        "n_prompts": n,
        "success_threshold": threshold,
        "decoding": "greedy",
        "base_accuracy": base_acc,
        "trained_accuracy": trained_acc,
        "accuracy_delta": trained_acc - base_acc,
        "base_mean_reward": base_sum["mean_reward"],
        "trained_mean_reward": trained_sum["mean_reward"],
        "fixed": sum(1 for r in records if r["trained_solved"] and not r["base_solved"]),
        "broken": sum(1 for r in records if r["base_solved"] and not r["trained_solved"]),
    }
    if len(base) > 2 and len(trained) > 2:
        _add_episodes(records, summary, base[2], trained[2], threshold)
    summary["gain"] = gain_of(records)
    return {"summary": summary, "records": records}


class NoGain(RuntimeError):
    """eval.require_gain: the trained policy is not better than the base on the held-out prompts."""


def gain_of(records: list[dict]) -> dict[str, Any]:
    """Did training move the held-out figure? Paired bootstrap (95%) of the per-prompt success and reward deltas:
    ``gain`` when success's interval is above 0 (or, nothing solved on either side, the mean reward's), ``worse``
    below 0, else ``no gain``: a move inside the noise is no gain."""
    from loopwright.evaluation.paired import bootstrap

    if not records:
        return {"verdict": "no gain", "reason": "no held-out prompts"}
    success = [float(r["trained_solved"]) - float(r["base_solved"]) for r in records]
    reward = [r["trained_score"] - r["base_score"] for r in records]
    iv = bootstrap({"success": success, "reward": reward}, 0.95, 2000, 0)
    solved = any(r["trained_solved"] or r["base_solved"] for r in records)
    low, high = iv["success"] if solved else iv["reward"]
    verdict = "gain" if low > 0 else "worse" if high < 0 else "no gain"
    return {"verdict": verdict, "on": "success" if solved else "mean reward",
            "success_delta": round(sum(success) / len(success), 6),
            "success_interval_95": [round(v, 6) for v in iv["success"]],
            "reward_delta": round(sum(reward) / len(reward), 6),
            "reward_interval_95": [round(v, 6) for v in iv["reward"]]}


def raise_if_no_gain(summary: dict, required: bool) -> None:
    gain = summary.get("gain")
    if required and gain and gain["verdict"] != "gain":
        raise NoGain(f"eval.require_gain: {gain_line(gain)}")


def gain_line(gain: dict) -> str:
    lo, hi = gain["success_interval_95"] if gain["on"] == "success" else gain["reward_interval_95"]
    delta = gain["success_delta"] if gain["on"] == "success" else gain["reward_delta"]
    what = {"gain": "GAIN", "worse": "WORSE", "no gain": "NO GAIN"}[gain["verdict"]]
    return f"{what}: held-out {gain['on']} {delta:+.3f} (95% interval {lo:+.3f} to {hi:+.3f})"


EPISODE_METRICS = ("task_success", "valid_tool_call_share", "mean_tool_calls", "mean_environment_reward")


def _add_episodes(records: list[dict], summary: dict[str, Any], base: list[dict], trained: list[dict],
                  threshold: float) -> None:
    from loopwright.evaluation.in_episodes import summarize as episode_summary

    for record, b, t in zip(records, base, trained):
        for side, episode in (("base", b), ("trained", t)):
            record.update({f"{side}_{k}": v for k, v in episode.items()})
    summary["episodes"] = True  # greedy, in the training environment with its tools live
    for side, episodes in (("base", base), ("trained", trained)):
        summary.update({f"{side}_{k}": v for k, v in episode_summary(episodes, threshold).items()})


def format_table(summary: dict[str, Any]) -> str:
    rows = [
        ("", "base", "trained", "delta"),
        ("held-out accuracy", f"{summary['base_accuracy']:.3f}", f"{summary['trained_accuracy']:.3f}",
         f"{summary['accuracy_delta']:+.3f}"),
        ("mean reward", f"{summary['base_mean_reward']:.3f}", f"{summary['trained_mean_reward']:.3f}",
         f"{summary['trained_mean_reward'] - summary['base_mean_reward']:+.3f}"),
    ]
    for name, key in (("task success", "task_success"), ("valid tool call share", "valid_tool_call_share"),
                      ("mean tool calls", "mean_tool_calls")):
        if f"base_{key}" in summary:
            base, trained = summary[f"base_{key}"], summary[f"trained_{key}"]
            rows.append((name, f"{base:.3f}", f"{trained:.3f}", f"{trained - base:+.3f}"))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = ["  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(r, widths)))
             for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    verdict = f"\n{gain_line(summary['gain'])}" if summary.get("gain", {}).get("on") else ""
    return "\n".join(lines) + f"\n({summary['n_prompts']} held-out prompts, greedy" \
        f"{' episodes, tools live' if summary.get('episodes') else ''}; " \
        f"{summary['fixed']} fixed, {summary['broken']} broken)" + verdict
