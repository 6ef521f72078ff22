"""``task=verifiers``: a verifiers environment's tasks as the rows, ``task.env=<module or installed package>``.

The environment is a verifiers 0.4 taskset (tasks/_verifiers.py says how it is found and read):

    python train.py task=verifiers task.env=my_env reward=verifiers           # its rubric is the reward
    python train.py task=verifiers task.env=my_env task.multi_turn=true reward=verifiers   # with its tools

``task.params.args`` are the taskset config's fields (``--env.taskset.*`` in verifiers' CLI). The held-out split
is kept apart two ways: with ``task.params.eval_args`` the held-out rows are the taskset loaded with those
fields instead (e.g. ``{split: test}``), and any training task whose prompt is among them is dropped; without,
the distinct tasks are shuffled with ``task.seed``, the first ``task.n_eval`` held out and the next
``task.n_train`` trained on (as task=jsonl). No row repeats and no prompt sits on both sides.
"""

from __future__ import annotations

from typing import Any

from loopwright.tasks import register
from loopwright.tasks._verifiers import env_args
from loopwright.tasks._verifiers_tools import VerifiersEnvironment

KEY = "task.env"


def problems(t: Any) -> list[str]:
    """task=verifiers' rules (cheap: the pinned version, the key's presence and form; the user's module is
    imported at validation, as any ``_target_``, except by an inert validation)."""
    from loopwright.config.checks import is_inert
    from loopwright.episodes.packages import version_problem

    found: list[str] = []
    if not t.get("env"):
        return ["task=verifiers needs task.env: the verifiers environment's module or installed package "
                "(e.g. task.env=my_env, task.env=my_pkg.my_env)"]
    wrong = version_problem("verifiers", "task=verifiers")
    if wrong:
        return [wrong]
    for which in ("args", "eval_args"):
        value = (t.get("params") or {}).get(which)
        if value is not None and not hasattr(value, "keys"):
            found.append(f"task.params.{which} must be a mapping of the taskset config's fields, got {value!r}")
    if found or is_inert():
        return found
    from loopwright.tasks import _verifiers

    try:
        cls = _verifiers.taskset_class(str(t.env))
        _verifiers.taskset_config(cls, env_args(t))
        if env_args(t, "eval_args"):
            _verifiers.taskset_config(cls, {**env_args(t), **env_args(t, "eval_args")}, "task.params.eval_args")
        if t.multi_turn and not (t.get("environment") or {}).get("_target_"):
            from loopwright.tasks import _verifiers_tools

            found += [f"{KEY}={t.env}: {p}" for p in _verifiers_tools.tool_problems(str(t.env), env_args(t))]
    except _verifiers.VerifiersError as err:
        found.append(str(err))
    return found


@register("verifiers", params={"args", "eval_args"}, problems=problems, environment=VerifiersEnvironment,
          summary="a verifiers environment (task.env): its tasks as rows, its tools in episodes; reward=verifiers "
                  "grades with its rubric")
def build(cfg: Any) -> tuple[list[dict], list[dict]]:
    """Return (train_rows, held_out_rows) from the environment's taskset (see the module docstring)."""
    from loopwright.tasks import _verifiers
    from loopwright.tasks.jsonl import TaskFileError, _unify_columns, dedupe, prompt_key, split

    env = str(cfg.env)
    args = env_args(cfg)
    source = f"{KEY}={env}"
    train = _verifiers.rows(_verifiers.load(env, args), env)
    eval_args = env_args(cfg, "eval_args")
    if eval_args:
        held = dedupe(_verifiers.rows(_verifiers.load(env, {**args, **eval_args}, "task.params.eval_args"), env))
        seen = {prompt_key(r) for r in held}
        train = [r for r in dedupe(train) if prompt_key(r) not in seen]
        if len(held) < int(cfg.n_eval) or len(train) < int(cfg.n_train):
            raise TaskFileError(
                f"{source}: task.n_eval={cfg.n_eval} and task.n_train={cfg.n_train} need that many distinct tasks; "
                f"the held-out taskset (task.params.eval_args) has {len(held)}, the training one {len(train)} not "
                "among them; lower task.n_eval or task.n_train")
        import random

        random.Random(int(cfg.seed)).shuffle(held)
        random.Random(int(cfg.seed) + 1).shuffle(train)
        train, held = train[:int(cfg.n_train)], held[:int(cfg.n_eval)]
    else:
        train, held = split(train, cfg, source)
    everything = train + held
    extra = sorted({k for r in everything for k in r} - {"prompt", _verifiers.TASK_COLUMN})
    for row in everything:  # every row carries every column (Arrow needs one schema); absent is null
        for k in extra:
            row.setdefault(k, None)
    _unify_columns(everything, list(range(len(everything))), extra, source)
    return train, held
