"""A verifiers taskset that misbehaves in the way ``task.params.args.mode`` names (the attack tests).

Loading: ``raising`` (load() raises), ``not_a_task`` (yields dicts), ``endless`` (the same task forever),
``image`` (a prompt with an image part), ``huge`` (a task carrying 300 kB), ``assistant_last`` (a prompt
ending on the assistant), ``mixed`` (a field that is a number in one task and text in another).
Grading (the rubric, per task): ``rubric_raises``, ``rubric_nan``, ``rubric_hangs`` (sleeps 30 s),
``gameable`` (pays 1.0 for any reply: the reward audit must refuse it).
"""

from __future__ import annotations

import asyncio
import math

import verifiers.v1 as vf

__all__ = ["HostileTaskset"]


class HostileData(vf.TaskData):
    mode: str = ""
    answer: str = ""
    blob: str = ""
    extra: int | str = 0


class HostileTask(vf.Task[HostileData]):
    @vf.reward
    async def graded(self, task: HostileData, trace: vf.Trace) -> float:
        if task.mode == "rubric_raises":
            raise RuntimeError("the rubric fell over")
        if task.mode == "rubric_nan":
            return math.nan
        if task.mode == "rubric_hangs":
            await asyncio.sleep(30)
        if task.mode == "gameable":
            return 1.0
        return 1.0 if task.answer and task.answer in trace.last_reply else 0.0


class HostileConfig(vf.TasksetConfig):
    mode: str = ""


class HostileTaskset(vf.Taskset[HostileTask, HostileConfig]):
    def load(self):
        mode = self.config.mode
        if mode == "raising":
            raise OSError("the dataset server is down")
        i = 0
        while True:
            if mode == "not_a_task":
                yield {"prompt": "hi"}
            n = 0 if mode == "endless" else i
            prompt: object = f"Say the word number {n}."
            if mode == "image":
                prompt = [vf.UserMessage(content=[vf.ImageUrlContentPart(image_url=vf.ImageUrlSource(url="x"))])]
            if mode == "assistant_last":
                prompt = [vf.UserMessage(content="hi"), vf.AssistantMessage(content="hello")]
            yield HostileTask(HostileData(prompt=prompt, mode=mode, answer=f"word{n}",
                                          blob="z" * 300_000 if mode == "huge" else "",
                                          extra=(i if i % 2 else str(i)) if mode == "mixed" else 0),
                              self.config.task)
            i += 1
            if mode != "endless" and i >= 40:
                return
