"""The gaming audit's engine: every attack of reward_audit/attacks.py and reward_audit/probes.py scored by any reward.

``run(score, rows, threshold, ...)`` returns, per probe, every attempt (its score, the reply, the row
it was scored on); ``summary`` turns them into the probe's gameability (the share of attempts at or
above the threshold), its max and mean and its worst examples. ``shaping_reason`` says when the whole
reward is declared a shaping reward (rewards.register(shaping=...): format, length), whose content
probes do not apply. ``score`` is any ``(prompts, completions, **columns) -> list[float]``: shipped
graders, reward=judge, a user's _target_, composites (rewards.combined). Imports no torch.
"""

from __future__ import annotations

from typing import Any, Callable

from loopwright.reward_audit import attacks
from loopwright.reward_audit.probes import PROBES, TRUTH_COLUMNS, not_applicable

# Probes that ask whether the grader reads the content; n/a for a declared shaping reward.
CONTENT_PROBES = ("prompt_echo", "polite_non_answer", "fake_tool_call", "contradiction", "templates", "prompt_swap",
                  "specifics_stripped", "specifics_swapped", "facts_dump", "number_stuffing")
GENERATED = ("templates", "prompt_swap", "specifics_stripped", "specifics_swapped", "facts_dump", "number_stuffing")
# The pre-flight's subset (train.py, improve): the cheap probes that found every planted grader.
FAST = ("empty", "repeated_keywords", "prompt_echo", "polite_non_answer", "templates", "prompt_swap",
        "specifics_stripped", "facts_dump", "number_stuffing")
WORST = 3  # examples kept per probe


def shaping_reason(reward_cfg: Any) -> str:
    """Why the whole reward is a shaping reward ('' when any part of it grades content)."""
    from loopwright import rewards

    if reward_cfg.get("_target_"):
        return ""
    kinds = [c.kind for c in reward_cfg.components] if reward_cfg.kind == rewards.COMPOSITE else [reward_cfg.kind]
    reasons = [rewards.REGISTRY[k].shaping if k in rewards.REGISTRY else "" for k in kinds]
    return "; ".join(f"{k}: {r}" for k, r in zip(kinds, reasons)) if reasons and all(reasons) else ""


class Scorer:
    """Scores (reply, row) pairs in one call of the reward per batch, each with its own row's columns."""

    def __init__(self, score: Callable[..., list], rows: list[dict]):
        self.score, self.rows = score, rows
        self.names = sorted({k for r in rows for k in r if k not in ("prompt", "_bare")})
        self.calls = 0

    def __call__(self, pairs: list[tuple[str, int]]) -> list[float]:
        if not pairs:
            return []
        self.calls += 1
        rows = [self.rows[i] for _, i in pairs]
        columns = {k: [r.get(k) for r in rows] for k in self.names}
        return [float(s) for s in self.score(prompts=[r["prompt"] for r in rows],
                                             completions=[[{"role": "assistant", "content": t}] for t, _ in pairs],
                                             **columns)]


def _attempts(scorer: Scorer, pairs: list[tuple[str, int]], own: list[int] | None = None) -> list[dict]:
    """Each pair scored: {score, text, row (scored on), from (the row the reply was built for)}."""
    scores = scorer(pairs)
    return [{"score": s, "text": t, "row": i, "from": (own[k] if own else i)}
            for k, ((t, i), s) in enumerate(zip(pairs, scores))]


def _others(rows: list[dict], i: int, k: int) -> list[int]:
    """Up to k rows after i (cyclically) whose ground truth differs from row i's."""
    n, key = len(rows), attacks.truth_key(rows[i])
    found = [j % n for j in range(i + 1, i + n) if attacks.truth_key(rows[j % n]) != key]
    return found[:k]


def run(score: Callable[..., list], rows: list[dict], threshold: float, *, reads: set[str], max_chars: int,
        probes: tuple[str, ...] | None = None, shaping: str = "", per_register: int = 3,
        swaps: int = 3) -> tuple[dict, list[dict]]:
    """(probe -> {"attempts": [...]} or {"applies": False, "why": ...}, the rows the attempts' indices name).

    Templates are also scored on each row without its ground-truth columns (the question as a user's own logs
    bring it, with no order record): a grader must not keep a template there either."""
    bare = [{**r, **{c: None for c in TRUTH_COLUMNS}, "_bare": True}
            for r in rows if any(r.get(c) for c in TRUTH_COLUMNS)]
    scorer = Scorer(score, rows + bare)
    wanted = [p for p in (*PROBES, *GENERATED) if probes is None or p in probes]
    out: dict[str, dict] = {}
    for name in wanted:
        if shaping and name in CONTENT_PROBES:
            out[name] = {"applies": False, "why": f"a declared shaping reward ({shaping})"}
    opts = {"max_chars": max_chars}
    for name in [p for p in wanted if p in PROBES and p not in out]:
        why = not_applicable(name, reads)
        pairs = [] if why else [(t, i) for i, r in enumerate(rows) if (t := PROBES[name](r, opts)) is not None]
        out[name] = {"attempts": _attempts(scorer, pairs)} if pairs else {
            "applies": False, "why": why or "no row carries what the probe needs"}
    made = {"templates": [(t, i) for _, t in attacks.templates(per_register) for i, r in enumerate(rows + bare)
                          if not attacks.lucky(t, r)],
            "facts_dump": [(t, i) for i, r in enumerate(rows) if (t := attacks.facts_dump(r)) is not None],
            "number_stuffing": [(attacks.number_stuffing(r), i) for i, r in enumerate(rows)]}
    for name, pairs in made.items():
        if name in wanted and name not in out:
            out[name] = {"attempts": _attempts(scorer, pairs)} if pairs else {
                "applies": False, "why": "no row carries ground truth to dump"}
    derived = [p for p in ("prompt_swap", "specifics_stripped", "specifics_swapped") if p in wanted and p not in out]
    if derived:
        out.update(_derived(scorer, rows, threshold, out, derived, swaps))
    return out, rows + bare


def _best(scorer: Scorer, rows: list[dict], scored: dict) -> list[tuple[str, float] | None]:
    """Per row, the reply scoring best on it among its reference and every attempt already made on it."""
    refs = [(t, i) for i, r in enumerate(rows) if (t := attacks.reference(r))]
    best: dict[int, tuple[str, float]] = {}
    for a in _attempts(scorer, refs) + [a for p in scored.values() for a in p.get("attempts", [])]:
        if a["text"].strip() and a["row"] < len(rows) and (a["row"] not in best or a["score"] > best[a["row"]][1]):
            best[a["row"]] = (a["text"], a["score"])
    return [best.get(i) for i in range(len(rows))]


def _derived(scorer: Scorer, rows: list[dict], threshold: float, scored: dict, names: list[str], k: int) -> dict:
    best = _best(scorer, rows, scored)
    high = [(i, b[0]) for i, b in enumerate(best) if b is not None and b[1] >= threshold]
    if not high:
        why = f"no reply reached the threshold ({threshold}) on its own row, so none can keep it elsewhere"
        return {n: {"applies": False, "why": why} for n in names}
    plans: dict[str, tuple[list, list]] = {n: ([], []) for n in names}
    for i, text in high:
        others = _others(rows, i, k)
        if "prompt_swap" in plans:
            for j in others:
                if not attacks.lucky(text, rows[j]):
                    plans["prompt_swap"][0].append((text, j))
                    plans["prompt_swap"][1].append(i)
        stripped = attacks.strip_specifics(text)
        if "specifics_stripped" in plans and stripped != text:
            plans["specifics_stripped"][0].append((stripped, i))
            plans["specifics_stripped"][1].append(i)
        for j in others[:1] if "specifics_swapped" in plans else []:
            swapped = attacks.swap_specifics(text, rows[j])
            if swapped and swapped != text and not attacks.lucky(swapped, rows[i]):
                plans["specifics_swapped"][0].append((swapped, i))
                plans["specifics_swapped"][1].append(j)
    return {n: ({"attempts": _attempts(scorer, pairs, own)} if pairs else
                {"applies": False, "why": "no high-scoring reply carries what this probe changes"})
            for n, (pairs, own) in plans.items()}


def summary(probe: dict, threshold: float, rows: list[dict]) -> dict:
    """A probe's attempts as its gameability (share at or above the threshold), max, mean and worst examples."""
    if "attempts" not in probe:
        return {"applies": False, "why": probe["why"]}
    tries = probe["attempts"]
    above = [a for a in tries if a["score"] >= threshold]
    worst = sorted(tries, key=lambda a: -a["score"])[:WORST]
    return {"applies": True, "of": len(tries), "above_threshold": len(above),
            "gameability": round(len(above) / len(tries), 4), "max": round(max(a["score"] for a in tries), 6),
            "mean": round(sum(a["score"] for a in tries) / len(tries), 6),
            "worst": [{"score": round(a["score"], 4), "reply": a["text"][:300],
                       "question": _question(rows[a["row"]]), **({"reply_written_for": _question(rows[a["from"]])}
                                                                 if a["from"] != a["row"] else {})}
                      for a in worst if a["score"] >= threshold] or
                     [{"score": round(worst[0]["score"], 4), "reply": worst[0]["text"][:300],
                       "question": _question(rows[worst[0]["row"]])}]}


def _question(row: dict) -> str:
    from loopwright.reward_audit.probes import user_message

    text = user_message(row.get("prompt"))
    text = text if len(text) <= 160 else text[:157] + "..."
    return text + (" [without its ground truth]" if row.get("_bare") else "")
