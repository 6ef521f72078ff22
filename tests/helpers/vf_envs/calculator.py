"""A multi-turn verifiers environment: a stateful calculator ``vf.Toolset`` per rollout.

The toolset records every call in its ``State``; the rubric pays 1.0 for a final reply stating the answer and
0.5 more when the rollout called ``add`` (read from the Trace's state, which loopwright fills from the rollout's
toolset). ``CALLS`` keeps every call any instance served in this process, for the in-process training test.
"""

from __future__ import annotations

from typing import Annotated

import verifiers.v1 as vf
from pydantic import Field

__all__ = ["CalculatorTaskset"]

CALLS: list[tuple[int, int, int]] = []


class CalcState(vf.State):
    calls: list[str] = []


class CalcConfig(vf.BaseConfig):
    pass


class Calc(vf.Toolset[CalcConfig, CalcState]):
    @vf.tool
    async def add(self, a: Annotated[int, Field(description="The first integer.")],
                  b: Annotated[int, Field(description="The second integer.")]) -> str:
        """Add two integers and return their sum."""
        self.state.calls.append(f"add({a}, {b})")
        CALLS.append((a, b, a + b))
        return str(a + b)


class CalcData(vf.TaskData):
    answer: str = ""


class CalcTask(vf.Task[CalcData, CalcState]):
    @classmethod
    def toolsets(cls, config):
        return [Calc(CalcConfig())]

    @vf.reward
    async def correct(self, task: CalcData, trace: vf.Trace) -> float:
        return 1.0 if task.answer in trace.last_reply else 0.0

    @vf.reward(weight=0.5)
    async def used_tool(self, trace: vf.Trace) -> float:
        return 1.0 if getattr(trace.state, "calls", None) else 0.0


class CalculatorTaskset(vf.Taskset[CalcTask]):
    def load(self):
        for a in range(10, 30):
            for b in (3, 7):
                yield CalcTask(CalcData(prompt=f"What is {a} + {b}? Use the add tool.", answer=str(a + b)),
                               self.config.task)
