"""``reward=verifiers``: a verifiers environment's rubric as the reward (its Task's ``@vf.reward`` methods).

Each completion is scored as verifiers scores a rollout: the row's Task is rebuilt from its ``vf_task``
column by the taskset's own Task and TaskData classes (``reward.params.env``, by default ``task.env``; its
config from ``reward.params.args``, by default ``task.params.args``), the prompt and the completion become the
rollout's ``Trace`` (the model's turns sampled, tool calls and results as verifiers' message types), and
``task.score(trace)`` runs every ``@vf.reward`` (and ``@vf.metric``); the reward is the Trace's weighted sum,
``sum(score * weight)``, as verifiers reports it. In episodes the rollout's toolset state is the Trace's
``state``. Like every grader it is wrapped by ``rewards.safe_reward`` (a rubric that raises or returns a
non-finite value scores 0 for that completion), composes in ``reward=composite`` (``{kind: verifiers,
params: {env: ..., args: ...}}``) and is audited before training like the others. A rubric that does not return
within ``reward.params.timeout_s`` scores 0. The row's column is data, never code: the classes come from the
configured environment, never from the row.
"""

from __future__ import annotations

from typing import Any

from loopwright.rewards import register


def _problems(params: dict, key: str) -> list[str]:
    from loopwright.episodes.packages import version_problem

    key = key if key.endswith(".params") else f"{key}.params"  # reward=verifiers has no typed keys of its own
    if not params.get("env"):
        return [f"{key}.env is unset: reward=verifiers grades with a verifiers environment's rubric; use it with "
                "task=verifiers (it reads task.env) or set the environment's module there"]
    wrong = version_problem("verifiers", "reward=verifiers")
    found = [wrong] if wrong else []
    if params.get("args") is not None and not isinstance(params["args"], dict):
        found.append(f"{key}.args must be a mapping of the taskset config's fields, got {params['args']!r}")
    timeout = params.get("timeout_s", 120)
    if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or timeout <= 0:
        found.append(f"{key}.timeout_s={timeout!r} must be a number of seconds > 0")
    return found


def _as_messages(value: Any, role: str) -> list[dict]:
    if isinstance(value, list):
        return [m for m in value if isinstance(m, dict)]
    return [{"role": role, "content": value if isinstance(value, str) else ""}]


@register("verifiers", params={"env", "args", "threshold", "timeout_s"}, problems=_problems,
          summary="the rubric of a verifiers environment (task=verifiers): the Trace's weighted reward sum")
def make(params: dict) -> Any:
    """Registry factory: the rubric of ``params['env']`` with its taskset config from ``params['args']``."""
    from loopwright.tasks import _verifiers

    env, args = str(params.get("env") or ""), dict(params.get("args") or {})
    timeout = float(params.get("timeout_s", 120))
    resolved: dict[str, Any] = {}

    def classes() -> tuple[type, Any]:
        if not resolved:  # at the first grade, not at build: `--cfg job` and the audit's listing import nothing
            cls = _verifiers.taskset_class(env)
            resolved.update(cls=cls, config=_verifiers.taskset_config(cls, args, "reward.params.args"))
        return resolved["cls"], resolved["config"]

    def verifiers_reward(prompts: list, completions: list, vf_task: list | None = None, **kwargs: Any) -> list:
        from loopwright.tasks.verifiers import VerifiersEnvironment

        cls, config = classes()
        blobs = list(vf_task or [])
        environments = list(kwargs.get("environments") or [])
        out = []
        for i, completion in enumerate(completions):
            if i >= len(blobs) or not blobs[i]:
                out.append(0.0)  # a row that is not a verifiers task: nothing to grade it against
                continue
            env_i = environments[i] if i < len(environments) else None
            state = env_i._state() if isinstance(env_i, VerifiersEnvironment) and env_i.task is not None else None
            total, _ = _verifiers.grade(_verifiers.task_of(cls, config, blobs[i]),
                                        _as_messages(prompts[i] if i < len(prompts) else "", "user"),
                                        _as_messages(completion, "assistant"), state, timeout)
            out.append(total)
        return out

    return verifiers_reward
