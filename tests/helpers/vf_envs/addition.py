"""A single-turn verifiers environment: generated additions, graded by the reply's first number.

``split=train`` yields the sums of a in [0, 9], b in [0, 9] whose a is even, ``split=test`` those whose a is
odd, so a held-out taskset (``task.params.eval_args={split: test}``) shares no question with training.
"""

from __future__ import annotations

import re

import verifiers.v1 as vf

__all__ = ["AdditionTaskset"]


class AdditionData(vf.TaskData):
    answer: str = ""
    a: int = 0


class AdditionTask(vf.Task[AdditionData]):
    @vf.reward
    async def correct(self, task: AdditionData, trace: vf.Trace) -> float:
        match = re.search(r"-?\d+", trace.last_reply)
        return 1.0 if match and match.group() == task.answer else 0.0

    @vf.reward(weight=0.0)  # recorded, never paid: proves weights reach the sum
    async def short(self, trace: vf.Trace) -> float:
        return 1.0 if len(trace.last_reply) < 8 else 0.0


class AdditionConfig(vf.TasksetConfig):
    split: str = "train"
    system: str | None = None


class AdditionTaskset(vf.Taskset[AdditionTask, AdditionConfig]):
    def load(self):
        parity = 0 if self.config.split == "train" else 1
        for a in range(10):
            if a % 2 != parity:
                continue
            for b in range(10):
                yield AdditionTask(AdditionData(prompt=f"What is {a} + {b}? Answer with just the number.",
                                                system_prompt=self.config.system, answer=str(a + b), a=a),
                                   self.config.task)
