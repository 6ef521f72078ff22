"""The fork server behind helpers.run_train (tests/helpers/train_fork.py says why and what differs).

Run as ``python train_fork_server.py``: it imports the third-party ML stack a training imports, then reads one
JSON request a line on stdin ({argv, cwd, env, out, err}); for each it forks, and the child runs ``argv[0]``
(train.py) as ``python <argv...>`` would. The server answers {"pid": N} once the child exists and
{"status": code} when it ends (negative: killed by that signal, as subprocess reports it). Stdin's end stops it.

It imports nothing of loopwright: every run reads the working tree's code afresh. It tells the client which
environment variables the imports read ("env_read" in its first answer)."""

from __future__ import annotations

import ctypes
import gc
import json
import os
import runpy
import signal
import sys
import tempfile
import threading
import traceback

# What a one-step training imports beyond loopwright, by import time (python -X importtime train.py, smoke
# profile): torch 1.3 s, transformers 0.6, wandb 0.3, peft 0.3, sympy 0.3 (torch.distributed.tensor), pandas,
# matplotlib, TRL, pyarrow, datasets. Attributes are touched because transformers and TRL import lazily.
PRELOAD = (
    "torch", "numpy", "transformers", "peft", "datasets", "accelerate", "matplotlib", "trl",
    "torch.distributed.tensor", "pandas", "pyarrow", "wandb", "hydra", "omegaconf", "hydra.core.config_store",
    "matplotlib.pyplot",  # the reward curve at a run's end: 0.2-0.3 s; its backend is chosen at the first figure
)
LAZY = {"transformers": ("AutoModelForCausalLM", "AutoTokenizer", "Trainer", "TrainerCallback"),
        "trl": ("GRPOTrainer", "GRPOConfig", "SFTTrainer", "SFTConfig")}
PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """SIGKILL when the parent goes (a test killed by pytest-timeout must not leave a server or a run behind)."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


class _ReadsRecorded(type(os.environ)):
    """os.environ while the stack imports: every key looked up (os.getenv and ``in`` go through __getitem__), but
    not the values read by a scan of the whole environment: ``items()``, ``copy()``, and tqdm's and fsspec's scans
    for their prefixes (TQDM_, FSSPEC_: train_fork.NATIVE_PREFIXES). Those would name every variable present."""
    read: set[str] = set()

    def __getitem__(self, key: str) -> str:
        caller = sys._getframe(1).f_code
        scan = (caller.co_name == "__iter__" and "_collections_abc" in caller.co_filename
                or caller.co_name == "copy" and caller.co_filename.endswith(("os.py", "<frozen os>"))
                or caller.co_filename.endswith((os.path.join("tqdm", "utils.py"), os.path.join("fsspec", "config.py"))))
        if not scan:
            _ReadsRecorded.read.add(key)
        return super().__getitem__(key)


def _preload() -> tuple[bytes, list[str]]:
    """Import the stack with fds 1 and 2 in a file. Returns what the imports printed (each run's stderr gets it,
    as a fresh process would print it) and the environment variables they read (a caller whose environment differs
    in one of them gets a server started with it: what these imports made of it would be stale)."""
    plain = type(os.environ)
    os.environ.__class__ = _ReadsRecorded
    try:
        printed = _imported()
    finally:
        os.environ.__class__ = plain
    return printed, sorted(_ReadsRecorded.read)


def _imported() -> bytes:
    import importlib

    with tempfile.TemporaryFile() as printed:
        saved = os.dup(1), os.dup(2)
        os.dup2(printed.fileno(), 1)
        os.dup2(printed.fileno(), 2)
        try:
            for name in PRELOAD:
                module = importlib.import_module(name)
                for attr in LAZY.get(name, ()):
                    getattr(module, attr)
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
        printed.seek(0)
        return printed.read()


def _become_the_run(request: dict, printed: bytes, server: int) -> None:
    """In the forked child: the process ``python <argv...>`` would be. Never returns: raises SystemExit."""
    _die_with_parent()
    if os.getppid() != server:  # the server died between the fork and the line above: no signal will come
        os._exit(1)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(os.open(request["out"], flags, 0o600), 1)
    os.dup2(os.open(request["err"], flags, 0o600), 2)
    os.write(2, printed)
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    sys.argv = list(request["argv"])
    sys.path[0] = os.path.dirname(os.path.abspath(sys.argv[0]))  # a script's own directory, as python sets it
    import numpy

    numpy.random.seed()  # Python's random reseeds itself in a forked child; numpy's global state does not
    try:
        runpy.run_path(sys.argv[0], run_name="__main__")
    except SystemExit:
        raise
    except BaseException:  # what the interpreter does with an uncaught exception: the traceback, status 1
        traceback.print_exc()
        sys.exit(1)
    sys.exit(0)


def _answer(reply: dict) -> None:
    sys.__stdout__.write(json.dumps(reply) + "\n")
    sys.__stdout__.flush()


def serve() -> None:
    _die_with_parent()
    printed, env_read = _preload()
    if threading.active_count() != 1:  # fork copies only the forking thread: a run could inherit a held lock
        _answer({"refused": f"{threading.active_count()} threads after the imports"})
        return
    # The imports' objects to the permanent generation: a run's collections (accelerate's gc.collect() after
    # training took 0.27 s of a 3 s forked run) no longer walk the whole stack's objects, and do not write to
    # (copy) the pages holding them. Those objects live as long as their modules in a fresh process too.
    gc.collect()
    gc.freeze()
    _answer({"ready": True, "env_read": env_read})
    server = os.getpid()
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _become_the_run(request, printed, server)
        _answer({"pid": pid})
        _, status = os.waitpid(pid, 0)
        _answer({"status": os.waitstatus_to_exitcode(status)})


if __name__ == "__main__":
    serve()
