"""The transformers backend: the run's model in this process, concurrent requests batched.

One worker thread owns the model. A request becomes a job on its queue; the
worker takes the first job, waits ``batch.wait_ms`` for others with the same
sampling settings (greedy, temperature, top_p) to join, up to ``batch.max_size``,
left-pads their prompts and runs ONE ``model.generate`` call for all of them. A
streamer splits each step's tokens by row, so every request streams its own text
as it is decoded, stops at its own EOS, stop string or ``max_tokens`` (a stopping
criterion then ends that row early) and can be dropped by its client mid-way.
Jobs with other settings wait for the next batch, in arrival order.
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AsyncIterator, Callable


@dataclass
class Sampling:
    max_tokens: int
    temperature: float = 1.0
    top_p: float = 1.0
    stop: tuple[str, ...] = ()

    def key(self) -> tuple:
        """Requests batch together only when generate would sample them alike."""
        return (0.0, 1.0) if self.temperature == 0 else (self.temperature, self.top_p)


class Outcome:
    """How a generation ended: ``finish`` ("stop" / "length"), the completion's token count, or an error."""

    def __init__(self) -> None:
        self.finish, self.tokens, self.error = "stop", 0, None
        self.batch: int | None = None  # how many requests shared its generate call (hf backend)


def load_run_model(model_dir: Path) -> tuple[Any, Any]:
    """The run's saved weights, or its LoRA adapter on top of the base it names."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from loopwright.models import fill_tokenizer_defaults

    # A run dir is data: safetensors weights only (no pickle), no code from its config's auto_map.
    safe = {"trust_remote_code": False, "use_safetensors": True}
    if (model_dir / "adapter_config.json").is_file():
        from peft import AutoPeftModelForCausalLM

        model = AutoPeftModelForCausalLM.from_pretrained(str(model_dir), **safe)
    else:
        model = AutoModelForCausalLM.from_pretrained(str(model_dir), **safe)
    tokenizer = AutoTokenizer.from_pretrained(str(model_dir), trust_remote_code=False)
    return model, fill_tokenizer_defaults(tokenizer, getattr(model.config, "max_position_embeddings", None))


def stop_holdback(text: str, stops: tuple[str, ...]) -> int:
    """How many trailing characters could still grow into a stop string (not sent yet)."""
    return max((k for s in stops for k in range(min(len(s) - 1, len(text)), 0, -1) if s.startswith(text[-k:])),
               default=0)


class _Job:
    def __init__(self, prompt: list[int], sampling: Sampling, sink: Callable[[Any], None]):
        self.prompt, self.sampling, self.sink = prompt, sampling, sink
        self.ids: list[int] = []
        self.sent = ""
        self.done = self.cancelled = False
        self.outcome = Outcome()

    def end(self, finish: str, error: BaseException | None = None) -> None:
        if self.done:
            return
        self.done = True
        self.outcome.finish, self.outcome.tokens, self.outcome.error = finish, len(self.ids), error
        self.sink(None)


class _RowStreamer:
    """transformers' streamer protocol: ``put`` gets the prompt once, then one token per row per step."""

    def __init__(self, jobs: list[_Job], tokenizer: Any, eos: set[int]):
        self.jobs, self.tokenizer, self.eos, self.prompt_seen = jobs, tokenizer, eos, False

    def put(self, value: Any) -> None:
        if not self.prompt_seen:
            self.prompt_seen = True
            return
        for job, token in zip(self.jobs, value.reshape(len(self.jobs), -1)[:, -1].tolist()):
            if job.done:
                continue
            if job.cancelled:
                job.end("cancelled")
            elif token in self.eos:
                job.end("stop")
            else:
                job.ids.append(token)
                self._emit(job)

    def _emit(self, job: _Job) -> None:
        text = self.tokenizer.decode(job.ids, skip_special_tokens=True)
        stops = job.sampling.stop
        cut = min((text.find(s) for s in stops if s in text), default=-1)
        final = cut >= 0 or len(job.ids) >= job.sampling.max_tokens
        if cut >= 0:
            text = text[:cut]
        elif not final:
            if text.endswith("\ufffd"):
                return  # half of a multi-byte character: wait for the rest
            text = text[:len(text) - stop_holdback(text, stops)]
        if text.startswith(job.sent) and len(text) > len(job.sent):
            job.sink(text[len(job.sent):])
            job.sent = text
        if final:
            job.end("stop" if cut >= 0 else "length")

    def end(self) -> None:
        pass


class HFEngine:
    """``generate`` (async, streaming) and ``generate_text`` (blocking) over one batching worker."""

    name = "hf"

    def __init__(self, model_dir: Path, max_batch: int = 8, wait_ms: float = 10.0, max_pending: int = 64):
        import torch

        self.model, self.tokenizer = load_run_model(model_dir)
        from loopwright.models.families import load_kwargs

        self.template_kwargs = load_kwargs(model_dir)  # model.thinking as the run trained (models/families.py)
        if torch.cuda.is_available():  # a GPU serves; the CPU otherwise (tested here on the CPU only)
            self.model.to("cuda")
        self.model.eval()
        from loopwright.serving.tool_calls import tool_ready

        tool_ready(self.tokenizer)
        self.context = int(getattr(self.model.config, "max_position_embeddings", None)
                           or self.tokenizer.model_max_length)
        self.adapter = (model_dir / "adapter_config.json").is_file()
        config_eos = self.model.generation_config.eos_token_id
        eos = config_eos if isinstance(config_eos, list) else [config_eos]
        self.eos = {int(e) for e in [*eos, self.tokenizer.eos_token_id] if e is not None}
        self.max_batch, self.wait_s, self.max_pending = max(1, max_batch), max(0.0, wait_ms) / 1000, max_pending
        self.batches: list[int] = []  # the size of every generate call, for the batching test and serve.json
        self._pending: list[_Job] = []
        self._cond = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._worker, name="loopwright-serve-hf", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ submitting
    def busy(self) -> bool:
        with self._cond:
            return len(self._pending) >= self.max_pending

    def _submit(self, job: _Job) -> None:
        with self._cond:
            self._pending.append(job)
            self._cond.notify_all()

    async def generate(self, prompt: list[int], sampling: Sampling, outcome: Outcome) -> AsyncIterator[str]:
        """The reply's text piece by piece; ``outcome`` says how it ended. Closing the iterator drops the job."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()
        job = _Job(prompt, sampling, lambda item: loop.call_soon_threadsafe(queue.put_nowait, item))
        self._submit(job)
        try:
            while (piece := await queue.get()) is not None:
                yield piece
        finally:
            job.cancelled = True  # a no-op once it ended; otherwise the worker drops the row at its next token
        outcome.finish, outcome.tokens, outcome.error = job.outcome.finish, job.outcome.tokens, job.outcome.error
        outcome.batch = job.outcome.batch
        if outcome.error is not None:
            raise outcome.error

    def generate_text(self, prompt: list[int], sampling: Sampling) -> tuple[str, Outcome]:
        """The whole reply, blocking (``python -m loopwright.chat`` in-process)."""
        pieces: list[str] = []
        finished = threading.Event()
        job = _Job(prompt, sampling, lambda item: finished.set() if item is None else pieces.append(item))
        self._submit(job)
        finished.wait()
        if job.outcome.error is not None:
            raise job.outcome.error
        return "".join(pieces), job.outcome

    def close(self, wait_s: float = 60.0) -> None:
        """Stop the worker and wait for it: a reply can be complete (its row hit EOS) while ``generate`` is
        still finishing the batch's step, and a process that exits with the worker inside torch aborts
        ("terminate called without an active exception")."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join(wait_s)

    # ------------------------------------------------------------------ the worker
    def _take_batch(self) -> list[_Job] | None:
        with self._cond:
            while not self._pending and not self._closed:
                self._cond.wait()
            if self._closed:
                return None
            first = self._pending.pop(0)
            batch, deadline = [first], time.monotonic() + self.wait_s
            while len(batch) < self.max_batch:
                same = [j for j in self._pending if j.sampling.key() == first.sampling.key()]
                for job in same[: self.max_batch - len(batch)]:
                    self._pending.remove(job)
                    batch.append(job)
                left = deadline - time.monotonic()
                if len(batch) >= self.max_batch or left <= 0:
                    break
                self._cond.wait(left)
            return [j for j in batch if not j.cancelled] or self._take_batch()

    def _worker(self) -> None:
        while (batch := self._take_batch()) is not None:
            try:
                self._run(batch)
            except BaseException as err:  # noqa: BLE001 - the requests get the error; the worker serves on
                for job in batch:
                    job.end("error", err)
            for job in batch:
                job.end("length")  # generate's own max_new_tokens ended the row

    def _run(self, batch: list[_Job]) -> None:
        import torch
        from transformers import StoppingCriteria, StoppingCriteriaList

        pad = self.tokenizer.pad_token_id
        width = max(len(j.prompt) for j in batch)
        ids = torch.tensor([[pad] * (width - len(j.prompt)) + j.prompt for j in batch])
        mask = torch.tensor([[0] * (width - len(j.prompt)) + [1] * len(j.prompt) for j in batch])

        class RowsDone(StoppingCriteria):
            def __call__(self, input_ids: Any, scores: Any, **kwargs: Any) -> Any:
                return torch.tensor([j.done or j.cancelled for j in batch], device=input_ids.device)

        sampling = batch[0].sampling
        greedy = sampling.temperature == 0
        kwargs: dict[str, Any] = {"do_sample": False, "temperature": None, "top_p": None, "top_k": None} if greedy \
            else {"do_sample": True, "temperature": sampling.temperature, "top_p": sampling.top_p, "top_k": None}
        self.batches.append(len(batch))
        for job in batch:
            job.outcome.batch = len(batch)
        with torch.no_grad():
            self.model.generate(input_ids=ids.to(self.model.device), attention_mask=mask.to(self.model.device),
                                max_new_tokens=max(j.sampling.max_tokens for j in batch), pad_token_id=pad,
                                streamer=_RowStreamer(batch, self.tokenizer, self.eos),
                                stopping_criteria=StoppingCriteriaList([RowsDone()]), **kwargs)
