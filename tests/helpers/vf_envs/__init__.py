"""verifiers 0.4 environments written for the tests (``task.env=helpers.vf_envs.<name>``; tests/ is on the path).

``addition``: single-turn, generated questions, a rubric of two weighted rewards. ``calculator``: multi-turn,
a stateful ``vf.Toolset`` whose tool the rubric checks through the Trace's state. ``hostile``: tasksets that
each break one thing a taskset could (docs/EPISODES.md; tests/unit/tasks/test_verifiers_task.py).
"""
