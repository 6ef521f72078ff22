"""A verifiers 0.4 environment for the SmolLM2 learning check of task=verifiers (docs/EPISODES.md).

Every single-digit addition ``What is a + b? Answer with just the number.`` (100 tasks), graded by its own
rubric: 1.0 when the reply's first number is the sum (a number that opens an expression, ``8 + 0 ...``, is the
question restated, not an answer). SmolLM2-135M-Instruct can add these but rarely answers with the number first,
so it starts well below 0.5. Use it as any installed verifiers environment, with this folder on the path:

    PYTHONPATH=examples/envs python train.py task=verifiers task.env=vf_addition reward=verifiers

``args``: ``max_operand`` (default 9) widens the range; ``operation`` ``+`` (default) or ``*``.
"""

from __future__ import annotations

import re

import verifiers.v1 as vf

__all__ = ["AdditionTaskset"]

_NUMBER = re.compile(r"-?\d+")
_OPERATOR_NEXT = re.compile(r"\s*[-+*/x×÷^]\s*-?\d")


class AdditionData(vf.TaskData):
    answer: str = ""


class AdditionTask(vf.Task[AdditionData]):
    @vf.reward
    async def correct(self, task: AdditionData, trace: vf.Trace) -> float:
        reply = trace.last_reply[:2000]
        match = _NUMBER.search(reply)
        if match is None or _OPERATOR_NEXT.match(reply, match.end()):
            return 0.0
        return 1.0 if match.group() == task.answer else 0.0


class AdditionConfig(vf.TasksetConfig):
    max_operand: int = 9
    operation: str = "+"


class AdditionTaskset(vf.Taskset[AdditionTask, AdditionConfig]):
    def load(self):
        op = self.config.operation
        if op not in ("+", "*"):
            raise ValueError(f"operation must be '+' or '*', got {op!r}")
        for a in range(self.config.max_operand + 1):
            for b in range(self.config.max_operand + 1):
                yield AdditionTask(AdditionData(prompt=f"What is {a} {op} {b}? Answer with just the number.",
                                                answer=str(a + b if op == "+" else a * b)), self.config.task)
