"""reward=judge: an LLM judge over an OpenAI-compatible endpoint (vLLM, OpenAI, any local server).

Two modes (``reward.mode``):

pointwise  one request per distinct (prompt, completion): the judge scores it on 0..scale
           against the rubric; the reward is score / scale, in [0, 1].
group      one request per GRPO group (the completions of one prompt, consecutive in TRL's
           batch): the judge ranks them and the reward is the rank, best 1.0, worst 0.0,
           evenly spaced (OpenPipe's RULER shape; GRPO only uses the differences within a
           group). Identical completions are sent once and share their score; a "group" of
           one distinct completion cannot be ranked and is scored pointwise (held-out
           evaluation has one greedy completion per prompt).

All requests of one TRL call go out concurrently (``reward.concurrency``), through the cache,
budget and retries of :mod:`loopwright.rewards._judge_client`. A judge that is down, over
budget or answering nonsense raises :class:`~loopwright.rewards._judge_client.JudgeError`,
which stops the run with its message: never a silent 0 or 0.5.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from loopwright.rewards import register
from loopwright.rewards._judge_client import JudgeSettings, client_for
from loopwright.rewards._judge_prompts import (DEFAULT_RUBRIC, group_messages, parse_ranking, parse_score,
                                               pointwise_messages, rank_scores)

DEFAULT_THRESHOLD = 0.5
SETTINGS = ("base_url", "model", "api_key_env", "timeout_s", "retries", "retry_backoff_s", "concurrency",
            "max_requests", "temperature", "max_tokens", "cache_dir")
PARAMS = frozenset(SETTINGS) | {"mode", "rubric", "rubric_file", "scale", "threshold", "calibration_group_size"}
MODES = ("pointwise", "group")


def rubric_of(params: dict) -> str:
    """``rubric_file``'s text, else ``rubric``, else the default rubric."""
    if params.get("rubric_file"):
        return Path(str(params["rubric_file"])).expanduser().read_text(encoding="utf-8").strip()
    return str(params.get("rubric") or DEFAULT_RUBRIC).strip()


class Judge:
    """Scores completions through one endpoint; see the module docstring."""

    def __init__(self, params: dict):
        self.mode = str(params.get("mode") or "pointwise")
        self.rubric = rubric_of(params)
        self.scale = int(params.get("scale") or 10)
        self.threshold = float(params.get("threshold", DEFAULT_THRESHOLD))
        self.calibration_group_size = int(params.get("calibration_group_size") or 4)
        self.client = client_for(JudgeSettings(**{k: params[k] for k in SETTINGS if k in params}))

    def _pointwise(self, prompt: Any, completion: Any) -> tuple[list[dict], Any]:
        return pointwise_messages(prompt, completion, self.rubric, self.scale), lambda t: parse_score(t, self.scale)

    def _ranking(self, items: list[tuple[Any, Any]]) -> tuple[list[dict], Any]:
        return group_messages(items, self.rubric), lambda t: rank_scores(parse_ranking(t, len(items)))

    def pointwise(self, prompts: list, completions: list) -> list[float]:
        keys = [_canonical(p, c) for p, c in zip(prompts, completions)]
        distinct = list(dict.fromkeys(keys))
        first = {k: i for i, k in reversed(list(enumerate(keys)))}
        answers = self.client.ask_many([self._pointwise(prompts[first[k]], completions[first[k]]) for k in distinct])
        by_key = dict(zip(distinct, answers))
        return [by_key[k] for k in keys]

    def rank(self, groups: list[list[tuple[Any, Any]]]) -> list[list[float]]:
        """Scores for each group of (prompt, completion) items, in item order (duplicates share a score)."""
        requests, plans = [], []
        for items in groups:
            keys = [_canonical(p, c) for p, c in items]
            distinct = list(dict.fromkeys(keys))
            firsts = [items[keys.index(k)] for k in distinct]
            requests.append(self._ranking(firsts) if len(distinct) > 1 else self._pointwise(*firsts[0]))
            plans.append((keys, distinct))
        answers = self.client.ask_many(requests)
        out = []
        for (keys, distinct), answer in zip(plans, answers):
            scores = answer if isinstance(answer, list) else [answer]
            by_key = dict(zip(distinct, scores))
            out.append([by_key[k] for k in keys])
        return out

    def score(self, prompts: list, completions: list) -> list[float]:
        prompts = list(prompts) if prompts is not None else [""] * len(completions)
        if self.mode == "pointwise":
            return self.pointwise(prompts, completions)
        order: dict[str, list[int]] = {}  # TRL puts a prompt's generations together; group by the prompt itself
        for i, p in enumerate(prompts):
            order.setdefault(_canonical(p), []).append(i)
        groups = list(order.values())
        ranked = self.rank([[(prompts[i], completions[i]) for i in members] for members in groups])
        out = [0.0] * len(completions)
        for members, scores in zip(groups, ranked):
            for i, s in zip(members, scores):
                out[i] = s
        return out


def _canonical(*values: Any) -> str:
    return json.dumps(values, sort_keys=True, ensure_ascii=False, default=str)


def problems(params: dict, key: str) -> list[str]:
    """Config checks before anything loads: the endpoint, the key's variable, the rubric file, the numbers."""
    found = []
    for name, what in (("base_url", "the judge's OpenAI-compatible endpoint, e.g. http://localhost:8000/v1"),
                       ("model", "the model name the endpoint serves")):
        if not str(params.get(name) or "").strip():
            found.append(f"{key}.{name} is not set ({what})")
    env = params.get("api_key_env")
    if env and not os.environ.get(str(env)):
        found.append(f"{key}.api_key_env={env}: the environment variable {env} is not set (it must hold the "
                     f"judge's API key; null if the endpoint needs none)")
    if params.get("rubric_file") and not Path(str(params["rubric_file"])).expanduser().is_file():
        found.append(f"{key}.rubric_file={params['rubric_file']} is not a file")
    if str(params.get("mode") or "pointwise") not in MODES:
        found.append(f"{key}.mode={params.get('mode')} must be one of {', '.join(MODES)}")
    for name, low in (("concurrency", 1), ("retries", 0), ("max_requests", 1), ("scale", 1), ("max_tokens", 1),
                      ("calibration_group_size", 2)):
        value = params.get(name)
        if value is not None and (not isinstance(value, (int, float)) or value < low):
            found.append(f"{key}.{name}={value} must be >= {low}")
    for name in ("timeout_s",):
        value = params.get(name)
        if value is not None and (not isinstance(value, (int, float)) or value <= 0):
            found.append(f"{key}.{name}={value} must be > 0 seconds")
    return found


@register("judge", params=PARAMS, problems=problems,
          summary="an LLM judge over an OpenAI-compatible endpoint: a rubric score per completion (pointwise) "
                  "or ranks within each GRPO group (group)")
def make(params: dict) -> Any:
    """Registry factory; the params are conf/reward/judge.yaml's keys (config/reward.py: JudgeReward)."""
    judge = Judge(params)

    def judge_reward(prompts: list | None = None, completions: list | None = None, **_: Any) -> list[float]:
        """TRL reward function: one float in [0, 1] per completion; raises JudgeError when the judge cannot grade."""
        return judge.score(prompts, list(completions or []))

    judge_reward.threshold = judge.threshold
    judge_reward.judge = judge  # the calibration gate ranks labelled groups through it
    return judge_reward
