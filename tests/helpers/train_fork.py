"""run_train's trainings, forked from a process that has already imported the ML stack.

Why: a one-step smoke training on the 2-core box takes about 7 s, and 4.4 s of it is importing torch,
transformers, peft, wandb, TRL, datasets and what they pull in (``python -X importtime train.py``; loopwright's
own modules are 0.08 s). The suite starts dozens of them through run_train. So each pytest worker starts one
server (train_fork_server.py) that imports that stack once, and each run_train forks it.

The child is the process ``python train.py <args>`` would be: its own pid and exit status, train.py run as
``__main__`` with its directory first on sys.path, the caller's argv, cwd and environment, stdout and stderr
captured, atexit handlers run at its end. What differs from a fresh interpreter, and why it does not matter here:

- The stack is imported before train.py runs, not inside the job. No loopwright module is, so each run reads
  the working tree. What the imports printed is put at the start of the run's stderr.
- OpenMP reads its wait policy when torch loads: the server starts with the default profile's
  (``GOMP_SPINCOUNT``, profile.omp_wait_policy=brief). A run that names ``omp_wait_policy`` runs as a plain process.
- What a library made of an environment variable at import: each run gets the caller's environment, but the
  server's imports saw the one it started with. The server records every variable its imports looked up; when
  the caller's environment differs in one of those, or in a variable native code or the interpreter reads at
  start (``NATIVE_PREFIXES``), a new server is started with it first (and a warning names the variables).
- Random state: Python's ``random`` reseeds itself in a forked child; the child reseeds numpy's.
- Garbage collection: the server moves the imports' objects to the permanent generation (``gc.freeze``) before it
  forks, so a run's collections walk only what the run made. They are module objects a fresh process keeps to
  its end too. Measured, one-step smoke runs forked: 4.07 s each before this, the reward plot's pyplot preloaded
  and this freeze; 1.87 s after (3.26 s with pyplot preloaded and no freeze).

What must be a plain process stays one: the tests that time, signal or kill a run, that check what it imports
(run_train_without_torch), and every launcher's job, start ``python train.py`` themselves.
In ``ps`` a forked run shows its server's command line (``train_fork_server.py``), not train.py's: look for it
under that name. ``LOOPWRIGHT_TEST_FORK=0`` makes run_train a plain process too; ``LOOPWRIGHT_TEST_FORK_LOG=<file>``
lists how each run ran. test_guards.py's test_same_seed_same_config_gives_identical_metrics checks that a
forked run writes the metrics a plain one writes; tests/integration/train/test_train_fork.py checks timeouts,
interrupts, a changed environment and what is not forked."""

from __future__ import annotations

import atexit
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path

SERVER = Path(__file__).with_name("train_fork_server.py")
PLAIN_ONLY = ("omp_wait_policy",)  # read before torch loads: the server's torch is loaded already
# Set for every test phase to the test's name; something in the stack looks it up at import (being run by pytest
# is what it can learn from it, and that is true of every run).
VOLATILE_ENV = ("PYTEST_CURRENT_TEST",)
# Read by native libraries or the interpreter at start, where the server cannot see it (torch, OpenMP, BLAS,
# Arrow, glibc, locale), or matched by prefix when tqdm and fsspec scan the environment at import.
NATIVE_PREFIXES = ("PYTHON", "LD_", "OMP_", "GOMP_", "KMP_", "MKL_", "OPENBLAS_", "NUMEXPR_", "CUDA", "NCCL_",
                   "TORCH", "PYTORCH_", "ARROW_", "GLIBC", "MALLOC", "LC_", "LANG", "TZ", "TQDM_", "FSSPEC_",
                   "TF_", "XLA_")
START_S = 120  # the imports take ~5 s idle; a loaded 2-core box is slower


def enabled() -> bool:
    return os.environ.get("LOOPWRIGHT_TEST_FORK", "1") != "0" and hasattr(os, "fork") and sys.platform == "linux"


def _as_the_job_sets_it(env: dict[str, str]) -> dict[str, str]:
    """``env`` with what loopwright.train.job.set_omp_wait_policy adds for the default policy before torch loads."""
    return env if "OMP_WAIT_POLICY" in env else {"GOMP_SPINCOUNT": "2000", **env}


class ForkServer:
    def __init__(self) -> None:
        self.env = _as_the_job_sets_it(dict(os.environ))  # what its imports see
        self.proc = subprocess.Popen([sys.executable, str(SERVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env=self.env, text=True, bufsize=1)
        reply = self._read(START_S)
        if not reply.get("ready"):
            self.close()
            raise RuntimeError(f"the training fork server did not start: {reply}")
        self.env_read = frozenset(reply["env_read"])

    def _read(self, timeout: float | None) -> dict:
        if timeout is not None and not select.select([self.proc.stdout], [], [], max(timeout, 0))[0]:
            raise TimeoutError
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the training fork server exited ({self.proc.poll()})")
        return json.loads(line)

    def stale_for(self, env: dict[str, str]) -> list[str]:
        """The variables in which ``env`` differs from the server's and that its imports or native code read."""
        env = _as_the_job_sets_it(env)
        differ = {k for k in env.keys() | self.env.keys() if env.get(k) != self.env.get(k)
                  and not (k in VOLATILE_ENV and k in env and k in self.env)}
        return sorted(k for k in differ if k in self.env_read or k.startswith(NATIVE_PREFIXES))

    def run(self, cmd: list[str], cwd: Path, timeout: float) -> subprocess.CompletedProcess:
        with tempfile.TemporaryDirectory(prefix="train-fork-") as tmp:
            out, err = Path(tmp, "stdout"), Path(tmp, "stderr")
            env = _as_the_job_sets_it(dict(os.environ))
            request = {"argv": cmd[1:], "cwd": str(cwd), "env": env, "out": str(out), "err": str(err)}
            try:
                status = self._exchange(request, timeout)
            except TimeoutError:
                raise subprocess.TimeoutExpired(cmd, timeout, _text(out), _text(err)) from None
            except BaseException:  # e.g. pytest-timeout's interrupt mid-run: out of step with the server now
                self.kill()
                raise
            return subprocess.CompletedProcess(cmd, status, _text(out), _text(err))

    def _exchange(self, request: dict, timeout: float) -> int:
        """Send one run and wait for its status; past ``timeout`` SIGKILL it (as subprocess.run does) and raise
        TimeoutError once the server has reaped it, so the next run starts in step."""
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        pid = self._read(START_S)["pid"]
        deadline = time.monotonic() + timeout
        try:
            return self._read(deadline - time.monotonic())["status"]
        except TimeoutError:
            os.kill(pid, signal.SIGKILL)
            self._read(None)
            raise

    def kill(self) -> None:
        """Stop the server at once; a run it forked goes with it (PR_SET_PDEATHSIG). server_for starts another."""
        self.proc.kill()
        self.proc.wait()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _text(path: Path) -> str:
    """As subprocess.run(text=True) decodes a child's output: the locale's encoding, universal newlines."""
    return path.read_text() if path.exists() else ""


_server: ForkServer | None = None


def server_for(args: list[str]) -> ForkServer | None:
    """This process's server, started (again) with the caller's environment where its imports would have seen
    another; None: run ``args`` as a plain process."""
    global _server
    if not enabled() or threading.current_thread() is not threading.main_thread():
        return None  # the server dies with the thread that started it (PR_SET_PDEATHSIG); runs are one at a time
    if any(word in arg for arg in args for word in PLAIN_ONLY):
        _log(args, "plain")
        return None
    stale = _server.stale_for(dict(os.environ)) if _server is not None and _server.proc.poll() is None else []
    if stale:  # a test changed what the imports read (for itself, or for every later test of this worker)
        warnings.warn(f"run_train's fork server started again: the environment changed in {stale}", stacklevel=3)
        _server.close()
    if _server is None or _server.proc.poll() is not None:
        _server = ForkServer()
        atexit.register(_server.close)
    _log(args, f"forked{' (new server: ' + ', '.join(stale) + ')' if stale else ''}")
    return _server


def _log(args: list[str], how: str) -> None:
    """With LOOPWRIGHT_TEST_FORK_LOG=<file>: one line per run_train, how it ran (to see what the suite forks)."""
    path = os.environ.get("LOOPWRIGHT_TEST_FORK_LOG")
    if path:
        with open(path, "a") as log:
            log.write(f"{os.environ.get('PYTEST_CURRENT_TEST', '?')}\t{how}\t{' '.join(args)[:200]}\n")
