"""Preemption: SIGTERM / SIGUSR1 (and submitit's own signal) end a job with a complete checkpoint.

A scheduler that wants the machine back (SLURM preemption or time limit, a RunPod spot pod,
``local_gpus``' timeout, ``docker stop``) sends SIGTERM, or SLURM's warning signal (SIGUSR1;
submitit uses ``$SUBMITIT_PREEMPT_SIGNAL``, USR2 by default). The handler only notes the signal:

* during training, :class:`PreemptionCallback` asks the Trainer to save at the end of the
  current step and to stop; the save goes through the atomic checkpoint path
  (``checkpoints/checkpoint-N``), whatever ``checkpoint.every`` says;
* outside training (model loading, evaluation) there is no step to finish: :class:`Preempted`
  is raised at once and the newest complete checkpoint, if any, is what a resume uses. It is a
  BaseException, as KeyboardInterrupt is: the handler raises it in whatever frame was running, and
  a library's ``except Exception`` there would otherwise swallow it and the job would carry on
  (seen in CI: a SIGTERM at the start of the final evaluation, then exit 0). The job also checks
  :meth:`PreemptionWatch.raise_if_received` between its steps, so a signal whose exception was
  dropped all the same still ends the job, at the next step boundary.

Either way the job ends with manifest status ``preempted`` and exit code 7 (``exits.py``).
Under submitit the job then asks submitit to requeue it (its own checkpoint-and-requeue
handler: ``scontrol requeue`` on SLURM, the requeue exit code on the local executor); the
requeued job finds ``preempted`` in its run dir's manifest and resumes by itself
(:func:`loopwright.train.resume.implied_resume`).
"""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any, Callable

from transformers import TrainerCallback

SIGNALS = ("SIGTERM", "SIGUSR1")


class Preempted(BaseException):
    """The job was asked to stop by a signal; ``checkpoint`` is what a resume continues from."""

    def __init__(self, signal_name: str, step: int | None, checkpoint: Path | None):
        where = f"at step {step}" if step is not None else "outside training"
        saved = f"checkpoint {checkpoint}" if checkpoint else "no checkpoint yet (a resume starts fresh)"
        super().__init__(f"{signal_name} {where}; {saved}")
        self.signal_name, self.step, self.checkpoint = signal_name, step, checkpoint


def _submitit_signal() -> int | None:
    """submitit's preemption signal when this process is a submitit job, else None."""
    if "SUBMITIT_EXECUTOR" not in os.environ and "SUBMITIT_FOLDER" not in os.environ:
        return None
    name = os.environ.get("SUBMITIT_PREEMPT_SIGNAL", "USR2")
    return getattr(signal, name if name.startswith("SIG") else f"SIG{name}", None)


class PreemptionWatch:
    """Installs the handlers for the whole job; ``restore()`` puts the previous ones back."""

    def __init__(self) -> None:
        self.received: str | None = None
        self.training = False
        self.previous: dict[int, Any] = {}
        self.submitit_handler: Callable | None = None

    def install(self) -> "PreemptionWatch":
        import threading

        if threading.current_thread() is not threading.main_thread():
            return self  # signal handlers can only be set from the main thread (an in-process sweep worker)
        numbers = {getattr(signal, name) for name in SIGNALS}
        submitit_sig = _submitit_signal()
        if submitit_sig is not None:
            numbers.add(submitit_sig)
            self.submitit_handler = signal.getsignal(submitit_sig)  # submitit's checkpoint-and-requeue
        for number in numbers:
            self.previous[number] = signal.signal(number, self._on_signal)
        return self

    def restore(self) -> None:
        for number, handler in self.previous.items():
            signal.signal(number, handler)
        self.previous = {}

    def _on_signal(self, number: int, frame: Any) -> None:
        first = self.received is None
        self.received = signal.Signals(number).name
        print(f"[loopwright] {self.received} received: "
              + ("checkpoint at the end of this step, then exit" if self.training else "stopping"), flush=True)
        if not self.training and first:
            raise Preempted(self.received, None, None)

    def raise_if_received(self) -> None:
        """Between the job's steps: a signal received outside training ends the job here, if its handler's
        exception was lost (code that catches BaseException)."""
        if self.received is not None and not self.training:
            raise Preempted(self.received, None, None)

    def requeue(self) -> None:
        """Under submitit: let submitit checkpoint (resubmit the same call) and requeue this job.

        submitit's handler ends the process itself (SystemExit with its requeue code)."""
        handler = self.submitit_handler
        if callable(handler) and getattr(handler, "__name__", "") == "checkpoint_and_try_requeue":
            print("[loopwright] asking submitit to requeue this job", flush=True)
            handler(_submitit_signal(), None)


class PreemptionCallback(TrainerCallback):
    """At a step boundary after a preemption signal: save a checkpoint and stop training."""

    def __init__(self, watch: PreemptionWatch):
        self.watch = watch
        self.stopped_at: int | None = None

    def on_train_begin(self, args, state, control, **kwargs):
        self.watch.training = True
        if self.watch.received:  # arrived between the handler's install and here: stop at the first step
            print(f"[loopwright] {self.watch.received} before training: one step, then checkpoint", flush=True)

    def on_step_end(self, args, state, control, **kwargs):
        if _any_rank(self.watch.received is not None):
            self.watch.received = self.watch.received or "SIGTERM"  # another rank got it first
            self.stopped_at = state.global_step
            control.should_save = True
            control.should_training_stop = True

    def on_train_end(self, args, state, control, **kwargs):
        self.watch.training = False
        if self.watch.received and self.stopped_at is None:  # arrived after the last step's boundary
            self.stopped_at = state.global_step


def _any_rank(flag: bool) -> bool:
    """True when any rank of a multi-process job received the signal, so every rank saves at the same step."""
    import torch.distributed as dist

    if not (dist.is_available() and dist.is_initialized()):
        return flag
    import torch

    value = torch.tensor([int(flag)])
    dist.all_reduce(value, op=dist.ReduceOp.MAX)
    return bool(value.item())
