"""Best-of-N harvest: sample the current model on the task's training prompts, keep each prompt's best reply.

The flywheel's first step (docs/FLYWHEEL.md). Every training prompt of the task is
answered ``samples`` times by sampling (temperature, seeded), every reply is scored by
the reward group's graders (the weighted mean, as training and ``improve`` score), and
the best reply per prompt (ties: the first sampled) becomes a one-turn conversation in a
transcript store (``transcripts.jsonl``, the format ``loopwright.ingest`` writes), its
reward columns in ``metadata.columns``. ``loopwright.improve`` then grades and curates
those transcripts like any other logs, so the curated rows, thresholds and lineage are
the loop's own. Files in the harvest directory:

    samples.jsonl         every prompt with all its sampled replies and their scores
    transcripts.jsonl     the best reply per prompt, as transcripts (improve's input)
    harvest_report.json   model, sampling settings, pass@N, mean and best scores
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from loopwright.ingestion.store import TRANSCRIPTS
from loopwright.ingestion.transcripts import short_hash
from loopwright.runs import writer

SAMPLES, REPORT = "samples.jsonl", "harvest_report.json"


def distinct_prompts(rows: list[dict]) -> list[dict]:
    """The task's training rows, each prompt once (arithmetic repeats questions to fill n_train)."""
    seen: dict[str, dict] = {}
    for row in rows:
        seen.setdefault(short_hash(row["prompt"], ""), row)
    return list(seen.values())


def sample(model: Any, tokenizer: Any, rows: list[dict], n: int, max_new_tokens: int, temperature: float,
           batch_size: int, seed: int, template_kwargs: dict | None = None) -> list[list[str]]:
    """``n`` sampled replies per row (seeded), in row order; prompts rendered as training renders them."""
    import torch

    from loopwright.evaluation.held_out import chat_texts

    torch.manual_seed(seed)
    model.eval()
    tokenizer.padding_side = "left"  # decoder-only generation continues from the right edge
    device = next(model.parameters()).device
    per_batch = max(1, batch_size // n)
    out: list[list[str]] = []
    for start in range(0, len(rows), per_batch):
        batch = chat_texts(tokenizer, rows[start:start + per_batch], template_kwargs)
        enc = tokenizer(batch, return_tensors="pt", padding=True, add_special_tokens=False).to(device)
        with torch.no_grad():
            tokens = model.generate(**enc, max_new_tokens=max_new_tokens, do_sample=True, temperature=temperature,
                                    top_p=1.0, top_k=0, num_return_sequences=n,
                                    pad_token_id=tokenizer.pad_token_id)
        texts = tokenizer.batch_decode(tokens[:, enc["input_ids"].shape[1]:], skip_special_tokens=True)
        out.extend(texts[i:i + n] for i in range(0, len(texts), n))
    return out


def score_samples(rows: list[dict], replies: list[list[str]], reward_cfg: Any) -> list[list[float]]:
    """Each reply's score: the reward group's weighted mean, given the row's columns (as TRL passes them)."""
    from loopwright import rewards

    graders = rewards.build(reward_cfg)
    total = sum(w for _, _, w in graders) or 1.0
    flat_rows = [row for row, group in zip(rows, replies) for _ in group]
    flat = [[{"role": "assistant", "content": text}] for group in replies for text in group]
    names = sorted({k for r in flat_rows for k in r if k != "prompt"})
    columns = {k: [r.get(k) for r in flat_rows] for k in names}
    prompts = [r["prompt"] for r in flat_rows]
    per = [(w, fn(prompts=prompts, completions=flat, **columns)) for _, fn, w in graders]
    scores = [sum(w * s[i] for w, s in per) / total for i in range(len(flat))]
    out, i = [], 0
    for group in replies:
        out.append([round(float(x), 6) for x in scores[i:i + len(group)]])
        i += len(group)
    return out


def write(out_dir: Path, rows: list[dict], replies: list[list[str]], scores: list[list[float]],
          info: dict) -> dict:
    """samples.jsonl, transcripts.jsonl (the best reply per prompt) and harvest_report.json; returns the report."""
    out_dir.mkdir(parents=True, exist_ok=True)
    samples_path = out_dir / SAMPLES
    sample_rows, transcripts = [], []
    for line, (row, group, group_scores) in enumerate(zip(rows, replies, scores), start=1):
        columns = {k: v for k, v in row.items() if k != "prompt"}
        best = max(range(len(group)), key=lambda j: (group_scores[j], -j))
        sample_rows.append({"prompt": row["prompt"], "columns": columns, "replies": group, "scores": group_scores,
                            "best": best})
        messages = [*row["prompt"], {"role": "assistant", "content": group[best]}]
        transcripts.append({"id": short_hash(messages, "t-"), "format": "openai",
                            "source": {"path": str(samples_path), "line": line, "record": None},
                            "messages": messages,
                            "metadata": {"source": "loopwright.flywheel", "columns": columns,
                                         "generation": info.get("generation"), "model": info.get("model"),
                                         "best_of": len(group), "score": group_scores[best]}})
    samples_sha = writer.write_jsonl(samples_path, sample_rows)
    transcripts_sha = writer.write_jsonl(out_dir / TRANSCRIPTS, transcripts)
    best_scores = [max(s) for s in scores]
    all_scores = [x for s in scores for x in s]
    report = {**info, "prompts": len(rows), "samples_per_prompt": len(replies[0]) if replies else 0,
              "mean_score": round(sum(all_scores) / len(all_scores), 6) if all_scores else None,
              "mean_best_score": round(sum(best_scores) / len(best_scores), 6) if best_scores else None,
              "pass_at_n": round(sum(1 for s in best_scores if s >= 1.0) / len(best_scores), 6)
                           if best_scores else None,
              "samples": {"path": str(samples_path), "sha256": samples_sha},
              "transcripts": {"path": str(out_dir / TRANSCRIPTS), "sha256": transcripts_sha}}
    writer.write_json_atomic(out_dir / REPORT, report)
    return report


def harvest(model_cfg: Any, reward_cfg: Any, rows: list[dict], out_dir: Path, *, samples: int, max_new_tokens: int,
            temperature: float, batch_size: int, seed: int, generation: int, label: str) -> dict:
    """Load the model, sample, score, write; returns the harvest report."""
    import torch

    from loopwright import models

    model, tokenizer = models.load(model_cfg)
    if torch.cuda.is_available():
        model = model.to("cuda")
    prompts = distinct_prompts(rows)
    from loopwright.models.families import kwargs_for  # model.thinking at the budget the child trains with

    replies = sample(model, tokenizer, prompts, samples, max_new_tokens, temperature, batch_size, seed,
                     kwargs_for(model_cfg, max_new_tokens))
    scores = score_samples(prompts, replies, reward_cfg)
    info = {"generation": generation, "model": label, "temperature": temperature, "max_new_tokens": max_new_tokens,
            "seed": seed}
    return write(out_dir, prompts, replies, scores, info)
