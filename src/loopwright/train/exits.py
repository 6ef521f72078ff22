"""How a job ends: one table from the exception that stopped it to its manifest status and exit code.

Both sides read it: :mod:`loopwright.train.job` writes ``manifest.json``'s status from
it, :mod:`loopwright.train.cli` prints its message to stderr and leaves with its code.

The table names its exception classes by ``module:Class`` and looks them up in
``sys.modules`` only: an exception can only exist once its module is imported, and
importing them here would pull transformers (guards) into ``train.py --help``.
tests/unit/train/test_exits.py checks that every name still resolves.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Exit:
    status: str  # manifest.json "status"
    code: int | None  # process exit code; None: the job returns a value to Hydra (a sweeper reads it)
    message: str | None  # stderr, with {err} and {run_dir}; None: re-raised, Hydra prints the traceback
    error: str | None = "{err}"  # manifest.json "error", with {err} and {kind}; None: no error field
    clean: bool = False  # a normal end for the tracker (W&B exit code 0), though the job stopped early


COMPLETED = Exit("completed", 0, None, error=None, clean=True)
FAILED = Exit("failed", 1, None, error="{kind}: {err}")  # anything not in the table
PREEMPTED_CODE = 7  # the preempted row's code, for launchers that report it (no import of this table's classes)

# First match wins (isinstance, so subclasses count).
EXITS: dict[str, Exit] = {
    # A clean stop decided by the sweep's pruner; the sweeper reads the PRUNED verdict from its storage.
    "loopwright.sweep.trial:TrialPruned": Exit(
        "pruned", None, "loopwright: {err}\n  run dir (manifest status 'pruned'): {run_dir}", error=None, clean=True),
    # A guard stopped training (zero reward signal, non-finite loss).
    "loopwright.train.guards:RunAborted": Exit(
        "aborted", 3, "loopwright: run aborted: {err}\n  run dir (manifest status 'aborted'): {run_dir}"),
    # guards.rollout_drift_*: vLLM's log-probs of its samples drifted from the trainer's (a stale weight sync).
    "loopwright.train.guards:RolloutDrift": Exit(
        "rollout_drift", 11, "loopwright: {err}\n  run dir (manifest status 'rollout_drift'; the gap per step in "
        "metrics.jsonl and reward_curve.png): {run_dir}"),
    # guards.hang_*: no step finished in time. Written by the watchdog's thread, which then ends the process.
    "loopwright.train.guards:RunHung": Exit(
        "hung", 12, "loopwright: {err}\n  run dir (manifest status 'hung'; hang_stacks.txt): {run_dir}"),
    # The reward-hacking monitor (train/hacking.py, guards.reward_hacking): rewarded replies that do not depend on
    # the question. The reward curve is written and marks the step; no evaluation, no saved model.
    "loopwright.train.hacking:RewardHacking": Exit(
        "reward_hacking", 13, "loopwright: run stopped: {err}\n  run dir (manifest status 'reward_hacking', "
        "reward_curve.png marks the step): {run_dir}"),
    # Every artifact is written; the result is below eval.fail_below.
    "loopwright.evaluation.prompts:BelowFloor": Exit(
        "gate_failed", 4, "loopwright: below the floor: {err}\n  run dir (complete, manifest status 'gate_failed'): "
        "{run_dir}"),
    # eval.require_gain: every artifact is written; training did not move the held-out figure past its noise.
    "loopwright.evaluation.held_out:NoGain": Exit(
        "no_gain", 14, "loopwright: {err}\n  run dir (complete, manifest status 'no_gain'; eval_results.json "
        "summary.gain): {run_dir}"),
    # eval.gate: every artifact is written; the trained policy did not beat its baseline (loopwright.gate's rule).
    "loopwright.evaluation.paired:DontShip": Exit(
        "dont_ship", 5, "loopwright: DON'T SHIP: {err}\n  run dir (complete, manifest status 'dont_ship'): {run_dir}"),
    # rollout.verify_sync: vLLM's greedy completions differ from transformers' on the trained weights.
    "loopwright.rollout.sync_check:RolloutSyncError": Exit(
        "rollout_sync_failed", 6, "loopwright: rollout sync check failed: {err}\n  run dir (manifest "
        "'rollout_sync' has the per-prompt completions): {run_dir}"),
    # task.token_check: TRL's generated tokens of a sample episode differ from the re-rendered conversation.
    "loopwright.episodes.token_check:TokenCheckError": Exit(
        "token_check_failed", 8, "loopwright: token check failed: {err}\n  run dir (manifest 'token_check' has the "
        "report): {run_dir}"),
    # guards.signal_check: the first step's rollout batch has no signal (equal groups, or cut at the budget).
    "loopwright.train.signal_check:NoSignal": Exit(
        "no_signal", 10, "loopwright: {err}\n  run dir (manifest 'signal_check' has the figures; no optimizer "
        "step ran, no weights saved): {run_dir}"),
    # A grader that cannot grade (reward=judge: its endpoint down, over budget, or answering nonsense).
    "loopwright.rewards:GraderError": Exit(
        "failed", 1, "loopwright: the reward could not grade: {err}\n  run dir (manifest status 'failed'): {run_dir}",
        error="{kind}: {err}"),
    # SIGTERM / SIGUSR1 / submitit's signal: a complete checkpoint at the step boundary, then exit. Launchers read
    # PREEMPTED_CODE as "preempted, resumable" (local_gpus, runpod); under submitit the job is requeued instead.
    "loopwright.train.preemption:Preempted": Exit(
        "preempted", 7, "loopwright: preempted: {err}\n  run dir (manifest status 'preempted'; it resumes with "
        "resume=auto, implied when the same run dir is started again): {run_dir}", clean=True),
    # The checkpoint to resume from was written by a different job (loopwright.train.resume); nothing was touched.
    "loopwright.train.resume:ResumeRefused": Exit("resume_refused", 2, "loopwright: {err}\n  run dir: {run_dir}"),
    # Writing a checkpoint failed (disk full, ...): the message says which checkpoint is intact.
    "loopwright.train.checkpoints:CheckpointWriteError": Exit(
        "failed", 1, "loopwright: {err}\n  run dir (manifest status 'failed'): {run_dir}", error="{kind}: {err}"),
    # The reward did not return within guards.hang_floor_s in the pre-flight audit or the step-0 signal check.
    "loopwright.train.reward_audit:RewardHung": Exit("hung", 12, "loopwright: {err}", error="{kind}: {err}"),
    # Rejected by validation (loopwright.train.cli), before the job and its manifest start.
    "loopwright.train.validate:ConfigError": Exit("failed", 2, "loopwright: {err}", error="{kind}: {err}"),
}


def _loaded_class(name: str) -> type | None:
    module, _, attr = name.partition(":")
    return getattr(sys.modules.get(module), attr, None)


def exit_for(err: BaseException) -> Exit:
    for name, how in EXITS.items():
        cls = _loaded_class(name)
        if cls is not None and isinstance(err, cls):
            return how
    return FAILED


def error_text(how: Exit, err: BaseException) -> str | None:
    return None if how.error is None else how.error.format(err=err, kind=type(err).__name__)


def leave(err: BaseException, run_dir: Path | None) -> Any:
    """The CLI's end for ``err``: print the table's message and exit with its code, return the
    pruned trial's value, or re-raise what the table has no message for."""
    how = exit_for(err)
    if how.message is None:
        raise err
    print(how.message.format(err=err, run_dir=run_dir), file=sys.stderr)
    before_exit = getattr(err, "before_exit", None)  # a preempted submitit job: requeue (ends the process)
    if callable(before_exit):
        before_exit()
    if how.code is None:
        return getattr(err, "value", None)
    sys.exit(how.code)
