"""The runtime reward-hacking monitor (issue 26 item 3): is the policy learning to game the reward?

On each logged step, from the last batch the reward scored (the graders are tapped, so any reward
and any trainer that calls them is watched):

* ``hacking/identical``: the share of completions that are near-identical (the same numbers, ids and
  dates; the words a difflib ratio >= 0.9 apart) to a completion of a *different* prompt (other ground
  truth) and rewarded at or above the threshold: one reply for every question, and the reward keeps it;
* ``hacking/swap_keep``: of up to ``guards.reward_hacking_sample`` rewarded completions, the share that
  keep a reward at or above the threshold when scored against another prompt and its columns (the
  gaming audit's prompt swap, on the policy's own replies).

When either reaches ``guards.reward_hacking`` on ``guards.reward_hacking_steps`` consecutive logged
steps the run stops (:class:`RewardHacking`: manifest status ``reward_hacking``, exit 13), its metrics
line carries ``hacking/stopped``, and the reward curve marks that step. ``guards.reward_hacking=null``
turns the monitor off. Both figures go into metrics.jsonl on every logged step.
"""

from __future__ import annotations

import difflib
import json
import re
from typing import Any, Callable

from transformers import TrainerCallback

from loopwright.reward_audit import attacks
from loopwright.reward_audit.attacks import truth_key
from loopwright.rewards import completion_text

NEAR = 0.9  # difflib ratio above which two normalised completions are near-identical
MIN_SWAPS = 2  # fewer rewarded completions than this: no swap figure this step


class RewardHacking(RuntimeError):
    """The monitor stopped the run: the policy's rewarded replies do not depend on the question."""


class Tap:
    """Wraps the reward functions handed to the trainer; keeps the last batch one of them was called with."""

    def __init__(self) -> None:
        self.batch: dict[str, Any] | None = None
        self.calls = 0

    def wrap(self, fn: Callable[..., list]) -> Callable[..., list]:
        def tapped(**kwargs: Any) -> list:
            n = len(kwargs.get("completions") or [])
            self.batch = {k: v for k, v in kwargs.items()
                          if k in ("prompts", "completions") or (isinstance(v, list) and len(v) == n
                                                                 and k != "completion_ids")}
            self.calls += 1
            return fn(**kwargs)

        for attr in ("__name__", "__qualname__", "__wrapped__"):
            if hasattr(fn, attr):
                setattr(tapped, attr, getattr(fn, attr))
        return tapped


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[^a-z0-9 ]", " ", text.lower())).strip()


def _twins(a: str, b: str) -> bool:
    """Near-identical: the same numbers, ids and dates, and the words a difflib ratio >= NEAR apart. "The answer
    is 7." and "The answer is 9." are not twins: what differs is the content."""
    if not a or attacks.SPECIFIC.findall(a) != attacks.SPECIFIC.findall(b):
        return False
    return a == b or difflib.SequenceMatcher(None, a, b).ratio() >= NEAR


def _rows(batch: dict) -> list[dict]:
    names = [k for k in batch if k not in ("prompts", "completions")]
    return [{"prompt": p, **{k: batch[k][i] for k in names}} for i, p in enumerate(batch["prompts"])]


def measure(batch: dict, score: Callable[..., list], threshold: float, sample: int) -> dict:
    """The two figures for one batch (``swap_keep`` None when too few completions were rewarded)."""
    rows, texts = _rows(batch), [completion_text(c) for c in batch["completions"]]
    own = [float(s) for s in score(**batch)]
    keys = [json.dumps(r["prompt"], sort_keys=True, default=str) + "|" + truth_key(r) for r in rows]
    truths = [truth_key(r) for r in rows]
    norm = [_norm(t) for t in texts]
    twin = [any(keys[j] != keys[i] and truths[j] != truths[i] and _twins(norm[i], norm[j]) for j in range(len(rows)))
            for i in range(len(rows))]
    identical = sum(1 for i in range(len(rows)) if twin[i] and own[i] >= threshold) / max(len(rows), 1)
    pairs = []
    for i in [i for i, s in enumerate(own) if s >= threshold][:sample]:
        j = next((j for j in range(len(rows)) if truths[j] != truths[i] and keys[j] != keys[i]), None)
        if j is not None:
            pairs.append((i, j))
    swap_keep = None
    if len(pairs) >= MIN_SWAPS:
        swapped = {k: [batch[k][j] for _, j in pairs] for k in batch if k != "completions"}
        scores = score(**swapped, completions=[batch["completions"][i] for i, _ in pairs])
        swap_keep = sum(1 for s in scores if float(s) >= threshold) / len(pairs)
    best = max(range(len(rows)), key=lambda i: own[i]) if rows else None
    return {"identical": round(identical, 4), "swap_keep": None if swap_keep is None else round(swap_keep, 4),
            "swapped": len(pairs), "mean_reward": round(sum(own) / max(len(own), 1), 4),
            "example": texts[best][:200] if best is not None else None}


class HackingMonitor(TrainerCallback):
    """Put it before the metrics callback: its figures join the same metrics line."""

    def __init__(self, tap: Tap, score: Callable[..., list], threshold: float, limit: float, steps: int,
                 sample: int, metrics: Any):
        self.tap, self.score, self.threshold, self.limit = tap, score, threshold, limit
        self.steps, self.sample, self.metrics = steps, sample, metrics
        self.streak, self.seen = 0, 0
        self.reason: str | None = None
        self.report: dict[str, Any] = {"threshold": threshold, "limit": limit, "steps": steps, "history": []}

    def on_log(self, args, state, control, logs=None, **kwargs):
        if self.tap.batch is None or self.tap.calls == self.seen or self.reason:
            return
        self.seen = self.tap.calls
        try:
            found = measure(self.tap.batch, self.score, self.threshold, self.sample)
        except Exception as err:  # noqa: BLE001 - a monitor must never crash training
            self.report["error"] = f"{type(err).__name__}: {err}"
            return
        self.metrics.pending.update({"hacking/identical": found["identical"], "hacking/swap_keep": found["swap_keep"]})
        self.report["history"].append({"step": state.global_step, **{k: found[k] for k in ("identical", "swap_keep")}})
        over = found["identical"] >= self.limit or (found["swap_keep"] or 0.0) >= self.limit
        self.streak = self.streak + 1 if over else 0
        if self.streak >= self.steps:
            self.reason = (f"reward hacking at step {state.global_step}: for {self.streak} logged steps the policy's "
                           f"rewarded replies did not depend on the question (near-identical across prompts and "
                           f"rewarded: {found['identical']:.2f}; rewarded replies keeping a reward >= "
                           f"{self.threshold} on another prompt: {found['swap_keep']} of {found['swapped']} "
                           f"sampled; guards.reward_hacking={self.limit}). E.g. {found['example']!r}. Audit the "
                           "reward (python -m loopwright.audit) or set guards.reward_hacking=null to run anyway")
            self.report.update(stopped_at=state.global_step, example=found["example"])
            self.metrics.pending["hacking/stopped"] = state.global_step
            control.should_training_stop = True

    def raise_if_tripped(self, before: Callable[[], Any] | None = None) -> None:
        if self.reason:
            if before is not None:
                before()
            raise RewardHacking(self.reason)


def monitor_for(cfg: Any, graders: list[tuple[str, Callable, float]], score: Callable[..., list],
                metrics: Any) -> tuple[list[tuple[str, Callable, float]], HackingMonitor | None]:
    """The graders to hand the trainer (tapped) and the monitor; (graders, None) when guards.reward_hacking=null
    or the objective does not train on the reward (sft)."""
    g = cfg.guards
    trainer = cfg.objective.get("trainer")
    if g.get("reward_hacking") is None or getattr(trainer, "value", trainer) == "sft":
        return graders, None
    from loopwright.train.reward_audit import threshold_of

    tap = Tap()
    tapped = [(name, tap.wrap(fn), w) for name, fn, w in graders]
    monitor = HackingMonitor(tap, score, threshold_of(cfg), float(g.reward_hacking), int(g.reward_hacking_steps),
                             int(g.reward_hacking_sample), metrics)
    return tapped, monitor
