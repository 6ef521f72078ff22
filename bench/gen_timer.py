"""Run a script with TRL's generation blocks timed: one measurement for loopwright and plain TRL alike.

    GEN_TIMER_OUT=gen.jsonl python bench/gen_timer.py train.py profile=gpu ...
    GEN_TIMER_OUT=gen.jsonl python bench/gen_timer.py bench/plain_trl_grpo.py RUN_DIR OUT_DIR

TRL's GRPOTrainer wraps each generation call in ``trl.extras.profiling.ProfilingContext``
(``GRPOTrainer.transformers.generate``, ``...transformers.generate_batch``, ``...vLLM.generate``)
but reports the duration only to W&B, MLflow or Trackio, none of which either side uses
here, and writes nothing of it to metrics.jsonl or its log history. This wrapper appends
every profiled block to $GEN_TIMER_OUT as a ``{"name", "s", "step"}`` line (waiting for the
GPU before the clock stops on a generate block, so queued kernels are counted), then runs
the script as ``__main__`` with its own argv. The script itself is unchanged; the exit code
is the script's.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
from pathlib import Path


def _sync_cuda() -> None:
    import torch

    if torch.cuda.is_available() and torch.cuda.is_initialized():
        torch.cuda.synchronize()


def install(out_path: str | os.PathLike) -> None:
    """Patch TRL's ProfilingContext to also append each block's duration to ``out_path``."""
    from trl.extras import profiling

    cls = profiling.ProfilingContext
    if getattr(cls, "_gen_timer_installed", False):
        return
    original_exit, original_log = cls.__exit__, cls._log_metrics

    def __exit__(self, exc_type, exc_val, exc_tb):
        if "generate" in self.name:
            _sync_cuda()
        return original_exit(self, exc_type, exc_val, exc_tb)

    def _log_metrics(self, duration: float) -> None:
        with open(out_path, "a") as handle:
            handle.write(json.dumps({"name": self.name, "s": duration, "step": self.step}) + "\n")
        return original_log(self, duration)

    cls.__exit__, cls._log_metrics, cls._gen_timer_installed = __exit__, _log_metrics, True


def install_peak_memory(out_path: str | os.PathLike) -> None:
    """Wrap ``transformers.Trainer.train`` (GRPOTrainer's) to reset CUDA's peak-memory counter before it and append
    ``{"name": "peak_cuda_memory_train", "bytes": max_memory_allocated}`` after it: the same measurement on both
    sides, around training alone (loopwright's evaluations in the same process are outside it). No CUDA: no line."""
    import transformers

    cls = transformers.Trainer
    if getattr(cls, "_gen_timer_peak_installed", False):
        return
    original_train = cls.train

    def train(self, *args, **kwargs):
        import torch

        cuda = torch.cuda.is_available()
        if cuda:
            torch.cuda.synchronize()
            torch.cuda.reset_peak_memory_stats()
        try:
            return original_train(self, *args, **kwargs)
        finally:
            if cuda:
                torch.cuda.synchronize()
                with open(out_path, "a") as handle:
                    handle.write(json.dumps({"name": "peak_cuda_memory_train",
                                             "bytes": torch.cuda.max_memory_allocated()}) + "\n")

    cls.train, cls._gen_timer_peak_installed = train, True


def main(argv: list[str]) -> None:
    if not argv:
        sys.exit("usage: GEN_TIMER_OUT=<file.jsonl> python bench/gen_timer.py <script.py> [args ...]")
    out = os.environ.get("GEN_TIMER_OUT")
    if out:
        install(out)
        install_peak_memory(out)
    script = str(Path(argv[0]).resolve())
    sys.argv = [argv[0], *argv[1:]]
    sys.path[0] = str(Path(script).parent)
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
